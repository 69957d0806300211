"""At the end dock: deploy (V-D1), attack (V-D2), return (V-D3), raid (V-R1), dedicate (V-R2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import BadInput, IllegalMove, NotAllowed, NotYourTurn
from rules.vikings import GAME, queries
from rules.vikings.actions import AdvanceEra, Dedicate, EndTurn, ReturnSettlers, Sail
from rules.vikings.state import with_player
from tests.rules.vikings_fixtures import BLUE, RED, YELLOW, act, in_play, put, settle


def _docking(players: int = 3, **settings):
    """Red's boat 1 one move from B1 (which has a village)."""
    state = in_play(players, **settings)
    state = put(state, RED, 1, "F2")
    return state


def test_V_D1_deploy_pays_one_food_per_settler_from_the_mat():
    state = _docking()
    result = act(state, RED, Sail(boat=1, route=("B1",), strength=2, settlers=2))
    red = result.state.players[RED]
    assert (red.settlers["B"], red.mat_settlers, red.food) == (2, 4, 3)
    assert "deployed 2 settlers on Bjorn Isle" in result.summary
    assert "Red food 5 → 3" in result.details


@pytest.mark.parametrize(
    ("strength", "settlers", "mat", "food", "message"),
    [
        (2, 3, 6, 5, "A sail x2 deploys at most 2 settlers."),
        (3, 2, 1, 5, "You have only 1 settler on your mat."),
        (3, 3, 6, 2, "Deploying 3 settlers costs 3 food; you have 2."),
    ],
)
def test_V_D1_deploy_is_limited_by_the_sail_the_mat_and_food(strength, settlers, mat, food, message):
    state = _docking()
    state = with_player(settle(state, RED, "A", settlers=6 - mat), RED, food=food)
    with pytest.raises(IllegalMove) as refused:
        act(state, RED, Sail(boat=1, route=("B1",), strength=strength, settlers=settlers))
    assert refused.value.message == message


def test_V_D1_negative_deploy_is_refused():
    with pytest.raises(BadInput):
        act(_docking(), RED, Sail(boat=1, route=("B1",), strength=2, settlers=-1))


def test_V_D2_more_settlers_than_each_other_player_removes_one_of_each():
    state = _docking()
    state = settle(state, YELLOW, "B", settlers=2)
    state = settle(state, BLUE, "B", settlers=1)
    result = act(state, RED, Sail(boat=1, route=("B1",), strength=3, settlers=3))
    players = result.state.players
    assert [players[s].settlers["B"] for s in (RED, BLUE, YELLOW)] == [3, 0, 1]
    assert [players[s].mat_settlers for s in (BLUE, YELLOW)] == [6, 5]
    assert "removed a settler each: Blue 1→0, Yellow 2→1" in result.summary


def test_V_D2_no_attack_without_strictly_more_settlers():
    state = _docking()
    state = settle(state, YELLOW, "B", settlers=2)
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=2, settlers=2)).state
    assert after.players[YELLOW].settlers["B"] == 2


def test_V_D2_temples_and_boats_do_not_count_and_temples_are_not_removed():
    state = _docking()
    state = settle(state, BLUE, "B", temples=1)
    state = put(state, BLUE, 1, "B2")
    state = settle(state, YELLOW, "B", settlers=2)
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=3, settlers=3)).state
    assert after.players[BLUE].temples["B"] == 1
    assert after.players[YELLOW].settlers["B"] == 1


def test_V_D2_no_attack_without_deploying():
    state = _docking()
    state = settle(state, RED, "B", settlers=3)
    state = settle(state, YELLOW, "B", settlers=1)
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1)).state
    assert after.players[YELLOW].settlers["B"] == 1


def test_V_D3_return_settlers_to_the_mat_free_on_your_turn():
    state = in_play()
    state = settle(state, RED, "A", settlers=3)
    result = act(state, RED, ReturnSettlers(island="A", count=2))
    red = result.state.players[RED]
    assert (red.settlers["A"], red.mat_settlers, red.food) == (1, 5, 5)
    assert result.summary.startswith("Red returned 2 settlers from Asa Isle to the mat")
    with pytest.raises(IllegalMove, match="You have only 1 settler on Asa Isle."):
        act(result.state, RED, ReturnSettlers(island="A", count=2))
    with pytest.raises(BadInput, match="at least one"):
        act(state, RED, ReturnSettlers(island="A", count=0))
    with pytest.raises(BadInput, match="There is no island 'Q'"):
        act(state, RED, ReturnSettlers(island="Q", count=1))


def test_V_D3_return_only_on_your_turn():
    state = in_play()
    state = settle(state, BLUE, "A", settlers=1)
    with pytest.raises(NotYourTurn, match="It is Red's turn."):
        act(state, BLUE, ReturnSettlers(island="A", count=1))


def test_V_R1_raid_pays_the_era_steel_and_takes_the_village():
    state = _docking()
    result = act(state, RED, Sail(boat=1, route=("B1",), strength=1, raid=True))
    red = result.state.players[RED]
    assert (red.steel, red.raided, result.state.villages) == (4, 1, set())
    assert "raided the village at B1" in result.summary


def test_V_R1_declining_leaves_boat_and_village_sharing_the_dock():
    after = act(_docking(), RED, Sail(boat=1, route=("B1",), strength=1)).state
    assert after.players[RED].boats[1] == "B1" and after.villages == {"B1"}


def test_V_R1_raid_needs_a_village_and_the_steel():
    state = in_play()
    state = put(state, RED, 1, "F3")
    with pytest.raises(IllegalMove, match="There is no village at B2 to raid."):
        act(state, RED, Sail(boat=1, route=("B2",), strength=1, raid=True))
    state = _docking()
    state = replace(state, era=3)
    state = with_player(state, RED, steel=2)
    with pytest.raises(IllegalMove, match="Raiding costs 3 steel in era 3; you have 2."):
        act(state, RED, Sail(boat=1, route=("B1",), strength=1, raid=True))


@pytest.mark.parametrize(("settings", "era", "cost"), [({}, 1, 1), ({}, 2, 2), ({}, 3, 3),
                                                        ({"raid_cost_era2": 4, "raid_cost_era3": 0}, 2, 4),
                                                        ({"raid_cost_era2": 4, "raid_cost_era3": 0}, 3, 0)])
def test_V_R1_raid_cost_by_era_and_settings(settings, era, cost):
    state = _docking(**settings)
    state = replace(state, era=era)
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1, raid=True)).state
    assert after.players[RED].steel == 5 - cost


def _raider(players: int = 2, raided: int = 3):
    state = in_play(players)
    state = with_player(state, RED, raided=raided)
    return state


def test_V_R2_dedicate_to_an_era_action_once_per_turn():
    result = act(_raider(), RED, Dedicate("action2"))
    assert result.state.dedications["action2"] == 1 and result.state.players[RED].raided == 2
    assert result.summary == "Red dedicated a village to era-mat action 2 (1 of 2 this era; the table carries it out)"
    assert not result.board_changed  # nothing on the map changed: no new image (issue 8 §15)
    with pytest.raises(IllegalMove, match="already dedicated a village this turn"):
        act(result.state, RED, Dedicate("action3"))


def test_V_R2_each_era_action_is_usable_once_per_player_per_era():
    state = _raider()
    state = replace(state, dedications=state.dedications.with_item("action1", 2))
    with pytest.raises(IllegalMove, match="Era-mat action 1 has been used 2 times this era"):
        act(state, RED, Dedicate("action1"))
    state = act(state, RED, AdvanceEra(), host=True).state
    assert act(state, RED, Dedicate("action1")).state.dedications["action1"] == 1


def test_V_R2_dedicate_to_a_gods_fury_slot_raises_fury_by_two():
    result = act(_raider(), RED, Dedicate("Thor"))
    assert result.state.fury == {"Odin": 0, "Thor": 2, "Freyja": 0}
    assert result.summary == "Red dedicated a village to Thor's fury slot: Thor fury 0 → 2"


def test_V_R2_dedication_needs_a_raided_village_a_known_target_and_your_turn():
    with pytest.raises(IllegalMove, match="no raided village"):
        act(_raider(raided=0), RED, Dedicate("Thor"))
    with pytest.raises(BadInput, match="Dedicate to one of: action1, action2, action3, action4, Odin, Thor, Freyja."):
        act(_raider(), RED, Dedicate("Loki"))
    with pytest.raises(NotYourTurn):
        act(_raider(), BLUE, Dedicate("Thor"))


def test_V_R2_the_once_per_turn_limit_resets_next_turn():
    state = act(_raider(), RED, Dedicate("Thor")).state
    state = act(state, RED, EndTurn()).state
    state = with_player(state, BLUE, raided=1)
    assert act(state, BLUE, Dedicate("Odin")).state.fury["Odin"] == 2


def test_unseated_player_cannot_dedicate():
    with pytest.raises(NotAllowed):
        act(_raider(), None, Dedicate("Thor"), host=True)


def test_V_R1_a_village_is_named_where_a_sail_may_end_and_where_a_boat_may_be_placed():
    """Autocomplete and /game reach mark the docks holding a village (issue 20)."""
    state = _docking()
    reach = {r.to: r for r in GAME.reach(state, RED, "1", {"strength": 1})}
    assert reach["B1"].note == "village" and all(r.note == "" for to, r in reach.items() if to != "B1")
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1, raid=True)).state
    assert queries.village(after, "B1") == "" and queries.village(state, "B1") == "village"
    free = dict(queries.empty_docks(in_play()))
    assert free["B1"].endswith(", village") and not free["A1"].endswith("village")
