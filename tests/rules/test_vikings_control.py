"""Influence, control, runes and fury: V-C1, V-C2, V-C3."""

from __future__ import annotations

from dataclasses import replace

from rules.vikings import fury_text, influence
from rules.vikings.actions import Adjust, ReturnSettlers, Sail
from rules.vikings.state import Bump
from tests.rules.vikings_fixtures import BLUE, RED, YELLOW, act, in_play, put, settle


def test_V_C1_influence_settler_1_temple_4_docked_boat_2_fjord_boat_0():
    state = in_play()
    state = settle(state, RED, "B", settlers=2, temples=1)
    state = put(state, RED, 1, "B1")
    state = put(state, BLUE, 1, "F2")
    state = put(state, BLUE, 2, "B2")
    state = put(state, YELLOW, 1, "A1")
    assert influence(state, "B") == {RED: 2 + 4 + 2, BLUE: 2, YELLOW: 0}


def test_V_C1_a_boat_standing_aside_gives_no_influence():
    state = in_play()
    state = put(state, BLUE, 1, "B2")
    state = replace(state, pending=(*state.pending, Bump(BLUE, 1, "B2", ("F3",))))
    assert influence(state, "B")[BLUE] == 0


def test_V_C2_the_rune_goes_to_the_one_player_with_most_influence_and_boots():
    state = in_play()
    state = put(state, RED, 1, "F2")
    result = act(state, RED, Sail(boat=1, route=("B1",), strength=1, settlers=1))
    assert result.state.runes["B"] == RED
    assert "Red took Bjorn Isle's rune (Thor fury 0 → 1)" in result.summary


def test_V_C2_no_rune_on_a_tie_for_most():
    state = in_play()
    state = settle(state, BLUE, "B", settlers=3)
    state = put(state, RED, 1, "F2")
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1, settlers=1)).state
    assert influence(after, "B") == {RED: 3, BLUE: 3, YELLOW: 0}
    assert after.runes["B"] is None


def test_V_C2_most_influence_without_boots_takes_nothing_even_if_another_has_boots():
    state = in_play()
    state = settle(state, BLUE, "B", settlers=1)
    state = put(state, RED, 1, "F2")
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1)).state
    assert influence(after, "B") == {RED: 2, BLUE: 1, YELLOW: 0}
    assert after.runes["B"] is None


def test_V_C2_a_held_rune_is_stolen_only_with_boots_and_strictly_more():
    state = in_play()
    state = replace(state, runes=state.runes.with_item("B", BLUE))
    state = settle(state, BLUE, "B", settlers=2)
    state = put(state, RED, 1, "F2")
    state = put(state, RED, 2, "F3")
    after = act(state, RED, Sail(boat=1, route=("B1",), strength=1)).state
    assert after.runes["B"] == BLUE  # 2 against 2, and no boots
    after = settle(after, RED, "B", settlers=1)
    after = act(after, RED, Sail(boat=2, route=("B2",), strength=1)).state
    assert after.runes["B"] == RED and after.fury["Thor"] == 1


def test_V_C2_the_holder_keeps_the_rune_with_influence_but_no_boots():
    state = in_play()
    state = replace(state, runes=state.runes.with_item("B", RED))
    state = put(state, RED, 1, "B1")
    state = settle(state, BLUE, "B", settlers=2)
    after = act(state, RED, Adjust("food", value=4)).state
    assert after.runes["B"] == RED


def test_V_C2_of_several_stealers_the_one_with_most_steals():
    state = in_play()
    state = replace(state, runes=state.runes.with_item("B", RED))
    state = settle(state, BLUE, "B", settlers=1)
    state = settle(state, YELLOW, "B", settlers=2)
    after = act(state, RED, Adjust("food", value=4)).state
    assert after.runes["B"] == YELLOW
    assert after.fury["Thor"] == 1


def test_V_C2_a_tie_between_stealers_steals_nothing():
    state = in_play()
    state = replace(state, runes=state.runes.with_item("B", RED))
    state = settle(state, RED, "B", settlers=1)
    state = settle(state, BLUE, "B", settlers=2)
    state = settle(state, YELLOW, "B", settlers=2)
    after = act(state, RED, Adjust("food", value=4)).state
    assert after.runes["B"] == RED and after.fury["Thor"] == 0


def test_V_C2_a_holder_left_without_influence_returns_the_rune_without_fury():
    state = in_play()
    state = replace(state, runes=state.runes.with_item("A", RED), fury=state.fury.with_item("Odin", 4))
    state = settle(state, RED, "A", settlers=1)
    result = act(state, RED, ReturnSettlers(island="A", count=1))
    assert result.state.runes["A"] is None and result.state.fury["Odin"] == 4
    assert "Red lost Asa Isle's rune: it returns to the island" in result.summary


def test_V_C2_control_is_checked_after_adjustments():
    state = in_play()
    after = act(state, BLUE, Adjust("settlers", value=1, island="A")).state
    assert after.runes["A"] == BLUE


def test_V_C3_taking_and_stealing_raise_fury_by_one_each():
    state = in_play()
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "F3")
    state = act(state, RED, Sail(boat=1, route=("B1",), strength=1, settlers=1)).state
    assert state.fury["Thor"] == 1
    state = replace(state, turn=BLUE)
    state = act(state, BLUE, Sail(boat=1, route=("B2",), strength=2, settlers=2)).state
    assert state.runes["B"] == BLUE and state.fury["Thor"] == 2


def test_V_C3_fury_past_20_wraps_and_remembers_20_plus():
    state = in_play()
    state = replace(state, fury=state.fury.with_item("Thor", 20))
    state = put(state, RED, 1, "F2")
    result = act(state, RED, Sail(boat=1, route=("B1",), strength=1, settlers=1))
    assert result.state.fury["Thor"] == 21
    assert "Thor fury 20 → 20+1" in result.summary
    assert [fury_text(n) for n in (0, 7, 20, 21, 33)] == ["0", "7", "20", "20+1", "20+13"]
