"""The legal options of Mega Civilization on the 18-player map (`Game.kinds` and `Game.choices`,
what autocomplete asks on every keystroke), on the state as the asking seat sees it.

    python -m benchmarks.megaciv_options [--quick]

Positions: Oikumene with 18 players and ~400 tokens in the middle of a Movement phase
(`benchmarks.megaciv_scenes.busy`): the player moving, with a draft and a ship ready to sail; the
host (another seat) adjusting anyone's pieces; and between phases a player whose stock is short,
listing where to grow. Each parameter is asked in the order a player chooses, with the first value
offered before it (and, for the free ones, with some of it typed). Figures are the thread's CPU time
per call: the median and the slowest of each parameter across the positions.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from benchmarks.figures import Figure, ms
from benchmarks.megaciv_rules import HOST, opening
from benchmarks.megaciv_scenes import busy
from rules.base import Actor
from rules.megaciv import GAME
from rules.megaciv.actions import Adjust, Build
from rules.megaciv.state import MegaState
from rules.options import Value

TYPICAL, SLOWEST = 20, 50  # ms: a keystroke's autocomplete, and never more
ADJUSTING = ("tokens", "treasury", "city", "ship", "advance", "barbarians")


def _timed(view: MegaState, actor: Actor, kind: str, param: str, chosen: dict[str, Value], runs: int,
           samples: dict[str, list[float]]) -> list[Any]:
    found: list[Any] = []
    for _ in range(runs):
        cpu = time.thread_time()
        found = GAME.choices(view, actor, kind, param, chosen)
        samples.setdefault(f"{kind} {param}", []).append(time.thread_time() - cpu)
    return found


def _walk(view: MegaState, actor: Actor, kind: str, runs: int, samples: dict[str, list[float]],
          chosen: dict[str, Value] | None = None, typed: dict[str, str] | None = None) -> None:
    """Ask each parameter of `kind` in turn, choosing the first value offered (a free parameter is
    also asked with `typed` text, as autocomplete passes what is typed so far)."""
    chosen = dict(chosen or {})
    while True:
        param = next((p for p in GAME.steps(view, actor, kind, chosen) if p.name not in chosen), None)
        if param is None:
            return
        if param.free and typed and param.name in typed:
            _timed(view, actor, kind, param.name, {**chosen, param.name: typed[param.name]}, runs, samples)
        found = _timed(view, actor, kind, param.name, chosen, runs, samples)
        if not found:
            return
        chosen[param.name] = found[0].value


def _sailing(state: MegaState, seat: int) -> MegaState:
    """The state with `seat` holding a ship that can sail (built now if none can)."""
    if GAME.choices(GAME.view(state, seat), Actor(seat), "sail", "ship", {}):
        return state
    coastal = [a for a in state.players[seat].tokens if state.board.areas[a].coastal]
    return GAME.apply(state, Actor(seat), Build(coastal[0], "tokens" if state.players[seat].treasury < 2 else
                                                "treasury")).state


def run(quick: bool) -> list[Figure]:
    runs = 3 if quick else 15
    samples: dict[str, list[float]] = {}
    kinds: list[float] = []
    state = busy()
    mover = GAME.position(state).acting[0]
    state = _sailing(state, mover)
    host = next(s for s in range(len(state.seats)) if s != mover)
    between = opening(3)
    short = 0
    stock = between.players[short].stock
    between = GAME.apply(between, HOST, Adjust("treasury", between.players[short].treasury + stock - 3, seat=short)
                         ).state
    for view, actor in ((GAME.view(state, mover), Actor(mover)), (GAME.view(state, host), Actor(host, host=True)),
                        (GAME.view(between, short), Actor(short, host=True))):
        for _ in range(runs):
            cpu = time.thread_time()
            offered = GAME.kinds(view, actor)
            kinds.append(time.thread_time() - cpu)
        for kind in offered:
            if kind.kind == "adjust":
                for what in ADJUSTING:
                    _walk(view, actor, "adjust", runs, samples, {"what": what}, {"area": "ar"})
                _timed(view, actor, "adjust", "what", {}, runs, samples)
                continue
            first = GAME.choices(view, actor, kind.kind, kind.params[0].name, {}) if kind.params else []
            typed = {"route": f"{first[0].value} " if first else "", "areas": ""}
            if kind.kind == "sail" and first:
                route = GAME.choices(view, actor, "sail", "route", {"ship": first[0].value})
                typed["route"] = f"{str(route[-1].value).split()[0]} " if route else ""
            if kind.kind == "expand":
                listed = GAME.choices(view, actor, "expand", "areas", {})
                typed["areas"] = f"{str(listed[0].value).split(',')[0]}, " if listed else ""
            _walk(view, actor, kind.kind, runs, samples, typed=typed)
        for look in GAME.looks:
            for param in look.params:
                _timed(view, actor, look.kind, param.name, {}, runs, samples)
    rng = random.Random(5)
    del rng
    figures = [Figure("megaciv options: kinds open now (18 players, oikumene), median", ms(_median(kinds)), "ms",
                      TYPICAL),
               Figure("megaciv options: kinds open now, slowest", ms(max(kinds)), "ms", SLOWEST)]
    for name, values in samples.items():
        figures.append(Figure(f"megaciv options: {name}, median", ms(_median(values)), "ms", TYPICAL))
    slowest = max(samples, key=lambda name: max(samples[name]))
    figures.append(Figure(f"megaciv options: slowest call of all ({slowest})", ms(max(samples[slowest])), "ms",
                          SLOWEST))
    return figures


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main(argv: list[str] | None = None) -> int:
    quick = "--quick" in (argv if argv is not None else sys.argv[1:])
    figures = run(quick)
    for figure in figures:
        print(figure.line())
    return 1 if any(f.passed is False for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
