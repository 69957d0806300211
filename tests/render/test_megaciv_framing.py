"""Mega Civilization's posted view shows what a change is about (issue 28, "the board shows what
matters now"): over random games, every area a result changed or names (a conflict the phase-end
report lists, an adjusted area) lies inside the posted view's window whenever they fit in one
window together, and the first of them always does."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from render.areas import bounds
from render.megaciv.posted import AREA_PX, MAP_H, shown, whole
from render.posted import POSTED_W
from rules.base import Actor, Posted
from rules.errors import PlayerError
from rules.megaciv import GAME
from tests.games.megaciv import RANDOM_PLAY
from tests.support.random_play import legal

CONFLICT = re.compile(r"Conflict situation in (.+?) \(limit")


def fits(state: Any, areas: tuple[str, ...]) -> bool:
    """Whether `areas` fit in one window with a margin of an area round them."""
    anchors = whole(state.board).anchors
    left, top, right, bottom = bounds([anchors[a] for a in areas])
    return right - left <= POSTED_W - 2 * AREA_PX and bottom - top <= MAP_H - 2 * AREA_PX


def played(case: Any) -> list[tuple[Any, Any, Posted, Any]]:
    """(state before, the public view after, the posted view asked, the result) of each accepted
    action of a random game that is about some places."""
    rng = random.Random(case.seed)
    state, out = case.start(), []
    for _ in range(case.steps // 3):
        pick = legal(GAME, state, rng, 0.2) if rng.random() < 0.7 else None
        if pick is None:
            who, action = case.player.hostile(rng, state)
            pick = (who if isinstance(who, Actor) else Actor(who, host=rng.random() < 0.3), action)
        try:
            result = GAME.apply(state, *pick)
        except PlayerError:
            continue
        if result.places and not result.secret:
            out.append((state, GAME.view(result.state, None), Posted(pick[1], pick[0].seat, result.places), result))
        state = result.state
    return out


def test_every_place_a_result_is_about_lies_in_the_posted_view():
    kinds: Counter[str] = Counter()
    for case in RANDOM_PLAY[:2]:
        for _, after, posted, result in played(case):
            inside = shown(after, None, posted)
            assert posted.places[0] in inside, (result.summary, posted.places, sorted(inside))
            if fits(after, posted.places):
                assert set(posted.places) <= inside, (result.summary, posted.places, sorted(inside))
            kinds[posted.action.kind] += 1
    assert {"move", "adjust", "declare"} <= set(kinds), kinds


def test_the_phase_end_view_shows_a_conflict_the_report_names():
    """The Declare that ends a Movement phase frames the conflicts its report names, not the last mover."""
    ends = [(after, posted, result) for case in RANDOM_PLAY[:2] for before, after, posted, result in played(case)
            if before.moving and not after.moving and "over: 0 conflict" not in result.summary]
    assert len(ends) >= 5
    for after, posted, result in ends:
        named = tuple(m.group(1) for line in result.details for m in [CONFLICT.match(line)] if m)
        assert posted.places == named
        assert named[0] in shown(after, None, posted), (result.summary, named)
