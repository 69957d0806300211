"""Square tile grids: tiles drawn from zones, roads and features; territories fitted in one
image; paths across tiles."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from render import terrain, tiles
from render.basics import PAPER
from render.palette import PALETTE
from render.tiles import Tile, TileGrid, Zone

SEA = terrain.terrain("sea")
PLAINS = terrain.terrain("plains")
MOUNTAINS = terrain.terrain("mountains")


def share(image: Image.Image, box: tuple[int, int, int, int], t: terrain.Terrain) -> float:
    """The share of pixels in `box` that are the terrain's fill or pattern ink."""
    part = image.crop(box)
    colours = part.getcolors(part.width * part.height) or []
    return sum(n for n, c in colours if c in (t.fill, t.ink)) / (part.width * part.height)


def test_a_grid_maps_cells_to_pixels_with_y_growing_south():
    grid = TileGrid(50, (10, 20))
    assert grid.box((0, 0)) == (10, 20, 60, 70)
    assert grid.centre((1, -1)) == (85, -5)
    assert grid.at((85, -5)) == (1, -1) and grid.at((10, 20)) == (0, 0)


def test_zones_fill_the_edges_they_touch():
    tile = Tile((Zone("sea", "ne"), Zone("mountains", "s")))
    image = tiles.tile_sprite(tile, 100, letters=False)
    assert image.size == (100, 100)
    assert share(image, (40, 4, 60, 16), SEA) > 0.8  # north edge
    assert share(image, (84, 40, 96, 60), SEA) > 0.8  # east edge
    assert share(image, (40, 84, 60, 96), MOUNTAINS) > 0.8  # south
    assert share(image, (4, 40, 16, 60), PLAINS) > 0.8  # west: the base terrain
    assert tile.edge("w") == "plains" and tile.edge("e") == "sea"


def test_a_zone_on_opposite_edges_is_joined_across_the_middle_and_one_on_none_sits_in_it():
    band = tiles.tile_sprite(Tile((Zone("sea", "ns"),)), 100, letters=False)
    assert share(band, (44, 40, 56, 60), SEA) > 0.8
    pond = tiles.tile_sprite(Tile((Zone("sea", ""),)), 100, letters=False)
    assert share(pond, (44, 44, 56, 56), SEA) > 0.8 and share(pond, (40, 4, 60, 16), PLAINS) > 0.8


def test_roads_features_and_letters_show():
    plain_tile = tiles.tile_sprite(Tile(()), 100, letters=False)
    road = tiles.tile_sprite(Tile((), roads="ns"), 100, letters=False)
    assert road.getpixel((50, 10)) == tiles.ROAD and road.getpixel((10, 50)) != tiles.ROAD
    assert ImageChops.difference(plain_tile, road).getbbox() is not None
    featured = tiles.tile_sprite(Tile((), roads="ns", features=("C",)), 100, letters=False)
    box = ImageChops.difference(road, featured).getbbox()
    assert box is not None and (box[0] + box[2]) / 2 != 50  # the badge is beside the road
    lettered = tiles.tile_sprite(Tile(()), 100)
    assert ImageChops.difference(plain_tile, lettered).getbbox() is not None
    assert tiles.tile_sprite(Tile(()), 100) is lettered  # cached


def test_rotating_a_tile_turns_its_zones_and_roads_clockwise():
    tile = Tile((Zone("sea", "n"), Zone("mountains", "es")), roads="nw", features=("C",))
    turned = tiles.rotate(tile, 1)
    assert turned.edge("e") == "sea" and turned.edge("s") == "mountains" and turned.edge("w") == "mountains"
    assert turned.roads == "ne"
    assert tiles.rotate(tile, 4) == tile
    assert tiles.rotate(tiles.rotate(tile, 3), 1) == tile


def test_territories_are_fitted_apart_with_one_tile_size_and_room_for_a_caption():
    shapes = [[(0, 0), (1, 0), (2, 0)], [(0, 0), (0, 1)], [(-2, -1), (0, 0), (1, 1)]]
    slots = tiles.fit_territories(shapes, (0, 0, 600, 400), gap=10, caption=24, max_size=500)
    assert len(slots) == 3 and len({s.grid.size for s in slots}) == 1
    covered = []
    for slot, cells in zip(slots, shapes):
        boxes = [slot.grid.box(c) for c in cells]
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert slot.box[0] - 1e-6 <= left and right <= slot.box[2] + 1e-6
        assert slot.box[1] + 24 - 1e-6 <= top and bottom <= slot.box[3] + 1e-6
        assert slot.caption[1] == pytest.approx(slot.box[1] + 12)
        covered.append((left, top, right, bottom))
    for i, a in enumerate(covered):  # no two territories overlap
        for b in covered[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    assert tiles.fit_territories([], (0, 0, 10, 10)) == []


def test_a_territory_path_marker_and_marks_are_drawn():
    grid = TileGrid(60, (10, 10))
    land = {(x, y): Tile((), roads="ew") for x in range(4) for y in range(2)}
    base = Image.new("RGB", (270, 140), PAPER)
    tiles.draw_territory(base, grid, land)
    assert base.getpixel((5, 5)) == PAPER and base.getpixel(tuple(round(v) for v in grid.centre((0, 0)))) == tiles.ROAD
    drawn = base.copy()
    path = [(0, 1), (1, 1), (2, 1), (3, 1)]
    tiles.draw_path(drawn, grid, path, PALETTE["blue"].fill, end_gap=10)
    tiles.draw_marker(drawn, grid, (3, 1), "blue")
    tiles.draw_path_marks(drawn, grid, {(1, 1): "+1"}, PALETTE["blue"].fill)
    changed = ImageChops.difference(base, drawn).getbbox()
    assert changed is not None and changed[1] >= grid.box((0, 1))[1] - 30  # the lower row, and tags above it
    x, y = grid.centre((1, 1))
    assert drawn.getpixel((round(x + 30), round(y))) == PALETTE["blue"].fill


def test_fill_polygon_paints_the_terrain_inside_the_polygon_only():
    image = Image.new("RGB", (100, 100), PAPER)
    terrain.fill_polygon(image, [(10, 10), (90, 10), (50, 90)], "desert", width=0)
    desert = terrain.terrain("desert")
    assert image.getpixel((50, 30)) in (desert.fill, desert.ink)
    assert image.getpixel((12, 80)) == PAPER
