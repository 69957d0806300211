"""Ruling 4 of docs/skye.md (prices) with ruling 5 (buying): prices that would leave a player too
little gold to buy another player's tile ask for confirmation before they are sealed (issue 28 §5)."""

from __future__ import annotations

from rules.base import Actor
from rules.skye import GAME
from rules.skye.state import Held, with_player
from tests.rules.skye_fixtures import BLUE, RED, new_game


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


def test_ruling_4_a_turn_card_step_shows_the_question_beside_confirm():
    """The completed choice's step (as a turn card reaches it) carries the question."""
    state = new_game(3)
    view = GAME.view(state, RED)
    first = GAME.step(view, Actor(RED), "price", [0])  # axe the first tile; then the prices as one choice
    split = next(n for n, c in zip(first.numbers, first.choices) if c.label.startswith("L43 2 gold, L32 3 gold"))
    step = GAME.step(view, Actor(RED), "price", [0, split])
    assert step.param is None and step.values["prices"] == "2 3"  # L43 at 2 gold, L32 at 3
    assert step.question.startswith("Your prices take all your 5 gold")
    cheap = GAME.step(view, Actor(RED), "price", [0, 0])
    assert cheap.param is None and cheap.question == ""
