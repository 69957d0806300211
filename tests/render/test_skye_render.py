"""The Isle of Skye board image (the shared drawing modules are tested in test_shared.py)."""

from __future__ import annotations

import copy
import io
import json
import random
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from render import skye
from render.skye.colours import WATER
from render.skye.layout import WIDTH, image_height
from render.skye.static import static_layer
from render.skye.territory import slots
from rules.base import Actor
from rules.skye import GAME
from rules.skye.actions import Plan, Price
from rules.skye.state import JourneyPlan, Marker, Placed, with_player
from tests.rules.skye_fixtures import keen_action, new_game, random_action, tile, with_tiles

MEGABYTE = 1_000_000


def play_until(players: int, seed: int, until) -> object:
    """A game by keen scripted players, stopped when `until(state)` holds (or at its end)."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    while GAME.ending(state) is None and not until(state):
        seat, action = keen_action(rng, state) or random_action(rng, state)
        state = GAME.apply(state, Actor(seat), action).state
    return state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


@pytest.fixture(scope="module")
def late():
    """Four players in the last round's planning, Red having sealed a plan."""
    return play_until(4, 5, lambda s: s.round >= 6 and s.stage == "plan" and bool(s.players[0].fingerprint))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_table_size_draws_a_png_of_the_expected_size(players):
    for stage in ("price", "buy", "place", "plan"):
        state = play_until(players, players, lambda s, st=stage: s.round >= 2 and s.stage == st)
        for viewer in (None, 0):
            image = decode(skye.draw(GAME.view(state, viewer), viewer))
            assert image.size == (WIDTH, image_height(players))
    over = play_until(players, players, lambda s: False)
    assert GAME.ending(over) is not None
    assert decode(skye.draw(over, None)).size == (WIDTH, image_height(players))


def test_five_territories_late_in_the_game_stay_under_a_megabyte():
    state = play_until(5, 9, lambda s: s.round >= 5 and s.stage == "plan")
    png = skye.draw(GAME.view(state, None), None)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < MEGABYTE
    size = {round(slot.grid.size) for slot in slots(state, range(5), (12, 12, 928, 1100), 88).values()}
    assert len(size) == 1 and size.pop() >= 32  # one tile size for all, legible


def test_drawing_is_deterministic_and_a_decoded_state_reuses_the_static_layer(late):
    view = GAME.view(late, None)
    first = skye.draw(view, None)
    assert skye.draw(copy.deepcopy(view), None) == first
    again = GAME.decode_state(json.loads(json.dumps(GAME.encode_state(view))))
    assert static_layer(again.board, 4) is static_layer(view.board, 4)
    skye.clear_cache()
    assert skye.draw(again, None) == first


def test_what_a_player_sealed_changes_nothing_the_others_see(late):
    seat = next(s for s, p in enumerate(late.players) if not p.fingerprint)
    one = GAME.apply(late, Actor(seat), Plan(())).state
    two = GAME.apply(late, Actor(seat), Plan(("castle",))).state
    for viewer in (None, *(s for s in range(4) if s != seat)):
        assert skye.draw(GAME.view(one, viewer), viewer) == skye.draw(GAME.view(two, viewer), viewer)
    assert skye.draw(GAME.view(one, seat), seat) != skye.draw(GAME.view(two, seat), seat)  # their own board shows it


def test_sealed_prices_show_on_their_author_s_own_board_only():
    state = new_game(3, 4)
    hand = state.players[1].hand
    sealed = GAME.apply(state, Actor(1), Price(hand[0], hand[1:], (2, 3))).state
    other = GAME.apply(state, Actor(1), Price(hand[1], (hand[0], hand[2]), (1, 1))).state
    assert skye.draw(GAME.view(sealed, None), None) == skye.draw(GAME.view(other, None), None)
    assert skye.draw(GAME.view(sealed, 1), 1) != skye.draw(GAME.view(other, 1), 1)


def test_the_viewer_comes_first_and_framed(late):
    assert skye.order_for(late, None) == [0, 1, 2, 3]
    assert skye.order_for(late, 2) == [2, 3, 0, 1]
    public, mine = decode(skye.draw(GAME.view(late, None), None)), decode(skye.draw(GAME.view(late, 2), 2))
    assert ImageChops.difference(public, mine).getbbox() is not None
    placed = slots(late, skye.order_for(late, 2), (12, 12, 928, 1100), 88)
    first = min(placed, key=lambda s: (placed[s].box[1], placed[s].box[0]))
    assert first == 2


def test_focus_draws_one_territory_larger(late):
    view = GAME.view(late, None)
    whole, focused = skye.draw(view, None), skye.draw(view, None, "blue")
    assert whole != focused
    assert skye.draw(view, None, "nobody") == whole  # an unknown focus draws the whole board
    big = slots(view, [1], (12, 12, 928, 1100), 112)[1].grid.size
    small = slots(view, [0, 1, 2, 3], (12, 12, 928, 1100), 88)[1].grid.size
    assert big > small


def test_north_is_up_and_a_turned_tile_shows_its_water_where_the_game_says():
    made = with_tiles([tile("TW", zones="W:n P:esw")])
    state = GAME.setup(made, list(new_game(2).seats), {}, 7)
    turned = with_player(state, 0, territory=(*state.players[0].territory, Placed("TW", 0, 1, 1)))
    image = skye.compose(turned, None)
    grid = slots(turned, [0, 1], (12, 12, 928, image_height(2) - 248), 88)[0].grid
    castle, above = grid.box((0, 0)), grid.box((0, -1))  # image cells: the game's (0, 1) is drawn above
    assert above[3] == castle[1]
    s, (left, top, right, _bottom) = grid.size, above
    east = _most(image, (right - s * 0.14, top + s * 0.25, right - s * 0.04, top + s * 0.4))
    north = _most(image, (left + s * 0.25, top + s * 0.04, left + s * 0.4, top + s * 0.14))
    assert _near(east, WATER.fill) and not _near(north, WATER.fill)


def test_the_last_walk_and_a_sealed_plan_are_drawn():
    state = play_until(3, 6, lambda s: s.round >= 3 and s.stage == "plan")
    assert state.walks and any(len(w.path) > 1 for w in state.walks)
    no_walks = replace(state, walks=())
    assert skye.draw(GAME.view(state, None), None) != skye.draw(GAME.view(no_walks, None), None)
    planned = with_player(state, 0, plan=JourneyPlan((Marker(0, 0, "warrior"),)), fingerprint="abcd1234")
    assert skye.draw(GAME.view(planned, 0), 0) != skye.draw(GAME.view(state, 0), 0)


def _most(image: Image.Image, box: tuple[float, ...]) -> tuple[int, ...]:
    """The commonest colour in a box of the image."""
    part = image.crop(tuple(round(v) for v in box))
    return max(part.getcolors(4096), key=lambda c: c[0])[1]


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], by: int = 40) -> bool:
    return all(abs(a - b) <= by for a, b in zip(pixel, colour))


def test_the_drawing_benchmark_runs_and_prints_its_figures():
    from benchmarks import skye_render

    figures = skye_render.run(quick=True)
    assert [f.unit for f in figures[:3]] == ["ms", "ms", "KB"] and figures[1].target == 60
    posted = [f for f in figures if "posted view" in f.name]
    assert posted[0].name.endswith("posted view, median") and posted[0].target == 30  # issue 21
    assert any("WebP" in f.name and f.unit == "KB" for f in posted)
