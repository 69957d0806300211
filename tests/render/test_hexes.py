"""Hex maps: axial coordinates, pointy-top geometry, terrain fills readable without colour,
labels, unit stacks and paths."""

from __future__ import annotations

import math
import time

import pytest
from PIL import Image, ImageChops

from render import hexes, terrain
from render.basics import PAPER
from render.hexes import HexGrid, Unit
from render.palette import PALETTE


def differs(a: Image.Image, b: Image.Image, centre: tuple[float, float], radius: int) -> int:
    x, y = round(centre[0]), round(centre[1])
    box = (x - radius, y - radius, x + radius, y + radius)
    return ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(lambda v: 255 if v > 24 else 0) \
        .histogram()[255]


def test_pointy_top_geometry_and_pixel_round_trip():
    grid = HexGrid(20, (100, 100))
    assert grid.centre((0, 0)) == (100, 100)
    corners = grid.corners((0, 0))
    assert len(corners) == 6
    assert min(corners, key=lambda p: p[1]) == pytest.approx((100, 80))  # a corner straight up
    assert all(math.dist(c, (100, 100)) == pytest.approx(20) for c in corners)
    for hex in [(0, 0), (3, -2), (-4, 5), (7, 7)]:
        assert grid.at(grid.centre(hex)) == hex
        for n in hexes.neighbours(hex):  # neighbours are one hex width apart
            assert math.dist(grid.centre(hex), grid.centre(n)) == pytest.approx(grid.width)
            assert hexes.distance(hex, n) == 1
    assert hexes.distance((0, 0), (3, -1)) == 3
    assert grid.centre((0, 1))[1] == pytest.approx(100 + 30)  # rows 1.5 sizes apart


def test_default_names_are_column_letters_and_row_numbers():
    assert hexes.hex_name((0, 0)) == "A1"
    assert hexes.hex_name((1, 0)) == "B1"
    assert hexes.hex_name((0, 1)) == "A2"
    assert hexes.hex_name((3, 6)) == "G7"
    assert hexes.hex_name(hexes.from_offset(27, 9)) == "AB10"
    assert hexes.hex_name((1, 1), first=(1, 1)) == "A1"
    for col in range(5):
        for row in range(5):
            assert hexes.to_offset(hexes.from_offset(col, row)) == (col, row)
    with pytest.raises(ValueError):
        hexes.hex_name((0, -1))


def test_a_grid_fits_its_hexes_in_a_box():
    cells = [hexes.from_offset(c, r) for c in range(10) for r in range(8)]
    grid = hexes.fit_grid(cells, (10, 20, 610, 420), max_size=100)
    left, top, right, bottom = hexes.grid_box(grid, cells)
    assert left >= 10 - 1e-6 and top >= 20 - 1e-6 and right <= 610 + 1e-6 and bottom <= 420 + 1e-6
    assert right - left == pytest.approx(600) or bottom - top == pytest.approx(400)
    assert hexes.fit_grid(cells[:1], (0, 0, 1000, 1000), max_size=30).size == 30


def test_every_terrain_has_its_own_pattern_and_letter_so_greyscale_still_tells_them_apart():
    names = ["plains", "forest", "hills", "desert", "mountains", "swamp", "sea", "ocean", "unexplored"]
    styles = [terrain.terrain(n) for n in names]
    assert len({t.pattern for t in styles}) == len(names)
    assert len({t.letter for t in styles}) == len(names)
    grey = []
    for n in names:
        sprite = hexes.hex_sprite(n, 30.0, letter=False)
        flat = Image.new("RGB", sprite.size, PAPER)
        flat.paste(sprite, (0, 0), sprite)
        grey.append(flat.convert("L"))
    for i, a in enumerate(grey):
        for b in grey[i + 1:]:
            assert ImageChops.difference(a, b).point(lambda v: 255 if v > 12 else 0).histogram()[255] > 40
    assert terrain.terrain("Glacier").letter == "G"  # an unknown terrain still draws


def test_a_hex_is_filled_inside_its_outline_only():
    image = Image.new("RGB", (200, 200), PAPER)
    grid = HexGrid(40, (100, 100))
    hexes.draw_hex(image, grid, (0, 0), "sea", letter=False)
    sea = terrain.terrain("sea")
    assert image.getpixel((100, 100)) in (sea.fill, sea.ink)
    assert image.getpixel((100 + 33, 100 - 38)) == PAPER  # outside the upper right edge
    assert image.getpixel((5, 5)) == PAPER


def test_labels_stacks_and_paths_change_the_pixels_where_they_go():
    grid = HexGrid(36, (60, 60))
    cells = {hexes.from_offset(c, r): "plains" for c in range(6) for r in range(4)}
    base = Image.new("RGB", (400, 260), PAPER)
    hexes.draw_hexes(base, grid, cells)
    drawn = base.copy()
    hexes.draw_label(drawn, grid, (1, 1), "B2")
    hexes.draw_stack(drawn, grid, (3, 0), [Unit("red", "I", 3), Unit("blue", "C")])
    path = [(0, 2), (1, 2), (2, 1), (3, 1)]
    hexes.draw_path(drawn, grid, path, PALETTE["red"].fill)
    hexes.draw_path_marks(drawn, grid, {(0, 2): "+2"}, PALETTE["red"].fill)
    label = grid.centre((1, 1))
    assert differs(base, drawn, (label[0], label[1] + 0.6 * grid.size), 6) > 0
    assert differs(base, drawn, grid.centre((3, 0)), 10) > 20
    for a, b in zip(path, path[1:]):
        pa, pb = grid.centre(a), grid.centre(b)
        assert differs(base, drawn, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2), 3) > 0
    c = grid.centre((0, 2))
    assert differs(base, drawn, (c[0] + 0.42 * grid.size, c[1] - 0.6 * grid.size), 4) > 0
    assert differs(base, drawn, grid.centre((5, 3)), 10) == 0


def test_a_crowded_stack_stays_inside_its_hex():
    grid = HexGrid(40, (100, 100))
    image = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    units = [Unit(c, "I", n) for c, n in (("red", 12), ("blue", 2), ("yellow", 1), ("navy", 4))]
    hexes.draw_stack(image, grid, (0, 0), units)
    left, top, right, bottom = image.getchannel("A").getbbox()
    assert left >= 100 - grid.width / 2 and right <= 100 + grid.width / 2
    assert top >= 100 - grid.size and bottom <= 100 + grid.size


def test_a_whole_hex_board_draws_well_under_the_budget():
    cells = {hexes.from_offset(c, r): ["plains", "forest", "sea", "hills"][(c + r) % 4]
             for c in range(14) for r in range(10)}

    def board() -> None:
        image = Image.new("RGB", (1100, 800), PAPER)
        grid = hexes.fit_grid(cells, (10, 10, 1090, 790))
        hexes.draw_hexes(image, grid, cells)
        for h in cells:
            hexes.draw_label(image, grid, h, hexes.hex_name(h))
        for i, h in enumerate(list(cells)[::7]):
            hexes.draw_stack(image, grid, h, [Unit("red", "I", i + 1), Unit("sky", "S", 2)])

    board()  # sprites cached
    started = time.perf_counter()
    board()
    assert time.perf_counter() - started < 0.2  # ~10 ms on a laptop; generous for loaded CI
