"""Journeyman plans: reading markers, checking a plan when it is sealed (J-M2–J-M5), and carrying it
out (J-M4–J-M6, J-T1–J-T5). One walker does both: strictly (any fault refuses the plan) or
leniently (J-M5: a marker that can no longer be reached is dropped, an advance no longer allowed is
skipped, and the walk goes on).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from rules.errors import BadInput, IllegalMove, PlayerError
from rules.messages import Msg, Plural, joined
from rules.skye import notation
from rules.skye.land import Land, Pos, land
from rules.skye.model import TRACKS
from rules.skye.progress import advance, movement, price, usable
from rules.skye.state import JourneyPlan, Marker, SkyeState, Walk, with_player

MAX_MARKERS = 5


def read_markers(state: SkyeState, seat: int, texts: tuple[str, ...]) -> tuple[Marker, ...]:
    """Markers from "TILE" or "TILE:TRACK" texts (J-M2 checks the count and one per tile)."""
    if len(texts) > MAX_MARKERS:
        raise BadInput(Msg("A plan has at most {most} markers, not {n}.", most=MAX_MARKERS, n=len(texts)))
    return tuple(notation.marker(state, seat, text) for text in texts)


def legs(lnd: Land, start: Pos, tiles: list[Pos] | tuple[Pos, ...]) -> list[int | None]:
    """The movement points of each leg from `start` through `tiles` in order (None: unreachable)."""
    here, out = start, []
    for pos in tiles:
        out.append(lnd.cost(here, pos) if pos in lnd.cells else None)
        here = pos
    return out


def cheapest_order(lnd: Land, start: Pos, tiles: list[Pos]) -> tuple[tuple[Pos, ...], int]:
    """The order of visiting `tiles` that costs the fewest movement points (ties: as given)."""
    best: tuple[tuple[Pos, ...], int] = (tuple(tiles), 1 << 20)
    for order in permutations(tiles):
        found = legs(lnd, start, order)
        if None in found:
            continue
        cost = sum(x for x in found if x is not None)
        if cost < best[1]:
            best = (order, cost)
    return best


def label(lnd: Land, pos: Pos) -> str:
    """A tile as texts name it: "L12 (2,1)", "the castle"."""
    return Msg("the castle") if pos == (0, 0) else f"{lnd.ids[pos]} ({pos[0]},{pos[1]})"


@dataclass
class Outcome:
    """A plan carried out (or tried): the state after it, the walk and what happened in words."""

    state: SkyeState
    walk: Walk
    lines: list[str] = field(default_factory=list)
    used: int = 0
    points: int = 0


def points_for(state: SkyeState, seat: int, extra: bool) -> int:
    """Movement points for a walk (J-M3), refusing `extra` without an Extra Movement tile to spend."""
    base = movement(state, seat)
    if not extra:
        return base
    held = usable(state, seat, "movement")
    if held is None:
        if any(state.board.progress.bonus_by_id[h.bonus].effect == "movement" for h in state.players[seat].held):
            raise IllegalMove(Msg("Your Extra Movement tile was gained in this phase; use it from the next phase on."))
        raise IllegalMove(Msg("You have no Extra Movement tile to spend."))
    return base + state.board.progress.bonus_by_id[held.bonus].movement


def check_shape(state: SkyeState, seat: int, plan: JourneyPlan) -> None:
    """J-M2: no more markers than the seat has, at most one per tile."""
    have = state.players[seat].markers
    if len(plan.markers) > have:
        raise IllegalMove(Plural("You have {n} waypoint marker, not {planned}.",
                                  "You have {n} waypoint markers, not {planned}.", have, planned=len(plan.markers)))
    seen: set[Pos] = set()
    for marker in plan.markers:
        pos = (marker.x, marker.y)
        if pos in seen:
            where = Msg("the castle") if pos == (0, 0) else Msg("the tile at {x},{y}", x=pos[0], y=pos[1])
            raise IllegalMove(Msg("Only one waypoint marker may lie on a tile; {where} has two.", where=where))
        seen.add(pos)


def walk(state: SkyeState, seat: int, plan: JourneyPlan, strict: bool) -> Outcome:
    """Walk the plan from the journeyman's tile. Strict: refuse with IllegalMove at the first fault.
    Lenient (J-M5): drop what no longer fits and go on."""
    points = points_for(state, seat, plan.extra) if strict else _lenient_points(state, seat, plan)
    lnd = land(state.board, state.players[seat])
    here = state.players[seat].journeyman
    path = [here]
    used = 0
    legs: list[int] = []
    collected: list[Marker] = []
    dropped: list[Marker] = []
    lines: list[str] = []
    for i, marker in enumerate(plan.markers, 1):
        pos = (marker.x, marker.y)
        if pos not in lnd.cells:
            if strict:
                raise IllegalMove(Msg("Marker {i}: you have no tile at {x},{y}.", i=i, x=pos[0], y=pos[1]))
            dropped.append(marker)
            lines.append(Msg("marker {i} at {x},{y} dropped: no tile there", i=i, x=pos[0], y=pos[1]))
            continue
        leg = lnd.cost(here, pos)
        if leg is None or used + leg > points:
            if strict:
                need = " + ".join(str(n) for n in (*legs, leg))
                raise IllegalMove(Msg("Marker {i} on {tile} cannot be reached: your markers need {need} = {total} "
                                      "movement points but you have {points}.", i=i, tile=label(lnd, pos), need=need,
                                      total=used + (leg or 0), points=points))
            dropped.append(marker)
            lines.append(Msg("marker {i} on {tile} dropped: out of reach", i=i, tile=label(lnd, pos)))
            continue
        used += leg
        legs.append(leg)
        path.extend(lnd.route(here, pos))
        here = pos
        if not marker.track:
            collected.append(marker)
            lines.append(Msg("collects marker {i} on {tile} without advancing", i=i, tile=label(lnd, pos)))
            continue
        track_i = TRACKS.index(marker.track)
        try:
            cost = price(state, seat, track_i, "marker", lnd, pos)
        except PlayerError as refusal:
            if strict:
                raise IllegalMove(Msg("Marker {i} on {tile}: {why}", i=i, tile=label(lnd, pos),
                                      why=refusal.message)) from None
            collected.append(Marker(marker.x, marker.y, ""))
            lines.append(Msg("collects marker {i} on {tile} but cannot advance: {why}", i=i, tile=label(lnd, pos),
                             why=refusal.message))
            continue
        state, said = advance(state, seat, track_i, cost)
        collected.append(marker)
        lines.append(Msg("collects marker {i} on {tile}: {said}", i=i, tile=label(lnd, pos), said=said))
    state = with_player(state, seat, journeyman=here)
    return Outcome(state, Walk(seat, tuple(path), tuple(collected), tuple(dropped)), lines, used, points)


def _lenient_points(state: SkyeState, seat: int, plan: JourneyPlan) -> int:
    try:
        return points_for(state, seat, plan.extra)
    except PlayerError:
        return movement(state, seat)


def check(state: SkyeState, seat: int, plan: JourneyPlan) -> Outcome:
    """J-M5 at submission: the plan as sealed must fit and every named advance must be allowed."""
    check_shape(state, seat, plan)
    return walk(state, seat, plan, strict=True)


def carry_out(state: SkyeState, seat: int, plan: JourneyPlan, name: str) -> tuple[SkyeState, Walk, list[str]]:
    """Carry out a revealed plan (J-M5 leniency), spend Extra Movement if the plan used it."""
    spend = usable(state, seat, "movement") if plan.extra else None
    outcome = walk(state, seat, plan, strict=False)
    state = outcome.state
    if spend is not None:
        held = list(state.players[seat].held)
        held.remove(spend)
        state = with_player(state, seat, held=tuple(held))
    lnd = land(state.board, state.players[seat])
    head = Plural("{name}'s journeyman ({n} movement point, Extra Movement spent)",
                  "{name}'s journeyman ({n} movement points, Extra Movement spent)", outcome.points, name=name) \
        if spend else Plural("{name}'s journeyman ({n} movement point)", "{name}'s journeyman ({n} movement points)",
                             outcome.points, name=name)
    if not plan.markers:
        return state, outcome.walk, [Msg("{head} stays on {tile}.", head=head,
                                         tile=label(lnd, state.players[seat].journeyman))]
    end = label(lnd, state.players[seat].journeyman)
    text = Msg("{head}: {walk}; ends on {tile} ({n} used).", head=head, walk=joined(outcome.lines, "; "), tile=end,
               n=outcome.used)
    return state, outcome.walk, [text]

