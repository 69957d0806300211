"""The six scenarios of the rules file, on its scenario territory (tests/rules/skye_fixtures.py)."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.skye import queries as q
from rules.skye.land import land
from rules.skye.state import with_player
from tests.rules.skye_fixtures import RED, journey, scenario, sealed


def test_scenario_1_castle_to_t3_costs_4():
    state = scenario()
    lnd = land(state.board, state.players[RED])
    assert [lnd.cost(a, b) for a, b in (((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (2, 1)))] == [1, 1, 2]
    assert lnd.cost((0, 0), (2, 1)) == 4
    assert q.route_cost(state, RED, [(2, 1)]).total == 4


def test_scenario_2_t3_then_t4_with_4_points_is_refused():
    state = scenario()
    check = q.route_cost(state, RED, [(2, 1), (3, 0)])
    assert (check.legs, check.total, check.fits) == ((4, 4), 8, False)
    with pytest.raises(IllegalMove, match=r"need 4 \+ 4 = 8 movement points but you have 4"):
        sealed(state, RED, "T3", "T4")


def test_scenario_3_t5_is_at_distance_2_though_the_walk_is_longer():
    state = scenario()
    lnd = land(state.board, state.players[RED])
    assert lnd.distance((0, 2)) == 2 and lnd.cost((0, 0), (0, 2)) == 7
    state = with_player(state, RED, journeyman=(1, 2), tracks=(3, 0, 0), best=(3, 0, 0))
    after, _walk, _lines = journey(state, RED, "T5:warrior")
    assert after.players[RED].tracks[0] == 4  # Warrior space 4 needs a tile at distance 2 or more


def test_scenario_4_a_ship_and_a_farm_advance_merchant_or_herald_not_both():
    state = scenario(placed=[("TS", -1, 0, 0)])
    allowed = {a.track for a in q.advances(state, RED, (-1, 0)) if a.allowed and a.meets}
    assert allowed == {"merchant", "herald"}
    merchant, _w, _l = journey(state, RED, "TS:merchant")
    herald, _w, _l = journey(state, RED, "TS:herald")
    assert merchant.players[RED].tracks == (0, 1, 0) and herald.players[RED].tracks == (0, 0, 1)
    with pytest.raises(IllegalMove, match="Only one waypoint marker may lie on a tile"):
        sealed(state, RED, "TS:merchant", "TS:herald")


def test_scenario_5_herald_fee_5_with_4_gold_is_refused():
    state = scenario(placed=[("TL", 0, -1, 2)])
    state = with_player(state, RED, tracks=(0, 0, 2), best=(0, 0, 2), gold=4)
    with pytest.raises(IllegalMove, match="costs a fee of 5 gold, more than the 4 gold held"):
        sealed(state, RED, "TL:herald")
    assert not next(a for a in q.advances(state, RED, (0, -1)) if a.track == "herald").allowed


def test_scenario_6_castle_advances_warrior_for_1_gold_and_a_second_castle_marker_is_refused():
    state = with_player(scenario(), RED, gold=5)
    after, _walk, lines = journey(state, RED, "castle:warrior")
    assert after.players[RED].tracks[0] == 1 and after.players[RED].gold == 4
    assert "castle cost 1 gold" in lines[0]
    with pytest.raises(IllegalMove, match="the castle has two"):
        sealed(state, RED, "castle:warrior", "0,0:merchant")
