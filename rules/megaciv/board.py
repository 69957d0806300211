"""The board model: an area map plus the civilizations and the movement advances, all immutable.

A `Board` is what `load_board` returns: `map` (the area map file), `civilizations` (the shared
`civilizations.json`) and `advances` (the shared `advances.json`). Its dataclass shape is exactly
`{"map": …, "civilizations": …, "advances": …}`, so `serial.dump(board)` gives back the files.
Lookups are built once per board object and are not part of the data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cached_property
from typing import ClassVar, Literal

from rules.messages import Msg
from rules.notation import Names

AreaKind = Literal["land", "sea"]
Shape = Literal["circle", "square", "diamond"]

# The seat colours, in the order the lobby offers them; civilizations.json gives each one civilization.
COLOURS = (
    "red", "blue", "green", "yellow", "orange", "purple", "black", "white", "brown",
    "pink", "teal", "grey", "olive", "navy", "maroon", "lime", "cyan", "gold",
)
_FOLD = re.compile(r"[\s_'’-]+")


def fold(text: str) -> str:
    """How names compare when players type them: any case, spaces, hyphens and underscores ignored."""
    return _FOLD.sub("", text).casefold()


@dataclass(frozen=True)
class Area:
    """A land area (`limit` tokens it supports, an optional city site, a water part if `coastal`)
    or an open-sea area (water only). Drawing: `shape` is its polygon in map pixels, written
    "x,y x,y …" (`points` reads it); `label` where its name and counts go; `port` (coastal land)
    where its ships are drawn, in its water part. `out_of_play` marks it out of play from the start."""

    name: str
    kind: AreaKind
    region: str
    shape: str
    label: tuple[int, int]
    limit: int = 0
    city_site: bool = False
    coastal: bool = False
    out_of_play: bool = False
    port: tuple[int, int] | None = None

    @cached_property
    def points(self) -> tuple[tuple[int, int], ...]:
        """The polygon's corners; () if `shape` is not "x,y x,y …" with whole numbers."""
        return parse_shape(self.shape)


def parse_shape(text: str) -> tuple[tuple[int, int], ...]:
    """Corners from "x,y x,y …" (whole numbers); () if the text is not in that form."""
    try:
        pairs = [p.split(",") for p in text.split()]
        return tuple((int(x), int(y)) for x, y in pairs)
    except ValueError:
        return ()


@dataclass(frozen=True)
class Start:
    """A civilization's start areas on this map; its first token starts in the first."""

    civ: str
    areas: tuple[str, ...]


@dataclass(frozen=True)
class MapData:
    """An area map file."""

    name: str
    title: str
    min_players: int
    max_players: int
    width: int
    height: int
    regions: tuple[str, ...]
    areas: tuple[Area, ...]
    land: tuple[tuple[str, str], ...]
    water: tuple[tuple[str, str], ...]
    starts: tuple[Start, ...]


@dataclass(frozen=True)
class Civilization:
    """A civilization: its A.S.T. rank (1 ranks highest), the seat colour that picks it, how its
    pieces are drawn (`rgb` fill, `ink` for the `mark` letter on it, token `shape`)."""

    name: str
    ast: int
    colour: str
    rgb: str
    ink: str
    mark: str
    shape: Shape


@dataclass(frozen=True)
class Limits:
    """The movement limits without advances (an advance's effect replaces or adjusts them)."""

    land_steps: int
    ship_steps: int
    ship_capacity: int
    ships_per_turn: int
    ship_cost: int
    upkeep: int
    city_attack: int
    city_site_tokens: int
    wilderness_tokens: int


@dataclass(frozen=True)
class Effects:
    """What an advance changes in the Movement phase. Counts of 0 change nothing; a holder's limit
    is the largest count among their advances (and the base)."""

    land_steps: int = 0
    ship_steps: int = 0
    ship_capacity: int = 0
    open_sea: bool = False
    moves_last: bool = False
    protects_cities: bool = False
    enters_protected_cities: bool = False
    protects_units: bool = False
    ignores_unit_protection: bool = False
    attack_bonus: int = 0
    defence_bonus: int = 0


@dataclass(frozen=True)
class Advance:
    name: str
    effects: Effects
    text: str = ""


@dataclass(frozen=True)
class AdvanceBook:
    base: Limits
    advances: tuple[Advance, ...]


@dataclass(frozen=True)
class Powers:
    """A player's movement limits and abilities, from the base limits and the advances they hold."""

    land_steps: int
    ship_steps: int
    ship_capacity: int
    open_sea: bool
    moves_last: bool
    protects_cities: bool
    enters_protected_cities: bool
    protects_units: bool
    ignores_unit_protection: bool
    attack_bonus: int
    defence_bonus: int


@dataclass(frozen=True)
class Board:
    """A whole board: the map and the shared parts."""

    map: MapData
    civilizations: tuple[Civilization, ...]
    advances: AdvanceBook
    serial_shared: ClassVar[bool] = True  # every saved state holds its board: decode each one once

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable: copies of a state share their board and its lookups

    # --- areas ----------------------------------------------------------------------------

    @cached_property
    def areas(self) -> dict[str, Area]:
        return {a.name: a for a in self.map.areas}

    @cached_property
    def area_index(self) -> dict[str, int]:
        """Each area's position in the map file (the order areas are listed in)."""
        return {a.name: i for i, a in enumerate(self.map.areas)}

    @cached_property
    def folded(self) -> dict[str, str]:
        """Each area's folded name (see `fold`) → its name."""
        return {fold(a.name): a.name for a in self.map.areas}

    def canon(self, text: str) -> str | None:
        """An area's name as the map spells it, from any case and spacing; None if unknown."""
        return self.folded.get(fold(text)) if len(text) <= 80 else None

    @cached_property
    def names(self) -> Names:
        """The area names players may type: any case and spacing, or the start of just one name."""
        return Names([a.name for a in self.map.areas], Msg("area"), Msg("Areas"), fold)

    def area(self, name: str) -> Area:
        return self.areas[name]

    @cached_property
    def land_areas(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.map.areas if a.kind == "land")

    @cached_property
    def sea_areas(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.map.areas if a.kind == "sea")

    @cached_property
    def land_next(self) -> dict[str, frozenset[str]]:
        """Land adjacency of every area (sea areas have none)."""
        found: dict[str, set[str]] = {a.name: set() for a in self.map.areas}
        for a, b in self.map.land:
            found[a].add(b)
            found[b].add(a)
        return {k: frozenset(v) for k, v in found.items()}

    @cached_property
    def water_next(self) -> dict[str, frozenset[str]]:
        """Water adjacency of every area (inland areas have none)."""
        found: dict[str, set[str]] = {a.name: set() for a in self.map.areas}
        for a, b in self.map.water:
            found[a].add(b)
            found[b].add(a)
        return {k: frozenset(v) for k, v in found.items()}

    def has_water(self, name: str) -> bool:
        """Whether ships can be in this area: a coastal land area or an open sea."""
        area = self.areas[name]
        return area.kind == "sea" or area.coastal

    @cached_property
    def region_areas(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {r: [] for r in self.map.regions}
        for a in self.map.areas:
            found.setdefault(a.region, []).append(a.name)
        return {k: tuple(v) for k, v in found.items()}

    @cached_property
    def start_areas(self) -> dict[str, tuple[str, ...]]:
        """Civilization name → its start areas on this map."""
        return {s.civ: s.areas for s in self.map.starts}

    # --- civilizations and advances ---------------------------------------------------------

    @cached_property
    def civ_by_colour(self) -> dict[str, Civilization]:
        return {c.colour: c for c in self.civilizations}

    @cached_property
    def civ_by_name(self) -> dict[str, Civilization]:
        return {c.name: c for c in self.civilizations}

    @cached_property
    def advance_by_name(self) -> dict[str, Advance]:
        return {a.name: a for a in self.advances.advances}

    @cached_property
    def advance_order(self) -> dict[str, int]:
        return {a.name: i for i, a in enumerate(self.advances.advances)}

    def advance_named(self, text: str) -> str | None:
        """An advance's name as the data spells it, from any case and spacing; None if unknown."""
        wanted = fold(text)
        return next((a.name for a in self.advances.advances if fold(a.name) == wanted), None)

    @cached_property
    def _powers(self) -> dict[tuple[str, ...], Powers]:
        return {}

    def powers(self, advances: tuple[str, ...]) -> Powers:
        """The limits and abilities a holder of `advances` has (memoised per set of advances)."""
        found = self._powers.get(advances)
        if found is None:
            found = self._powers[advances] = self._compute_powers(advances)
        return found

    def _compute_powers(self, advances: tuple[str, ...]) -> Powers:
        base = self.advances.base
        held = [self.advance_by_name[a].effects for a in advances if a in self.advance_by_name]
        values: dict[str, int | bool] = {}
        for f in fields(Powers):
            found = [getattr(e, f.name) for e in held]
            if f.name in ("land_steps", "ship_steps", "ship_capacity"):
                values[f.name] = max([getattr(base, f.name), *found])
            elif f.name in ("attack_bonus", "defence_bonus"):
                values[f.name] = max([0, *found])
            else:
                values[f.name] = any(found)
        return Powers(**values)  # type: ignore[arg-type]
