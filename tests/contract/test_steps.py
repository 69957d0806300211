"""Fewer taps, the contract's part (issue 28): a step with one possible answer is not asked, an
optional step says what leaving it out means, a choice whose other steps are optional may be played
as it is, and a ping's buttons are the phase's actions open to that player, its main one first."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from functools import partial
from typing import Any

import pytest

from rules.base import Actor, Game, Seat
from rules.errors import BadInput
from rules.options import MENU, Choice, Kept, Param, joint
from tests.contract.test_contract import _setup, boards
from tests.support import tally
from tests.support.random_play import Player, play
from waypost.i18n import translate


def _tally(max_add: int) -> object:
    seats = [Seat(1, "ann", "red"), Seat(2, "bo", "blue")]
    board = tally.GAME.load_board({"name": "t", "title": "T", "target": 20, "min_players": 2, "max_players": 4}, "t")
    return tally.GAME.setup(board, seats, {"max_add": max_add}, 1)


def test_a_required_step_with_one_legal_value_is_chosen_without_asking():
    state = _tally(1)
    step = tally.GAME.step(state, Actor(0), "add", [])
    assert step.param is None and step.picks == ()  # nothing asked: straight to Confirm
    assert [(p.name, c.label if c else None) for p, c in step.chosen] == [("amount", "+1")]  # shown, all the same
    assert step.values == {"amount": 1}


def test_a_step_with_several_values_is_still_asked():
    step = tally.GAME.step(_tally(3), Actor(0), "add", [])
    assert step.param is not None and step.param.name == "amount" and len(step.choices) == 3


def test_a_pick_not_offered_is_refused_with_the_question_as_the_game_asks_it():
    """A menu's pick out of range names the step's question as it is (a catalog message, said in the
    reader's language), not lower-cased English inside the translated refusal (issue 29)."""
    state = _tally(3)
    asked = tally.GAME.step(state, Actor(0), "add", []).param
    with pytest.raises(BadInput) as refused:
        tally.GAME.step(state, Actor(0), "add", [7])
    assert asked is not None and refused.value.message.params["question"] is asked.ask
    assert translate(refused.value.message, "de") == f"Das ist keine der angebotenen Möglichkeiten: {asked.ask}"


def test_leaving_out_says_what_it_means():
    assert Param("raid", "Raid the village?", "switch", required=False, default=False).omitted() == \
        "Don't raid the village"
    assert Param("march", "March (+1 movement point)?", "switch", required=False).omitted() == "Don't march"
    assert Param("settlers", "Deploy how many settlers?", "number", required=False, default=0).omitted() == \
        "No settlers"
    assert Param("pay", "How to pay?", required=False, default="treasury",
                 fixed=(Choice("treasury", "from your treasury"), Choice("tokens", "tokens"))).omitted() == \
        "From your treasury"
    assert Param("units", "Which of its units move (all by default)?", required=False).omitted() == "All"
    assert Param("tokens_from", "From which areas?", required=False,
                 describe="For tokens (default: all from the ship's area)").omitted() == "All from the ship's area"
    assert Param("via", "Through which area?", required=False).omitted() == "Leave out"  # nothing says what it means


def test_the_picks_of_a_step_lead_back_to_it_and_ready_steps_leave_only_optional_ones(games):
    """Every step reached by picking at random, in random play of every game, is reached again from
    the picks it returns (what Back and every menu rely on, steps chosen without asking included);
    when it is `ready`, only optional parameters are left and the game asks no confirmation."""
    unasked: list[str] = []
    for key, board, players in boards(games)[::2]:
        rules = games[key].rules
        play(Player(rules, watch=partial(_picked, rules, random.Random(key), unasked)),
             partial(_setup, games[key], board, players, 1), random.Random(key), 12)
    assert unasked  # steps chosen without asking were met, and replayed


def _picked(rules: Game[Any], rng: random.Random, unasked: list[str], state: Any) -> None:
    for awaiting in rules.awaiting(state)[:2]:
        view, actor = rules.view(state, awaiting.seat), Actor(awaiting.seat)
        kinds = rules.kinds(view, actor)
        if awaiting.kind == "decision" or not kinds:
            continue
        kind = rng.choice(kinds).kind
        step = rules.step(view, actor, kind, [])
        for _ in range(8):
            again = rules.step(view, actor, kind, list(step.picks))
            assert (again.param, again.values) == (step.param, step.values), (rules.key, kind)
            if len(step.chosen) > len(step.picks):
                unasked.append(f"{rules.key} {kind}")
            if step.ready:
                left = rules.params_now(view, actor, kind, step.values)
                assert not any(p.required for p in left if p.name not in step.values), (rules.key, kind)
                assert not rules.confirmation(view, actor, kind)
            if step.param is None or not step.numbers:
                break
            step = rules.step(view, actor, kind, [*step.picks, rng.choice(step.numbers)])


def test_every_way_of_setting_the_optional_steps_in_one_pick_is_accepted(games):
    """Issue 28's options in one pick (`Game.completions`, the card's menu of them): in random play of
    every game, once random picks make an action ready, each way offered of setting its optional
    steps left is an action the rules accept, the defaults kept first, no two alike, at most a
    menu's; so nothing that menu offers is refused."""
    met: Counter[str] = Counter()
    for key, board, players in boards(games)[::2]:
        rules = games[key].rules
        play(Player(rules, watch=partial(_ways, rules, random.Random(key), met)),
             partial(_setup, games[key], board, players, 3), random.Random(key), 30)
    assert len(met) >= 3, met  # menus of options met in most games


def _ways(rules: Game[Any], rng: random.Random, met: Counter[str], state: Any) -> None:
    for awaiting in rules.awaiting(state)[:2]:
        view, actor = rules.view(state, awaiting.seat), Actor(awaiting.seat)
        kinds = [k for k in rules.kinds(view, actor) if any(not p.required for p in k.params)]
        if awaiting.kind == "decision" or not kinds:
            continue
        kind = rng.choice(kinds).kind
        step = rules.step(view, actor, kind, [])
        while step.param is not None and not step.ready and step.numbers:
            step = rules.step(view, actor, kind, [*step.picks, rng.choice(step.numbers)])
        ways = rules.completions(view, actor, kind, step.picks) if step.ready and step.param is not None else None
        if not ways:
            continue
        met[rules.key] += 1
        added = [w.picks[len(step.picks):] for w in ways]
        assert all(p is None for p in added[0]) and len(set(added)) == len(added) <= MENU, (rules.key, kind, added)
        for way in ways:
            assert way.param is None and rules.accepts(view, actor, rules.build(view, actor, kind, way.values)), \
                (rules.key, kind, way.values)


def test_a_pings_actions_are_open_to_its_player_the_main_one_first(games):
    """In random play of every game, what a ping offers an awaited player (`usual`) is open to them
    (`kinds` on their view): the phase's actions in its order, at most four, keeping its last (Mega
    Civilization's declare)."""
    for key, board, players in boards(games):
        seen: list[list[str]] = []
        rules = games[key].rules
        play(Player(rules, watch=partial(_offered, rules, seen)), partial(_setup, games[key], board, players, 2),
             random.Random(key), 25)
        assert seen, key


def _offered(rules: Game[Any], seen: list[list[str]], state: Any) -> None:
    for awaiting in rules.awaiting(state):
        if awaiting.kind == "decision":
            continue
        view, actor = rules.view(state, awaiting.seat), Actor(awaiting.seat)
        offered = [kind for kind, _ in rules.usual(view, actor)]
        open_ = [k.kind for k in rules.kinds(view, actor)]
        phase = [k for k in rules.flow.phase(rules.position(state).phase).actions if k in open_]
        assert offered == (phase if len(phase) <= 4 else [*phase[:3], phase[-1]]), (rules.key, offered, phase)
        seen.append(offered)


def test_a_joint_choice_takes_the_place_of_the_first_part_and_answers_are_kept_per_state():
    """Issue 28's joint choices (`rules.options.joint`, `Kept`): the joint parameter stands where the
    first of its parts stood; an answer worked out for one state (while another thread asks about
    another) is never read for the other."""
    params = (Param("axe", "Axe?"), Param("price1", "1?"), Param("price2", "2?"), Param("note", "?", required=False))
    joined = joint(params, Param("prices", "Prices?"), ("price1", "price2"))
    assert [p.name for p in joined] == ["axe", "prices", "note"]
    assert joint(params, Param("prices", "Prices?"), ("price1", "price2")) is joined  # made once
    kept, first, second = Kept(), object(), object()
    asked = kept.get(first, "fits", lambda: kept.get(second, "fits", lambda: "second's") and "first's")
    assert asked == "first's" and kept.get(second, "fits", lambda: "asked again") == "second's"


def test_a_game_sent_to_a_drawing_process_leaves_the_position_it_keeps_behind():
    """`Game.positioned` keeps the last state it was asked about; a game pickled for a drawing
    process (a described board) must not carry that state along with every board."""
    state = _tally(3)
    tally.GAME.kinds(state, Actor(0))  # permits: the position of `state` kept
    sent = pickle.loads(pickle.dumps(tally.GAME))
    assert "_positioned" not in sent.__dict__ and len(pickle.dumps(tally.GAME)) < 200
    assert sent.kinds(state, Actor(0)) == tally.GAME.kinds(state, Actor(0))
