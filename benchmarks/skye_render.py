"""Drawing Isle of Skye: five territories late in a game (round 5 of 5), as PNG.

`python -m benchmarks.skye_render [--quick]` prints the figures on its own; `make bench` runs it as
`skye-render`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Iterator

from benchmarks import posted
from benchmarks.figures import Figure, ms
from games import default_games
from render.skye.posted import compose_posted
from rules.base import Action, Actor, Posted, Seat
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Buy, Choose, Keep, Place, Plan, Price
from rules.skye.state import SkyeState

NAME = "skye-render"
PLAYERS = 5


def next_action(rng: random.Random, state: SkyeState) -> tuple[int, Action]:
    """A legal action through the rules' queries, keen to advance (so tracks and walks fill up)."""
    pos = GAME.position(state)
    if pos.decisions:
        d = pos.decisions[0]
        return d.seat, Choose(next((o for o in d.options if o != "none"), "none"))
    seat = rng.choice(pos.acting)
    seen = GAME.view(state, seat)
    if state.stage == "price":
        hand = q.hand(seen, seat)
        floor = q.price_floor(seen, seat)
        return seat, Price(hand[0], hand[1:], tuple(floor for _ in hand[1:]))
    if state.stage == "buy":
        options = [t for t, _o, _p, ok in q.buyable(seen, seat) if ok]
        return seat, Buy(rng.choice(options) if options else "")
    if state.stage == "keep":
        return seat, Keep()
    if state.stage == "place":
        tile = q.to_place(seen, seat)[0]
        x, y, turns = rng.choice(q.placements(seen, seat, tile))
        return seat, Place(tile, x, y, rng.choice(turns))
    markers: list[str] = []
    for _ in range(q.markers(seen, seat)):
        options = [o for o in q.marker_options(seen, seat, tuple(markers)) if o.track] or []
        if not options:
            break
        markers.append(rng.choice(options).marker)
    return seat, Plan(tuple(markers))


def late_states(count: int, seed: int = 2) -> Iterator[SkyeState]:
    """`count` states of one 5-player game from its last round on, an action apart, as onlookers see them."""
    entry = default_games()["skye"]
    board = entry.boards["standard"].model
    seats = [Seat(i + 1, f"player{i + 1}", c) for i, c in enumerate(GAME.colours[:PLAYERS])]
    rng = random.Random(seed)
    state = GAME.setup(board, seats, {}, seed)
    found = 0
    while found < count and GAME.ending(state) is None:
        seat, action = next_action(rng, state)
        state = GAME.apply(state, Actor(seat), action).state
        if state.round >= state.rounds:
            found += 1
            yield GAME.view(state, None)


def run(quick: bool) -> list[Figure]:
    """The first drawing builds the static layer and the tiles' sprites; the median is of the
    drawings after it, each of a different state."""
    draw = default_games()["skye"].draw
    states = list(late_states(6 if quick else 31))
    started = time.perf_counter()
    draw(states[0], None, None)
    first = time.perf_counter() - started
    times, sizes = [], []
    for state in states[1:]:
        started = time.perf_counter()
        png = draw(state, None, None)
        times.append(time.perf_counter() - started)
        sizes.append(len(png))
    tiles = sum(len(p.territory) for p in states[-1].players)
    return [Figure(f"skye render: first drawing, five territories ({tiles} tiles)", ms(first), "ms"),
            Figure("skye render: five territories, median", ms(statistics.median(times)), "ms", 60),
            Figure("skye render: largest PNG", max(sizes) / 1024, "KB", 1024),
            *posted.figures("skye render: five players", draw, compose_posted, [(s, Posted()) for s in states])]


if __name__ == "__main__":
    for figure in run("--quick" in sys.argv):
        print(figure.line())
