"""Helpers for the Isle of Skye rules tests: boards, games, acting as a seat, a scripted player
that picks legal actions through `rules.skye.queries`, and hand-built territories."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.base import Action, Actor, Result, Seat
from rules.errors import PlayerError
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Adjust, Buy, Choose, Keep, Place, Plan, Price, Road, Use
from rules.skye.model import SkyeBoard, Tile, TileSet, Zone
from rules.skye.plans import read_markers
from rules.skye.state import Placed, SkyeState, with_player

DATA = Path(__file__).resolve().parents[2] / "data" / "skye"
RED, BLUE, YELLOW, GREEN, PURPLE = range(5)
SEATS = (
    Seat(101, "ann", "red"),
    Seat(102, "bo", "blue"),
    Seat(103, "cy", "yellow"),
    Seat(104, "di", "green"),
    Seat(105, "ed", "purple"),
)


def raw(name: str = "standard") -> dict[str, Any]:
    """A setup's JSON with its parts (fresh copies each call)."""
    return {"map": json.loads((DATA / "maps" / f"{name}.json").read_text(encoding="utf-8")),
            **{p: json.loads((DATA / f"{p}.json").read_text(encoding="utf-8")) for p in GAME.parts}}


_boards: dict[str, SkyeBoard] = {}


def board(name: str = "standard") -> SkyeBoard:
    if name not in _boards:
        _boards[name] = GAME.load_board(raw(name), f"data/skye/maps/{name}.json")
    return _boards[name]


def new_game(players: int = 3, seed: int = 7, name: str = "standard", **settings: Any) -> SkyeState:
    return GAME.setup(board(name), list(SEATS[:players]), settings, seed)


def act(state: SkyeState, seat: int | None, action: Action, host: bool = False) -> Result[SkyeState]:
    """Apply `action` as `seat` and check the new state's invariants."""
    result = GAME.apply(state, Actor(seat, host), action)
    GAME.check(result.state)
    return result


# --- hand-built territories ----------------------------------------------------------------------------


def tile(tile_id: str, roads: str = "", zones: str = "P:nesw", **features: Any) -> Tile:
    """A test tile: zones as "W:n P:esw", roads as edges with a stub."""
    made = []
    for group in zones.split():
        letter, edges = group.split(":")
        made.append(Zone({"P": "pasture", "W": "water", "M": "mountain"}[letter], tuple(edges)))
    return Tile(tile_id, tuple(made), tuple(roads), **features)


def with_tiles(extra: list[Tile], name: str = "standard") -> SkyeBoard:
    """The shipped board with `extra` landscape tiles added (and castles' roads as given)."""
    base = board(name)
    tiles = TileSet(base.tiles.castles, (*base.tiles.landscapes, *extra))
    return replace(base, tiles=tiles)


def territory(state: SkyeState, seat: int, placed: list[tuple[str, int, int, int]]) -> SkyeState:
    """Put tiles (id, x, y, rotation) into the seat's territory, taking them from wherever they are."""
    ids = {p[0] for p in placed}
    state = replace(state, bag=tuple(t for t in state.bag if t not in ids),
                    box=tuple(t for t in state.box if t not in ids))
    players = []
    for player in state.players:
        players.append(replace(player, hand=tuple(t for t in player.hand if t not in ids),
                               to_place=tuple(t for t in player.to_place if t not in ids),
                               territory=tuple(p for p in player.territory if p.tile not in ids)))
    state = replace(state, players=tuple(players), offers=tuple(o for o in state.offers if o.tile not in ids))
    player = state.players[seat]
    return with_player(state, seat, territory=(*player.territory, *(Placed(*p) for p in placed)))


def at_stage(state: SkyeState, stage: str) -> SkyeState:
    """The state moved to `stage` with hands and offers cleared (their tiles back to the bag)."""
    back = [t for p in state.players for t in p.hand] + [o.tile for o in state.offers]
    players = tuple(replace(p, hand=(), pricing=None, fingerprint="", plan=None) for p in state.players)
    return replace(state, stage=stage, players=players, offers=(), queue=(), bag=(*state.bag, *back))


# --- a scripted player -------------------------------------------------------------------------------------


def random_action(rng: random.Random, state: SkyeState, roads: bool = True) -> tuple[int, Action] | None:
    """A legal action chosen at random through the queries (each on the acting seat's view)."""
    pos = GAME.position(state)
    if pos.decisions:
        decision = pos.decisions[0]
        return decision.seat, Choose(rng.choice(decision.options))
    if roads and rng.random() < 0.15:
        for seat in rng.sample(range(len(state.seats)), len(state.seats)):
            seen = GAME.view(state, seat)
            if q.roads_ready(seen, seat)[0] and q.road_spots(seen, seat):
                x, y, side = rng.choice(q.road_spots(seen, seat))
                return seat, Road(x, y, side)
    if not pos.acting:
        return None
    seat = rng.choice(pos.acting)
    seen = GAME.view(state, seat)
    stage = state.stage
    if stage == "price":
        return seat, _price(rng, seen, seat)
    if stage == "buy":
        options = [t for t, _o, _p, ok in q.buyable(seen, seat) if ok]
        return seat, Buy(rng.choice(options) if options and rng.random() < 0.8 else "")
    if stage == "keep":
        mine = [t for t, owner, _p in q.offers(seen) if owner == seat]
        return seat, Keep(tuple(t for t in mine if rng.random() < 0.3))
    if stage == "place":
        tile_id = rng.choice([t for t in q.to_place(seen, seat) if q.placements(seen, seat, t)])
        x, y, rotations = rng.choice(q.placements(seen, seat, tile_id))
        return seat, Place(tile_id, x, y, rng.choice(rotations))
    if stage == "plan":
        return seat, _plan(rng, seen, seat)
    return None


def hostile_action(rng: random.Random, state: SkyeState) -> tuple[int | None, Action]:
    """Anything at all, by anyone: tiles of the game and cells near the castle named often."""
    names = ["L01", "J1", "castle", "0,0", "1,0", "", "zz", "x" * 60, "-1,-1:herald", "0,0:warrior", "1,0:fly",
             *rng.sample([t.id for t in state.board.tiles.landscapes], 3)]
    seat = rng.choice([*range(len(state.seats)), None])
    kind = rng.choice(["price", "buy", "keep", "place", "plan", "use", "road", "choose", "adjust", "adjust"])
    if kind == "price":
        return seat, Price(rng.choice(names), tuple(rng.sample(names, 2)), (rng.randint(-2, 9), rng.randint(0, 200)))
    if kind == "buy":
        return seat, Buy(rng.choice(names))
    if kind == "keep":
        return seat, Keep(tuple(rng.sample(names, 2)))
    if kind == "place":
        return seat, Place(rng.choice(names), rng.randint(-3, 3), rng.randint(-3, 3), rng.randint(-1, 5))
    if kind == "plan":
        return seat, Plan(tuple(rng.sample(names, rng.randint(0, 4))), rng.random() < 0.5)
    if kind == "use":
        return seat, Use(rng.choice(["extra_movement", "gold"]), rng.random() < 0.5)
    if kind == "road":
        return seat, Road(rng.randint(-2, 2), rng.randint(-2, 2), rng.choice(["n", "e", "s", "w", "up"]))
    if kind == "choose":
        return seat, Choose(rng.choice(["warrior", "merchant", "herald", "none", "fly"]))
    what = rng.choice(["gold", "vp", "roads", "markers", "warrior", "merchant", "herald", "journeyman", "x"])
    return seat, Adjust(what, rng.randint(-1, 14), rng.choice([None, 0, 1, 7]), rng.randint(-1, 1), rng.randint(-1, 1))


def _price(rng: random.Random, state: SkyeState, seat: int) -> Price:
    hand = list(q.hand(state, seat))
    axe = "" if q.may_skip_axe(state, seat) and rng.random() < 0.5 else rng.choice(hand)
    tiles = [t for t in hand if t != axe]
    floor = q.price_floor(state, seat)
    gold = state.players[seat].gold
    prices = []
    for _t in tiles:
        left = gold - sum(prices) - floor * (len(tiles) - len(prices) - 1)
        prices.append(rng.randint(floor, max(floor, min(left, 8))))
    return Price(axe, tuple(tiles), tuple(prices))


def _plan(rng: random.Random, state: SkyeState, seat: int) -> Plan:
    extra = q.points(state, seat)[1] > 0 and rng.random() < 0.5
    reach = sorted(q.reach(state, seat, extra))
    count = min(q.markers(state, seat), len(reach))
    for _try in range(6):
        chosen = rng.sample(reach, rng.randint(0, count))
        texts = []
        for pos in chosen:
            allowed = [a.track for a in q.advances(state, seat, pos) if a.allowed]
            track = rng.choice(allowed) if allowed and rng.random() < 0.9 else ""
            texts.append(f"{pos[0]},{pos[1]}" + (f":{track}" if track else ""))
        plan = Plan(tuple(texts), extra)
        if not q.plan_check(state, seat, read_markers(state, seat, plan.markers), extra):
            return plan
    return Plan((), False)


def play_out(players: int = 3, seed: int = 1, steps: int = 5000, check_each: bool = False, **settings: Any):
    """A whole game by scripted players; returns the final state and the log of (seat, action)."""
    rng = random.Random(seed)
    state = new_game(players, seed, **settings)
    log: list[tuple[int, Action]] = []
    for _ in range(steps):
        if GAME.ending(state) is not None:
            break
        chosen = random_action(rng, state)
        assert chosen is not None, GAME.position(state)
        seat, action = chosen
        result = GAME.apply(state, Actor(seat), action)
        if check_each:
            GAME.check(result.state)
        log.append((seat, action))
        state = result.state
    return state, log


# --- the rules file's scenario territory -------------------------------------------------------------------

SCENARIO_TILES = [
    tile("T1", "we"), tile("T2", "w"), tile("T3", "s"), tile("T4"), tile("T5"), tile("T6"), tile("T7"),
    tile("TS", zones="W:n P:esw", ship=1, farm=1),
    tile("TL", zones="W:n P:esw", lighthouse=1),
]
SCENARIO_PLACES = [("T1", 1, 0, 0), ("T2", 2, 0, 0), ("T3", 2, 1, 0), ("T4", 3, 0, 0), ("T6", 1, 1, 0),
                   ("T7", 1, 2, 0), ("T5", 0, 2, 0)]


def scenario(players: int = 3, placed: list[tuple[str, int, int, int]] | None = None, stage: str = "plan",
             extra: list[Tile] | None = None, seat: int = RED, **settings: Any) -> SkyeState:
    """A game on the shipped board plus the scenario tiles, at `stage`, with the scenario territory
    (or `placed`) for `seat` (Red)."""
    made = with_tiles([*SCENARIO_TILES, *(extra or [])])
    state = GAME.setup(made, list(SEATS[:players]), settings, 7)
    state = at_stage(state, stage)
    return territory(state, seat, SCENARIO_PLACES if placed is None else placed)


def journey(state: SkyeState, seat: int, *markers: str, extra: bool = False):
    """Carry out a plan at once (as after the reveal): (state, walk, lines)."""
    from rules.skye.plans import carry_out
    from rules.skye.state import JourneyPlan

    return carry_out(state, seat, JourneyPlan(read_markers(state, seat, markers), extra), "Red")


def sealed(state: SkyeState, seat: int, *markers: str, extra: bool = False):
    """Check a plan as at submission (J-M5): the outcome, or the IllegalMove raised."""
    from rules.skye.plans import check
    from rules.skye.state import JourneyPlan

    return check(state, seat, JourneyPlan(read_markers(state, seat, markers), extra))


def commit_all(state: SkyeState, plans: dict[int, tuple[str, ...]]) -> Result[SkyeState]:
    """Every seat plans (empty plans for those not given and not yet committed); the last result."""
    from rules.skye.state import committed

    result = None
    for seat in range(len(state.seats)):
        if seat not in plans and committed(state, seat):
            continue
        result = act(state, seat, Plan(plans.get(seat, ())))
        state = result.state
    assert result is not None
    return result


# --- a keener scripted player: advances as much as it can ----------------------------------------------------


def keen_action(rng: random.Random, state: SkyeState) -> tuple[int, Action] | None:
    """Like `random_action`, but it plans walks that advance on every marker it can, takes every
    advance offered, and prefers tiles with the journeyman symbol when buying."""
    pos = GAME.position(state)
    if pos.decisions:
        decision = pos.decisions[0]
        options = [o for o in decision.options if o != "none"]
        return decision.seat, Choose(rng.choice(options) if options else "none")
    if state.stage == "plan" and pos.acting:
        seat = rng.choice(pos.acting)
        return seat, keen_plan(rng, GAME.view(state, seat), seat)
    if state.stage == "buy" and pos.acting:
        seat = pos.acting[0]
        seen = GAME.view(state, seat)
        options = [t for t, _o, _p, ok in q.buyable(seen, seat) if ok]
        marked = [t for t in options if seen.board.tile(t).journeyman]
        if marked or (options and rng.random() < 0.7):
            return seat, Buy(rng.choice(marked or options))
        return seat, Buy("")
    return random_action(rng, state)


def keen_plan(rng: random.Random, state: SkyeState, seat: int) -> Plan:
    from rules.skye.land import land
    from rules.skye.model import TRACKS
    from rules.skye.progress import advance, price

    move, extra_points = q.points(state, seat)
    extra = extra_points > 0 and rng.random() < 0.6
    points = move + (extra_points if extra else 0)
    lnd = land(state.board, state.players[seat])
    here, used, texts, taken = state.players[seat].journeyman, 0, [], set()
    sim = state
    for _marker in range(q.markers(state, seat)):
        best = None
        for spot, cost in lnd.costs_from(here).items():
            if used + cost > points or spot in taken:
                continue
            for i, track in enumerate(TRACKS):
                try:
                    paid = price(sim, seat, i, "marker", lnd, spot)
                except PlayerError:
                    continue
                rank = (-paid.total, -cost, rng.random())
                if best is None or rank > best[0]:
                    best = (rank, spot, cost, i, track, paid)
        if best is None:
            break
        _rank, spot, cost, i, track, paid = best
        sim, _said = advance(sim, seat, i, paid)
        here, used = spot, used + cost
        taken.add(spot)
        texts.append(f"{spot[0]},{spot[1]}:{track}")
    plan = Plan(tuple(texts), extra)
    if q.plan_check(state, seat, read_markers(state, seat, plan.markers), extra):
        return _plan(rng, state, seat)
    return plan


def play_keen(players: int = 3, seed: int = 1, **settings: Any):
    """A whole game by keen players: (final state, every line of every result, the log)."""
    rng = random.Random(seed)
    state = new_game(players, seed, **settings)
    texts: list[str] = []
    log: list[tuple[int, Action]] = []
    while GAME.ending(state) is None:
        seat, action = keen_action(rng, state) or random_action(rng, state)
        result = GAME.apply(state, Actor(seat), action)
        texts.extend([result.summary, *result.details])
        log.append((seat, action))
        state = result.state
    return state, texts, log


def axed_alone(state, seat: int) -> int:
    """The number of the price menu's choice axing the seat's first drawn tile alone ("axe …: other
    prices…"), the prices asked after it (where the axe and the prices are more than two menus)."""
    first = GAME.step(GAME.view(state, seat), Actor(seat), "price", [])
    return next(n for n, c in zip(first.numbers, first.choices) if c.value == state.players[seat].hand[0])
