"""Isle of Skye read beyond its posted views (issue 28 §8): the journeyman's reach picture at
Discord's preview (550 px wide)."""

from __future__ import annotations

from render.skye import compose_reach as skye_compose_reach
from tests.render.legibility import drawn, problems
from tests.render.test_skye_highlight import highlight as skye_highlight
from tests.rules.skye_fixtures import scenario as skye_scenario


def test_skye_reach_picture_reads_at_550_px():
    """Where a journeyman can go: the costs, the start tag and the territory's axes at 10 px or
    more at the preview (they were 8.9 px)."""
    state = skye_scenario()
    image, found = drawn(skye_compose_reach, state, 0, skye_highlight(state, 0))
    assert not problems(image, found), problems(image, found)
    assert {"1", "2", "3", "4", "start"} <= {m.text for m in found}
