"""Prepared turns in Isle of Skye (issue 30): a buy (phase 4) or a pass prepared by a player still
to buy; "this tile if still there, else pass"."""

from __future__ import annotations

import dataclasses

import pytest

from rules.base import Actor
from rules.errors import IllegalMove
from rules.skye import GAME
from rules.skye.actions import Buy, Choose
from rules.skye.state import Offer, SkyeState, with_player
from tests.rules.skye_fixtures import BLUE, RED, YELLOW, act
from tests.rules.test_skye_round import buying


def market() -> SkyeState:
    """Red, then Blue, then Yellow to buy: Blue offers B1 for 3, Red SCR for 1, Yellow B2 for 2;
    everyone has 5 gold."""
    state = buying([Offer("B1", BLUE, 3), Offer("SCR", RED, 1), Offer("B2", YELLOW, 2)], (RED, BLUE, YELLOW))
    for seat in (RED, BLUE, YELLOW):
        state = with_player(state, seat, gold=5)
    return state


def yellow_prepares(state: SkyeState, else_pass: bool = False):
    view = GAME.view(state, YELLOW)
    plan = GAME.prepare(view, Actor(YELLOW), (Buy("b1"),), else_pass=else_pass)
    return plan, GAME.snapshot(view, plan.footprint)


def test_a_prepared_buy_depends_on_the_tile_offered_and_its_price():
    plan, then = yellow_prepares(market())
    assert plan.footprint.others == ("B1",) and then == {"offer:B1": (BLUE, 3)}
    assert GAME.preparable(market(), RED) == () and GAME.preparable(market(), YELLOW) == ("buy",)


def test_a_prepared_buy_is_refused_now_with_the_usual_reason():
    state = market()
    with pytest.raises(IllegalMove, match="You cannot buy your own tile"):
        GAME.prepare(state, Actor(YELLOW), (Buy("B2"),))
    with pytest.raises(IllegalMove) as refused:
        GAME.prepare(with_player(state, YELLOW, gold=2), Actor(YELLOW), (Buy("B1"),))
    assert refused.value.message == "B1 costs 3 gold but you have only 2."


def test_a_prepared_buy_is_played_when_the_tile_is_still_offered():
    state = market()
    plan, then = yellow_prepares(state)
    now = act(act(state, RED, Buy("")).state, BLUE, Buy("")).state
    ready = GAME.ready(now, plan, then)
    assert ready.actions == (Buy("b1"),) and ready.reasons == ()
    assert act(now, YELLOW, ready.actions[0]).state.players[YELLOW].to_place == ("B1",)


def bought_by_red(state: SkyeState) -> SkyeState:
    """Red buys B1; Blue, its seller, declines the Warrior advance (J-T9), then passes."""
    state = act(state, RED, Buy("B1")).state
    state = act(state, BLUE, Choose("none")).state
    return act(state, BLUE, Buy("")).state


def test_a_prepared_buy_is_not_played_when_the_tile_was_bought():
    state = market()
    plan, then = yellow_prepares(state)
    ready = GAME.ready(bought_by_red(state), plan, then)
    assert ready.actions == () and ready.reasons == ("B1 is no longer offered: Red bought it",)


def test_this_tile_if_still_there_else_pass():
    """With `else_pass` the buy falls back to a pass when the tile was bought, saying why."""
    state = market()
    plan, then = yellow_prepares(state, else_pass=True)
    now = bought_by_red(state)
    ready = GAME.ready(now, plan, then)
    assert ready.actions == (Buy(""),) and ready.reasons == ("B1 is no longer offered: Red bought it",)
    assert "Yellow passes" in act(now, YELLOW, ready.actions[0]).summary
    assert GAME.ready(act(act(state, RED, Buy("")).state, BLUE, Buy("")).state, plan, then).actions == (Buy("b1"),)


def test_a_buy_is_prepared_while_a_seller_answers_their_warrior_advance():
    """Another seat's open question does not hold the preparing seat, whose turn comes after it."""
    state = act(market(), RED, Buy("B1")).state
    plan = GAME.prepare(GAME.view(state, YELLOW), Actor(YELLOW), (Buy(""),))
    assert plan.actions == (Buy(""),) and plan.footprint.others == ()


def test_a_prepared_turn_stays_out_of_the_state_and_every_view():
    state = market()
    before = GAME.encode_state(state)
    views = [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE, YELLOW)]
    yellow_prepares(state, else_pass=True)
    assert GAME.encode_state(state) == before
    assert [GAME.encode_state(GAME.view(state, s)) for s in (None, RED, BLUE, YELLOW)] == views
    assert all("Prepared" not in str(f.type) for f in dataclasses.fields(SkyeState))


def test_a_prepared_buy_is_not_played_when_the_tile_s_price_changed():
    """The table changed B1's price (an adjustment): the player reads the new price and the old."""
    state = market()
    plan, then = yellow_prepares(state)
    now = act(act(state, RED, Buy("")).state, BLUE, Buy("")).state
    now = dataclasses.replace(now, offers=tuple(dataclasses.replace(o, price=4) if o.tile == "B1" else o
                                                for o in now.offers))
    ready = GAME.ready(now, plan, then)
    assert ready.actions == () and ready.reasons == ("B1 is now offered at 4 gold (it was 3)",)
