"""Maneuvers, a test per rule id (G-M1–G-M9), on the scenario board (plains unless said).

Around the origin (0, 0): its province holds (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0);
the province J9 holds (2, 0), (3, 0), (3, 1), (2, 1), (2, 2), (1, 2), (1, 1).
"""

from __future__ import annotations

import pytest

from rules.errors import BadInput, IllegalMove, NotYourTurn
from rules.glory import queries
from rules.glory.actions import EndTurn, Maneuver, Pass
from tests.rules.glory_fixtures import BLUE, RED, act, at, city, cubes, new_game, put, scenario, units
from waypost.i18n import translate


def M(army, to="", **kw):
    return Maneuver(army=army, to=to, **kw)


def ends(state, seat, army, **kw):
    return {h: r.cost for h, r in queries.reach(state, seat, army, **kw).items()}


# --- G-M1 -------------------------------------------------------------------------------------


def test_G_M1_the_army_moves_up_to_its_slowest_units_movement_points():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    assert ends(state, RED, at(0, 0))[at(3, 0)] == 3
    state = put(state, RED, at(0, 0), cavalryman=1, archer=1)
    assert at(3, 0) not in ends(state, RED, at(0, 0))
    assert max(ends(state, RED, at(0, 0)).values()) == 2


def test_G_M1_an_army_is_all_your_units_on_one_hex():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1, swordsman=1)
    after = act(state, RED, M(at(0, 0), at(2, 0))).state
    assert units(after, RED, at(2, 0)) == {"cavalryman": 1, "swordsman": 1}
    assert units(after, RED, at(0, 0)) is None


def test_G_M1_only_an_undepleted_army_of_yours_maneuvers():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1, cubes=1)
    state = put(state, BLUE, at(3, 0), swordsman=1)
    with pytest.raises(IllegalMove, match="depleted: it cannot maneuver again this round"):
        act(state, RED, M(at(0, 0), at(1, 0)))
    with pytest.raises(IllegalMove, match=f"You have no army at {at(3, 0)}."):
        act(state, RED, M(at(3, 0), at(2, 0)))
    with pytest.raises(NotYourTurn, match="It is Red's turn."):
        act(state, BLUE, M(at(3, 0), at(2, 0)))


# --- G-M2 -------------------------------------------------------------------------------------


def test_G_M2_mountain_and_swamp_cost_two():
    state = scenario({(1, 0): "mountains", (0, 1): "swamp", (1, -1): "forest", (-1, 0): "hills",
                      (0, -1): "desert"})
    state = put(state, RED, at(0, 0), cavalryman=1)
    costs = ends(state, RED, at(0, 0))
    assert costs[at(1, 0)] == costs[at(0, 1)] == 2
    assert costs[at(1, -1)] == costs[at(-1, 0)] == costs[at(0, -1)] == costs[at(-1, 1)] == 1
    with pytest.raises(IllegalMove, match="costs 4 movement points but this army has 3"):
        act(state, RED, M(at(0, 0), at(2, 1), path=(at(1, 0), at(1, 1), at(2, 1))))


def test_G_M2_any_hex_of_an_unexplored_province_costs_two():
    state = scenario(down=[(2, 0)])
    state = put(state, RED, at(1, 0), swordsman=1)
    costs = ends(state, RED, at(1, 0))
    assert costs[at(2, 0)] == costs[at(1, 1)] == 2
    assert at(2, 1) not in costs  # two unexplored hexes would cost 4


def test_G_M2_your_own_city_or_castle_costs_zero_once_per_maneuver():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    state = city(state, RED, at(1, 0))
    state = city(state, RED, at(2, 0), "castle")
    costs = ends(state, RED, at(0, 0))
    assert costs[at(1, 0)] == 0 and costs[at(2, 0)] == 1 and costs[at(3, 0)] == 2
    result = act(state, RED, M(at(0, 0), at(3, 0), path=(at(1, 0), at(2, 0), at(3, 0))))
    assert "(2 of 2 movement points)" in result.summary


def test_G_M2_the_free_entry_goes_to_the_dearest_own_city_on_the_path():
    state = scenario({(2, 0): "mountains"})
    state = put(state, RED, at(0, 0), swordsman=1)
    state = city(state, RED, at(1, 0))
    state = city(state, RED, at(2, 0))
    result = act(state, RED, M(at(0, 0), at(2, 0), path=(at(1, 0), at(2, 0))))
    assert "(1 of 2 movement points)" in result.summary
    assert ends(state, RED, at(0, 0))[at(2, 0)] == 1


def test_G_M2_other_players_cities_are_not_free_they_block():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    state = city(state, BLUE, at(1, 0))
    assert at(1, 0) not in ends(state, RED, at(0, 0))


# --- G-M3 -------------------------------------------------------------------------------------


def test_G_M3_no_passing_through_or_stopping_on_other_players_units_or_structures():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, BLUE, at(1, 0), peasant=1)
    state = city(state, BLUE, at(1, -1))
    costs = ends(state, RED, at(0, 0))
    assert at(1, 0) not in costs and at(1, -1) not in costs
    assert costs[at(2, 0)] == 3  # around, through (1, 1)
    with pytest.raises(IllegalMove, match="holds another player's units or structures"):
        act(state, RED, M(at(0, 0), at(2, 0), path=(at(1, 0), at(2, 0))))
    with pytest.raises(IllegalMove, match="holds another player's units or structures"):
        act(state, RED, M(at(0, 0), at(1, -1), path=(at(1, -1),)))


def test_G_M3_your_own_units_do_not_block():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), peasant=1, cubes=1)
    assert ends(state, RED, at(0, 0))[at(2, 0)] == 2


# --- G-M4 -------------------------------------------------------------------------------------


def test_G_M4_landing_puts_one_depletion_cube_and_a_depleted_army_waits_for_the_next_round():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, BLUE, at(3, 3), swordsman=1)
    state = act(state, RED, M(at(0, 0), at(1, 0))).state
    assert cubes(state, RED, at(1, 0)) == 1
    assert queries.armies(state, RED) == []
    state = act(state, RED, EndTurn()).state
    state = act(state, BLUE, Pass()).state
    state = act(state, RED, Pass()).state
    assert state.round == 2 and cubes(state, RED, at(1, 0)) == 0


def test_G_M4_marching_adds_a_movement_point_and_puts_two_cubes():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    assert at(3, 0) in ends(state, RED, at(0, 0), march=True)
    result = act(state, RED, M(at(0, 0), at(3, 0), march=True))
    assert cubes(result.state, RED, at(3, 0)) == 2
    assert "marched: strength −1 until the round ends" in " ".join(result.details)
    with pytest.raises(IllegalMove, match="this army has 3: its slowest unit, the swordsman, has 2 movement "
                                          "points, \\+1 for marching"):
        act(state, RED, M(at(0, 0), at(4, 0), march=True))


def test_G_M4_moving_zero_hexes_is_legal_and_depletes():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    result = act(state, RED, M(at(0, 0)))
    assert cubes(result.state, RED, at(0, 0)) == 1
    assert "without moving" in result.summary


# --- G-M5 -------------------------------------------------------------------------------------


def test_G_M5_split_the_moved_group_lands_depleted_the_rest_stays_undepleted():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=3, archer=1)
    after = act(state, RED, M(at(0, 0), at(1, 0), units=(("cavalrymen", 2),))).state
    assert units(after, RED, at(1, 0)) == {"cavalryman": 2} and cubes(after, RED, at(1, 0)) == 1
    assert units(after, RED, at(0, 0)) == {"cavalryman": 1, "archer": 1} and cubes(after, RED, at(0, 0)) == 0


@pytest.mark.parametrize(("moved", "error", "message"), [
    ((("cavalryman", 4),), IllegalMove, "it cannot move 4 cavalrymen"),
    ((("swordsman", 1),), IllegalMove, "it cannot move 1 swordsman"),
    ((("knight", 1),), BadInput, "There is no unit 'knight'."),
    ((("archer", 0),), BadInput, "A count of archers is 1 to 99, not 0."),
    ((("archer", 1), ("archers", 1)), BadInput, "Archers are listed twice"),
])
def test_G_M5_a_split_moves_only_units_the_army_has(moved, error, message):
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=3, archer=1)
    with pytest.raises(error, match=message):
        act(state, RED, M(at(0, 0), at(1, 0), units=moved))


def test_G_M5_a_split_group_moving_zero_hexes_merges_back_and_the_army_is_depleted():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=3)
    after = act(state, RED, M(at(0, 0), units=(("cavalryman", 1),))).state
    assert units(after, RED, at(0, 0)) == {"cavalryman": 3} and cubes(after, RED, at(0, 0)) == 1


# --- G-M6 -------------------------------------------------------------------------------------


def test_G_M6_drops_along_the_path_each_become_a_depleted_army():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2, spearman=1)
    result = act(state, RED, M(at(0, 0), at(3, 0), units=(("cavalryman", 2),),
                               drops=((at(1, 0), "cavalryman", 1),)))
    after = result.state
    assert units(after, RED, at(1, 0)) == {"cavalryman": 1} and cubes(after, RED, at(1, 0)) == 1
    assert units(after, RED, at(3, 0)) == {"cavalryman": 1} and cubes(after, RED, at(3, 0)) == 1
    assert units(after, RED, at(0, 0)) == {"spearman": 1} and cubes(after, RED, at(0, 0)) == 0
    assert f"Dropped 1 cavalryman at {at(1, 0)}, depleted" in result.details
    assert after.last.drops == (at(1, 0),) and after.last.path == (at(0, 0), at(1, 0), at(2, 0), at(3, 0))


def test_G_M6_a_drop_on_your_own_army_merges_and_depletes_it_and_marching_drops_get_two_cubes():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    state = put(state, RED, at(1, 0), peasant=1)
    after = act(state, RED, M(at(0, 0), at(2, 0), drops=((at(1, 0), "cavalryman", 1),), march=True)).state
    assert units(after, RED, at(1, 0)) == {"peasant": 1, "cavalryman": 1} and cubes(after, RED, at(1, 0)) == 2


@pytest.mark.parametrize(("drops", "to", "message"), [
    (((at(0, 0), "cavalryman", 1),), at(2, 0), "is where the army starts"),
    (((at(2, 0), "cavalryman", 1),), at(2, 0), "is the destination"),
    (((at(1, 0), "cavalryman", 2),), at(2, 0), "leaves no unit to go on"),
    (((at(1, 0), "cavalryman", 3),), at(2, 0), "it cannot drop 3 cavalrymen"),
    (((at(1, 0), "cavalryman", 1),), at(0, 0), "nowhere to drop or pick up"),
])
def test_G_M6_drops_happen_on_the_path_before_the_destination(drops, to, message):
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    with pytest.raises(IllegalMove, match=message):
        act(state, RED, M(at(0, 0), to, drops=drops))


def test_G_M6_an_explicit_path_must_pass_the_drop_hexes():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    with pytest.raises(IllegalMove, match=f"The path does not pass {at(1, 0)}"):
        act(state, RED, M(at(0, 0), at(2, 0), path=(at(1, 1), at(2, 0)), drops=((at(1, 0), "cavalryman", 1),)))


def test_G_M6_without_a_path_the_route_passes_the_drops():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    after = act(state, RED, M(at(0, 0), at(1, 1), drops=((at(1, -1), "cavalryman", 1),))).state
    assert after.last.path[1] == at(1, -1) and units(after, RED, at(1, -1)) == {"cavalryman": 1}


# --- G-M7 -------------------------------------------------------------------------------------


def test_G_M7_pick_up_along_the_way_and_land_together_nadias_example():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    state = put(state, RED, at(1, 0), cavalryman=1)
    state = put(state, RED, at(2, 0), cavalryman=1)
    result = act(state, RED, M(at(0, 0), at(3, 0), pickups=((at(1, 0), "cavalryman", 1), (at(2, 0), "cavalryman", 1))))
    after = result.state
    assert units(after, RED, at(3, 0)) == {"cavalryman": 4} and cubes(after, RED, at(3, 0)) == 1
    assert units(after, RED, at(1, 0)) is None and units(after, RED, at(2, 0)) is None
    assert after.last.pickups == (at(1, 0), at(2, 0))


def test_G_M7_no_army_grows_past_99_of_a_unit_by_picking_up_dropping_or_merging():
    """A table ruling (docs/glory.md): an army holds at most 99 of each unit, the most a hex's count
    can say; a maneuver that would go past it is refused, naming where (found by random play)."""
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=60)
    state = put(state, RED, at(1, 0), cavalryman=50)
    state = put(state, RED, at(3, 0), cavalryman=45)
    with pytest.raises(IllegalMove, match="at most 99 cavalrymen, and this would put 110 at"):
        act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, 0), "cavalryman", 50),)))
    with pytest.raises(IllegalMove, match="this would put 105 at"):
        act(state, RED, M(at(0, 0), at(3, 0)))
    assert units(act(state, RED, M(at(0, 0), at(3, 0), units=(("cavalryman", 54),))).state, RED, at(3, 0)) == \
        {"cavalryman": 99}


def test_G_M7_the_budget_is_the_slowest_of_all_units_moved_counted_from_the_start():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), archer=1)
    assert ends(state, RED, at(0, 0))[at(3, 0)] == 3
    pick = {at(1, 0): {"archer": 1}}
    assert at(3, 0) not in ends(state, RED, at(0, 0), pickups=pick)
    assert ends(state, RED, at(0, 0), pickups=pick)[at(2, 0)] == 2
    with pytest.raises(IllegalMove, match="this army has 2: its slowest unit, the archer"):
        act(state, RED, M(at(0, 0), at(3, 0), pickups=((at(1, 0), "archer", 1),)))


def test_G_M7_only_undepleted_units_are_picked_up_and_only_what_is_there():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), archer=1, cubes=1)
    state = put(state, RED, at(1, -1), archer=1)
    with pytest.raises(IllegalMove, match="is depleted: its units cannot be picked up"):
        act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, 0), "archer", 1),)))
    with pytest.raises(IllegalMove, match="it cannot give 2 archers"):
        act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, -1), "archer", 2),)))
    with pytest.raises(IllegalMove, match="You have no army at .* to pick units up from"):
        act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, 1), "archer", 1),)))


def test_G_M7_a_partial_pick_up_leaves_the_rest_undepleted():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), cavalryman=2)
    after = act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, 0), "cavalryman", 1),))).state
    assert units(after, RED, at(1, 0)) == {"cavalryman": 1} and cubes(after, RED, at(1, 0)) == 0
    assert units(after, RED, at(2, 0)) == {"cavalryman": 2}


def test_G_M7_ending_on_another_of_your_armies_merges_them_depleted():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1, archer=1)
    state = put(state, RED, at(1, 0), cavalryman=2, catapult=1)
    result = act(state, RED, M(at(0, 0), at(1, 0)))
    assert units(result.state, RED, at(1, 0)) == {"cavalryman": 3, "archer": 1, "catapult": 1}
    assert cubes(result.state, RED, at(1, 0)) == 1
    assert f"Merged with the army at {at(1, 0)}: 1 archer, 3 cavalrymen, 1 catapult" in result.details
    with pytest.raises(IllegalMove, match="armies there merge with the arriving one"):
        act(state, RED, M(at(0, 0), at(1, 0), pickups=((at(1, 0), "cavalryman", 1),)))


def test_G_M7_pick_up_then_drop_at_one_hex_and_stops_in_the_cheapest_order():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    state = put(state, RED, at(2, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), spearman=1)
    # listed far stop first: the route still meets (1, 0) first
    after = act(state, RED, M(at(0, 0), at(3, 0), units=(("cavalryman", 2),),
                              pickups=((at(2, 0), "cavalryman", 1),), drops=((at(1, 0), "cavalryman", 1),))).state
    assert units(after, RED, at(1, 0)) == {"spearman": 1, "cavalryman": 1}
    assert units(after, RED, at(3, 0)) == {"cavalryman": 2}
    swap = act(state, RED, M(at(0, 0), at(1, 1), pickups=((at(1, 0), "spearman", 1),),
                             drops=((at(1, 0), "cavalryman", 2),))).state
    assert units(swap, RED, at(1, 1)) == {"spearman": 1} and units(swap, RED, at(1, 0)) == {"cavalryman": 2}


def test_G_M7_too_many_stops_without_a_path_are_refused():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=9)
    drops = tuple((at(q, r), "cavalryman", 1) for q, r in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)))
    with pytest.raises(BadInput, match="With more than 4 stops, give the maneuver's path."):
        act(state, RED, M(at(0, 0), at(2, 0), drops=drops))


# --- G-M8 -------------------------------------------------------------------------------------


def test_G_M8_vessels_stay_on_sea_and_ocean_and_sail_five():
    state = scenario({(0, 1): "sea"}, ocean=[(2, 0), (3, -2), (5, -1), (4, 1)])  # J9 and around: ocean
    state = put(state, RED, at(0, 1), galley=1)
    costs = ends(state, RED, at(0, 1))
    assert costs[at(1, 1)] == 1 and costs[at(3, 0)] == 3
    assert at(0, 0) not in costs and all(queries.terrain_map(state)[h] in ("sea", "ocean") for h in costs)
    assert max(costs.values()) == 5
    with pytest.raises(IllegalMove, match="is land: vessels stay on sea and ocean hexes"):
        act(state, RED, M(at(0, 1), at(0, 0)))


def test_G_M8_the_galley_example_ocean_sea_ocean():
    state = scenario({(1, 0): "sea"}, ocean=[(2, 0), (-1, 2)])
    state = put(state, RED, at(3, 0), galley=1)
    state = put(state, BLUE, at(-1, 0), swordsman=1)
    assert queries.terrain_map(state)[at(1, 1)] == "ocean"
    result = act(state, RED, M(at(3, 0), at(1, 0), path=(at(2, 0), at(2, 1), at(1, 1), at(1, 0))))
    assert cubes(result.state, RED, at(1, 0)) == 1
    assert "(4 of 5 movement points)" in result.summary


def test_G_M8_peasants_enter_sea_for_two_but_not_ocean_other_land_units_not_at_all():
    state = scenario({(1, 0): "sea"}, ocean=[(2, 0)])
    state = put(state, RED, at(0, 0), peasant=1)
    costs = ends(state, RED, at(0, 0))
    assert costs[at(1, 0)] == 2 and at(2, 0) not in costs
    state = put(state, RED, at(0, 0), peasant=1, swordsman=1)
    assert at(1, 0) not in ends(state, RED, at(0, 0))
    with pytest.raises(IllegalMove, match="is sea. Peasants may enter sea hexes; other land units cross water only "
                                          "by ferry"):
        act(state, RED, M(at(0, 0), at(1, 0), path=(at(1, 0),)))
    after = act(state, RED, M(at(0, 0), at(1, 0), units=(("peasant", 1),))).state
    assert units(after, RED, at(1, 0)) == {"peasant": 1}


def test_G_M8_vessels_do_not_enter_unexplored_provinces():
    state = scenario({(0, 1): "sea"}, down=[(2, 0)])
    state = put(state, RED, at(0, 1), galley=1)
    assert not any(r.explore for r in queries.reach(state, RED, at(0, 1)).values())


# --- G-M9 -------------------------------------------------------------------------------------


def test_G_M9_ferry_enters_a_vessels_hex_or_its_neighbours_for_zero_whatever_the_terrain():
    state = scenario({(1, 0): "sea", (2, 0): "mountains", (1, 1): "swamp"}, down=[(3, -2)])
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(1, 0), galley=1, cubes=1)
    costs = ends(state, RED, at(0, 0))
    assert costs[at(1, 0)] == 0 and costs[at(2, 0)] == 0 and costs[at(1, 1)] == 0
    assert costs[at(2, -1)] == 0  # unexplored, next to the galley: explored for 0
    assert queries.explorable(state, RED, at(0, 0))[at(2, -1)].cost == 0
    after = act(state, RED, M(at(0, 0), at(3, 0))).state
    assert cubes(after, RED, at(1, 0)) == 1 and units(after, RED, at(1, 0)) == {"galley": 1}


def test_G_M9_vessels_ferry_even_when_undepleted_and_stay_undepleted():
    state = scenario({(1, 0): "sea"})
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(1, 0), galley=1)
    after = act(state, RED, M(at(0, 0), at(2, 0))).state
    assert cubes(after, RED, at(1, 0)) == 0 and cubes(after, RED, at(2, 0)) == 1


def test_G_M9_ferry_steps_chain_from_vessel_to_vessel():
    state = scenario({(1, 0): "sea", (2, 0): "sea", (3, 0): "sea"})
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(1, 0), galley=1)
    state = put(state, RED, at(3, 0), galley=1)
    costs = ends(state, RED, at(0, 0))
    assert costs[at(3, 0)] == costs[at(4, 0)] == costs[at(4, -1)] == 0  # across, next to the second galley
    assert costs[at(5, 0)] == 1 and costs[at(6, 0)] == 2
    assert at(2, 0) not in costs  # open water between the galleys: crossed, not an end


def test_G_M9_a_land_army_may_end_aboard_but_not_on_open_water():
    state = scenario({(1, 0): "sea", (2, 0): "sea"})
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(1, 0), galley=1)
    costs = ends(state, RED, at(0, 0))
    assert costs[at(1, 0)] == 0 and at(2, 0) not in costs
    after = act(state, RED, M(at(0, 0), at(1, 0))).state
    assert units(after, RED, at(1, 0)) == {"galley": 1, "swordsman": 1} and cubes(after, RED, at(1, 0)) == 1
    with pytest.raises(IllegalMove, match="swordsmen may end there only aboard one of your vessels"):
        act(state, RED, M(at(0, 0), at(2, 0)))


def test_G_M9_a_galley_moving_with_land_units_carries_them_at_the_slowest_units_pace():
    state = scenario({(1, 0): "sea", (2, 0): "sea", (3, 0): "sea", (1, 1): "sea"})
    state = put(state, RED, at(1, 0), galley=1, swordsman=1)
    costs = ends(state, RED, at(1, 0))
    assert costs[at(3, 0)] == 2 and at(0, 0) not in costs
    after = act(state, RED, M(at(1, 0), at(3, 0))).state
    assert units(after, RED, at(3, 0)) == {"galley": 1, "swordsman": 1}
    alone = act(state, RED, M(at(1, 0), at(2, 1), units=(("swordsman", 1),))).state
    assert units(alone, RED, at(2, 1)) == {"swordsman": 1}  # disembarked next to the galley for 0


def test_G_M9_the_galley_that_moves_away_no_longer_ferries_and_drops_at_sea_need_a_vessel():
    state = scenario({(1, 0): "sea", (2, 0): "sea", (3, 0): "sea"})
    state = put(state, RED, at(1, 0), galley=1, swordsman=1)
    with pytest.raises(IllegalMove, match="Units cannot be dropped there: .* is sea"):
        act(state, RED, M(at(1, 0), at(3, 0), drops=((at(2, 0), "swordsman", 1),)))


def test_G_M9_a_vessel_does_not_sail_away_from_land_units_it_would_strand_on_the_water():
    """Issue 19.2: the galley sailed off and left the swordsman alone on the ocean (ruling 8)."""
    state = new_game("two-straits", 2)
    state = put(state, RED, "C12", galley=1, swordsman=1)
    assert ends(state, RED, "C12", units={"galley": 1}) == {"C12": 0}
    with pytest.raises(IllegalMove, match="1 galley cannot leave C12 alone: 1 swordsman would stay on the ocean at "
                                          "C12 without a vessel; land units stand on water only aboard one of your "
                                          "vessels \\(peasants may stand on sea\\). Take them along."):
        act(state, RED, M("C12", "B12", units=(("galley", 1),)))
    act(state, RED, M("C12", "B12"))  # together they may go
    state = put(state, RED, "C12", galley=1, peasant=1)
    state = put(state, RED, "B12", galley=1)
    with pytest.raises(IllegalMove, match="Units cannot be picked up there: 1 peasant would stay on the ocean"):
        act(state, RED, M("B12", "D12", path=("C12", "D12"), pickups=(("C12", "galley", 1),)))


def test_G_M8_peasants_left_on_sea_stay_where_a_swordsman_could_not():
    state = scenario({(1, 0): "sea", (2, 0): "sea"})
    state = put(state, RED, at(1, 0), galley=1, peasant=1)
    act(state, RED, M(at(1, 0), at(2, 0), units=(("galley", 1),)))


# --- trebuchets ---------------------------------------------------------------------------------


def test_trebuchets_move_only_when_packed_and_packing_costs_one():
    state = scenario()
    state = put(state, RED, at(0, 0), trebuchet=1)
    assert ends(state, RED, at(0, 0)) == {at(0, 0): 0}
    with pytest.raises(IllegalMove, match="1 trebuchet is unpacked and cannot move: pack first") as refused:
        act(state, RED, M(at(0, 0), at(1, 0)))
    assert translate(refused.value.message, "de").startswith("1 Tribock ist aufgebaut und kann sich nicht bewegen")
    packed = act(state, RED, M(at(0, 0), pack="pack"))
    assert packed.state.players[RED].armies[at(0, 0)].packed == {"trebuchet": 1}
    assert "packing" in packed.summary
    with pytest.raises(IllegalMove, match="costs 1 movement point \\(packing costs 1 more\\) but this army has 1"):
        act(state, RED, M(at(0, 0), at(1, 0), pack="pack"))
    state = put(state, RED, at(0, 0), trebuchet=1, packed={"trebuchet": 1})
    moved = act(state, RED, M(at(0, 0), at(1, 0))).state
    assert moved.players[RED].armies[at(1, 0)].packed == {"trebuchet": 1}
    unpacked = act(state, RED, M(at(0, 0), at(1, 0), march=True, pack="unpack")).state
    assert unpacked.players[RED].armies[at(1, 0)].packed == {}
    with pytest.raises(IllegalMove, match="Nothing to pack"):
        act(state, RED, M(at(0, 0), pack="pack"))
    with pytest.raises(BadInput, match="Packing is 'pack', 'unpack' or nothing"):
        act(state, RED, M(at(0, 0), pack="fold"))


def test_unpacked_trebuchets_are_not_picked_up_and_packed_ones_slow_the_group():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), trebuchet=2, packed={"trebuchet": 1})
    with pytest.raises(IllegalMove, match="1 trebuchet at .* is unpacked and cannot be picked up"):
        act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, 0), "trebuchet", 2),)))
    with pytest.raises(IllegalMove, match="the trebuchet, has 1 movement point") as refused:
        act(state, RED, M(at(0, 0), at(2, 0), pickups=((at(1, 0), "trebuchet", 1),)))
    assert "jej najwolniejsza jednostka (trebusz) ma 1 punkt ruchu" in translate(refused.value.message, "pl")


# --- paths and inputs ------------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "error", "message"), [
    (M("Z99", "A1"), BadInput, "There is no hex 'Z99' on Scenario."),
    (M("H7", "potato"), BadInput, "'potato' is not a hex name"),
    (M("H7", "I8", path=("I7",)), BadInput, "The path ends at I7, not at the destination I8."),
    (M("H7", path=("J7",)), IllegalMove, "J7 is not next to H7 \\(step 1 of the path\\)."),
    (M("H7", path=tuple(["I7", "H7"] * 31)), BadInput, "A path has at most 60 hexes."),
    (M("H7", "I7", drops=(("I7", "swordsman"),)), BadInput, "List drops and pick-ups as \\(hex, unit, count\\)."),
])
def test_maneuver_inputs_are_checked(action, error, message):
    state = scenario()
    state = put(state, RED, "H7", swordsman=1)
    with pytest.raises(error, match=message):
        act(state, RED, action)


def test_an_explicit_path_is_followed_and_the_hexes_accept_any_case_and_axial():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    q, r = 7 + 1, 3 - 1  # axial of at(1, -1)
    after = act(state, RED, M(at(0, 0).lower(), f"{q},{r}", path=(f"({q}, {r})",))).state
    assert units(after, RED, at(1, -1)) == {"cavalryman": 1}


def test_reachability_routes_are_cheapest_and_walkable():
    state = scenario({(1, 0): "mountains", (1, -1): "swamp"})
    state = put(state, RED, at(0, 0), cavalryman=1)
    found = queries.reach(state, RED, at(0, 0))
    assert found[at(2, 0)].cost == 3
    for end, route in found.items():
        if end == at(0, 0):
            continue
        result = act(state, RED, M(at(0, 0), end, path=route.route))
        assert f"({route.cost} of 3 movement points)" in result.summary


def test_after_a_maneuver_the_result_lists_enemies_within_attack_range():
    state = scenario({(3, 0): "sea"})
    state = put(state, RED, at(0, 0), archer=1, swordsman=1)
    state = put(state, BLUE, at(3, 0), galley=1)     # 2 away once landed at (1, 0), on water
    state = put(state, BLUE, at(2, 0), peasant=2)    # next to (1, 0)
    state = city(state, BLUE, at(1, -2))             # 2 away from (1, 0)
    state = put(state, BLUE, at(-3, 0), swordsman=1)  # too far
    result = act(state, RED, M(at(0, 0), at(1, 0)))
    lines = [line for line in result.details if line.startswith("Within attack range")]
    assert lines == [
        f"Within attack range of {at(1, 0)}: Blue's 2 peasants at {at(2, 0)} (1 hex away; in range of swordsmen "
        "and archers)",
        f"Within attack range of {at(1, 0)}: Blue's city at {at(1, -2)} (2 hexes away; in range of archers)",
        f"Within attack range of {at(1, 0)}: Blue's 1 galley at {at(3, 0)} (2 hexes away; in range of archers)",
    ]
    melee = scenario({(1, 0): "sea"})
    melee = put(melee, RED, at(0, 0), swordsman=1)
    melee = put(melee, BLUE, at(1, 0), galley=1)
    assert act(melee, RED, M(at(0, 0))).details[-1] == f"No enemy units or structures within attack range of {at(0, 0)}"
