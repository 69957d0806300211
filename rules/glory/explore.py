"""Exploring (G-E1–G-E5): reveal the top province tile, ask its rotation, place it, land or
stay, place a relic, flip an event card and put a voting cube on it."""

from __future__ import annotations

import re
from collections.abc import Callable
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
from rules.messages import Msg, capitalised, joined, listed
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
    return Msg("tile {name} ({title})", name=tile.name, title=tile.title)


def begin(state: GloryState, p: Plan, left: int | None) -> Result[GloryState]:
    """The maneuver claimed a hex of an unexplored province: flip the top tile (not undoable) and
    ask its player the rotation among those G-E2 allows (a blocking decision, even when only one
    is allowed: the player sees the tile before it is placed); `left`: the action cubes left after
    paying for it, None when it was free."""
    board = state.board
    province = board.province_names[board.province_of[board.index[p.end]]]
    tile = state.province_deck[0]
    moved = man.paid(man.describe(state, p, exploring=True), left)
    if tile == HIDDEN:  # a player's view (trying the maneuver): the tile is not known there, nor its rotations
        return Result(replace(state, province_deck=state.province_deck[1:]),
                      Msg("{moved}, claiming {hex}; the top province tile is revealed", moved=moved, hex=p.end),
                      undoable=False)
    options = allowed_rotations(state, p, province, tile)
    shown = tile_text(board.tile_named[tile])
    revealed = Msg("{moved}, claiming {hex}; revealed {tile} for the province at {province}", moved=moved, hex=p.end,
                   tile=shown, province=province)
    state = replace(state, province_deck=state.province_deck[1:],
                    exploring=Exploration(p, province, tile, options))
    labels = [label(k) for k in options]
    who = colour(state, p.seat)
    if len(labels) == 1:
        asks = Msg("{name} places it: only rotation {rotation} is allowed", name=who, rotation=labels[0])
    else:
        asks = Msg("{name} chooses its rotation: {rotations}", name=who, rotations=listed(labels, "or"))
    return Result(state, joined([revealed, asks], "; "), (revealed, asks), undoable=False)


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
    shown = tile_text(tile)
    problem = landing_problem(state, p)
    if problem is None:
        state, phrases = man.carry_out(state, p)
        landed = Msg("the army moved onto {hex}", hex=p.end)
    else:
        state, stayed = man.stay(state, p)
        phrases = [stayed]
        landed = Msg("the army cannot move onto {hex} ({why})", hex=p.end, why=_first_clause(problem))
    placed = Msg("{name} placed {tile} at {province}, rotation {rotation}: {landed}", name=who, tile=shown,
                 province=pending.province, rotation=label(rotation), landed=landed)
    state, relic = _relic(state, pending.province, tile, rotation)
    state, flipped, event = _event(state, p.seat)
    at = p.end if problem is None else p.start
    details = (placed, *phrases, capitalised(relic), *event, *man.reach_report(state, p.seat, at))
    summary = joined([placed, relic, flipped, *event[1:]], "; ")  # the card's own line is in the details
    return Result(state, summary, details, undoable=False)


def _first_clause(problem: str) -> str:
    """What a landing problem says about the hex ("D8 is sea"), without the advice to the player
    that follows (the result is read by everyone): a catalog message where the problem's first
    clause is one (`CLAUSES`), else the English cut."""
    if isinstance(problem, Msg):
        made = CLAUSES.get(re.split(r"[.:]", problem.template, maxsplit=1)[0])
        if made is not None:
            return made(str(problem.params.get("hex", "")))
    return re.split(r"[.:]", problem, maxsplit=1)[0]


CLAUSES: dict[str, Callable[[str], Msg]] = {  # the first clauses of `moves.landing_problem`'s problems
    "{hex} is land": lambda at: Msg("{hex} is land", hex=at),
    "{hex} is sea": lambda at: Msg("{hex} is sea", hex=at),
    "{hex} is ocean": lambda at: Msg("{hex} is ocean", hex=at),
    "{hex} is unexplored": lambda at: Msg("{hex} is unexplored", hex=at),
    "{hex} holds another player's units or structures":
        lambda at: Msg("{hex} holds another player's units or structures", hex=at),
    "Only armies with a military unit may enter an unexplored province":
        lambda _: Msg("only armies with a military unit may enter an unexplored province"),
}


def _relic(state: GloryState, province: str, tile: Tile, rotation: int) -> tuple[GloryState, str]:
    """G-E4: a solid symbol gets a relic while any remain to place; an outlined one only when the
    relics still to place outnumber the unexplored provinces left."""
    left = relics_to_place(state)
    if tile.relic == "none":
        return state, Msg("the tile shows no relic symbol")
    symbol = Msg("outlined") if tile.relic == "outlined" else Msg("solid")
    if left <= 0 or not state.relic_bag:
        return state, Msg("the tile's {symbol} relic symbol gets no relic: all {n} are placed", symbol=symbol,
                          n=len(state.seats) + 1)
    unexplored = len(unexplored_provinces(state))
    if tile.relic == "outlined" and left <= unexplored:
        return state, Msg("the tile's outlined relic symbol gets no relic: an outlined symbol gets one only while more "
                          "relics are left to place ({left}) than provinces are left unexplored ({unexplored})",
                          left=left, unexplored=unexplored)
    members = state.board.province_hexes[state.board.province_index[province]]
    at = state.board.names[members[hexes.rotated_position(tile.relic_at, rotation)]]
    relic = state.relic_bag[0]
    state = replace(state, relic_bag=state.relic_bag[1:], relics=state.relics.with_item(at, relic))
    return state, Msg("a relic was drawn for the {symbol} symbol: {relic}, placed on {hex}", symbol=symbol,
                      relic=relic, hex=at)


def _event(state: GloryState, seat: int) -> tuple[GloryState, str, list[str]]:
    """G-E5: flip the top event card into the row (a full row of three starts another) and put
    one of the player's voting cubes from the bank on it: the state after, what was flipped (as a
    summary says it) and the lines for the details."""
    if not state.event_deck:
        return state, Msg("the event deck is empty"), [Msg("The event deck is empty: no event card is flipped")]
    if state.event_deck[0] == HIDDEN:  # a player's view (trying the rotation): the card is not known there
        flipped = Msg("the top event card is flipped")
        return replace(state, event_deck=state.event_deck[1:]), flipped, [capitalised(flipped)]
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
    left = state.players[seat].voting_cubes
    cube = (Msg("{name} put a voting cube on it ({n} left in the bank)", name=colour(state, seat), n=left) if votes
            else Msg("{name} has no voting cube left in the bank to put on it", name=colour(state, seat)))
    flipped = Msg("event {title} ({card}) flipped into row {row}, card {n}", title=card.title, card=card.name,
                  row=len(rows), n=len(rows[-1]))
    return state, flipped, [Msg("{event}: {text}", event=capitalised(flipped), text=card.text), cube]


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
