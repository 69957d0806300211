"""What `/game board focus:` may name, the same in every game: one of the game's own focuses (by its
value or its label, any case), or a seat by its colour, its player's name or the game's name for it
(a civilization), meaning that seat's part of the board whatever the game calls it ("around Rome"
in Mega Civilization, the colour in Glory and Skye)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.messages import Msg
from waypost.channels import Loaded

Words = Sequence[tuple[str, ...]]  # per seat: the game's name for it, its colour, its player's name


def seat_words(loaded: Loaded) -> list[tuple[str, ...]]:
    """The words that name each seat of a game in play."""
    return [tuple(dict.fromkeys((loaded.name(i), s.colour, s.name))) for i, s in enumerate(loaded.seats)]


def owner(value: str, words: Words) -> int | None:
    """The seat whose part of the board the focus `value` shows: the value is one of the seat's words,
    or holds the game's name for it as a whole word ("around Rome"); None for a region."""
    folded = value.strip().casefold()
    for seat, names in enumerate(words):
        if folded in (n.casefold() for n in names):
            return seat
    for seat, (own, colour, *_) in enumerate(words):  # a colour in a region's name ("Red Sea") is no owner
        if own.casefold() != colour.casefold() and re.search(rf"(?<!\w){re.escape(own.casefold())}(?!\w)", folded):
            return seat
    return None


def named(typed: str, focuses: Sequence[tuple[str, str]], words: Words) -> tuple[str | None, int | None]:
    """The focus value `typed` names (None if none), and the seat it named by one of its words (None
    if it named none): a focus's value or label, else the focus showing the seat it names."""
    wanted = typed.strip().casefold()
    found = next((v for v, label in focuses if wanted in (v.casefold(), label.casefold())), None)
    if found is not None:
        return found, None
    seat = next((s for s, names in enumerate(words) if wanted in (n.casefold() for n in names)), None)
    if seat is None:
        return None, None
    return next((v for v, _ in focuses if owner(v, words) == seat), None), seat


def labelled(focuses: Sequence[tuple[str, str]], words: Words) -> list[tuple[str, str]]:
    """The focuses as autocomplete offers them: a seat's labelled with each of its words the label
    does not say yet, so that typing a colour, a player's name or a civilization finds it."""
    found = []
    for value, label in focuses:
        seat = owner(value, words)
        missing = [] if seat is None else [w for w in words[seat] if w.casefold() not in label.casefold()]
        found.append((value, Msg("{label} — {words}", label=label, words=", ".join(missing)) if missing else label))
    return found
