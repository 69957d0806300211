"""The language drawn text speaks (issue 29): every label is translated as it is drawn.

The renderers know no catalog (the host has them: `waypost.i18n`). Whoever asks for a drawing
says how its text is translated, `with speaking(language, translate):` around it, and the
renderers pass every label they draw through `say`: fixed text (`say("Key")`, extracted for the
catalogs like `Msg`) or a `rules.messages.Msg` with its values (`say(Msg("Era {era}", era=2))`).
Proper names from the board's data and players' names are not labels: they are drawn as they
are. Outside `speaking`, text is drawn in English. Caches of drawn text key on `language()`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import NamedTuple


class Speaker(NamedTuple):
    language: str
    translate: Callable[[str], str]


ENGLISH = Speaker("en", str)
_speaker: ContextVar[Speaker] = ContextVar("speaker", default=ENGLISH)


@contextlib.contextmanager
def speaking(language: str, translate: Callable[[str], str]) -> Iterator[None]:
    """Inside it, `say` translates with `translate` (text in English → text in `language`)."""
    token = _speaker.set(Speaker(language, translate))
    try:
        yield
    finally:
        _speaker.reset(token)


def say(text: str) -> str:
    """A label in the language drawn now."""
    return _speaker.get().translate(text)


def language() -> str:
    """The language drawn now ("en" outside `speaking`)."""
    return _speaker.get().language


def colour(name: str) -> str:
    """A seat colour as a capitalised word in the language drawn now ("red" → "Red", "Rot")."""
    words = {"red": say("Red"), "blue": say("Blue"), "yellow": say("Yellow"), "green": say("Green"),
             "purple": say("Purple"), "orange": say("Orange"), "black": say("Black"), "white": say("White"),
             "brown": say("Brown"), "pink": say("Pink"), "teal": say("Teal"), "grey": say("Grey"),
             "olive": say("Olive"), "navy": say("Navy"), "maroon": say("Maroon"), "lime": say("Lime"),
             "cyan": say("Cyan"), "gold": say("Gold"), "sky": say("Sky"), "chestnut": say("Chestnut"),
             "indigo": say("Indigo"), "magenta": say("Magenta"), "ash": say("Ash"), "emerald": say("Emerald"),
             "fawn": say("Fawn")}
    return words.get(name.lower(), name.capitalize())
