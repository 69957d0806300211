"""The map layers: what depends only on the board and the number of players (ocean, starting
provinces, face-down provinces, hex names, province borders, titles, the PNG palette), drawn once;
and on top of it, per set of explored provinces, those provinces' tiles (a few kept at a time)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar, cast

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER, RGB, WHITE, mix
from render.glory.icons import FACE_DOWN, RELIC, RELIC_EDGE, cube_sprite, hex_sprite, relic_sprite, structure_sprite
from render.glory.layout import EDGE_CORNERS, MAP_W, PANEL_W, WIDTH, Grid, Layout, layout
from render.header import draw_titles
from render.layers import LayerCache
from render.lines import draw_route
from render.marks import marker_sprite, unit_sprite
from render.palette import PALETTE
from render.png import build_palette
from render.terrain import TERRAINS
from render.text import draw_text, paste, plain
from rules import hexes
from rules.glory.board import Board, Province, Tile
from rules.glory.state import Placed

PANEL: RGB = (244, 239, 228)
FRAME: RGB = (150, 138, 116)
BORDER: RGB = (40, 36, 30)
FIXED_COLOURS: list[RGB] = [
    INK, PAPER, WHITE, MUTED, PANEL, FRAME, BORDER, RELIC, RELIC_EDGE,
    *(c for t in (*TERRAINS.values(), FACE_DOWN) for c in (t.fill, t.ink)),
    *(c for s in PALETTE.values() for c in (s.fill, s.tint)),
]


@dataclass(frozen=True)
class Static:
    """A board's base image (at one player count), its layout and the PNG palette."""

    image: Image.Image
    layout: Layout
    palette: Image.Image


def name_size(grid: Grid) -> int:
    return max(11, grid.least, round(grid.size * 0.31))


def draw_hex(image: Image.Image, grid: Grid, board: Board, i: int, kind: str | None, named: bool = True) -> None:
    """Hex `i` of the board: its terrain (face down: hatched) and, `named`, its name and terrain
    letter (the letter only where the map's text may be small, `grid.least` 0: elsewhere colour
    and pattern tell the terrain)."""
    paste(image, hex_sprite(kind, round(grid.size, 2), named and not grid.least), grid.centre(board.axials[i]))
    if named:
        draw_name(image, grid, board, i)


def draw_name(image: Image.Image, grid: Grid, board: Board, i: int) -> None:
    """Hex `i`'s name ("D7") near its bottom edge, haloed."""
    at = grid.centre(board.axials[i])
    draw_text(image, (at[0], at[1] + grid.size * 0.63), board.names[i], name_size(grid), INK, PAPER, halo_width=2,
              bold=True)


def draw_borders(image: Image.Image, grid: Grid, board: Board, provinces: Iterable[int]) -> None:
    """The outline of each province in `provinces` (where it meets the ocean or another province)."""
    pen = ImageDraw.Draw(image)
    width = max(3, round(grid.size / 12))
    owner = board.province_of
    at = board.axial_index
    joints: set[tuple[float, float]] = set()
    for p in provinces:
        for i in board.province_hexes[p]:
            q, r = board.axials[i]
            corners = grid.corners((q, r))
            for (dq, dr), (a, b) in zip(hexes.DIRECTIONS, EDGE_CORNERS):
                j = at.get((q + dq, r + dr))
                if j is None or owner[j] != p:
                    pen.line((corners[a], corners[b]), fill=BORDER, width=width)
                    joints.update((corners[a], corners[b]))
    half = width / 2 - 0.5
    for x, y in joints:  # round the joints
        pen.ellipse((x - half, y - half, x + half, y + half), fill=BORDER)


BoardKey = tuple[str, str, int, int, tuple[Province, ...], tuple[Tile, ...]]  # what a board looks like: `board_key`
BaseKey = tuple[BoardKey, int, Board]  # (the board's look, the number of players, the board)
Placements = tuple[tuple[str, str, int], ...]  # (centre, tile, rotation) per explored province, sorted
MapKey = tuple[BoardKey, int, Placements, Board]


def board_key(board: Board) -> BoardKey:
    """A board's map and tiles as a hashable value. Boards hash by identity (rules/glory/board.py)
    and a drawing process gets a new copy of the board with every state, so the layers are cached
    by this value instead: a copy of a board finds the layers its original built."""
    return board.name, board.title, board.columns, board.rows, board.provinces, board.tiles


def _build(key: BaseKey) -> Static:
    _, players, board = key
    lay = layout(board.axials)
    image = Image.new("RGB", (WIDTH, lay.height), PANEL)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, MAP_W, lay.height), fill=TERRAINS["ocean"].fill)
    base = board.base_terrain(players)
    for i, kind in enumerate(base):
        draw_hex(image, lay.grid, board, i, kind)
    draw_borders(image, lay.grid, board, range(len(board.provinces)))
    pen.line((MAP_W, 0, MAP_W, lay.height), fill=FRAME, width=2)
    draw_titles(image, (MAP_W + 20, 0), "Glory of Civilizations", plain(board.title), PANEL_W - 40)
    palette = build_palette([image, _samples(board)], FIXED_COLOURS)
    return Static(image, lay, palette)


def _samples(board: Board) -> Image.Image:
    """Every dynamic sprite in every player colour on the map's and the panel's backgrounds, so the
    palette holds the colours of their antialiased edges."""
    sheet = Image.new("RGB", (WIDTH, 200), TERRAINS["plains"].fill)
    ImageDraw.Draw(sheet).rectangle((0, 100, WIDTH, 200), fill=PANEL)
    x = 24
    for name, style in PALETTE.items():
        for y in (40, 140):
            paste(sheet, unit_sprite(name, "Sw", 3, 11), (x, y))
            paste(sheet, marker_sprite(name, 14), (x + 34, y))
            paste(sheet, structure_sprite("city", name), (x + 62, y))
            paste(sheet, cube_sprite(style.fill, 12, INK), (x + 84, y))
            draw_route(ImageDraw.Draw(sheet), [(x + 100, y - 24), (x + 130, y + 24)], style.fill)
        ImageDraw.Draw(sheet).rectangle((x, 80, x + 140, 96), fill=style.tint)
        x += 150
    for n, t in enumerate(TERRAINS):
        paste(sheet, hex_sprite(t, 30.0), (40 + n * 64, 170))
    paste(sheet, relic_sprite(), (WIDTH - 40, 40))
    paste(sheet, Image.new("RGBA", (20, 20), (*mix(INK, WHITE, 0.5), 255)), (WIDTH - 80, 40))
    return sheet


class _Keyed(tuple[object, ...]):
    """A cache key whose last item (the board itself, needed to build the layer) takes no part in
    hashing or comparing."""

    def __hash__(self) -> int:
        return hash(self[:-1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, tuple) and self[:-1] == other[:-1]


K = TypeVar("K", bound=tuple[object, ...])


def keyed(key: K) -> K:
    """`key` as a `_Keyed`: the same items, so the same type."""
    return cast(K, _Keyed(key))  # a tuple subclass holding exactly key's items


_BASES: LayerCache[BaseKey, Static] = LayerCache(_build, keep=8)


def static_layer(board: Board, players: int) -> Static:
    """The cached base image of `board` at a table of `players`."""
    return _BASES.get(keyed((board_key(board), players, board)))


def _explored(key: MapKey) -> Image.Image:
    _, players, placed, board = key
    image = static_layer(board, players).image.copy()
    grid = static_layer(board, players).layout.grid
    provinces = []
    for centre, tile_name, rotation in placed:
        p = board.province_index[centre]
        tile = board.tile_named[tile_name]
        for pos, i in enumerate(board.province_hexes[p]):
            draw_hex(image, grid, board, i, tile.terrain[hexes.tile_position(pos, rotation)])
        provinces.append(p)
    draw_borders(image, grid, board, provinces)
    return image


_MAPS: LayerCache[MapKey, Image.Image] = LayerCache(_explored, keep=16)


def map_layer(board: Board, players: int, explored: dict[str, Placed]) -> Image.Image:
    """The board with the explored provinces' tiles in place (cached per set of placements; do not
    draw on it: copy it)."""
    placed = tuple(sorted((c, p.tile, p.rotation) for c, p in explored.items()))
    return _MAPS.get(keyed((board_key(board), players, placed, board)))


def clear_cache() -> None:
    """Forget every layer (they are rebuilt on the next drawing)."""
    _BASES.clear()
    _MAPS.clear()

