"""`check_state`: the invariants every state keeps (imports and tests)."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from rules.checks import Problems, table_problems
from rules.errors import InvalidData
from rules.skye.board_load import COLOURS, MAX_PLAYERS, MIN_PLAYERS, board_files, validate
from rules.skye.land import land_of, piece_cells, step
from rules.skye.model import EDGES, SLOTS, TRACKS
from rules.skye.settings import SETTINGS
from rules.skye.state import STAGES, SkyeState


def check_state(state: SkyeState) -> None:
    """Raise InvalidData naming the first broken invariant ("state.players[1].gold: -2 is negative")."""
    validate(state.board, board_files("state.board"))
    checks = (_table(state), _tiles(state), _players(state), _flow(state))
    for field, problem in chain(*checks):
        raise InvalidData(f"state.{field}: {problem}")


def _table(state: SkyeState) -> Problems:
    board = state.board
    yield from table_problems(state.seats, max(MIN_PLAYERS, board.min_players), min(MAX_PLAYERS, board.max_players),
                              COLOURS, state.settings, SETTINGS, len(state.players))
    if len(state.scoring) != 4 or any(t not in board.scoring.tile_by_id for t in state.scoring):
        yield "scoring", "must name four scoring tiles of the board"
    if not 1 <= state.rounds <= 10:
        yield "rounds", f"{state.rounds} is outside 1–10"


def _tiles(state: SkyeState) -> Problems:
    """Each landscape tile in exactly one place; castles in their owners' territories."""
    places: Counter[str] = Counter(state.bag)
    places.update(state.box)
    places.update(o.tile for o in state.offers)
    for player in state.players:
        places.update(player.hand)
        places.update(player.to_place)
        places.update(p.tile for p in player.territory)
    for tile in state.board.tiles.landscapes:
        if places[tile.id] != 1:
            yield "tiles", f"landscape tile {tile.id} is in {places[tile.id]} places"
    for seat, player in enumerate(state.players):
        castle = state.board.tiles.castle_for(state.seats[seat].colour).id if seat < len(state.seats) else ""
        if not player.territory or player.territory[0].tile != castle or (
                player.territory[0].x, player.territory[0].y) != (0, 0):
            yield f"players[{seat}].territory", f"must start with {castle} at 0,0"
    unknown = [t for t in places if t not in state.board.tiles.by_id]
    if unknown:
        yield "tiles", f"unknown tile {unknown[0]!r}"


def _players(state: SkyeState) -> Problems:
    side = state.board.progress.side_for(len(state.seats)) if MIN_PLAYERS <= len(state.seats) <= MAX_PLAYERS else None
    length = len(side.tracks[0].spaces) if side else 12
    bonuses = state.board.progress.bonus_by_id
    for seat, player in enumerate(state.players):
        where = f"players[{seat}]"
        for field in ("gold", "vp", "buys"):
            if getattr(player, field) < 0:
                yield f"{where}.{field}", f"{getattr(player, field)} is negative"
        if not 1 <= player.markers <= 5:
            yield f"{where}.markers", f"{player.markers} is outside 1–5"
        if len(player.tracks) != len(TRACKS) or len(player.best) != len(TRACKS):
            yield f"{where}.tracks", "needs one marker per track"
            continue
        for i, (at, best) in enumerate(zip(player.tracks, player.best)):
            if not 0 <= at <= best <= length:
                yield f"{where}.tracks", f"{TRACKS[i]} at {at}, best {best}: must be 0 ≤ at ≤ best ≤ {length}"
        if sorted(player.layout) != sorted(bonuses) or len(player.layout) != len(TRACKS) * len(SLOTS):
            yield f"{where}.layout", "must hold each bonus tile once"
        for i, bonus in enumerate(player.layout):
            fits = bonuses[bonus].slots if bonus in bonuses else ()
            if SLOTS[i % len(SLOTS)] not in fits:
                yield f"{where}.layout[{i}]", f"{bonus} does not go on slot {SLOTS[i % len(SLOTS)]}"
        owned = [h.bonus for h in (*player.unlocked, *player.held)]
        if any(b not in player.taken for b in owned) or len(set(player.taken)) != len(player.taken):
            yield f"{where}.taken", "bonus tiles held must be taken once from the board"
        cells = [(p.x, p.y) for p in player.territory]
        if len(set(cells)) != len(cells):
            yield f"{where}.territory", "two tiles on one cell"
            continue
        for p in player.territory:
            if p.rotation not in range(4):
                yield f"{where}.territory", f"{p.tile} has rotation {p.rotation}"
        if player.journeyman not in cells:
            yield f"{where}.journeyman", f"{player.journeyman} is not a tile of the territory"
        for r in player.roads:
            a, b = piece_cells(r) if r.side in EDGES else ((0, 0), (0, 0))
            if r.side not in ("n", "e") or a not in cells or b not in cells:
                yield f"{where}.roads", f"a road at {r.x},{r.y} {r.side} is not between two tiles"
        yield from _territory(state, seat, where)
        if player.pricing is not None:
            pricing = player.pricing
            if any(t not in player.hand for t in (*pricing.tiles, *([pricing.axe] if pricing.axe else []))):
                yield f"{where}.pricing", "prices a tile not in the hand"
            if sum(pricing.prices) > player.gold or any(p < 0 for p in pricing.prices):
                yield f"{where}.pricing", "prices more gold than the player has"
        if player.plan is not None and len(player.plan.markers) > player.markers:
            yield f"{where}.plan", "has more markers than the player has"


def _territory(state: SkyeState, seat: int, where: str) -> Problems:
    player = state.players[seat]
    if any(p.tile not in state.board.tiles.by_id for p in player.territory):
        return
    lnd = land_of(state.board, player.territory, player.roads)
    for pos in lnd.cells:
        for side in range(4):
            other = step(pos, side)
            if other in lnd.cells and lnd.terrain(pos, side) != lnd.terrain(other, (side + 2) % 4):
                yield f"{where}.territory", f"{lnd.ids[pos]} and {lnd.ids[other]} show different terrain on their edge"
                return
    reached = set(lnd.costs_from((0, 0)))
    if reached != set(lnd.cells):
        yield f"{where}.territory", "tiles must join the castle edge to edge"


def _flow(state: SkyeState) -> Problems:
    n = len(state.seats)
    if state.stage not in STAGES:
        yield "stage", f"{state.stage!r} is not a stage ({', '.join(STAGES)})"
    if not 1 <= state.round <= state.rounds:
        yield "round", f"{state.round} is outside 1–{state.rounds}"
    if state.first not in range(n):
        yield "first", f"no seat {state.first}"
    if any(s not in range(n) for s in state.queue):
        yield "queue", "names a seat that is not at the table"
    for i, pending in enumerate(state.pending):
        if pending.seat not in range(n) or pending.why not in ("sold", "journeyman", "bonus"):
            yield f"pending[{i}]", f"no decision {pending.why!r} for seat {pending.seat}"
    for i, offer in enumerate(state.offers):
        if offer.owner not in range(n) or offer.price < 0:
            yield f"offers[{i}]", "an offer needs an owner at the table and a price of 0 or more"
    if state.stage != "price" and any(p.hand or p.pricing for p in state.players):
        yield "players", "drawn tiles and prices belong to the pricing phase"
    if state.stage != "plan" and any(p.plan for p in state.players):
        yield "players", "plans belong to the planning phase"
    if state.stage not in ("buy", "keep") and state.offers:
        yield "offers", "tiles are on offer only while buying"
