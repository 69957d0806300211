"""Isle of Skye's turn-card pictures (issue 28 §5) read at Discord's preview (550 px wide): the
drawn tiles while pricing, where a tile fits and how it turns while placing, named as the menus
name their choices (`render.skye.pickers`, `tests.render.legibility`)."""

from __future__ import annotations

from render.skye import compose, compose_picture
from rules.base import Actor, Posted
from rules.skye import GAME
from rules.skye.actions import Price
from rules.skye.state import SkyeState, with_player
from tests.games.skye import until
from tests.render.legibility import drawn, problems
from tests.rules.skye_fixtures import RED, axed_alone, new_game


def pictured(state: SkyeState, seat: int, kind: str, picks: list[int | None]):
    """The step a turn card reaches by `picks`, and its picture read at the preview: nothing wrong."""
    view = GAME.view(state, seat)
    step = GAME.step(view, Actor(seat), kind, picks)
    image, found = drawn(compose_picture, view, seat, step)
    assert not problems(image, found), problems(image, found)
    return step, image, {m.text for m in found}


def placing(players: int = 4, seed: int = 8) -> tuple[SkyeState, int]:
    """A game in its second round's placing, and a seat with a tile to place."""
    state, _ = until(players, seed, "place", late=False)
    seat = next(s for s in GAME.position(state).acting if state.players[s].to_place)
    return state, seat


def test_skye_pricing_picture_shows_the_drawn_tiles_then_the_axe_and_prices():
    """Before any choice, the three drawn tiles named (with 5 gold the menus ask the axe and the
    prices at once: the picture is what they are chosen on); once the axe and a price are chosen,
    the axed tile says so and the others carry their price as the menus number them."""
    state = new_game(3)
    hand = state.players[RED].hand
    step, _, texts = pictured(state, RED, "price", [])
    assert set(hand) <= texts and step.param is not None and step.param.name == "priced"
    step, _, texts = pictured(state, RED, "price", [step.numbers[[c.value for c in step.choices].index(
        f"{hand[0]} 2 1")]])
    assert step.param is None and {"axe: back to the bag", "price 1: 2 gold", "price 2: 1 gold"} <= texts
    state = with_player(state, RED, gold=7)  # 3 axes × 21 splits: the axe may be chosen alone
    step, _, texts = pictured(state, RED, "price", [axed_alone(state, RED)])  # the axe on the first
    assert step.values["priced"] == hand[0] and step.param is not None and step.param.name == "prices"
    assert {"axe: back to the bag", "price 1: ?", "price 2: ?"} <= texts
    rich = with_player(state, RED, gold=12)
    axe = axed_alone(rich, RED)
    firsts = GAME.step(GAME.view(rich, RED), Actor(RED), "price", [axe])
    two = firsts.numbers[[c.value for c in firsts.choices].index("2")]  # 2 gold on the first, the second apart
    step, _, texts = pictured(rich, RED, "price", [axe, two])
    assert step.values["prices"] == "2" and step.param is not None and step.param.name == "price2"
    assert {"axe: back to the bag", "price 1: 2 gold", "price 2: ?"} <= texts


def test_skye_position_picture_tags_every_position_the_menu_offers():
    """Each position offered (the menu's `x,y` values, or its tiles and positions as one choice) is
    tagged with that text on the territory."""
    state, seat = placing()
    step, _, texts = pictured(state, seat, "place", [])
    assert step.param is not None and step.param.name == "spot" and step.choices  # the tile and where, one pick
    assert {str(c.value).partition("@")[2] for c in step.choices} <= texts
    tiles = " or ".join(state.players[seat].to_place)  # two tiles here: the positions where either fits
    assert any(t.startswith(f"Where {tiles} can go:") for t in texts) and " or " in tiles


def test_skye_turn_picture_numbers_each_turn_the_menu_offers():
    """At a position with several turns, one drawing per turn, tagged with the menu's number."""
    state, seat = placing()
    view = GAME.view(state, seat)
    first = GAME.step(view, Actor(seat), "place", [])
    found = next(([n] for n in first.numbers
                  if len(GAME.step(view, Actor(seat), "place", [n]).choices) > 1), None)
    assert found is not None, "no position with several turns in this game"
    step, _, texts = pictured(state, seat, "place", found)
    assert step.param is not None and step.param.name == "rotation"
    assert {str(c.value) for c in step.choices} <= texts


def test_skye_own_posted_view_while_pricing_shows_the_drawn_tiles_and_sealed_prices():
    """The answer to `/skye price` (the pricer's own posted view) shows their drawn tiles with the
    prices and axe just sealed, read at the preview; nobody else's view shows them."""
    state = new_game(3)
    hand = state.players[RED].hand
    action = Price(hand[0], hand[1:], (2, 3))
    sealed = GAME.apply(state, Actor(RED), action).state
    image, found = drawn(compose, GAME.view(sealed, RED), RED, None, Posted(action, RED))
    assert not problems(image, found), problems(image, found)
    texts = {m.text for m in found}
    assert {f"{hand[0]}: axe", f"{hand[1]}: 2 gold", f"{hand[2]}: 3 gold"} <= texts
    for viewer in (None, 1):
        _, others = drawn(compose, GAME.view(sealed, viewer), viewer, None, Posted(action, RED))
        assert not any(m.text.startswith(tuple(hand)) for m in others)
