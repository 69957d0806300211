"""Prepared turns in Mega Civilization (issue 30): in strict census order (M-O1) a civilization
still to move prepares its whole movement draft and its declaration (M-O2) while earlier ones
move; everyone moving at once has nothing to prepare, and `insist` keeps its meaning."""

from __future__ import annotations

import dataclasses

import pytest

from rules.base import Actor
from rules.errors import IllegalMove
from rules.megaciv import GAME
from rules.megaciv.actions import Declare, Insist, Move
from rules.megaciv.state import MegaState
from tests.rules.megaciv_fixtures import BLUE, RED, act, blank, moving, put

BABYLON_DRAFT = (Move("E", "F", 1), Move("E", "F", 1), Declare())


def in_order() -> MegaState:
    """Strict order: Rome (5 tokens in A) moves first; Babylon (2 in E) waits."""
    return moving(put(put(blank(2), RED, "A", 5), BLUE, "E", 2))


def babylon_prepares(state: MegaState, mode: str = "unchanged", actions=BABYLON_DRAFT):
    view = GAME.view(state, BLUE)
    plan = GAME.prepare(view, Actor(BLUE), actions, mode)  # type: ignore[arg-type]
    return plan, GAME.snapshot(view, plan.footprint)


def rome_moves(state: MegaState, *moves: Move) -> MegaState:
    for move in moves:
        state = act(state, RED, move).state
    return act(state, RED, Declare()).state


def test_M_O1_only_a_civilization_still_to_move_in_strict_order_prepares():
    state = in_order()
    assert GAME.preparable(state, RED) == ()
    assert GAME.preparable(state, BLUE) == ("move", "build", "maintain", "scrap", "sail", "declare")
    together = moving(put(put(blank(2, simultaneous=True), RED, "A", 5), BLUE, "E", 2))
    assert GAME.preparable(together, BLUE) == ()  # everyone moves at once: just move
    with pytest.raises(IllegalMove, match="There is nothing to prepare now"):
        GAME.prepare(together, Actor(BLUE), (Declare(),))


def test_M_O2_the_whole_draft_and_its_declaration_are_prepared_and_checked():
    plan, then = babylon_prepares(in_order())
    assert plan.actions == BABYLON_DRAFT
    assert plan.footprint.places == ("E", "F")
    assert then == {"place:E": (((BLUE, 2),), None, 0, (), False), "place:F": ((), None, 0, (), False)}
    with pytest.raises(IllegalMove) as refused:
        babylon_prepares(in_order(), actions=(Move("E", "F", 1), Move("E", "F", 2), Declare()))
    assert refused.value.message == "Step 2 (move tokens): You have 1 of 1 token in E free to move, not 2."


def test_M_O2_the_prepared_draft_is_played_when_nothing_it_depends_on_changed():
    state = in_order()
    plan, then = babylon_prepares(state)
    now = rome_moves(state, Move("A", "B", 2))
    ready = GAME.ready(now, plan, then)
    assert ready.actions == BABYLON_DRAFT and ready.reasons == ()
    for action in ready.actions:
        now = act(now, BLUE, action).state
    assert now.players[BLUE].tokens == {"F": 2} and not now.moving


def test_M_O2_a_secret_draft_stays_secret_and_its_declaration_stops_the_plan():
    """Rome's undeclared move into E is not in Babylon's view when it prepares; once declared, it
    is what changed."""
    state = act(in_order(), RED, Move("A", "E", 2)).state
    plan, then = babylon_prepares(state)
    assert then["place:E"] == (((BLUE, 2),), None, 0, (), False)
    now = act(state, RED, Declare()).state
    ready = GAME.ready(now, plan, then)
    assert ready.actions == () and ready.reasons == ("E now holds 2 Rome tokens (it held none)",)


def test_M_T1_if_legal_mode_plays_the_draft_although_an_area_changed():
    state = in_order()
    plan, then = babylon_prepares(state, "if legal")
    now = rome_moves(state, Move("A", "E", 1))
    assert GAME.ready(now, plan, then).actions == BABYLON_DRAFT


def test_M_O1_insist_keeps_its_meaning_the_insisting_player_sees_the_earlier_movers():
    """Everyone moving at once, Babylon insists on order: it now waits for Rome, may prepare, and
    (drafts open after an insist) prepares on Rome's moves as they stand."""
    state = moving(put(put(blank(2, simultaneous=True), RED, "A", 5), BLUE, "E", 2))
    state = act(state, BLUE, Insist()).state
    state = act(state, RED, Move("A", "E", 1)).state
    plan, then = babylon_prepares(state)
    assert then["place:E"] == (((RED, 1), (BLUE, 2)), None, 0, (), False)
    assert GAME.ready(act(state, RED, Declare()).state, plan, then).actions == BABYLON_DRAFT


def test_a_prepared_turn_stays_out_of_the_state_and_every_view():
    state = act(in_order(), RED, Move("A", "B", 1)).state
    before = GAME.encode_state(state)
    views = [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE)]
    babylon_prepares(state)
    assert GAME.encode_state(state) == before
    assert [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE)] == views
    assert all("Prepared" not in str(f.type) for f in dataclasses.fields(MegaState))
