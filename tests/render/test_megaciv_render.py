"""The Mega Civilization board image: the whole map and close-ups, what each seat may see, the
18 civilizations' marks, and the geometry of both shipped maps."""

from __future__ import annotations

import io
import math
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image, ImageChops

from benchmarks.megaciv_scenes import busy, small
from render import megaciv
from render.megaciv.layout import FOCUS_W, FULL_W, frame
from render.megaciv.sprites import chip, limit_badge, styles
from rules.base import Actor
from rules.frozen import FrozenDict
from rules.megaciv import GAME, queries
from rules.megaciv.actions import Adjust, Move
from rules.megaciv.state import MegaState


@cache
def big() -> MegaState:
    """Oikumene, 18 players, ~400 tokens, the Movement phase under way and the player on turn drafting."""
    return busy()


@cache
def six() -> MegaState:
    return small()


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def test_the_whole_map_and_close_ups_have_their_sizes():
    state = GAME.view(big(), None)
    assert decode(megaciv.draw(state, None)).size[0] == FULL_W
    region = max(state.board.map.regions, key=lambda r: len(state.board.region_areas[r]))
    assert decode(megaciv.draw(state, None, region)).size[0] == FOCUS_W
    assert decode(megaciv.draw(state, None, f"around {state.players[0].civ}")).size[0] == FOCUS_W
    assert decode(megaciv.draw(six(), None)).size[0] == 1400  # a smaller board is drawn narrower
    assert decode(megaciv.draw(state, None, "no such place")).size[0] == FULL_W  # unknown: the whole map


def test_drawing_is_deterministic_and_changes_nothing():
    state = GAME.view(six(), None)
    before = GAME.encode_state(state)
    assert megaciv.draw(state, None) == megaciv.draw(state, None)
    assert GAME.encode_state(state) == before


def test_a_draft_is_drawn_for_its_player_only():
    state = six()
    mover = GAME.position(state).acting[0]
    assert state.players[mover].steps, "the scene's player on turn has a draft"
    public = megaciv.draw(GAME.view(state, None), None)
    other = (mover + 1) % len(state.players)
    assert megaciv.draw(GAME.view(state, other), other) != megaciv.draw(GAME.view(state, mover), mover)
    hidden = GAME.view(state, None)
    assert hidden.players[mover].steps == () and public == megaciv.draw(hidden, None)


def test_the_18_civilizations_differ_in_shape_and_letter_not_only_colour():
    found = styles(big().board)
    assert len(found) == 18
    assert len({s.shape for s in found.values()}) == 18
    assert len({s.letter for s in found.values()}) == 18
    greys = {s.name: chip(s, 12, "4").convert("LA") for s in found.values()}  # without colour
    silhouettes = {name: bytes(image.getchannel("A").tobytes()) for name, image in greys.items()}
    assert len(set(silhouettes.values())) == 18


def test_limits_and_city_sites_are_told_apart_by_shape():
    site, plain = limit_badge(3, True, 10), limit_badge(3, False, 10)
    assert site.getchannel("A").tobytes() != plain.getchannel("A").tobytes()


@pytest.mark.parametrize("name", ["pelagos", "oikumene"])
def test_every_area_is_placed_on_the_whole_map(name):
    state = six() if name == "pelagos" else big()
    static = megaciv.static_layer(state.board, None, len(state.players), state.board.map.title)
    f = static.frame
    assert set(static.anchors) == set(state.board.areas)
    for area, (x, y) in static.anchors.items():
        assert 0 <= x <= f.width and f.map_top <= y <= f.map_top + f.map_h, area
    coastal = {a.name for a in state.board.map.areas if a.coastal}
    assert coastal <= set(static.ports)
    assert f.key_x > 20 + f.order_columns * f.column_w  # the movement order and the key do not overlap


def test_a_close_up_frames_its_areas_larger_than_the_whole_map():
    state = big()
    whole = megaciv.static_layer(state.board, None, 18, "whole")
    for region in state.board.map.regions:
        areas = queries.focus_areas(state, region)
        f = frame(state.board, areas, 18, region)
        land = [a for a in areas if state.board.areas[a].kind == "land"]
        for a in land:
            x, y = f.xy(state.board.areas[a].label)
            assert 0 <= x <= f.width and f.map_top <= y <= f.map_top + f.map_h, (region, a)
        assert f.sizes.chip >= whole.frame.sizes.chip and f.view.scale > whole.frame.view.scale


def test_pieces_conflicts_and_out_of_play_areas_are_drawn():
    state = six()
    none: FrozenDict[str, int] = FrozenDict()
    empty = replace(state, players=tuple(replace(p, tokens=none, once=none, done=none, steps=(), cities=())
                                         for p in state.players), barbarians=none, pirates=(), out_of_play=())
    assert queries.conflicts(state) and not queries.conflicts(empty)
    full = megaciv.compose(GAME.view(state, None), None)
    bare = megaciv.compose(empty, None)
    static = megaciv.static_layer(state.board, None, len(state.players), state.board.map.title)
    f = static.frame
    changed = ImageChops.difference(full.crop(f.map_box()), bare.crop(f.map_box())).getbbox()
    assert changed is not None
    for name in state.out_of_play:  # the hatch covers the area's anchor surroundings
        x, y = static.anchors[name]
        assert full.getpixel((round(x), round(y + 12))) != bare.getpixel((round(x), round(y + 12)))


def test_moves_of_the_phase_are_drawn_as_arrows():
    state = six()
    mover = GAME.position(state).acting[0]
    source, _free, _total = queries.movable(state, mover)[0]
    target = queries.destinations(state, mover, source)[0]
    moved = GAME.apply(state, Actor(mover), Move(source, target.area, 1, target.via)).state
    assert megaciv.draw(moved, mover) != megaciv.draw(state, mover)


def test_the_host_may_mark_areas_out_of_play_at_any_time():
    state = six()
    free = next(a for a in state.board.land_areas if not any(a in p.tokens for p in state.players)
                and a not in state.out_of_play)
    marked = GAME.apply(state, Actor(0, host=True), Adjust("out_of_play", 1, area=free)).state
    assert megaciv.draw(GAME.view(marked, None), None) != megaciv.draw(GAME.view(state, None), None)


def _deuteranope(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """`rgb` as a deuteranope sees it (Machado, Oliveira & Fernandes 2009, severity 1), in CIE Lab."""
    matrix = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (min(max(sum(m * linear(v) for m, v in zip(row, rgb)), 0.0), 1.0) for row in matrix)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_orange_and_green_tokens_differ_in_colour_for_deuteranopes_too():
    """Maurya's orange and Celt's green merged into one olive (issue 20): their shapes differ, and
    under a deuteranopia simulation their colours now differ clearly too (CIE76 distance)."""
    civs = {s.colour: s.fill for s in styles(big().board).values()}
    assert math.dist(_deuteranope(civs["orange"]), _deuteranope(civs["green"])) > 50
    worst = min(math.dist(_deuteranope(civs["green"]), _deuteranope(other)) for c, other in civs.items()
                if c != "green")
    assert worst > 12  # green is no longer nearly brown or red for them either
