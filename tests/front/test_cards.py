"""Turn cards' steps (`front.cards`): when a tap plays the action at once, and the way to set an
action's optional steps before it is played — pure, without Discord."""

from __future__ import annotations

from front.cards import HOLD, plays_now, step_view
from rules.options import Choice, Kind, Param, Step

END = Param("to", "Where does it end?")
MARCH = Param("march", "March?", "switch", required=False, default=False)
SAIL = Kind("sail", "Sail", (END, MARCH))


def _labels(step: Step, hold: bool = False) -> list[str]:
    return [getattr(getattr(item, "item", item), "label", "") for item in step_view(1, 2, 3, step, 0, hold).children]


def _ids(step: Step, hold: bool) -> list[str]:
    return [getattr(item, "item", item).custom_id or "" for item in step_view(1, 2, 3, step, 0, hold).children]


def test_a_tap_completing_an_action_plays_it_unless_the_game_asks_first():
    complete = Step(SAIL, ((END, Choice("A1", "A1")), (MARCH, None)), None)
    assert plays_now(complete, picked=False) and plays_now(complete, picked=True)
    assert not plays_now(Step(SAIL, complete.chosen, None, question="Sink 2 ships?"), picked=True)


def test_a_pick_leaving_only_optional_steps_plays_it_but_a_button_does_not():
    ready = Step(SAIL, ((END, Choice("A1", "A1")),), MARCH, (Choice(True, "March"),), (0,), picks=(0,), ready=True)
    assert plays_now(ready, picked=True) and not plays_now(ready, picked=False)  # a leave-out or Back: the menu
    asking = Step(SAIL, (), END, (Choice("A1", "A1"), Choice("B2", "B2")), (0, 1))
    assert not plays_now(asking, picked=True)


def test_a_menu_before_optional_steps_offers_to_set_them_and_then_keeps_confirm():
    asking = Step(SAIL, (), END, (Choice("A1", "A1"), Choice("B2", "B2")), (0, 1))
    assert HOLD in _labels(asking) and HOLD not in _labels(asking, hold=True)
    held = [i for i in _ids(asking, hold=True) if i.startswith(("waypost:pick:", "waypost:step:"))]
    assert held and all(i.endswith((":h", ":ho")) for i in held)  # its pick and paging keep holding
    no_options = Step(Kind("sail", "Sail", (END,)), (), END, asking.choices, asking.numbers)
    assert HOLD not in _labels(no_options)  # nothing optional ahead: nothing to hold for
