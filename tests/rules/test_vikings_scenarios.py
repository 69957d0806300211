"""The six scenarios of the rules file, on the scenario map (two-isles)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove
from rules.vikings import influence, reach
from rules.vikings.actions import Sail
from tests.rules.vikings_fixtures import BLUE, RED, YELLOW, act, in_play, put, settle


def test_scenario_1_red_sails_x3_to_b1_and_may_deploy_3_and_raid():
    state = in_play()
    state = put(state, RED, 1, "A1")
    assert reach(state, RED, 1, 3)["B1"] == ("F1", "F2", "B1")
    after = act(state, RED, Sail(boat=1, route=("F1", "F2", "B1"), strength=3, settlers=3, raid=True)).state
    red = after.players[RED]
    assert (red.boats[1], red.settlers["B"], red.raided, after.villages) == ("B1", 3, 1, set())


def test_scenario_2_the_same_sail_at_strength_2_is_refused():
    state = in_play()
    state = put(state, RED, 1, "A1")
    with pytest.raises(IllegalMove, match="must move 3 times to reach B1 but the sail is x2"):
        act(state, RED, Sail(boat=1, route=("F1", "F2", "B1"), strength=2))


def test_scenario_3_blue_is_bumped_to_the_only_fjord_and_loses_2_influence():
    state = in_play()
    state = put(state, BLUE, 1, "B1")
    state = put(state, RED, 1, "F2")
    before = influence(state, "B")[BLUE]
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1)).state
    assert after.players[BLUE].boats[1] == "F2"
    assert before - influence(after, "B")[BLUE] == 2


def test_scenario_4_red_deploys_3_yellow_keeps_1_blue_0():
    state = in_play()
    state = settle(state, YELLOW, "B", settlers=2)
    state = settle(state, BLUE, "B", settlers=1)
    state = put(state, RED, 1, "F2")
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=3, settlers=3)).state
    assert (after.players[YELLOW].settlers["B"], after.players[BLUE].settlers["B"]) == (1, 0)
    assert (after.players[YELLOW].mat_settlers, after.players[BLUE].mat_settlers) == (5, 6)


def test_scenario_5_blue_deploys_3_removes_reds_settler_and_steals_the_rune():
    state = in_play()
    state = settle(state, RED, "B", settlers=1, temples=1)
    state = replace(state, runes=state.runes.with_item("B", RED), fury=state.fury.with_item("Thor", 3))
    state = put(state, BLUE, 1, "F2")
    state = replace(state, turn=BLUE)
    after = act(state, BLUE, Sail(boat=1, route=("B1",), strength=3, settlers=3)).state
    assert after.players[RED].settlers["B"] == 0
    assert influence(after, "B") == {RED: 4, BLUE: 5, YELLOW: 0}
    assert after.runes["B"] == BLUE and after.fury["Thor"] == 4


def test_scenario_6_docking_without_boots_leaves_the_rune():
    state = in_play()
    state = put(state, RED, 1, "F1")
    after = act(state, RED, Sail(boat=1, route=("A1",), strength=1)).state
    assert influence(after, "A")[RED] == 2
    assert after.runes["A"] is None and after.fury["Odin"] == 0
