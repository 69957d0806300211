"""Axial hexes, shared by every hex-map game and its renderer.

Hexes are flat-topped and addressed by axial coordinates `(q, r)`: `q` is the column, and `r`
runs down-left to up-right so that `q + r` is constant along a south-west diagonal. On screen
(y pointing down) a hex's centre is at `x = 1.5 q`, `y = √3 (r + q / 2)` hex radii.

Players name hexes by a column letter and a row number ("D7") in the odd-q offset layout: column
`q`, row `r + (q - (q & 1)) // 2`, both counted from 0 (so "A1" is axial (0, 0)). Columns past Z
are AA, AB… Commands also accept the axial form "q,r" ("3,-1" or "(3, -1)"), any case.

A province is 7 hexes: a centre and its ring. Its hexes are numbered 0 (centre) and 1–6 (the
ring, clockwise from north: N, NE, SE, S, SW, NW); rotating a province by k × 60° clockwise moves
ring position i to position ((i - 1 + k) mod 6) + 1.
"""

from __future__ import annotations

import math
import re
from collections.abc import Container, Iterable, Iterator

from rules.errors import BadInput
from rules.messages import Msg

Hex = tuple[int, int]

# Clockwise from north, for flat-topped hexes with y pointing down.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
PROVINCE_SIZE = 7
ROTATIONS = 6
SQRT3 = math.sqrt(3)

_AXIAL = re.compile(r"\(?\s*([+-]?\d{1,4})\s*,\s*([+-]?\d{1,4})\s*\)?")
_NAMED = re.compile(r"([A-Za-z]{1,2})\s*(\d{1,3})")


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around `h`, clockwise from north."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def within(h: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance 0..radius from `h`."""
    q, r = h
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield q + dq, r + dr


def rotate(offset: Hex, k: int) -> Hex:
    """An offset from a centre turned k × 60° clockwise."""
    q, r = offset
    for _ in range(k % ROTATIONS):
        q, r = -r, q + r
    return q, r


def province(centre: Hex) -> tuple[Hex, ...]:
    """A province's 7 hexes in tile order: the centre, then the ring clockwise from north."""
    return (centre, *neighbours(centre))


def rotated_position(position: int, k: int) -> int:
    """Where a tile's hex `position` (0–6) lands on the map when the tile is turned k × 60°."""
    if position == 0:
        return 0
    return (position - 1 + k) % ROTATIONS + 1


def tile_position(map_position: int, k: int) -> int:
    """Which of the tile's hexes (0–6) covers province position `map_position` at rotation k."""
    if map_position == 0:
        return 0
    return (map_position - 1 - k) % ROTATIONS + 1


def to_offset(h: Hex) -> tuple[int, int]:
    """(column, row) in the odd-q offset layout."""
    q, r = h
    return q, r + (q - (q & 1)) // 2


def from_offset(column: int, row: int) -> Hex:
    """The axial hex at (column, row) of the odd-q offset layout."""
    return column, row - (column - (column & 1)) // 2


def column_letters(column: int) -> str:
    """0 → A, 25 → Z, 26 → AA (bijective base 26)."""
    if column < 0:
        raise ValueError(f"column {column} has no letters")
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_number(letters: str) -> int:
    """A → 0, Z → 25, AA → 26."""
    column = 0
    for ch in letters.upper():
        column = column * 26 + ord(ch) - ord("A") + 1
    return column - 1


def hex_name(h: Hex) -> str:
    """The name players use: column letter and row number ("D7"); axial "q,r" off the layout."""
    column, row = to_offset(h)
    if column < 0 or row < 0:
        return f"{h[0]},{h[1]}"
    return f"{column_letters(column)}{row + 1}"


def read_hex(text: str) -> Hex | None:
    """The hex a player's text names ("D7", "d7", "3,-1", "(3, -1)"), or None if it names none."""
    text = text.strip()
    found = _NAMED.fullmatch(text)
    if found:
        row = int(found.group(2))
        if row < 1:
            return None
        return from_offset(column_number(found.group(1)), row - 1)
    found = _AXIAL.fullmatch(text)
    if found:
        return int(found.group(1)), int(found.group(2))
    return None


def parse_hex(text: str, known: Container[Hex] | None = None, where: str = "on this map") -> Hex:
    """The hex named by `text`, or BadInput saying how hexes are named; with `known`, a hex of
    the map only."""
    if not isinstance(text, str):
        raise BadInput(Msg("Name a hex by its column letter and row number (like D7)."))
    shown = text.strip()[:20]
    h = read_hex(text) if len(text) <= 40 else None
    if h is None:
        raise BadInput(Msg("{text} is not a hex name: name a hex by its column letter and row number (like D7) or "
                           "by axial coordinates (like 3,-1).", text=repr(shown)))
    if known is not None and h not in known:
        raise BadInput(Msg("There is no hex {text} {where}.", text=repr(shown), where=where))
    return h


def names(hexes: Iterable[Hex]) -> list[str]:
    return [hex_name(h) for h in hexes]


def centre_xy(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """A hex centre on screen (y down) for flat-topped hexes of radius `size`, origin at (0, 0)."""
    q, r = h
    return 1.5 * size * q, SQRT3 * size * (r + q / 2)


def corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """A flat-topped hex's six corners on screen, clockwise from the east corner."""
    x, y = centre_xy(h, size)
    points = []
    for i in range(6):
        angle = math.pi / 3 * i
        points.append((x + size * math.cos(angle), y + size * math.sin(angle)))
    return points
