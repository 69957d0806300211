"""An animated recap: board images one after another, each under a band saying what happened.

The frames are the posted views (`render.posted`), read in Discord's preview like them: the
band's text is at least `LEAST_PX` pixels there whatever the frames' width, wrapped in up to
`LINES` lines rather than cut; frames of different heights are laid on one canvas (the tallest).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from render.basics import INK, PAPER
from render.posted import least
from render.text import carry, draw_text, place, wrap
from render.words import say

LABEL_SIZE = 22
LINES = 3  # a label's lines at most (the last cut with '...')
SECONDS = 1.6  # each frame shows this long; the last one twice as long


def animate(frames: Sequence[bytes], labels: Sequence[str], limit: int) -> bytes:
    """An animated GIF of `frames` (PNG bytes, all the same game), each under its label; scaled
    down until it weighs at most `limit` bytes."""
    labelled = framed([Image.open(io.BytesIO(f)).convert("RGB") for f in frames], labels)
    scale = 1.0
    while True:
        sized = [i if scale == 1 else i.resize((round(i.width * scale), round(i.height * scale))) for i in labelled]
        out = _gif(sized)
        if len(out) <= limit or scale < 0.2:
            return out
        scale *= 0.75


def framed(images: Sequence[Image.Image], labels: Sequence[str]) -> list[Image.Image]:
    """Each image under its label, all on one canvas: as wide and tall as the largest, the band
    as tall as the longest label needs."""
    width, height = max(i.width for i in images), max(i.height for i in images)
    size = max(LABEL_SIZE, least(width))
    lines = [wrap(say(label), size, width - 24, LINES) for label in labels]
    step = size + 8
    band = 16 + step * max(len(line) for line in lines)
    out = []
    for image, said in zip(images, lines, strict=True):
        canvas = Image.new("RGB", (width, height + band), PAPER)
        place(canvas, carry(image, image.convert("RGB")), (0, band))
        for n, line in enumerate(said):
            draw_text(canvas, (12, 8 + step * (n + 0.5)), line, size, INK, halo=None, anchor="lm")
        out.append(canvas)
    return out


def _gif(images: list[Image.Image]) -> bytes:
    palette = images[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    frames = [i.quantize(palette=palette, dither=Image.Dither.NONE) for i in images]
    durations = [round(SECONDS * 1000)] * (len(frames) - 1) + [round(SECONDS * 2000)]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()
