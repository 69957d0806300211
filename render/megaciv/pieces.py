"""The pieces on the map: out-of-play areas, conflict situations, tokens, cities, barbarians and
ships. Each area's pieces sit in centred rows below its name (cities first, then each player's
tokens in seat order, then barbarians); ships sit at the area's port in its water part (or below
an open sea's name)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.areas import bounds
from render.basics import WHITE, Box, Point
from render.lines import dashed_polyline
from render.marks import chip_spots, tag_sprite
from render.megaciv.colours import CONFLICT, OUT_OF_PLAY, PIRATE_FILL
from render.megaciv.labels import Crowd, meets, name_boxes, sign_at, sign_size
from render.megaciv.sprites import PIRATE, CivStyle, barbarians, chip, city, ship, styles, warning
from render.megaciv.static import Static, draw_name
from render.terrain import fill_polygon
from render.text import paste
from render.words import say
from rules.megaciv.report import Conflict
from rules.megaciv.state import MegaState
from rules.messages import Msg


def draw_out_of_play(image: Image.Image, state: MegaState, static: Static) -> None:
    """Areas out of play: cross-hatched, their names written again on top (and the names of the
    areas around that reach over them)."""
    f = static.frame
    board = state.board
    hatched = []
    for name in state.out_of_play:
        if name not in static.visible:
            continue
        area = board.areas[name]
        points = [f.xy(p) for p in area.points]
        fill_polygon(image, points, OUT_OF_PLAY, outline=(60, 56, 50), width=1, again=True)
        hatched.append(bounds(points))
    for name, at in static.anchors.items():
        area = board.areas[name]
        if area.kind == "land" and (name in state.out_of_play or
                                    any(meets(name_boxes(name, False, at, f.sizes)[0], box) for box in hatched)):
            dimmed = f.focused is not None and name not in f.focused and name not in state.out_of_play
            draw_name(image, f, name, area.limit, area.city_site, at, dimmed)


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
    """The warning sign before each conflict's area name (and its cost, `Static.costs`); in close-ups
    a tag above the name saying
    what it is ("over the limit", "Maurya attacks with 7, needs 7: can succeed")."""
    f = static.frame
    s = f.sizes
    for c in conflicts:
        if c.area not in static.anchors:
            continue
        x, y = static.anchors[c.area]
        paste(image, warning(sign_size(s)), sign_at(c.area, (x, y), s, c.area in static.costs))
        name_y = y - s.name * 0.62
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
    for sprite, at in zip(sprites, _row_spots(sprites, centre, width)):
        paste(image, sprite, at)


def _row_spots(sprites: list[Image.Image], centre: Point, width: float) -> list[Point]:
    """Where `_row` puts each of `sprites`."""
    if not sprites:
        return []
    spots = chip_spots(sprites, (centre[0], 0.0), width)
    shift = centre[1] - min(y for _, y in spots)
    return [(x, y + shift) for x, y in spots]


def crowd(state: MegaState, conflicts: Sequence[Conflict]) -> Crowd:
    """What a reach image's labels keep clear of (`labels.Crowd`): the `conflicts`' signs, the
    ships and the pieces on the board."""
    ships = Counter(boat.area for p in state.players for boat in p.ships if boat.area is not None)
    pieces = Counter(state.pirates)
    for player in state.players:
        pieces.update(player.cities)
        pieces.update(area for area, count in player.tokens.items() if count > 0)
    pieces.update(area for area, count in state.barbarians.items() if count > 0)
    return Crowd(frozenset(c.area for c in conflicts), tuple(sorted(ships.items())),
                 tuple(sorted(pieces.items())))


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
        if area not in static.anchors or area in static.bare:
            continue
        x, y = static.anchors[area]
        _row(image, [*towns.get(area, ()), *here.get(area, ())], (x, y + s.chip * 1.25), static.rooms[area])


def draw_ships(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle]) -> None:
    """Every ship on the board at its area's port: owner's colour, letter and number; dashed and
    faded while it needs upkeep this phase, a pennant when built this turn."""
    for area, sprites in _ships(state, static, civs).items():
        _row(image, sprites, static.ports[area], _ships_room(static, area))


def ship_boxes(state: MegaState, static: Static) -> list[Box]:
    """Where the ships are drawn (`draw_ships`): a box round each."""
    boxes = []
    for area, sprites in _ships(state, static, styles(state.board)).items():
        spots = _row_spots(sprites, static.ports[area], _ships_room(static, area))
        boxes += [(x - s.width / 2, y - s.height / 2, x + s.width / 2, y + s.height / 2)
                  for s, (x, y) in zip(sprites, spots)]
    return boxes


def _ships_room(static: Static, area: str) -> float:
    return max(static.rooms.get(area, 0), 3 * static.frame.sizes.ship)


def _ships(state: MegaState, static: Static, civs: dict[str, CivStyle]) -> dict[str, list[Image.Image]]:
    """The ships' sprites at each port the view shows."""
    s = static.frame.sizes
    at: dict[str, list[Image.Image]] = {}
    for player in state.players:
        style = civs[player.civ]
        for number, boat in enumerate(player.ships, 1):
            if boat.area is None or boat.area not in static.ports:
                continue
            unkept = state.moving and not player.declared and not (boat.built or boat.maintained)
            at.setdefault(boat.area, []).append(ship(style.fill, style.ink, f"{style.letter}{number}", s.ship,
                                                     unkept, boat.built))
    return at
