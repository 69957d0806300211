"""The drawing modules every game's renderer shares: palette, text, marks, lines, legend, PNG
encoding, the static layer cache and the board header."""

from __future__ import annotations

import io
import threading
import time

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import header, layers, legend, lines, marks, palette, png, text
from render.basics import INK, PAPER, WHITE, mix
from rules.vikings import GAME


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def ink_box(image: Image.Image, background: tuple[int, int, int]) -> tuple[int, int, int, int] | None:
    """The box of every pixel that differs from `background`."""
    return ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, background)).getbbox()


# --- palette ----------------------------------------------------------------------------------


def test_every_palette_colour_has_its_own_shape_and_letter():
    styles = list(palette.PALETTE.values())
    assert len({s.shape for s in styles}) == len(styles)
    assert len({s.letter for s in styles}) == len(styles)
    assert len({s.fill for s in styles}) == len(styles)
    assert all(s.shape in marks.SHAPES for s in styles)
    for colour in GAME.colours:
        assert colour in palette.PALETTE, f"{colour} has no colour-blind-safe style"


def test_eighteen_seats_each_have_a_colour_shape_and_letter_of_their_own():
    styles = palette.seat_styles(18)
    assert [s.name for s in styles[:8]] == list(palette.PALETTE)  # the colour-blind-safe ones first
    assert len({s.name for s in styles}) == 18
    assert len({s.fill for s in styles}) == 18
    assert len({s.shape for s in styles}) == 18
    assert len({s.letter for s in styles}) == 18
    assert set(marks.SHAPES) == {s.shape for s in styles}
    for s in styles:  # the letter is readable on the fill
        contrast = abs(sum(s.fill) - sum(s.ink))
        assert contrast > 250, s.name
        assert palette.player_style(s.name.upper()) is s
    with pytest.raises(ValueError):
        palette.seat_styles(19)


def test_every_shape_is_drawn_inside_its_marker_and_as_heavy_as_a_circle():
    r = 20
    circle = 3.14159 * r * r
    for shape in marks.SHAPES:
        points = marks.shape_polygon(shape, 0, 0, r)
        if points is None:
            continue
        assert max(max(abs(x), abs(y)) for x, y in points) <= 1.35 * r, shape
        area = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2
        assert 0.65 * circle < area < 1.2 * circle, (shape, area / circle)


def test_an_unknown_colour_still_gets_a_style():
    style = palette.player_style("Turquoise")
    assert style.letter == "T"
    assert style.shape in marks.SHAPES
    assert palette.player_style("Ørange").letter == "Ø"
    assert palette.player_style("🔥red").letter == "?"  # an emoji has no letter


# --- text (player text in any script: test_text.py) ------------------------------------------


def test_text_is_cut_to_fit_a_width():
    assert text.fit("Nordhav", 20, 500) == "Nordhav"
    cut = text.fit("a very long board title indeed, longer than the panel", 26, 200)
    assert cut.endswith("...") and text.text_width(cut, 26) <= 200


def test_text_is_anchored_and_haloed():
    image = Image.new("RGB", (200, 60), (0, 0, 0))
    box = text.draw_text(image, (100, 30), "Hej", 20)
    assert abs((box[0] + box[2]) / 2 - 100) <= 1 and abs((box[1] + box[3]) / 2 - 30) <= 1
    assert PAPER in {image.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])}
    assert text.anchored((10, 20), (100, 100), "rb") == (90, 80)


# --- marks ------------------------------------------------------------------------------------


def test_markers_and_text_sprites_are_cached_and_transparent_around_the_ink():
    sprite = marks.marker_sprite("yellow", 16, "Y2")
    assert sprite is marks.marker_sprite("yellow", 16, "Y2")
    assert sprite.mode == "RGBA"
    assert sprite.getpixel((0, 0))[3] == 0
    assert sprite.getpixel((sprite.width // 2, sprite.height // 2))[3] == 255


def test_every_extended_marker_shows_its_fill_and_its_letter():
    for style in palette.seat_styles(18):
        sprite = marks.marker_sprite(style.name, 17)
        colours = {c for _, c in sprite.getcolors(sprite.width * sprite.height) or [] if c[3] == 255}
        assert (*style.fill, 255) in colours, style.name
        assert (*style.ink, 255) in colours, style.name  # the letter


def test_a_unit_marker_carries_its_count_in_a_tag_only_when_more_than_one():
    single, many = marks.unit_sprite("red", "I", 1, 11), marks.unit_sprite("red", "I", 7, 11)
    assert single is marks.marker_sprite("red", 11, "I")
    assert many.width > marks.visible_width(single) and many.getchannel("A").getbbox() == (0, 0, *many.size)
    assert (*INK, 255) in {c for _, c in many.getcolors(many.width * many.height) or []}  # the tag


def test_chips_are_laid_out_in_centred_rows_within_a_width():
    chips = [marks.marker_sprite("blue", 10)] * 5
    one = marks.visible_width(chips[0])
    spots = marks.chip_spots(chips, (100, 100), width=3 * (one + 2))
    rows = sorted({y for _, y in spots})
    assert len(rows) == 2 and sum(rows) / 2 == 100  # the block is centred, not its first row
    assert [x for x, y in spots if y == rows[0]] == sorted(x for x, y in spots if y == rows[0])
    image = Image.new("RGB", (200, 200), PAPER)
    assert marks.draw_chips(image, (100, 100), chips, 3 * (one + 2)) == spots
    x, y = round(spots[0][0]), round(spots[0][1])
    assert palette.PALETTE["blue"].fill in {image.getpixel((x + dx, y + dy)) for dx in range(-8, 9) for dy in (-7, 7)}


def test_tags_mark_points_with_readable_text():
    image = Image.new("RGB", (100, 60), PAPER)
    marks.draw_tags(image, [((30, 30), "+2"), ((70, 30), "-1")], palette.PALETTE["yellow"].fill, offset=(0, -10))
    assert ink_box(image, PAPER) is not None
    around = {image.getpixel((x, y)) for x in range(22, 39) for y in range(14, 27)}
    assert palette.PALETTE["yellow"].fill in around and INK in around  # dark text on yellow
    assert image.getpixel((30, 45)) == PAPER


def test_a_tag_is_as_wide_as_its_text():
    short, long = marks.tag_sprite("3"), marks.tag_sprite("x12")
    assert short.height == long.height and long.width > short.width >= short.height


def test_a_sprites_ink_box_is_its_visible_part_while_it_lives():
    """Measured once per sprite: a new sprite (often at the address of one just dropped) is
    measured anew, and a dropped sprite's measure goes with it."""
    kept = len(marks._INK)  # the sprites that live on in caches
    for width in range(1, 30):
        sprite = Image.new("RGBA", (40, 20), (0, 0, 0, 0))
        sprite.paste((200, 0, 0, 255), (3, 4, 3 + width, 9))
        assert marks.ink_box(sprite) == (3, 4, 3 + width, 9) == sprite.getchannel("A").getbbox()
        assert (marks.visible_width(sprite), marks.visible_height(sprite)) == (width, 5)
    assert marks.ink_box(Image.new("RGBA", (5, 5), (0, 0, 0, 0))) is None
    del sprite
    assert len(marks._INK) <= kept


# --- lines ------------------------------------------------------------------------------------


def test_towards_and_dashes():
    assert lines.towards((0, 0), (10, 0), 4) == (4, 0)
    assert lines.towards((5, 5), (5, 5), 4) == (5, 5)
    image = Image.new("RGB", (100, 10), WHITE)
    lines.dashed_polyline(ImageDraw.Draw(image), [(0, 5), (100, 5)], 10, 10, INK, 2)
    row = [image.getpixel((x, 5)) == INK for x in range(100)]
    assert row[5] and not row[15] and row[25]


def test_a_route_runs_through_its_points_with_an_arrow_at_the_end():
    image = Image.new("RGB", (300, 100), PAPER)
    lines.draw_route(ImageDraw.Draw(image), [(20, 50), (150, 50), (280, 50)], (213, 94, 0), end_gap=20)
    assert image.getpixel((80, 50)) == (213, 94, 0)
    assert image.getpixel((275, 50)) == PAPER  # stops short of the last point
    assert image.getpixel((242, 57)) == (213, 94, 0)  # the arrow head is wider than the line


def test_an_arrow_points_from_a_to_b():
    image = Image.new("RGB", (200, 60), PAPER)
    lines.arrow(ImageDraw.Draw(image), (10, 30), (190, 30), INK, trim=10)
    assert image.getpixel((5, 30)) == PAPER and image.getpixel((100, 30)) == INK
    assert image.getpixel((165, 35)) == INK  # the head is wider than the shaft


# --- legend and cards -------------------------------------------------------------------------


def test_a_legend_lays_its_entries_out_in_columns():
    image = Image.new("RGB", (400, 200), PAPER)
    centres = []

    def icon(img: Image.Image, at: tuple[float, float]) -> None:
        centres.append(at)

    height = legend.legend(image, (10, 10), [(icon, "one"), (icon, "two"), (icon, "three")], 380, columns=2)
    assert len(centres) == 3 and centres[0][0] == centres[1][0] < centres[2][0]
    assert 0 < height < 200
    legend.card(ImageDraw.Draw(image), (300, 150, 390, 190))
    assert image.getpixel((300 + 45, 150)) == legend.CARD_EDGE


# --- PNG --------------------------------------------------------------------------------------


def test_encoding_to_a_fixed_palette_keeps_the_exact_fixed_colours():
    image = Image.new("RGB", (40, 20), palette.PALETTE["blue"].fill)
    image.paste(palette.PALETTE["red"].fill, (20, 0, 40, 20))
    fixed = png.build_palette([image], [palette.PALETTE["red"].fill, palette.PALETTE["blue"].fill])
    out = decode(png.encode_png(image, fixed))
    assert out.getpixel((5, 5)) == palette.PALETTE["blue"].fill
    assert out.getpixel((30, 5)) == palette.PALETTE["red"].fill
    assert decode(png.encode_png(image)).getpixel((5, 5)) == palette.PALETTE["blue"].fill


# --- the static layer cache -------------------------------------------------------------------


def test_a_layer_is_built_once_per_board_value_and_the_oldest_dropped():
    built: list[tuple[str, int]] = []

    def build(board: tuple[str, int]) -> list[tuple[str, int]]:
        built.append(board)
        return [board]

    cache: layers.LayerCache[tuple[str, int], list[tuple[str, int]]] = layers.LayerCache(build, keep=2)
    first = cache.get(("map", 1))
    assert cache(("map", 1)) is first and built == [("map", 1)]
    cache.get(("map", 2))
    cache.get(("map", 1))  # used again: now the newest
    cache.get(("map", 3))  # drops map 2, the least recently used
    assert ("map", 2) not in cache and ("map", 1) in cache and len(cache) == 2
    cache.clear()
    assert len(cache) == 0 and cache.get(("map", 1)) is not first


def test_threads_building_the_same_layer_at_once_all_get_one_object():
    def slow(board: str) -> object:
        time.sleep(0.02)
        return object()

    cache: layers.LayerCache[str, object] = layers.LayerCache(slow)
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(cache.get("map"))) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 6 and all(g is got[0] for g in got)
    assert cache.get("map") is got[0]


# --- the board header -------------------------------------------------------------------------


def test_the_header_draws_titles_then_status_and_returns_where_the_panel_goes_on():
    image = Image.new("RGB", (440, 220), PAPER)
    below = header.draw_header(image, (20, 0), 400, "Tiny Epic Vikings", "Nordhav", "Era 2", "raid: 2 steel",
                               "Red's turn", ["red"])
    assert below == header.HEADER_HEIGHT
    box = ink_box(image, PAPER)
    assert box is not None and box[1] >= 10 and box[3] <= below and box[2] <= 420
    # the turn marker sits at the start of the turn line, in the player's colour
    y = header.TITLES_HEIGHT + 56
    assert palette.PALETTE["red"].fill in {image.getpixel((34 + dx, y + dy)) for dx in (-6, 0, 6) for dy in (-6, 6)}


def test_the_header_shows_everyone_awaited_and_cuts_long_titles():
    one = Image.new("RGB", (300, 200), PAPER)
    many = Image.new("RGB", (300, 200), PAPER)
    long = "A board whose title goes on and on far beyond the panel"
    header.draw_header(one, (10, 0), 280, "Tally", long, "Round 3", turn="Everyone plans", awaited=["red"])
    header.draw_header(many, (10, 0), 280, "Tally", long, "Round 3", turn="Everyone plans",
                       awaited=["red", "blue", "yellow"])
    for image in (one, many):
        box = ink_box(image, PAPER)
        assert box is not None and box[2] <= 290
    diff = ImageChops.difference(one, many).getbbox()
    assert diff is not None and diff[1] >= header.TITLES_HEIGHT  # only the turn line differs


def test_mix():
    assert mix((0, 0, 0), (255, 255, 255), 0.5) == (128, 128, 128)
