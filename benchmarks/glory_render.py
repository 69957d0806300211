"""Drawing, Glory of Civilizations: the board of a game in progress on the largest shipped map
with every seat taken, as PNG (median under 50 ms).

    python -m benchmarks.glory_render [--quick]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from benchmarks import posted
from benchmarks.figures import Figure, ms
from benchmarks.glory_rules import largest_board
from render.glory import draw
from render.glory.posted import compose_posted
from rules.base import Actor, Posted, Seat
from rules.glory import GAME, queries
from rules.glory.actions import Choose, EndTurn, Maneuver, Pass
from rules.glory.board import Board
from rules.glory.state import GloryState

NAME = "glory-render"


def game_states(board: Board, count: int, seed: int = 1) -> list[GloryState]:
    """`count` positions of one game through the rules (every seat taken): each a few actions after
    the one before, so armies spread, provinces get explored, event cards and relics come out."""
    seats = [Seat(i + 1, f"player{i + 1}", c) for i, c in enumerate(GAME.colours[:board.max_players])]
    state = GAME.setup(board, seats, GAME.default_settings(), seed)
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        for _ in range(3):
            state = _step(state, rng)
        states.append(state)
    return states


def _step(state: GloryState, rng: random.Random) -> GloryState:
    if state.exploring is not None:
        answer = Choose(rng.choice(queries.rotations(state)))
        return GAME.apply(state, Actor(state.exploring.plan.seat), answer).state
    seat = state.turn
    armies = queries.armies(state, seat)
    if armies and (not state.maneuvers or state.players[seat].action_cubes) and rng.random() < 0.85:
        at, _ = rng.choice(armies)
        ends = sorted(queries.reach(state, seat, at).items(), key=lambda e: -e[1].cost)[:4]
        if ends:
            move = Maneuver(at, rng.choice(ends)[0], march=rng.random() < 0.2)
            return GAME.apply(state, Actor(seat), move).state
    action = Pass() if not state.maneuvers and rng.random() < 0.2 else EndTurn()
    return GAME.apply(state, Actor(seat), action).state


def run(quick: bool) -> list[Figure]:
    """The first drawing builds the map's base layer (once per board and player count per
    process); the median is of the drawings after it, each of a different position (as everyone
    sees it), explored provinces laid on the base once per set of placements."""
    board = largest_board()
    states = [GAME.view(s, None) for s in game_states(board, 8 if quick else 60)]
    started = time.perf_counter()
    draw(states[0], None)
    first = time.perf_counter() - started
    times, sizes = [], []
    for state in states[1:]:
        started = time.perf_counter()
        png = draw(state, None)
        times.append(time.perf_counter() - started)
        sizes.append(len(png))
    explored = len(states[-1].explored)
    return [Figure(f"glory render: first drawing of {board.name} (base layer)", ms(first), "ms"),
            Figure(f"glory render: drawing {board.name}, median ({explored} explored at the end)",
                   ms(statistics.median(times)), "ms", 50),
            Figure("glory render: largest PNG", max(sizes) / 1024, "KB", 1024),
            *posted.figures(f"glory render: {board.name}", draw, compose_posted, [(s, Posted()) for s in states])]


if __name__ == "__main__":
    for figure in run("--quick" in sys.argv):
        print(figure.line())
