"""Exploring (G-E1–G-E5): reveal the top province tile, ask its rotation, place it, land or
stay, place a relic, flip an event card and put a voting cube on it."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TypedDict

from rules import hexes
from rules.base import Actor, Result
from rules.errors import BadInput, NotYourTurn
from rules.frozen import FrozenDict
from rules.glory import landing as man
from rules.glory.actions import Choose
from rules.glory.board import CODES, Tile
from rules.glory.moves import landing_problem
from rules.glory.state import (
    HIDDEN,
    ROW,
    EventSlot,
    Exploration,
    GloryState,
    Placed,
    Plan,
    colour,
    is_water,
    relics_to_place,
    terrain,
    unexplored_provinces,
    with_player,
)
from rules.guards import seated
from rules.messages import Msg
from rules.text import either


class Preview(TypedDict):
    """One allowed rotation of the tile waiting for one, as `previews` shows it."""

    label: str  # as players name it ("1"–"6")
    rotation: int
    terrain: dict[str, str]  # per hex name of the province
    relic: str  # the relic symbol's hex, or ""
    symbol: str  # the tile's relic symbol
    lands: bool  # whether the army could land
    seas_joined: bool


def label(rotation: int) -> str:
    """How players name a rotation: "1" (as printed) to "6" (turned 300° clockwise)."""
    return str(rotation + 1)


def tile_text(tile: Tile) -> str:
    return f"tile {tile.name} ({tile.title})"


def begin(state: GloryState, p: Plan, paid: str) -> Result[GloryState]:
    """The maneuver claimed a hex of an unexplored province: flip the top tile (not undoable) and
    ask its player the rotation among those G-E2 allows (a blocking decision, even when only one
    is allowed: the player sees the tile before it is placed)."""
    board = state.board
    province = board.province_names[board.province_of[board.index[p.end]]]
    tile = state.province_deck[0]
    moved = man.describe(state, p).replace(" maneuvered ", " maneuvered toward an unexplored province: ", 1)
    if tile == HIDDEN:  # a player's view (trying the maneuver): the tile is not known there, nor its rotations
        return Result(replace(state, province_deck=state.province_deck[1:]),
                      f"{moved}{paid}, claiming {p.end}; the top province tile is revealed", undoable=False)
    options = allowed_rotations(state, p, province, tile)
    shown = tile_text(board.tile_named[tile])
    revealed = f"{moved}{paid}, claiming {p.end}; revealed {shown} for the province at {province}"
    state = replace(state, province_deck=state.province_deck[1:],
                    exploring=Exploration(p, province, tile, options))
    labels = [label(k) for k in options]
    who = colour(state, p.seat)
    if len(labels) == 1:
        asks = f"{who} places it: only rotation {labels[0]} is allowed"
    else:
        asks = f"{who} chooses its rotation: {either(labels)}"
    return Result(state, f"{revealed}; {asks}", (revealed, asks), undoable=False)


def choose(state: GloryState, actor: Actor, action: Choose) -> Result[GloryState]:
    """The exploring player picks one of the allowed rotations (G-E2); then G-E3–G-E5."""
    seat = seated(actor)
    pending = state.exploring
    if pending is None or pending.plan.seat != seat:
        raise NotYourTurn(Msg("Nobody asked you to decide anything."))
    labels = [label(k) for k in pending.options]
    choice = action.choice.strip() if isinstance(action.choice, str) else ""
    if choice not in labels:
        raise BadInput(Msg("Choose the rotation: {options}.", options=either(labels)))
    return finish(state, int(choice) - 1)


def finish(state: GloryState, rotation: int) -> Result[GloryState]:
    """Place the tile at `rotation` and resolve the exploration."""
    pending = state.exploring
    assert pending is not None
    board = state.board
    p = pending.plan
    tile = board.tile_named[pending.tile]
    state = replace(state, explored=state.explored.with_item(pending.province, Placed(pending.tile, rotation)),
                    exploring=None)
    who = colour(state, p.seat)
    placed = f"{who} placed {tile_text(tile)} at {pending.province}, rotation {label(rotation)}"
    problem = landing_problem(state, p)
    if problem is None:
        state, phrases = man.carry_out(state, p)
        landed = f"the army moved onto {p.end}"
    else:
        state, stayed = man.stay(state, p)
        phrases = [stayed]
        landed = f"the army cannot move onto {p.end} ({_first_clause(problem)})"
    state, relic = _relic(state, pending.province, tile, rotation)
    state, event = _event(state, p.seat)
    at = p.end if problem is None else p.start
    details = (f"{placed}: {landed}", *phrases, relic, *event, *man.reach_report(state, p.seat, at))
    flipped = event[0].split(": ", 1)[0]  # the card's line is in the details
    summary = "; ".join((f"{placed}: {landed}", relic[0].lower() + relic[1:], flipped[0].lower() + flipped[1:],
                         *event[1:]))
    return Result(state, summary, details, undoable=False)


def _first_clause(problem: str) -> str:
    """What a landing problem says about the hex ("D8 is sea"), without the advice to the player
    that follows (the result is read by everyone)."""
    return re.split(r"[.:]", problem, maxsplit=1)[0]


def _relic(state: GloryState, province: str, tile: Tile, rotation: int) -> tuple[GloryState, str]:
    """G-E4: a solid symbol gets a relic while any remain to place; an outlined one only when the
    relics still to place outnumber the unexplored provinces left."""
    left = relics_to_place(state)
    if tile.relic == "none":
        return state, "The tile shows no relic symbol"
    if left <= 0 or not state.relic_bag:
        return state, f"The tile's {tile.relic} relic symbol gets no relic: all {len(state.seats) + 1} are placed"
    unexplored = len(unexplored_provinces(state))
    if tile.relic == "outlined" and left <= unexplored:
        return state, (f"The tile's outlined relic symbol gets no relic: an outlined symbol gets one only while more "
                       f"relics are left to place ({left}) than provinces are left unexplored ({unexplored})")
    members = state.board.province_hexes[state.board.province_index[province]]
    at = state.board.names[members[hexes.rotated_position(tile.relic_at, rotation)]]
    relic = state.relic_bag[0]
    state = replace(state, relic_bag=state.relic_bag[1:], relics=state.relics.with_item(at, relic))
    return state, f"A relic was drawn for the {tile.relic} symbol: {relic}, placed on {at}"


def _event(state: GloryState, seat: int) -> tuple[GloryState, list[str]]:
    """G-E5: flip the top event card into the row (a full row of three starts another) and put
    one of the player's voting cubes from the bank on it."""
    if not state.event_deck:
        return state, ["The event deck is empty: no event card is flipped"]
    if state.event_deck[0] == HIDDEN:  # a player's view (trying the rotation): the card is not known there
        return replace(state, event_deck=state.event_deck[1:]), ["The top event card is flipped"]
    card = state.board.event_named[state.event_deck[0]]
    rows = state.event_rows
    if not rows or len(rows[-1]) >= ROW:
        rows = (*rows, ())
    votes: FrozenDict[int, int] = FrozenDict()
    if state.players[seat].voting_cubes > 0:
        state = with_player(state, seat, voting_cubes=state.players[seat].voting_cubes - 1)
        votes = FrozenDict({seat: 1})
    rows = (*rows[:-1], (*rows[-1], EventSlot(card.name, votes)))
    state = replace(state, event_deck=state.event_deck[1:], event_rows=rows)
    where = f"row {len(rows)}, card {len(rows[-1])}"
    left = state.players[seat].voting_cubes
    cube = (f"{colour(state, seat)} put a voting cube on it ({left} left in the bank)" if votes
            else f"{colour(state, seat)} has no voting cube left in the bank to put on it")
    return state, [f"Event {card.title} ({card.name}) flipped into {where}: {card.text}", cube[0].upper() + cube[1:]]


# --- rotations ---------------------------------------------------------------------------------


def placed_terrain(state: GloryState, province: str, tile_name: str, rotation: int) -> dict[int, str]:
    """The province's hexes (by index) and their terrain with the tile at `rotation`."""
    board = state.board
    tile = board.tile_named[tile_name]
    members = board.province_hexes[board.province_index[province]]
    return {i: tile.terrain[hexes.tile_position(pos, rotation)] for pos, i in enumerate(members)}


def seas_joined(state: GloryState, cells: dict[int, str]) -> bool:
    """G-E2 condition 1: every sea hex of the placed tile joins existing sea or ocean, directly or
    through the tile's other sea hexes."""
    board = state.board
    around = terrain(state)
    seas = {i for i, t in cells.items() if t == "sea"}
    joined = {i for i in seas if any(j not in cells and is_water(around[j]) for j in board.nbrs[i])}
    frontier = set(joined)
    while frontier:
        frontier = {j for i in frontier for j in board.nbrs[i] if j in seas} - joined
        joined |= frontier
    return joined == seas


def allowed_rotations(state: GloryState, p: Plan, province: str, tile: str) -> tuple[int, ...]:
    """G-E2 as ruled: the rotations meeting both conditions; if none, those meeting (1) (the seas
    join); if none, those meeting (2) (the army can land: "fulfil one at least"); else all six."""
    both, first, second = [], [], []
    for k in range(hexes.ROTATIONS):
        cells = placed_terrain(state, province, tile, k)
        joined = seas_joined(state, cells)
        lands = landing_problem(state, p, {i: CODES[t] for i, t in cells.items()}) is None
        if joined:
            first.append(k)
        if lands:
            second.append(k)
        if joined and lands:
            both.append(k)
    return tuple(both or first or second or range(hexes.ROTATIONS))


def previews(state: GloryState) -> list[Preview]:
    """Per allowed rotation of the tile waiting for one: its label, the terrain per hex name, the
    relic symbol's hex (or ""), and whether the army could land and the seas join."""
    pending = state.exploring
    if pending is None:
        return []
    board = state.board
    tile = board.tile_named[pending.tile]
    members = board.province_hexes[board.province_index[pending.province]]
    out: list[Preview] = []
    for k in pending.options:
        cells = placed_terrain(state, pending.province, pending.tile, k)
        relic = "" if tile.relic == "none" else board.names[members[hexes.rotated_position(tile.relic_at, k)]]
        lands = landing_problem(state, pending.plan, {i: CODES[t] for i, t in cells.items()}) is None
        out.append({"label": label(k), "rotation": k, "terrain": {board.names[i]: t for i, t in cells.items()},
                    "relic": relic, "symbol": tile.relic, "lands": lands, "seas_joined": seas_joined(state, cells)})
    return out
