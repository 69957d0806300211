"""The eight scenarios of the rules file, on its scenario map."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.megaciv.actions import Build, Declare, Move, Sail
from rules.megaciv.phase import movement_order
from rules.megaciv.queries import conflicts, phase_report
from tests.rules.megaciv_fixtures import (
    BLUE,
    GREEN,
    RED,
    act,
    blank,
    cash,
    city,
    first_to_move,
    hold,
    moving,
    put,
    ship,
)


def test_scenario_1_census_order_with_ast_ties_and_military_last():
    state = put(put(put(blank(), RED, "A", 20), BLUE, "E", 25), GREEN, "F", 25)
    assert movement_order(state) == (GREEN, BLUE, RED)
    assert moving(state).order == (GREEN, BLUE, RED)
    assert moving(hold(state, BLUE, "Military")).order == (GREEN, RED, BLUE)


def test_scenario_2_two_steps_need_roadbuilding():
    state = first_to_move(moving(put(blank(), RED, "A", 2)), RED)
    with pytest.raises(IllegalMove, match="needs Roadbuilding"):
        act(state, RED, Move("A", "C", 2, via="B"))
    roads = first_to_move(moving(hold(put(blank(), RED, "A", 2), RED, "Roadbuilding")), RED)
    after = act(roads, RED, Move("A", "C", 2, via="B")).state
    assert after.players[RED].tokens == {"C": 2}


def test_scenario_3_ship_paid_with_a_treasury_token_and_a_token_from_its_area():
    state = first_to_move(moving(cash(put(blank(), RED, "A", 2), RED, 1)), RED)
    after = act(state, RED, Build("A", pay="mixed")).state
    red = after.players[RED]
    assert (red.treasury, red.tokens, red.ships[0].area, red.ships[0].built) == (0, {"A": 1}, "A", True)


def test_scenario_4_two_tokens_from_inland_e_do_not_pay_for_a_ship_at_a():
    state = first_to_move(moving(put(put(blank(), RED, "A", 1), RED, "E", 2)), RED)
    with pytest.raises(IllegalMove, match="At least one token paid for a ship must come from its area, A."):
        act(state, RED, Build("A", pay="tokens", tokens_from=("E", "E")))
    assert act(state, RED, Build("A", pay="tokens", tokens_from=("A", "E"))).state.players[RED].tokens == {"E": 1}


def test_scenario_5_an_unmaintained_old_ship_may_not_sail():
    state = first_to_move(moving(ship(put(blank(), RED, "A", 1), RED, 1, "A")), RED)
    with pytest.raises(IllegalMove, match="maintain it before using it"):
        act(state, RED, Sail(1, ("G",)))


def test_scenario_6_open_sea_needs_astronavigation_the_coast_takes_four_steps():
    state = ship(first_to_move(moving(blank()), RED), RED, 1, "A", built=True)
    with pytest.raises(IllegalMove, match="open sea only with Astronavigation"):
        act(state, RED, Sail(1, ("OS", "C")))
    assert act(state, RED, Sail(1, ("G", "H", "D", "C"))).state.players[RED].ships[0].area == "C"


def test_scenario_7_a_conflict_situation_disappears_when_the_other_side_leaves():
    state = moving(put(put(blank(), RED, "B", 1), BLUE, "C", 1))
    state = first_to_move(state, RED)
    state = act(state, RED, Move("B", "C", 1)).state
    assert [c.area for c in conflicts(state)] == ["C"]
    state = act(state, RED, Declare()).state
    state = act(state, BLUE, Move("C", "B", 1)).state
    assert conflicts(state) == ()


def test_scenario_8_a_ship_passing_a_city_is_not_an_attack():
    state = city(put(blank(), RED, "A", 5), BLUE, "D")
    state = ship(first_to_move(moving(state), RED), RED, 1, "A", built=True)
    state = act(state, RED, Sail(1, ("G", "H", "D", "C"), take=(5, 0, 0, 0, 0))).state
    found = phase_report(state)
    assert [c.area for c in found.conflicts] == []
    assert state.players[RED].tokens == {"C": 5}
