"""Where a group of units can go in one maneuver (G-M1–G-M9, G-E1), and checking a maneuver.

The search is Dijkstra over (hex, whether the free entry into an own city or castle is used).
A step costs what the group's units pay to enter the hex (G-M2, G-M8, G-M9):
- a vessel in the group: water only, 1 per hex; land units moving with it are carried (they
  enter a hex holding a vessel: ferry, 0);
- otherwise, a hex holding or next to one of the player's vessels that is not moving: 0 (ferry);
  unexplored: 2 (military groups only); mountains and swamp: 2; other land: 1, or 0 for the
  first own city or castle entered; sea: the peasants' 2 when every land unit may enter sea;
  anything else cannot be entered.
Hexes holding another player's units or structures are never entered (G-M3). A path that enters
an unexplored province stays in it and ends there (the claimed hex).

Drops and pick-ups (G-M6, G-M7) split the path into stages: the group's make-up, and the
vessels standing still, change at each stop; the budget is the slowest of all units moved,
counted from the start, plus 1 when marching (G-M1, G-M4).
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass

from rules.errors import BadInput, IllegalMove
from rules.frozen import FrozenDict
from rules.glory import words
from rules.glory.board import LAND1, LAND2, SEA, UNEXPLORED, Board
from rules.glory.state import (
    Army,
    GloryState,
    Plan,
    Stop,
    Units,
    add_units,
    short_of,
    slowest,
    take_units,
    terrain_codes,
    total,
    units_text,
    unpacked,
)
from rules.messages import Msg, Plural, capitalised

MAX_PATH = 60
MAX_WAYPOINTS_SEARCHED = 4  # past this, a maneuver with stops needs an explicit path
BIG = 1 << 30
PACKING = ("", "pack", "unpack")


@dataclass
class Ground:
    """What a seat's maneuvers see of the map now: terrain codes, hexes held by others, own
    cities and castles, own armies and vessels."""

    board: Board
    code: list[int]
    blocked: bytearray
    forts: bytearray
    armies: dict[int, Army]
    vessels: dict[int, int]


@dataclass(frozen=True)
class Caps:
    """What a group can do: has vessels, has land units, has a military unit, and the cost for
    all its land units to enter sea (0: some cannot)."""

    vessel: bool
    land: bool
    military: bool
    sea_cost: int


@dataclass
class Stage:
    """One leg of a maneuver: the group's make-up, its capabilities, the vessels standing still
    (by hex index) and the hexes they ferry to."""

    units: Units
    caps: Caps
    sources: dict[int, int]
    zone: bytearray


@dataclass(frozen=True)
class Route:
    """Where a group can end: the cost, a cheapest route (hexes after the start), and whether
    the end is a claimed hex in an unexplored province."""

    cost: int
    route: tuple[str, ...]
    explore: bool = False


def ground(state: GloryState, seat: int) -> Ground:
    board = state.board
    code = list(terrain_codes(state))
    size = len(code)
    blocked, forts = bytearray(size), bytearray(size)
    index = board.index
    armies: dict[int, Army] = {}
    vessels: dict[int, int] = {}
    types = board.unit_types
    for s, player in enumerate(state.players):
        for name, army in player.armies.items():
            i = index[name]
            if s != seat:
                blocked[i] = 1
                continue
            armies[i] = army
            n = sum(c for u, c in army.units.items() if types[u].kind == "vessel")
            if n:
                vessels[i] = n
    for name, structure in state.structures.items():
        i = index[name]
        if structure.owner == seat:
            forts[i] = 1
        else:
            blocked[i] = 1
    return Ground(board, code, blocked, forts, armies, vessels)


def caps(board: Board, units: Units) -> Caps:
    types = [board.unit_types[name] for name in units]
    land = [u for u in types if u.kind == "land"]
    sea = 0
    if land and all(u.sea_cost for u in land):
        sea = max(u.sea_cost or 0 for u in land)
    return Caps(any(u.kind == "vessel" for u in types), bool(land), any(u.military for u in types), sea)


def vessels_in(board: Board, units: Units) -> int:
    return sum(n for name, n in units.items() if board.unit_types[name].kind == "vessel")


def zone_of(g: Ground, sources: dict[int, int]) -> bytearray:
    zone = bytearray(len(g.code))
    nbrs = g.board.nbrs
    for i, n in sources.items():
        if n > 0:
            zone[i] = 1
            for j in nbrs[i]:
                zone[j] = 1
    return zone


# --- the search --------------------------------------------------------------------------------


def _search(g: Ground, stage: Stage, seeds: dict[int, int], budget: int) -> tuple[dict[int, int], dict[int, int]]:
    """Dijkstra over nodes (hex index × 2 + free-fort-used) from `seeds` (node → cost)."""
    code, nbrs, blocked, forts = g.code, g.board.nbrs, g.blocked, g.forts
    prov = g.board.province_of
    zone = stage.zone
    c0 = stage.caps
    vessel, military, sea_cost = c0.vessel, c0.military, c0.sea_cost
    dist = dict(seeds)
    parent = dict.fromkeys(seeds, -1)
    heap = [(c, n) for n, c in seeds.items()]
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        c, node = pop(heap)
        if c > dist[node]:
            continue
        i, used = node >> 1, node & 1
        inside = code[i] == UNEXPLORED
        for j in nbrs[i]:
            if blocked[j] or (inside and prov[j] != prov[i]):
                continue
            t = code[j]
            fort = False
            if t == UNEXPLORED:
                if vessel or not military:
                    continue
                step = 0 if zone[j] else 2
            elif t >= SEA:
                if vessel:
                    step = 1
                elif zone[j]:
                    step = 0
                elif t == SEA and sea_cost:
                    step = sea_cost
                else:
                    continue
            else:
                if vessel:
                    continue
                if zone[j]:
                    step = 0
                else:
                    step = t
                    fort = forts[j] != 0 and not used
            nc = c + step
            if nc <= budget:
                n2 = j * 2 + used
                if nc < dist.get(n2, BIG):
                    dist[n2] = nc
                    parent[n2] = node
                    push(heap, (nc, n2))
            if fort:
                n2 = j * 2 + 1
                if c < dist.get(n2, BIG):
                    dist[n2] = c
                    parent[n2] = node
                    push(heap, (c, n2))
    return dist, parent


def _staged(g: Ground, start: int, stages: list[Stage], waypoints: list[int], budget: int
            ) -> list[tuple[dict[int, int], dict[int, int]]] | None:
    """Run the stages in order; stage k must reach waypoint k. None when one cannot."""
    results = []
    seeds = {start * 2: 0}
    for k, stage in enumerate(stages):
        dist, parent = _search(g, stage, seeds, budget)
        results.append((dist, parent))
        if k < len(waypoints):
            w = waypoints[k]
            seeds = {n: dist[n] for n in (w * 2, w * 2 + 1) if n in dist}
            if not seeds:
                return None
    return results


def _route(results: list[tuple[dict[int, int], dict[int, int]]], node: int) -> list[int]:
    """Hex indices from the start (excluded) to `node`, through every stage."""
    path: list[int] = []
    for _, parent in reversed(results):
        while parent[node] != -1:
            path.append(node >> 1)
            node = parent[node]
    path.reverse()
    return path


# --- stages from a group and its stops ----------------------------------------------------------


@dataclass
class Trip:
    """A group and its stops checked against the state, ready to search: the stages per order of
    stops, the budget and what packing costs."""

    start: int
    group: Units
    stops: dict[int, Stop]
    budget: int
    pack_cost: int
    limit: str  # why the budget is what it is, for refusals
    frozen: bool = False  # unpacked units in the group: it can only stay
    stranding: str = ""  # why the units left at the start could not stay there: the group can only stay


def _stages(g: Ground, trip: Trip, order: list[int]) -> list[Stage]:
    """The stages for visiting the stops in `order`; BadInput/IllegalMove if a drop is impossible."""
    board = g.board
    sources = dict(g.vessels)
    sources[trip.start] = sources.get(trip.start, 0) - vessels_in(board, trip.group)
    units = dict(trip.group)
    stages = [Stage(units, caps(board, units), dict(sources), zone_of(g, sources))]
    for w in order:
        stop = trip.stops[w]
        name = board.names[w]
        units = add_units(units, stop.pick)
        lacking = short_of(board, units, stop.drop)
        if lacking is not None:
            raise IllegalMove(Msg("At {hex} the army has {units}: it cannot drop {lacking}.", hex=name,
                                  units=units_text(board, units), lacking=lacking))
        units = take_units(units, stop.drop)
        if not units:
            raise IllegalMove(Msg("Dropping {units} at {hex} leaves no unit to go on.",
                                  units=units_text(board, stop.drop), hex=name))
        sources[w] = sources.get(w, 0) - vessels_in(board, stop.pick) + vessels_in(board, stop.drop)
        stages.append(Stage(units, caps(board, units), dict(sources), zone_of(g, sources)))
    return stages


def prepare(state: GloryState, g: Ground, seat: int, army_name: str, units: Units | None,
            stops: dict[str, Stop], march: bool, pack: str, moving: bool) -> Trip:
    """Check the army, the group and its stops (not the route) and work out the budget."""
    board = state.board
    start = board.index[army_name]
    army = g.armies.get(start)
    if army is None:
        raise IllegalMove(Msg("You have no army at {hex}.", hex=army_name))
    if army.cubes:
        raise IllegalMove(Msg("Your army at {hex} is depleted: it cannot maneuver again this round.", hex=army_name))
    group = dict(units) if units else dict(army.units)
    lacking = short_of(board, army.units, group)
    if lacking is not None:
        raise IllegalMove(Msg("Your army at {hex} has {units}: it cannot move {lacking}.", hex=army_name,
                              units=units_text(board, army.units), lacking=lacking))
    if not isinstance(pack, str) or pack not in PACKING:
        raise BadInput(Msg("Packing is 'pack', 'unpack' or nothing, not {pack}.", pack=repr(str(pack)[:20])))
    taken = _taken(army, group)
    still = unpacked(board, taken)
    pack_cost = 0
    if pack == "pack":
        if not still:
            raise IllegalMove(Msg("Nothing to pack: the group has no unpacked units that pack."))
        pack_cost = 1
    elif still and moving:
        raise IllegalMove(Plural("{units} is unpacked and cannot move: pack first (packing costs 1 movement point).",
                                 "{units} are unpacked and cannot move: pack first (packing costs 1 movement point).",
                                 total(still), units=capitalised(units_text(board, still))))
    if pack == "unpack":
        packed_picks = any(board.unit_types[n].packing for stop in stops.values() for n in stop.pick)
        if not taken.packed and not packed_picks:
            raise IllegalMove(Msg("Nothing to unpack: the group has no packed units."))
        pack_cost = 1
    checked: dict[int, Stop] = {}
    moved = dict(group)
    for name, stop in stops.items():
        w = board.index[name]
        if w == start:
            raise IllegalMove(Msg("{hex} is where the army starts: units left there are simply not moved.", hex=name))
        if g.code[w] == UNEXPLORED:
            raise IllegalMove(Msg("{hex} is in an unexplored province: nothing can be dropped or picked up there.",
                                  hex=name))
        if stop.pick:
            there = g.armies.get(w)
            if there is None:
                raise IllegalMove(Msg("You have no army at {hex} to pick units up from.", hex=name))
            if there.cubes:
                raise IllegalMove(Msg("Your army at {hex} is depleted: its units cannot be picked up this round.",
                                      hex=name))
            lacking = short_of(board, there.units, stop.pick)
            if lacking is not None:
                raise IllegalMove(Msg("Your army at {hex} has {units}: it cannot give {lacking}.", hex=name,
                                      units=units_text(board, there.units), lacking=lacking))
            stuck = unpacked(board, _taken(there, stop.pick))
            if stuck:
                raise IllegalMove(Plural("{units} at {hex} is unpacked and cannot be picked up.",
                                         "{units} at {hex} are unpacked and cannot be picked up.", total(stuck),
                                         units=capitalised(units_text(board, stuck)), hex=name))
            stranded = left_behind(g, there.units, stop.pick, w)
            if stranded:
                raise IllegalMove(Msg("Units cannot be picked up there: {why}; {rule}.", why=stranded, rule=STRANDED))
            moved = add_units(moved, stop.pick)
        checked[w] = stop
    slow = slowest(board, moved)
    budget = slow.movement + (1 if march else 0)
    said = {"unit": words.singular(slow.name)}
    limit = Plural("its slowest unit, the {unit}, has {n} movement point, +1 for marching",
                   "its slowest unit, the {unit}, has {n} movement points, +1 for marching", slow.movement, **said) \
        if march else Plural("its slowest unit, the {unit}, has {n} movement point",
                             "its slowest unit, the {unit}, has {n} movement points", slow.movement, **said)
    return Trip(start, group, checked, budget, pack_cost, limit, frozen=bool(still) and pack != "pack",
                stranding=left_behind(g, army.units, group, start))


STRANDED = "land units stand on water only aboard one of your vessels (peasants may stand on sea)"


def left_behind(g: Ground, army: Units, moved: Units, at: int) -> str:
    """What would be stranded at hex `at` when `moved` leave the army there (G-M8, G-M9, ruling 8),
    in words ("1 swordsman would stay on the ocean at C12 without a vessel"), or ""."""
    rest = take_units(army, moved)
    if not rest or standable(g, rest, at, {}, vessels_in(g.board, rest) > 0) is None:
        return ""
    said = {"units": units_text(g.board, rest), "hex": g.board.names[at]}
    return Msg("{units} would stay on the sea at {hex} without a vessel", **said) if g.code[at] == SEA else \
        Msg("{units} would stay on the ocean at {hex} without a vessel", **said)


def _taken(army: Army, units: Units) -> Army:
    packed = {k: min(n, army.packed.get(k, 0)) for k, n in units.items() if army.packed.get(k)}
    return Army(FrozenDict(units), FrozenDict(packed))


def standable(g: Ground, units: Units, at: int, sources: dict[int, int], has_vessel: bool) -> str | None:
    """Why `units` cannot end a maneuver on hex `at` (None: they can)."""
    board = g.board
    t = g.code[at]
    name = board.names[at]
    if t == UNEXPLORED:
        return None
    water = t >= SEA
    for unit_name in units:
        unit = board.unit_types[unit_name]
        if unit.kind == "vessel":
            if not water:
                return Msg("{hex} is land: vessels stay on sea and ocean hexes", hex=name)
        elif water and not has_vessel and sources.get(at, 0) <= 0 and not (t == SEA and unit.sea_cost):
            return Msg("{hex} is sea: {units} may end there only aboard one of your vessels", hex=name,
                       units=unit.said) if t == SEA else \
                Msg("{hex} is ocean: {units} may end there only aboard one of your vessels", hex=name, units=unit.said)
    return None


def reach(state: GloryState, seat: int, army_name: str, units: Units | None = None,
              stops: dict[str, Stop] | None = None, march: bool = False, pack: str = "") -> dict[str, Route]:
    """Every hex the group can end on (claimed hexes of unexplored provinces included), with the
    cheapest cost and a route. Stops are visited in the cheapest order. Raises PlayerError if the
    group or a stop is not possible at all."""
    g = ground(state, seat)
    trip = prepare(state, g, seat, army_name, units, stops or {}, march, pack, moving=bool(stops))
    return _ends(g, trip)


def _orders(trip: Trip) -> list[list[int]]:
    waypoints = list(trip.stops)
    if len(waypoints) > MAX_WAYPOINTS_SEARCHED:
        raise BadInput(Msg("With more than {most} stops, give the maneuver's path.", most=MAX_WAYPOINTS_SEARCHED))
    return [list(p) for p in itertools.permutations(waypoints)]


def _ends(g: Ground, trip: Trip) -> dict[str, Route]:
    board = g.board
    budget = trip.budget - trip.pack_cost
    best: dict[int, tuple[int, int, list[tuple[dict[int, int], dict[int, int]]]]] = {}
    first_error: Exception | None = None
    ok = False
    if budget < 0:
        return {}
    if trip.frozen or trip.stranding:
        return {board.names[trip.start]: Route(0, ())}
    for order in _orders(trip):
        try:
            stages = _stages(g, trip, order)
            _check_drops(g, trip, order, stages)
        except IllegalMove as error:
            first_error = first_error or error
            continue
        ok = True
        results = _staged(g, trip.start, stages, order, budget)
        if results is None:
            continue
        last = stages[-1]
        dist = results[-1][0]
        for node, cost in dist.items():
            i = node >> 1
            if i in best and best[i][0] <= cost:
                continue
            if i == trip.start and not order:
                best[i] = (cost, node, results)
                continue
            if g.code[i] == UNEXPLORED:
                if not last.caps.military:
                    continue
            elif standable(g, last.units, i, last.sources, last.caps.vessel) is not None:
                continue
            if any(i == w for w in order):
                continue  # stops are never the end
            best[i] = (cost, node, results)
    if not ok and first_error is not None:
        raise first_error
    ends = {}
    for i, (cost, node, results) in sorted(best.items(), key=lambda item: (item[1][0], item[0])):
        route = tuple(board.names[j] for j in _route(results, node))
        ends[board.names[i]] = Route(cost, route, g.code[i] == UNEXPLORED)
    if trip.start not in best and not trip.stops:
        ends[board.names[trip.start]] = Route(0, ())
    return ends


# --- checking one maneuver ------------------------------------------------------------------------


def plan(state: GloryState, seat: int, army_name: str, units: Units | None, to: str, path: tuple[str, ...] | None,
         stops: dict[str, Stop], march: bool, pack: str) -> Plan:
    """Check a maneuver and return its plan (the full path, stops in path order, cost, budget),
    or raise a PlayerError saying what is wrong."""
    board = state.board
    g = ground(state, seat)
    moving = bool(path) or to != army_name
    trip = prepare(state, g, seat, army_name, units, stops, march, pack, moving)
    if moving and trip.stranding:
        group = units_text(board, trip.group)
        raise IllegalMove(Msg("{units} cannot leave {hex} alone: {why}; {rule}. Take them along.",
                              units=capitalised(group), hex=army_name, why=trip.stranding,
                              rule=STRANDED))
    if not moving:
        if stops:
            raise IllegalMove(Msg("A maneuver that does not move has nowhere to drop or pick up units."))
        if trip.pack_cost > trip.budget:
            raise IllegalMove(Msg("Packing costs 1 movement point but this group has {budget}.", budget=trip.budget))
        return Plan(seat=seat, start=army_name, group=FrozenDict(trip.group), path=(army_name,), march=march, pack=pack,
                    cost=trip.pack_cost, budget=trip.budget)
    end = board.index[to]
    if end in trip.stops:
        raise IllegalMove(Msg("{hex} is the destination: units are not dropped there, and armies there merge with "
                              "the arriving one.", hex=to))
    if path:
        indices, cost, order = _follow(g, trip, [board.index[h] for h in path])
    else:
        _check_end(g, trip, end, to)
        indices, cost, order = _cheapest(g, trip, end, to, max(0, trip.budget - trip.pack_cost))
    stages = _stages(g, trip, order)
    last = stages[-1]
    if g.code[end] == UNEXPLORED:
        if not last.caps.military:
            raise IllegalMove(Msg("Only armies with a military unit may enter an unexplored province."))
    else:
        reason = standable(g, last.units, end, last.sources, last.caps.vessel)
        if reason is not None and end != trip.start:
            raise IllegalMove(Msg("The army cannot end there: {why}.", why=reason))
    _check_drops(g, trip, order, stages)
    total = cost + trip.pack_cost
    if total > trip.budget:
        points = Plural("{n} movement point", "{n} movement points", cost)
        raise IllegalMove(Msg("Reaching {hex} costs {points} (packing costs 1 more) but this army has {budget}: "
                              "{limit}.", hex=to, points=points, budget=trip.budget, limit=trip.limit)
                          if trip.pack_cost else
                          Msg("Reaching {hex} costs {points} but this army has {budget}: {limit}.", hex=to,
                              points=points, budget=trip.budget, limit=trip.limit))
    full = (army_name, *(board.names[i] for i in indices))
    ordered = tuple(trip.stops[w] for w in order)
    return Plan(seat=seat, start=army_name, group=FrozenDict(trip.group), path=full, stops=ordered, march=march,
                pack=pack, cost=total, budget=trip.budget)


def _check_drops(g: Ground, trip: Trip, order: list[int], stages: list[Stage]) -> None:
    """Refuse drops of units that cannot stand where they are left (rule: land units on water only
    aboard a vessel, vessels on water)."""
    for k, w in enumerate(order):
        drop = trip.stops[w].drop
        if drop:
            reason = standable(g, drop, w, stages[k + 1].sources, False)
            if reason is not None:
                raise IllegalMove(Msg("Units cannot be dropped there: {why}.", why=reason))


def _check_end(g: Ground, trip: Trip, end: int, to: str) -> None:
    """Refuse, saying why, a destination the group can never end on (before looking for a route)."""
    if g.blocked[end]:
        raise IllegalMove(Msg("{hex} holds another player's units or structures: you may not stop there.", hex=to))
    try:
        final = _stages(g, trip, list(trip.stops))[-1]
    except IllegalMove:
        return  # said better once the stops are ordered
    if g.code[end] == UNEXPLORED:
        if final.caps.vessel:
            raise IllegalMove(Msg("{hex} is unexplored: vessels stay on known sea and ocean hexes.", hex=to))
        if not final.caps.military:
            raise IllegalMove(Msg("Only armies with a military unit may enter an unexplored province."))
    elif end != trip.start:
        reason = standable(g, final.units, end, final.sources, final.caps.vessel)
        if reason is not None:
            raise IllegalMove(Msg("The army cannot end there: {why}.", why=reason))


def _cheapest(g: Ground, trip: Trip, end: int, to: str, budget: int) -> tuple[list[int], int, list[int]]:
    """The cheapest route to `end` within `budget`; past it, the cheapest at all (for the refusal)."""
    try:
        return _cheapest_within(g, trip, end, to, budget)
    except IllegalMove:
        return _cheapest_within(g, trip, end, to, BIG)


def _cheapest_within(g: Ground, trip: Trip, end: int, to: str, budget: int) -> tuple[list[int], int, list[int]]:
    board = g.board
    found: tuple[int, list[int], list[int]] | None = None
    first_error: Exception | None = None
    for order in _orders(trip):
        try:
            stages = _stages(g, trip, order)
            _check_drops(g, trip, order, stages)
        except IllegalMove as error:
            first_error = first_error or error
            continue
        results = _staged(g, trip.start, stages, order, budget)
        if results is None:
            continue
        dist = results[-1][0]
        nodes = [n for n in (end * 2, end * 2 + 1) if n in dist]
        if not nodes:
            continue
        node = min(nodes, key=lambda n: dist[n])
        if found is None or dist[node] < found[0]:
            found = (dist[node], _route(results, node), order)
    if found is None:
        if first_error is not None:
            raise first_error
        units = units_text(board, trip.group)
        raise IllegalMove(Msg("No route through {via} lets {units} reach {hex}: other players' units and structures "
                              "block the way, or the terrain cannot be entered.",
                              via=", ".join(board.names[w] for w in trip.stops), units=units, hex=to)
                          if trip.stops else
                          Msg("No route lets {units} reach {hex}: other players' units and structures block the way, "
                              "or the terrain cannot be entered.", units=units, hex=to))
    cost, indices, order = found
    return indices, cost, order


def _follow(g: Ground, trip: Trip, steps: list[int]) -> tuple[list[int], int, list[int]]:
    """Walk an explicit path: every step adjacent and enterable; the stops are met in path order."""
    board = g.board
    if len(steps) > MAX_PATH:
        raise BadInput(Msg("A path has at most {most} hexes.", most=MAX_PATH))
    order: list[int] = []
    for i in steps:
        if i in trip.stops and i not in order:
            order.append(i)
    missing = [board.names[w] for w in trip.stops if w not in order]
    if missing:
        raise IllegalMove(Msg("The path does not pass {hexes}, where units are dropped or picked up.",
                              hexes=", ".join(missing)))
    stages = _stages(g, trip, order)
    k = 0
    here = trip.start
    cost = 0
    fort_costs = [0]
    pending = list(order)
    for n, j in enumerate(steps):
        stage = stages[k]
        name = board.names[j]
        if j not in board.nbrs[here]:
            raise IllegalMove(Msg("{hex} is not next to {here} (step {n} of the path).", hex=name,
                                  here=board.names[here], n=n + 1))
        if g.code[here] == UNEXPLORED and board.province_of[j] != board.province_of[here]:
            raise IllegalMove(Msg("A maneuver that enters an unexplored province ends there, on the claimed hex."))
        step, fort = _enter(g, stage, j)
        cost += step
        if fort:
            fort_costs.append(step)
        here = j
        if pending and j == pending[0]:
            pending.pop(0)
            k += 1
    return steps, cost - max(fort_costs), order


def _enter(g: Ground, stage: Stage, j: int) -> tuple[int, bool]:
    """What the group pays to enter hex j, and whether it is an own city or castle (free once)."""
    board = g.board
    name = board.names[j]
    if g.blocked[j]:
        raise IllegalMove(Msg("{hex} holds another player's units or structures: you may not pass through or stop "
                              "there.", hex=name))
    t = g.code[j]
    c = stage.caps
    if t == UNEXPLORED:
        if c.vessel:
            raise IllegalMove(Msg("{hex} is unexplored: vessels stay on known sea and ocean hexes.", hex=name))
        if not c.military:
            raise IllegalMove(Msg("Only armies with a military unit may enter an unexplored province."))
        return (0 if stage.zone[j] else 2), False
    if t >= SEA:
        if c.vessel:
            return 1, False
        if stage.zone[j]:
            return 0, False
        if t == SEA and c.sea_cost:
            return c.sea_cost, False
        raise IllegalMove(Msg("{hex} is sea. Peasants may enter sea hexes; other land units cross water only by "
                              "ferry, from a hex with or next to one of your vessels.", hex=name) if t == SEA else
                          Msg("{hex} is ocean. Land units cross water only by ferry, from a hex with or next to one "
                              "of your vessels.", hex=name))
    if c.vessel:
        raise IllegalMove(Msg("{hex} is land: vessels stay on sea and ocean hexes.", hex=name))
    if stage.zone[j]:
        return 0, False
    assert t in (LAND1, LAND2)
    return t, bool(g.forts[j])

# --- landing after exploring ---------------------------------------------------------------------


def landing_problem(state: GloryState, plan_: Plan, codes: dict[int, int] | None = None) -> str | None:
    """Why the plan's group cannot move onto its claimed hex once the province's terrain is known
    (G-E2 condition 2, G-E3); None when it can. `codes` overrides terrain codes by hex index (a
    rotation being considered); without it the state's terrain is used."""
    board = state.board
    g = ground(state, plan_.seat)
    if codes:
        for i, c in codes.items():
            g.code[i] = c
    index = board.index
    order = [index[s.hex] for s in plan_.stops]
    trip = Trip(index[plan_.start], dict(plan_.group), {index[s.hex]: s for s in plan_.stops}, plan_.budget, 0, "")
    last = _stages(g, trip, order)[-1]
    path = [index[h] for h in plan_.path]
    province = board.province_of[path[-1]]
    for j in path[1:]:
        if board.province_of[j] != province:
            continue
        try:
            _enter(g, last, j)
        except IllegalMove as error:
            return error.message
    return standable(g, last.units, path[-1], last.sources, last.caps.vessel)
