"""Area maps: views, label points, fills and outlines, token counts, arrows, regional close-ups."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops

from render import areas
from render.areas import Area
from render.basics import PAPER
from render.palette import PALETTE

SQUARE = ((0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0))
# an L: the centroid lies in the notch's corner region, the widest part is the lower left block
ELL = ((0.0, 0.0), (40.0, 0.0), (40.0, 60.0), (100.0, 60.0), (100.0, 100.0), (0.0, 100.0))
# a C: its centroid is outside it
CEE = ((0.0, 0.0), (100.0, 0.0), (100.0, 20.0), (20.0, 20.0), (20.0, 80.0), (100.0, 80.0), (100.0, 100.0),
       (0.0, 100.0))


def test_centroid_and_contains():
    assert areas.centroid(SQUARE) == pytest.approx((50, 50))
    assert areas.contains(SQUARE, (50, 50)) and not areas.contains(SQUARE, (150, 50))
    assert not areas.contains(CEE, areas.centroid(CEE))


def test_the_label_goes_where_the_area_is_widest():
    assert areas.label_point(SQUARE) == pytest.approx((50, 50), abs=1)
    for shape in (ELL, CEE):
        spot = areas.label_point(shape)
        assert areas.contains(shape, spot)
        best = max(areas.inside_distance(shape, (x, y)) for x in range(0, 101, 2) for y in range(0, 101, 2))
        assert areas.inside_distance(shape, spot) >= best - 1.5
    assert areas.pole_of_inaccessibility(CEE)[0] < 20  # in the C's back, not its mouth


def test_a_view_fits_points_and_a_region_view_frames_chosen_areas_larger():
    world = [Area("west", SQUARE), Area("east", tuple((x + 100, y) for x, y in SQUARE)),
             Area("sea", tuple((x, y + 100) for x, y in ((0, 0), (200, 0), (200, 60), (0, 60))), water=True)]
    full = areas.fit_view([p for a in world for p in a.outline], (420, 340), margin=10)
    assert full.xy((0, 0))[0] == pytest.approx(10) or full.xy((0, 0))[1] == pytest.approx(10)
    close = areas.region_view(world, ["east"], 400, margin=20)
    assert close.scale > full.scale
    assert close.xy((100, 0)) == pytest.approx((20, 20)) and close.xy((200, 100)) == pytest.approx((380, 380))
    assert close.size == (400, 400)
    assert areas.region_view(world, ["east"], 400, max_height=200).size == (400, 200)
    with pytest.raises(ValueError):
        areas.region_view(world, ["nowhere"], 400)


def test_land_and_water_are_filled_and_outlined_and_water_is_patterned():
    land = Area("land", SQUARE)
    sea = Area("sea", tuple((x + 100, y) for x, y in SQUARE), water=True)
    view = areas.fit_view([*land.outline, *sea.outline], (220, 120), margin=10)
    image = Image.new("RGB", view.size, PAPER)
    areas.draw_areas(image, view, [land, sea])
    assert image.getpixel(tuple(round(v) for v in view.xy((50, 50)))) == areas.LAND.fill
    water = {image.getpixel((x, y)) for x in range(130, 200) for y in range(30, 90)}
    assert areas.WATER.fill in water and len(water) > 3  # waves over the water
    edge = view.xy((0, 50))
    assert image.getpixel((round(edge[0]) + 1, round(edge[1]))) != areas.LAND.fill  # the outline
    own = Area("own", SQUARE, fill=(200, 100, 100))
    areas.draw_areas(image, view, [own])
    assert image.getpixel(tuple(round(v) for v in view.xy((50, 50)))) == (200, 100, 100)


def test_counts_are_chips_in_player_style_and_arrows_join_areas():
    a, b = Area("a", SQUARE), Area("b", tuple((x + 200, y) for x, y in SQUARE))
    view = areas.fit_view([*a.outline, *b.outline], (320, 120), margin=10)
    image = Image.new("RGB", view.size, PAPER)
    before = image.copy()
    spots = areas.draw_counts(image, view.xy((50, 50)), [("red", 3), ("blue", 0), ("yellow", 12)])
    assert len(spots) == 2 and spots[0][0] < spots[1][0]  # no chip for a count of 0
    assert PALETTE["red"].fill in {image.getpixel((round(spots[0][0]) + dx, round(spots[0][1]) + 6))
                                   for dx in (-6, -4, 4, 6)}
    areas.draw_arrow(image, view, a, b, PALETTE["green"].fill)
    middle = view.xy((150, 50))
    assert image.getpixel((round(middle[0]), round(middle[1]))) == PALETTE["green"].fill
    box = ImageChops.difference(before, image).getbbox()
    assert box is not None and box[2] <= view.xy((250, 0))[0]  # stops short of b's middle
    label = areas.draw_label(image, view, a)
    assert label[1] < view.xy((50, 50))[1] < label[3]


def test_areas_outside_a_view_are_skipped():
    far = Area("far", tuple((x + 10_000, y) for x, y in SQUARE))
    view = areas.fit_view(SQUARE, (100, 100))
    image = Image.new("RGB", view.size, PAPER)
    areas.draw_areas(image, view, [far], water=areas.AreaStyle(PAPER, PAPER, 1, "plain"))
    assert image.getcolors() == [(100 * 100, PAPER)]
    assert not math.isnan(view.scale)
