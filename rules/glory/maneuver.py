"""The maneuver action: read it, check it (rules/glory/moves.py), pay for it, then carry it out
(rules/glory/landing.py) or explore (rules/glory/explore.py)."""

from __future__ import annotations

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove
from rules.frozen import FrozenDict
from rules.glory import explore
from rules.glory.actions import Maneuver
from rules.glory.landing import carry_out, describe, oversized, paid, reach_report
from rules.glory.moves import MAX_PATH, plan
from rules.glory.state import GloryState, Plan, Stop, changed, read_units, terrain_at
from rules.guards import seated
from rules.messages import Msg, capitalised

MAX_STOPS = 24


def maneuver(state: GloryState, actor: Actor, action: Maneuver) -> Result[GloryState]:
    """G-M1–G-M9 and, into an unexplored province, G-E1 and the reveal of G-E2."""
    seat = seated(actor)
    paying = state.maneuvers >= 1
    checked = planned(state, seat, action, paying)
    cubes = state.players[seat].action_cubes
    spent = {"action_cubes": cubes - 1} if paying else {}
    left = cubes - 1 if paying else None
    if terrain_at(state, checked.end) is None:
        return explore.begin(changed(state, seat, spent, maneuvers=state.maneuvers + 1), checked, left)
    moved = paid(describe(state, checked), left)
    state, phrases = carry_out(state, checked, spent, maneuvers=state.maneuvers + 1)
    details = [moved, *phrases, *reach_report(state, seat, checked.end)]
    return Result(state, moved, tuple(details))


def planned(state: GloryState, seat: int, action: Maneuver, paying: bool = False) -> Plan:
    """The maneuver read and checked (G-M1–G-M9; paying: it costs an action cube): its plan, or a
    PlayerError saying what is wrong. Nothing changes."""
    board = state.board
    army = board.parse(action.army)
    if not isinstance(action.to, str) or not isinstance(action.path, (tuple, list)):
        raise BadInput(Msg("Name the destination and the path's hexes like D7."))
    if len(action.path) > MAX_PATH:
        raise BadInput(Msg("A path has at most {most} hexes.", most=MAX_PATH))
    path = tuple(board.parse(h) for h in action.path)
    to = board.parse(action.to) if action.to else (path[-1] if path else army)
    if path and path[-1] != to:
        raise BadInput(Msg("The path ends at {end}, not at the destination {hex}.", end=path[-1], hex=to))
    if not isinstance(action.units, (tuple, list)):
        raise BadInput(Msg("List the units to move as unit and count pairs."))
    units = read_units(board, action.units, Msg("the units to move")) if action.units else None
    stops = read_stops(state, action.drops, action.pickups)
    if not isinstance(action.march, bool):
        raise BadInput(Msg("March is on or off."))
    player = state.players[seat]
    if paying and player.action_cubes < 1:
        raise IllegalMove(Msg("Another maneuver this turn costs an action cube and you have none left: end your turn."))
    checked = plan(state, seat, army, units, to, path or None, stops, action.march, action.pack)
    too_many = oversized(state, checked)
    if too_many:
        raise IllegalMove(Msg("{why}.", why=capitalised(too_many)))
    if terrain_at(state, checked.end) is None and not state.province_deck:
        raise IllegalMove(Msg("The province deck is empty: no province can be explored."))
    return checked


def read_stops(state: GloryState, drops: tuple[tuple[str, str, int], ...],
               pickups: tuple[tuple[str, str, int], ...]) -> dict[str, Stop]:
    """Drops and pick-ups as stops by hex, in the order their hexes are first listed."""
    board = state.board
    if not isinstance(drops, (tuple, list)) or not isinstance(pickups, (tuple, list)):
        raise BadInput(Msg("List drops and pick-ups as (hex, unit, count)."))
    if len(drops) + len(pickups) > MAX_STOPS:
        raise BadInput(Msg("List at most {most} drops and pick-ups.", most=MAX_STOPS))
    found: dict[str, tuple[list[tuple[str, int]], list[tuple[str, int]]]] = {}
    for which, entries in ((0, drops), (1, pickups)):
        for entry in entries:
            if not isinstance(entry, (tuple, list)) or len(entry) != 3:
                raise BadInput(Msg("List drops and pick-ups as (hex, unit, count)."))
            name = board.parse(entry[0])
            found.setdefault(name, ([], []))[which].append((entry[1], entry[2]))
    stops = {}
    for name, (drop, pick) in found.items():
        stops[name] = Stop(name, FrozenDict(read_units(board, tuple(drop), Msg("the drops at {hex}", hex=name))),
                           FrozenDict(read_units(board, tuple(pick), Msg("the pick-ups at {hex}", hex=name))))
    return stops
