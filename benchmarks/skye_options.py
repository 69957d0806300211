"""Legal options of Isle of Skye on a busy state: five players in the last round, every stage.

For each state of the last round and each seat the game waits for, on that seat's view: the kinds
open now, then the choices of every parameter of each kind, the values before it chosen as a menu
would (a marker with an advance where there is one). Each is timed once cold (the territories'
analysis cache emptied, as after a change) and twice warm (as the next keystrokes of one
autocomplete). Autocomplete answers each keystroke: the targets are a median under 20 ms and none
over 50 ms.

`python -m benchmarks.skye_options [--quick]` prints the slowest time of each parameter too.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from benchmarks.figures import Figure, ms, percentile
from benchmarks.skye_render import next_action
from games import default_games
from rules.base import Actor, Seat
from rules.skye import GAME
from rules.skye import land as land_module
from rules.skye.state import SkyeState

NAME = "skye-options"
PLAYERS = 5
Timings = dict[str, list[float]]  # "kind param" (or "kinds") → seconds


def last_round(seed: int = 2) -> Iterator[SkyeState]:
    """Every state of a 5-player game's last round (tiles kept or discarded by choice)."""
    board = default_games()["skye"].boards["standard"].model
    seats = [Seat(i + 1, f"player{i + 1}", c) for i, c in enumerate(GAME.colours[:PLAYERS])]
    state = GAME.setup(board, seats, {"unbought": "choose"}, seed)
    rng = random.Random(seed)
    while GAME.ending(state) is None:
        if state.round >= state.rounds:
            yield state
        seat, action = next_action(rng, state)
        state = GAME.apply(state, Actor(seat), action).state


def timed(state: SkyeState, seat: int, found: Timings) -> None:
    """Time kinds and every parameter's choices for `seat` on its view of `state`."""
    view, actor = GAME.view(state, seat), Actor(seat, host=seat == 0)
    for cold in (True, False, False):
        if cold:
            land_module._cache.clear()
        started = time.perf_counter()
        kinds = GAME.kinds(view, actor)
        found.setdefault("kinds", []).append(time.perf_counter() - started)
    for kind in kinds:
        chosen: dict[str, Any] = {}
        for param in GAME.action_class(kind.kind).params:
            for cold in (True, False, False):
                if cold:
                    land_module._cache.clear()
                started = time.perf_counter()
                offered = GAME.choices(view, actor, kind.kind, param.name, chosen)
                found.setdefault(f"{kind.kind} {param.name}", []).append(time.perf_counter() - started)
            if offered:
                pick = next((c for c in offered if ":" in str(c.value)), offered[len(offered) // 2])
                chosen[param.name] = pick.value


def measure(quick: bool) -> Timings:
    found: Timings = {}
    for i, state in enumerate(last_round()):
        if quick and i % 4:
            continue
        pos = GAME.position(state)
        for seat in sorted({*pos.acting, *(d.seat for d in pos.decisions)}):
            timed(state, seat, found)
    return found


def run(quick: bool) -> list[Figure]:
    found = measure(quick)
    every = [t for times in found.values() for t in times]
    return [
        Figure("skye options: choices of a parameter, 5 players, median", ms(percentile(every, 50)), "ms", 20.0),
        Figure("skye options: choices of a parameter, slowest", ms(max(every)), "ms", 50.0),
    ]


if __name__ == "__main__":
    timings = measure("--quick" in sys.argv)
    for name, times in sorted(timings.items()):
        print(f"  {name:<22} n={len(times):4}  median {ms(percentile(times, 50)):6.2f} ms  "
              f"slowest {ms(max(times)):6.2f} ms")
    for figure in run("--quick" in sys.argv):
        print(figure.line())
