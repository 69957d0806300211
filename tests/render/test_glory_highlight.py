"""Where one army can go, drawn over the Glory board (`render.glory.draw(..., highlight=...)`).

The reach comes from the rules (`GAME.movers`, `GAME.reach`); the pictures are compared with the
same part of the map drawn without the marks (`draw_reach(..., overlay=False)`, mapped through
the same palette), pixel for pixel.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from render import glory
from render.basics import INK, WHITE
from render.glory import reach
from render.glory.layout import WIDTH, Grid
from render.glory.static import PANEL, static_layer
from render.png import encode_png
from rules.base import Highlight
from rules.glory import GAME
from rules.glory.actions import Maneuver
from rules.glory.state import GloryState, with_player
from tests.rules.glory_fixtures import BLUE, RED, act, at, put, scenario
from tests.rules.glory_fixtures import new_game as shipped


def highlight(state: GloryState, seat: int, army: str, **options: object) -> Highlight:
    """The rules' piece for `army` and where it can go (as the host would ask)."""
    piece = next(p for p in GAME.movers(state, seat) if p.id == army)
    return Highlight(piece, tuple(GAME.reach(state, seat, army, options)))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pictures(state: GloryState, seat: int, hl: Highlight) -> tuple[Image.Image, Image.Image, Grid]:
    """The highlighted drawing, the same part unmarked (same palette) and its grid."""
    view = GAME.view(state, seat)
    marked = decode(glory.draw(view, seat, highlight=hl))
    palette = static_layer(view.board, len(view.seats)).palette
    plain = decode(encode_png(reach.draw_reach(view, hl, overlay=False), palette))
    grid, size = reach.reach_grid(view, hl)
    assert marked.size == plain.size == size
    return marked, plain, grid


def near(colour: tuple[int, ...], target: tuple[int, int, int]) -> bool:
    """The palette keeps a colour within a few levels (PIL's palette lookup is not exact)."""
    return all(abs(a - b) <= 12 for a, b in zip(colour, target))


def box(grid: Grid, state: GloryState, name: str, k: float) -> tuple[int, int, int, int]:
    x, y = grid.centre(state.board.axial(name))
    s = grid.size * k
    return round(x - s), round(y - s), round(x + s), round(y + s)


def differ(a: Image.Image, b: Image.Image, area: tuple[int, int, int, int]) -> int:
    """Pixels that differ between `a` and `b` inside `area`."""
    diff = ImageChops.difference(a.crop(area), b.crop(area)).convert("L").point(lambda v: 255 if v > 24 else 0)
    return diff.histogram()[255]


def band(grid: Grid, state: GloryState, name: str) -> tuple[int, int]:
    """A point on the band of a hex's inset outline (its west corner)."""
    x, y = grid.centre(state.board.axial(name))
    return round(x - grid.size * reach.INSET), round(y)


def mountain_pass() -> GloryState:
    """Red's swordsman at (0, 0), a mountain east of it (G-M2: costs 2), Blue's peasant west of it
    (G-M3: blocks), plains round them."""
    state = scenario({(1, 0): "mountains"})
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, BLUE, at(-1, 0), peasant=1)
    return state


def test_without_a_highlight_the_board_and_the_focus_draw_exactly_as_before():
    state = shipped()
    view = GAME.view(state, RED)
    board = glory.draw(view, RED)
    assert glory.draw(view, RED, None, None) == board
    assert glory.draw(view, RED, "red", None) == glory.draw(view, RED, "red")
    assert decode(board).width == WIDTH
    marked = glory.draw(view, RED, highlight=highlight(view, RED, next(iter(state.players[RED].armies))))
    assert marked != board and decode(marked).width < WIDTH


def test_G_M2_every_reachable_hex_is_outlined_and_numbered_with_its_cost():
    state = mountain_pass()
    hl = highlight(state, RED, at(0, 0))
    costs = {r.to: r.cost for r in hl.reach}
    assert costs[at(1, 0)] == 2 and costs[at(0, 1)] == 1 and costs[at(0, 2)] == 2  # the rules, G-M2
    marked, plain, grid = pictures(state, RED, hl)
    for name in costs:
        if name == at(0, 0):
            continue
        assert near(marked.getpixel(band(grid, state, name)), WHITE), name
        assert differ(marked, plain, box(grid, state, name, 0.85)) > grid.size ** 2 * 0.4, name
        x, y = reach.disc_centre(grid, state, name)
        r = reach.disc_radius(grid)
        disc = marked.crop((round(x - r * 0.8), round(y - r * 0.8), round(x + r * 0.8), round(y + r * 0.8)))
        colours = [c for _, c in disc.getcolors(4096) or []]
        assert any(near(c, WHITE) for c in colours) and any(near(c, INK) for c in colours), name  # ink on white


def test_G_M2_hexes_of_equal_cost_carry_the_same_number_and_others_another():
    state = mountain_pass()
    hl = highlight(state, RED, at(0, 0))
    marked, _, grid = pictures(state, RED, hl)
    r = reach.disc_radius(grid)

    def number(name: str) -> Image.Image:
        """The ink inside the disc (short of its ring), cropped to it: the number's shape."""
        x, y = reach.disc_centre(grid, state, name)
        inside = marked.crop((round(x - r * 0.55), round(y - r * 0.55), round(x + r * 0.55), round(y + r * 0.55)))
        ink = inside.convert("L").point(lambda v: 255 if v < 128 else 0)
        return ink.crop(ink.getbbox())

    def unlike(a: Image.Image, b: Image.Image) -> int:
        size = (max(a.width, b.width), max(a.height, b.height))
        return differ(a.crop((0, 0, *size)), b.crop((0, 0, *size)), (0, 0, *size))

    ones = [number(at(0, 1)), number(at(0, -1)), number(at(1, -1))]
    twos = [number(at(1, 0)), number(at(0, 2)), number(at(0, -2))]
    same = [unlike(a, b) for group in (ones, twos) for a, b in zip(group, group[1:])]
    other = [unlike(a, b) for a in ones for b in twos]
    assert max(same) * 2 < min(other), (same, other)  # the same digit differs only by anti-aliasing


def test_G_M3_a_blocked_hex_and_hexes_out_of_reach_stay_as_they_are():
    state = mountain_pass()
    hl = highlight(state, RED, at(0, 0))
    reachable = {r.to for r in hl.reach}
    assert at(-1, 0) not in reachable  # Blue's peasant blocks (G-M3)
    marked, plain, grid = pictures(state, RED, hl)
    board = state.board

    def shown(area: tuple[int, int, int, int]) -> bool:
        return 0 < area[0] and area[2] < marked.width and reach.HEADING < area[1] and area[3] < marked.height

    unreached = [name for name in board.names if name not in reachable and shown(box(grid, state, name, 0.45))]
    assert at(-1, 0) in unreached and len(unreached) >= 12
    for name in unreached:
        assert differ(marked, plain, box(grid, state, name, 0.45)) == 0, name
        assert not near(marked.getpixel(band(grid, state, name)), WHITE), name


def test_the_armys_own_hex_is_marked_start_unlike_the_hexes_it_can_reach():
    state = mountain_pass()
    hl = highlight(state, RED, at(0, 0))
    assert any(r.to == at(0, 0) and r.cost == 0 for r in hl.reach)  # staying is a maneuver (G-M4)
    marked, plain, grid = pictures(state, RED, hl)
    assert near(marked.getpixel(band(grid, state, at(0, 0))), INK)
    assert near(marked.getpixel(band(grid, state, at(0, 1))), WHITE)
    x, y = grid.centre(state.board.axial(at(0, 0)))
    s = grid.size
    tag = (round(x - s * 0.4), round(y - s * 0.75), round(x + s * 0.4), round(y - s * 0.45))
    assert differ(marked, plain, tag) > 100  # the "start" tag


def test_the_caption_says_where_the_army_can_go_and_what_the_numbers_mean():
    state = mountain_pass()
    hl = highlight(state, RED, at(0, 0))
    count = len(hl.reach) - 1
    title, note = reach.caption(hl, count)
    assert title == f"Where the army at {at(0, 0)} can go: {count} hexes"
    assert note == "1 swordsman; numbers are movement points"
    marked, _, grid = pictures(state, RED, hl)
    strip = marked.crop((0, 0, marked.width, reach.HEADING))
    colours = strip.getcolors(65536) or []
    assert sum(n for n, c in colours if near(c, PANEL)) > 0.7 * strip.width * strip.height  # a strip of its own
    assert sum(n for n, c in colours if near(c, INK)) > 500  # with words on it
    alone = highlight(state, RED, at(0, 0), units="2 swordsmen")  # more than it has: no reach
    assert alone.reach == ()
    other = decode(glory.draw(GAME.view(state, RED), RED, highlight=alone))
    assert differ(strip, other.crop((0, 0, other.width, reach.HEADING)), (0, 0, strip.width, reach.HEADING)) > 200


def test_an_unpacked_trebuchet_cannot_move_and_says_so():
    """Units table: a trebuchet moves only when packed; the army can only stay (G-M4)."""
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1, trebuchet=1)
    hl = highlight(state, RED, at(0, 0))
    assert [r.to for r in hl.reach] == [at(0, 0)]
    assert reach.caption(hl, 0) == (f"The army at {at(0, 0)} cannot move now", "1 swordsman, 1 trebuchet")
    marked, plain, grid = pictures(state, RED, hl)
    assert near(marked.getpixel(band(grid, state, at(0, 0))), INK)
    for name in (at(1, 0), at(0, 1), at(-1, 1), at(-1, 0), at(0, -1), at(1, -1)):
        assert differ(marked, plain, box(grid, state, name, 0.5)) == 0, name
    assert grid.size == reach.RADII[0]  # two hexes round it, at the largest size


def test_a_long_reach_fits_in_the_picture_and_stays_readable_at_the_preview_width():
    state = shipped("five-kingdoms", 3, seed=18)
    galley = next(h for h, a in state.players[RED].armies.items() if "galley" in a.units)
    hl = highlight(state, RED, galley, march=True)
    assert len(hl.reach) > 20
    marked, _, grid = pictures(state, RED, hl)
    for r in hl.reach:
        x, y = grid.centre(state.board.axial(r.to))
        assert grid.size < x < marked.width - grid.size and reach.HEADING < y < marked.height, r.to
    scale = 550 / marked.width
    assert reach.disc_radius(grid) * scale >= 7 and reach.TITLE_SIZE * scale >= 13


def test_the_last_maneuver_is_left_out_of_the_reach_picture():
    state = mountain_pass()
    armies = state.players[RED].armies
    state = with_player(state, RED, armies=armies.with_item(at(3, 3), armies[at(0, 0)]))
    moved = act(state, RED, Maneuver(at(3, 3), at(4, 3))).state
    assert moved.last is not None and moved.players[RED].action_cubes  # Red may maneuver again
    hl = highlight(moved, RED, at(0, 0))
    plain = reach.draw_reach(GAME.view(moved, RED), hl)
    assert reach.draw_reach(GAME.view(replace(moved, last=None), RED), hl).tobytes() == plain.tobytes()


@pytest.mark.parametrize("focus", [None, "red"])
def test_a_highlight_wins_over_a_focus(focus):
    state = mountain_pass()
    hl = highlight(state, RED, at(0, 0))
    view = GAME.view(state, RED)
    assert glory.draw(view, RED, focus, hl) == glory.draw(view, RED, None, hl)
