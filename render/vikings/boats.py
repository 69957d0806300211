"""Boats: on their docks, set aside out to sea after a bump, or ringed around a fjord's name.
A boat is a hull under its owner's marker holding its number (`icons.boat_sprite`)."""

from __future__ import annotations

import math

from PIL import Image

from render.basics import INK, PAPER, Point
from render.text import draw_text, paste, text_width
from render.vikings.icons import boat_sprite
from render.vikings.layout import BOAT_R, FJORD_R, Sizes
from render.vikings.placement import box_gap, outward
from render.vikings.static import Static
from render.words import say
from rules.vikings.board import Board
from rules.vikings.state import VikingsState, is_aside


def draw_boats(image: Image.Image, state: VikingsState, static: Static) -> None:
    """Boats on docks sit on the dock; boats aside stand out to sea beside it, washed out and
    dashed; boats in a fjord ring its name."""
    board, lay = state.board, static.layout
    size = lay.sizes
    in_fjord: dict[str, list[tuple[int, int]]] = {}
    docked: list[tuple[str, int, int]] = []
    aside: dict[str, list[tuple[int, int]]] = {}
    for seat, player in enumerate(state.players):
        for boat, space in sorted(player.boats.items()):
            if space is None:
                continue
            if board.kind(space) == "fjord":
                in_fjord.setdefault(space, []).append((seat, boat))
            elif is_aside(state, seat, boat):
                aside.setdefault(space, []).append((seat, boat))
            else:
                docked.append((space, seat, boat))
    taken: list[Point] = []
    for dock, sat in sorted(aside.items()):
        for seat, boat in sat:
            spot = aside_spot(static, board, dock, taken)
            taken.append(spot)
            paste(image, boat_sprite(state.seats[seat].colour, boat, size.boat - 1, aside=True), spot)
            draw_text(image, (spot[0], spot[1] + size.boat + size.label / 2), say("aside"),
                      14 if size.label < 20 else 20, INK, PAPER, bold=True)
    for dock, seat, boat in docked:
        _boat(image, state, seat, boat, lay.xy(*board.position(dock)), size)
    for fjord, boats in sorted(in_fjord.items()):
        centre = lay.xy(*board.position(fjord))
        for (seat, boat), spot in zip(boats, fjord_spots(centre, len(boats), size)):
            _boat(image, state, seat, boat, spot, size)


def fjord_spots(centre: Point, count: int, size: Sizes | None = None) -> list[Point]:
    """Where `count` boats in one fjord go: up to 4 on the diagonals around its name, then rings
    of 8 and 12 further out, so that no two boats overlap and the name stays readable."""
    boat_r, fjord_r = (size.boat, size.fjord) if size is not None else (BOAT_R, FJORD_R)
    spots: list[Point] = []
    near = fjord_r + max(15, boat_r + 4)
    rings = ((near, 4, 45.0), (near + 2 * boat_r, 8, 22.5), (near + 4 * boat_r, 12, 15.0))
    for reach, room, start in rings:
        for i in range(room):
            if len(spots) == count:
                return spots
            a = math.radians(start + 90 + i * 360 / room)
            spots.append((centre[0] + reach * math.cos(a), centre[1] + reach * math.sin(a)))
    return spots + [spots[-1]] * (count - len(spots))


def aside_spot(static: Static, board: Board, dock: str, taken: list[Point]) -> Point:
    """Where a boat set aside at `dock` stands: next to the dock, out of the way of fjords,
    docks, labels, land and other boats aside."""
    lay = static.layout
    boat_r, fjord_r, dock_r = lay.sizes.boat, lay.sizes.fjord, lay.sizes.dock
    centre, ux, uy = outward(lay, board, dock)
    blocks: list[tuple[Point, float]] = [(lay.xy(f.x, f.y), fjord_r + boat_r + 4) for f in board.fjords]
    blocks += [(lay.xy(d.x, d.y), dock_r + boat_r + 4) for d in board.docks if d.name != dock]
    blocks += [(p, boat_r + 16) for p in static.dock_labels.values()]
    blocks += [(p, 2 * boat_r + 6) for p in taken]
    blocks += [(lay.xy(i.x, i.y), i.radius * lay.scale + boat_r - 10) for i in board.islands]
    tag_w = text_width(say("aside"), 20 if lay.sizes.label >= 20 else 14) / 2 + 2
    best, best_score = centre, -math.inf
    for turn in (45, -45, 75, -75, 20, -20, 105, -105, 0, 135, -135):
        a = math.radians(turn)
        vx, vy = ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a)
        for reach in (2 * boat_r + 4, 2 * boat_r + 16, 2 * boat_r + 28):
            p = (centre[0] + vx * reach, centre[1] + vy * reach)
            tag = (p[0], p[1] + boat_r + 8)
            clear = min(math.hypot(p[0] - q[0], p[1] - q[1]) - r for q, r in blocks)
            clear = min(clear, min(math.hypot(max(abs(tag[0] - q[0]) - tag_w + 17, 0), tag[1] - q[1]) - r + 6
                                   for q, r in blocks),  # the tag's ends, as wide as its words (17: "aside")
                        math.hypot(tag[0] - centre[0], tag[1] - centre[1]) - boat_r - 8,
                        *(box_gap(p, (boat_r * 1.5, boat_r), b) for b in static.names),
                        *(box_gap(tag, (tag_w, lay.sizes.label * 0.5), b) for b in static.names))
            score = min(clear, 8) - abs(turn) / 60 - (reach - 2 * boat_r) / 8
            if score > best_score:
                best, best_score = p, score
    return best


def _boat(image: Image.Image, state: VikingsState, seat: int, boat: int, at: Point, size: Sizes) -> None:
    paste(image, boat_sprite(state.seats[seat].colour, boat, size.boat), at)
