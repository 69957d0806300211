"""Reading what Vikings players type (`rules.vikings.notation`) through `GAME.build` (issue 27)."""

from __future__ import annotations

import pytest

from rules.base import Actor
from rules.errors import Ambiguous, BadInput
from rules.vikings import GAME
from rules.vikings.actions import Adjust, Sail

from .vikings_fixtures import RED, in_play, put


def build(kind: str, **values: object) -> object:
    state = in_play()
    state = put(state, RED, 1, "B1")
    return GAME.build(state, Actor(RED), kind, values)


@pytest.mark.parametrize(("kind", "values"), [
    ("sail", {"boat": 1, "route": "F3 B", "strength": 2}),
    ("sail", {"boat": 1, "route": "b", "strength": 2}),
    ("adjust", {"what": "boat", "boat": 1, "space": "bjorn isle"}),
    ("adjust", {"what": "boat", "boat": 1, "space": "B"}),
    ("place", {"dock": "B"}),
])
def test_V_S2_an_island_named_as_a_space_is_refused_with_its_docks(kind, values):
    """V-S2: no island spaces. An island typed where a space goes (by name or title) is not
    ambiguous between its docks: boats never go onto it, only to its docks, which are named."""
    with pytest.raises(BadInput) as refused:
        build(kind, **values)
    assert not isinstance(refused.value, Ambiguous)
    assert refused.value.message == "Boats never go onto island Bjorn Isle (B), only to its docks: B1, B2."


def test_V_S2_docks_and_fjords_are_still_read_in_any_case():
    assert build("sail", boat=1, route="f2 f3", strength=2) == Sail(1, ("F2", "F3"), 2)
    assert build("adjust", what="boat", boat=1, space="a2") == Adjust("boat", boat=1, space="A2")


def test_V_S5_a_sail_that_deploys_or_raids_is_never_told_to_stay():
    """V-S5: docking effects need a sail that moved, so 'stay' is suggested only to a sail that
    neither deploys nor raids; the others are told they must move, and how to come back."""
    with pytest.raises(BadInput) as plain:
        build("sail", boat=1, route="B1", strength=2)
    assert plain.value.message == ("Boat 1 is already at B1: give 'stay' to sail without moving, or the whole way "
                                   "out and back (like 'F2 B1').")
    for docking in ({"settlers": 1}, {"raid": True}, {"settlers": 2, "raid": True}):
        with pytest.raises(BadInput) as refused:
            build("sail", boat=1, route="B1", strength=2, **docking)
        assert refused.value.message == ("Boat 1 is already at B1. Deploying and raiding need a sail that moves at "
                                         "least once: give the whole way out and back (like 'F2 B1').")
        with pytest.raises(BadInput) as empty:
            build("sail", boat=1, route=",", strength=2, **docking)
        assert "stay" not in empty.value.message
