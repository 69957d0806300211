"""What a seat may do now, for the legal options (`rules.glory.options`), the reports, the board
image and the tests.

Every query takes the state as the seat sees it (`GloryGame.view`: only the hidden piles'
order is gone) and answers with the hex names players type ("D7").
"""

from __future__ import annotations

from rules.errors import PlayerError
from rules.frozen import FrozenDict
from rules.glory import explore
from rules.glory.board import Board
from rules.glory.landing import in_range
from rules.glory.moves import Route
from rules.glory.moves import reach as _reach
from rules.glory.state import (
    Army,
    GloryState,
    Stop,
    Units,
    army_text,
    join_armies,
    relics_to_place,
    terrain,
    unexplored_provinces,
    units_text,
)

__all__ = [
    "Route", "armies", "reach", "explorable", "rotations", "previews", "targets", "targets_after",
    "pickup_sources", "hex_names", "units_text", "army_text", "can_maneuver", "terrain_map", "province_map",
    "unit_names", "event_cards", "relic_count", "may_pass", "cube_cost",
]


def armies(state: GloryState, seat: int, undepleted: bool = True) -> list[tuple[str, Army]]:
    """The seat's armies by hex (only undepleted ones by default), in map order."""
    index = state.board.index
    found = [(at, army) for at, army in state.players[seat].armies.items() if not (undepleted and army.cubes)]
    return sorted(found, key=lambda item: index[item[0]])


def can_maneuver(state: GloryState, seat: int) -> str | None:
    """Why the seat cannot maneuver now (None: it can)."""
    if state.exploring is not None:
        return "a revealed tile is waiting for its rotation"
    if state.turn != seat:
        return "it is not your turn"
    if state.maneuvers and state.players[seat].action_cubes < 1:
        return "another maneuver this turn costs an action cube and you have none"
    if not armies(state, seat):
        return "you have no undepleted army"
    return None


def cube_cost(state: GloryState) -> int:
    """Action cubes the next maneuver of the player on turn costs (0 or 1)."""
    return 1 if state.maneuvers else 0


def may_pass(state: GloryState, seat: int) -> bool:
    return state.turn == seat and state.maneuvers == 0 and state.exploring is None


def reach(state: GloryState, seat: int, army: str, units: Units | None = None,
              pickups: dict[str, Units] | None = None, drops: dict[str, Units] | None = None,
              march: bool = False, pack: str = "") -> dict[str, Route]:
    """Every hex the army (or the group `units` of it) can end on, with the cheapest cost and a
    route (hexes after the start), picking up and dropping along the way (stops visited in the
    cheapest order). Claimed hexes of unexplored provinces have `explore` set. {} when the army
    cannot maneuver or the group or a stop is impossible."""
    board = state.board
    try:
        at = board.parse(army)
        stops: dict[str, Stop] = {}
        for name, units_ in (pickups or {}).items():
            h = board.parse(name)
            stops[h] = Stop(h, FrozenDict(), FrozenDict(units_))
        for name, units_ in (drops or {}).items():
            h = board.parse(name)
            old = stops.get(h, Stop(h))
            stops[h] = Stop(h, FrozenDict(units_), old.pick)
        return _reach(state, seat, at, units, stops, march, pack)
    except PlayerError:
        return {}


def explorable(state: GloryState, seat: int, army: str, units: Units | None = None, march: bool = False
               ) -> dict[str, Route]:
    """The hexes of unexplored provinces the army (or group) can claim, with cost and route."""
    return {h: r for h, r in reach(state, seat, army, units, march=march).items() if r.explore}


def pickup_sources(state: GloryState, seat: int, army: str) -> list[tuple[str, Army]]:
    """The seat's other undepleted armies (whose units a maneuver of `army` may pick up)."""
    return [(at, a) for at, a in armies(state, seat) if at != army]


def rotations(state: GloryState) -> tuple[str, ...]:
    """The rotation labels the exploring player may choose now ("1"–"6"), or ()."""
    pending = state.exploring
    return () if pending is None else tuple(explore.label(k) for k in pending.options)


def previews(state: GloryState) -> list[explore.Preview]:
    """Per allowed rotation: label, terrain per hex name, relic hex and symbol, whether the army
    lands and the seas join (for a small picture of each choice)."""
    return explore.previews(state)


def targets(state: GloryState, seat: int, at: str) -> list[str]:
    """What the seat's army on `at` can attack now (other players' units and structures)."""
    army = state.players[seat].armies.get(at)
    return [] if army is None else [text for _, _, text in in_range(state, seat, at, army)]


def targets_after(state: GloryState, seat: int, army: str, to: str, units: Units | None = None) -> list[str]:
    """What the army (or group) would have within attack range after a maneuver to `to` (merged
    with the seat's army there, if any)."""
    board = state.board
    try:
        start, end = board.parse(army), board.parse(to)
    except PlayerError:
        return []
    mine = state.players[seat].armies
    if start not in mine:
        return []
    group = Army(FrozenDict(units) if units else mine[start].units, mine[start].packed)
    if end != start and end in mine:
        group = join_armies(mine[end], group, 0)
    return [text for _, _, text in in_range(state, seat, end, group)]


def hex_names(state: GloryState) -> tuple[str, ...]:
    """Every hex of the board, column by column."""
    return state.board.names


def unit_names(board: Board) -> list[tuple[str, str]]:
    """Every unit type as (name, plural)."""
    return [(u.name, u.plural) for u in board.units]


def terrain_map(state: GloryState) -> dict[str, str | None]:
    """Every hex's terrain now (None: in a province still face down)."""
    return dict(zip(state.board.names, terrain(state), strict=True))


def province_map(state: GloryState) -> list[tuple[str, tuple[str, ...], str]]:
    """Every province: its centre, its 7 hexes, and "start", "explored" or "face down"."""
    board = state.board
    down = set(unexplored_provinces(state))
    out = []
    for p, centre in enumerate(board.province_names):
        members = tuple(board.names[i] for i in board.province_hexes[p])
        status = "face down" if centre in down else ("start" if p in board.starts(len(state.seats)) else "explored")
        out.append((centre, members, status))
    return out


def event_cards(state: GloryState) -> list[list[tuple[str, str, str, dict[int, int]]]]:
    """The event rows: per card its id, title, text and voting cubes by seat."""
    named = state.board.event_named
    return [[(s.card, named[s.card].title, named[s.card].text, dict(s.votes)) for s in row] for row in state.event_rows]


def relic_count(state: GloryState) -> int:
    """Relics still to be placed this game (G-E4)."""
    return relics_to_place(state)

