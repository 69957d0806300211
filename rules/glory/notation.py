"""Reading what Glory players type, with the shared tokenizer of `rules.notation`.

- a hex: "D7", "d7", "3,-1" or "(3, -1)";
- a path: hexes in order, "D5 E5 F6", "d5, e5 → f6", "(3,-1) (4,-1)";
- units: "2 cavalrymen, archer" (a count, 1 if left out, and a unit type in the singular or the
  plural, or the start of one: "2 cav"); "all" for the whole army;
- drops and pick-ups: "E5: 1 archer, 2 spearmen; F6: cavalryman" (a hex, a colon, its units);
- an event card by id, title or place ("row 1, card 3"); a relic by its name or the start of it;
  a structure: city, castle, capital, or none.

Names in any case. Each reader returns the shape the action takes, or raises `BadInput` (or
`Ambiguous`, when what was typed could mean several things).
"""

from __future__ import annotations

import re

from rules import hexes
from rules.errors import BadInput
from rules.glory.board import Board
from rules.glory.state import GloryState, Units, read_units
from rules.messages import Msg
from rules.notation import fold, items

CHEAPEST = ("", "cheapest", "auto")  # a path left to the search
NONE = ("", "none", "-")  # no drops or pick-ups
ALL = ("", "all")  # the whole army
REMOVE = ("none", "remove", "-")  # a structure taken away
STRUCTURES = ("city", "castle", "capital")
_SPACED = re.compile(r"(?<![A-Za-z])([A-Za-z]{1,2})\s+(\d{1,3})(?!\d)")  # "D 5" is D5
_PLACE = re.compile(r"row\s*(\d+)\W*(?:card)?\s*(\d+)")  # an event card by its place: "row 1, card 3"
PATH_HELP = Msg("Give the path as hex names in order, separated by spaces, like 'D5 E5 F6'.")


def hex_(board: Board, text: str) -> str:
    """A hex of the board ("d7", "3,-1")."""
    return board.parse(text)


def hex_list(board: Board, text: str) -> tuple[str, ...]:
    """Hexes in order, as a path is typed."""
    found = []
    for item in items(_SPACED.sub(r"\1\2", text), pairs=True):
        if hexes.read_hex(item) is None:
            raise BadInput(PATH_HELP)
        found.append(board.parse(item))
    if not found:
        raise BadInput(PATH_HELP)
    return tuple(found)


def path(board: Board, army: str, to: str, text: str) -> tuple[str, ...]:
    """A maneuver's path as the action takes it: the hexes after the start, ending at `to` (added
    when the typed path stops short of it; a leading start hex is dropped); () for the cheapest."""
    if fold(text) in CHEAPEST:
        return ()
    steps = list(hex_list(board, text))
    if len(steps) > 1 and steps[0] == army:
        steps = steps[1:]
    if steps[-1] != to:
        steps.append(to)
    return tuple(steps)


def units(board: Board, text: str) -> tuple[tuple[str, int], ...]:
    """ "2 cavalrymen, archer" as (unit, count) pairs, in the order typed; () for "all"."""
    if fold(text) in ALL:
        return ()
    pairs = []
    for item in items(text, spaces=False):
        count, _, word = item.partition(" ")
        if not count.isdigit():
            count, word = "1", item
        pairs.append((board.unit_names.find(word), int(count)))
    return tuple(pairs)


def group(board: Board, text: str) -> Units | None:
    """The units typed, checked as the maneuver reads them ({unit: count}); None for all."""
    return read_units(board, units(board, text)) or None


def stops(board: Board, text: str) -> tuple[tuple[str, str, int], ...]:
    """Drops or pick-ups, "E5: 1 archer, 2 spearmen; F6: cavalryman", as (hex, unit, count)
    triples; () for none."""
    if fold(text) in NONE:
        return ()
    found: list[tuple[str, str, int]] = []
    at = ""
    for item in items(text, spaces=False, pairs=True):
        where, colon, what = item.rpartition(":")
        if colon:
            at = board.parse(where)
        elif not at:
            raise BadInput(Msg("Name the hex before its units, like 'E5: 1 archer' (not {item}).",
                               item=repr(item[:30])))
        listed = units(board, what)
        if not listed:
            raise BadInput(Msg("Name the units at {hex}, like '{hex}: 1 archer'.", hex=at))
        found += [(at, unit, n) for unit, n in listed]
    return tuple(found)


def card(state: GloryState, text: str) -> str:
    """An event card: by its id or title (or the start of one), or its place in the rows."""
    place = _PLACE.fullmatch(fold(text))
    rows = state.event_rows
    if place and 1 <= int(place[1]) <= len(rows) and 1 <= int(place[2]) <= len(rows[int(place[1]) - 1]):
        return rows[int(place[1]) - 1][int(place[2]) - 1].card
    return state.board.event_names.find(text)


def relic(board: Board, text: str) -> str:
    """A relic, by its name or the start of it."""
    return board.relic_names.find(text)


def structure(text: str) -> str:
    """A city, castle or capital to build; "" to remove one ("none")."""
    word = fold(text)
    if word in REMOVE:
        return ""
    if word not in STRUCTURES:
        raise BadInput(Msg("Build a city, castle or capital, or give none to remove one (not {text}).",
                           text=repr(text.strip()[:20])))
    return word
