"""Reading what Mega Civilization players type: area names, lists of areas and voyages, with the
shared tokenizer of `rules.notation` (spaces belong to names there: `spaces=False`).

- An area is typed in any case; spaces, hyphens, underscores and apostrophes do not matter
  ("tharos sea" is Tharos-Sea), and the start of a name will do when only one name starts so
  ("Sils" is Silsab; "Urf" could be Urfa or Urfarlam: `Ambiguous`).
- A list of areas is separated by commas, semicolons or arrows ("Arzu, Kesdor"), or by spaces
  ("Arzu Kesdor"): a name typed in several words is read as one when the map has it.
- A voyage lists its stops the same way ("Arzu-Sea Kesdor", "Arzu-Sea → Kesdor"), each with
  optional marks: "+n" takes n tokens on there, "-n" puts n off ("Zute-1 Halyar"). Names never end
  in a digit, so "Tharos-Sea-2" is Tharos-Sea putting 2 off. The ship's own area may lead, with
  what goes aboard there ("Bomaga+3 Zute-1 Halyar"); a lone far end sails its shortest route.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import Ambiguous, BadInput
from rules.megaciv.actions import Sail
from rules.megaciv.queries import ship_reach
from rules.megaciv.state import SHIPS, MegaState, known_area
from rules.messages import Msg
from rules.notation import items

NOWHERE = ("none", "stock", "-")  # an adjusted ship's area: back to stock
JOINED = 3  # the most words a name typed with spaces is read from
_MARKS = re.compile(r"^(.*?)((?:[+-]\d{1,3})+)$")
_MARK = re.compile(r"[+-]\d+")


def area(state: MegaState, text: str, what: str = Msg("area")) -> str:
    """The area `text` names: its name in any case and spacing, or the start of exactly one name;
    Ambiguous listing the names when several start so, else BadInput naming close names."""
    try:
        return state.board.names.find(text)
    except Ambiguous:
        raise
    except BadInput:
        return known_area(state, text, what)  # refuses, saying which names are close


def areas(state: MegaState, text: str, what: str = Msg("area")) -> tuple[str, ...]:
    """A list of areas as typed ("Arzu, Kesdor", "Arzu Kesdor", "tharos sea; arzu")."""
    return tuple(name for name, _ in _stops(state, text, what))


@dataclass(frozen=True)
class Voyage:
    """A voyage as typed ("Telmon+3 Arzu Kesdor-2 Uth"): its stops in order and, per stop, the
    tokens taken on and put off."""

    stops: tuple[str, ...]
    take: tuple[int, ...]
    put: tuple[int, ...]


def voyage(state: MegaState, text: str) -> Voyage:
    """The stops and marks of a typed voyage, as typed (the ship's own area leads only if typed)."""
    stops: list[str] = []
    take: list[int] = []
    put: list[int] = []
    for name, marks in _stops(state, text, Msg("area to sail to"), marked=True):
        if name:
            stops.append(name)
            take.append(0)
            put.append(0)
        elif not stops:
            raise BadInput(Msg("Write {marks} after the area it is for, like 'Kesdor{marks}'.", marks=marks))
        for mark in _MARK.findall(marks):
            if mark[0] == "+":
                take[-1] += int(mark[1:])
            else:
                put[-1] += int(mark[1:])
    return Voyage(tuple(stops), tuple(take), tuple(put))


def sail(state: MegaState, seat: int | None, ship: int, text: str, take: int = 0) -> Sail:
    """The Sail action for a typed voyage by `seat`'s `ship`: the ship's own area is put in front
    unless typed; a lone far end sails its shortest route; `take` goes aboard at the start."""
    found = voyage(state, text)
    if not found.stops:
        raise BadInput(Msg("Give the route: the areas after the ship's own, like 'Arzu-Sea Kesdor'."))
    start = _start(state, seat, ship)
    if start is None:  # no such ship on the board (the rules say why)
        return Sail(ship, found.stops)
    stops, takes, puts = list(found.stops), list(found.take), list(found.put)
    if stops[0] != start:
        stops, takes, puts = [start, *stops], [0, *takes], [0, *puts]
    if take:
        if takes[0]:
            raise BadInput(Msg("Say how many tokens go aboard at {area} once: with take, or with +n in the route.",
                               area=start))
        takes[0] = take
    if len(stops) == 2 and stops[1] not in state.board.water_next.get(start, ()) and seat is not None:
        path = ship_reach(state, seat, ship).get(stops[1])
        if path:
            middle = [0] * (len(path) - 1)
            stops, takes, puts = [start, *path], [takes[0], *middle, takes[1]], [puts[0], *middle, puts[1]]
    if not any(takes) and not any(puts):
        return Sail(ship, tuple(stops[1:]))
    return Sail(ship, tuple(stops[1:]), tuple(takes), tuple(puts))


def _start(state: MegaState, seat: int | None, ship: int) -> str | None:
    """Where `seat`'s ship `ship` is (None: no such ship on the board, or no seat)."""
    if seat is None or isinstance(ship, bool) or not isinstance(ship, int) or ship not in range(1, SHIPS + 1):
        return None
    return state.players[seat].ships[ship - 1].area


def _stops(state: MegaState, text: str, what: str, marked: bool = False) -> list[tuple[str, str]]:
    """The names in typed text with the marks after each ("+2-1", or ""); a name is read from up to
    three words when the map has it (without marks, the name "" carries marks typed apart: "Kesdor
    +2"). Without `marked`, marks stay part of the names."""
    found: list[tuple[str, str]] = []
    for chunk in items(text, spaces=False):
        words = [_split(word) if marked else (word, "") for word in chunk.split()]
        i = 0
        while i < len(words):
            label, marks = words[i]
            end = i + 1
            if label:
                for j in range(min(len(words), i + JOINED), i + 1, -1):
                    run = words[i:j]
                    joined = all(w for w, _ in run) and not any(m for _, m in run[:-1]) and \
                        state.board.canon(" ".join(w for w, _ in run))
                    if joined:
                        label, marks, end = joined, run[-1][1], j
                        break
                else:
                    label = area(state, label, what)
            found.append((label, marks))
            i = end
    return found


def _split(word: str) -> tuple[str, str]:
    """A word as (name, marks): "Zute-1" is ("Zute", "-1"), "+2" is ("", "+2")."""
    match = _MARKS.match(word)
    return (match.group(1), match.group(2)) if match else (word, "")
