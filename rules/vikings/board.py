"""The map model: islands with docks, fjords, water edges and ferry routes, plus lookups.

A `Board` is immutable. Its dataclass shape is the map file format (see docs/vikings.md), so
`serial.dump(board)` gives back a map file. Lookups are built once per board object and are not
part of the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Literal

from rules.messages import Msg
from rules.notation import Names

SpaceKind = Literal["island", "dock", "fjord"]


@dataclass(frozen=True)
class Island:
    """An island: its rune's god, a drawing centre and radius, an optional outline polygon, and
    its docks in clockwise order."""

    name: str
    title: str
    god: str
    x: int
    y: int
    radius: int
    docks: tuple[str, ...]
    outline: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Dock:
    """A dock on an island's shore; `village` if a village token starts there."""

    name: str
    x: int
    y: int
    village: bool = False


@dataclass(frozen=True)
class Fjord:
    """A water space."""

    name: str
    x: int
    y: int


@dataclass(frozen=True)
class Board:
    """A whole map. Edges join dock–fjord or fjord–fjord; ferries join docks of two islands."""

    name: str
    title: str
    min_players: int
    max_players: int
    width: int
    height: int
    gods: tuple[str, ...]
    islands: tuple[Island, ...]
    docks: tuple[Dock, ...]
    fjords: tuple[Fjord, ...]
    edges: tuple[tuple[str, str], ...]
    ferries: tuple[tuple[str, str], ...] = ()
    serial_shared: ClassVar[bool] = True  # every saved state holds its map: decode each map once

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable: copies of a state share their board and its lookups

    @cached_property
    def space_names(self) -> Names:
        """The docks and fjords as players may type them."""
        return Names([d.name for d in self.docks] + [f.name for f in self.fjords], Msg("space"), kinds=Msg("Spaces"))

    @cached_property
    def island_names(self) -> Names:
        """The islands as players may type them: by name or title."""
        return Names({i.name: i.name for i in self.islands} | {i.title: i.name for i in self.islands}, Msg("island"),
                     kinds=Msg("Islands"))

    @cached_property
    def kinds(self) -> dict[str, SpaceKind]:
        """Every space name and whether it is an island, a dock or a fjord."""
        kinds: dict[str, SpaceKind] = {i.name: "island" for i in self.islands}
        kinds.update({d.name: "dock" for d in self.docks})
        kinds.update({f.name: "fjord" for f in self.fjords})
        return kinds

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Water adjacency: for each dock and fjord, the spaces one move away."""
        adjacent: dict[str, list[str]] = {d.name: [] for d in self.docks}
        adjacent.update({f.name: [] for f in self.fjords})
        for a, b in self.edges:
            adjacent[a].append(b)
            adjacent[b].append(a)
        return {name: tuple(names) for name, names in adjacent.items()}

    @cached_property
    def _islands(self) -> dict[str, Island]:
        return {i.name: i for i in self.islands}

    @cached_property
    def _docks(self) -> dict[str, Dock]:
        return {d.name: d for d in self.docks}

    @cached_property
    def _spaces(self) -> dict[str, Island | Dock | Fjord]:
        spaces: tuple[Island | Dock | Fjord, ...] = (*self.islands, *self.docks, *self.fjords)
        return {s.name: s for s in spaces}

    @cached_property
    def _dock_island(self) -> dict[str, str]:
        return {dock: i.name for i in self.islands for dock in i.docks}

    @cached_property
    def village_docks(self) -> frozenset[str]:
        """Docks where a village token starts."""
        return frozenset(d.name for d in self.docks if d.village)

    def kind(self, name: str) -> SpaceKind | None:
        """"island", "dock", "fjord", or None for a name the map does not have."""
        return self.kinds.get(name)

    def island(self, name: str) -> Island:
        return self._islands[name]

    def dock(self, name: str) -> Dock:
        return self._docks[name]

    def island_of(self, dock: str) -> str:
        """The island a dock belongs to."""
        return self._dock_island[dock]

    def fjords_next_to(self, dock: str) -> tuple[str, ...]:
        """The fjords one move from a dock (where a bumped boat may go)."""
        return self.neighbours[dock]

    def is_ferry(self, a: str, b: str) -> bool:
        """Whether a ferry route joins docks `a` and `b`."""
        return (a, b) in self.ferries or (b, a) in self.ferries

    def position(self, name: str) -> tuple[int, int]:
        """Drawing coordinates of any space (an island's centre)."""
        space = self._spaces[name]
        return space.x, space.y
