"""The pieces on the map: out-of-play areas, conflict situations, tokens, cities, barbarians and
ships. Each area's pieces sit in centred rows below its name (cities first, then each player's
tokens in seat order, then barbarians); ships sit at the area's port in its water part (or below
an open sea's name)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.basics import WHITE, Point
from render.lines import dashed_polyline
from render.marks import chip_spots, tag_sprite
from render.megaciv.colours import CONFLICT, OUT_OF_PLAY, PIRATE_FILL
from render.megaciv.sprites import PIRATE, CivStyle, barbarians, chip, city, ship, warning, width_of
from render.megaciv.static import Static, draw_name
from render.terrain import fill_polygon
from render.text import paste
from render.words import say
from rules.megaciv.report import Conflict
from rules.megaciv.state import MegaState
from rules.messages import Msg


def draw_out_of_play(image: Image.Image, state: MegaState, static: Static) -> None:
    """Areas out of play: cross-hatched, their names written again on top."""
    f = static.frame
    board = state.board
    for name in state.out_of_play:
        if name not in static.visible:
            continue
        area = board.areas[name]
        fill_polygon(image, [f.xy(p) for p in area.points], OUT_OF_PLAY, outline=(60, 56, 50), width=1, again=True)
        if area.kind == "land" and name in static.anchors:
            draw_name(image, f, name, area.limit, area.city_site, static.anchors[name])


def draw_conflict_outlines(image: Image.Image, state: MegaState, static: Static, conflicts: Sequence[Conflict]) -> None:
    """Each area in a conflict situation outlined in red and white dashes."""
    f = static.frame
    pen = ImageDraw.Draw(image)
    width = 3 if f.focused is None else 5
    for c in conflicts:
        if c.area not in static.visible:
            continue
        points = [f.xy(p) for p in state.board.areas[c.area].points]
        ring = [*points, points[0]]
        pen.line(ring, fill=WHITE, width=width + 2, joint="curve")
        dashed_polyline(pen, ring, 3 * width, 2 * width, CONFLICT, width)


def draw_conflict_signs(image: Image.Image, state: MegaState, static: Static,
                        conflicts: Sequence[Conflict]) -> None:
    """The warning sign before each conflict's area name; in close-ups a tag above the name saying
    what it is ("over the limit", "Maurya attacks with 7, needs 7: can succeed")."""
    f = static.frame
    s = f.sizes
    for c in conflicts:
        if c.area not in static.anchors:
            continue
        x, y = static.anchors[c.area]
        sign = warning(max(16, round(s.name * 1.25), math.ceil(s.least / 0.55)))  # its "!" at least `least`
        half = width_of(c.area, s.name) / 2 + s.badge
        name_y = y - s.name * 0.62
        paste(image, sign, (x - s.badge - half - sign.width / 2, name_y))
        if s.tags:
            words = [say("over the limit")] if c.over_limit else []
            if c.attacks:  # in full in the band and in /megaciv report
                attacks = ", ".join(f"{a.name} {a.tokens}/{a.needed}" for a in c.attacks)
                words.append(say(Msg("city attack: {attacks}", attacks=attacks)))
            tag = tag_sprite("; ".join(words) or say("conflict"), s.tag, CONFLICT, WHITE)
            left = min(max(x, tag.width / 2 + 4), f.width - tag.width / 2 - 4)  # whole, inside the image
            paste(image, tag, (left, name_y - s.name * 0.6 - tag.height / 2))


def _row(image: Image.Image, sprites: list[Image.Image], centre: Point, width: float) -> None:
    """Sprites in centred rows, the first row's centre at `centre` (rows go down from there)."""
    if not sprites:
        return
    spots = chip_spots(sprites, (centre[0], 0.0), width)
    shift = centre[1] - min(y for _, y in spots)
    for sprite, (x, y) in zip(sprites, spots):
        paste(image, sprite, (x, y + shift))


def draw_areas_pieces(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle]) -> None:
    """Tokens, cities and barbarians in every visible area."""
    f = static.frame
    s = f.sizes
    towns: dict[str, list[Image.Image]] = {}
    for area in state.pirates:
        towns.setdefault(area, []).append(city(PIRATE_FILL, WHITE, PIRATE, s.city))
    here: dict[str, list[Image.Image]] = {}
    for player in state.players:
        style = civs[player.civ]
        for area in player.cities:
            towns.setdefault(area, []).append(city(style.fill, style.ink, style.letter, s.city))
        for area, count in player.tokens.items():
            if count > 0:
                here.setdefault(area, []).append(chip(style, s.chip, str(count)))
    for area, count in state.barbarians.items():
        if count > 0:
            here.setdefault(area, []).append(barbarians(count, s.chip))
    for area in towns.keys() | here.keys():
        if area not in static.anchors:
            continue
        x, y = static.anchors[area]
        _row(image, [*towns.get(area, ()), *here.get(area, ())], (x, y + s.chip * 1.25), static.rooms[area])


def draw_ships(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle]) -> None:
    """Every ship on the board at its area's port: owner's colour, letter and number; dashed and
    faded while it needs upkeep this phase, a pennant when built this turn."""
    f = static.frame
    s = f.sizes
    at: dict[str, list[Image.Image]] = {}
    for player in state.players:
        style = civs[player.civ]
        for number, boat in enumerate(player.ships, 1):
            if boat.area is None:
                continue
            unkept = state.moving and not player.declared and not (boat.built or boat.maintained)
            at.setdefault(boat.area, []).append(ship(style.fill, style.ink, f"{style.letter}{number}", s.ship,
                                                     unkept, boat.built))
    for area, sprites in at.items():
        if area in static.ports:
            _row(image, sprites, static.ports[area], max(static.rooms.get(area, 0), 3 * s.ship))
