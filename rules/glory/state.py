"""The typed game state and the small helpers every rule module shares.

Everything is immutable (frozen dataclasses, tuples, `FrozenDict`s): an action builds a new state
with `dataclasses.replace`, sharing all it did not change with the old one.

The state holds its board, so a saved game is self-contained; it round-trips exactly through
`rules.serial`. Hexes are named as players see them ("D7"). A player's units on one hex form
one army (`Army`): counts per unit type, how many of its packing units are packed, and its
depletion cubes (0, 1, or 2 after a march).

Hidden: `province_deck`, `relic_bag` and `event_deck` (their order comes from the seed). A view
for players replaces each entry by "?" (see `GloryGame.view`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rules import hexes
from rules.base import Seat
from rules.errors import BadInput, IllegalMove
from rules.frozen import FrozenDict, player_changed
from rules.glory import words
from rules.glory.board import CODES, UNEXPLORED, Board, UnitType
from rules.messages import Msg, capitalised, joined

HIDDEN = "?"  # a card or relic whose identity a view hides
ROW = 3  # event cards per row (G-E5)
MAX_UNITS = 99
MAX_CUBES = 20

Units = dict[str, int]


@dataclass(frozen=True)
class Army:
    """One player's units on one hex: counts per unit type (every count ≥ 1), packed units per
    packing type, and depletion cubes (0 undepleted, 1, or 2 after a march: strength −1)."""

    units: FrozenDict[str, int]
    packed: FrozenDict[str, int] = field(default_factory=FrozenDict)
    cubes: int = 0


@dataclass(frozen=True)
class Structure:
    """A city or castle and its owner (seat); a capital is a city."""

    kind: Literal["city", "castle"]
    owner: int
    capital: bool = False


@dataclass(frozen=True)
class Placed:
    """A province tile on the map: which tile and its rotation (k × 60° clockwise, 0–5)."""

    tile: str
    rotation: int


@dataclass(frozen=True)
class EventSlot:
    """An event card in a row, with the voting cubes on it (seat → count)."""

    card: str
    votes: FrozenDict[int, int] = field(default_factory=FrozenDict)


@dataclass(frozen=True)
class Stop:
    """A hex along a maneuver's path where units are picked up, then units are dropped."""

    hex: str
    drop: FrozenDict[str, int] = field(default_factory=FrozenDict)
    pick: FrozenDict[str, int] = field(default_factory=FrozenDict)


@dataclass(frozen=True)
class Plan:
    """A checked maneuver: the group leaving `start`, the full path (start included), the stops
    in path order, marching, packing ("", "pack" or "unpack"), its cost and budget."""

    seat: int
    start: str
    group: FrozenDict[str, int]
    path: tuple[str, ...]
    stops: tuple[Stop, ...] = ()
    march: bool = False
    pack: str = ""
    cost: int = 0
    budget: int = 0

    @property
    def end(self) -> str:
        return self.path[-1]


@dataclass(frozen=True)
class Exploration:
    """A maneuver into an unexplored province waiting for its player to choose the revealed
    tile's rotation among `options` (0–5)."""

    plan: Plan
    province: str
    tile: str
    options: tuple[int, ...]


@dataclass(frozen=True)
class LastManeuver:
    """The most recent maneuver, for drawing: the full path, where units were dropped and picked
    up, and whether the army stayed put after exploring (G-E3)."""

    seat: int
    path: tuple[str, ...]
    drops: tuple[str, ...] = ()
    pickups: tuple[str, ...] = ()
    stayed: bool = False


@dataclass(frozen=True)
class PlayerState:
    """One civilization: armies by hex, action cubes now and per round, voting cubes in the bank,
    relics held."""

    armies: FrozenDict[str, Army]
    action_cubes: int
    action_cubes_per_round: int
    voting_cubes: int
    relics: tuple[str, ...] = ()


@dataclass(frozen=True)
class GloryState:
    """A whole game. `explored` maps each explored face-down province (by centre hex) to the tile
    placed there; `relics` the relics lying on hexes. `round` counts rounds from 1, `turn` is the
    seat on turn, `passed` the seats that passed this round in order, `maneuvers` those made this
    turn; `exploring` a maneuver waiting for its tile's rotation."""

    board: Board
    seats: tuple[Seat, ...]
    settings: FrozenDict[str, int | bool | str]
    seed: int
    players: tuple[PlayerState, ...]
    structures: FrozenDict[str, Structure]
    explored: FrozenDict[str, Placed]
    relics: FrozenDict[str, str]
    province_deck: tuple[str, ...]
    relic_bag: tuple[str, ...]
    event_deck: tuple[str, ...]
    event_rows: tuple[tuple[EventSlot, ...], ...] = ()
    round: int = 1
    turn: int = 0
    passed: tuple[int, ...] = ()
    maneuvers: int = 0
    exploring: Exploration | None = None
    last: LastManeuver | None = None


def with_player(state: GloryState, seat: int, **changes: Any) -> GloryState:
    """The state with player `seat`'s fields changed."""
    return changed(state, seat, changes)


def changed(state: GloryState, seat: int, player: Mapping[str, Any], **fields: Any) -> GloryState:
    """The state with seat `seat`'s changes `player` and its own `fields` changed, in one step."""
    return player_changed(state, seat, player, **fields)


# --- names and words ------------------------------------------------------------------------


def colour(state: GloryState, seat: int) -> str:
    """A seat's display name in the game: its colour, capitalised ("Red"; the catalogs translate it)."""
    return Msg(state.seats[seat].colour.capitalize())




def structure_text(structure: Structure) -> str:
    """A structure as texts name it: "capital", "city" or "castle"."""
    return words.STRUCTURES["capital" if structure.capital else structure.kind]


def units_text(board: Board, units: Units) -> str:
    """ "2 cavalrymen, 1 archer" in the units file's order; "no units" when empty."""
    parts = [u.count(units[u.name]) for u in board.units if units.get(u.name)]
    return joined(parts, ", ") if parts else Msg("no units")


def army_text(board: Board, army: Army) -> str:
    """Units, packed units and cubes: "2 swordsmen, 1 trebuchet (packed), 1 cube"."""
    text = units_text(board, army.units)
    packed = [Msg("{n} packed", n=n) for n in army.packed.values() if n]
    if packed:
        text = Msg("{units} ({packed})", units=text, packed=joined(packed, ", "))
    if army.cubes:
        text = (Msg("{units}, depleted (marched)", units=text) if army.cubes == 2 else
                Msg("{units}, depleted", units=text))
    return text


def read_units(board: Board, pairs: Sequence[tuple[str, int]], what: str = "units") -> Units:
    """Counts per unit type from (unit word, count) pairs, or BadInput."""
    if len(pairs) > len(board.units) * 2:
        raise BadInput(Msg("List each unit type once in {what}.", what=what))
    units: Units = {}
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise BadInput(Msg("List {what} as unit and count pairs.", what=what))
        word, count = pair
        name = board.unit_named(word)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_UNITS:
            raise BadInput(Msg("A count of {units} is 1 to {most}, not {count}.", units=board.unit_types[name].said,
                               most=MAX_UNITS, count=f"{count!r:.20}"))
        if name in units:
            raise BadInput(Msg("{units} are listed twice in {what}.", units=capitalised(board.unit_types[name].said),
                               what=what))
        units[name] = count
    return units


def total(units: Units) -> int:
    return sum(units.values())


def add_units(a: Units, b: Units) -> Units:
    out = dict(a)
    for name, n in b.items():
        out[name] = out.get(name, 0) + n
    return {k: v for k, v in out.items() if v}


def take_units(a: Units, b: Units) -> Units:
    out = dict(a)
    for name, n in b.items():
        out[name] = out.get(name, 0) - n
    return {k: v for k, v in out.items() if v}


def short_of(board: Board, have: Units, want: Units) -> str | None:
    """What `have` lacks to give `want`, in words ("2 archers" when it has 1), or None."""
    for name, n in want.items():
        if have.get(name, 0) < n:
            return board.unit_types[name].count(n)
    return None


def split_army(board: Board, army: Army, units: Units) -> tuple[Army | None, Army]:
    """Take `units` out of `army` (packed ones first): (what is left or None, the part taken).
    The part taken keeps the army's cubes; the caller decides what they become."""
    taken_packed = {k: min(n, army.packed.get(k, 0)) for k, n in units.items() if army.packed.get(k)}
    taken = Army(FrozenDict(units), FrozenDict({k: v for k, v in taken_packed.items() if v}), army.cubes)
    rest_units = take_units(army.units, units)
    rest_packed = {k: army.packed[k] - taken_packed.get(k, 0) for k in army.packed}
    rest_packed = {k: v for k, v in rest_packed.items() if v and rest_units.get(k)}
    rest = Army(FrozenDict(rest_units), FrozenDict(rest_packed), army.cubes) if rest_units else None
    return rest, taken


def join_armies(a: Army | None, b: Army, cubes: int) -> Army:
    """Two armies on one hex merged (units of a type pile together), with `cubes`."""
    if a is None:
        return Army(b.units, b.packed, cubes)
    packed = dict(a.packed)
    for k, n in b.packed.items():
        packed[k] = packed.get(k, 0) + n
    return Army(FrozenDict(add_units(a.units, b.units)), FrozenDict({k: v for k, v in packed.items() if v}), cubes)


def unpacked(board: Board, army: Army) -> Units:
    """The army's packing units that are not packed (they cannot move)."""
    out = {}
    for name, n in army.units.items():
        if board.unit_types[name].packing and n > army.packed.get(name, 0):
            out[name] = n - army.packed.get(name, 0)
    return out


def slowest(board: Board, units: Units) -> UnitType:
    """The unit type with the fewest movement points among `units`."""
    return min((board.unit_types[name] for name in units), key=lambda u: u.movement)


# --- the map as it stands ----------------------------------------------------------------------


def terrain(state: GloryState) -> tuple[str | None, ...]:
    """Per hex index, its terrain now (None: in a face-down province)."""
    board = state.board
    key = (len(state.seats), tuple(state.explored.items()))
    cached: tuple[str | None, ...] | None = board.terrain_cache.get(key)
    if cached is None:
        if len(board.terrain_cache) > 4096:
            board.terrain_cache.clear()
        cells = list(board.base_terrain(len(state.seats)))
        for centre, placed in state.explored.items():
            tile = board.tile_named[placed.tile]
            members = board.province_hexes[board.province_index[centre]]
            for pos, i in enumerate(members):
                cells[i] = tile.terrain[hexes.tile_position(pos, placed.rotation)]
        cached = board.terrain_cache[key] = tuple(cells)
    return cached


def terrain_codes(state: GloryState) -> tuple[int, ...]:
    """Per hex index, its terrain code for the movement search (rules/glory/board.py CODES)."""
    cells = terrain(state)
    key = ("codes", cells)
    cached: tuple[int, ...] | None = state.board.terrain_cache.get(key)
    if cached is None:
        cached = state.board.terrain_cache[key] = tuple(UNEXPLORED if t is None else CODES[t] for t in cells)
    return cached


def terrain_at(state: GloryState, name: str) -> str | None:
    return terrain(state)[state.board.index[name]]


def is_water(t: str | None) -> bool:
    return t in ("sea", "ocean")


def unexplored_provinces(state: GloryState) -> list[str]:
    """The provinces still face down, by centre hex."""
    board = state.board
    return [board.province_names[p] for p in board.face_down(len(state.seats))
            if board.province_names[p] not in state.explored]


def known_hex(state: GloryState, text: str) -> str:
    return state.board.parse(text)


def army_at(state: GloryState, seat: int, name: str) -> Army:
    """The seat's army on hex `name`, or IllegalMove."""
    army = state.players[seat].armies.get(name)
    if army is None:
        raise IllegalMove(Msg("You have no army at {hex}.", hex=name))
    return army


def occupant(state: GloryState, name: str) -> int | None:
    """The seat whose units stand on hex `name`, if any."""
    for seat, player in enumerate(state.players):
        if name in player.armies:
            return seat
    return None


def relics_to_place(state: GloryState) -> int:
    """Relics still to be placed this game: players + 1 minus those drawn so far (G-E4)."""
    drawn = len(state.board.relics) - len(state.relic_bag)
    return len(state.seats) + 1 - drawn
