"""The board model: the map (an ocean field with 7-hex provinces) and the shared parts (unit
types, province tiles, relics, event cards), combined into one immutable `Board`.

A `Board`'s dataclass shape is the combination the host passes to `load_board` flattened: the
map file's fields plus `units`, `tiles`, `relics` and `events` (the part files). Lookups are
built once per board object (cached properties) and are not part of the data. Map coordinates
are axial `[q, r]` (see `rules.hexes`); states and commands name hexes ("D7").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Literal

from rules import hexes
from rules.errors import BadInput
from rules.glory import words
from rules.hexes import Hex
from rules.messages import Msg, joined
from rules.notation import Names

LAND = ("plains", "forest", "hills", "desert", "mountains", "swamp")
WATER = ("sea", "ocean")
TERRAINS = (*LAND, *WATER)
TILE_TERRAINS = (*LAND, "sea")  # tiles and provinces never show ocean: that is the field around them
ROUGH = ("mountains", "swamp")  # entering costs 2 (G-M2)
SYMBOLS = ("solid", "outlined", "none")

PARSED = 4096  # hex names as typed remembered per board

# Terrain codes used by the movement search (rules/glory/moves.py).
LAND1, LAND2, SEA, OCEAN, UNEXPLORED = 1, 2, 3, 4, 5
CODES = {**dict.fromkeys(LAND, LAND1), **dict.fromkeys(ROUGH, LAND2), "sea": SEA, "ocean": OCEAN}


@dataclass(frozen=True)
class Attack:
    """An attack range in hexes; melee units cannot attack a target on water."""

    min: int
    max: int
    melee: bool = False


@dataclass(frozen=True)
class UnitType:
    """A unit type: `name` (singular, the id: "cavalryman") and `plural`; movement points; "land"
    or "vessel"; military or not; its attack range (none: it does not attack); `sea_cost` for land
    units that may enter sea hexes (peasants: 2); `packing` for units that move only when packed
    (trebuchets); `short` a 1–3 letter label for drawings."""

    name: str
    plural: str
    movement: int
    kind: Literal["land", "vessel"]
    military: bool
    attack: Attack | None = None
    sea_cost: int | None = None
    packing: bool = False
    short: str = ""

    def count(self, n: int) -> str:
        """ "1 cavalryman", "2 cavalrymen" (a catalog message: `rules.glory.words`)."""
        return words.counted(self.name, self.plural, n)

    @property
    def said(self) -> str:
        """The plural as texts name the type ("cavalrymen"), a catalog message."""
        return words.PLURAL.get(self.name, self.plural)


@dataclass(frozen=True)
class Tile:
    """A province tile: terrain for its 7 hexes (centre, then the ring clockwise from north) and a
    relic symbol ("solid", "outlined" or "none") on hex `relic_at` (0–6)."""

    name: str
    title: str
    terrain: tuple[str, ...]
    relic: Literal["solid", "outlined", "none"] = "none"
    relic_at: int = 0


@dataclass(frozen=True)
class Relic:
    name: str
    text: str = ""


@dataclass(frozen=True)
class EventCard:
    """An event card: its id, title and the one line the table carries out."""

    name: str
    title: str
    text: str


@dataclass(frozen=True)
class StartUnits:
    at: tuple[int, int]
    unit: str
    count: int


@dataclass(frozen=True)
class Start:
    """A starting province's seat data: the player counts it is used at, the capital's hex and the
    starting units. At other player counts the province is an ordinary face-down slot."""

    players: tuple[int, ...]
    capital: tuple[int, int]
    units: tuple[StartUnits, ...]


@dataclass(frozen=True)
class Province:
    """A 7-hex province around `centre`. With `terrain` (7 terrains, tile order) it is explored from
    the start; with `start` too it is a starting province. Without terrain it starts face down."""

    centre: tuple[int, int]
    terrain: tuple[str, ...] = ()
    start: Start | None = None


@dataclass(frozen=True)
class Board:
    """A whole board: the map (an ocean field `columns` × `rows` in the odd-q offset layout, its
    provinces) and the shared parts."""

    name: str
    title: str
    min_players: int
    max_players: int
    columns: int
    rows: int
    provinces: tuple[Province, ...]
    units: tuple[UnitType, ...] = ()
    tiles: tuple[Tile, ...] = ()
    relics: tuple[Relic, ...] = ()
    events: tuple[EventCard, ...] = ()
    serial_shared: ClassVar[bool] = True  # every saved state holds its board: decode each board once

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable: copies of a state share their board and its lookups

    def __hash__(self) -> int:
        return id(self)  # equal boards are normally one shared object; hashing the data is slow

    # --- hexes -------------------------------------------------------------------------------

    @cached_property
    def axials(self) -> tuple[Hex, ...]:
        """Every hex of the field, column by column; a hex's index in this tuple is its id."""
        return tuple(hexes.from_offset(c, r) for c in range(self.columns) for r in range(self.rows))

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(hexes.hex_name(h) for h in self.axials)

    @cached_property
    def index(self) -> dict[str, int]:
        """Hex name → index."""
        return {name: i for i, name in enumerate(self.names)}

    @cached_property
    def axial_index(self) -> dict[Hex, int]:
        return {h: i for i, h in enumerate(self.axials)}

    @cached_property
    def nbrs(self) -> tuple[tuple[int, ...], ...]:
        """Per hex index, the indices of its neighbours on the field."""
        at = self.axial_index
        return tuple(tuple(at[n] for n in hexes.neighbours(h) if n in at) for h in self.axials)

    def parse(self, text: str) -> str:
        """A hex's canonical name from a player's text ("d7", "3,-1"), or BadInput."""
        if not isinstance(text, str):
            raise BadInput(Msg("Name a hex like D7."))
        name = self.parsed.get(text)
        if name is None:
            name = self.names[self.axial_index[hexes.parse_hex(text, self.axial_index, f"on {self.title}")]]
            if len(self.parsed) < PARSED:
                self.parsed[text] = name
        return name

    @cached_property
    def parsed(self) -> dict[str, str]:
        """Hex names as typed, read (filled by `parse`); not part of the data."""
        return {}

    def hex_name(self, h: Hex) -> str:
        return self.names[self.axial_index[h]]

    def axial(self, name: str) -> Hex:
        return self.axials[self.index[name]]

    def distance(self, a: str, b: str) -> int:
        return hexes.distance(self.axial(a), self.axial(b))

    # --- provinces ---------------------------------------------------------------------------

    @cached_property
    def province_hexes(self) -> tuple[tuple[int, ...], ...]:
        """Per province, its 7 hex indices in tile order."""
        at = self.axial_index
        return tuple(tuple(at[h] for h in hexes.province(p.centre)) for p in self.provinces)

    @cached_property
    def province_of(self) -> tuple[int, ...]:
        """Per hex index, the index of its province, or -1 for the ocean field."""
        owner = [-1] * len(self.axials)
        for p, members in enumerate(self.province_hexes):
            for i in members:
                owner[i] = p
        return tuple(owner)

    @cached_property
    def province_names(self) -> tuple[str, ...]:
        """A province is named by its centre hex."""
        return tuple(self.hex_name(p.centre) for p in self.provinces)

    @cached_property
    def province_index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.province_names)}

    def starts(self, players: int) -> tuple[int, ...]:
        """The starting provinces used at a table of `players`, in seat order."""
        return tuple(i for i, p in enumerate(self.provinces) if p.start is not None and players in p.start.players)

    def face_down(self, players: int) -> tuple[int, ...]:
        """The provinces that start face down at a table of `players`."""
        used = set(self.starts(players))
        return tuple(i for i, p in enumerate(self.provinces) if not p.terrain or (p.start and i not in used))

    def base_terrain(self, players: int) -> tuple[str | None, ...]:
        """Per hex index, its terrain at the start (None: face down)."""
        return _base_terrain(self, players)

    # --- parts -------------------------------------------------------------------------------

    @cached_property
    def unit_types(self) -> dict[str, UnitType]:
        return {u.name: u for u in self.units}

    @cached_property
    def unit_words(self) -> dict[str, str]:
        """Every way to write a unit type (singular, plural, any case) → its name."""
        words = {}
        for u in self.units:
            words[u.name.lower()] = u.name
            words[u.plural.lower()] = u.name
        return words

    def unit_named(self, word: str) -> str:
        """A unit type's name from a player's word, or BadInput listing the types."""
        found = self.unit_words.get(word.strip().lower()) if isinstance(word, str) else None
        if found is None:
            raise BadInput(Msg("There is no unit {unit}. Units: {units}.", unit=repr(str(word)[:30]),
                               units=joined([words.PLURAL.get(u.name, u.plural) for u in self.units], ", ")))
        return found

    @cached_property
    def unit_names(self) -> Names:
        """The unit types as players type them: singular or plural, any case, or the start of one."""
        return Names(self.unit_words, Msg("unit"), Msg("Units"), shown=words.singular)

    @cached_property
    def relic_names(self) -> Names:
        return Names((r.name for r in self.relics), Msg("relic"), Msg("Relics"))

    @cached_property
    def event_names(self) -> Names:
        """The event cards by id or title."""
        return Names({**{e.name: e.name for e in self.events}, **{e.title: e.name for e in self.events}},
                     Msg("event card"), Msg("Event cards"))

    @cached_property
    def tile_named(self) -> dict[str, Tile]:
        return {t.name: t for t in self.tiles}

    @cached_property
    def relic_named(self) -> dict[str, Relic]:
        return {r.name: r for r in self.relics}

    @cached_property
    def event_named(self) -> dict[str, EventCard]:
        return {e.name: e for e in self.events}

    @cached_property
    def terrain_cache(self) -> dict[Any, Any]:
        """Terrain per placement set (filled by rules/glory/state.py); not part of the data."""
        return {}


def _base_terrain(board: Board, players: int) -> tuple[str | None, ...]:
    key = ("base", players)
    cached: tuple[str | None, ...] | None = board.terrain_cache.get(key)
    if cached is None:
        terrain: list[str | None] = ["ocean"] * len(board.axials)
        down = set(board.face_down(players))
        for p, members in enumerate(board.province_hexes):
            for pos, i in enumerate(members):
                terrain[i] = None if p in down else board.provinces[p].terrain[pos]
        cached = board.terrain_cache[key] = tuple(terrain)
    return cached
