"""The data model of Isle of Skye with the Journeyman: tiles, the progress board, scoring, setups.

Every class here is an immutable dataclass whose shape is the JSON file format (docs/skye.md), so
`rules.serial` reads and writes the files. `SkyeBoard` is one setup (a file in `data/skye/maps/`)
combined with the shared parts `tiles.json`, `progress.json` and `scoring.json`; a saved game holds
it whole. Lookups are built once per object (cached properties) and are not part of the data.

Directions: edges are named "n", "e", "s", "w"; north is +y, east is +x. A tile turned by
`rotation` quarter turns clockwise shows its own edge i on the world side (i + rotation) % 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

EDGES = ("n", "e", "s", "w")
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
TERRAINS = ("pasture", "water", "mountain")
FEATURES = ("barrel", "sheep", "cattle", "farm", "broch", "lighthouse", "ship")
SYMBOLS = (*FEATURES, "scroll", "journeyman")  # what a tile may "show" (the matching-rows tile)
TRACKS = ("warrior", "merchant", "herald")
SLOTS = ("I", "II", "III")


@dataclass(frozen=True)
class Zone:
    """A part of a tile of one terrain and the tile edges it touches (none: an enclosed lake or peak)."""

    terrain: str
    edges: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scroll:
    """A scroll: its kind (a scroll of scoring.json) and the index of the zone it lies in."""

    kind: str
    zone: int = 0


@dataclass(frozen=True)
class Tile:
    """A landscape or castle tile. Feature fields are counts (barrel 2: two whisky barrels)."""

    id: str
    zones: tuple[Zone, ...]
    roads: tuple[str, ...] = ()
    barrel: int = 0
    sheep: int = 0
    cattle: int = 0
    farm: int = 0
    broch: int = 0
    lighthouse: int = 0
    ship: int = 0
    scroll: Scroll | None = None
    journeyman: bool = False
    colour: str = ""  # castles only: the seat colour it belongs to

    @cached_property
    def edge_zone(self) -> tuple[int, ...]:
        """For each own edge (n, e, s, w) the index of the zone touching it (-1: none, a bad tile)."""
        found = [-1, -1, -1, -1]
        for z, zone in enumerate(self.zones):
            for edge in zone.edges:
                if edge in EDGES:
                    found[EDGES.index(edge)] = z
        return tuple(found)

    @cached_property
    def terrain(self) -> tuple[str, ...]:
        """The terrain of each own edge, n, e, s, w."""
        return tuple(self.zones[z].terrain if z >= 0 else "" for z in self.edge_zone)

    @cached_property
    def turned(self) -> tuple[tuple[str, ...], ...]:
        """For each rotation 0–3, the terrain shown on the world sides n, e, s, w."""
        return tuple(tuple(self.terrain[(d - r) % 4] for d in range(4)) for r in range(4))

    @cached_property
    def stubs(self) -> tuple[frozenset[int], ...]:
        """For each rotation 0–3, the world sides (0–3) with a road stub."""
        own = [EDGES.index(e) for e in self.roads if e in EDGES]
        return tuple(frozenset((i + r) % 4 for i in own) for r in range(4))

    def count(self, feature: str) -> int:
        """How many of `feature` the tile shows (scroll and journeyman: 0 or 1)."""
        if feature == "scroll":
            return int(self.scroll is not None)
        if feature == "journeyman":
            return int(self.journeyman)
        return int(getattr(self, feature, 0)) if feature in FEATURES else 0

    @cached_property
    def symbols(self) -> frozenset[str]:
        """The kinds of symbol the tile shows."""
        return frozenset(s for s in SYMBOLS if self.count(s))


@dataclass(frozen=True)
class TileSet:
    """`tiles.json`: one castle per seat colour and the landscape tiles that go in the bag."""

    castles: tuple[Tile, ...]
    landscapes: tuple[Tile, ...]

    @cached_property
    def by_id(self) -> dict[str, Tile]:
        return {t.id: t for t in (*self.castles, *self.landscapes)}

    def castle_for(self, colour: str) -> Tile:
        return next(t for t in self.castles if t.colour == colour)


@dataclass(frozen=True)
class Space:
    """One space of a track: the requirement to enter it (`need`), immediate VP for entering it,
    the bonus slot on it, the Herald fee, and its banner (VP per round, income, movement)."""

    need: str
    vp: int = 0
    slot: str = ""
    fee: int = 0
    vp_round: int = 0
    income: int = 0
    shoes: int = 0


@dataclass(frozen=True)
class Track:
    name: str
    title: str
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class Side:
    """One side of the progress board: the tables it is for, castle costs per segment and the tracks."""

    name: str
    min_players: int
    max_players: int
    segment_costs: tuple[int, ...]
    segment_size: int
    start_shoes: int
    tracks: tuple[Track, ...]

    def track(self, name: str) -> Track:
        return next(t for t in self.tracks if t.name == name)

    def segment_cost(self, space: int) -> int:
        """The castle cost of advancing to `space` (1-based)."""
        return self.segment_costs[min((space - 1) // self.segment_size, len(self.segment_costs) - 1)]

    @cached_property
    def bridges(self) -> tuple[int, ...]:
        """The spaces after which a bridge sits (between segments)."""
        return tuple(self.segment_size * i for i in range(1, len(self.segment_costs)))


@dataclass(frozen=True)
class Bonus:
    """A bonus tile: the slots it goes on and what it gives (docs/skye.md lists the effects)."""

    id: str
    title: str
    slots: tuple[str, ...]
    effect: str
    text: str
    vp: int = 0
    gold: int = 0
    roads: int = 0
    movement: int = 0
    income: int = 0


@dataclass(frozen=True)
class Progress:
    """`progress.json`: both sides of the progress board, the bonus tiles and the waypoint markers."""

    sides: tuple[Side, ...]
    bonuses: tuple[Bonus, ...]
    start_markers: int
    vp_markers: tuple[int, ...]

    def side_for(self, players: int) -> Side:
        return next(s for s in self.sides if s.min_players <= players <= s.max_players)

    @cached_property
    def bonus_by_id(self) -> dict[str, Bonus]:
        return {b.id: b for b in self.bonuses}


@dataclass(frozen=True)
class ScoringTile:
    """A scoring tile: `kind` names the rule that counts it (docs/skye.md), the rest its parameters."""

    id: str
    title: str
    text: str
    kind: str
    vp: int = 1
    feature: str = ""
    other: str = ""
    terrain: str = ""
    count: int = 0
    journeyman: bool = False  # one of the expansion's four


@dataclass(frozen=True)
class ScrollKind:
    """A scroll scores `vp` per `feature` in the territory at the end, if its area is completed."""

    id: str
    feature: str
    vp: int
    text: str


@dataclass(frozen=True)
class Variant:
    """A schedule for one game length: per round the letters (A–D) that score, and the catch-up
    gold per player ahead of you in each round's income."""

    rounds: int
    score: tuple[str, ...]
    catch_up: tuple[int, ...]


@dataclass(frozen=True)
class Schedule:
    name: str
    title: str
    variants: tuple[Variant, ...]

    def variant(self, rounds: int) -> Variant | None:
        return next((v for v in self.variants if v.rounds == rounds), None)


@dataclass(frozen=True)
class PlayerRounds:
    players: int
    rounds: int


@dataclass(frozen=True)
class Scoring:
    """`scoring.json`: scoring tiles, scroll kinds, schedules and the game length per table size."""

    tiles: tuple[ScoringTile, ...]
    scrolls: tuple[ScrollKind, ...]
    schedules: tuple[Schedule, ...]
    rounds: tuple[PlayerRounds, ...]

    @cached_property
    def tile_by_id(self) -> dict[str, ScoringTile]:
        return {t.id: t for t in self.tiles}

    @cached_property
    def scroll_by_id(self) -> dict[str, ScrollKind]:
        return {s.id: s for s in self.scrolls}

    def schedule(self, name: str) -> Schedule | None:
        return next((s for s in self.schedules if s.name == name), None)

    def rounds_for(self, players: int) -> int | None:
        return next((r.rounds for r in self.rounds if r.players == players), None)


@dataclass(frozen=True)
class SkyeBoard:
    """A setup (a map file) with the shared parts. `scoring_tiles`: the four scoring tiles A–D, or
    none to draw four from `pool` (every scoring tile when empty) at setup."""

    name: str
    title: str
    min_players: int
    max_players: int
    tiles: TileSet
    progress: Progress
    scoring: Scoring
    scoring_tiles: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()
    schedule: str = "classic"
    castle_income: int = 5
    start_gold: int = 0
    gold_per_vp: int = 5
    description: str = ""
    serial_shared: ClassVar[bool] = True  # every saved state holds its board: decode each once

    def __deepcopy__(self, memo: dict[int, object]) -> SkyeBoard:
        return self

    def tile(self, tile_id: str) -> Tile:
        return self.tiles.by_id[tile_id]
