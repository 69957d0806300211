"""Markers in words, as turn cards say them: `described` ("a pentagon marked C", a catalog message),
`seat_marker` a seat colour's as the shared styles draw it (`render.palette`, `render.marks`)."""

from __future__ import annotations

from render.palette import player_style
from rules.messages import Msg


def described(shape: str, letter: str) -> str:
    """A marker in words, as texts name it: "a pentagon marked C" (a catalog message)."""
    said = {
        "circle": Msg("a circle marked {letter}", letter=letter),
        "square": Msg("a square marked {letter}", letter=letter),
        "triangle": Msg("a triangle marked {letter}", letter=letter),
        "diamond": Msg("a diamond marked {letter}", letter=letter),
        "hexagon": Msg("a hexagon marked {letter}", letter=letter),
        "star": Msg("a five-pointed star marked {letter}", letter=letter),
        "pentagon": Msg("a pentagon marked {letter}", letter=letter),
        "down": Msg("a downward triangle marked {letter}", letter=letter),
        "cross": Msg("a cross marked {letter}", letter=letter),
        "shield": Msg("a shield marked {letter}", letter=letter),
        "right": Msg("a right-pointing triangle marked {letter}", letter=letter),
        "left": Msg("a left-pointing triangle marked {letter}", letter=letter),
        "star6": Msg("a six-pointed star marked {letter}", letter=letter),
        "pill": Msg("a pill marked {letter}", letter=letter),
        "octagon": Msg("an octagon marked {letter}", letter=letter),
        "trapezoid": Msg("a trapezoid marked {letter}", letter=letter),
        "parallelogram": Msg("a parallelogram marked {letter}", letter=letter),
        "heart": Msg("a heart marked {letter}", letter=letter),
    }
    return said.get(shape) or Msg("a {shape} marked {letter}", shape=shape, letter=letter)


def seat_marker(board: object, colour: str) -> str:
    """A seat colour's marker in words, on a board drawn with the shared styles (`render.palette`):
    every game's but one that draws its pieces its own way (`waypost.registry.GameEntry.marker`)."""
    style = player_style(colour)
    return described(style.shape, style.letter)
