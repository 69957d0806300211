"""What a seat may do now, for commands, autocomplete, images and scripted players.

Every query takes the state as the seat sees it (`GAME.view(state, seat)`) and answers in the names
the actions accept: tile ids ("L12", "castle-red"), positions "x,y", tracks, rotations 0–3.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import IllegalMove, PlayerError
from rules.messages import Msg, joined
from rules.skye import words
from rules.skye.land import Pos, land, road_key, step
from rules.skye.model import EDGES, FEATURES, TRACKS
from rules.skye.plans import cheapest_order, check, label, points_for, read_markers
from rules.skye.plans import legs as _legs
from rules.skye.progress import (
    entry_vp,
    meets,
    movement,
    need_text,
    next_space,
    price,
    side_of,
    space,
    usable,
    vp_per_round,
)
from rules.skye.scoring import letters_now, score_tile
from rules.skye.state import JourneyPlan, Marker, Pricing, SkyeState, committed, phase_number
from rules.skye.turns import pending_options, pending_prompt

LETTERS = "ABCD"


# --- placing ---------------------------------------------------------------------------------------------


def to_place(state: SkyeState, seat: int) -> tuple[str, ...]:
    """The seat's tiles waiting to be placed, those that fit somewhere now first (a tile that fits
    nowhere yet waits for the others to make room)."""
    player = state.players[seat]
    lnd = land(state.board, player)
    return tuple(sorted(player.to_place, key=lambda t: not lnd.can_place(state.board.tile(t))))


def placements(state: SkyeState, seat: int, tile: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """Where `tile` fits in the seat's territory: (x, y, rotations), in a stable order."""
    if tile not in state.board.tiles.by_id:
        return []
    return land(state.board, state.players[seat]).placements(state.board.tile(tile))


# --- the journeyman -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RouteCheck:
    """A planned route: the cost of each leg in the order given, the total, the movement points,
    whether it fits, and the cheapest order of the same markers with its cost."""

    legs: tuple[int, ...]
    total: int
    points: int
    fits: bool
    cheapest: tuple[Pos, ...]
    cheapest_cost: int

    @property
    def is_cheapest(self) -> bool:
        return self.total <= self.cheapest_cost


def route_cost(state: SkyeState, seat: int, tiles: list[Pos], extra: bool = False) -> RouteCheck:
    """J-M4 cost of visiting `tiles` in this order from the journeyman, and the cheapest order."""
    player = state.players[seat]
    lnd = land(state.board, player)
    try:
        points = points_for(state, seat, extra)
    except PlayerError:
        points = movement(state, seat)
    legs = _legs(lnd, player.journeyman, tiles)
    total = sum(x for x in legs if x is not None) if None not in legs else 1 << 20
    best, best_cost = cheapest_order(lnd, player.journeyman, tiles)
    return RouteCheck(tuple(x if x is not None else -1 for x in legs), total, points, total <= points, best, best_cost)


def reach(state: SkyeState, seat: int, extra: bool = False) -> dict[Pos, int]:
    """Every tile the journeyman can reach now with its cheapest cost (within the movement points)."""
    player = state.players[seat]
    lnd = land(state.board, player)
    try:
        points = points_for(state, seat, extra)
    except PlayerError:
        points = movement(state, seat)
    return {pos: cost for pos, cost in lnd.costs_from(player.journeyman).items() if cost <= points}


@dataclass(frozen=True)
class Advance:
    """What a marker on a tile could do on one track now: the space it would enter and its
    requirement, whether the tile meets it, the castle cost and Herald fee, and whether the seat
    can pay (`allowed`, else `reason`)."""

    track: str
    space: int
    need: str
    meets: bool
    castle: int
    fee: int
    allowed: bool
    reason: str = ""


def advances(state: SkyeState, seat: int, pos: Pos) -> list[Advance]:
    """For a waypoint marker on the tile at `pos`, each track's next space and whether it could be
    advanced to (with fees), as of now (before any other marker of the plan)."""
    player = state.players[seat]
    lnd = land(state.board, player)
    if pos not in lnd.cells:
        return []
    out = []
    for i, name in enumerate(TRACKS):
        track = side_of(state).tracks[i]
        to = next_space(track, player.tracks[i])
        target = space(track, to)
        ok = meets(lnd, pos, target.need)
        castle = 0 if ok else side_of(state).segment_cost(to)
        try:
            cost = price(state, seat, i, "marker", lnd, pos)
            out.append(Advance(name, to, need_text(target.need), ok, cost.castle, cost.fee, True))
        except IllegalMove as refusal:
            out.append(Advance(name, to, need_text(target.need), ok, castle if pos == (0, 0) else 0, target.fee,
                               False, refusal.message))
    return out


def plan_check(state: SkyeState, seat: int, markers: tuple[Marker, ...], extra: bool = False) -> str:
    """"" if the plan could be sealed now, else the reason it would be refused."""
    try:
        check(state, seat, JourneyPlan(markers, extra))
    except PlayerError as refusal:
        return refusal.message
    return ""


@dataclass(frozen=True)
class MarkerOption:
    """A tile the next waypoint marker of a plan could go on, after the markers before it: the
    marker as `Plan` takes it ("L12:merchant", "castle", "L07"), the tile, the leg's movement
    points and those left after it, and for a track the space entered and what it costs."""

    marker: str
    x: int
    y: int
    cost: int
    left: int
    track: str = ""
    space: int = 0
    need: str = ""
    castle: int = 0
    fee: int = 0
    vp: int = 0


def marker_options(state: SkyeState, seat: int, before: tuple[str, ...] = (),
                   extra: bool = False) -> list[MarkerOption]:
    """Where the next marker of a plan could go, given the markers `before` it (each "TILE" or
    "TILE:TRACK"), as if those were walked first (their advances made, fees paid): every tile in
    reach without a marker yet, with each track it could advance on now, and with none. Empty when
    the markers before it do not make a plan that could be sealed, or no marker is left."""
    try:
        prefix = read_markers(state, seat, before)
        if len(prefix) >= state.players[seat].markers:
            return []
        walked = check(state, seat, JourneyPlan(prefix, extra))
    except PlayerError:
        return []
    sim = walked.state
    player = sim.players[seat]
    lnd = land(sim.board, player)
    taken = {(m.x, m.y) for m in prefix}
    left = walked.points - walked.used
    side = side_of(sim)
    out: list[MarkerOption] = []
    for pos, cost in sorted(lnd.costs_from(player.journeyman).items(), key=lambda item: (item[1], item[0])):
        if cost > left or pos in taken:
            continue
        name = "castle" if pos == (0, 0) else lnd.ids[pos]
        for i, track_name in enumerate(TRACKS):
            try:
                paid = price(sim, seat, i, "marker", lnd, pos)
            except PlayerError:
                continue
            track = side.tracks[i]
            to = next_space(track, player.tracks[i])
            out.append(MarkerOption(f"{name}:{track_name}", pos[0], pos[1], cost, left - cost, track_name, to,
                                    need_text(space(track, to).need), paid.castle, paid.fee,
                                    entry_vp(track, player.tracks[i], to)))
        out.append(MarkerOption(name, pos[0], pos[1], cost, left - cost))
    return out


def markers(state: SkyeState, seat: int) -> int:
    """How many waypoint markers the seat may place."""
    return state.players[seat].markers


def points(state: SkyeState, seat: int) -> tuple[int, int]:
    """Movement points now, and how many more an Extra Movement tile would give (0: none usable)."""
    held = usable(state, seat, "movement")
    extra = state.board.progress.bonus_by_id[held.bonus].movement if held else 0
    return movement(state, seat), extra


# --- pricing and buying -------------------------------------------------------------------------------------


def hand(state: SkyeState, seat: int) -> tuple[str, ...]:
    return state.players[seat].hand


def price_floor(state: SkyeState, seat: int, count: int | None = None) -> int:
    """The lowest price the seat may give a tile now, pricing `count` tiles (default: all drawn but
    the axed one); the minimum is waived if unaffordable."""
    player = state.players[seat]
    floor = int(state.settings["min_price"])
    count = max(len(player.hand) - 1, 1) if count is None else count
    return floor if floor * count <= player.gold else 0


def may_skip_axe(state: SkyeState, seat: int) -> bool:
    """Whether the seat may price all its tiles (No Axe, taken in an earlier phase)."""
    return usable(state, seat, "no_axe") is not None


def short_of_buying(state: SkyeState, seat: int, prices: tuple[int, ...]) -> str:
    """What to ask before sealing `prices` that would leave the seat too little gold to buy another
    player's tile (each costs at least `min_price`, at least 1; priced at 0 only by one who cannot
    pay the minimum): "" when they leave enough, when the seat could not buy before pricing either,
    when the bank pays for its buy (Bank Pays), or when nobody else has tiles to offer."""
    gold, spent = state.players[seat].gold, sum(prices)
    cheapest = max(1, int(state.settings["min_price"]))
    left = gold - spent
    others = any(p.hand for s, p in enumerate(state.players) if s != seat)
    if not spent or left >= cheapest or gold < cheapest or not others or usable(state, seat, "bank_pays"):
        return ""
    unless = "unless another player buys one of yours first"
    if left <= 0:
        return (f"Your prices take all your {gold} gold: you will have none left to buy another player's tile "
                f"this round ({unless}). Seal them anyway?")
    return (f"Your prices take {spent} of your {gold} gold: the {left} gold left cannot pay for another player's "
            f"tile (each costs at least {cheapest} gold) {unless}. Seal them anyway?")


def buyable(state: SkyeState, seat: int) -> list[tuple[str, int, int, bool]]:
    """Tiles other players offer: (tile, owner seat, price, affordable now)."""
    bank = usable(state, seat, "bank_pays") is not None
    gold = state.players[seat].gold
    return [(o.tile, o.owner, o.price, bank or o.price <= gold) for o in state.offers if o.owner != seat]


def offers(state: SkyeState) -> list[tuple[str, int, int]]:
    """Every tile still on offer: (tile, owner, price)."""
    return [(o.tile, o.owner, o.price) for o in state.offers]


# --- roads, decisions -------------------------------------------------------------------------------------------


def roads_ready(state: SkyeState, seat: int) -> tuple[int, int]:
    """Roads in hand: how many may be placed now, and how many wait for the next phase (J-T6)."""
    now = phase_number(state)
    stock = state.players[seat].road_stock
    ready = sum(1 for gained in stock if gained < now)
    return ready, len(stock) - ready


def road_spots(state: SkyeState, seat: int) -> list[tuple[int, int, str]]:
    """Edges between two of the seat's tiles without a placed road: (x, y, side n or e)."""
    lnd = land(state.board, state.players[seat])
    out = []
    for pos in sorted(lnd.cells):
        for side in (0, 1):
            other = step(pos, side)
            if other in lnd.cells and road_key(pos, other) not in lnd.placed_roads:
                out.append((pos[0], pos[1], EDGES[side]))
    return out


def decisions(state: SkyeState, seat: int) -> list[tuple[str, tuple[str, ...]]]:
    """The seat's pending decisions, oldest first: (prompt, options)."""
    return [(pending_prompt(p), pending_options(state, p)) for p in state.pending if p.seat == seat]


# --- what a player sees of their own ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Private:
    """A seat's own board: drawn tiles, sealed prices, tiles to place, sealed plan and fingerprint,
    markers and movement, roads ready and waiting, bonus tiles kept."""

    hand: tuple[str, ...]
    pricing: Pricing | None
    to_place: tuple[str, ...]
    plan: JourneyPlan | None
    fingerprint: str
    committed: bool
    markers: int
    movement: int
    extra_movement: int
    roads_ready: int
    roads_waiting: int
    kept: tuple[str, ...]


def private(state: SkyeState, seat: int) -> Private:
    """What the seat's private view shows (answered on that seat's view of the state)."""
    player = state.players[seat]
    ready, waiting = roads_ready(state, seat)
    move, extra = points(state, seat)
    return Private(player.hand, player.pricing, player.to_place, player.plan, player.fingerprint,
                   committed(state, seat), player.markers, move, extra, ready, waiting,
                   tuple(h.bonus for h in player.held))


# --- scores -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """A seat's VP and gold, the 50/100 VP tile it shows, VP per round from banners, and what each
    scoring tile A–D would give now."""

    seat: int
    vp: int
    gold: int
    marker: str
    per_round: tuple[int, int]
    tiles: tuple[tuple[str, int], ...]


def scores(state: SkyeState) -> list[Score]:
    out = []
    marks = state.board.progress.vp_markers
    for seat, player in enumerate(state.players):
        reached = [m for m in marks if player.vp >= m]
        tiles = tuple((LETTERS[i], score_tile(state, seat, t)) for i, t in enumerate(state.scoring))
        out.append(Score(seat, player.vp, player.gold, str(reached[-1]) if reached else "",
                         vp_per_round(state, seat), tiles))
    return out


def scoring_now(state: SkyeState) -> str:
    """The letters A–D scored at the end of this round."""
    return letters_now(state) if state.stage != "over" else ""


SIDES = {"n": "N", "e": "E", "s": "S", "w": "W"}


def tile_text(state: SkyeState, tile_id: str, rotation: int | None = None) -> str:
    """A tile in a few words: its id, then `tile_words` ("L03: water N, pasture E S W; road E-W;
    2 sheep, broch")."""
    if tile_id not in state.board.tiles.by_id:
        return tile_id
    return Msg("{tile}: {words}", tile=tile_id, words=tile_words(state, tile_id, rotation))


def tile_words(state: SkyeState, tile_id: str, rotation: int | None = None) -> str:
    """A tile described without its id: terrain by side, roads, features, as messages; turned
    `rotation` quarter turns, the sides are the world's."""
    tile = state.board.tiles.by_id.get(tile_id)
    if tile is None:
        return tile_id
    turn = rotation or 0
    groups: dict[str, list[str]] = {}
    for i, ground in enumerate(tile.turned[turn]):
        groups.setdefault(ground, []).append("NESW"[i])
    lands = [Msg("{terrain} {sides}", terrain=words.terrain(t), sides=" ".join(s)) for t, s in groups.items()]
    lands += [Msg("{terrain} inside", terrain=words.terrain(z.terrain)) for z in tile.zones if not z.edges]
    parts = [joined(lands, ", ")]
    stubs = sorted(tile.stubs[turn])
    if stubs:
        parts.append(Msg("road {sides}", sides="-".join("NESW"[i] for i in stubs)))
    features = [Msg("{n} {feature}", n=n, feature=words.feature(f)) if n > 1 else words.feature(f)
                for f in FEATURES if (n := tile.count(f))]
    if tile.scroll is not None:
        features.append(Msg("{kind} scroll", kind=words.feature(tile.scroll.kind)))
    if tile.journeyman:
        features.append(Msg("journeyman symbol"))
    if features:
        parts.append(joined(features, ", "))
    return joined(parts, "; ")


def tile_label(state: SkyeState, seat: int, pos: Pos) -> str:
    return label(land(state.board, state.players[seat]), pos)
