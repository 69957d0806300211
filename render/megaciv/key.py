"""The key under the map: what each mark means."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render.basics import INK, WHITE, Point
from render.lines import arrow, dashed_polyline
from render.marks import tag_sprite
from render.megaciv.colours import CONFLICT, OPEN_SEA, OUT_OF_PLAY, PIRATE_FILL
from render.megaciv.layout import Sizes
from render.megaciv.sprites import (
    PIRATE,
    barbarians,
    chip,
    city,
    limit_badge,
    ship,
    styles,
    warning,
)
from render.terrain import Terrain, fill_polygon
from render.text import paste
from render.words import say
from rules.megaciv.board import Board
from rules.messages import Msg

Icon = Callable[[Image.Image, Point], None]


def _sprite(make: Callable[[], Image.Image]) -> Icon:
    def icon(image: Image.Image, at: Point) -> None:
        paste(image, make(), at)
    return icon


def _patch(terrain: Terrain) -> Icon:
    def icon(image: Image.Image, at: Point) -> None:
        x, y = at
        fill_polygon(image, [(x - 15, y - 10), (x + 15, y - 10), (x + 15, y + 10), (x - 15, y + 10)], terrain,
                     outline=INK)
    return icon


def _arrow(image: Image.Image, at: Point) -> None:
    x, y = at
    arrow(ImageDraw.Draw(image), (x - 18, y), (x + 18, y), INK, 3, 11, 0)
    paste(image, tag_sprite("×3", 10, WHITE, INK, INK), (x - 4, y))


def _voyage(image: Image.Image, at: Point) -> None:
    x, y = at
    pen = ImageDraw.Draw(image)
    pen.line((x - 18, y, x + 18, y), fill=WHITE, width=7)
    dashed_polyline(pen, [(x - 18, y), (x + 18, y)], 6, 4, INK, 3)
    paste(image, tag_sprite("+2", 10, INK, WHITE), (x - 8, y - 1))


def _conflict(image: Image.Image, at: Point) -> None:
    x, y = at
    pen = ImageDraw.Draw(image)
    box = [(x - 16, y - 11), (x + 16, y - 11), (x + 16, y + 11), (x - 16, y + 11), (x - 16, y - 11)]
    pen.line(box, fill=WHITE, width=5)
    dashed_polyline(pen, box, 5, 4, CONFLICT, 3)
    paste(image, warning(16), (x, y))


def entries(board: Board, sizes: Sizes) -> list[tuple[Icon, str]]:
    sample = styles(board)[board.civilizations[0].name]
    r = min(sizes.chip, 9)  # every icon within its row: none meets the next
    return [
        (_sprite(lambda: limit_badge(3, False, 9)), say("population limit 3")),
        (_sprite(lambda: limit_badge(2, True, 9)), say("square: a city site (limit 2)")),
        (_sprite(lambda: chip(sample, r, "4")), say("4 tokens (shape, colour: whose)")),
        (_sprite(lambda: city(sample.fill, sample.ink, sample.letter, 18)), say("a city, with its owner's letter")),
        (_sprite(lambda: city(PIRATE_FILL, WHITE, PIRATE, 18)), say("a pirate city")),
        (_sprite(lambda: barbarians(3, r)), say("3 barbarian tokens")),
        (_sprite(lambda: ship(sample.fill, sample.ink, f"{sample.letter}2", 20)),
         say(Msg("{name}'s ship 2", name=sample.name))),
        (_sprite(lambda: ship(sample.fill, sample.ink, f"{sample.letter}3", 20, unkept=True)),
         say("needs upkeep: sinks at declare")),
        (_arrow, say("tokens moved this phase (×count)")),
        (_voyage, say("a voyage: +taken on, -put off")),
        (_conflict, say("a conflict situation")),
        (_patch(OPEN_SEA), say("open sea (Astronavigation)")),
        (_patch(OUT_OF_PLAY), say("out of play")),
    ]
