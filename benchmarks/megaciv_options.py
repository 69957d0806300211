"""The legal options of Mega Civilization on the 18-player map (`Game.kinds` and `Game.choices`,
what autocomplete asks on every keystroke), on the state as the asking seat sees it.

    python -m benchmarks.megaciv_options [--quick]

Positions: Oikumene with 18 players and ~400 tokens in the middle of a Movement phase
(`benchmarks.megaciv_scenes.busy`): the player moving, with a draft and a ship ready to sail; the
host (another seat) adjusting anyone's pieces; at the start of a phase a player spread over 33
areas with Roadbuilding, Astronavigation and Cloth Making (the most moves and the longest voyages);
and between phases a player whose stock is short, listing where to grow. Each parameter is asked
in the order a player chooses, with the first value offered before it (and, for the free ones,
with some of it typed). Figures are the thread's CPU time per call: the median of each parameter
across the positions, and the slowest call of all.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from benchmarks.figures import Figure, ms, percentile, standalone
from benchmarks.megaciv_rules import HOST, opening
from benchmarks.megaciv_scenes import busy
from rules.base import Actor
from rules.megaciv import GAME
from rules.megaciv.actions import Adjust, Build, Maintain, StartMovement
from rules.megaciv.state import MegaState
from rules.options import Value

NAME = "megaciv-options"
TYPICAL, SLOWEST = 20, 50  # ms: a keystroke's autocomplete, and never more
ADJUSTING = ("tokens", "treasury", "city", "ship", "advance", "barbarians")


def _timed(view: MegaState, actor: Actor, kind: str, param: str, chosen: dict[str, Value], runs: int,
           samples: dict[str, list[float]] | None = None, note: str = "") -> dict[str, list[float]]:
    """`runs` timings of the choices of `param` (in seconds of this thread's CPU), by name."""
    samples = {} if samples is None else samples
    for _ in range(runs):
        cpu = time.thread_time()
        GAME.choices(view, actor, kind, param, chosen)
        samples.setdefault(f"{kind} {param}{note}", []).append(time.thread_time() - cpu)
    return samples


def _walk(view: MegaState, actor: Actor, kind: str, runs: int, chosen: dict[str, Value] | None = None,
          typed: dict[str, str] | None = None) -> dict[str, list[float]]:
    """Time each parameter of `kind` in turn, choosing the first value offered (a free parameter is
    also asked with `typed` text, as autocomplete passes what is typed so far)."""
    samples: dict[str, list[float]] = {}
    chosen = dict(chosen or {})
    while True:
        param = next((p for p in GAME.params_now(view, actor, kind, chosen) if p.name not in chosen), None)
        if param is None:
            return samples
        if param.free and typed and typed.get(param.name):
            _timed(view, actor, kind, param.name, {**chosen, param.name: typed[param.name]}, runs, samples, " (typed)")
        _timed(view, actor, kind, param.name, chosen, runs, samples)
        found = GAME.choices(view, actor, kind, param.name, chosen)
        if not found:
            return samples
        chosen[param.name] = found[0].value


def _sailing(state: MegaState, seat: int) -> MegaState:
    """The state with `seat` holding a ship that can sail (built now if none can)."""
    if GAME.choices(GAME.view(state, seat), Actor(seat), "sail", "ship", {}):
        return state
    coastal = [a for a in state.players[seat].tokens if state.board.areas[a].coastal]
    return GAME.apply(state, Actor(seat), Build(coastal[0], "tokens" if state.players[seat].treasury < 2 else
                                                "treasury")).state


def _crowded() -> tuple[MegaState, int]:
    """A phase begun with one player spread thin over the land around its start, holding the
    movement advances, one ship kept and ready to sail and one old ship waiting for upkeep."""
    state = opening(2)
    seat = 5
    board = state.board
    start = next(iter(state.players[seat].tokens))
    near, edge = [start], [start]
    while len(near) < 40:
        edge = sorted({n for a in edge for n in board.land_next[a]} - set(near))
        near += edge
    coastal = [a for a in near if board.areas[a].coastal]
    adjust = [Adjust("treasury", 3, seat=seat), *(Adjust("advance", 1, seat=seat, name=a) for a in (
        "Roadbuilding", "Astronavigation", "Cloth Making") if a not in state.players[seat].advances),
        Adjust("ship", 0, seat=seat, area=coastal[0], ship=1), Adjust("ship", 0, seat=seat, area=coastal[1], ship=2)]
    for action in adjust:
        state = GAME.apply(state, HOST, action).state
    for area in near:
        player = state.players[seat]
        if player.stock and not player.tokens.get(area) and board.areas[area].limit:
            state = GAME.apply(state, HOST, Adjust("tokens", 1, seat=seat, area=area)).state
    state = GAME.apply(state, HOST, StartMovement()).state
    state = replace(state, order=(seat, *[s for s in state.order if s != seat]))
    return GAME.apply(state, Actor(seat), Maintain(1)).state, seat


def run(quick: bool) -> list[Figure]:
    runs = 3 if quick else 15
    medians: dict[str, float] = {}  # each parameter's median in the position (and adjustment) where it is slowest
    slowest: dict[str, float] = {}

    def keep(samples: dict[str, list[float]]) -> None:
        for name, values in samples.items():
            medians[name] = max(medians.get(name, 0.0), percentile(values, 50))
            slowest[name] = max(slowest.get(name, 0.0), *values)

    state = busy()
    mover = GAME.position(state).acting[0]
    state = _sailing(state, mover)
    host = next(s for s in range(len(state.seats)) if s != mover)
    between = opening(3)
    short = 0
    stock = between.players[short].stock
    between = GAME.apply(between, HOST, Adjust("treasury", between.players[short].treasury + stock - 3, seat=short)
                         ).state
    crowded, spread = _crowded()
    asking = ((state, Actor(mover)), (state, Actor(host, host=True)), (crowded, Actor(spread)),
              (between, Actor(short, host=True)))
    for view, actor in ((GAME.view(s, a.seat), a) for s, a in asking):
        kinds: dict[str, list[float]] = {"kinds open now": []}
        for _ in range(runs):
            cpu = time.thread_time()
            offered = GAME.kinds(view, actor)
            kinds["kinds open now"].append(time.thread_time() - cpu)
        keep(kinds)
        for kind in offered:
            if kind.kind == "adjust":
                for what in ADJUSTING:
                    keep(_walk(view, actor, "adjust", runs, {"what": what}, {"area": "ar"}))
                keep(_walk(view, actor, "adjust", runs))
                continue
            first = GAME.choices(view, actor, kind.kind, kind.params[0].name, {}) if kind.params else []
            typed = {"route": "", "areas": ""}
            if kind.kind == "sail" and first:
                route = GAME.choices(view, actor, "sail", "route", {"ship": first[0].value})
                typed["route"] = f"{str(route[-1].value).split()[0]} " if route else ""
            if kind.kind == "expand":
                listed = GAME.choices(view, actor, "expand", "areas", {})
                typed["areas"] = f"{str(listed[0].value).split(',')[0]}, " if listed else ""
            keep(_walk(view, actor, kind.kind, runs, typed=typed))
        for look in GAME.looks:
            for param in look.params:
                keep(_timed(view, actor, look.kind, param.name, {}, runs))
    where = "18 players on oikumene"
    figures = [Figure(f"megaciv options: {name}{f' ({where})' if not i else ''}, median", ms(value), "ms", TYPICAL)
               for i, (name, value) in enumerate(medians.items())]
    worst = max(slowest, key=slowest.__getitem__)
    figures.append(Figure(f"megaciv options: slowest call of all ({worst})", ms(slowest[worst]), "ms", SLOWEST))
    return figures


if __name__ == "__main__":
    sys.exit(standalone(run))
