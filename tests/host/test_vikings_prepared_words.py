"""A prepared step that no longer applies is shown in words (issue 29): its action's name, a
catalog message in the reader's language, and its options as the player would type them, not the
action's encoded values."""

from __future__ import annotations

from games import default_games
from waypost.ahead import _step
from waypost.i18n import translate


def test_a_step_that_no_longer_applies_reads_as_its_action_and_typed_options():
    rules = default_games()["vikings"].rules
    step = _step(rules, {"kind": "sail", "boat": 1, "route": ["F4", "D1"], "strength": 2, "settlers": 2,
                         "raid": False, "salt": ""})
    assert step == 'Sail a boat (boat:1 route:"F4 D1" strength:2 settlers:2)'
    assert translate(step, "de") == 'Ein Boot segeln (boat:1 route:"F4 D1" strength:2 settlers:2)'
