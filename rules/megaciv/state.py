"""The typed game state. Everything is immutable: an action builds a new state that shares all it
did not change with the old one (the board, the other players, untouched counts).

Each player's tokens are counted per area (`tokens`); during a Movement phase `once` and `done`
count, per area, the tokens that have taken one land step and may take a second (Roadbuilding)
and those that have moved for good. The rest of an area's tokens are unmoved. `steps` is the
player's movement this phase: a draft until `declared`, each step with the exact change it made
(`Step.delta`), so taking a step back, or showing the table the player's position before the
draft, undoes those changes without replaying anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from rules.base import Seat
from rules.errors import BadInput
from rules.frozen import FrozenDict, evolved
from rules.megaciv.board import Board, Civilization, Powers
from rules.messages import Msg, joined

TOKENS = 55
CITIES = 9
SHIPS = 4
BARBARIANS = -1  # the barbarians' party in conflicts
PIRATES = -2  # the owner of a pirate city
Counter = Literal["tokens", "once", "done"]


@dataclass(frozen=True)
class Ship:
    """A ship: where it is (None: in stock) and what happened to it this turn."""

    area: str | None = None
    built: bool = False
    maintained: bool = False
    sailed: bool = False


@dataclass(frozen=True)
class Step:
    """One step of a player's movement this phase: what players read, what a drawing needs (`path`:
    the areas passed, `count` tokens moved or carried, `entered` the areas tokens entered), and the
    exact change (`delta` of (counter, area, change); stock, treasury, builds; one ship's before
    and after)."""

    kind: str
    text: str
    path: tuple[str, ...] = ()
    count: int = 0
    entered: tuple[str, ...] = ()
    delta: tuple[tuple[Counter, str, int], ...] = ()
    stock: int = 0
    treasury: int = 0
    builds: int = 0
    ship: int = 0
    before: Ship | None = None
    after: Ship | None = None


@dataclass(frozen=True)
class Player:
    """One civilization's pieces. Counts per area hold only non-zero counts."""

    civ: str
    stock: int
    treasury: int = 0
    tokens: FrozenDict[str, int] = field(default_factory=FrozenDict)
    cities: tuple[str, ...] = ()
    ships: tuple[Ship, ...] = (Ship(),) * SHIPS
    advances: tuple[str, ...] = ()
    once: FrozenDict[str, int] = field(default_factory=FrozenDict)
    done: FrozenDict[str, int] = field(default_factory=FrozenDict)
    builds: int = 0
    steps: tuple[Step, ...] = ()
    declared: bool = False
    expanded: bool = False

    @property
    def census(self) -> int:
        return sum(self.tokens.values())

    def unmoved(self, area: str) -> int:
        return self.tokens.get(area, 0) - self.once.get(area, 0) - self.done.get(area, 0)


@dataclass(frozen=True)
class MegaState:
    """A whole game. `turn` counts Movement phases (the current one, or the next while the table
    plays the other phases); `moving` is True during a Movement phase, whose `order` is the census
    order fixed when it began (`census` the counts then). `together` says whether everyone moves
    at once this phase; `insisted` that someone insisted on order in it (drafts stay open then).
    Barbarians, pirate cities and out-of-play markers belong to no player."""

    board: Board
    seats: tuple[Seat, ...]
    settings: FrozenDict[str, int | bool | str]
    seed: int
    players: tuple[Player, ...]
    barbarians: FrozenDict[str, int] = field(default_factory=FrozenDict)
    pirates: tuple[str, ...] = ()
    out_of_play: tuple[str, ...] = ()
    turn: int = 1
    moving: bool = False
    together: bool = False
    insisted: bool = False
    order: tuple[int, ...] = ()
    census: tuple[int, ...] = ()


# --- small helpers every module shares ---------------------------------------------------------


def civ(state: MegaState, seat: int) -> Civilization:
    return state.board.civ_by_name[state.players[seat].civ]


def name(state: MegaState, seat: int) -> str:
    """How texts name a seat: its civilization ("Egypt")."""
    return state.players[seat].civ


def party_name(state: MegaState, party: int) -> str:
    return {BARBARIANS: "barbarians", PIRATES: "pirates"}.get(party) or name(state, party)


def powers(state: MegaState, seat: int) -> Powers:
    return state.board.powers(state.players[seat].advances)


def with_player(state: MegaState, seat: int, player: Player) -> MegaState:
    players = list(state.players)
    players[seat] = player
    return evolved(state, players=tuple(players))


def bump(counts: Mapping[str, int], area: str, change: int) -> FrozenDict[str, int]:
    """A copy of `counts` with `change` added at `area` (zero entries dropped)."""
    out = dict(counts)
    value = out.get(area, 0) + change
    if value:
        out[area] = value
    else:
        out.pop(area, None)
    return FrozenDict(out)


def city_owner(state: MegaState, area: str) -> int | None:
    """The seat whose city stands in `area`, PIRATES for a pirate city, None for none."""
    if area in state.pirates:
        return PIRATES
    for seat, player in enumerate(state.players):
        if area in player.cities:
            return seat
    return None


def out_of_play(state: MegaState, area: str) -> bool:
    return area in state.out_of_play


def known_area(state: MegaState, text: str, what: str = Msg("area")) -> str:
    """An area's name as the map spells it, from what a player typed; BadInput otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise BadInput(Msg("Name the {what}.", what=what))
    found = state.board.canon(text)
    if found is None:
        raise BadInput(joined([Msg("There is no area {area} on {map}.", area=repr(text.strip()[:40]),
                                  map=state.board.map.title), *_suggest(state, text)]))
    return found


def _suggest(state: MegaState, text: str) -> list[str]:
    from difflib import get_close_matches

    folded = state.board.folded
    close = get_close_matches(text.strip().casefold()[:40], list(folded), n=3, cutoff=0.75)
    return [Msg("Did you mean {areas}?", areas=", ".join(folded[c] for c in close))] if close else []


def land_area(state: MegaState, text: str, what: str = Msg("area")) -> str:
    found = known_area(state, text, what)
    if state.board.area(found).kind != "land":
        raise BadInput(Msg("{area} is open sea; name a land area.", area=found))
    return found


def known_seat(state: MegaState, seat: int | None, actor_seat: int) -> int:
    whose = actor_seat if seat is None else seat
    if isinstance(whose, bool) or not isinstance(whose, int) or whose not in range(len(state.seats)):
        raise BadInput(Msg("There is no seat {seat} in this game (seats 0–{last}).", seat=f"{seat!r:.20}",
                           last=len(state.seats) - 1))
    return whose


def count_in_range(value: int, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(Msg("{what} must be a whole number from {low} to {high}, not {value}.", what=what, low=low,
                           high=high, value=f"{value!r:.20}"))
    return value
