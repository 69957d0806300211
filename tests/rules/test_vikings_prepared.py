"""Prepared turns in Tiny Epic Vikings (issue 30): the turn's sails (V-S1–V-S5) and its end,
prepared while another clan plays, played when their turn comes if nothing they depend on changed."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules.base import Actor
from rules.core import Prepared
from rules.errors import BadInput, IllegalMove
from rules.vikings import GAME
from rules.vikings.actions import EndTurn, ReturnSettlers, Sail
from rules.vikings.state import VikingsState
from tests.rules.vikings_fixtures import BLUE, RED, act, in_play, put

BLUE_SAILS = (Sail(boat=1, route=("F2", "F1"), strength=2), EndTurn())


def waiting() -> VikingsState:
    """Red on turn with boat 1 at A2; Blue's boat 1 at B1."""
    state = in_play()
    state = put(state, RED, 1, "A2")
    state = put(state, BLUE, 1, "B1")
    return state


def prepared(state: VikingsState, mode: str = "unchanged") -> tuple[Prepared, dict[str, object]]:
    """Blue's sail B1→F2→F1 and end of turn, prepared on Blue's view, with the table's snapshot."""
    view = GAME.view(state, BLUE)
    plan = GAME.prepare(view, Actor(BLUE), BLUE_SAILS, mode)  # type: ignore[arg-type]
    return plan, GAME.snapshot(view, plan.footprint)


def red_plays(state: VikingsState, *sails: Sail) -> VikingsState:
    for sail in sails:
        state = act(state, RED, sail).state
    return act(state, RED, EndTurn()).state


def test_V_S1_a_prepared_sail_names_its_route_and_boat():
    plan, then = prepared(waiting())
    assert plan.actions == BLUE_SAILS and plan.mode == "unchanged"
    assert plan.footprint.places == ("B1", "F2", "F1") and plan.footprint.pieces == ("1/1",)
    assert then["place:B1"] == ((), True) and then["piece:1/1"] == "B1"  # the boat sailing is told apart


def test_only_the_seats_not_on_turn_prepare_and_only_sails_and_the_end():
    state = waiting()
    assert GAME.preparable(state, RED) == () and GAME.preparable(state, BLUE) == ("sail", "end")
    with pytest.raises(IllegalMove, match="There is nothing to prepare now"):
        GAME.prepare(state, Actor(RED), (EndTurn(),))
    with pytest.raises(IllegalMove, match="You cannot prepare to return settlers"):
        GAME.prepare(state, Actor(BLUE), (ReturnSettlers("A", 1),))


def test_V_S3_a_prepared_sail_is_refused_now_with_the_usual_reason():
    """Checked against the board as it is now: Blue's own boat 2 holds the dock at the end."""
    state = waiting()
    state = put(state, BLUE, 2, "A1")
    with pytest.raises(IllegalMove) as refused:
        GAME.prepare(state, Actor(BLUE), (Sail(boat=1, route=("F2", "F1", "A1"), strength=3),))
    assert refused.value.message == "Your boat 2 is at A1; a dock holds only one boat."
    with pytest.raises(BadInput) as second:
        GAME.prepare(state, Actor(BLUE), (Sail(boat=1, route=("F2",), strength=1),
                                          Sail(boat=1, route=("F1",), strength=4)))
    assert second.value.message == "Step 2 (sail): A sail is x1, x2 or x3, not x4."


def test_V_S1_played_when_nothing_it_depends_on_changed():
    """The table stores the snapshot as JSON: read back, it compares the same."""
    state = waiting()
    plan, then = prepared(state)
    now = red_plays(state, Sail(boat=1, route=("F3",), strength=1))  # F3 is not on Blue's route
    ready = GAME.ready(now, plan, json.loads(json.dumps(then)))
    assert ready.actions == BLUE_SAILS and ready.reasons == ()
    for action in ready.actions:
        now = act(now, BLUE, action).state
    assert now.players[BLUE].boats[1] == "F1"


def test_V_S1_not_played_when_a_boat_moved_onto_its_route():
    state = waiting()
    state = put(state, RED, 1, "A1")
    plan, then = prepared(state)
    now = red_plays(state, Sail(boat=1, route=("F1",), strength=1))
    assert GAME.changed(GAME.view(state, BLUE), GAME.view(now, BLUE), plan.footprint) == [
        "Red boat 1 moved into F1 on your route"]
    ready = GAME.ready(now, plan, then)
    assert ready.actions == () and ready.reasons == ("Red boat 1 moved into F1 on your route",)


def test_V_S4_not_played_when_its_boat_was_bumped():
    """Red's sail into B1 bumps Blue's boat to F2 (B1's only fjord): the piece moved."""
    state = waiting()
    plan, then = prepared(state)
    now = red_plays(state, Sail(boat=1, route=("F3", "F2", "B1"), strength=3))
    ready = GAME.ready(now, plan, then)
    assert ready.actions == ()
    assert ready.reasons == ("Red boat 1 moved into B1 on your route", "Blue boat 1 moved from B1 to F2")  # each once


def test_V_S2_if_legal_mode_plays_it_although_its_route_changed():
    state = waiting()
    state = put(state, RED, 1, "A1")
    plan, then = prepared(state, "if legal")
    now = red_plays(state, Sail(boat=1, route=("F1",), strength=1))
    assert GAME.ready(now, plan, then).actions == BLUE_SAILS


def test_V_S4_if_legal_mode_still_refuses_what_is_no_longer_legal():
    state = waiting()
    plan, then = prepared(state, "if legal")
    now = red_plays(state, Sail(boat=1, route=("F3", "F2", "B1"), strength=3))
    ready = GAME.ready(now, plan, then)
    assert ready.actions == () and ready.reasons == (
        "Step 1 (sail) is no longer legal: Leave out F2, where boat 1 starts: name the spaces after it (F1).",)


def test_V_R1_a_prepared_raid_depends_on_the_village():
    state = waiting()
    state = put(state, BLUE, 1, "F1")
    state = put(state, RED, 1, "F3")
    view = GAME.view(state, BLUE)
    plan = GAME.prepare(view, Actor(BLUE), (Sail(boat=1, route=("F2", "B1"), strength=2, raid=True),))
    then = GAME.snapshot(view, plan.footprint)
    now = red_plays(state, Sail(boat=1, route=("F2", "B1"), strength=2, raid=True), Sail(boat=1, route=("F2",),
                                                                                         strength=1))
    reasons = GAME.ready(now, plan, then).reasons
    assert "The village at B1 was raided" in reasons


def test_a_prepared_turn_stays_out_of_the_state_and_every_view():
    """The plan lives outside the state: preparing changes neither the state nor any view."""
    state = waiting()
    before = GAME.encode_state(state)
    views = [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE)]
    prepared(state)
    assert GAME.encode_state(state) == before
    assert [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE)] == views
    assert all("Prepared" not in str(f.type) for f in dataclasses.fields(VikingsState))


def test_a_prepared_turn_round_trips_through_json_for_the_table_to_keep():
    plan, _ = prepared(waiting(), "if legal")
    assert GAME.decode_prepared(json.loads(json.dumps(GAME.encode_prepared(plan)))) == plan


def test_a_prepared_turn_with_no_steps_or_an_unknown_mode_is_refused():
    state = waiting()
    with pytest.raises(BadInput, match="Prepare from 1 to 200 steps"):
        GAME.prepare(state, Actor(BLUE), ())
    with pytest.raises(BadInput, match="A prepared turn is played unchanged or if legal, not 'always'"):
        GAME.prepare(state, Actor(BLUE), BLUE_SAILS, "always")  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="has no pass to fall back on"):
        GAME.prepare(state, Actor(BLUE), BLUE_SAILS, else_pass=True)
