"""Reading a board at Discord's preview size: what text it shows (`render.text.labels`, recorded
while drawing) checked for size, overlaps and cuts, once the image is scaled to `PREVIEW` wide; and,
drawn in the pseudo-locale, for text that never went through a catalog (`untranslated`)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from PIL import Image

from render.posted import LEAST_PX, PREVIEW_W
from render.text import Label, labels, recording
from render.words import language
from waypost.i18n import PSEUDO

OVERLAP = 1.0  # pixels (at full size) two letters' boxes may share: antialiased edges
# English left in a label drawn in the pseudo-locale (its letters are accented); shorter runs of
# letters are marks, not words (a seat's letter, a terrain's, Glory's "Sw", Skye's "Wh" badges)
WORD = re.compile(r"[A-Za-z]{3,}")


def drawn(compose: Callable[..., Image.Image], *args: Any, **kwargs: Any) -> tuple[Image.Image, tuple[Label, ...]]:
    """An image composed while recording its text, and that text."""
    with recording():
        image = compose(*args, **kwargs)
    return image, labels(image)


def too_small(image: Image.Image, found: tuple[Label, ...], width: int = PREVIEW_W,
              least: float = LEAST_PX) -> list[str]:
    """Text smaller than `least` pixels once `image` is scaled to `width` pixels wide."""
    scale = width / image.width
    return [f"{m.text!r} at {m.size * scale:.1f} px" for m in found if m.size * scale < least - 1e-6]


def cut_at_edge(image: Image.Image, found: tuple[Label, ...]) -> list[str]:
    """Text whose letters run past the image's edge, or the edge of the part it was drawn in."""
    w, h = image.size
    out = []
    for m in found:
        left, top, right, bottom = m.within or (0, 0, w, h)
        if m.box[0] < left - 0.5 or m.box[1] < top - 0.5 or m.box[2] > right + 0.5 or m.box[3] > bottom + 0.5:
            out.append(f"{m.text!r} at {tuple(round(v) for v in m.box)}")
    return out


def cut_short(found: tuple[Label, ...]) -> list[str]:
    """Text shortened with '...' (game information cut; the positions tested have short names)."""
    return [repr(m.text) for m in found if m.text.endswith("...") or m.text.endswith("…")]


def overlapping(found: tuple[Label, ...], slack: float = OVERLAP) -> list[str]:
    """Pairs of texts whose letters' boxes overlap (by more than `slack` pixels both ways)."""
    ordered = sorted(found, key=lambda m: m.box[0])
    out = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2] - slack:
                break
            across = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            down = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            if across > slack and down > slack and (a.text, a.box) != (b.text, b.box):  # not a text drawn again
                out.append(f"{a.text!r} {tuple(round(v) for v in a.box)} and {b.text!r} "
                           f"{tuple(round(v) for v in b.box)}")
    return out


def problems(image: Image.Image, found: tuple[Label, ...], small: bool = True) -> dict[str, list[str]]:
    """Everything wrong with reading `image` at the preview size (`small`: sizes checked too);
    empty lists when it reads."""
    found_problems = {"too small": too_small(image, found) if small else [],
                      "cut at the edge": cut_at_edge(image, found), "cut short": cut_short(found),
                      "overlapping": overlapping(found)}
    return {k: v for k, v in found_problems.items() if v}


def legible(compose: Callable[..., Image.Image], *args: Any) -> tuple[Image.Image, tuple[Label, ...]]:
    """A posted view composed and read at the preview size: nothing wrong with it."""
    image, found = drawn(compose, *args)
    assert not problems(image, found), problems(image, found)
    assert len(found) > 20  # the record is there: a board says a lot
    if language() == PSEUDO:
        assert not untranslated(found, args[0]), untranslated(found, args[0])
    return image, found


def untranslated(found: tuple[Label, ...], state: Any) -> list[str]:
    """Labels drawn in the pseudo-locale with an English word in them (plain ASCII letters: the
    pseudo-locale accents every letter of a catalog's text) that is not a name from the state's
    own data (the board's places and gods, the players' names); seat colours are words, not names."""
    names = _names(state)
    return [m.text for m in found if any(w.casefold() not in names for w in WORD.findall(m.text))]


def english(text: str, state: Any) -> list[str]:
    """The English words in a text said in the pseudo-locale (as `untranslated`)."""
    names = _names(state)
    return [w for w in WORD.findall(text) if w.casefold() not in names]


def _names(state: Any) -> set[str]:
    colours = {s.colour.casefold() for s in getattr(state, "seats", ())}
    return {w.casefold() for text in _strings(state) for w in WORD.findall(text)} - colours


def _strings(value: Any) -> Iterator[str]:
    """Every string in a state (dataclasses, mappings and collections walked)."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, tuple | list | set | frozenset):
        for v in value:
            yield from _strings(v)


def whole(compose: Callable[..., Image.Image], *args: Any) -> None:
    """The whole board (read when opened): nothing cut at an edge or shortened."""
    image, found = drawn(compose, *args)
    found_problems = problems(image, found, small=False)
    assert not found_problems.get("cut short") and not found_problems.get("cut at the edge"), found_problems
