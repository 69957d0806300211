"""What stands on the islands: villages (and raided ones' ghosts), rune stones or their holders,
settlers and temples (thickly outlined on the posted view, so that pale colours such as yellow
stand out of the pale land at the preview).
"""

from __future__ import annotations

import math

from PIL import Image

from render.basics import PAPER, Point
from render.marks import marker_sprite, visible_height, visible_width
from render.palette import player_style
from render.text import paste
from render.vikings.colours import god_colour
from render.vikings.icons import house_icon, rune_stone, temple_icon
from render.vikings.layout import Sizes
from render.vikings.static import Static
from rules.vikings.state import VikingsState


def draw_villages(image: Image.Image, state: VikingsState, static: Static) -> None:
    """Villages still standing, and the ghosts of raided ones."""
    for name, spot in static.village_spots.items():
        paste(image, house_icon(name not in state.villages, static.layout.sizes.village), spot)


POSTED_EDGE = 4  # on the posted view, pieces on an island are outlined thick: pale colours stand out of the land


def draw_islands(image: Image.Image, state: VikingsState, static: Static) -> None:
    """On each island: its rune stone (or, once taken, the empty stone and its holder), and each
    player's settlers (their marker with the count) and temples."""
    board, lay = state.board, static.layout
    size = lay.sizes
    for island in board.islands:
        cx, cy = lay.xy(island.x, island.y)
        r = island.radius * lay.scale
        holder = state.runes.get(island.name)
        rune = _rune(state, island.god, holder, size.rune)
        posted = size.label >= 20  # the posted view's pieces are large: the rune joins their rows
        if not posted:
            paste(image, rune, (cx, cy - 0.06 * r))
        chips: list[Image.Image] = [rune] if posted else []
        for seat, player in enumerate(state.players):
            chips += clan_pieces(state.seats[seat].colour, player.settlers[island.name],
                                 player.temples[island.name], size, posted)
        keep_clear = [lay.xy(*board.position(d)) for d in island.docks]
        keep_clear += [static.village_spots[d] for d in island.docks if d in static.village_spots]
        name = static.names[board.islands.index(island)] if static.names else (0, 0, 0, -math.inf)
        _island_pieces(image, chips, (cx, cy), (cx, cy + (0.0 if posted else 0.32) * r), r, keep_clear, size.boat,
                       lay.map_top + lay.map_h - 8, name[3] + 2)


def clan_pieces(colour: str, settlers: int, temples: int, size: Sizes, posted: bool) -> list[Image.Image]:
    """One clan's pieces on an island: its marker with the settlers' count (or, with temples but no
    settlers, its letter: whose temples follow), then a temple each; thickly outlined on the
    posted view (`posted`)."""
    style = player_style(colour)
    edge = (POSTED_EDGE, POSTED_EDGE - 1) if posted else (2, 1.5)  # markers' and temples' outlines
    chips = []
    if settlers:
        chips.append(marker_sprite(style.name, size.settler, str(settlers), edge=edge[0]))
    elif temples:
        chips.append(marker_sprite(style.name, size.settler - (2 if size.settler < 17 else 0), edge=edge[0]))
    return chips + [temple_icon(style.fill, size.temple, edge[1])] * temples


def _rune(state: VikingsState, god: str, holder: int | None, size: int) -> Image.Image:
    """The island's rune stone, or once taken the empty stone with its holder's marker."""
    colour = god_colour(state.board, god)
    if holder is None:
        return rune_stone(god, colour, size)
    stone = rune_stone(god, colour, size, empty=True)
    marker = marker_sprite(state.seats[holder].colour, 12 if size < 20 else 17, ring=PAPER)
    sprite = Image.new("RGBA", (stone.width + marker.width - 6, max(stone.height, marker.height)), (0, 0, 0, 0))
    paste(sprite, stone, (0, sprite.height / 2), "lm")
    paste(sprite, marker, (stone.width - 6 + marker.width / 2, sprite.height / 2))
    return sprite


def _row(sprites: list[Image.Image], centre: Point, width: float, gap: int = 3) -> list[tuple[Image.Image, Point]]:
    """Sprites side by side (by their visible width, `gap` apart), the first row centred on
    `centre`, wrapping into more rows below past `width`; returns each sprite with its centre."""
    seen = [visible_width(s) + gap for s in sprites]
    rows: list[list[int]] = [[]]
    for i, w in enumerate(seen):
        if rows[-1] and sum(seen[j] for j in rows[-1]) + w > width:
            rows.append([])
        rows[-1].append(i)
    line_h = max((visible_height(s) for s in sprites), default=0) + 3
    placed: list[tuple[Image.Image, Point]] = []
    y = centre[1]
    for line in rows:
        x = centre[0] - sum(seen[i] for i in line) / 2
        for i in line:
            placed.append((sprites[i], (x + seen[i] / 2, y)))
            x += seen[i]
        y += line_h
    return placed


def _island_pieces(image: Image.Image, chips: list[Image.Image], island: Point, start: Point, r: float,
                   keep_clear: list[Point], boat_r: int, bottom: float = math.inf, top: float = -math.inf) -> None:
    """Lay the pieces out in rows from `start`, picking the row width that covers the fewest
    docks (and the boats on them) and villages, then spills the least off the island and past
    `bottom` (the map's lower edge); rows still past it move up, never above `top` (the island's
    name)."""
    best: list[tuple[Image.Image, Point]] = []
    best_cost = math.inf
    for share in (1.9, 1.6, 1.35, 1.1, 2.3):
        placed = _row(chips, start, share * r)
        covered = sum(1 for s, p in placed for q in keep_clear if math.dist(p, q) < visible_width(s) / 2 + boat_r)
        spilled = sum(1 for s, p in placed if math.dist(p, island) > r - visible_width(s) / 2)
        past = sum(1 for s, p in placed if p[1] + visible_height(s) / 2 > bottom)
        cost = 2 * covered + spilled + 4 * past
        if cost < best_cost:
            best, best_cost = placed, cost
    low = max((at[1] + visible_height(s) / 2 for s, at in best), default=0.0)
    high = min((at[1] - visible_height(s) / 2 for s, at in best), default=0.0)
    up = min(max(low - bottom, 0.0), max(high - top, 0.0))
    for sprite, at in best:
        paste(image, sprite, (at[0], at[1] - up))
