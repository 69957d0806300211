"""A seat's marker in words, as texts name it ("a pentagon marked C"): catalog messages, so a turn
card names it in the reader's language (the shapes are drawn by `render.marks`)."""

from __future__ import annotations

from render.palette import player_style
from rules.messages import Msg

WORDS = {"circle": Msg("a circle"), "square": Msg("a square"), "triangle": Msg("a triangle"),
         "diamond": Msg("a diamond"), "hexagon": Msg("a hexagon"), "star": Msg("a five-pointed star"),
         "pentagon": Msg("a pentagon"), "down": Msg("a downward triangle"), "cross": Msg("a cross"),
         "shield": Msg("a shield"), "right": Msg("a right-pointing triangle"), "left": Msg("a left-pointing triangle"),
         "star6": Msg("a six-pointed star"), "pill": Msg("a pill"), "octagon": Msg("an octagon"),
         "trapezoid": Msg("a trapezoid"), "parallelogram": Msg("a parallelogram"), "heart": Msg("a heart")}


def described(shape: str, letter: str) -> str:
    """A marker in words, as texts name it: "a pentagon marked C"."""
    return Msg("{shape} marked {letter}", shape=WORDS.get(shape, shape), letter=letter)


def seat_marker(board: object, colour: str) -> str:
    """A seat colour's marker in words, on a board drawn with the shared styles (`render.palette`):
    every game's but one that draws its pieces its own way (`waypost.registry.GameEntry.marker`)."""
    style = player_style(colour)
    return described(style.shape, style.letter)
