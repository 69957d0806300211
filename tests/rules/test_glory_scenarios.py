"""The seven scenarios of the rules file (axial hexes, plains unless said), on the scenario board."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.glory import queries
from rules.glory.actions import Maneuver
from tests.rules.glory_fixtures import BLUE, RED, act, at, city, cubes, put, scenario, units


def test_scenario_1_two_cavalrymen_maneuver_three_hexes_and_get_one_cube():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    after = act(state, RED, Maneuver(at(0, 0), at(3, 0))).state
    assert units(after, RED, at(3, 0)) == {"cavalryman": 2} and cubes(after, RED, at(3, 0)) == 1


def test_scenario_2_a_cavalryman_with_an_archer_cannot_go_three():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1, archer=1)
    with pytest.raises(IllegalMove, match="costs 3 movement points but this army has 2: its slowest unit, the "
                                          "archer, has 2 movement points"):
        act(state, RED, Maneuver(at(0, 0), at(3, 0)))


def test_scenario_3_a_swordsman_stops_on_the_mountain_but_cannot_cross_it():
    state = scenario({(1, 0): "mountains"})
    state = put(state, RED, at(0, 0), swordsman=1)
    with pytest.raises(IllegalMove, match="costs 3 movement points but this army has 2"):
        act(state, RED, Maneuver(at(0, 0), at(2, 0), path=(at(1, 0), at(2, 0))))
    after = act(state, RED, Maneuver(at(0, 0), at(1, 0))).state
    assert units(after, RED, at(1, 0)) == {"swordsman": 1}


def test_scenario_4_through_your_own_city_costs_zero_then_one_and_one():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    state = city(state, RED, at(1, 0))
    result = act(state, RED, Maneuver(at(0, 0), at(3, 0), path=(at(1, 0), at(2, 0), at(3, 0))))
    assert "(2 of 2 movement points)" in result.summary
    assert units(result.state, RED, at(3, 0)) == {"swordsman": 1}


def test_scenario_5_two_of_three_cavalrymen_split_off():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=3, archer=1)
    after = act(state, RED, Maneuver(at(0, 0), at(1, 0), units=(("cavalryman", 2),))).state
    assert cubes(after, RED, at(1, 0)) == 1
    assert units(after, RED, at(0, 0)) == {"cavalryman": 1, "archer": 1} and cubes(after, RED, at(0, 0)) == 0


def test_scenario_6_an_enemy_peasant_closes_the_hex():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, BLUE, at(1, 0), peasant=1)
    found = queries.reach(state, RED, at(0, 0))
    assert at(1, 0) not in found
    assert all(at(1, 0) not in route.route for route in found.values())
    with pytest.raises(IllegalMove, match="holds another player's units"):
        act(state, RED, Maneuver(at(0, 0), at(2, 0), path=(at(1, 0), at(2, 0))))


def test_scenario_7_a_depleted_galley_ferries_a_swordsman_across_for_one():
    state = scenario({(1, 0): "sea"})
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(1, 0), galley=1, cubes=1)
    assert queries.reach(state, RED, at(0, 0))[at(3, 0)].cost == 1
    result = act(state, RED, Maneuver(at(0, 0), at(3, 0)))
    assert "(1 of 2 movement points)" in result.summary
    assert units(result.state, RED, at(3, 0)) == {"swordsman": 1}
