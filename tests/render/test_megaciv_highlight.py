"""Where a piece can go, drawn over the Mega Civilization board (`render.megaciv.reach`), with the
reach the rules give (`GAME.movers`, `GAME.reach`): token groups by land (M-T1, M-T2) and ships
by water (M-S3)."""

from __future__ import annotations

import io
from dataclasses import replace
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from benchmarks.megaciv_rules import HOST
from benchmarks.megaciv_scenes import small
from render import megaciv
from render.megaciv import static as layers
from render.megaciv.colours import REACH
from render.megaciv.layout import CAPTION_H, FOCUS_W, HEADER_H, REACH_SPAN, typical_size
from render.megaciv.reach import caption
from render.megaciv.static import Static
from rules.base import Actor, Highlight
from rules.megaciv import GAME
from rules.megaciv.actions import Adjust, Build
from rules.megaciv.state import MegaState


@cache
def scene() -> tuple[MegaState, int]:
    """Pelagos, six players with Roadbuilding, the Movement phase under way; the player on turn's view."""
    state = small()
    seat = GAME.position(state).acting[0]
    return GAME.view(state, seat), seat


def highlight(state: MegaState, seat: int, piece_id: str) -> Highlight:
    piece = next(p for p in GAME.movers(state, seat) if p.id == piece_id)
    return Highlight(piece, tuple(GAME.reach(state, seat, piece_id, {})))


def roads() -> Highlight:
    """A token group reaching areas one and (Roadbuilding) two steps away."""
    state, seat = scene()
    for piece in GAME.movers(state, seat):
        found = highlight(state, seat, piece.id)
        if {r.cost for r in found.reach} == {1, 2}:
            return found
    raise AssertionError("the scene has a token group with one- and two-step moves")


@cache
def at_sea() -> tuple[MegaState, int, Highlight]:
    """The player on turn with Astronavigation and Cloth Making builds a ship and asks where it can go."""
    state = small()
    seat = GAME.position(state).acting[0]
    for name in ("Astronavigation", "Cloth Making"):
        state = GAME.apply(state, Actor(seat), Adjust("advance", 1, name=name)).state
    coast = min(a for a in state.players[seat].tokens if state.board.areas[a].coastal)
    state = GAME.apply(state, Actor(seat), Build(coast)).state
    view = GAME.view(state, seat)
    ship = next(p for p in GAME.movers(view, seat) if p.id.startswith("ship"))
    return view, seat, highlight(view, seat, ship.id)


def layer(state: MegaState, found: Highlight) -> Static:
    return megaciv.reach_static(state, found)


def area_mask(state: MegaState, static: Static, area: str) -> Image.Image:
    mask = Image.new("L", (static.frame.width, static.frame.height), 0)
    ImageDraw.Draw(mask).polygon([static.frame.xy(p) for p in state.board.areas[area].points], fill=255)
    return mask


def changed(a: Image.Image, b: Image.Image, mask: Image.Image | None = None) -> int:
    """How many pixels differ (inside `mask`)."""
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    if mask is not None:
        diff = ImageChops.multiply(diff, mask)
    return diff.histogram()[255]


def count(image: Image.Image, colour: tuple[int, int, int], mask: Image.Image | None = None, near: int = 0) -> int:
    """How many pixels are `colour`, each channel within `near` (inside `mask`)."""
    bands = [band.point(lambda v, c=c: 255 if abs(v - c) <= near else 0)
             for band, c in zip(image.convert("RGB").split(), colour)]
    hit = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    if mask is not None:
        hit = ImageChops.multiply(hit, mask)
    return hit.histogram()[255]


PALETTE_NEAR = 3  # Pillow maps a colour to a palette entry through a coarse cache: a nearby one may win


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_M_T1_every_reachable_area_is_banded_and_the_areas_beyond_are_left_as_they_are():
    state, seat = scene()
    found = roads()
    static = layer(state, found)
    marked = megaciv.compose(state, seat, highlight=found)
    plain = megaciv.compose(state, seat, highlight=found, marked=False)
    for r in found.reach:
        inside = area_mask(state, static, r.to)
        assert count(marked, REACH, inside) > 100, r.to
        assert count(plain, REACH, inside) == 0, r.to
    board = state.board
    near = {found.piece.at, *(r.to for r in found.reach)}
    near |= {n for a in list(near) for n in board.land_next[a] | board.water_next[a]}
    beyond = [a for a in static.anchors if a not in near and board.areas[a].kind == "land"]
    assert beyond, "the close-up shows areas beyond the reach"
    for area in beyond:
        assert changed(marked, plain, area_mask(state, static, area)) == 0, area


def test_M_T1_each_cost_is_written_at_its_area():
    state, seat = scene()
    found = roads()
    static = layer(state, found)
    two = next(r for r in found.reach if r.cost == 2)  # Roadbuilding: two land steps
    other = Highlight(found.piece, tuple(replace(r, cost=3) if r == two else r for r in found.reach))
    a = megaciv.compose(state, seat, highlight=found)
    b = megaciv.compose(state, seat, highlight=other)
    box = ImageChops.difference(a, b).getbbox()
    assert box is not None
    x, y = static.anchors[two.to]
    reach = 4 * static.frame.sizes.name + 60  # the disc goes before the name (and its conflict sign)
    assert x - reach - 60 <= box[0] and box[2] <= x + 10 and y - reach / 2 <= box[1] and box[3] <= y + 10


def test_the_start_is_marked_apart_from_the_places_it_can_go():
    state, seat = scene()
    found = roads()
    static = layer(state, found)
    inside = area_mask(state, static, found.piece.at)
    marked = megaciv.compose(state, seat, highlight=found)
    plain = megaciv.compose(state, seat, highlight=found, marked=False)
    assert changed(marked, plain, inside) > 200
    assert count(marked, REACH, inside) == 0  # not the reachable areas' yellow
    x, y = static.anchors[found.piece.at]
    above = Image.new("L", marked.size, 0)  # the "start" tag above the area's name
    ImageDraw.Draw(above).rectangle((x - 60, y - 4 * static.frame.sizes.name - 30, x + 60, y - static.frame.sizes.name),
                                    fill=255)
    assert changed(marked, plain, above) > 0


def test_the_caption_says_what_is_shown():
    state, seat = scene()
    found = roads()
    places = len({r.to for r in found.reach})
    assert caption(found) == f"Where {found.piece.label} can go: {places} areas; numbers are steps"
    strip = (0, HEADER_H, FOCUS_W, HEADER_H + CAPTION_H)
    marked = megaciv.compose(state, seat, highlight=found).crop(strip)
    plain = megaciv.compose(state, seat, highlight=found, marked=False).crop(strip)
    assert changed(marked, plain) > 500
    fewer = Highlight(found.piece, found.reach[:1])
    assert caption(fewer) == f"Where {found.piece.label} can go: 1 area; numbers are steps"
    staying = Highlight(found.piece, (*found.reach, replace(found.reach[0], to=found.piece.at, cost=0, route=())))
    assert caption(staying) == caption(found)  # where it is now is not a place it can go
    assert changed(megaciv.compose(state, seat, highlight=fewer).crop(strip), marked) > 0


def test_M_T2_a_token_group_hemmed_in_by_areas_out_of_play_cannot_move():
    state = small()
    seat = GAME.position(state).acting[0]
    piece = GAME.movers(GAME.view(state, seat), seat)[0]
    for area in sorted(state.board.land_next[piece.at]):
        state = GAME.apply(state, HOST, Adjust("out_of_play", 1, area=area)).state
    view = GAME.view(state, seat)
    assert piece.id not in {p.id for p in GAME.movers(view, seat)}  # no longer offered to move
    found = Highlight(piece, tuple(GAME.reach(view, seat, piece.id, {})))
    assert found.reach == ()
    assert caption(found) == f"{piece.label} cannot move now"
    static = layer(view, found)
    image = decode(megaciv.draw(view, seat, None, found))
    plain = megaciv.compose(view, seat, highlight=found, marked=False)
    assert count(image.crop(static.frame.map_box()), REACH, near=PALETTE_NEAR) == 0
    assert changed(image, plain, area_mask(view, static, piece.at)) > 200  # the start, still marked
    strip = (0, HEADER_H, FOCUS_W, HEADER_H + CAPTION_H)
    assert changed(image.crop(strip), plain.crop(strip)) > 300


def test_M_S3_a_ship_is_shown_every_area_within_its_water_steps_open_sea_included():
    state, seat, found = at_sea()
    board = state.board
    seas = [r for r in found.reach if board.areas[r.to].kind == "sea"]
    assert seas, "with Astronavigation the ship reaches open sea"
    assert max(r.cost for r in found.reach) == 5  # Cloth Making: five water steps
    static = layer(state, found)
    image = decode(megaciv.draw(state, seat, None, found))  # the colours survive the palette
    for r in found.reach:
        if r.to in static.anchors:
            assert count(image, REACH, area_mask(state, static, r.to), near=PALETTE_NEAR) > 30, r.to
    number = int(found.piece.id[4:])
    assert caption(found) == (f"Where Ship {number} ({found.piece.at}) can go: {len(found.reach)} areas; "
                              "numbers are water steps")
    plain = megaciv.compose(state, seat, highlight=found, marked=False)
    x, y = static.ports[found.piece.at]  # the "start" tag above the ship
    above = Image.new("L", image.size, 0)
    ImageDraw.Draw(above).rectangle((x - 40, y - 2 * static.frame.sizes.ship, x + 40, y), fill=255)
    assert changed(image, plain, above) > 50


def test_the_overlay_colours_survive_the_palette():
    state, seat = scene()
    found = roads()
    composed = megaciv.compose(state, seat, highlight=found)
    drawn = decode(megaciv.draw(state, seat, None, found))
    band = count(composed, REACH)
    assert band > 0
    assert band <= count(drawn, REACH, near=PALETTE_NEAR) <= band * 1.05


def test_the_close_up_frames_the_piece_and_its_reach_at_a_readable_scale():
    state, seat = scene()
    found = roads()
    static = layer(state, found)
    f = static.frame
    image = decode(megaciv.draw(state, seat, "West", found))  # the focus is ignored with a highlight
    assert image.size == (FOCUS_W, f.height) and f.map_top == HEADER_H + CAPTION_H
    left, top, right, bottom = f.map_box()
    for area in {found.piece.at, *(r.to for r in found.reach)}:
        x, y = static.anchors[area]
        assert left <= x <= right and top <= y <= bottom, area
    box = f.view.box()
    assert box[2] - box[0] >= REACH_SPAN[0] * typical_size(state.board) * 0.99
    one = Highlight(found.piece, tuple(r for r in found.reach if r.cost == 1)[:1])
    small_box = layer(state, one).frame.view.box()  # one place: still a few areas around it
    assert small_box[2] - small_box[0] >= REACH_SPAN[0] * typical_size(state.board) * 0.99


def test_without_a_highlight_the_board_is_drawn_as_before_and_the_usual_views_stay_cached():
    state, seat = scene()
    before = {focus: megaciv.draw(state, seat, focus) for focus in (None, "West")}
    kept = len(layers._LAYERS)
    megaciv.draw(state, seat, None, roads())
    megaciv.draw(*at_sea()[:2], None, at_sea()[2])
    assert len(layers._LAYERS) == kept
    for focus, png in before.items():
        assert megaciv.draw(state, seat, focus, None) == png
        assert megaciv.draw(state, seat, focus) == png
    assert megaciv.draw(state, seat, None, roads()) == megaciv.draw(state, seat, None, roads())
