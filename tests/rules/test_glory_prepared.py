"""Prepared turns in Glory of Civilizations (issue 30): the next maneuver (G-M1–G-M9) and the end
of the turn, or a pass, prepared while another player is on turn."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules.base import Actor
from rules.errors import IllegalMove
from rules.glory import GAME
from rules.glory.actions import Adjust, EndTurn, Maneuver, Pass
from rules.glory.state import GloryState
from tests.rules.glory_fixtures import BLUE, RED, act, at, put, scenario, units
from waypost.i18n import translate

BLUE_MOVES = (Maneuver(army=at(3, 0), to=at(1, 0)), EndTurn())


def waiting() -> GloryState:
    """Red on turn with a swordsman at (0, 0); Blue's two cavalrymen at (3, 0)."""
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, BLUE, at(3, 0), cavalryman=2)
    return state


def blue_prepares(state: GloryState, mode: str = "unchanged", actions=BLUE_MOVES):
    view = GAME.view(state, BLUE)
    plan = GAME.prepare(view, Actor(BLUE), actions, mode)  # type: ignore[arg-type]
    return plan, GAME.snapshot(view, plan.footprint)


def test_G_M1_a_prepared_maneuver_depends_on_its_path_and_its_army():
    """Without a path given, the cheapest route's hexes; the army maneuvering."""
    plan, then = blue_prepares(waiting())
    assert plan.footprint.places == (at(3, 0), at(2, 0), at(1, 0))
    assert plan.footprint.pieces == (f"{BLUE}@{at(3, 0)}",)
    assert then[f"piece:{BLUE}@{at(3, 0)}"] == ((("cavalryman", 2),), (), 0)
    assert GAME.preparable(waiting(), RED) == () and GAME.preparable(waiting(), BLUE) == ("maneuver", "pass", "end")


def test_G_M1_a_prepared_maneuver_is_refused_now_with_the_usual_reason():
    state = waiting()
    state = put(state, BLUE, at(3, 0), cubes=1, cavalryman=2)
    with pytest.raises(IllegalMove, match="depleted: it cannot maneuver again this round"):
        blue_prepares(state)
    passed = act(act(waiting(), RED, EndTurn()).state, BLUE, Pass()).state
    with pytest.raises(IllegalMove, match="There is nothing to prepare now"):
        GAME.prepare(passed, Actor(BLUE), (Pass(),))


def test_G_M1_played_when_nothing_it_depends_on_changed():
    """The table stores the snapshot as JSON: read back, it compares the same."""
    state = waiting()
    plan, then = blue_prepares(state)
    now = act(act(state, RED, Maneuver(army=at(0, 0), to=at(-1, 0))).state, RED, EndTurn()).state
    ready = GAME.ready(now, plan, json.loads(json.dumps(then)))
    assert ready.actions == BLUE_MOVES and ready.reasons == ()
    for action in ready.actions:
        now = act(now, BLUE, action).state
    assert units(now, BLUE, at(1, 0)) == {"cavalryman": 2}


def test_G_M3_not_played_when_an_army_moved_onto_its_path():
    state = waiting()
    plan, then = blue_prepares(state)
    now = act(act(state, RED, Maneuver(army=at(0, 0), to=at(1, 0))).state, RED, EndTurn()).state
    ready = GAME.ready(now, plan, then)
    assert ready.actions == () and ready.reasons == (f"Red's army moved into {at(1, 0)} on your path",)
    assert translate(ready.reasons[0], "pl") == f"Armia gracza Czerwony weszła na {at(1, 0)} na twojej drodze"


def table_keeps_a_battle(state: GloryState) -> GloryState:
    """The host (Red) adjusts Blue's army after a battle kept by the table: one cavalryman lost."""
    state = act(state, RED, Adjust("units", value=1, seat=BLUE, hex=at(3, 0), unit="cavalryman"), host=True).state
    return act(state, RED, EndTurn()).state


def test_G_M5_not_played_when_its_army_changed():
    state = waiting()
    plan, then = blue_prepares(state)
    ready = GAME.ready(table_keeps_a_battle(state), plan, then)
    assert ready.actions == ()
    assert ready.reasons == (f"Blue's army at {at(3, 0)} changed: now 1 cavalryman",)  # said once


def test_G_M5_if_legal_mode_plays_it_although_its_army_changed():
    state = waiting()
    plan, then = blue_prepares(state, "if legal")
    now = table_keeps_a_battle(state)
    assert GAME.ready(now, plan, then).actions == BLUE_MOVES
    assert units(act(now, BLUE, BLUE_MOVES[0]).state, BLUE, at(1, 0)) == {"cavalryman": 1}


def test_a_prepared_pass_depends_on_nothing_and_is_played():
    state = waiting()
    plan, then = blue_prepares(state, actions=(Pass(),))
    assert then == {}
    now = act(act(state, RED, Maneuver(army=at(0, 0), to=at(1, 0))).state, RED, EndTurn()).state
    assert GAME.ready(now, plan, then).actions == (Pass(),)


def test_a_prepared_turn_stays_out_of_the_state_and_every_view():
    state = waiting()
    before = GAME.encode_state(state)
    views = [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE)]
    blue_prepares(state)
    assert GAME.encode_state(state) == before
    assert [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE)] == views
    assert all("Prepared" not in str(f.type) for f in dataclasses.fields(GloryState))
