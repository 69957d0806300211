"""This phase's movement on the map: each land move as an arrow between the areas' piece rows
(through the middle area of a Roadbuilding move) with the count in the mover's chip, and each
voyage as a dashed route along the water with what was taken on (+n) and put off (-n) at each stop.
Drawn before the pieces, which stay on top."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.basics import INK, WHITE, Point
from render.lines import arrow, arrow_head, dashed_polyline, towards
from render.marks import draw_tags
from render.megaciv.sprites import CivStyle, chip
from render.megaciv.static import Static, draw_name
from render.text import paste
from rules.megaciv.state import MegaState, Step


def draw_moves(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle]) -> None:
    """Every step of every player's movement this phase that the view holds; the names of the
    areas moved through are written again over the arrows."""
    pen = ImageDraw.Draw(image)
    passed: set[str] = set()
    for player in state.players:
        style = civs[player.civ]
        for step in player.steps:
            if step.kind == "move" and len(step.path) >= 2:
                _land(image, pen, state, step, static, style)
                passed.update(step.path)
            elif step.kind == "sail" and len(step.path) >= 2:
                _voyage(image, pen, state, step, static, style)
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
          style: CivStyle) -> None:
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
    if math.dist(pts[-2], end) > 5 * s.chip:
        middle = ((pts[-2][0] + end[0]) / 2, (pts[-2][1] + end[1]) / 2)
        paste(image, chip(style, max(7, s.chip - 2), str(step.count)), middle)


def _water_point(static: Static, state: MegaState, area: str) -> Point:
    found = static.ports.get(area)
    if found is not None:
        return found
    area_ = state.board.areas[area]
    return static.frame.xy(area_.port or area_.label)


def _voyage(image: Image.Image, pen: ImageDraw.ImageDraw, state: MegaState, step: Step, static: Static,
            style: CivStyle) -> None:
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
    tags: list[tuple[Point, str]] = []
    done: set[str] = set()
    for area, point in zip(step.path, pts):
        if area in done:
            continue
        done.add(area)
        took = taken.get(area, 0) + put.get(area, 0)  # tokens' change is put off minus taken on
        words = ([f"+{took}"] if took > 0 else []) + ([f"-{put[area]}"] if put.get(area) else [])
        if words:
            tags.append((point, " ".join(words)))
    draw_tags(image, tags, style.fill, (0, -s.ship * 0.75), size=max(11, s.chip + 2))
