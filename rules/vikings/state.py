"""The typed game state and the small queries every rule module shares.

Everything is immutable (frozen dataclasses, tuples, frozensets, `FrozenDict`s): an action builds
a new state with `rules.frozen.evolved`, sharing all it did not change with the old one.

The state holds the board, so a saved game is self-contained. Everything round-trips exactly
through `rules.serial`. Boats are numbered 1–4 per player; a boat whose space is None is in
harbour (off the board). A bumped boat waiting for its owner's choice of fjord stays on its dock
"aside": it gives no influence, blocks nobody and cannot sail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.base import Seat
from rules.errors import BadInput
from rules.frozen import FrozenDict, player_changed
from rules.messages import Msg
from rules.vikings.board import Board

COLOURS = ("red", "blue", "yellow", "green", "purple")
RESOURCES = ("wood", "food", "steel")
RESOURCE_MAX = 7
SETTLERS = 6
TEMPLES = 2
BOATS = 4
ERAS = 3
DEDICATIONS = ("action1", "action2", "action3", "action4")  # the era mat's, top to bottom


def dedication_title(target: str) -> str:
    """A dedication target as players read it: "era-mat action 2" for "action2", a god by name."""
    return Msg("era-mat action {n}", n=target.removeprefix("action")) if target in DEDICATIONS else target


@dataclass(frozen=True)
class PlayerState:
    """One clan: boats by number, settlers and temples per island (every island listed) and on
    the mat, resources, and raided villages waiting to be dedicated."""

    boats: FrozenDict[int, str | None]
    settlers: FrozenDict[str, int]
    temples: FrozenDict[str, int]
    mat_settlers: int = SETTLERS
    mat_temples: int = TEMPLES
    wood: int = 0
    food: int = 0
    steel: int = 0
    raided: int = 0


@dataclass(frozen=True)
class Bump:
    """A bumped boat whose owner must pick one of `options` (fjords next to `dock`)."""

    seat: int
    boat: int
    dock: str
    options: tuple[str, ...]


@dataclass(frozen=True)
class LastSail:
    """The most recent sail, for drawing: the full path including the start."""

    seat: int
    boat: int
    path: tuple[str, ...]


@dataclass(frozen=True)
class VikingsState:
    """A whole game. `runes` maps each island to the seat holding its rune (None: still on the
    island); `fury` maps each god to its total fury (past 20 the track wraps); `villages` are the
    docks still holding a village. `placing` is True during setup, when `turn` is the seat placing.
    `sails` and `dedicated` count the current turn; `dedications` count the current era."""

    board: Board
    seats: tuple[Seat, ...]
    settings: FrozenDict[str, int | bool | str]
    seed: int
    players: tuple[PlayerState, ...]
    villages: frozenset[str]
    runes: FrozenDict[str, int | None]
    fury: FrozenDict[str, int]
    era: int = 1
    placing: bool = True
    turn: int = 0
    sails: int = 0
    dedicated: bool = False
    dedications: FrozenDict[str, int] = field(default_factory=FrozenDict)
    pending: tuple[Bump, ...] = ()
    last_sail: LastSail | None = None


def new_player(board: Board) -> PlayerState:
    """A clan at the start: everything on the mat, all boats in harbour, no resources."""
    return PlayerState(
        boats=FrozenDict({n: None for n in range(1, BOATS + 1)}),
        settlers=FrozenDict({i.name: 0 for i in board.islands}),
        temples=FrozenDict({i.name: 0 for i in board.islands}),
    )


def with_player(state: VikingsState, seat: int, **changes: Any) -> VikingsState:
    """The state with clan `seat`'s fields changed."""
    return changed(state, seat, changes)


def changed(state: VikingsState, seat: int, player: Mapping[str, Any], **fields: Any) -> VikingsState:
    """The state with seat `seat`'s changes `player` and its own `fields` changed, in one step."""
    return player_changed(state, seat, player, **fields)


def with_boat(state: VikingsState, seat: int, boat: int, space: str | None, **fields: Any) -> VikingsState:
    """The state with `seat`'s `boat` at `space` (None: in harbour) and its own `fields` changed."""
    return changed(state, seat, {"boats": state.players[seat].boats.with_item(boat, space)}, **fields)


def colour(state: VikingsState, seat: int) -> str:
    """A seat's display name in the game: its colour, capitalised ("Red"; the catalogs translate it)."""
    return Msg(state.seats[seat].colour.capitalize())


def boat_label(state: VikingsState, seat: int, boat: int) -> str:
    """A boat as players read it everywhere: "Red boat 2" (never like a space, a letter and a
    number; the board draws it as a hull under Red's marker holding the 2)."""
    return Msg("{name} boat {boat}", name=colour(state, seat), boat=boat)


def is_aside(state: VikingsState, seat: int, boat: int) -> bool:
    """Whether this boat was bumped and waits for its owner's choice of fjord."""
    return any(b.seat == seat and b.boat == boat for b in state.pending)


def occupant(state: VikingsState, dock: str, ignore: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The (seat, boat) holding `dock`, not counting boats aside or the boat `ignore`."""
    for seat, player in enumerate(state.players):
        for boat, space in player.boats.items():
            if space == dock and (seat, boat) != ignore and not is_aside(state, seat, boat):
                return seat, boat
    return None


def island_title(state: VikingsState, island: str) -> str:
    return state.board.island(island).title


def raid_cost(state: VikingsState) -> int:
    """Steel to raid a village in the current era (V-R1)."""
    return 1 if state.era == 1 else int(state.settings[f"raid_cost_era{state.era}"])


def known_boat(boat: int) -> int:
    """A boat number, or BadInput."""
    if boat not in range(1, BOATS + 1):
        raise BadInput(Msg("Boats are numbered 1 to {most}, not {boat}.", most=BOATS, boat=boat))
    return boat


def known_space(state: VikingsState, name: str) -> str:
    """A space name of the map, or BadInput."""
    if state.board.kind(name) is None:
        raise BadInput(Msg("There is no space {space} on this map.", space=repr(name)))
    return name


def known_island(state: VikingsState, name: str) -> str:
    """An island name of the map, or BadInput listing the islands."""
    if state.board.kind(name) != "island":
        islands = ", ".join(i.name for i in state.board.islands)
        raise BadInput(Msg("There is no island {island} on this map. Islands: {islands}.", island=repr(name),
                           islands=islands))
    return name
