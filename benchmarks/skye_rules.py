"""Rules: checking a journeyman plan on a 30-tile territory, and a tile's legal placements.

Both are timed cold: the territory's analysis cache is emptied before each measurement, so every
figure includes building the territory (terrain, roads, areas), as the first query of a phase does.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.figures import Figure, ms, percentile
from rules.base import Seat
from rules.errors import PlayerError
from rules.skye import GAME
from rules.skye import land as land_module
from rules.skye.land import land
from rules.skye.model import TRACKS, SkyeBoard
from rules.skye.plans import check
from rules.skye.state import JourneyPlan, Marker, Placed, SkyeState, with_player

NAME = "skye-rules"
DATA = Path(__file__).resolve().parents[1] / "data" / "skye"
SIZE = 30


def board() -> SkyeBoard:
    raw = {"map": json.loads((DATA / "maps" / "standard.json").read_text(encoding="utf-8")),
           **{p: json.loads((DATA / f"{p}.json").read_text(encoding="utf-8")) for p in GAME.parts}}
    return GAME.load_board(raw, "data/skye/maps/standard.json")


def territory(made: SkyeBoard, rng: random.Random, size: int = SIZE) -> tuple[tuple[Placed, ...], list[str]]:
    """A legal territory of `size` tiles grown at random from the red castle; the tiles left over."""
    placed = (Placed(made.tiles.castle_for("red").id, 0, 0),)
    left = [t.id for t in made.tiles.landscapes]
    rng.shuffle(left)
    while len(placed) < size:
        lnd = land_module.Land(made, placed, ())
        for tile_id in left:
            spots = lnd.placements(made.tile(tile_id))
            if spots:
                x, y, rotations = rng.choice(spots)
                placed = (*placed, Placed(tile_id, x, y, rng.choice(rotations)))
                left.remove(tile_id)
                break
        else:
            break
    return placed, left


def game(made: SkyeBoard, rng: random.Random) -> tuple[SkyeState, list[str]]:
    """A 3-player game in the journeyman phase whose Red territory has 30 tiles and strong tracks."""
    seats = [Seat(1, "a", "red"), Seat(2, "b", "blue"), Seat(3, "c", "yellow")]
    state = GAME.setup(made, seats, {}, rng.randrange(1 << 30))
    placed, left = territory(made, rng)
    ids = {p.tile for p in placed}
    state = replace(state, stage="plan", bag=tuple(t for t in left if t not in ids), offers=(),
                    players=tuple(replace(p, hand=(), pricing=None, fingerprint="") for p in state.players))
    state = replace(state, bag=(*state.bag, *[t for p in state.players for t in p.hand]))
    state = with_player(state, 0, territory=placed, gold=40, tracks=(4, 4, 4), best=(4, 10, 4), markers=3)
    return state, left


def plans(state: SkyeState, rng: random.Random, count: int) -> list[JourneyPlan]:
    """Plans of up to three markers within reach, each with a random track."""
    lnd = land(state.board, state.players[0])
    near = [pos for pos, cost in lnd.costs_from(state.players[0].journeyman).items() if cost <= 4]
    out = []
    for _ in range(count):
        chosen = rng.sample(near, min(len(near), rng.randint(1, 3)))
        out.append(JourneyPlan(tuple(Marker(x, y, rng.choice([*TRACKS, ""])) for x, y in chosen)))
    return out


def run(quick: bool) -> list[Figure]:
    made, rng = board(), random.Random(7)
    rounds = 20 if quick else 200
    check_times: list[float] = []
    place_times: list[float] = []
    for _ in range(rounds):
        state, left = game(made, rng)
        for plan in plans(state, rng, 10):
            land_module._cache.clear()
            started = time.perf_counter()
            try:
                check(state, 0, plan)
            except PlayerError:
                pass
            check_times.append(time.perf_counter() - started)
        for tile_id in rng.sample(left, min(10, len(left))):
            land_module._cache.clear()
            started = time.perf_counter()
            land(state.board, state.players[0]).placements(made.tile(tile_id))
            place_times.append(time.perf_counter() - started)
    return [
        Figure("skye: plan check, 30-tile territory, p50", ms(percentile(check_times, 50)), "ms"),
        Figure("skye: plan check, 30-tile territory, p99", ms(percentile(check_times, 99)), "ms", 1.0),
        Figure("skye: legal placements of a tile, p50", ms(percentile(place_times, 50)), "ms"),
        Figure("skye: legal placements of a tile, p99", ms(percentile(place_times, 99)), "ms", 2.0),
    ]


if __name__ == "__main__":
    for figure in run(quick=False):
        print(figure.line())
