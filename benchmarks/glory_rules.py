"""Rules, Glory of Civilizations: the reachable hexes of the largest army plus one maneuver checked
and applied, on the largest shipped map with every seat taken.

    python -m benchmarks.glory_rules [--quick]
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from benchmarks.figures import Figure, ms, percentile
from rules.base import Actor, Seat
from rules.glory import GAME, queries
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver
from rules.glory.board import Board
from rules.glory.state import GloryState

NAME = "glory-rules"
DATA = Path(__file__).resolve().parent.parent / "data" / "glory"
HOST = Actor(0, host=True)
BIG_ARMY = {"peasant": 6, "spearman": 6, "swordsman": 6, "archer": 6, "cavalryman": 12}


def largest_board() -> Board:
    """The shipped map with the most hexes, with the shipped parts."""
    parts = {p: json.loads((DATA / f"{p}.json").read_text(encoding="utf-8")) for p in GAME.parts}
    boards = [GAME.load_board({"map": json.loads(path.read_text(encoding="utf-8")), **parts}, str(path))
              for path in sorted((DATA / "maps").glob("*.json"))]
    return max(boards, key=lambda b: b.columns * b.rows)


def opening(board: Board) -> tuple[GloryState, str]:
    """Every seat taken; seat 0's land units gathered into one big army at its capital, its
    galley left where it starts (it ferries). Returns the state and the big army's hex."""
    seats = [Seat(i + 1, f"player{i + 1}", c) for i, c in enumerate(GAME.colours[:board.max_players])]
    state = GAME.setup(board, seats, GAME.default_settings(), seed=1)
    capital = next(h for h, s in state.structures.items() if s.owner == 0)
    for at, army in list(state.players[0].armies.items()):
        if at != capital and "galley" not in army.units:
            for unit in army.units:
                state = GAME.apply(state, HOST, Adjust("units", value=0, hex=at, unit=unit)).state
    for unit, n in BIG_ARMY.items():
        state = GAME.apply(state, HOST, Adjust("units", value=n, hex=capital, unit=unit)).state
    return state, capital


def timed(state: GloryState, at: str, rng: random.Random) -> tuple[GloryState, str, float]:
    """Reachability for the big army (whole, or a group; marching or not), then a maneuver to a
    random end: the new state, where the big army now is, and the seconds spent."""
    army = state.players[0].armies[at]
    group = None if rng.random() < 0.6 else {u: max(1, n // 2) for u, n in army.units.items() if u != "peasant"}
    march = rng.random() < 0.5
    started = time.perf_counter()
    ends = queries.reach(state, 0, at, group, march=march)
    to, route = rng.choice(sorted(ends.items()))
    units = tuple(sorted(group.items())) if group else ()
    result = GAME.apply(state, Actor(0), Maneuver(at, to, units=units, march=march))
    seconds = time.perf_counter() - started
    state = result.state
    if state.exploring is not None:
        state = GAME.apply(state, Actor(0), Choose(queries.rotations(state)[0])).state
    landed = state.last.path[-1] if state.last and not state.last.stayed else at
    return state, landed, seconds


def next_turn(state: GloryState) -> GloryState:
    """Clear seat 0's depletion and go round the table back to it."""
    for at, army in state.players[0].armies.items():
        if army.cubes:
            state = GAME.apply(state, HOST, Adjust("depletion", value=0, hex=at)).state
    for seat in range(len(state.seats)):
        state = GAME.apply(state, Actor(seat), EndTurn()).state
    return state


def run(quick: bool) -> list[Figure]:
    board = largest_board()
    rng = random.Random(7)
    state, at = opening(board)
    times = []
    while len(times) < (300 if quick else 5000):
        if at not in state.players[0].armies:
            state, at = opening(board)
        state, at, seconds = timed(state, at, rng)
        times.append(seconds)
        state = next_turn(state)
    where = f"glory reachable + maneuver, largest army on {board.name}"
    return [Figure(f"glory-rules: {where}, p50", ms(percentile(times, 50)), "ms"),
            Figure(f"glory-rules: {where}, p99", ms(percentile(times, 99)), "ms", 1.0)]


if __name__ == "__main__":
    for figure in run("--quick" in sys.argv):
        print(figure.line())
