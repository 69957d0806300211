"""Where a journeyman can go (`draw(..., highlight=...)`, render/skye/reach.py), from the rules'
own reach (`GAME.movers`, `GAME.reach`).

The scenario territory of the rules file (../shared/rules/skye.md, "Scenarios"): Red's castle K
at 0,0 with a stub east; T1 (1,0) stubs west and east; T2 (2,0) stub west; T3 (2,1) stub south;
T4 (3,0); T6 (1,1), T7 (1,2), T5 (0,2); 0,1 empty. With 4 movement points (J-M3) from the castle,
J-M4 (1 by road, 2 otherwise, never across a gap) reaches T1 (1), T2 (2), T6 (3), T3 (4) and
T4 (4), not T7 (5) nor T5 (7); with Extra Movement (8 points) all of them.

The reach drawing shows the territory alone, laid out by `reach.frame`, so "without the overlay"
is the same drawing with no place in reach (`Highlight(piece, ())`), which draws the territory
and the start but no ring or cost.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from render import skye
from render.basics import INK, WHITE
from render.skye import reach
from render.skye.reach import REACH, STRIP, frame, widths
from render.skye.static import static_layer
from rules.base import Highlight
from rules.core import Piece, Reach
from rules.skye import GAME
from rules.skye.state import Held, with_player
from tests.render.test_skye_render import play_until
from tests.rules.skye_fixtures import RED, scenario

TILES = {"castle-red": (0, 0), "T1": (1, 0), "T2": (2, 0), "T3": (2, 1), "T4": (3, 0), "T6": (1, 1), "T7": (1, 2),
         "T5": (0, 2)}


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def highlight(state, seat: int = RED, **options) -> Highlight:
    (piece,) = GAME.movers(state, seat)
    return Highlight(piece, tuple(GAME.reach(state, seat, piece.id, options)))


def drawn(state, hl: Highlight, viewer: int | None = RED) -> Image.Image:
    return decode(skye.draw(state, viewer, highlight=hl))


def band(image: Image.Image, state, pos, seat: int = RED) -> list[tuple[int, int, int]]:
    """The pixels along the middle of the ring band of the tile at `pos` (all four sides)."""
    where = frame(state, seat)
    left, top, right, bottom = where.tile_box(pos)
    dark, width, _ = widths(where.size)
    m = dark + width // 2
    out = []
    for t in range(left + m, right - m):
        out += [image.getpixel((t, top + m)), image.getpixel((t, bottom - 1 - m))]
    for t in range(top + m, bottom - m):
        out += [image.getpixel((left + m, t)), image.getpixel((right - 1 - m, t))]
    return out


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _n, c in image.getcolors(1 << 24) or ()}


def differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


@pytest.fixture(scope="module")
def plan():
    return scenario()


def test_J_M4_every_tile_in_reach_is_ringed_in_yellow_and_the_others_are_left_as_they_are(plan):
    hl = highlight(plan)
    assert {r.to: r.cost for r in hl.reach} == {"castle-red": 0, "T1": 1, "T2": 2, "T6": 3, "T3": 4, "T4": 4}
    image, bare = drawn(plan, hl), drawn(plan, Highlight(hl.piece, ()))
    for tile in ("T1", "T2", "T6", "T3", "T4"):
        ring = band(image, plan, TILES[tile])
        assert ring.count(REACH) > 0.8 * len(ring), tile  # the yellow survives the palette mapping
        assert REACH not in band(bare, plan, TILES[tile])
    for tile in ("T7", "T5"):  # 5 and 7 points away: out of reach
        assert REACH not in band(image, plan, TILES[tile])
        left, top, right, bottom = frame(plan, RED).tile_box(TILES[tile])
        assert not differs(image.crop((left, top, right, bottom)), bare.crop((left, top, right, bottom))), tile


def test_J_M3_extra_movement_reaches_further_and_the_caption_says_so(plan):
    held = with_player(plan, RED, taken=("extra_movement",), held=(Held("extra_movement", 0),))
    hl = highlight(held, extra=True)
    assert {r.to for r in hl.reach} == set(TILES)
    image = drawn(held, hl)
    for tile in ("T7", "T5"):
        assert band(image, held, TILES[tile]).count(REACH) > 0.8 * len(band(image, held, TILES[tile]))
    start, costs = reach.places(held, RED, hl)
    assert reach.caption(held, RED, start, costs, hl) == (
        "Where Red's journeyman (on the castle) can go: 7 tiles",
        "Numbers: movement points from the start (dashed ring), 1 along a road, 2 otherwise. It has 8 with "
        "Extra Movement.")
    start, costs = reach.places(held, RED, highlight(held))  # without spending it
    assert reach.caption(held, RED, start, costs, highlight(held))[1].endswith("It has 4 (+4 with Extra Movement).")


def test_J_M4_each_cost_is_drawn_on_its_own_tile(plan):
    hl = highlight(plan)
    image = drawn(plan, hl)
    for tile in ("T2", "T3"):
        other = Highlight(hl.piece, tuple(Reach(r.to, r.cost + 3 if r.to == tile else r.cost, r.route)
                                          for r in hl.reach))
        changed = ImageChops.difference(image, drawn(plan, other)).getbbox()
        assert changed is not None, tile
        left, top, right, bottom = frame(plan, RED).tile_box(TILES[tile])
        assert left <= changed[0] and top <= changed[1] and changed[2] <= right and changed[3] <= bottom, tile


def test_the_start_is_marked_with_a_dashed_ring_not_a_cost(plan):
    hl = highlight(plan)
    image = drawn(plan, hl)
    ring = band(image, plan, (0, 0))
    assert REACH not in ring
    assert ring.count(WHITE) > 0.25 * len(ring) and ring.count(INK) > 0.25 * len(ring)  # dashes
    assert hl.piece.at == "castle-red"
    moved = with_player(plan, RED, journeyman=(1, 0))  # standing on T1 instead
    hl2 = highlight(moved)
    assert hl2.piece.at == "T1" and {r.to: r.cost for r in hl2.reach}["castle-red"] == 1
    image2 = drawn(moved, hl2)
    assert band(image2, moved, (0, 0)).count(REACH) > 0.8 * len(band(image2, moved, (0, 0)))
    assert REACH not in band(image2, moved, (1, 0))


def test_the_caption_says_where_the_journeyman_can_go_or_that_it_cannot_move(plan):
    hl = highlight(plan)
    start, costs = reach.places(plan, RED, hl)
    first, second = reach.caption(plan, RED, start, costs, hl)
    assert first == "Where Red's journeyman (on the castle) can go: 5 tiles"
    assert "It has 4." in second
    image, bare = drawn(plan, hl), drawn(plan, Highlight(hl.piece, ()))
    strip = (0, 0, image.width, STRIP)
    assert differs(image.crop(strip), bare.crop(strip))
    assert image.getpixel((image.width - 4, 4)) == INK  # a dark strip on top
    moved = with_player(plan, RED, journeyman=(2, 1))
    hl2 = highlight(moved)
    start, costs = reach.places(moved, RED, hl2)
    assert reach.caption(moved, RED, start, costs, hl2)[0].startswith("Where Red's journeyman (on T3 at 2,1) can go")


def test_no_place_in_reach_draws_no_ring_and_says_it_cannot_move(plan):
    (piece,) = GAME.movers(plan, RED)
    only_start = Highlight(piece, (Reach("castle-red", 0, ()),))
    image = drawn(plan, only_start)
    assert REACH not in colours(image)
    start, costs = reach.places(plan, RED, only_start)
    assert reach.caption(plan, RED, start, costs, only_start) == (
        "Red's journeyman (on the castle) cannot move now",
        "No other tile is within its movement points; a marker may still lie on its own tile.")
    buying = replace(plan, stage="buy")
    assert GAME.movers(buying, RED) == []
    nothing = Highlight(Piece("journeyman", "Journeyman on the castle", "castle-red"), ())
    assert REACH not in colours(drawn(buying, nothing))
    start, costs = reach.places(buying, RED, nothing)
    assert reach.caption(buying, RED, start, costs, nothing)[1] == (
        "It moves only while the players plan their walks (phase 5).")


def test_highlight_none_draws_the_board_as_before_and_a_reach_drawing_leaves_it_alone(plan):
    view = GAME.view(plan, RED)
    before = skye.draw(view, RED)
    palette = static_layer(view.board, len(view.seats)).palette
    assert skye.draw(view, RED, None, None) == before
    assert decode(before).size != drawn(view, highlight(view)).size  # the reach drawing is its own
    assert skye.draw(view, RED) == before
    assert static_layer(view.board, len(view.seats)).palette is palette


def test_onlookers_and_other_players_see_the_territory_whose_journeyman_it_is(plan):
    hl = highlight(plan)
    mine = drawn(plan, hl)
    for viewer in (None, 1):
        theirs = drawn(GAME.view(plan, viewer), hl, viewer)
        assert theirs.size == mine.size
        assert band(theirs, plan, TILES["T1"]).count(REACH) > 0.8 * len(band(theirs, plan, TILES["T1"]))


def test_a_late_territory_is_drawn_large_enough_for_a_550_pixel_preview_fast_and_deterministically():
    state = play_until(5, 9, lambda s: s.round >= 5 and s.stage == "plan")
    for seat in range(5):
        view = GAME.view(state, seat)
        hl = highlight(view, seat, extra=True)
        png = skye.draw(view, seat, highlight=hl)
        image = decode(png)
        where = frame(view, seat)
        assert image.size == (where.width, where.height) and image.width <= 1040
        assert where.size * 550 / image.width >= 40  # a tile at least 40 pixels wide in the preview
        assert len(png) < 200_000
        assert skye.draw(view, seat, highlight=hl) == png
        for r in hl.reach:
            if r.to != hl.piece.at:
                pos = next((p.x, p.y) for p in view.players[seat].territory if p.tile == r.to)
                ring = band(image, view, pos, seat)  # crossed by roads placed, the last walk, badges
                assert ring.count(REACH) > 0.5 * len(ring), (seat, r.to)
