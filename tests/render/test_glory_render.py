"""The Glory of Civilizations board image (the shared drawing modules are tested in test_shared.py)."""

from __future__ import annotations

import io
import pickle
import random

import pytest
from PIL import Image, ImageChops

from render import glory
from render.glory import posted as glory_posted
from render.glory.layout import MAP_W, WIDTH
from render.glory.static import static_layer
from render.palette import player_style
from rules.base import Actor, Posted, Seat
from rules.glory import GAME, queries
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver, Pass
from rules.glory.state import GloryState
from tests.rules.glory_fixtures import board

SEATS = (Seat(1, "Astrid", "red"), Seat(2, "Bjørn the Bold", "blue"), Seat(3, "Yrsa", "yellow"),
         Seat(4, "Gudrun", "green"))
HOST = Actor(0, host=True)


def fresh(name: str = "five-kingdoms", players: int = 3, seed: int = 18) -> GloryState:
    return GAME.setup(board(name), list(SEATS[:players]), {}, seed)


def played(name: str = "five-kingdoms", players: int = 4, steps: int = 120, seed: int = 3) -> GloryState:
    """A game some rounds in, through the rules: armies spread out (some marched), provinces
    explored, relics and event cards out, a castle, trebuchets (one packed), a relic held."""
    state = fresh(name, players, seed)
    rng = random.Random(seed)
    capital = next(h for h, s in state.structures.items() if s.owner == 0)
    state = GAME.apply(state, HOST, Adjust("units", 2, hex=capital, unit="trebuchet")).state
    state = GAME.apply(state, HOST, Adjust("packed", 1, hex=capital, unit="trebuchet")).state
    for _ in range(steps):
        if state.exploring is not None:
            answer = Choose(rng.choice(queries.rotations(state)))
            state = GAME.apply(state, Actor(state.exploring.plan.seat), answer).state
            continue
        seat = state.turn
        armies = queries.armies(state, seat)
        if armies and (not state.maneuvers or state.players[seat].action_cubes) and rng.random() < 0.85:
            at, _ = rng.choice(armies)
            ends = sorted(queries.reach(state, seat, at).items(), key=lambda e: -e[1].cost)[:4]
            if ends:
                move = Maneuver(at, rng.choice(ends)[0], march=rng.random() < 0.2)
                state = GAME.apply(state, Actor(seat), move).state
                continue
        action = Pass() if not state.maneuvers and rng.random() < 0.2 else EndTurn()
        state = GAME.apply(state, Actor(seat), action).state
    land = next(h for h, a in state.players[1].armies.items() if not any(u == "galley" for u in a.units)
                and h not in state.structures)
    state = GAME.apply(state, HOST, Adjust("structure", seat=1, hex=land, name="castle")).state
    if state.relics:
        state = GAME.apply(state, Actor(2), Adjust("relic", name=next(iter(state.relics.values())))).state
    return state


def exploring() -> GloryState:
    state = fresh()
    return GAME.apply(state, Actor(0), Maneuver("D3", "D4")).state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def draw(state: GloryState, viewer: int | None = None, focus: str | None = None) -> Image.Image:
    return decode(glory.draw(GAME.view(state, viewer), viewer, focus))


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels that differ between `a` and `b` inside `box`."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(lambda v: 255 if v > 24 else 0)
    return diff.histogram()[255]


def around(state: GloryState, hex_name: str, r: float = 0.8) -> tuple[int, int, int, int]:
    grid = static_layer(state.board, len(state.seats)).layout.grid
    x, y = grid.centre(state.board.axial(hex_name))
    s = grid.size * r
    return round(x - s), round(y - s), round(x + s), round(y + s)


@pytest.mark.parametrize(("name", "players"), [("two-straits", 2), ("five-kingdoms", 3), ("five-kingdoms", 4)])
def test_every_map_draws_a_png_of_the_expected_size(name, players):
    image = draw(fresh(name, players))
    assert image.width == WIDTH and 1100 <= image.height <= 1300


def test_the_largest_map_in_full_swing_stays_small_and_quick_enough():
    state = played()
    png = glory.draw(GAME.view(state, None), None)
    assert len(png) < 600_000
    assert len(state.explored) >= 2 and state.event_rows


def test_drawing_is_deterministic_even_after_the_cache_is_rebuilt():
    state = played(steps=40)
    first = glory.draw(GAME.view(state, None), None)
    glory.clear_cache()
    assert glory.draw(GAME.view(state, None), None) == first


def test_a_state_decoded_from_storage_draws_the_same():
    state = played(steps=40)
    again = GAME.decode_state(GAME.encode_state(state))
    assert glory.draw(GAME.view(again, None), None) == glory.draw(GAME.view(state, None), None)


def test_the_piles_order_does_not_show():
    """The same position with the hidden piles shuffled otherwise draws the very same image."""
    state = played(steps=40)
    other = GAME.reseed(state, 12345)
    assert other.province_deck != state.province_deck
    assert glory.draw(GAME.view(other, None), None) == glory.draw(GAME.view(state, None), None)


def test_the_viewer_is_marked_on_their_card_only():
    state = fresh()
    everyone, red = draw(state), draw(state, 0)
    panel = (MAP_W, 0, WIDTH, everyone.height)
    assert changed(everyone, red, panel) > 50
    assert changed(everyone, red, (0, 0, MAP_W, everyone.height)) == 0


def test_a_maneuver_changes_the_pixels_where_the_army_was_and_went_and_draws_its_path():
    before = fresh()
    after = GAME.apply(before, Actor(0), Maneuver("D3", "C4")).state
    a, b = draw(before), draw(after)
    assert changed(a, b, around(before, "D3")) > 100 and changed(a, b, around(before, "C4")) > 100
    red = player_style("red").fill
    x0, y0, x1, y1 = around(before, "C4", 1.0)
    data = b.crop((x0, y0 - 40, x1, y1)).tobytes()
    pixels = [data[i:i + 3] for i in range(0, len(data), 3)]
    assert sum(1 for p in pixels if sum(abs(c - r) for c, r in zip(p, red)) < 40) > 100  # route and ring, Red


def test_depletion_cubes_show_and_clear_with_the_round():
    state = fresh()
    state = GAME.apply(state, Actor(0), Maneuver("D3", "C4", march=True)).state
    marched = draw(state)
    state = GAME.apply(state, HOST, Adjust("depletion", 0, hex="C4")).state
    assert changed(marched, draw(state), around(state, "C4")) > 20


def test_while_exploring_the_tile_is_shown_in_each_allowed_rotation():
    state = exploring()
    assert state.exploring is not None and len(state.exploring.options) == 6
    calm = draw(fresh())
    asking = draw(state)
    bottom = (MAP_W + 10, 700, WIDTH - 10, asking.height - 10)
    assert changed(calm, asking, bottom) > 5000  # the key gave way to six small numbered provinces
    province = around(state, "E5", 2.6)
    assert changed(calm, asking, province) > 300  # the province outlined, the path to the claimed hex
    placed = GAME.apply(state, Actor(0), Choose("2")).state
    assert changed(asking, draw(placed), province) > 2000  # the tile now lies on the map


def test_structures_relics_and_castles_are_drawn():
    state = fresh()
    base = draw(state)
    state = GAME.apply(state, HOST, Adjust("structure", seat=0, hex="C2", name="castle")).state
    assert changed(base, draw(state), around(state, "C2")) > 60


def test_the_focused_view_shows_a_players_part_of_the_map_larger():
    state = played(steps=40)
    image = draw(state, None, "blue")
    assert image.width < WIDTH and image.height < 1000
    assert dict(GAME.focuses(state)) == {s.colour: f"{s.colour.capitalize()}'s armies and cities, larger"
                                         for s in state.seats}


def test_two_straits_and_a_two_player_game_draw_with_every_piece():
    state = played("two-straits", 2, steps=60, seed=5)
    image = draw(state)
    assert image.size[0] == WIDTH


def test_draw_is_sent_to_drawing_workers_by_its_module_level_name():
    assert pickle.loads(pickle.dumps(glory.draw)) is glory.draw


def test_a_state_pickled_for_a_drawing_process_reuses_the_cached_layers():
    """Boards hash by identity and each drawing process gets a fresh copy: the layers are found by
    the board's value, so the map is not drawn again for every image."""
    from render.glory import static

    state = played(steps=30)
    glory.draw(GAME.view(state, None), None)
    built = (len(static._BASES), len(static._MAPS))
    copy = pickle.loads(pickle.dumps(GAME.view(state, None)))
    assert copy.board is not state.board
    assert glory.draw(copy, None) == glory.draw(GAME.view(state, None), None)
    assert (len(static._BASES), len(static._MAPS)) == built


def test_the_posted_views_window_is_drawn_once_and_its_pieces_on_a_copy():
    """Two positions with the same hexes in view share one cached window (the map without its
    pieces); the pieces of one never show on the other."""
    glory.clear_cache()
    before = fresh("five-kingdoms", 4)
    seat, hex_ = before.turn, next(iter(before.players[before.turn].armies))
    unit = next(u.name for u in before.board.units if not u.packing)
    after = GAME.apply(before, Actor(0, host=True), Adjust("units", 5, seat=seat, hex=hex_, unit=unit)).state

    def posted(state: GloryState) -> bytes:
        return glory.draw(GAME.view(state, None), None, None, None, Posted())

    first = posted(before)
    assert len(glory_posted._WINDOWS) == 1
    assert posted(after) != first
    assert len(glory_posted._WINDOWS) == 1
    assert posted(before) == first
    glory.clear_cache()
    assert posted(before) == first
