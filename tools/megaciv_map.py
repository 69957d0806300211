"""Generate the shipped Mega Civilization area maps from fixed seeds (anyone can rebuild them).

    python -m tools.megaciv_map            # rewrite data/megaciv/maps/*.json
    python -m tools.megaciv_map --check    # exit 1 if a committed map differs from the generator's

A map is drawn on a grid of pointy-top hexagons. Noise and a few blobs decide land and water; land
hexes are grouped into compact areas (graph Voronoi with Lloyd relaxation), deep water (hexes not
touching land) into open-sea areas. An area's polygon is the outline of its hexes with every hex
corner nudged by a fixed pseudo-random offset, so neighbours share borders exactly. Coastal areas
are water-adjacent when their coastal water hexes touch; a coastal area and an open sea when their
water touches. Population limits, city sites, start areas and regions follow from fixed seeds.
Only the standard library is used; the output is byte-for-byte reproducible.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import deque
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "data" / "megaciv" / "maps"
CIVS = ROOT / "data" / "megaciv" / "civilizations.json"
SQRT3 = math.sqrt(3)

Cell = tuple[int, int]  # (column, row), odd rows shifted right by half a hex


@dataclass(frozen=True)
class Spec:
    """What one map is made of."""

    name: str
    title: str
    min_players: int
    max_players: int
    seed: int
    cols: int
    rows: int
    size: int  # hex radius in pixels
    land: float  # share of the grid that is land
    area_cells: float  # land hexes per area, on average
    sea_cells: float  # deep-water hexes per open-sea area, on average
    blobs: tuple[tuple[float, float, float, float], ...]  # (x, y, radius, weight) in grid fractions
    regions: str  # "civs": one homeland per civilization; "compass": six compass regions
    islands: int  # islands sprinkled in deep water


SPECS = (
    Spec("pelagos", "Pelagos", 2, 6, 1701, cols=30, rows=23, size=30, land=0.55, area_cells=4.6, sea_cells=9,
         blobs=((0.5, 0.5, 0.16, -1.6), (0.2, 0.3, 0.3, 0.8), (0.78, 0.28, 0.28, 0.8), (0.5, 0.85, 0.3, 0.7),
                (0.85, 0.75, 0.2, 0.5)),
         regions="compass", islands=4),
    Spec("oikumene", "Oikumene", 2, 18, 4242, cols=66, rows=44, size=28, land=0.57, area_cells=5.0, sea_cells=11,
         blobs=((0.45, 0.52, 0.13, -1.7), (0.72, 0.45, 0.07, -1.2), (0.2, 0.45, 0.3, 0.8), (0.5, 0.2, 0.3, 0.7),
                (0.8, 0.25, 0.25, 0.8), (0.55, 0.85, 0.32, 0.8), (0.9, 0.7, 0.2, 0.6), (0.08, 0.85, 0.12, -0.6)),
         regions="civs", islands=9),
)

SYLLABLES = (
    "ka", "ra", "tel", "mon", "zu", "ish", "ar", "bel", "dor", "eph", "gal", "hor", "il", "jor", "kes", "lam",
    "mer", "nis", "or", "pel", "sab", "tar", "ul", "vel", "yar", "zin", "an", "bo", "ces", "da", "el", "fa",
    "ga", "he", "im", "la", "ma", "na", "os", "pa", "ri", "sa", "te", "u", "va", "xe", "ath", "bar", "cor",
    "dul", "en", "far", "gor", "hal", "kir", "lun", "mos", "nar", "pyr", "ros", "sil", "tor", "ur", "vas",
)


# --- hex geometry -------------------------------------------------------------------------


def neighbours(cell: Cell) -> list[Cell]:
    """The six neighbours in edge order: E, SE, SW, W, NW, NE (edge i faces 60·i degrees)."""
    c, r = cell
    if r % 2 == 0:
        return [(c + 1, r), (c, r + 1), (c - 1, r + 1), (c - 1, r), (c - 1, r - 1), (c, r - 1)]
    return [(c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r), (c, r - 1), (c + 1, r - 1)]


class Geometry:
    def __init__(self, spec: Spec):
        self.spec = spec
        self.margin = spec.size * 1.2
        self.width = math.ceil(self.margin * 2 + SQRT3 * spec.size * (spec.cols + 0.5))
        self.height = math.ceil(self.margin * 2 + spec.size * (1.5 * (spec.rows - 1) + 2))

    def centre(self, cell: Cell) -> tuple[float, float]:
        c, r = cell
        s = self.spec.size
        return (self.margin + SQRT3 * s * (c + 0.5 + 0.5 * (r % 2)), self.margin + s * (1 + 1.5 * r))

    def corner(self, cell: Cell, i: int) -> tuple[int, int]:
        """Corner i of a hex (between edges i-1 and i) as a lattice key in half-pixel units."""
        x, y = self.centre(cell)
        angle = math.radians(60 * i - 30)
        return round((x + self.spec.size * math.cos(angle)) * 2), round((y + self.spec.size * math.sin(angle)) * 2)


def jittered(key: tuple[int, int], seed: int, amount: float) -> tuple[int, int]:
    """A corner's drawn position: its lattice point moved by a fixed pseudo-random offset."""
    rng = random.Random(key[0] * 1_000_003 + key[1] * 7919 + seed * 31)
    angle, dist = rng.random() * math.tau, amount * math.sqrt(rng.random())
    return round(key[0] / 2 + dist * math.cos(angle)), round(key[1] / 2 + dist * math.sin(angle))


# --- land and water -------------------------------------------------------------------------


def value_noise(rng: random.Random, cols: int, rows: int, step: int) -> dict[Cell, float]:
    """Smooth noise in [0, 1) over the grid, from a coarse lattice every `step` cells."""
    lattice = {(i, j): rng.random() for i in range(cols // step + 3) for j in range(rows // step + 3)}
    out = {}
    for c in range(cols):
        for r in range(rows):
            fx, fy = (c + 0.5 * (r % 2)) / step, r / step
            i, j = int(fx), int(fy)
            tx, ty = fx - i, fy - j
            tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
            top = lattice[i, j] * (1 - tx) + lattice[i + 1, j] * tx
            bottom = lattice[i, j + 1] * (1 - tx) + lattice[i + 1, j + 1] * tx
            out[c, r] = top * (1 - ty) + bottom * ty
    return out


def land_mask(spec: Spec, rng: random.Random) -> set[Cell]:
    cols, rows = spec.cols, spec.rows
    octaves = [(value_noise(rng, cols, rows, 7), 1.0), (value_noise(rng, cols, rows, 3), 0.6),
               (value_noise(rng, cols, rows, 2), 0.3)]
    score: dict[Cell, float] = {}
    for c in range(cols):
        for r in range(rows):
            x, y = (c + 0.5) / cols, (r + 0.5) / rows
            edge = min(x, 1 - x, y, 1 - y)
            value = sum(n[c, r] * w for n, w in octaves) / 1.9 * 2.2
            value += sum(w * math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * br * br)) for bx, by, br, w in spec.blobs)
            value -= max(0.0, 0.22 - edge) * 7  # ocean towards the edge
            score[c, r] = value
    ranked = sorted(score, key=lambda cell: (-score[cell], cell))
    land = set(ranked[: round(len(ranked) * spec.land)])
    water = set(score) - land
    # fill lakes: water not connected to the edge of the grid becomes land
    edge_water = {cell for cell in water if cell[0] in (0, cols - 1) or cell[1] in (0, rows - 1)}
    ocean = _flood(edge_water, water)
    for lake in _components(water - ocean):
        if len(lake) < 14:
            land |= lake  # a small lake is land
        else:
            land -= _strait(lake, land, ocean)  # a large one is an inland sea with a strait to the ocean
    # drop specks of land of one hex
    for part in _components(land):
        if len(part) == 1:
            land -= part
    # a few islands in deep water
    far = [cell for cell in sorted(set(score) - land)
           if min(cell[0], cell[1], cols - 1 - cell[0], rows - 1 - cell[1]) >= 2
           and all(n not in land for m in neighbours(cell) for n in [m, *neighbours(m)])]
    for cell in rng.sample(far, min(len(far), spec.islands)):
        if all(n not in land for m in neighbours(cell) for n in neighbours(m)):
            island = {cell, *rng.sample(neighbours(cell), rng.choice((1, 2, 3)))}
            land |= {c for c in island if c in score}
    return land


def _strait(lake: set[Cell], land: set[Cell], ocean: set[Cell]) -> set[Cell]:
    """The land cells of a shortest channel from an inland sea to the ocean."""
    came: dict[Cell, Cell | None] = {cell: None for cell in lake}
    queue = deque(sorted(lake))
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n in ocean:
                path = set()
                while cell not in lake:
                    path.add(cell)
                    cell = came[cell]  # type: ignore[assignment]
                return path
            if n in land and n not in came:
                came[n] = cell
                queue.append(n)
    return set()


def _flood(starts: set[Cell], within: set[Cell]) -> set[Cell]:
    seen, queue = set(starts), deque(sorted(starts))
    while queue:
        for n in neighbours(queue.popleft()):
            if n in within and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def _components(cells: set[Cell]) -> list[set[Cell]]:
    left, parts = set(cells), []
    for cell in sorted(cells):
        if cell in left:
            part = _flood({cell}, left)
            left -= part
            parts.append(part)
    return parts


def partition(cells: set[Cell], per_area: float, rng: random.Random, geo: Geometry) -> list[set[Cell]]:
    """Compact connected groups of about `per_area` cells: graph Voronoi with Lloyd relaxation,
    per connected component (a component smaller than two areas is one area)."""
    groups: list[set[Cell]] = []
    for part in _components(cells):
        count = max(1, round(len(part) / per_area))
        if count == 1:
            groups.append(part)
            continue
        seeds = rng.sample(sorted(part), count)
        for _ in range(8):
            owner = _voronoi(seeds, part)
            seeds = []
            for members in owner.values():
                cx = sum(geo.centre(m)[0] for m in members) / len(members)
                cy = sum(geo.centre(m)[1] for m in members) / len(members)
                seeds.append(min(sorted(members), key=lambda m: _dist2(geo.centre(m), (cx, cy))))
        groups += [set(m) for m in _voronoi(seeds, part).values()]
    return _absorb_enclosed(groups)


def _voronoi(seeds: list[Cell], part: set[Cell]) -> dict[Cell, list[Cell]]:
    owner: dict[Cell, Cell] = {s: s for s in seeds}
    queue = deque(seeds)
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n in part and n not in owner:
                owner[n] = owner[cell]
                queue.append(n)
    found: dict[Cell, list[Cell]] = {s: [] for s in seeds}
    for cell, seed in owner.items():
        found[seed].append(cell)
    return {s: m for s, m in found.items() if m}


def _absorb_enclosed(groups: list[set[Cell]]) -> list[set[Cell]]:
    """Merge tiny groups and any group whose every neighbour belongs to one other group."""
    changed = True
    while changed:
        changed = False
        index = {cell: i for i, g in enumerate(groups) for cell in g}
        for i, group in enumerate(groups):
            around = {index.get(n) for cell in group for n in neighbours(cell) if n not in group}
            land_around = around - {None}
            if (len(around) == 1 and None not in around) or (len(group) == 1 and land_around):
                target = min(land_around, key=lambda j: (len(groups[j]), j))
                groups[target] |= group
                groups[i] = set()
                changed = True
                break
        groups = [g for g in groups if g]
    return groups


# --- outlines ----------------------------------------------------------------------------------


def border(group: set[Cell], geo: Geometry) -> list[list[tuple[int, int]]]:
    """The group's border loops as lattice corner keys (more than one: the group has a hole)."""
    edges: dict[tuple[int, int], tuple[int, int]] = {}
    for cell in group:
        for i, n in enumerate(neighbours(cell)):
            if n not in group:
                edges[geo.corner(cell, i)] = geo.corner(cell, (i + 1) % 6)
    loops = []
    while edges:
        start = min(edges)
        loop, here = [start], edges.pop(start)
        while here != start:
            loop.append(here)
            here = edges.pop(here)
        loops.append(loop)
    return loops


def without_holes(groups: list[set[Cell]], geo: Geometry) -> list[set[Cell]]:
    """Split every group that rings a hole (open sea round an island) in two, left and right."""
    out, todo = [], list(groups)
    while todo:
        group = todo.pop()
        loops = border(group, geo)
        if len(loops) == 1:
            out.append(group)
            continue
        hole = min(loops[1:], key=len)
        split = sum(k[0] for k in hole) / len(hole) / 2
        halves = [{c for c in group if geo.centre(c)[0] < split}, {c for c in group if geo.centre(c)[0] >= split}]
        todo += [part for half in halves for part in _components(half)]
    return out


def outline(group: set[Cell], geo: Geometry, seed: int, skip: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The group's border as one polygon (corners nudged consistently across neighbours; corners in
    `skip` left out: both sides of a border leave out the same ones)."""
    loops = border(group, geo)
    if len(loops) != 1:
        raise ValueError("an area with a hole")  # without_holes prevents it
    loop = [key for key in loops[0] if key not in skip] or loops[0]
    amount = geo.spec.size * 0.28
    points = [jittered(key, seed, amount) for key in loop]
    return [p for i, p in enumerate(points) if p != points[i - 1]]


def thinning(groups: dict[str, set[Cell]], geo: Geometry, land: set[Cell]) -> set[tuple[int, int]]:
    """Corners that may be left out of outlines: those inside a border between exactly two land
    areas or two stretches of water (coasts keep every corner), most of them by a fixed pattern."""
    owners: dict[tuple[int, int], list[str]] = {}
    wet: dict[tuple[int, int], set[bool]] = {}
    owner = {cell: name for name, group in groups.items() for cell in group}
    for c in range(-1, geo.spec.cols + 1):
        for r in range(-1, geo.spec.rows + 1):
            for i in range(6):
                key = geo.corner((c, r), i)
                owners.setdefault(key, []).append(owner.get((c, r), "water"))
                wet.setdefault(key, set()).add((c, r) in land)
    return {key for key, found in owners.items()
            if len(found) == 3 and len(set(found)) == 2 and len(wet[key]) == 1 and (key[0] * 7 + key[1] * 13) % 5 < 3}


def simple(points: list[tuple[int, int]]) -> bool:
    """Whether a polygon's edges cross nowhere but at shared corners of neighbouring edges."""
    def cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    n = len(points)
    if n < 3 or len(set(points)) != n:
        return False
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            (p1, p2), (q1, q2) = edges[i], edges[j]
            d1, d2, d3, d4 = cross(q1, q2, p1), cross(q1, q2, p2), cross(p1, p2, q1), cross(p1, p2, q2)
            if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 * d2 * d3 * d4 != 0:
                return False
    return True


def _dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def inside_point(group: set[Cell], geo: Geometry) -> tuple[int, int]:
    """The centre of the group's hex nearest its middle (always inside the polygon)."""
    cx = sum(geo.centre(c)[0] for c in group) / len(group)
    cy = sum(geo.centre(c)[1] for c in group) / len(group)
    best = min(sorted(group), key=lambda c: (geo.centre(c)[0] - cx) ** 2 + (geo.centre(c)[1] - cy) ** 2)
    x, y = geo.centre(best)
    return round(x), round(y)


# --- names ------------------------------------------------------------------------------------


def names(rng: random.Random, count: int, avoid: set[str]) -> list[str]:
    out: list[str] = []
    taken = {a.lower() for a in avoid}
    while len(out) < count:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.choice((2, 2, 2, 3))))
        if not 4 <= len(word) <= 9 or word in taken or word[-1] in "aeiou" and rng.random() < 0.3:
            continue
        taken.add(word)
        out.append(word.capitalize())
    return out


# --- the map -------------------------------------------------------------------------------------


def generate(spec: Spec) -> dict:
    rng = random.Random(spec.seed)
    geo = Geometry(spec)
    land = land_mask(spec, rng)
    grid = {(c, r) for c in range(spec.cols) for r in range(spec.rows)}
    water = grid - land
    coast_water = {w for w in water if any(n in land for n in neighbours(w))}
    deep = water - coast_water
    land_groups = sorted(partition(land, spec.area_cells, rng, geo), key=lambda g: min(g, key=lambda c: (c[1], c[0])))
    deep_groups = [g for g in without_holes(partition(deep, spec.sea_cells, rng, geo), geo) if len(g) >= 3]
    deep_groups.sort(key=lambda g: min(g, key=lambda c: (c[1], c[0])))
    civs = json.loads(CIVS.read_text(encoding="utf-8"))
    civ_names = {c["name"] for c in civs}
    land_names = names(rng, len(land_groups), civ_names)
    sea_names = [f"{n}-Sea" for n in names(rng, len(deep_groups), civ_names | set(land_names))]

    cell_area: dict[Cell, str] = {}
    for name, group in zip(land_names, land_groups):
        for cell in group:
            cell_area[cell] = name
    for name, group in zip(sea_names, deep_groups):
        for cell in group:
            cell_area[cell] = name
    groups = dict(zip(land_names, land_groups)) | dict(zip(sea_names, deep_groups))

    # adjacency
    land_pairs: set[tuple[str, str]] = set()
    for cell in land:
        for n in neighbours(cell):
            if n in land and cell_area[n] != cell_area[cell]:
                land_pairs.add(tuple(sorted((cell_area[cell], cell_area[n]))))  # type: ignore[arg-type]
    wet: dict[str, set[Cell]] = {}
    for name, group in zip(land_names, land_groups):
        part = {n for cell in group for n in neighbours(cell) if n in coast_water}
        if part:
            wet[name] = part
    water_pairs: set[tuple[str, str]] = set()
    wet_names = sorted(wet)
    for i, a in enumerate(wet_names):
        reach = wet[a] | {n for w in wet[a] for n in neighbours(w)}
        for b in wet_names[i + 1:]:
            if reach & wet[b]:
                water_pairs.add((a, b))
        for n in reach:
            if n in deep and n in cell_area:
                water_pairs.add(tuple(sorted((a, cell_area[n]))))  # type: ignore[arg-type]
    for cell in deep:
        for n in neighbours(cell):
            if n in deep and cell in cell_area and n in cell_area and cell_area[n] != cell_area[cell]:
                water_pairs.add(tuple(sorted((cell_area[cell], cell_area[n]))))  # type: ignore[arg-type]

    # population limits and city sites
    land_next: dict[str, set[str]] = {n: set() for n in land_names}
    for a, b in land_pairs:
        land_next[a].add(b)
        land_next[b].add(a)
    fertility = value_noise(rng, spec.cols, spec.rows, 3)
    soil: dict[str, float] = {}
    for name, group in zip(land_names, land_groups):
        soil[name] = sum(fertility[c] for c in group) / len(group)
        soil[name] += 0.12 * (name in wet) + rng.uniform(-0.25, 0.25) + min(len(group), 8) * 0.02
    ranked = sorted(land_names, key=lambda n: (soil[n], n))
    shares = (0.06, 0.18, 0.30, 0.26, 0.13, 0.07)  # of areas with limit 0, 1, 2, 3, 4, 5
    limits: dict[str, int] = {}
    for i, name in enumerate(ranked):
        share = (i + 0.5) / len(ranked)
        limits[name] = next(k for k in range(6) if share < sum(shares[: k + 1]) or k == 5)
    for name in land_names:
        if not land_next[name]:
            limits[name] = max(limits[name], 1)  # an island can always hold people
    sites: set[str] = set()
    for name in sorted(land_names, key=lambda n: (-limits[n], rng.random())):
        if limits[name] >= 2 and not land_next[name] & sites and len(sites) < len(land_names) * 0.3:
            sites.add(name)

    # start areas: spread out coastal areas that can hold people, one pair per civilization
    centres = {n: inside_point(g, geo) for n, g in groups.items()}
    candidates = [n for n in land_names if n in wet and limits[n] >= 2 and len(land_next[n]) >= 2]
    order = sorted(civs, key=lambda c: c["ast"])
    middle = (geo.width / 2, geo.height / 2)
    chosen = [max(candidates, key=lambda n: _dist2(centres[n], middle))]
    while len(chosen) < len(order):
        chosen.append(max((n for n in candidates if n not in chosen),
                          key=lambda n: min(_dist2(centres[n], centres[m]) for m in chosen)))
    chosen.sort(key=lambda n: math.atan2(centres[n][1] - geo.height / 2, centres[n][0] - geo.width / 2))
    used = set(chosen)
    starts = []
    for civ, first in zip(order, chosen):
        second = sorted((n for n in land_next[first] if n not in used and limits[n] >= 1),
                        key=lambda n: (-limits[n], n))
        areas = [first, *second[:1]]
        used.update(areas)
        starts.append({"civ": civ["name"], "areas": areas})

    # regions
    if spec.regions == "civs":
        regions = [s["civ"] for s in starts]
        homes = {s["civ"]: centres[s["areas"][0]] for s in starts}
    else:
        regions = ["East", "Southeast", "Southwest", "West", "Northwest", "Northeast"]
        rx, ry = geo.width * 0.36, geo.height * 0.36
        homes = {r: (middle[0] + rx * math.cos(math.radians(60 * i)), middle[1] + ry * math.sin(math.radians(60 * i)))
                 for i, r in enumerate(regions)}
    region_of = {n: min(regions, key=lambda r: _dist2(centres[n], homes[r])) for n in groups}

    # drawing
    skip = thinning(groups, geo, land)
    outlines: dict[str, list[tuple[int, int]]] = {}
    while True:
        outlines = {name: outline(group, geo, spec.seed, skip) for name, group in groups.items()}
        tangled = [name for name, points in outlines.items() if not simple(points)]
        if not tangled:
            break
        skip -= {key for name in tangled for loop in border(groups[name], geo) for key in loop}
    areas = []
    for name in [*land_names, *sea_names]:
        group = groups[name]
        shape = " ".join(f"{x},{y}" for x, y in outlines[name])
        area: dict = {"name": name, "kind": "land" if name in land_names else "sea", "region": region_of[name],
                      "limit": limits.get(name, 0), "city_site": name in sites, "coastal": name in wet,
                      "label": list(centres[name]), "shape": shape}
        if name in wet:
            ports = sorted(wet[name], key=lambda w: (sum(1 for n in neighbours(w) if n in group) * -1,
                                                      len({cell_area.get(n) for n in neighbours(w) if n in land}), w))
            px, py = geo.centre(ports[0])
            area["port"] = [round(px), round(py)]
        areas.append(_trim(area))
    return {
        "name": spec.name, "title": spec.title, "min_players": spec.min_players, "max_players": spec.max_players,
        "width": geo.width, "height": geo.height, "regions": regions, "areas": areas,
        "land": sorted([list(p) for p in land_pairs]), "water": sorted([list(p) for p in water_pairs]),
        "starts": starts,
    }


def _trim(area: dict) -> dict:
    """Leave out fields at their defaults (limit 0, no city site, not coastal)."""
    order = ("name", "kind", "region", "limit", "city_site", "coastal", "label", "port", "shape")
    defaults = {"limit": 0, "city_site": False, "coastal": False}
    return {k: area[k] for k in order if k in area and defaults.get(k, object()) != area[k]}


def render(data: dict) -> str:
    """The map as its file text: one area, adjacency pair list or start per line."""
    def one(value: object) -> str:
        return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)

    head = ",\n".join(f"  {one(k)}: {one(data[k])}" for k in
                      ("name", "title", "min_players", "max_players", "width", "height", "regions"))
    areas = ",\n".join(f"    {one(a)}" for a in data["areas"])
    starts = ",\n".join(f"    {one(s)}" for s in data["starts"])
    pairs = {k: ",\n".join("    " + ", ".join(one(p) for p in data[k][i:i + 6]) for i in range(0, len(data[k]), 6))
             for k in ("land", "water")}
    return (f"{{\n{head},\n  \"areas\": [\n{areas}\n  ],\n  \"land\": [\n{pairs['land']}\n  ],\n"
            f"  \"water\": [\n{pairs['water']}\n  ],\n  \"starts\": [\n{starts}\n  ]\n}}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed maps; write nothing")
    args = parser.parse_args(argv)
    differ = []
    for spec in SPECS:
        text = render(generate(spec))
        path = MAPS / f"{spec.name}.json"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if differ:
        print(f"differs from the generator: {', '.join(differ)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
