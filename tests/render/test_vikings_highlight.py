"""Where a boat can go: the Vikings board drawn with a `Highlight` (render/vikings/reach.py).

The reach comes from the rules (`GAME.movers`, `GAME.reach`). A highlighted drawing shows the
part of the map around the boat enlarged; each test compares it with the plain board cut out
and enlarged the same way and mapped onto the same palette, so any pixel that differs was drawn
by the overlay.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from render import vikings
from render.png import encode_png
from render.text import paste
from render.vikings import reach
from rules.base import Actor, Highlight, Piece
from rules.vikings import GAME
from rules.vikings.actions import PlaceBoat
from rules.vikings.state import VikingsState
from tests.render.test_vikings_render import SEATS, busy, largest, load


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def highlight(state: VikingsState, seat: int, boat: int, strength: int = 3) -> Highlight:
    """Where `seat`'s `boat` can sail, as `/game reach` shows it once any bumped boat aside has
    moved (a bump holds play until its owner answers: V-S4)."""
    free = replace(state, pending=())
    piece = next(p for p in GAME.movers(free, seat) if p.id == str(boat))
    return Highlight(piece, tuple(GAME.reach(free, seat, piece.id, {"strength": strength})))


def drawn(state: VikingsState, seat: int | None, mark: Highlight) -> tuple[Image.Image, Image.Image, reach.Plan]:
    """The highlighted drawing, the plain board under the same view and palette, and the plan."""
    plan = reach.plan(state, seat, mark)
    base = plan.view.enlarge(vikings.compose(state, seat))
    base = decode(encode_png(base, reach.highlight_palette(state.board)))
    return decode(vikings.draw(state, seat, highlight=mark)), base, plan


def changed(a: Image.Image, b: Image.Image, centre: tuple[float, float], radius: float) -> int:
    """How many pixels differ between `a` and `b` in the square of `radius` around `centre`."""
    x, y, r = round(centre[0]), round(centre[1]), round(radius)
    diff = ImageChops.difference(a.crop((x - r, y - r, x + r, y + r)), b.crop((x - r, y - r, x + r, y + r)))
    return sum(diff.convert("L").point(lambda v: 255 if v else 0).histogram()[255:])


def like(pixel: object, colour: tuple[int, int, int]) -> bool:
    """Whether a pixel is `colour` give or take the palette mapping's rounding."""
    assert isinstance(pixel, tuple)
    return max(abs(a - b) for a, b in zip(pixel, colour)) <= 8


def on_circle(image: Image.Image, centre: tuple[float, float], radius: float, colour: tuple[int, int, int]) -> float:
    """The share of 48 points on a circle that are `colour`."""
    hits = 0
    for i in range(48):
        a = 2 * math.pi * i / 48
        p = (round(centre[0] + radius * math.cos(a)), round(centre[1] + radius * math.sin(a)))
        hits += like(image.getpixel(p), colour)
    return hits / 48


def count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many pixels of `image` are `colour`."""
    return sum(n for n, pixel in image.getcolors(1 << 20) or [] if like(pixel, colour))


def centre(state: VikingsState, plan: reach.Plan, space: str) -> tuple[float, float]:
    lay = vikings.static_layer(state.board).layout
    return plan.view.xy(lay.xy(*state.board.position(space)))


def two_isles() -> VikingsState:
    """The rules file's scenario map: Red's boat 1 at A1, Blue's at B1, Red to sail."""
    state = GAME.setup(load("two-isles"), list(SEATS[:2]), {}, seed=1)
    state = GAME.apply(state, Actor(1), PlaceBoat("B1")).state
    return GAME.apply(state, Actor(0), PlaceBoat("A1")).state


# --- highlight=None ---------------------------------------------------------------------------


def test_without_a_highlight_the_board_is_drawn_as_before_even_after_a_highlighted_drawing():
    state = busy(largest())
    plain = vikings.draw(state, 0)
    assert plain == encode_png(vikings.compose(state, 0), vikings.static_layer(state.board).palette)
    assert vikings.draw(state, 0, highlight=None) == plain
    vikings.draw(state, 0, highlight=highlight(state, 0, 3))
    assert vikings.draw(state, 0) == plain  # the overlay leaves no trace on the cached layers


# --- the overlay ------------------------------------------------------------------------------


def test_every_space_in_reach_is_ringed_in_yellow_and_spaces_out_of_reach_are_not():
    # V-S2: each move costs 1, so with a sail x3 A2 and B2 (4 moves from A1) are out of reach
    state = two_isles()
    mark = highlight(state, 0, 1)
    assert {r.to: r.cost for r in mark.reach} == {"F1": 1, "A1": 2, "F2": 2, "B1": 3, "F3": 3}
    image, base, plan = drawn(state, 0, mark)
    zoom = plan.view.zoom
    assert {r.space for r in plan.rings} == {r.to for r in mark.reach}
    for ring in plan.rings:
        at = plan.view.xy(ring.centre)
        assert changed(image, base, at, ring.radius * zoom + 12) > 200, ring.space
        if ring.space != "A1":  # the start's own ring is dark (below)
            assert on_circle(image, at, ring.radius * zoom, reach.REACH) > 0.3, ring.space
    for far in ("A2", "B2"):
        assert changed(image, base, centre(state, plan, far), 30 * zoom) == 0, far


def test_a_dock_holding_another_of_your_boats_is_not_in_reach_nor_ringed():
    # V-S3: Red's boat 1 at A1 cannot end on B1, where Red's boat 4 is
    state = busy(largest())
    mark = highlight(state, 0, 1)
    assert state.players[0].boats[4] == "B1" and "B1" not in {r.to for r in mark.reach}
    image, base, plan = drawn(state, 0, mark)
    assert "B1" not in {r.space for r in plan.rings}
    assert on_circle(image, centre(state, plan, "B1"), (vikings.BOAT_R + 9) * plan.view.zoom, reach.REACH) == 0


def test_each_space_in_reach_shows_its_cost_in_a_badge_on_its_ring():
    state = busy(largest())
    mark = highlight(state, 0, 3)
    image, base, plan = drawn(state, 0, mark)
    tag, badges = plan.tags(state, mark)
    assert sorted(text for _, text in badges) == sorted(str(r.cost) for r in mark.reach)
    rings = {r.space: r for r in plan.rings}
    cost = {r.to: str(r.cost) for r in mark.reach}
    for (spot, text), space in zip(badges, sorted(rings, key=lambda s: (cost[s], s))):
        ring = rings[space]
        assert cost[space] == text
        # on its ring, a yellow disc with dark digits inside
        assert abs(math.dist(spot, plan.view.xy(ring.centre)) - ring.radius * plan.view.zoom) < 1
        r = reach.BADGE_R - 3
        disc = image.crop((round(spot[0] - r), round(spot[1] - r), round(spot[0] + r), round(spot[1] + r)))
        assert count(disc, reach.REACH) > 0.3 * disc.width * disc.height, space
        assert count(disc, reach.EDGE) > 15, space
        # and those digits are its cost: the disc looks more like its own badge than another's
        box = (round(spot[0] - r), round(spot[1] - r), round(spot[0] + r), round(spot[1] + r))
        assert unlike(image, badge_at(base, spot, text), box) < unlike(image, badge_at(base, spot, other(text)), box)


def badge_at(image: Image.Image, spot: tuple[float, float], text: str) -> Image.Image:
    out = image.copy()
    paste(out, reach.badge_sprite(text), spot)
    return out


def other(text: str) -> str:
    return "2" if text != "2" else "3"


def unlike(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How unlike two images are inside `box` (the sum of their pixel differences)."""
    return sum(i * n for i, n in enumerate(ImageChops.difference(a.crop(box), b.crop(box)).convert("L").histogram()))


def test_the_start_is_a_dark_ring_round_the_boat_itself_with_a_start_tag():
    state = busy(largest())
    mark = highlight(state, 0, 2)  # Red's boat 2 in fjord F1, sharing it with another boat
    image, base, plan = drawn(state, 0, mark)
    assert plan.start is not None and plan.start.space == "F1"
    fjord = vikings.static_layer(state.board).layout.xy(*state.board.position("F1"))
    assert math.dist(plan.start.centre, fjord) > vikings.FJORD_R  # round the boat, not the fjord's name
    at = plan.view.xy(plan.start.centre)
    r = plan.start.radius * plan.view.zoom
    assert on_circle(image, at, r, reach.START) > 0.3
    assert on_circle(image, at, r, reach.REACH) < 0.25
    tag, _ = plan.tags(state, mark)
    assert tag is not None and changed(image, base, tag, 8) > 100
    assert changed(image, base, at, r + 40) > changed(image, base, at, r - 2 * reach.RING_W)


def test_out_and_back_puts_a_cost_badge_on_the_start_and_a_sail_x1_does_not():
    # ruling 4: a sail of two moves or more may end where it started
    state = two_isles()
    for strength, back in ((3, True), (1, False)):
        mark = highlight(state, 0, 1, strength)
        assert ("A1" in {r.to for r in mark.reach}) is back
        image, _, plan = drawn(state, 0, mark)
        assert plan.start is not None
        at, r = plan.view.xy(plan.start.centre), plan.start.radius * plan.view.zoom
        box = image.crop((round(at[0] - r - 40), round(at[1] - r - 40), round(at[0] + r + 40), round(at[1] + r + 40)))
        yellow = count(box, reach.REACH)
        assert (yellow > 100) is back, (strength, yellow)


def test_the_view_holds_every_space_in_reach_enlarged_never_reduced():
    state = busy(largest())
    for seat in range(len(state.seats)):
        for piece in GAME.movers(state, seat):
            mark = Highlight(piece, tuple(GAME.reach(state, seat, piece.id, {})))
            plan = reach.plan(state, seat, mark)
            width, height = plan.view.size
            assert 1 <= plan.view.zoom <= reach.MAX_ZOOM
            assert width <= reach.VIEW_W + 1 and height <= reach.VIEW_MAX_H + reach.CAPTION_H + 1
            for ring in (*plan.rings, plan.start):
                assert ring is not None
                x, y = plan.view.xy(ring.centre)
                assert 0 <= x <= width and plan.view.top <= y <= height, (piece, ring.space)


# --- the caption ------------------------------------------------------------------------------


def test_the_caption_names_the_boat_its_space_and_how_many_places_it_reaches():
    state = two_isles()
    mark = highlight(state, 0, 1)
    assert reach.caption(mark) == "Where Boat 1 (A1) can go: 5 places; numbers are moves"
    image, base, plan = drawn(state, 0, mark)
    strip = (0, 0, image.width, plan.view.top)
    assert ImageChops.difference(image.crop(strip), base.crop(strip)).getbbox() is not None
    stuck = decode(vikings.draw(state, 0, highlight=Highlight(mark.piece, ())))
    assert ImageChops.difference(image.crop(strip), stuck.crop(strip)).getbbox() is not None


def test_a_boat_that_cannot_move_is_said_so_and_only_its_start_is_marked():
    # a boat on the board always has an open fjord (V-S3), so the rules give no empty reach: built by hand
    state = busy(largest())
    piece = Piece("3", "Boat 3 — at F2", "F2")
    mark = Highlight(piece, ())
    assert reach.caption(mark) == "Boat 3 (F2) cannot move now"
    image, base, plan = drawn(state, 0, mark)
    assert plan.rings == () and plan.legs == ()
    map_part = (0, plan.view.top, image.width, image.height)
    assert count(image.crop(map_part), reach.REACH) == 0
    assert plan.start is not None
    assert on_circle(image, plan.view.xy(plan.start.centre), plan.start.radius * plan.view.zoom, reach.START) > 0.3


def test_a_highlight_for_someone_else_s_boat_names_its_owner_from_the_board():
    state = two_isles()
    state = replace(state, turn=1)  # Blue to sail: only boats that may sail now have a reach
    mark = highlight(state, 1, 1)  # Blue's boat 1 at B1, drawn for a spectator
    assert reach.owner(state, mark, None) == 1 and reach.owner(state, mark, 0) == 1
    assert decode(vikings.draw(state, None, highlight=mark)).size == reach.plan(state, None, mark).view.size


# --- as a whole -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["two-isles", "ravnsund", "nordhav"])
def test_every_boat_on_every_map_draws_a_deterministic_highlight(name):
    state = replace(busy(load(name)), pending=())  # the bumped boat moved: boats may sail again (V-S4)
    for seat in range(len(state.seats)):
        for piece in GAME.movers(state, seat):
            mark = Highlight(piece, tuple(GAME.reach(state, seat, piece.id, {})))
            png = vikings.draw(state, seat, highlight=mark)
            assert png.startswith(b"\x89PNG") and len(png) < 1_000_000
            assert vikings.draw(state, seat, highlight=mark) == png
    vikings.clear_cache()
    assert vikings.draw(state, seat, highlight=mark) == png
