"""A clan territory as geometry: terrain on each side, road connections, areas (J-A1), walking
costs and cheapest routes (J-M4), distances and extremes (J-T2), and where a tile fits.

`land(board, player)` builds a `Land` once per distinct territory and placed roads and keeps a
small cache, so the many questions asked of one territory in a phase cost one analysis.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from functools import cached_property

from rules.skye.model import EDGES, SkyeBoard, Tile
from rules.skye.state import Placed, PlayerState, RoadPiece

Pos = tuple[int, int]
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # n, e, s, w: world sides 0–3
CACHE_SIZE = 256


def step(pos: Pos, side: int) -> Pos:
    dx, dy = DIRS[side]
    return pos[0] + dx, pos[1] + dy


def side_between(a: Pos, b: Pos) -> int | None:
    """The side of `a` that faces `b`, or None when they are not orthogonal neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRS.index(delta) if delta in DIRS else None


def road_key(a: Pos, b: Pos) -> tuple[Pos, Pos]:
    return (a, b) if a <= b else (b, a)


def piece_cells(piece: RoadPiece) -> tuple[Pos, Pos]:
    a = (piece.x, piece.y)
    return a, step(a, EDGES.index(piece.side))


def normal_piece(x: int, y: int, side: str) -> RoadPiece:
    """The road across side `side` of (x, y), written from the tile south or west of the edge."""
    if side == "s":
        return RoadPiece(x, y - 1, "n")
    if side == "w":
        return RoadPiece(x - 1, y, "e")
    return RoadPiece(x, y, side)


class Land:
    """One territory. Positions are (x, y); the castle is at (0, 0)."""

    def __init__(self, board: SkyeBoard, territory: tuple[Placed, ...], roads: tuple[RoadPiece, ...]):
        self.board = board
        self.cells: dict[Pos, tuple[Tile, int]] = {(p.x, p.y): (board.tile(p.tile), p.rotation) for p in territory}
        self.ids: dict[Pos, str] = {(p.x, p.y): p.tile for p in territory}
        self.placed_roads = frozenset(road_key(*piece_cells(r)) for r in roads)

    # --- sides and roads -------------------------------------------------------------------

    def terrain(self, pos: Pos, side: int) -> str:
        tile, rot = self.cells[pos]
        return tile.turned[rot][side]

    def stub(self, pos: Pos, side: int) -> bool:
        tile, rot = self.cells[pos]
        return side in tile.stubs[rot]

    def linked(self, a: Pos, b: Pos) -> bool:
        """Road connection between neighbours: a stub on both sides of the edge, or a placed road."""
        side = side_between(a, b)
        if side is None or a not in self.cells or b not in self.cells:
            return False
        if road_key(a, b) in self.placed_roads:
            return True
        return self.stub(a, side) and self.stub(b, (side + 2) % 4)

    @cached_property
    def moves(self) -> dict[Pos, tuple[tuple[Pos, int], ...]]:
        """For each tile, its neighbours with the cost of stepping there (J-M4: 1 by road, else 2)."""
        cells, placed = self.cells, self.placed_roads
        out: dict[Pos, tuple[tuple[Pos, int], ...]] = {}
        for pos, (tile, rot) in cells.items():
            stubs = tile.stubs[rot]
            x, y = pos
            found = []
            for side, (dx, dy) in enumerate(DIRS):
                other = (x + dx, y + dy)
                there = cells.get(other)
                if there is None:
                    continue
                road = side in stubs and (side + 2) % 4 in there[0].stubs[there[1]]
                if not road and placed:
                    road = road_key(pos, other) in placed
                found.append((other, 1 if road else 2))
            out[pos] = tuple(found)
        return out

    @cached_property
    def castle_network(self) -> frozenset[Pos]:
        """Tiles joined to the castle by a chain of road connections (the castle included)."""
        if (0, 0) not in self.cells:
            return frozenset()
        seen, todo = {(0, 0)}, [(0, 0)]
        while todo:
            here = todo.pop()
            for other, cost in self.moves[here]:
                if cost == 1 and other not in seen:
                    seen.add(other)
                    todo.append(other)
        return frozenset(seen)

    # --- walking ---------------------------------------------------------------------------

    def costs_from(self, start: Pos) -> dict[Pos, int]:
        """The cheapest walking cost from `start` to every tile (Dijkstra; tiles only, no gaps)."""
        return self._search(start)[0]

    def _search(self, start: Pos) -> tuple[dict[Pos, int], dict[Pos, Pos]]:
        cached = self._searches.get(start)
        if cached is not None:
            return cached
        best: dict[Pos, int] = {start: 0}
        back: dict[Pos, Pos] = {}
        heap = [(0, start)]
        while heap:
            cost, here = heapq.heappop(heap)
            if cost > best[here]:
                continue
            for other, step_cost in self.moves.get(here, ()):
                total = cost + step_cost
                if total < best.get(other, 1 << 30):
                    best[other] = total
                    back[other] = here
                    heapq.heappush(heap, (total, other))
        self._searches[start] = (best, back)
        return best, back

    @cached_property
    def _searches(self) -> dict[Pos, tuple[dict[Pos, int], dict[Pos, Pos]]]:
        return {}

    def cost(self, a: Pos, b: Pos) -> int | None:
        """The cheapest walking cost from a to b; None if b cannot be reached."""
        return self.costs_from(a).get(b)

    def route(self, a: Pos, b: Pos) -> tuple[Pos, ...]:
        """A cheapest route from a to b: the tiles after a, ending with b (empty when a == b)."""
        best, back = self._search(a)
        if b not in best:
            return ()
        path = [b]
        while path[-1] != a:
            path.append(back[path[-1]])
        return tuple(reversed(path[:-1]))

    # --- areas (J-A1) ------------------------------------------------------------------------

    @cached_property
    def _areas(self) -> tuple[dict[tuple[Pos, int], int], dict[int, bool], dict[int, str], dict[int, frozenset[Pos]]]:
        cells = self.cells
        base: dict[Pos, int] = {}
        nodes: list[tuple[Pos, int]] = []
        for pos, (tile, _rot) in cells.items():
            base[pos] = len(nodes)
            nodes.extend((pos, z) for z in range(len(tile.zones)))
        parent = list(range(len(nodes)))
        exposed = [False] * len(nodes)

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for pos, (tile, rot) in cells.items():
            x, y = pos
            here = base[pos]
            edge_zone = tile.edge_zone
            for side, (dx, dy) in enumerate(DIRS):
                zone = edge_zone[(side - rot) % 4]
                other = (x + dx, y + dy)
                there = cells.get(other)
                if there is None:
                    exposed[here + zone] = True
                    continue
                if other < pos:
                    continue
                o_tile, o_rot = there
                o_zone = o_tile.edge_zone[((side + 2) % 4 - o_rot) % 4]
                if tile.zones[zone].terrain == o_tile.zones[o_zone].terrain:
                    a, b = find(here + zone), find(base[other] + o_zone)
                    if a != b:
                        parent[a] = b
        ids: dict[tuple[Pos, int], int] = {}
        roots: dict[int, int] = {}
        complete: dict[int, bool] = {}
        terrain: dict[int, str] = {}
        tiles: dict[int, set[Pos]] = {}
        for i, node in enumerate(nodes):
            area = roots.setdefault(find(i), len(roots))
            ids[node] = area
            if area not in complete:
                complete[area] = True
                terrain[area] = cells[node[0]][0].zones[node[1]].terrain
                tiles[area] = set()
            if exposed[i]:
                complete[area] = False
            tiles[area].add(node[0])
        return ids, complete, terrain, {a: frozenset(t) for a, t in tiles.items()}

    def area_of(self, pos: Pos, zone: int) -> int:
        return self._areas[0][(pos, zone)]

    def complete(self, area: int) -> bool:
        return self._areas[1][area]

    @cached_property
    def areas(self) -> tuple[tuple[str, bool, frozenset[Pos]], ...]:
        """Every area: its terrain, whether it is completed, and the tiles that are part of it."""
        _ids, complete, terrain, tiles = self._areas
        return tuple((terrain[a], complete[a], tiles[a]) for a in sorted(terrain))

    @cached_property
    def completed(self) -> dict[Pos, frozenset[str]]:
        """For each tile, the terrains of the completed areas it is part of."""
        ids, complete, _terrain, _tiles = self._areas
        out: dict[Pos, set[str]] = {pos: set() for pos in self.cells}
        for (pos, zone), area in ids.items():
            if complete[area]:
                out[pos].add(self.cells[pos][0].zones[zone].terrain)
        return {pos: frozenset(t) for pos, t in out.items()}

    # --- distances and extremes (J-T2) -------------------------------------------------------

    @staticmethod
    def distance(pos: Pos) -> int:
        """Distance from the castle, orthogonally and across gaps."""
        return abs(pos[0]) + abs(pos[1])

    @cached_property
    def extremes(self) -> dict[str, frozenset[Pos]]:
        """The northernmost, southernmost, easternmost and westernmost tiles (ties all count)."""
        xs = [p[0] for p in self.cells]
        ys = [p[1] for p in self.cells]
        top, bottom, right, left = max(ys), min(ys), max(xs), min(xs)
        return {
            "north": frozenset(p for p in self.cells if p[1] == top),
            "south": frozenset(p for p in self.cells if p[1] == bottom),
            "east": frozenset(p for p in self.cells if p[0] == right),
            "west": frozenset(p for p in self.cells if p[0] == left),
        }

    # --- placing ------------------------------------------------------------------------------

    @cached_property
    def frontier(self) -> dict[Pos, tuple[str, ...]]:
        """Each empty cell next to the territory with the terrain each side must show ("" free)."""
        out: dict[Pos, list[str]] = {}
        for pos in self.cells:
            for side in range(4):
                cell = step(pos, side)
                if cell in self.cells:
                    continue
                need = out.setdefault(cell, ["", "", "", ""])
                need[(side + 2) % 4] = self.terrain(pos, side)
        return {cell: tuple(need) for cell, need in out.items()}

    def fits(self, tile: Tile, cell: Pos) -> tuple[int, ...]:
        """The rotations in which `tile` may be placed on `cell` (none if the cell is not open)."""
        need = self.frontier.get(cell)
        if need is None:
            return ()
        return tuple(r for r in range(4) if all(n == "" or n == t for n, t in zip(need, tile.turned[r])))

    def placements(self, tile: Tile) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every cell where `tile` fits, with its rotations, in a stable order."""
        out = []
        for cell in sorted(self.frontier):
            rotations = self.fits(tile, cell)
            if rotations:
                out.append((cell[0], cell[1], rotations))
        return out

    def can_place(self, tile: Tile) -> bool:
        return any(self.fits(tile, cell) for cell in self.frontier)


_cache: OrderedDict[tuple[int, tuple[Placed, ...], tuple[RoadPiece, ...]], tuple[SkyeBoard, Land]] = OrderedDict()


def land(board: SkyeBoard, player: PlayerState) -> Land:
    """The analysed territory of `player` (cached per board, territory and placed roads)."""
    return land_of(board, player.territory, player.roads)


def land_of(board: SkyeBoard, territory: tuple[Placed, ...], roads: tuple[RoadPiece, ...]) -> Land:
    key = (id(board), territory, roads)
    hit = _cache.get(key)
    if hit is not None and hit[0] is board:
        _cache.move_to_end(key)
        return hit[1]
    made = Land(board, territory, roads)
    _cache[key] = (board, made)
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return made
