"""The types and the neutral inks every drawing module shares.

- `RGB` a colour, `Point` a pixel position (floats: drawing is sub-pixel until pasted),
  `Box` a (left, top, right, bottom) rectangle.
- `INK` near-black for text and outlines, `PAPER` the warm white of halos and cards, `MUTED`
  the grey of secondary text.
- `mix` blends two colours.

Nothing here imports another `render` module: every other shared module may import this one.
"""

from __future__ import annotations

RGB = tuple[int, int, int]
Point = tuple[float, float]
Box = tuple[float, float, float, float]

INK: RGB = (28, 32, 38)  # near-black for text and outlines
PAPER: RGB = (250, 247, 240)  # halo and card colour
WHITE: RGB = (255, 255, 255)
MUTED: RGB = (110, 106, 98)  # secondary text: notes, captions, numbers on tracks


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
