"""Turn cards' steps (`front.cards`): when a tap plays the action at once, and the way to set an
action's optional steps before it is played — pure, without Discord."""

from __future__ import annotations

import discord

from front.cards import HOLD, options_text, options_view, plays_now, step_view
from rules.options import Choice, Kind, Param, Step

END = Param("to", "Where does it end?")
MARCH = Param("march", "March?", "switch", required=False, default=False)
SAIL = Kind("sail", "Sail", (END, MARCH))


def _labels(step: Step, hold: bool = False, page: int = 0) -> list[str]:
    return [getattr(getattr(item, "item", item), "label", "") for item in step_view(1, 2, 3, step, page, hold).children]


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


def _menus(step: Step, hold: bool = False) -> list[tuple[str, list[str]]]:
    """Each select's placeholder and option labels."""
    return [(select.placeholder or "", [o.label for o in select.options])
            for item in step_view(1, 2, 3, step, 0, hold).children
            if isinstance(select := getattr(item, "item", item), discord.ui.Select)]


def test_a_menu_before_optional_steps_has_the_same_choices_beside_it_going_on_to_them():
    asking = Step(SAIL, (), END, (Choice("A1", "A1"), Choice("B2", "B2")), (0, 1))
    assert _menus(asking) == [("Choose…", ["A1", "B2"]), (HOLD, ["A1", "B2"])]  # no tap of its own
    assert _menus(asking, hold=True) == [(HOLD, ["A1", "B2"])]
    held = [i for i in _ids(asking, hold=True) if i.startswith(("waypost:pick:", "waypost:step:"))]
    assert held and all(i.endswith((":h", ":ho")) for i in held)  # its pick and paging keep holding
    assert "Set its options too" not in _labels(asking)
    no_options = Step(Kind("sail", "Sail", (END,)), (), END, asking.choices, asking.numbers)
    assert [p for p, _ in _menus(no_options)] == ["Choose…"]  # nothing optional ahead: nothing to go on to


def test_the_ways_of_setting_the_options_are_one_menu_saying_once_what_all_set_alike():
    """Issue 28: every way of setting the optional steps left is one menu whose value is the picks it
    adds; what every way sets alike is said once in the text, each label says only what differs."""
    settlers = Param("settlers", "Deploy how many settlers?", "number", required=False, default=0)
    kind = Kind("sail", "Sail", (END, MARCH, settlers))
    at = ((END, Choice("A1", "A1")),)
    step = Step(kind, at, MARCH, (Choice(True, "march"),), (0,), picks=(0,), ready=True)
    ways = [Step(kind, (*at, (MARCH, m), (settlers, None)), None, picks=(0, p, None))
            for m, p in ((None, None), (Choice(True, "march"), 0))]
    select = next(getattr(i, "item", i) for i in options_view(1, 2, 3, step, ways).children
                  if isinstance(getattr(i, "item", i), discord.ui.Select))
    assert select.custom_id == "waypost:opts:1:3:sail:0"
    assert [(o.value, o.label) for o in select.options] == [("-.-", "Don't march"), ("0.-", "march")]
    text = options_text(step, ways)
    assert "• Deploy how many settlers? No settlers" in text and "all in one choice:** March?" in text


def test_a_step_shows_two_menus_of_its_choices_at_once_within_discords_five_rows():
    """Issue 28: a step's choices past one menu (25) are shown in two at once, each saying which of
    them it holds, so a joint choice of up to 50 is one pick; with the same two going on to the
    optional steps, Back and paging, the card still fits Discord's five rows."""
    choices = tuple(Choice(f"E{n}", f"E{n}") for n in range(60))
    asking = Step(SAIL, ((END, Choice("A1", "A1")),), END, choices, tuple(range(60)), picks=(0,))
    assert [(p, len(labels)) for p, labels in _menus(asking)] == [
        ("Choose… (1–25)", 25), ("Choose… (26–50)", 25), (f"{HOLD} (1–25)", 25), (f"{HOLD} (26–50)", 25)]
    for view in (step_view(1, 2, 3, asking, 0), step_view(1, 2, 3, asking, 1), step_view(1, 2, 3, asking, 0, True)):
        ids = [getattr(i, "item", i).custom_id for i in view.children]
        assert len(set(ids)) == len(ids) and len(view.to_components()) <= 5  # one id each; Discord's rows
    assert "Earlier choices" in _labels(asking, page=1) and "More choices" in _labels(asking)


def test_ways_that_read_alike_are_said_whole_never_as_an_empty_label():
    """Two ways whose answers read the same (a value that reads as its default) keep their whole
    labels: Discord refuses an empty one."""
    kind = Kind("sail", "Sail", (END, MARCH))
    at = ((END, Choice("A1", "A1")),)
    step = Step(kind, at, MARCH, (Choice(False, "Don't march"),), (0,), picks=(0,), ready=True)
    ways = [Step(kind, (*at, (MARCH, c)), None, picks=(0, p))
            for c, p in ((None, None), (Choice(False, "Don't march"), 0))]
    select = next(getattr(i, "item", i) for i in options_view(1, 2, 3, step, ways).children
                  if isinstance(getattr(i, "item", i), discord.ui.Select))
    assert [o.label for o in select.options] == ["Don't march", "Don't march"]
