"""The queries commands, autocomplete and scripted players use."""

from __future__ import annotations

from rules.megaciv import GAME, queries
from rules.megaciv.actions import Declare, Move
from tests.rules.megaciv_fixtures import (
    BLUE,
    GREEN,
    RED,
    act,
    blank,
    city,
    first_to_move,
    hold,
    moving,
    put,
    ship,
)


def test_order_between_phases_and_during_one():
    state = put(put(blank(3), RED, "A", 2), GREEN, "G", 5)
    assert [(m.name, m.census) for m in queries.order(state)] == [("Celt", 5), ("Rome", 2), ("Babylon", 0)]
    state = act(moving(state), GREEN, Declare()).state
    assert [(m.name, m.declared) for m in queries.order(state)] == [("Celt", True), ("Rome", False),
                                                                   ("Babylon", False)]


def test_movable_tokens_and_draft_steps():
    state = first_to_move(moving(put(put(blank(), RED, "A", 3), RED, "E", 1)), RED)
    state = act(state, RED, Move("A", "B", 2)).state
    assert queries.movable(state, RED) == [("A", 1, 1), ("E", 1, 1)]
    assert [s.text for s in queries.draft_steps(state, RED)] == ["2 tokens A → B"]


def test_ship_status_and_reach():
    state = first_to_move(moving(blank()), RED)
    state = ship(ship(state, RED, 1, "A", built=True), RED, 2, "C")
    assert [(s.number, s.area, s.status) for s in queries.ships(state, RED)] == [
        (1, "A", "built"), (2, "C", "needs upkeep"), (3, None, "in stock"), (4, None, "in stock")]
    assert queries.ship_reach(state, RED, 1) == {"G": ("G",), "H": ("G", "H"), "D": ("G", "H", "D"),
                                                 "C": ("G", "H", "D", "C")}
    assert queries.ship_reach(state, RED, 2) == {} and queries.ship_reach(state, RED, 9) == {}
    assert queries.ship_reach(hold(state, RED, "Astronavigation"), RED, 1)["C"] == ("OS", "C")


def test_area_info_says_what_is_there_and_who_can_enter():
    state = hold(city(put(put(blank(), RED, "A", 3), BLUE, "B", 1), BLUE, "B"), BLUE, "Diplomacy")
    state = ship(first_to_move(moving(state), RED), RED, 1, "A", built=True)
    info = queries.area_info(state, RED, "b")
    assert (info.name, info.limit, info.city_site, info.city, info.tokens) == ("B", 3, True, "Babylon",
                                                                               (("Babylon", 1),))
    assert info.restrictions == ("Babylon's city is protected: only holders of Military or Diplomacy may move in "
                                 "unless a conflict situation already exists there",)
    assert info.from_land == () and not info.conflict
    g = queries.area_info(state, RED, "G")
    assert g.by_ship == (1,) and g.from_land == ()
    e = queries.area_info(state, RED, "E")
    assert e.from_land == (("A", 1, 3),)
    assert queries.area_info(state, RED, "nowhere") is None


def test_nearby_areas_for_a_board_view_around_a_player():
    state = ship(put(blank(), RED, "E", 1), RED, 1, "H")
    assert queries.nearby(state, RED) == ["A", "E", "F", "G", "H", "D"]
    assert queries.nearby(state, RED, rings=0) == ["E", "H"]
    assert queries.nearby(state, RED, water=False) == ["A", "E", "F", "H"]


def test_the_areas_a_roadbuilding_move_may_pass_through():
    state = put(blank(), RED, "B", 3)
    assert queries.vias(state, RED, "B", "E") == []  # no Roadbuilding: one step only
    state = hold(state, RED, "Roadbuilding")
    assert queries.vias(state, RED, "B", "E") == [("A", 3)]
    assert queries.vias(put(state, BLUE, "A", 2), RED, "B", "E") == []  # entering A would cause conflict
    assert queries.vias(state, RED, "B", "nowhere") == []


def test_board_focuses_are_regions_and_players_with_pieces():
    state = ship(put(blank(), RED, "E", 1), RED, 1, "H")
    assert GAME.focuses(state) == [("West", "West region (6 areas)"), ("East", "East region (3 areas)"),
                                   ("around Rome", "around Rome's pieces (red)")]
    assert queries.focus_areas(state, "west") == ("A", "B", "C", "E", "F", "OS")
    assert queries.focus_areas(state, "AROUND rome") == ("A", "E", "F", "H")  # neighbours by land only
    assert queries.focus_areas(state, "around Babylon") is None  # no pieces: the whole map
    assert queries.focus_areas(state, None) is None and queries.focus_areas(state, "nowhere") is None


def test_expansion_preview():
    state = put(put(blank(), RED, "A", 1), RED, "E", 4)
    assert queries.expansion(state, RED) == ({"A": 1, "E": 2}, 50)
