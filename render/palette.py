"""Player styles: a colour, a marker shape and a letter per player colour, so that no
information is carried by colour alone.

- `PALETTE`: the eight colours of Okabe & Ito (2008), "Color Universal Design", distinguishable
  with every common colour-vision deficiency, each with its own shape and letter. Games of up to
  eight players use these (Vikings does).
- `EXTENDED`: ten more styles for games of up to 18 seats (Mega Civilization). Eighteen colours
  cannot all be told apart by colour-blind players (nor on every screen), so in the extended set
  the shape and the letter carry the identity: every one of the 18 styles has a shape of its own
  (no two share a silhouette) and a letter of its own, and the extended colours are chosen to
  differ from the base colours in lightness where their hues are close (navy/blue, emerald/green,
  magenta/purple, fawn/yellow).
- `STYLES`: all 18 in seat order (the base eight first); `seat_styles(n)` the first `n`.
- `player_style(name)`: the style of a colour name; an unknown name gets a grey circle with its
  first letter, so a new colour never breaks a drawing.

The shapes are drawn by `render.marks` (`marks.SHAPES` lists them).
"""

from __future__ import annotations

from dataclasses import dataclass

from render.basics import INK, RGB, WHITE, mix
from render.text import plain


@dataclass(frozen=True)
class PlayerStyle:
    """How a player colour is drawn: `fill` the colour itself, `ink` the text colour readable on
    it, `tint` a light version for backgrounds, `shape` its marker shape and `letter` its letter."""

    name: str
    fill: RGB
    ink: RGB
    tint: RGB
    shape: str
    letter: str


PALETTE: dict[str, PlayerStyle] = {
    s.name: s
    for s in (
        PlayerStyle("red", (213, 94, 0), WHITE, (248, 214, 190), "circle", "R"),
        PlayerStyle("blue", (0, 114, 178), WHITE, (196, 222, 240), "square", "B"),
        PlayerStyle("yellow", (240, 228, 66), INK, (250, 245, 190), "triangle", "Y"),
        PlayerStyle("green", (0, 158, 115), WHITE, (190, 232, 216), "diamond", "G"),
        PlayerStyle("purple", (204, 121, 167), INK, (242, 214, 230), "hexagon", "P"),
        PlayerStyle("orange", (230, 159, 0), INK, (250, 226, 176), "star", "O"),
        PlayerStyle("sky", (86, 180, 233), INK, (206, 234, 250), "pentagon", "S"),
        PlayerStyle("black", (40, 40, 40), WHITE, (210, 210, 210), "down", "K"),
    )
}


def _extra(name: str, fill: RGB, ink: RGB, shape: str, letter: str, tint: RGB | None = None) -> PlayerStyle:
    return PlayerStyle(name, fill, ink, tint or mix(fill, WHITE, 0.72), shape, letter)


EXTENDED: dict[str, PlayerStyle] = {
    s.name: s
    for s in (
        _extra("white", (246, 246, 244), INK, "cross", "W", tint=(234, 234, 232)),
        _extra("chestnut", (125, 74, 38), WHITE, "shield", "C"),
        _extra("indigo", (78, 52, 160), WHITE, "right", "I"),
        _extra("lime", (168, 214, 62), INK, "left", "L"),
        _extra("magenta", (196, 30, 128), WHITE, "star6", "M"),
        _extra("navy", (24, 40, 92), WHITE, "pill", "N"),
        _extra("ash", (168, 168, 162), INK, "octagon", "A"),
        _extra("emerald", (22, 104, 56), WHITE, "trapezoid", "E"),
        _extra("teal", (0, 128, 140), WHITE, "parallelogram", "T"),
        _extra("fawn", (222, 190, 140), INK, "heart", "F"),
    )
}

STYLES: dict[str, PlayerStyle] = {**PALETTE, **EXTENDED}

_UNKNOWN = PlayerStyle("grey", (150, 150, 150), INK, (225, 225, 225), "circle", "?")


def seat_styles(count: int) -> list[PlayerStyle]:
    """The styles of `count` seats (at most 18), the colour-blind-safe eight first."""
    if not 0 <= count <= len(STYLES):
        raise ValueError(f"there are styles for up to {len(STYLES)} seats, not {count}")
    return list(STYLES.values())[:count]


def player_style(colour: str) -> PlayerStyle:
    """The style of a player colour name (case-insensitive); unknown names get a grey circle
    with the name's first letter, so a new colour never breaks a drawing."""
    style = STYLES.get(colour.lower())
    if style is not None:
        return style
    first = plain(colour[:1])  # an emoji becomes a bracketed name: no letter
    letter = first.upper() if first.isalnum() else "?"
    return PlayerStyle(colour.lower(), _UNKNOWN.fill, _UNKNOWN.ink, _UNKNOWN.tint, "circle", letter)
