"""One or more tests per rule id of the rules file (M-O1 … M-X4), on the scenario map."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import BadInput, IllegalMove, NotYourTurn
from rules.megaciv import GAME
from rules.megaciv.actions import (
    Adjust,
    Build,
    Declare,
    Insist,
    Maintain,
    Move,
    Sail,
    Scrap,
    TakeBack,
)
from rules.megaciv.conflict import attack_needs, situation
from rules.megaciv.queries import conflicts, destinations, phase_report, ship_reach
from rules.megaciv.report import lines
from rules.megaciv.state import PIRATES
from tests.rules.megaciv_fixtures import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
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


def red_moves(state):
    """A Movement phase with Red first in order."""
    return first_to_move(moving(state), RED)


# --- M-O1: order -----------------------------------------------------------------------------------


def test_M_O1_census_highest_first_ties_by_ast_military_after_everyone():
    state = put(put(put(put(blank(4), RED, "A", 3), BLUE, "E", 3), GREEN, "F", 1), YELLOW, "H", 9)
    assert moving(state).order == (YELLOW, BLUE, RED, GREEN)  # Babylon (A.S.T. 6) ranks above Rome (11)
    both = hold(hold(state, YELLOW, "Military"), RED, "Military")
    assert moving(both).order == (BLUE, GREEN, YELLOW, RED)


def test_M_O1_order_is_recomputed_at_the_start_of_each_movement_phase():
    state = moving(put(put(blank(2), RED, "A", 5), BLUE, "E", 1))
    assert state.order == (RED, BLUE)
    state = act(state, RED, Declare()).state
    state = act(state, BLUE, Declare()).state
    state = act(state, BLUE, Adjust("tokens", 9, area="F")).state
    assert moving(state).order == (BLUE, RED)
    assert moving(state).census == (5, 10)


def test_M_O1_strict_order_one_player_at_a_time():
    state = moving(put(put(blank(2), RED, "A", 5), BLUE, "E", 1))
    with pytest.raises(NotYourTurn, match="It is Rome's turn."):
        act(state, BLUE, Move("E", "F"))
    state = act(state, RED, Move("A", "B")).state
    with pytest.raises(NotYourTurn):
        act(state, BLUE, Move("E", "F"))
    state = act(state, RED, Declare()).state
    assert GAME.status_line(state) == "Turn 1: Babylon moving"
    assert act(state, BLUE, Move("E", "F")).state.players[BLUE].tokens == {"F": 1}


def test_M_O1_setting_everyone_moves_at_once_and_anyone_may_insist_on_order():
    state = moving(put(put(put(blank(3, simultaneous=True), RED, "A", 5), BLUE, "E", 1), GREEN, "G", 2))
    assert GAME.position(state).phase == "move_all"
    state = act(state, BLUE, Move("E", "F")).state
    state = act(state, GREEN, Declare()).state
    with pytest.raises(NotYourTurn, match="You have declared your movement ended for this phase; waiting for"):
        act(state, GREEN, Move("G", "A"))
    result = act(state, BLUE, Insist())
    assert "Rome moves now" in result.summary
    state = result.state
    with pytest.raises(NotYourTurn, match="It is Rome's turn."):
        act(state, BLUE, Move("F", "E"))
    with pytest.raises(NotYourTurn, match="You have declared your movement ended for this phase; waiting for "
                                          "Rome."):  # issue 19.17: not "It is Rome's turn"
        act(state, GREEN, Declare())
    state = act(state, RED, Declare()).state
    state = act(state, BLUE, Declare()).state
    assert not state.moving and state.turn == 2


# --- M-O2: drafts ------------------------------------------------------------------------------------


def test_M_O2_any_step_can_be_taken_back_until_declared():
    state = red_moves(cash(put(blank(), RED, "A", 4), RED, 3))
    start = state
    state = act(state, RED, Move("A", "B", 2)).state
    state = act(state, RED, Build("A", pay="treasury")).state
    state = act(state, RED, Move("A", "E", 1)).state
    result = act(state, RED, TakeBack())
    assert result.summary == "Rome took back: 1 token A → E"
    result = act(result.state, RED, TakeBack(2))
    assert result.summary == "Rome took back: ship 1 in A, paying 2 treasury; 2 tokens A → B"
    assert result.state == start
    with pytest.raises(IllegalMove, match="no steps to take back"):
        act(result.state, RED, TakeBack())
    with pytest.raises(BadInput, match="from 1 to 1"):
        act(act(start, RED, Move("A", "B")).state, RED, TakeBack(2))


def test_M_O2_after_declaring_nothing_changes():
    state = red_moves(put(put(blank(2), RED, "A", 4), BLUE, "E", 1))
    state = act(state, RED, Move("A", "B", 2)).state
    result = act(state, RED, Declare())
    assert not result.undoable and result.reveals
    with pytest.raises(NotYourTurn):
        act(result.state, RED, TakeBack())


def test_M_O2_out_of_time_the_draft_stands_and_is_declared():
    state = red_moves(put(put(blank(2), RED, "A", 4), BLUE, "E", 1))
    state = act(state, RED, Move("A", "B", 2)).state
    assert GAME.timeout(state, BLUE) is None  # not Blue's move yet
    assert GAME.timeout(state, RED) == Declare()
    state = act(state, RED, GAME.timeout(state, RED)).state
    assert state.players[RED].declared and state.players[RED].tokens == {"A": 2, "B": 2}
    assert GAME.timeout(blank(2), RED) is None  # between Movement phases nobody is waited for


def test_M_O2_barbarians_never_move():
    state = act(blank(2), RED, Adjust("barbarians", 3, area="B"), host=True).state
    state = red_moves(put(state, RED, "A", 2))
    for action in (Move("B", "C", 1), Move("B", "A", 3)):
        with pytest.raises(IllegalMove, match="no tokens in B"):
            act(state, RED, action)
    assert state.barbarians == {"B": 3}


# --- M-T1: a token moves once ---------------------------------------------------------------------


def test_M_T1_a_token_moves_once_by_land():
    state = red_moves(put(blank(), RED, "A", 3))
    state = act(state, RED, Move("A", "B", 2)).state
    with pytest.raises(IllegalMove, match=r"You have 0 of 2 tokens in B free to move \(2 have moved this phase\), "
                                          r"not 1. A token moves once a phase: to move one back, take its move back "
                                          r"instead \(takeback\)."):  # issue 19.17: moving them back says how
        act(state, RED, Move("B", "A", 1))
    state = act(state, RED, Move("A", "B", 1)).state
    assert state.players[RED].tokens == {"B": 3} and state.players[RED].done == {"B": 3}


def test_M_T1_by_land_or_by_ship_not_both():
    state = ship(red_moves(put(blank(), RED, "B", 3)), RED, 1, "A", built=True)
    state = act(state, RED, Move("B", "A", 3)).state
    with pytest.raises(IllegalMove, match="0 unmoved tokens in A to take on"):
        act(state, RED, Sail(1, ("G",), take=(1, 0)))
    state = hold(put(ship(red_moves(blank()), RED, 1, "A", built=True), RED, "A", 2), RED, "Astronavigation")
    state = act(state, RED, Sail(1, ("OS", "B"), take=(2, 0, 0))).state
    with pytest.raises(IllegalMove, match="You have 0 of 2 tokens in B free to move"):
        act(state, RED, Move("B", "C", 1))


def test_M_T1_roadbuilding_two_steps_but_not_past_a_conflict():
    state = hold(put(put(blank(), RED, "A", 2), BLUE, "B", 3), RED, "Roadbuilding")
    state = red_moves(state)
    with pytest.raises(IllegalMove, match="cannot move on past B"):
        act(state, RED, Move("A", "C", 1, via="B"))
    calm = red_moves(hold(put(put(blank(), RED, "A", 2), BLUE, "B", 1), RED, "Roadbuilding"))
    after = act(calm, RED, Move("A", "C", 2, via="B")).state  # each token passes B alone: 2 of 3, no conflict
    assert after.players[RED].tokens == {"C": 2} and after.players[RED].done == {"C": 2}


def test_M_T1_roadbuilding_second_step_later_unless_the_first_caused_conflict():
    state = red_moves(hold(put(put(blank(), RED, "E", 3), BLUE, "B", 2), RED, "Roadbuilding"))
    state = act(state, RED, Move("E", "A", 3)).state
    assert state.players[RED].once == {"A": 3}
    state = act(state, RED, Move("A", "B", 1)).state  # 3 in B (limit 3): no conflict, but a second step
    with pytest.raises(IllegalMove, match="free to move"):
        act(state, RED, Move("B", "C", 1))
    with pytest.raises(IllegalMove, match="needs Roadbuilding|free to move"):
        act(state, RED, Move("A", "C", 1, via="B"))  # tokens that took a step cannot take two more
    conflict = red_moves(hold(put(put(blank(), RED, "E", 2), BLUE, "A", 2), RED, "Roadbuilding"))
    conflict = act(conflict, RED, Move("E", "A", 1)).state  # 3 in A (limit 2) with Blue: conflict
    assert conflict.players[RED].once == {} and conflict.players[RED].done == {"A": 1}
    with pytest.raises(IllegalMove, match="free to move"):
        act(conflict, RED, Move("A", "B", 1))


def test_M_T1_destinations_count_the_tokens_that_may_go():
    state = red_moves(hold(put(blank(), RED, "E", 4), RED, "Roadbuilding"))
    found = {d.area: (d.steps, d.via, d.count) for d in destinations(state, RED, "E")}
    assert found == {"A": (1, "", 4), "F": (1, "", 4), "B": (2, "A", 4)}


# --- M-T2: out of play ------------------------------------------------------------------------------


def test_M_T2_no_token_enters_an_out_of_play_area_by_land():
    state = act(blank(), RED, Adjust("out_of_play", 1, area="B"), host=True).state
    state = red_moves(hold(put(state, RED, "A", 2), RED, "Roadbuilding"))
    with pytest.raises(IllegalMove, match="B is out of play: no token may enter it by land."):
        act(state, RED, Move("A", "B"))
    with pytest.raises(IllegalMove, match="B is out of play"):
        act(state, RED, Move("A", "C", via="B"))


# --- M-T3: Diplomacy and Cultural Ascendancy --------------------------------------------------------


def test_M_T3_no_moving_into_a_diplomacy_holders_city_area():
    state = red_moves(hold(city(put(blank(), RED, "A", 3), BLUE, "B"), BLUE, "Diplomacy"))
    with pytest.raises(IllegalMove, match="B holds a city of Babylon, who holds Diplomacy: without Military or "
                                          "Diplomacy you may not move there unless a conflict situation"):
        act(state, RED, Move("A", "B"))
    for advance in ("Diplomacy", "Military"):
        assert act(hold(state, RED, advance), RED, Move("A", "B")).state.players[RED].tokens == {"A": 2, "B": 1}


def test_M_T3_diplomacy_gives_way_where_a_conflict_already_exists():
    state = hold(city(put(put(blank(), RED, "A", 3), GREEN, "B", 1), BLUE, "B"), BLUE, "Diplomacy")
    assert situation(state, "B")  # Green's token already attacks Blue's city
    assert act(red_moves(state), RED, Move("A", "B", 2)).state.players[RED].tokens["B"] == 2


def test_M_T3_diplomacy_also_stops_putting_tokens_off_a_ship():
    state = hold(city(put(blank(), RED, "A", 2), BLUE, "C"), BLUE, "Diplomacy")
    state = ship(red_moves(state), RED, 1, "A", built=True)
    with pytest.raises(IllegalMove, match="may not put tokens off there"):
        act(state, RED, Sail(1, ("G", "H", "D", "C"), take=(2, 0, 0, 0, 0)))


def test_M_T3_no_causing_conflict_where_a_cultural_ascendancy_holder_has_units():
    state = red_moves(hold(put(put(blank(), RED, "A", 3), BLUE, "B", 2), BLUE, "Cultural Ascendancy"))
    assert act(state, RED, Move("A", "B", 1)).state.players[RED].tokens["B"] == 1  # 3 of 3: no conflict
    with pytest.raises(IllegalMove, match="would cause a conflict situation where Babylon, who holds Cultural "
                                          "Ascendancy, has units; without Cultural Ascendancy or Advanced Military"):
        act(state, RED, Move("A", "B", 2))
    for advance in ("Cultural Ascendancy", "Advanced Military"):
        assert act(hold(state, RED, advance), RED, Move("A", "B", 2)).state.players[RED].tokens["B"] == 2
    only_a_ship = ship(red_moves(put(put(blank(), RED, "A", 3), GREEN, "B", 3)), BLUE, 1, "B")
    with pytest.raises(IllegalMove, match="Babylon, who holds Cultural Ascendancy, has units"):
        act(hold(only_a_ship, BLUE, "Cultural Ascendancy"), RED, Move("A", "B", 1))


def test_M_T3_cultural_ascendancy_gives_way_where_a_conflict_already_exists():
    state = put(put(put(blank(), RED, "A", 3), BLUE, "B", 2), GREEN, "B", 2)
    state = red_moves(hold(state, BLUE, "Cultural Ascendancy"))
    assert situation(state, "B")
    assert act(state, RED, Move("A", "B", 1)).state.players[RED].tokens["B"] == 1


def test_M_T3_destinations_leave_out_and_limit_what_the_advances_forbid():
    state = red_moves(hold(put(put(blank(), RED, "A", 3), BLUE, "B", 2), BLUE, "Cultural Ascendancy"))
    assert {d.area: d.count for d in destinations(state, RED, "A")} == {"B": 1, "E": 3}


# --- M-S1: building ships ----------------------------------------------------------------------------


@pytest.mark.parametrize(("pay", "sources", "treasury", "tokens"), [
    ("treasury", (), 0, {"A": 2, "E": 2}),
    ("mixed", (), 1, {"A": 1, "E": 2}),
    ("tokens", (), 2, {"E": 2}),
    ("tokens", ("A", "E"), 2, {"A": 1, "E": 1}),
])
def test_M_S1_three_ways_to_pay(pay, sources, treasury, tokens):
    state = red_moves(cash(put(put(blank(), RED, "A", 2), RED, "E", 2), RED, 2))
    red = act(state, RED, Build("A", pay=pay, tokens_from=sources)).state.players[RED]
    assert (red.treasury, red.tokens, red.ships[0]) == (treasury, tokens, replace(red.ships[0], area="A", built=True))
    assert red.stock + red.treasury + red.census == 55


def test_M_S1_where_ships_may_be_built():
    state = red_moves(cash(put(put(blank(), RED, "E", 2), RED, "A", 1), RED, 9))
    with pytest.raises(IllegalMove, match="E is not coastal"):
        act(state, RED, Build("E"))
    with pytest.raises(IllegalMove, match="at least one token in B"):
        act(state, RED, Build("B"))
    with pytest.raises(BadInput, match="open sea"):
        act(state, RED, Build("OS"))
    with pytest.raises(BadInput, match="Pay for a ship with one of"):
        act(state, RED, Build("A", pay="gold"))
    with pytest.raises(IllegalMove, match=r"this way of paying needs 2. Pay with mixed \(1 treasury and 1 token "
                                          r"from A\) or tokens \(2 tokens, at least one from A\) instead."):
        act(cash(state, RED, 1), RED, Build("A"))
    with pytest.raises(IllegalMove, match=r"You have 0 in treasury; this way of paying needs 2. Pay with tokens "
                                          r"\(2 tokens, at least one from A\) instead."):  # issue 19.17
        act(cash(state, RED, 0), RED, Build("A"))


def test_M_S1_at_most_four_a_turn_and_a_new_ship_sails_at_once():
    state = red_moves(cash(put(blank(), RED, "A", 1), RED, 10))
    for _ in range(4):
        state = act(state, RED, Build("A")).state
    with pytest.raises(IllegalMove, match="built 4 ships this turn"):
        act(state, RED, Build("A"))
    assert act(state, RED, Sail(2, ("G",))).state.players[RED].ships[1].area == "G"


# --- M-S2: upkeep, scrapping ---------------------------------------------------------------------------


def test_M_S2_maintain_with_treasury_or_a_token_from_anywhere_once_per_turn():
    state = ship(ship(red_moves(cash(put(blank(), RED, "E", 2), RED, 1)), RED, 1, "A"), RED, 2, "G")
    state = act(state, RED, Maintain(1)).state
    state = act(state, RED, Maintain(2, pay="token", area="E")).state
    red = state.players[RED]
    assert (red.treasury, red.tokens, red.ships[0].maintained, red.ships[1].maintained) == (0, {"E": 1}, True, True)
    with pytest.raises(IllegalMove, match="already maintained this turn"):
        act(state, RED, Maintain(1, pay="token", area="E"))
    assert act(state, RED, Sail(1, ("G",))).state.players[RED].ships[0].area == "G"


def test_M_S2_a_ship_built_this_turn_needs_no_upkeep_and_may_be_kept_without_sailing():
    state = red_moves(cash(put(blank(), RED, "A", 1), RED, 3))
    state = act(state, RED, Build("A")).state
    with pytest.raises(IllegalMove, match="built this turn; it needs no upkeep"):
        act(state, RED, Maintain(1))
    kept = ship(state, RED, 2, "G")
    kept = act(kept, RED, Maintain(2)).state
    after = act(kept, RED, Declare()).state.players[RED]
    assert [s.area for s in after.ships] == ["A", "G", None, None]


def test_M_S2_scrap_an_unmaintained_old_ship_to_rebuild_it_but_not_a_new_or_kept_one():
    state = red_moves(cash(put(blank(), RED, "A", 1), RED, 9))
    for n, area in enumerate("GHDC", start=1):
        state = ship(state, RED, n, area)
    with pytest.raises(IllegalMove, match="All 4 of your ships are on the board. Scrap an old ship first"):
        act(state, RED, Build("A"))
    state = act(state, RED, Maintain(2)).state
    with pytest.raises(IllegalMove, match="was maintained this turn"):
        act(state, RED, Scrap(2))
    state = act(state, RED, Scrap(1)).state
    state = act(state, RED, Build("A")).state
    assert state.players[RED].ships[0].area == "A" and state.players[RED].ships[0].built
    with pytest.raises(IllegalMove, match="was built this turn"):
        act(state, RED, Scrap(1))


# --- M-S3: sailing -------------------------------------------------------------------------------------


def test_M_S3_four_water_steps_five_with_cloth_making():
    state = ship(red_moves(blank()), RED, 1, "A", built=True)
    path = ("G", "H", "D", "C", "OS")
    with pytest.raises(IllegalMove, match="up to 4 water steps \\(Cloth Making allows 5\\); this voyage has 5"):
        act(hold(state, RED, "Astronavigation"), RED, Sail(1, path))
    sailed = act(hold(state, RED, "Astronavigation", "Cloth Making"), RED, Sail(1, path)).state
    assert sailed.players[RED].ships[0] == replace(sailed.players[RED].ships[0], area="OS", sailed=True)
    assert set(ship_reach(state, RED, 1)) == {"G", "H", "D", "C"}


def test_M_S3_open_sea_only_with_astronavigation():
    state = ship(red_moves(blank()), RED, 1, "A", built=True)
    with pytest.raises(IllegalMove, match="OS is open sea: ships enter open sea only with Astronavigation"):
        act(state, RED, Sail(1, ("OS",)))
    assert act(hold(state, RED, "Astronavigation"), RED, Sail(1, ("OS", "C"))).state.players[RED].ships[0].area == "C"


def test_M_S3_through_out_of_play_water_never_stopping_or_unloading_there():
    state = act(blank(), RED, Adjust("out_of_play", 1, area="H"), host=True).state
    state = ship(red_moves(put(state, RED, "A", 2)), RED, 1, "A", built=True)
    assert act(state, RED, Sail(1, ("G", "H", "D"), take=(2, 0, 0, 0))).state.players[RED].tokens == {"D": 2}
    with pytest.raises(IllegalMove, match="H is out of play: a ship may pass through but not end"):
        act(state, RED, Sail(1, ("G", "H")))
    with pytest.raises(IllegalMove, match="H is out of play: the ship may pass through but not stop or put off"):
        act(state, RED, Sail(1, ("G", "H", "D"), take=(2, 0, 0, 0), put=(0, 0, 1, 1)))
    assert "H" not in ship_reach(state, RED, 1) and "D" in ship_reach(state, RED, 1)


def test_M_S3_a_ship_sails_once_a_turn_along_water():
    state = ship(red_moves(blank()), RED, 1, "A", built=True)
    with pytest.raises(IllegalMove, match="H is not next to A by water"):
        act(state, RED, Sail(1, ("H",)))
    state = act(state, RED, Sail(1, ("G",))).state
    with pytest.raises(IllegalMove, match="already sailed this turn"):
        act(state, RED, Sail(1, ("H",)))


# --- M-S4: carrying ------------------------------------------------------------------------------------


def test_M_S4_load_and_unload_along_the_path_everything_off_after_the_last_step():
    state = put(put(blank(), RED, "A", 4), RED, "H", 2)
    state = ship(red_moves(state), RED, 1, "A", built=True)
    state = act(state, RED, Sail(1, ("G", "H", "D"), take=(3, 0, 2, 0), put=(0, 1, 0, 0))).state
    red = state.players[RED]
    assert red.tokens == {"A": 1, "G": 1, "D": 4} and red.done == {"G": 1, "D": 4}


def test_M_S4_five_aboard_six_with_naval_warfare():
    state = ship(red_moves(put(blank(), RED, "A", 6)), RED, 1, "A", built=True)
    with pytest.raises(IllegalMove, match="would carry 6 at A; it carries at most 5"):
        act(state, RED, Sail(1, ("G",), take=(6, 0)))
    assert act(hold(state, RED, "Naval Warfare"), RED, Sail(1, ("G",), take=(6, 0))).state.players[RED].tokens == \
        {"G": 6}


def test_M_S4_only_unmoved_tokens_board_and_a_token_rides_one_ship():
    state = put(blank(), RED, "A", 2)
    state = ship(ship(red_moves(state), RED, 1, "A", built=True), RED, 2, "G", built=True)
    state = act(state, RED, Sail(1, ("G",), take=(2, 0))).state
    with pytest.raises(IllegalMove, match="0 unmoved tokens in G to take on, not 1"):
        act(state, RED, Sail(2, ("H",), take=(1, 0)))
    with pytest.raises(IllegalMove, match="Nothing is taken on after the last step"):
        act(state, RED, Sail(2, ("H",), take=(0, 1)))


def test_M_S4_nothing_is_put_off_at_open_sea():
    state = hold(ship(red_moves(put(blank(), RED, "A", 2)), RED, 1, "A", built=True), RED, "Astronavigation")
    with pytest.raises(IllegalMove, match="OS is open sea: there is no land"):
        act(state, RED, Sail(1, ("OS",), take=(2, 0)))
    assert act(state, RED, Sail(1, ("OS", "C"), take=(1, 0, 0))).state.players[RED].tokens == {"A": 1, "C": 1}


# --- M-S5: unkept ships sink -----------------------------------------------------------------------------


def test_M_S5_declaring_destroys_ships_neither_built_nor_maintained():
    state = red_moves(cash(put(blank(), RED, "A", 1), RED, 3))
    for n, area in ((1, "G"), (2, "H"), (3, "D")):
        state = ship(state, RED, n, area)
    state = act(state, RED, Maintain(2)).state
    state = act(state, RED, Build("A")).state
    result = act(state, RED, Declare())
    assert "ships 1, 3 destroyed (not maintained)" in result.summary
    assert [s.area for s in result.state.players[RED].ships] == [None, "H", None, "A"]


# --- M-X1, M-X2, M-X3: conflict situations ----------------------------------------------------------------


def test_M_X1_a_ship_sailing_in_is_not_entering_putting_off_is():
    state = put(put(blank(), RED, "A", 2), BLUE, "G", 2)
    state = ship(red_moves(state), RED, 1, "A", built=True)
    sailed = act(state, RED, Sail(1, ("G", "H"), take=(2, 0, 0))).state
    assert conflicts(sailed) == ()
    landed = act(state, RED, Sail(1, ("G",), take=(1, 0))).state
    assert [c.area for c in conflicts(landed)] == ["G"]
    assert "conflict situation in G" in act(state, RED, Sail(1, ("G",), take=(1, 0))).summary


def test_M_X2_entering_over_the_limit_next_to_others_causes_conflict_within_it_they_coexist():
    state = red_moves(put(put(blank(), RED, "A", 3), BLUE, "B", 1))
    coexist = act(state, RED, Move("A", "B", 2)).state
    assert conflicts(coexist) == ()
    result = act(state, RED, Move("A", "B", 3))
    assert result.summary == "Rome moved 3 tokens A → B: conflict situation in B"
    barbarians = act(put(blank(), RED, "A", 3), RED, Adjust("barbarians", 1, area="B"), host=True).state
    assert [c.area for c in conflicts(act(red_moves(barbarians), RED, Move("A", "B", 3)).state)] == ["B"]


def test_M_X2_entering_an_enemy_or_pirate_city_area_is_a_city_attack():
    state = city(put(blank(), RED, "A", 2), BLUE, "B")
    state = act(state, RED, Adjust("pirate", 1, area="E"), host=True).state
    state = act(red_moves(state), RED, Move("A", "B", 1)).state
    state = act(state, RED, Move("A", "E", 1)).state
    found = {c.area: c for c in conflicts(state)}
    assert (found["B"].city, found["E"].city) == (BLUE, PIRATES)
    assert [(a.name, a.tokens, a.needed, a.succeeds) for a in found["B"].attacks] == [("Rome", 1, 7, False)]


@pytest.mark.parametrize(("attacker", "defender", "needed"), [((), (), 7), (("Engineering",), (), 6),
                                                              ((), ("Engineering",), 8),
                                                              (("Engineering",), ("Engineering",), 7)])
def test_M_X2_a_city_attack_succeeds_with_7_6_with_engineering_8_against_it(attacker, defender, needed):
    state = hold(hold(blank(), RED, *attacker), BLUE, *defender) if attacker or defender else blank()
    assert attack_needs(state, RED, BLUE) == needed
    assert attack_needs(hold(state, RED, *attacker) if attacker else state, RED, PIRATES) == (6 if attacker else 7)


def test_M_X3_the_conflict_disappears_only_when_neither_condition_holds():
    state = moving(put(put(blank(2), RED, "A", 4), BLUE, "B", 2))
    state = act(first_to_move(state, RED), RED, Move("A", "B", 2)).state
    state = act(state, RED, Declare()).state
    assert [c.area for c in conflicts(state)] == ["B"]
    state = act(state, BLUE, Move("B", "C", 1)).state
    assert conflicts(state) == ()  # 3 of 3: they coexist again
    city_state = moving(city(put(put(blank(2), RED, "A", 4), BLUE, "B", 1), BLUE, "B"))
    city_state = act(first_to_move(city_state, RED), RED, Move("A", "B", 1)).state
    city_state = act(city_state, RED, Declare()).state
    city_state = act(city_state, BLUE, Move("B", "C", 1)).state
    assert [c.area for c in conflicts(city_state)] == ["B"]  # the city is still attacked


# --- M-X4: the phase-end report ------------------------------------------------------------------------------


def test_M_X4_the_phase_end_lists_conflicts_attacks_and_city_spots():
    state = put(put(put(put(blank(2), RED, "A", 6), RED, "B", 3), BLUE, "C", 1), BLUE, "E", 12)
    state = city(state, BLUE, "C")
    state = moving(state)
    state = act(first_to_move(state, RED), RED, Move("A", "B", 6)).state
    state = act(state, RED, Move("B", "C", 3)).state
    state = act(state, RED, Declare()).state
    result = act(state, BLUE, Declare())
    details = result.details
    assert "Phase-end report:" in details
    assert "Conflict situation in C (limit 1): Rome 3, Babylon 1; Babylon's city is attacked; " \
           "Rome attacks with 3, needs 7: cannot succeed" in details
    assert "Rome may build a city in B: 6 tokens (city site, 6 needed)" in details
    assert "Babylon may build a city in E: 12 tokens (no city site, 12 needed)" in details
    assert "1 conflict situation, 2 areas where a city could be built" in result.summary


def test_M_X4_city_spots_need_6_on_a_site_12_elsewhere_never_at_limit_0_nor_where_a_city_stands():
    board_state = put(put(blank(), RED, "B", 5), RED, "A", 11)
    assert phase_report(board_state).spots == ()
    state = put(put(put(blank(), RED, "B", 6), RED, "A", 12), BLUE, "F", 6)
    state = city(state, BLUE, "F")
    assert [(s.area, s.needed, s.site) for s in phase_report(state).spots] == [("A", 12, False), ("B", 6, True)]
    assert "No conflict situations" in lines(blank(), phase_report(blank()))[0]
