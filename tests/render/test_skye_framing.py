"""Isle of Skye's posted view shows what a change is about (issue 28, "the board shows what matters
now"): over random games, every tile a result changed or names (each tile of each walk just
revealed, a tile placed, a road) lies inside the posted view; after the walks, the view shows
every walker's territory, not the next round's pricing."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from render.skye.posted import layout, shown
from rules.base import Posted, Result
from tests.games.skye import RANDOM_PLAY
from tests.support.framing import played


@cache
def games() -> list[tuple[Any, Any, Posted, Result[Any]]]:
    """The random games' actions about some places (the first two cases)."""
    return [row for case in RANDOM_PLAY[:2] for row in played(case, case.steps)]


def test_every_place_a_result_is_about_lies_in_the_posted_view():
    kinds: Counter[str] = Counter()
    for _, after, posted, result in games():
        inside = shown(after, None, posted)
        assert set(posted.places) <= inside, (result.summary, posted.places, sorted(inside))
        kinds[posted.action.kind] += 1
    assert {"place", "plan"} <= set(kinds), kinds


def test_after_the_walks_the_view_shows_every_walk():
    """J-M1: the plans are revealed and walked in turn order; the posted view shows the territory
    of every journeyman that went anywhere (not the next round's pricing)."""
    walked = [(after, posted) for before, after, posted, _ in games() if after.walks != before.walks]
    assert len(walked) >= 3
    for after, posted in walked:
        went = {w.seat for w in after.walks if len(w.path) > 1 or w.collected or w.dropped}
        assert set(layout(after, None, posted) or {}) == went
