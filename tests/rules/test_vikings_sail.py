"""Sailing: V-S1–V-S5 and reachability."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from rules.base import Actor, Awaiting
from rules.errors import BadInput, IllegalMove, NotYourTurn
from rules.vikings import GAME, influence, reach
from rules.vikings.actions import Adjust, Choose, EndTurn, Sail
from tests.games.vikings import placed
from tests.rules.vikings_fixtures import BLUE, GREEN, RED, YELLOW, act, board, in_play, put, raw_map


def test_V_S1_all_moves_go_to_the_one_boat_named():
    state = in_play()
    state = put(state, RED, 1, "A1")
    state = put(state, RED, 2, "A2")
    after = act(state, RED, Sail(boat=1, route=("F1", "F2"), strength=3)).state
    assert after.players[RED].boats == {1: "F2", 2: "A2", 3: None, 4: None}
    assert after.last_sail is not None and after.last_sail.path == ("A1", "F1", "F2")


@pytest.mark.parametrize(
    ("boat", "strength", "error", "message"),
    [
        (3, 1, IllegalMove, "Your boat 3 is not on the board (it is in harbour). When the game gives you a boat, "
                            "launch it onto an empty dock with adjust boat (boat 3, space: the dock); then it sails."),
        (5, 1, BadInput, "Boats are numbered 1 to 4, not 5."),
        (1, 4, BadInput, "A sail is x1, x2 or x3, not x4."),
        (1, 0, BadInput, "A sail is x1, x2 or x3, not x0."),
    ],
)
def test_V_S1_boat_and_strength_are_checked(boat, strength, error, message):
    state = in_play()
    state = put(state, RED, 1, "A1")
    with pytest.raises(error) as refused:
        act(state, RED, Sail(boat=boat, route=("F1",), strength=strength))
    assert refused.value.message == message


def test_V_S2_each_move_is_dock_fjord_fjord_or_fjord_dock_and_fewer_is_allowed():
    state = in_play()
    state = put(state, RED, 1, "A1")
    assert act(state, RED, Sail(boat=1, route=("F1", "F2", "B1"), strength=3)).state.players[RED].boats[1] == "B1"
    assert act(state, RED, Sail(boat=1, route=("F1",), strength=3)).state.players[RED].boats[1] == "F1"


@pytest.mark.parametrize(
    ("start", "route", "error", "message"),
    [
        ("A1", ("F2",), IllegalMove, "F2 is 2 moves from A1 (A1→F1→F2): give the route, e.g. F1 F2."),
        ("A1", ("F1", "F3"), IllegalMove, "F3 is not next to F1."),
        ("A2", ("B2",), IllegalMove, "A2–B2 is a ferry route; boats never sail on ferry routes."),
        ("A1", ("A2",), IllegalMove, "A2 is 4 moves from A1 (A1→F1→F2→F3→A2); the sail is x3."),
        ("A1", ("A1", "F1"), IllegalMove, "Leave out A1, where boat 1 starts: name the spaces after it (F1)."),
        ("F1", ("A",), IllegalMove, "A is an island; boats sail only on fjords and docks."),
        ("A1", ("Z9",), BadInput, "There is no space 'Z9' on this map."),
    ],
)
def test_V_S2_illegal_steps_are_named(start, route, error, message):
    state = in_play()
    state = put(state, RED, 1, start)
    with pytest.raises(error) as refused:
        act(state, RED, Sail(boat=1, route=route, strength=3))
    assert refused.value.message == message


def test_V_S2_a_route_longer_than_the_sail_is_refused_with_the_moves_needed():
    state = in_play()
    state = put(state, RED, 2, "A1")
    with pytest.raises(IllegalMove) as refused:
        act(state, RED, Sail(boat=2, route=("F1", "F2", "B1"), strength=2))
    assert refused.value.message == "Boat 2 must move 3 times to reach B1 but the sail is x2."


def test_V_S2_a_detour_is_refused_with_the_shorter_route():
    state = in_play()
    state = put(state, RED, 1, "F1")
    with pytest.raises(IllegalMove) as refused:
        act(state, RED, Sail(boat=1, route=("F2", "F3", "F2", "B1"), strength=3))
    assert refused.value.message == "This route makes 4 moves but the sail is x3; boat 1 reaches B1 in 2: F1→F2→B1."


def test_V_S3_any_number_of_boats_share_a_fjord():
    state = in_play()
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "F2")
    state = put(state, RED, 2, "F1")
    after = act(state, RED, Sail(boat=2, route=("F2",), strength=1)).state
    assert [p.boats[b] for p, b in ((after.players[RED], 1), (after.players[RED], 2), (after.players[BLUE], 1))] == [
        "F2", "F2", "F2",
    ]


@pytest.mark.parametrize("route", [("B1",), ("B1", "F2")])
def test_V_S3_a_route_may_not_enter_a_dock_holding_your_own_boat(route):
    state = in_play()
    state = put(state, RED, 1, "F2")
    state = put(state, RED, 2, "B1")
    with pytest.raises(IllegalMove) as refused:
        act(state, RED, Sail(boat=1, route=route, strength=2))
    assert refused.value.message == "Your boat 2 is at B1; a dock holds only one boat."


def test_V_S4_bump_with_one_fjord_moves_the_boat_at_once():
    state = in_play()
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "B1")
    result = act(state, RED, Sail(boat=1, route=("B1",), strength=1))
    assert result.state.players[BLUE].boats[1] == "F2"
    assert result.state.pending == ()
    assert "bumped Blue boat 1 to F2" in result.summary


def test_V_S4_bump_on_pass_through():
    state = in_play()
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "B1")
    after = act(state, RED, Sail(boat=1, route=("B1", "F2"), strength=2)).state
    assert after.players[RED].boats[1] == "F2"
    assert after.players[BLUE].boats[1] == "F2"


def test_V_S4_bump_on_pass_through_with_several_fjords_asks_the_owner():
    state = in_play(2, "ravnsund")
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "A2")
    after = act(state, RED, Sail(boat=1, route=("A2", "F6"), strength=2)).state
    assert after.players[BLUE].boats[1] == "A2"
    assert [(b.seat, b.boat, b.dock, b.options) for b in after.pending] == [(BLUE, 1, "A2", ("F2", "F6"))]


def test_V_S4_bumped_boat_with_several_fjords_stands_aside_until_its_owner_chooses():
    state = in_play(2, "ravnsund")
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "A2")
    state = act(state, RED, Sail(boat=1, route=("A2",), strength=1)).state
    prompt = "Your boat 1 was bumped from A2: choose the fjord it moves to."
    assert Awaiting(BLUE, "decision", prompt, ("F2", "F6"), "1") in GAME.awaiting(state)
    assert influence(state, "A") == {RED: 2, BLUE: 0}
    with pytest.raises(NotYourTurn):
        act(state, RED, Choose("F2"))
    with pytest.raises(BadInput, match="Choose one of: F2, F6."):
        act(state, BLUE, Choose("F9"))
    result = act(state, BLUE, Choose("F6"))
    assert result.state.players[BLUE].boats[1] == "F6" and result.state.pending == ()
    assert result.summary == "Blue boat 1 moved from A2 to F6 after its bump"
    assert [a.kind for a in GAME.awaiting(result.state)] == ["turn"]


def test_V_S4_the_bumped_boats_owner_answers_before_anything_else_happens():
    """V-S4: the owner "must immediately move it" (issue 27): while the answer is owed the bumper's
    next sail and end of turn, and everyone else's actions, wait with the reason; the game waits
    for the owner alone (status, clock), and out of time the first fjord is taken for them."""
    state = in_play(3, "nordhav")
    state = put(state, RED, 1, "F4")
    state = put(state, BLUE, 1, "D1")
    state = put(state, YELLOW, 1, "F3")
    state = act(state, RED, Sail(boat=1, route=("D1",), strength=1)).state
    held = "Blue must first move their bumped boat 1 (at D1) into an adjacent fjord: F4 or F5."
    for seat, action in ((RED, EndTurn()), (RED, Sail(boat=1, route=("F4",), strength=1)),
                         (YELLOW, Sail(boat=1, route=("F4",), strength=1)),
                         (BLUE, Sail(boat=1, route=("F5",), strength=1)), (YELLOW, Adjust("food", value=1))):
        with pytest.raises(NotYourTurn) as refused:
            act(state, seat, action)
        assert refused.value.message == held, action
    assert GAME.status_line(state) == "Era 1: Blue must move a bumped boat"
    assert {a.seat for a in GAME.awaiting(state)} == {BLUE}
    assert GAME.timeout(state, BLUE) == Choose("F4", key="1")
    host = act(state, RED, Adjust("food", value=1, seat=YELLOW), host=True)  # the host may still fix things
    assert host.state.players[YELLOW].food == 1
    state = act(state, BLUE, GAME.timeout(state, BLUE)).state
    assert state.players[BLUE].boats[1] == "F4" and GAME.status_line(state) == "Era 1: Red's turn"
    state = act(state, RED, Sail(boat=1, route=("F5",), strength=1)).state
    assert act(state, RED, EndTurn()).state.turn == BLUE


def test_V_S4_a_boat_standing_aside_is_not_bumped_again_and_blocks_nobody():
    state = in_play(3, "nordhav")
    state = put(state, RED, 1, "F4")
    state = put(state, BLUE, 1, "D1")
    after = act(state, RED, Sail(boat=1, route=("D1", "F5", "D1"), strength=3)).state
    assert after.players[RED].boats[1] == "D1"
    assert [(b.seat, b.boat, b.options) for b in after.pending] == [(BLUE, 1, ("F4", "F5"))]


def test_V_S5_a_sail_without_moves_has_no_docking_effects():
    state = in_play()
    state = put(state, RED, 1, "B1")
    with pytest.raises(IllegalMove, match="need a sail that moves at least once"):
        act(state, RED, Sail(boat=1, route=(), strength=2, settlers=1))
    with pytest.raises(IllegalMove, match="need a sail that moves at least once"):
        act(state, RED, Sail(boat=1, route=(), strength=2, raid=True))
    result = act(state, RED, Sail(boat=1, route=(), strength=2))
    assert result.summary == "Red sailed boat 1 B1 (x2) without moving"
    assert result.state.sails == 1


def test_V_S5_docking_effects_apply_only_where_the_sail_ends():
    state = in_play()
    state = put(state, RED, 1, "F2")
    with pytest.raises(IllegalMove, match="The sail ends at F2, a fjord"):
        act(state, RED, Sail(boat=1, route=("B1", "F2"), strength=2, raid=True))
    with pytest.raises(IllegalMove, match="The sail ends at F2, a fjord"):
        act(state, RED, Sail(boat=1, route=("B1", "F2"), strength=2, settlers=1))


def test_reachable_maps_each_end_space_to_a_shortest_route():
    state = in_play()
    state = put(state, RED, 1, "A1")
    assert reach(state, RED, 1, 1) == {"F1": ("F1",)}
    assert reach(state, RED, 1, 3) == {
        "F1": ("F1",),
        "F2": ("F1", "F2"),
        "B1": ("F1", "F2", "B1"),
        "F3": ("F1", "F2", "F3"),
        "A1": ("F1", "A1"),
    }


def test_reachable_skips_docks_holding_your_own_boats_but_not_others():
    state = in_play()
    state = put(state, RED, 1, "F2")
    state = put(state, RED, 2, "B1")
    state = put(state, BLUE, 1, "B2")
    ends = reach(state, RED, 1, 3)
    assert "B1" not in ends and ends["B2"] == ("F3", "B2")


def test_reachable_prefers_routes_that_bump_nobody_on_the_way():
    raw = raw_map()
    raw["fjords"].append({"name": "F4", "x": 600, "y": 450})
    raw["edges"].remove(["F3", "F2"])
    raw["edges"] += [["B1", "F3"], ["F2", "F4"], ["F4", "F3"]]
    state = in_play()
    state = replace(state, board=GAME.load_board(raw, "detour.json"))
    state = put(state, RED, 1, "F2")
    assert reach(state, RED, 1, 2)["F3"] == ("B1", "F3")
    state = put(state, BLUE, 1, "B1")
    assert reach(state, RED, 1, 2)["F3"] == ("F4", "F3")


def test_reachable_refuses_a_boat_in_harbour():
    with pytest.raises(IllegalMove, match="not on the board"):
        reach(in_play(), RED, 1, 3)


def _crowded_nordhav():
    state = in_play(4, "nordhav")
    spots = ["A1", "F5", "E2", "J2", "F12", "D3", "B2", "F13", "H1", "C3", "F3", "G2", "F8", "E3", "F16", "B3"]
    for i, space in enumerate(spots):
        state = put(state, i % 4, i // 4 + 1, space)
    return state


def test_every_reachable_route_is_a_legal_sail_ending_there():
    state = _crowded_nordhav()
    for seat in (RED, BLUE, YELLOW, GREEN):
        state = replace(state, turn=seat)
        for boat in range(1, 5):
            for strength in (1, 2, 3):
                for end, route in reach(state, seat, boat, strength).items():
                    after = GAME.apply(state, Actor(seat), Sail(boat=boat, route=route, strength=strength)).state
                    assert after.players[seat].boats[boat] == end


def test_reachable_is_fast_on_the_largest_map():
    state = _crowded_nordhav()
    largest = max((board(n) for n in ("ravnsund", "nordhav", "two-isles")), key=lambda b: len(b.kinds))
    assert largest.name == "nordhav"
    timings = []
    for _ in range(200):
        for seat in range(4):
            for boat in range(1, 5):
                began = time.perf_counter()
                reach(state, seat, boat, 3)
                timings.append(time.perf_counter() - began)
    timings.sort()
    assert timings[int(len(timings) * 0.99)] < 0.001


def test_the_route_menu_says_once_that_it_assumes_the_strongest_sail():
    """Issue 28 §7: the ends offered before the sail card is chosen are an x3 sail's; the question
    says so once ("as far as an x3 sail reaches"), not every line "(assuming x3)"."""
    state = in_play()
    state = put(state, RED, 1, "A1")
    view, actor = GAME.view(state, RED), Actor(RED)
    asks = {p.name: p.ask for p in GAME.params_now(view, actor, "sail", {"boat": 1})}
    assert asks["route"] == "To where (as far as an x3 sail reaches)?"
    labels = [c.label for c in GAME.choices(view, actor, "sail", "route", {"boat": 1})]
    assert labels and not any("assuming" in label for label in labels)
    asks = {p.name: p.ask for p in GAME.params_now(view, actor, "sail", {"boat": 1, "strength": 1})}
    assert asks["route"] == "To where?"


def test_a_menu_sail_is_one_choice_of_boat_and_end_saying_what_it_does():
    """Issue 28, V-S1/V-S4/V-R1: in menus a sail's boat and end are one choice, each saying its
    moves and the sail card they need, whom it bumps (every dock entered) and a village to raid at
    its cost; the sail card is then optional, the smallest that does by default."""
    state = in_play()
    state = put(state, RED, 1, "A1")
    state = put(state, YELLOW, 1, "B1")
    view, actor = GAME.view(state, RED), Actor(RED)
    step = GAME.step(view, actor, "sail", [])
    assert step.param is not None and step.param.name == "trip"
    labels = {c.value: c.label for c in step.choices}
    assert labels["1:F1"] == "Boat 1 to F1 (from A1) — 1 move: F1, sail x1"
    assert labels["1:F1 F2 B1"] == \
        "Boat 1 to B1 (from A1) — 3 moves: F1 F2 B1, sail x3; bumps Yellow; may raid its village (1 steel)"
    picked = GAME.step(view, actor, "sail", [step.numbers[list(labels).index("1:F1 F2")]])
    assert picked.ready and picked.param is not None and picked.param.name == "strength"  # optional now
    assert GAME.build(view, actor, "sail", picked.values) == Sail(1, ("F1", "F2"), 2)  # the smallest that does
    assert GAME.build(view, actor, "sail", {**picked.values, "settlers": 3}).strength == 3  # V-D1: at most N
    assert GAME.build(view, actor, "sail", {"boat": 1, "route": "F1 F2", "strength": 3}) == \
        Sail(1, ("F1", "F2"), 3)  # typed: boat, route and sail card as ever


def test_V_S4_a_trip_through_a_fjord_another_boat_holds_bumps_nobody_in_its_menu_label():
    """V-S4: a boat is bumped off a dock only; fjords hold several boats, so a sail's menu choice
    ending in a fjord another clan's boat holds says no bump (it said "bumps Blue")."""
    state = placed("nordhav")  # Red's turn
    fjord = state.board.fjords_next_to(state.players[0].boats[1])[0]  # beside Red's boat: one move
    state = GAME.apply(state, Actor(1), Adjust("boat", boat=1, space=fjord)).state  # Blue's boat 1 waits there
    labels = [c.label for c in GAME.choices(GAME.view(state, 0), Actor(0), "sail", "trip", {})
              if c.value.endswith(f" {fjord}") or c.value.endswith(f":{fjord}")]
    assert labels and not [label for label in labels if "bumps" in label], labels


def test_V_S1_the_search_tries_the_trips_the_menu_lists_in_its_order_one_boat_at_a_time():
    state = put(put(put(in_play(), RED, 1, "A2"), RED, 2, "F1"), RED, 3, "B1")
    red = Actor(RED)
    listed = [c.value for c in GAME.candidates(state, red, "sail", "trip", {})]
    tried = GAME.trials(state, red, "sail", "trip", {})
    assert not isinstance(tried, list)  # made as the search asks: it stops at the first legal one
    assert [c.value for c in tried] == listed and len({v.split(":")[0] for v in listed}) == 3  # three boats' trips
