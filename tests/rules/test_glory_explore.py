"""Exploring, a test per rule id (G-E1–G-E5), on the scenario board with the province J9 face down:
its centre (2, 1), then N (2, 0), NE (3, 0), SE (3, 1), S (2, 2), SW (1, 2), NW (1, 1).
The hex (2, -1) (province K7) and the hex (1, 0) (province H7) touch J9's north hex (2, 0).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.base import Actor
from rules.errors import BadInput, IllegalMove, NotYourTurn
from rules.frozen import FrozenDict
from rules.glory import GAME, queries
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver
from rules.glory.state import EventSlot, Placed, relics_to_place, unexplored_provinces, with_player
from tests.rules.glory_fixtures import BLUE, RED, act, at, cubes, deck_top, new_game, put, scenario, units
from waypost.i18n import pseudo, translate

J9 = "J9"


def explore_state(terrain=None, down=((2, 0),), **kw):
    state = scenario(terrain, down=down, **kw)
    state = put(state, RED, at(2, -1), swordsman=1)
    return state


# --- G-E1 -------------------------------------------------------------------------------------


def test_G_E1_only_armies_with_a_military_unit_enter_an_unexplored_province():
    state = explore_state()
    state = put(state, RED, at(2, -1), peasant=2)
    assert queries.explorable(state, RED, at(2, -1)) == {}
    with pytest.raises(IllegalMove, match="Only armies with a military unit may enter an unexplored province."):
        act(state, RED, Maneuver(at(2, -1), at(2, 0)))
    state = put(state, RED, at(2, -1), peasant=2, spearman=1)
    assert set(queries.explorable(state, RED, at(2, -1))) == {at(2, 0)}
    with pytest.raises(IllegalMove, match="Only armies with a military unit"):
        act(state, RED, Maneuver(at(2, -1), at(2, 0), units=(("peasant", 2),)))


def test_G_E1_the_player_names_the_exact_hex_and_entering_costs_two():
    state = explore_state()
    state = deck_top(state, "T01")
    found = queries.explorable(state, RED, at(2, -1))
    assert {h: r.cost for h, r in found.items()} == {at(2, 0): 2}
    result = act(state, RED, Maneuver(at(2, -1), at(2, 0)))
    assert result.state.exploring.plan.end == at(2, 0)
    assert f"claiming {at(2, 0)}" in result.summary and "(2 of 2 movement points)" in result.summary


def test_G_E1_a_path_that_enters_an_unexplored_province_ends_there():
    state = explore_state()
    state = put(state, RED, at(2, -1), cavalryman=1)
    with pytest.raises(IllegalMove, match="A maneuver that enters an unexplored province ends there"):
        act(state, RED, Maneuver(at(2, -1), at(3, -1), path=(at(2, 0), at(3, -1))))


def test_G_E1_entering_by_ferry_costs_zero():
    state = explore_state({(1, 0): "sea"})
    state = put(state, RED, at(1, 0), galley=1)
    assert queries.explorable(state, RED, at(2, -1))[at(2, 0)].cost == 0
    assert queries.explorable(state, RED, at(2, -1))[at(1, 1)].cost == 0


# --- G-E2 -------------------------------------------------------------------------------------


def test_G_E2_the_top_tile_is_revealed_not_undoably_and_its_player_chooses_the_rotation():
    state = explore_state()
    state = deck_top(state, "T01", "T02")
    result = act(state, RED, Maneuver(at(2, -1), at(2, 0)))
    assert not result.undoable
    state = result.state
    assert state.province_deck[0] == "T02" and state.exploring.tile == "T01"
    assert "revealed tile T01 (Green Vale) for the province at J9" in result.summary
    decision = GAME.position(state).decisions[0]
    assert (decision.seat, decision.options, decision.blocking) == (RED, ("1", "2", "3", "4", "5", "6"), True)
    assert queries.rotations(state) == ("1", "2", "3", "4", "5", "6")
    assert [p["label"] for p in queries.previews(state)] == ["1", "2", "3", "4", "5", "6"]
    assert queries.previews(state)[1]["terrain"][at(3, 0)] == "forest"  # NE shows the tile's N hex turned 60°
    with pytest.raises(NotYourTurn, match="Waiting for Red to decide"):
        act(state, RED, EndTurn())
    with pytest.raises(NotYourTurn, match="Waiting for Red to decide"):
        act(state, BLUE, Adjust("cubes", value=1))
    with pytest.raises(NotYourTurn, match="Nobody asked you to decide anything."):
        act(state, BLUE, Choose("1"))
    with pytest.raises(BadInput, match="Choose the rotation: 1, 2, 3, 4, 5 or 6."):
        act(state, RED, Choose("7"))
    done = act(state, RED, Choose("2"))
    assert not done.undoable
    assert done.state.explored == {J9: Placed("T01", 1)}
    assert done.state.exploring is None
    assert units(done.state, RED, at(2, 0)) == {"swordsman": 1} and cubes(done.state, RED, at(2, 0)) == 1
    assert queries.terrain_map(done.state)[at(3, 0)] == "forest"  # the tile's N (forest) turned to NE
    assert J9 not in unexplored_provinces(done.state)


@pytest.mark.parametrize("unit", ["swordsman", "peasant"])
def test_G_E2_the_host_adjusts_nothing_while_a_tile_waits_for_its_rotation(unit):
    """Issue 19.1: the host took away the exploring swordsman (or added a peasant) while the tile
    waited, and the answer then crashed or left "-1 swordsmen"."""
    state = new_game("two-straits", 2)
    state = act(state, RED, Adjust("units", value=1, hex="D9", unit="swordsman"), host=True).state
    state = act(state, RED, Maneuver("D9", "D8")).state
    assert state.exploring is not None
    for seat in (RED, BLUE):
        with pytest.raises(NotYourTurn, match="Waiting for Red to choose the rotation of the tile revealed at E8; "
                                              "adjust after it is placed."):
            GAME.apply(state, Actor(seat, host=True), Adjust("units", value=0 if unit == "swordsman" else 1,
                                                              hex="D9", unit=unit, seat=RED))
    done = act(state, RED, Choose("1"))
    assert done.state.exploring is None
    act(done.state, RED, Adjust("units", value=3, hex="D10", unit="peasant"), host=True)  # adjusting again after


def test_G_E2_the_rotation_must_join_the_seas_and_let_the_army_land_here_only_one_does_and_is_still_asked():
    state = explore_state({(1, 0): "sea"})
    state = deck_top(state, "T07")  # Salt Bay: sea in the centre, N, NE and NW
    result = act(state, RED, Maneuver(at(2, -1), at(2, 0)))
    assert queries.rotations(result.state) == ("5",)
    assert result.summary.endswith("Red places it: only rotation 5 is allowed")
    done = act(result.state, RED, Choose("5")).state
    assert done.explored[J9].rotation == 4
    assert units(done, RED, at(2, 0)) == {"swordsman": 1}


def test_G_E2_when_no_rotation_meets_both_the_seas_come_first():
    state = explore_state({(1, 0): "sea"})
    state = put(state, RED, at(2, -1), cavalryman=1)
    state = deck_top(state, "T07")  # the claimed centre is always sea: the army cannot land whatever the rotation
    result = act(state, RED, Maneuver(at(2, -1), at(2, 1), path=(at(2, 0), at(2, 1)), march=True))
    assert queries.rotations(result.state) == ("1", "2", "5", "6")


def test_G_E2_when_no_rotation_joins_the_seas_the_army_must_be_able_to_land():
    state = explore_state()
    state = deck_top(state, "T13")  # Sunken Delta: sea at N and SE, and no water around J9
    result = act(state, RED, Maneuver(at(2, -1), at(2, 0)))
    assert queries.rotations(result.state) == ("2", "3", "4", "6")
    assert all(p["lands"] and not p["seas_joined"] for p in queries.previews(result.state))


def test_G_E2_when_neither_can_be_met_any_rotation_is_allowed():
    state = explore_state()
    state = put(state, RED, at(2, -1), cavalryman=1)
    state = deck_top(state, "T12")  # Mirror Lake: an enclosed lake in the centre
    result = act(state, RED, Maneuver(at(2, -1), at(2, 1), path=(at(2, 0), at(2, 1)), march=True))
    assert queries.rotations(result.state) == ("1", "2", "3", "4", "5", "6")


def test_G_E2_an_empty_deck_explores_nothing():
    state = explore_state()
    state = replace(state, province_deck=(), explored=FrozenDict())
    with pytest.raises(IllegalMove, match="The province deck is empty"):
        GAME.play(state, Actor(RED), Maneuver(at(2, -1), at(2, 0)))


# --- G-E3 -------------------------------------------------------------------------------------


def test_G_E3_an_army_that_cannot_move_onto_the_claimed_hex_stays_depleted():
    state = explore_state()
    state = put(state, RED, at(2, -1), cavalryman=2)
    state = put(state, RED, at(1, -1), cavalryman=1)
    state = deck_top(state, "T12")
    result = act(state, RED, Maneuver(at(2, -1), at(2, 1), units=(("cavalryman", 1),),
                                      path=(at(2, 0), at(2, 1)), march=True))
    done = act(result.state, RED, Choose("1"))
    after = done.state
    assert units(after, RED, at(2, -1)) == {"cavalryman": 2} and cubes(after, RED, at(2, -1)) == 2
    assert units(after, RED, at(2, 1)) is None and after.last.stayed
    assert f"the army cannot move onto {at(2, 1)} ({at(2, 1)} is " in done.summary  # the hex named as written
    assert after.explored[J9].tile == "T12"
    assert f"die Armee kann nicht auf {at(2, 1)} ziehen ({at(2, 1)} ist See)" in translate(done.summary, "de")


def test_G_E3_the_landing_problem_quoted_in_the_result_is_the_catalogs_in_every_language():
    """Why the army stays (its first clause, the hex's terrain) is a catalog message, not the
    English refusal cut short: in Polish and German it reads so, in the pseudo-locale no English is
    left of it."""
    state = explore_state()
    state = put(state, RED, at(2, -1), cavalryman=2)
    state = deck_top(state, "T12")
    result = act(state, RED, Maneuver(at(2, -1), at(2, 1), units=(("cavalryman", 1),),
                                      path=(at(2, 0), at(2, 1)), march=True))
    summary = act(result.state, RED, Choose("1")).summary
    assert f"armia nie może wkroczyć na {at(2, 1)} ({at(2, 1)} to morze)" in translate(summary, "pl")
    assert "(" + pseudo("{hex} is sea", template=True).format(hex=at(2, 1)) + ")" in translate(summary, "qps")


def test_G_E3_drops_and_pick_ups_happen_only_when_the_army_lands():
    state = explore_state()
    state = put(state, RED, at(1, -1), cavalryman=2)
    state = put(state, RED, at(2, -2), spearman=1)
    state = deck_top(state, "T01")
    result = act(state, RED, Maneuver(at(1, -1), at(2, 0), drops=((at(2, -1), "cavalryman", 1),), march=True))
    done = act(result.state, RED, Choose("1")).state
    assert units(done, RED, at(2, -1)) == {"swordsman": 1, "cavalryman": 1} and cubes(done, RED, at(2, -1)) == 2
    assert units(done, RED, at(2, 0)) == {"cavalryman": 1}


# --- G-E4 -------------------------------------------------------------------------------------


def test_G_E4_a_solid_symbol_gets_a_relic_while_any_remain_on_its_rotated_hex():
    state = explore_state()
    assert relics_to_place(state) == 3  # 2 players + 1
    state = deck_top(state, "T06")  # Old Forest: solid symbol on its NE hex
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    bag = state.relic_bag
    done = act(state, RED, Choose("2")).state  # turned 60°: the NE hex lands on SE, (3, 1)
    assert done.relics == {at(3, 1): bag[0]}
    assert relics_to_place(done) == 2 and done.relic_bag == bag[1:]


def test_G_E4_no_relic_once_all_are_placed():
    state = explore_state()
    held = (*state.players[BLUE].relics, *state.relic_bag[:3])
    state = replace(with_player(state, BLUE, relics=held), relic_bag=state.relic_bag[3:])
    assert relics_to_place(state) == 0
    state = deck_top(state, "T01")
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    done = act(state, RED, Choose("1"))
    assert done.state.relics == {} and "gets no relic: all 3 are placed" in " ".join(done.details)


@pytest.mark.parametrize(("down", "placed"), [(((2, 0),), True), (((2, 0), (-2, 3), (-3, -1)), True),
                                             (((2, 0), (-2, 3), (-3, -1), (0, -3)), False)])
def test_G_E4_an_outlined_symbol_gets_one_only_when_relics_to_place_outnumber_unexplored_provinces(down, placed):
    state = explore_state(down=down)
    state = deck_top(state, "T05")  # Red Dunes: outlined symbol in the centre
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    done = act(state, RED, Choose("1"))
    left = len(down) - 1
    assert len(unexplored_provinces(done.state)) == left
    assert (done.state.relics == {at(2, 1): state.relic_bag[0]}) is placed
    if not placed:
        assert (f"an outlined symbol gets one only while more relics are left to place (3) than provinces are left "
                f"unexplored ({left})") in " ".join(done.details)


def test_G_E4_no_symbol_no_relic():
    state = explore_state()
    state = deck_top(state, "T04")
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    done = act(state, RED, Choose(queries.rotations(state)[0]))
    assert done.state.relics == {} and "The tile shows no relic symbol" in done.details


# --- G-E5 -------------------------------------------------------------------------------------


def test_G_E5_the_top_event_card_goes_into_the_row_with_a_voting_cube_rows_hold_three():
    state = explore_state(down=((2, 0), (-2, 3), (-3, -1), (0, -3)))
    first = state.event_deck[0]
    state = deck_top(state, "T01", "T11", "T14", "T16")
    rows = []
    for army, claim in _claims(state):
        state = put(state, RED, army, swordsman=1)
        state = replace(state, maneuvers=0)
        state = act(state, RED, Maneuver(army, claim)).state
        state = act(state, RED, Choose("1")).state
        rows.append([len(row) for row in state.event_rows])
    assert rows == [[1], [2], [3], [3, 1]]
    assert state.event_rows[0][0].card == first and state.event_rows[0][0].votes == {RED: 1}
    assert state.players[RED].voting_cubes == 8 - 4
    assert queries.event_cards(state)[1][0][3] == {RED: 1}


def test_G_E5_no_voting_cube_left_in_the_bank():
    state = explore_state(voting_cubes=0)
    state = deck_top(state, "T01")
    done = act(act(state, RED, Maneuver(at(2, -1), at(2, 0))).state, RED, Choose("1"))
    assert done.state.event_rows[0][0].votes == {}
    assert "Red has no voting cube left in the bank to put on it" in done.details


def test_G_E5_an_empty_event_deck_flips_nothing():
    state = explore_state()
    cards = [e.name for e in state.board.events]
    state = replace(state, event_deck=(),
                    event_rows=tuple(tuple(EventSlot(c) for c in cards[i:i + 3]) for i in range(0, len(cards), 3)))
    state = deck_top(state, "T01")
    done = act(act(state, RED, Maneuver(at(2, -1), at(2, 0))).state, RED, Choose("1"))
    assert "The event deck is empty: no event card is flipped" in done.details


def _claims(state):
    """Per face-down province, an explored hex next to it and the hex of it to claim from there."""
    board = state.board
    down = set(unexplored_provinces(state))
    terrain = queries.terrain_map(state)
    found = []
    for centre in sorted(down):
        members = board.province_hexes[board.province_index[centre]]
        pair = next((board.names[j], board.names[i]) for i in members for j in board.nbrs[i]
                    if terrain[board.names[j]] == "plains" and board.names[j] not in state.players[RED].armies)
        found.append(pair)
    return found


def test_the_revealed_tile_is_public_the_rest_of_the_deck_is_not():
    state = explore_state()
    state = deck_top(state, "T01", "T02")
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    for seat in (RED, BLUE, None):
        seen = GAME.view(state, seat)
        assert seen.exploring.tile == "T01" and seen.province_deck == ("?",) * len(state.province_deck)
        assert '"T02"' not in json.dumps(GAME.encode_state(seen)["province_deck"])
