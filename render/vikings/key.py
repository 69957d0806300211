"""The key under the map: a sample of every kind of space, link and piece with what it means."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, Point
from render.legend import LegendIcon
from render.lines import dotted_line, draw_route
from render.marks import marker_sprite
from render.palette import PALETTE
from render.text import paste
from render.vikings.colours import DOCK, FERRY, FJORD, FJORD_EDGE, GOD_COLOURS, LINK, PATH_HALO
from render.vikings.icons import boat_sprite, house_icon, resource_icon, rune_stone, temple_icon
from render.vikings.layout import DOCK_R, SETTLER_R
from render.words import say


def key_entries() -> list[tuple[LegendIcon, str]]:
    def dock(img: Image.Image, p: Point) -> None:
        ImageDraw.Draw(img).ellipse((p[0] - DOCK_R, p[1] - DOCK_R, p[0] + DOCK_R, p[1] + DOCK_R), fill=DOCK,
                                    outline=INK, width=2)

    def fjord(img: Image.Image, p: Point) -> None:
        ImageDraw.Draw(img).ellipse((p[0] - 12, p[1] - 12, p[0] + 12, p[1] + 12), fill=FJORD, outline=FJORD_EDGE,
                                    width=2)

    def link(img: Image.Image, p: Point) -> None:
        ImageDraw.Draw(img).line((p[0] - 16, p[1], p[0] + 16, p[1]), fill=LINK, width=5)

    def ferry(img: Image.Image, p: Point) -> None:
        dotted_line(ImageDraw.Draw(img), (p[0] - 16, p[1]), (p[0] + 16, p[1]), 10, 2.6, FERRY)

    def village(img: Image.Image, p: Point) -> None:
        paste(img, house_icon(), p)

    def raided(img: Image.Image, p: Point) -> None:
        paste(img, house_icon(raided=True), p)

    def settlers(img: Image.Image, p: Point) -> None:
        paste(img, marker_sprite("red", SETTLER_R - 1, "3"), p)

    def temple(img: Image.Image, p: Point) -> None:
        paste(img, temple_icon(PALETTE["red"].fill, 24), p)

    def boat(img: Image.Image, p: Point) -> None:
        paste(img, boat_sprite("red", 2, 11), p)

    def aside(img: Image.Image, p: Point) -> None:
        paste(img, boat_sprite("red", 2, 11, aside=True), p)

    def path(img: Image.Image, p: Point) -> None:
        draw_route(ImageDraw.Draw(img), [(p[0] - 18, p[1] + 4), (p[0] + 16, p[1] - 4)], PALETTE["red"].fill,
                   halo=PATH_HALO)

    def rune(img: Image.Image, p: Point) -> None:
        paste(img, rune_stone("T", GOD_COLOURS[1], 13, empty=True), (p[0] - 8, p[1]))
        paste(img, marker_sprite("red", 9), (p[0] + 13, p[1]))

    def goods(img: Image.Image, p: Point) -> None:
        for i, kind in enumerate(("wood", "food", "steel")):
            paste(img, resource_icon(kind, 18), (p[0] - 20 + i * 17, p[1]))

    return [
        (dock, say("dock")), (fjord, say("fjord")), (link, say("sailing link")), (ferry, say("ferry route")),
        (village, say("village")), (raided, say("raided village")), (path, say("last sail")),
        (boat, say("Red boat 2")), (aside, say("bumped boat, aside")), (settlers, say("3 Red settlers")),
        (temple, say("Red temple")), (rune, say("rune held by Red")), (goods, "   " + say("wood, food, steel")),
    ]

