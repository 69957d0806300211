"""Mega Civilization's posted view shows what a change is about (issue 28, "the board shows what
matters now"): over random games, every area a result changed or names (a conflict the phase-end
report lists, an adjusted area) lies inside the posted view's window whenever they fit in one
window together, and the first of them always does."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

from render.areas import bounds
from render.megaciv.posted import AREA_PX, MAP_H, shown, whole
from render.posted import POSTED_W
from rules.base import Posted, Result
from tests.games.megaciv import RANDOM_PLAY
from tests.support.framing import played

CONFLICT = re.compile(r"Conflict situation in (.+?) \(limit")


def fits(state: Any, areas: tuple[str, ...]) -> bool:
    """Whether `areas` fit in one window with a margin of an area round them."""
    anchors = whole(state.board).anchors
    left, top, right, bottom = bounds([anchors[a] for a in areas])
    return right - left <= POSTED_W - 2 * AREA_PX and bottom - top <= MAP_H - 2 * AREA_PX


@cache
def games() -> list[tuple[Any, Any, Posted, Result[Any]]]:
    """The random games' actions about some places (the first two cases, a third of their steps)."""
    return [row for case in RANDOM_PLAY[:2] for row in played(case, case.steps // 3)]


def test_every_place_a_result_is_about_lies_in_the_posted_view():
    kinds: Counter[str] = Counter()
    for _, after, posted, result in games():
        inside = shown(after, None, posted)
        assert posted.places[0] in inside, (result.summary, posted.places, sorted(inside))
        if fits(after, posted.places):
            assert set(posted.places) <= inside, (result.summary, posted.places, sorted(inside))
        kinds[posted.action.kind] += 1
    assert {"move", "adjust", "declare"} <= set(kinds), kinds


def test_the_phase_end_view_shows_a_conflict_the_report_names():
    """The Declare that ends a Movement phase frames the conflicts its report names, not the last mover."""
    ends = [(after, posted, result) for before, after, posted, result in games()
            if before.moving and not after.moving and "over: 0 conflict" not in result.summary]
    assert len(ends) >= 5
    for after, posted, result in ends:
        named = tuple(m.group(1) for line in result.details for m in [CONFLICT.match(line)] if m)
        assert posted.places == named
        assert named[0] in shown(after, None, posted), (result.summary, named)
