"""Rules of the Mega Civilization Movement phase on the 18-player map, with 18 players and about
400 tokens on the board: single token and ship actions, the phase-end report, and storing and
reloading a whole game.

    python -m benchmarks.megaciv_rules [--quick]

Every player starts a phase with 22 tokens around their start area, treasury and a mix of the
movement advances; each phase every player in census order makes random legal moves (one step or
Roadbuilding's two), builds, maintains and sails ships with tokens aboard, then declares. Each of
those actions is timed through `GAME.apply` (the flow's checks, validation and the new state).

Targets are judged on the CPU time of the benchmark's own thread (`time.thread_time`), garbage
collection included, so that other processes sharing the machine do not decide them; the
wall-clock p99 of the same samples is printed beside them for context.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from benchmarks.figures import Figure, ms, percentile, standalone
from rules.base import Actor, Seat
from rules.errors import PlayerError
from rules.megaciv import GAME, queries
from rules.megaciv.actions import Adjust, Build, Declare, Maintain, Move, Sail, StartMovement
from rules.megaciv.board import COLOURS, Board
from rules.megaciv.report import report
from rules.megaciv.state import MegaState
from waypost.records import dumps

NAME = "megaciv-rules"
DATA = Path(__file__).resolve().parent.parent / "data" / "megaciv"
HOST = Actor(0, host=True)
ADVANCES = ("Roadbuilding", "Cloth Making", "Astronavigation", "Naval Warfare", "Military", "Engineering")


def random_move(state: MegaState, seat: int, rng: random.Random) -> Move | None:
    """A land move `seat` may make now, chosen at random (None if no token can move)."""
    movable = queries.movable(state, seat)
    if not movable:
        return None
    source = rng.choice(movable)[0]
    found = queries.destinations(state, seat, source)
    if not found:
        return None
    d = rng.choice(found)
    return Move(source, d.area, rng.randint(1, d.count), d.via)


def big_board() -> Board:
    raw = {"map": json.loads((DATA / "maps" / "oikumene.json").read_text(encoding="utf-8")),
           "civilizations": json.loads((DATA / "civilizations.json").read_text(encoding="utf-8")),
           "advances": json.loads((DATA / "advances.json").read_text(encoding="utf-8"))}
    return GAME.load_board(raw, "data/megaciv/maps/oikumene.json")


def opening(seed: int = 1) -> MegaState:
    """18 players, 22 tokens each around their start areas, 8 in treasury, a few advances each."""
    rng = random.Random(seed)
    board = big_board()
    seats = [Seat(1000 + i, f"player{i + 1}", c) for i, c in enumerate(COLOURS)]
    state = GAME.setup(board, seats, {}, seed)
    for seat in range(len(seats)):
        start = next(iter(state.players[seat].tokens))
        around = [start, *sorted(board.land_next[start])][:5]
        counts = {a: 0 for a in around}
        for _ in range(22):
            counts[rng.choice(around)] += 1
        for area, count in counts.items():
            if count != state.players[seat].tokens.get(area, 0):
                state = GAME.apply(state, HOST, Adjust("tokens", count, seat=seat, area=area)).state
        state = GAME.apply(state, HOST, Adjust("treasury", 8, seat=seat)).state
        for advance in rng.sample(ADVANCES, 2):
            state = GAME.apply(state, HOST, Adjust("advance", 1, seat=seat, name=advance)).state
    return state


def _moves(state: MegaState, seat: int, rng: random.Random, times: list[tuple[float, float]]) -> MegaState:
    """The seat's movement: random legal actions, each timed, until it declares."""
    actor = Actor(seat)
    for _ in range(rng.randint(6, 12)):
        p = state.players[seat]
        roll = rng.random()
        action = None
        if roll < 0.15:
            coastal = [a for a in p.tokens if state.board.areas[a].coastal]
            if coastal and any(s.area is None for s in p.ships):
                action = Build(rng.choice(coastal), "treasury" if p.treasury >= 2 else "tokens")
        elif roll < 0.25:
            old = [s for s in queries.ships(state, seat) if s.status == "needs upkeep"]
            if old:
                action = Maintain(old[0].number)
        elif roll < 0.45:
            ready = [s for s in queries.ships(state, seat) if queries.ship_reach(state, seat, s.number)]
            if ready:
                info = rng.choice(ready)
                reach = queries.ship_reach(state, seat, info.number)
                end = rng.choice(sorted(reach))
                free = p.unmoved(info.area) if state.board.areas[info.area].kind == "land" else 0
                aboard = 0 if state.board.areas[end].kind == "sea" else min(free, 5)
                action = Sail(info.number, reach[end], (aboard, *[0] * len(reach[end])))
        if action is None:
            action = random_move(state, seat, rng)
        if action is None:
            continue
        started, cpu = time.perf_counter(), time.thread_time()
        try:
            state = GAME.apply(state, actor, action).state
        except PlayerError:
            continue  # a voyage ending where Diplomacy or Cultural Ascendancy forbids putting off
        times.append((time.thread_time() - cpu, time.perf_counter() - started))
    return GAME.apply(state, actor, Declare()).state


def _timed(work: Callable[..., Any], *args: Any) -> tuple[Any, float, float]:
    """`work(*args)`, the CPU seconds of this thread and the wall seconds it took."""
    started, cpu = time.perf_counter(), time.thread_time()
    result = work(*args)
    return result, time.thread_time() - cpu, time.perf_counter() - started


def _store(state: MegaState) -> str:
    """The state as the stores write it (`waypost.records.dumps`)."""
    return dumps(GAME.encode_state(state))


def _reload(text: str) -> MegaState:
    """The state as the stores read it back (`waypost.records.game_row`)."""
    return GAME.decode_state(orjson.loads(text))


def run(quick: bool) -> list[Figure]:
    rng = random.Random(7)
    state = opening()
    tokens = sum(p.census for p in state.players)
    acts: list[tuple[float, float]] = []
    reports: list[tuple[float, float]] = []
    trips: list[tuple[float, float]] = []
    stores: list[float] = []
    for _ in range(2 if quick else 12):
        state = GAME.apply(state, HOST, StartMovement()).state
        while state.moving:
            seat = GAME.position(state).acting[0]
            state = _moves(state, seat, rng, acts)
            for _ in range(3):
                reports.append(_timed(report, state)[1:])
            text, store_cpu, store_wall = _timed(_store, state)
            again, load_cpu, load_wall = _timed(_reload, text)
            assert again == state
            stores.append(store_cpu)
            trips.append((store_cpu + load_cpu, store_wall + load_wall))
    size = len(json.dumps(GAME.encode_state(state))) / 1024
    where = f"oikumene, 18 players, {tokens} tokens"

    def cpu(samples: list[tuple[float, float]], q: float) -> float:
        return ms(percentile([c for c, _ in samples], q))

    def wall(samples: list[tuple[float, float]]) -> float:
        return ms(percentile([w for _, w in samples], 99))

    return [
        Figure(f"megaciv rules: move or ship action ({where}), p50", cpu(acts, 50), "ms"),
        Figure("megaciv rules: move or ship action, p99", cpu(acts, 99), "ms", 2),
        Figure("megaciv rules: … wall clock, p99", wall(acts), "ms"),
        Figure("megaciv rules: phase-end report, p99", cpu(reports, 99), "ms", 20),
        Figure("megaciv rules: store and reload a game, p50", cpu(trips, 50), "ms"),
        Figure("megaciv rules: store and reload a game, p99", cpu(trips, 99), "ms", 10),
        Figure("megaciv rules: … wall clock, p99", wall(trips), "ms"),
        Figure("megaciv rules: of which store (encode + JSON text), p50", ms(percentile(stores, 50)), "ms"),
        Figure("megaciv rules: stored state", size, "KB"),
    ]


if __name__ == "__main__":
    sys.exit(standalone(run))
