"""Ruling 4 of docs/skye.md (prices) with ruling 5 (buying): prices that would leave a player too
little gold to buy another player's tile ask for confirmation before they are sealed (issue 28 §5)."""

from __future__ import annotations

from rules.base import Actor
from rules.skye import GAME
from rules.skye.state import Held, with_player
from tests.rules.skye_fixtures import BLUE, RED, axed_alone, new_game


def asked(state, prices: tuple[int, int], seat: int = RED) -> str:
    """The question a turn card asks before sealing `prices` on the seat's two tiles without the axe."""
    hand = state.players[seat].hand
    view = GAME.view(state, seat)
    return GAME.confirmation(view, Actor(seat), "price", {"axe": hand[0], "price1": prices[0], "price2": prices[1]})


def test_ruling_4_prices_taking_all_the_gold_ask_first():
    """5 gold, prices 2 + 3: nothing left to buy with; the question says so plainly."""
    state = new_game(3)
    assert state.players[RED].gold == 5
    question = asked(state, (2, 3))
    assert question == ("Your prices take all your 5 gold: you will have none left to buy another player's tile "
                        "this round (unless another player buys one of yours first). Seal them anyway?")


def test_ruling_4_gold_left_below_the_lowest_price_asks_too():
    """min_price 2: 1 gold left cannot pay for any tile priced by the rules."""
    state = new_game(3, min_price=2)
    question = asked(state, (2, 2))
    assert "the 1 gold left cannot pay for another player's tile (each costs at least 2 gold)" in question


def test_ruling_4_prices_leaving_enough_gold_ask_nothing():
    state = new_game(3)
    assert asked(state, (1, 3)) == ""
    assert asked(state, (1, 1)) == ""


def test_ruling_5_no_question_when_pricing_is_not_what_stops_buying():
    """Bank Pays buys regardless of gold; a player with no gold to start with, or facing nobody with
    tiles to offer, is not asked either."""
    state = new_game(3)
    banked = with_player(state, RED, taken=("bank_pays",), held=(Held("bank_pays", 0),))
    assert asked(banked, (2, 3)) == ""
    poor = with_player(state, BLUE, gold=0)
    assert asked(poor, (0, 0), BLUE) == ""
    alone = state
    for seat in (1, 2):
        alone = with_player(alone, seat, hand=())
    assert asked(alone, (2, 3)) == ""


def test_ruling_4_a_menu_split_says_it_and_its_pick_is_the_answer():
    """Ruling 26: in the menu, a split taking all the gold says so ("— no gold left to buy"), and
    picking it seals it with no question after; a split leaving enough says nothing of it."""
    state = new_game(3)
    view = GAME.view(state, RED)
    first = GAME.step(view, Actor(RED), "price", [])  # the axe and the prices, one choice
    labels = {c.value: c.label for c in first.choices}
    hand = state.players[RED].hand
    assert labels[f"{hand[0]} 2 3"].endswith("(0 of your 5 gold left) — no gold left to buy")
    assert labels[f"{hand[0]} 1 3"].endswith("(1 of your 5 gold left)")
    split = next(n for n, c in zip(first.numbers, first.choices) if c.value == f"{hand[0]} 2 3")
    step = GAME.step(view, Actor(RED), "price", [split])
    assert step.param is None and step.values["priced"] == f"{hand[0]} 2 3" and step.question == ""


def test_ruling_4_prices_given_apart_ask_beside_confirm():
    """12 gold: past a menu, the first tile's price, then the other's: 7 + 5 take all the gold, and
    the completed choice's step (as a turn card reaches it) carries the question."""
    state = with_player(new_game(3), RED, gold=12)
    view = GAME.view(state, RED)
    axe = axed_alone(state, RED)  # axe the first tile alone; the prices past a menu
    first = GAME.step(view, Actor(RED), "price", [axe])
    seven = next(n for n, c in zip(first.numbers, first.choices) if c.value == "7")
    then = GAME.step(view, Actor(RED), "price", [axe, seven])
    five = next(n for n, c in zip(then.numbers, then.choices) if c.value == 5)
    step = GAME.step(view, Actor(RED), "price", [axe, seven, five])
    assert step.param is None and step.question.startswith("Your prices take all your 12 gold")
    cheap = GAME.step(view, Actor(RED), "price", [axe, seven, 0])
    assert cheap.param is None and cheap.question == ""
