"""An animated recap: board images one after another, each labelled with what happened."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from render.basics import INK, PAPER
from render.text import draw_text, fit

BAND = 44  # the label's band above each frame, in pixels
LABEL_SIZE = 22
SECONDS = 1.6  # each frame shows this long; the last one twice as long


def animate(frames: Sequence[bytes], labels: Sequence[str], limit: int) -> bytes:
    """An animated GIF of `frames` (PNG bytes, all the same game), each under its label; scaled
    down until it weighs at most `limit` bytes."""
    images = [Image.open(io.BytesIO(f)).convert("RGB") for f in frames]
    width = max(i.width for i in images)
    labelled = [_labelled(image, label, width) for image, label in zip(images, labels, strict=True)]
    scale = 1.0
    while True:
        sized = [i if scale == 1 else i.resize((round(i.width * scale), round(i.height * scale))) for i in labelled]
        out = _gif(sized)
        if len(out) <= limit or scale < 0.2:
            return out
        scale *= 0.75


def _labelled(image: Image.Image, label: str, width: int) -> Image.Image:
    framed = Image.new("RGBA", (width, image.height + BAND), PAPER)
    framed.paste(image, (0, BAND))
    draw_text(framed, (12, BAND // 2), fit(label, LABEL_SIZE, width - 24), LABEL_SIZE, INK, halo=None, anchor="lm")
    return framed.convert("RGB")


def _gif(images: list[Image.Image]) -> bytes:
    palette = images[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    frames = [i.quantize(palette=palette, dither=Image.Dither.NONE) for i in images]
    durations = [round(SECONDS * 1000)] * (len(frames) - 1) + [round(SECONDS * 2000)]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()
