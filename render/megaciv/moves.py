"""This phase's movement on the map: each land move as an arrow between the areas' piece rows
(through the middle area of a Roadbuilding move) with the count on a white tag ("×3", edged in
the mover's colour: never like a token left behind), and each
voyage as a dashed route along the water with what was taken on (+n) and put off (-n) at each stop.
Drawn before the pieces, which stay on top."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.basics import INK, WHITE, Box, Point
from render.lines import arrow, arrow_head, dashed_polyline, towards
from render.marks import tag_sprite
from render.megaciv.labels import meets, name_boxes
from render.megaciv.pieces import ship_boxes
from render.megaciv.sprites import CivStyle
from render.megaciv.static import Static, draw_name
from render.text import paste
from rules.megaciv.state import MegaState, Step


def draw_moves(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle],
               covering: bool = True) -> None:
    """Every step of every player's movement this phase that the view holds; the names of the
    areas moved through are written again over the arrows (not `covering`: a move's count is left
    out where it would cover a name or pieces)."""
    pen = ImageDraw.Draw(image)
    passed: set[str] = set()
    tags: list[Box] = []
    for player in state.players:
        style = civs[player.civ]
        for step in player.steps:
            if step.kind == "move" and len(step.path) >= 2:
                _land(image, pen, state, step, static, style, tags, covering)
                passed.update(step.path)
            elif step.kind == "sail" and len(step.path) >= 2:
                _voyage(image, pen, state, step, static, style, covering)
    board = state.board
    for name in sorted(passed & static.anchors.keys(), key=board.area_index.__getitem__):
        area = board.areas[name]
        draw_name(image, static.frame, name, area.limit, area.city_site, static.anchors[name],
                  static.frame.focused is not None and name not in static.frame.focused)


def _seen(static: Static, path: tuple[str, ...]) -> bool:
    return any(a in static.anchors for a in path)


def _land_point(static: Static, state: MegaState, area: str) -> Point:
    """Where a move starts or ends in an area: its row of pieces (an area off a close-up: its
    label point, off the image, so the arrow comes in from the edge)."""
    x, y = static.anchors.get(area) or static.frame.xy(state.board.areas[area].label)
    return x, y + static.frame.sizes.chip * 1.25


def _land(image: Image.Image, pen: ImageDraw.ImageDraw, state: MegaState, step: Step, static: Static,
          style: CivStyle, tags: list[Box], covering: bool) -> None:
    """A land move's arrow; its count on a tag at the middle of the last leg (moved along it, off
    another move's tag and off names; left out where the map's edge would cut it, or, not
    `covering`, where it would cover a name: `tags` holds those placed)."""
    if not _seen(static, step.path):
        return
    s = static.frame.sizes
    halo = INK if style.light else WHITE
    trim = s.chip * 1.7
    pts = [_land_point(static, state, a) for a in step.path]
    pts[0] = towards(pts[0], pts[1], trim)
    for a, b in zip(pts[:-2], pts[1:-1]):  # the first step of a Roadbuilding move
        pen.line((a, b), fill=halo, width=s.arrow + 6)
        pen.line((a, b), fill=style.fill, width=s.arrow)
    end = towards(pts[-1], pts[-2], trim)
    arrow(pen, pts[-2], end, style.fill, s.arrow, s.arrow * 3 + 8, 0, halo)
    if math.dist(pts[-2], end) > 5 * s.chip:  # the count on the shaft: a white tag, never like a token
        tag = tag_sprite(f"×{step.count}", max(s.tag, s.chip - 2), WHITE, INK, style.fill)
        inside = static.frame.map_box()
        names = _labels_near(static, state, pts[-2], end)
        spots = []
        for t in (0.5, 0.3, 0.7, 0.2, 0.8):
            x, y = pts[-2][0] + (end[0] - pts[-2][0]) * t, pts[-2][1] + (end[1] - pts[-2][1]) * t
            spots.append(((x, y), (x - tag.width / 2, y - tag.height / 2, x + tag.width / 2, y + tag.height / 2)))
        free = [spot for spot in spots if not any(meets(spot[1], b) for b in tags)] or spots[-1:]
        clear = [spot for spot in free if not any(meets(spot[1], b) for b in names)]
        if not clear and not covering:
            return
        (x, y), box = (clear or free)[0]
        if inside[0] <= box[0] and inside[1] <= box[1] and box[2] <= inside[2] and box[3] <= inside[3]:
            paste(image, tag, (x, y))
            tags.append(box)


def _labels_near(static: Static, state: MegaState, a: Point, b: Point) -> list[Box]:
    """The names and first rows of pieces of the areas near the leg from `a` to `b`."""
    near = math.dist(a, b) / 2 + 4 * static.frame.sizes.chip
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return [box for name, at in static.anchors.items() if math.dist(at, middle) < near
            for box in name_boxes(name, state.board.areas[name].kind == "sea", at, static.frame.sizes)]


def _water_point(static: Static, state: MegaState, area: str) -> Point:
    found = static.ports.get(area)
    if found is not None:
        return found
    area_ = state.board.areas[area]
    return static.frame.xy(area_.port or area_.label)


def _voyage(image: Image.Image, pen: ImageDraw.ImageDraw, state: MegaState, step: Step, static: Static,
            style: CivStyle, covering: bool) -> None:
    if not _seen(static, step.path):
        return
    pts = [_water_point(static, state, a) for a in step.path]
    s = static.frame.sizes
    halo = INK if style.light else WHITE
    end = towards(pts[-1], pts[-2], s.ship * 0.6)
    line = [*pts[:-1], end]
    pen.line(line, fill=halo, width=s.arrow + 4, joint="curve")
    dashed_polyline(pen, line, 4 * s.arrow, 3 * s.arrow, style.fill, s.arrow)
    arrow_head(pen, pts[-2], end, s.arrow * 4 + 4, style.fill, halo, 2)
    taken: dict[str, int] = {}
    put: dict[str, int] = {}
    for counter, area, change in step.delta:
        if counter == "done":
            put[area] = put.get(area, 0) + change
        elif counter == "tokens":
            taken[area] = taken.get(area, 0) - change
    done: set[str] = set()
    size = max(11, s.tag, s.chip + 2)
    ink = INK if style.light else WHITE
    ships = [] if covering else ship_boxes(state, static)
    for area, point in zip(step.path, pts):
        if area in done:
            continue
        done.add(area)
        took = taken.get(area, 0) + put.get(area, 0)  # tokens' change is put off minus taken on
        words = ([f"+{took}"] if took > 0 else []) + ([f"-{put[area]}"] if put.get(area) else [])
        if words:
            tag = tag_sprite(" ".join(words), size, style.fill, ink)
            spot = _clear_of_names(static, state, point, tag, s.ship, ships, covering)
            if spot is None:
                continue
            x, y = spot
            left, top, right, bottom = static.frame.map_box()
            if left <= x - tag.width / 2 and right >= x + tag.width / 2 and top <= y - tag.height / 2 \
                    and bottom >= y + tag.height / 2:  # a stop off the view (or cut by its edge) goes untold
                paste(image, tag, (x, y))


def _clear_of_names(static: Static, state: MegaState, point: Point, sprite: Image.Image, reach: float,
                    ships: list[Box], covering: bool) -> Point | None:
    """Where a tag about `point` goes: above it, else below, right or left, the first clear of the
    names nearby and of `ships` (above when none is; not `covering`: nowhere)."""
    names = [b for name, at in static.anchors.items() if math.dist(at, point) < 4 * reach
             for b in name_boxes(name, state.board.areas[name].kind == "sea", at, static.frame.sizes)[:1]]
    w, h = sprite.width / 2, sprite.height / 2
    for dx, dy in ((0, -0.75), (0, 0.6), (0.9, 0), (-0.9, 0)):
        x, y = point[0] + dx * reach, point[1] + dy * reach
        if not any(meets((x - w, y - h, x + w, y + h), b) for b in [*names, *ships]):
            return x, y
    return (point[0], point[1] - 0.75 * reach) if covering else None
