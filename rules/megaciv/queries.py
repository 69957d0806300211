"""What a seat may do now, for the legal options (`rules.megaciv.options`), the looks, overlays
and benchmarks.

Every query takes the state as the seat sees it (`GAME.view(state, seat)`: others' undeclared
drafts not yet made) and answers in the names the map uses.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from rules.base import Piece, Reach
from rules.errors import PlayerError
from rules.megaciv.actions import Move
from rules.megaciv.conflict import advances_with, attack_needs, situation
from rules.megaciv.moves import plan_move
from rules.megaciv.phase import census as census_counts
from rules.megaciv.phase import growth, movement_order
from rules.megaciv.report import CitySpot, Conflict, Report, report
from rules.megaciv.state import (
    MegaState,
    Step,
    city_owner,
    name,
    party_name,
    powers,
)
from rules.messages import Msg, Plural, listed

__all__ = [
    "AROUND", "AreaInfo", "Destination", "Mover", "ShipInfo", "area_info", "attack_needs", "can_move", "canon",
    "city_spots",
    "conflicts", "destinations", "draft_steps", "expansion", "focus_areas", "focuses", "movable", "mover",
    "nearby", "order", "phase_report", "reached", "ship_reach", "ships", "vias", "water_paths",
]


# --- names ---------------------------------------------------------------------------------------


def canon(state: MegaState, text: str) -> str | None:
    """An area's name as the map spells it (any case; spaces and hyphens ignored); None if unknown."""
    return state.board.canon(text) if isinstance(text, str) else None


# --- order and census ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mover:
    seat: int
    name: str
    census: int
    declared: bool


def order(state: MegaState) -> list[Mover]:
    """The movement order with census: this phase's (fixed when it began), or between phases the
    order the next phase would have now."""
    if state.moving:
        return [Mover(s, name(state, s), state.census[s], state.players[s].declared) for s in state.order]
    counts = census_counts(state)
    return [Mover(s, name(state, s), counts[s], False) for s in movement_order(state)]


# --- tokens ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Destination:
    """Where tokens from an area can move now: `count` of them, in `steps` (via `via` for two)."""

    area: str
    steps: int
    via: str
    count: int


def movable(state: MegaState, seat: int) -> list[tuple[str, int, int]]:
    """(area, tokens free to move, tokens there) for each area where the seat has tokens that can
    still move by land, in map order."""
    p = state.players[seat]
    out = []
    for area in sorted(p.tokens, key=state.board.area_index.__getitem__):
        free = p.unmoved(area) + p.once.get(area, 0)
        if free > 0:
            out.append((area, free, p.tokens[area]))
    return out


def _most(state: MegaState, seat: int, source: str, target: str, via: str, usable: int) -> int:
    """The most tokens that may make this move now (0: none)."""
    def ok(count: int) -> bool:
        try:
            plan_move(state, seat, Move(source, target, count, via))
            return True
        except PlayerError:
            return False

    if usable <= 0 or not ok(1):
        return 0
    low, high = 1, usable
    if ok(high):
        return high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if ok(middle) else (low, middle)
    return low


def destinations(state: MegaState, seat: int, source: str) -> list[Destination]:
    """Every land area tokens from `source` can move to now, with how many may go; one-step moves
    first, then Roadbuilding's two-step moves (the first `via` found for each end)."""
    board, p = state.board, state.players[seat]
    if source not in board.areas or not p.tokens.get(source):
        return []
    unmoved, once = p.unmoved(source), p.once.get(source, 0)
    found: dict[str, Destination] = {}
    for target in sorted(board.land_next[source]):
        count = _most(state, seat, source, target, "", unmoved + once)
        if count:
            found[target] = Destination(target, 1, "", count)
    if powers(state, seat).land_steps >= 2 and unmoved:
        for via in sorted(board.land_next[source]):
            for target in sorted(board.land_next[via]):
                if target == source or target in found:
                    continue
                count = _most(state, seat, source, target, via, unmoved)
                if count:
                    found[target] = Destination(target, 2, via, count)
    return list(found.values())


def can_move(state: MegaState, seat: int, source: str) -> bool:
    """Whether a token in `source` can move by land now (to any destination; `destinations` without
    counting, stopping at the first)."""
    board, p = state.board, state.players[seat]
    if source not in board.areas or not p.tokens.get(source):
        return False

    def ok(target: str, via: str = "") -> bool:
        try:
            plan_move(state, seat, Move(source, target, 1, via))
            return True
        except PlayerError:
            return False

    if any(ok(target) for target in board.land_next[source]):
        return True
    return powers(state, seat).land_steps >= 2 and p.unmoved(source) > 0 and any(
        ok(target, via) for via in board.land_next[source] for target in board.land_next[via] if target != source)


def vias(state: MegaState, seat: int, source: str, target: str) -> list[tuple[str, int]]:
    """The areas a two-step (Roadbuilding) move from `source` to `target` may pass through now,
    each with how many tokens may make it; [] without Roadbuilding or when none may."""
    board, p = state.board, state.players[seat]
    if source not in board.areas or target not in board.areas or powers(state, seat).land_steps < 2:
        return []
    unmoved = p.unmoved(source)
    out = []
    for via in sorted(board.land_next[source] & board.land_next[target]):
        count = _most(state, seat, source, target, via, unmoved)
        if count:
            out.append((via, count))
    return out


# --- ships -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShipInfo:
    number: int
    area: str | None
    status: str  # "in stock", "built", "maintained", "needs upkeep", "sailed" (as messages: shown in menus)


def ships(state: MegaState, seat: int) -> list[ShipInfo]:
    out = []
    for i, s in enumerate(state.players[seat].ships):
        if s.area is None:
            status = Msg("in stock")
        elif s.sailed:
            status = Msg("sailed")
        elif s.built:
            status = Msg("built")
        elif s.maintained:
            status = Msg("maintained")
        else:
            status = Msg("needs upkeep")
        out.append(ShipInfo(i + 1, s.area, status))
    return out


def ship_reach(state: MegaState, seat: int, ship: int) -> dict[str, tuple[str, ...]]:
    """Each area the ship can end a voyage in now, with a shortest path (the areas after its own);
    {} if it cannot sail now. Out-of-play water is passed through, never ended in."""
    if not isinstance(ship, int) or ship not in range(1, len(state.players[seat].ships) + 1):
        return {}
    s = state.players[seat].ships[ship - 1]
    if s.area is None or s.sailed or not (s.built or s.maintained):
        return {}
    return water_paths(state, seat, s.area)


def water_paths(state: MegaState, seat: int, start: str) -> dict[str, tuple[str, ...]]:
    """Shortest water paths from `start` within the seat's ship steps (M-S3)."""
    board, mover = state.board, powers(state, seat)
    paths: dict[str, tuple[str, ...]] = {start: ()}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if len(paths[here]) >= mover.ship_steps:
            continue
        for there in sorted(board.water_next[here]):
            if there in paths or (board.areas[there].kind == "sea" and not mover.open_sea):
                continue
            paths[there] = (*paths[here], there)
            queue.append(there)
    return {a: p for a, p in paths.items() if p and a not in state.out_of_play}


# --- areas -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AreaInfo:
    """What is in an area and who can enter it."""

    name: str
    kind: str
    region: str
    limit: int
    city_site: bool
    coastal: bool
    out_of_play: bool
    tokens: tuple[tuple[str, int], ...]  # (party name, count), players then barbarians
    city: str  # "" or whose city ("pirates" for a pirate city)
    ships: tuple[tuple[str, int], ...]  # (player name, ships)
    conflict: bool
    restrictions: tuple[str, ...]  # what limits entering it (out of play, Diplomacy, Cultural Ascendancy)
    from_land: tuple[tuple[str, int, int], ...]  # the seat's (area, steps, tokens) that can move in now
    by_ship: tuple[int, ...]  # the seat's ships that can reach it now


def area_info(state: MegaState, seat: int | None, area: str) -> AreaInfo | None:
    """Everything about an area for a look-up; None if the name is unknown."""
    found = canon(state, area)
    if found is None:
        return None
    board = state.board
    info = board.areas[found]
    tokens = [(name(state, i), p.tokens[found]) for i, p in enumerate(state.players) if p.tokens.get(found)]
    if state.barbarians.get(found):
        tokens.append(("barbarians", state.barbarians[found]))
    owner = city_owner(state, found)
    docked = [(name(state, i), n) for i, p in enumerate(state.players)
              if (n := sum(1 for s in p.ships if s.area == found))]
    rules: list[str] = []
    if found in state.out_of_play:
        rules.append(Msg("out of play: no token may enter it by land; ships may pass through but not stop"))
    if owner is not None and owner >= 0 and powers(state, owner).protects_cities:
        rules.append(Msg("{civ}'s city is protected: only holders of {advances} may move in unless a conflict "
                         "situation already exists there", civ=name(state, owner),
                         advances=listed(advances_with(state, "enters_protected_cities"), "or")))
    for i, p in enumerate(state.players):
        units = p.tokens.get(found) or found in p.cities or any(s.area == found for s in p.ships)
        if units and powers(state, i).protects_units:
            rules.append(Msg("{civ} has units here: only holders of {advances} may cause conflict here unless a "
                             "conflict situation already exists there", civ=name(state, i),
                             advances=listed(advances_with(state, "ignores_unit_protection"), "or")))
    land: list[tuple[str, int, int]] = []
    boats: list[int] = []
    if seat is not None and info.kind == "land":
        for source, _free, _total in movable(state, seat):
            for d in destinations(state, seat, source):
                if d.area == found:
                    land.append((source, d.steps, d.count))
        for s in ships(state, seat):
            if found in ship_reach(state, seat, s.number):
                boats.append(s.number)
    return AreaInfo(found, info.kind, info.region, info.limit, info.city_site, info.coastal,
                    found in state.out_of_play, tuple(tokens), "" if owner is None else party_name(state, owner),
                    tuple(docked), info.kind == "land" and situation(state, found), tuple(rules), tuple(land),
                    tuple(boats))


def nearby(state: MegaState, seat: int, rings: int = 1, water: bool = True) -> list[str]:
    """The areas holding the seat's tokens, cities or ships and those `rings` steps around them
    (by land, and by water unless `water` is False), for a board view around one player's pieces."""
    board, p = state.board, state.players[seat]
    around = set(p.tokens) | set(p.cities) | {s.area for s in p.ships if s.area}
    for _ in range(rings):
        around |= {n for a in around for n in (board.land_next[a] | board.water_next[a] if water
                                                 else board.land_next[a])}
    return sorted(around, key=board.area_index.__getitem__)


AROUND = "around "  # a board view around a player's pieces: "around Egypt"


def focuses(state: MegaState) -> list[tuple[str, str]]:
    """What a board view can be narrowed to, as (value, label): each region of the map, then the
    areas around each player's pieces ("around Egypt"), for players with pieces on the board."""
    board = state.board
    found: list[tuple[str, str]] = [
        (region, Plural("{region} region ({n} area)", "{region} region ({n} areas)", len(board.region_areas[region]),
                        region=region)) for region in board.map.regions if board.region_areas.get(region)]
    for seat, player in enumerate(state.players):
        if player.tokens or player.cities or any(s.area for s in player.ships):
            colour = state.seats[seat].colour
            found.append((f"{AROUND}{player.civ}", Msg("around {civ}'s pieces ({colour})", civ=player.civ,
                                                        colour=colour)))
    return found


def focus_areas(state: MegaState, focus: str | None) -> tuple[str, ...] | None:
    """The areas a board view of `focus` (a value of `focuses`, any case) frames; None for the
    whole map (no focus, or one that names nothing now). Around a player: the areas of their
    tokens, cities and ships and their neighbours by land."""
    if not isinstance(focus, str) or not focus.strip():
        return None
    wanted = focus.strip().casefold()
    board = state.board
    for region, areas in board.region_areas.items():
        if region.casefold() == wanted and areas:
            return areas
    if wanted.startswith(AROUND):
        civ = wanted[len(AROUND):].strip()
        for seat, player in enumerate(state.players):
            if player.civ.casefold() == civ:
                near = nearby(state, seat, water=False)  # neighbours over water would widen the view
                return tuple(near) if near else None
    return None


# --- the phase -------------------------------------------------------------------------------------


def conflicts(state: MegaState) -> tuple[Conflict, ...]:
    return report(state).conflicts


def city_spots(state: MegaState) -> tuple[CitySpot, ...]:
    return report(state).spots


def phase_report(state: MegaState) -> Report:
    """The phase-end report (M-X4), any time: conflict situations, city attacks, city spots."""
    return report(state)


def draft_steps(state: MegaState, seat: int) -> tuple[Step, ...]:
    """The seat's steps this phase (its draft until declared), oldest first."""
    return state.players[seat].steps


def expansion(state: MegaState, seat: int) -> tuple[dict[str, int], int]:
    """Population expansion for the seat now: tokens each area would get, and the stock."""
    return growth(state, seat), state.players[seat].stock


# --- the generic queries ---------------------------------------------------------------------------


def mover(state: MegaState, seat: int, kind: str, value: object) -> Piece:
    """How a piece a moving kind offers is shown: a token group by its area ("A"), a ship as "ship2"."""
    if kind == "sail":
        s = next((s for s in ships(state, seat) if s.number == value), None)
        area, status = (s.area or "", s.status) if s is not None else ("", "")
        return Piece(f"ship{value}", Msg("Ship {n} at {area} ({status})", n=value, area=area, status=status), area)
    free, total = next(((f, t) for a, f, t in movable(state, seat) if a == value), (0, 0))
    return Piece(str(value), Plural("{free} of {n} token in {area}", "{free} of {n} tokens in {area}", total, free=free,
                                    area=str(value)), str(value))


def reached(state: MegaState, seat: int, kind: str, piece: object, ends: set[object]) -> list[Reach]:
    """The destinations offered (`ends`, the values of a move's target or a voyage's route) with their
    costs and routes: token groups by land (cost: steps), ships by water, nearest first."""
    if kind == "sail":
        paths = ship_reach(state, seat, piece) if isinstance(piece, int) else {}
        return [Reach(a, len(p), p) for a, p in sorted(paths.items(), key=lambda x: (len(x[1]), x[0]))
                if " ".join(p) in ends]
    return [Reach(d.area, d.steps, (d.via, d.area) if d.via else (d.area,))
            for d in destinations(state, seat, str(piece)) if d.area in ends]
