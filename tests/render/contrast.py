"""Whether a small piece stands out from its ground at Discord's preview size: the piece (an RGBA
sprite) laid on the ground's colour and scaled as its image is scaled to the preview; then the
share of its edge (the outer `EDGE` pixels of its silhouette) that contrasts with the ground by
at least `LEAST_RATIO` (WCAG's contrast ratio of relative luminances, 3:1 for graphics)."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageFilter

from render.basics import RGB

LEAST_RATIO = 3.0  # WCAG 2.1, non-text contrast
EDGE = 2  # pixels of the silhouette's rim, at the preview


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def at_preview(sprite: Image.Image, ground: RGB, scale: float) -> tuple[Image.Image, Image.Image]:
    """`sprite` on `ground`, scaled by `scale` (the preview's width over its image's), and its
    silhouette (where it is at least half opaque) at that size."""
    laid = Image.new("RGB", sprite.size, ground)
    laid.paste(sprite, (0, 0), sprite)
    size = (max(1, round(sprite.width * scale)), max(1, round(sprite.height * scale)))
    shown = laid.resize(size, Image.Resampling.BOX)
    mask = sprite.getchannel("A").resize(size, Image.Resampling.BOX).point(lambda a: 255 if a >= 128 else 0)
    return shown, mask


def edge_contrast(sprite: Image.Image, ground: RGB, scale: float) -> float:
    """The share (0 to 1) of the piece's rim, at the preview, that contrasts with the ground by at
    least `LEAST_RATIO`."""
    shown, mask = at_preview(sprite, ground, scale)
    inner = mask
    for _ in range(EDGE):
        inner = inner.filter(ImageFilter.MinFilter(3))
    rim = ImageChops.subtract(mask, inner)
    pixels = [shown.getpixel((x, y)) for y in range(rim.height) for x in range(rim.width) if rim.getpixel((x, y))]
    if not pixels:
        return 0.0
    return sum(ratio(p, ground) >= LEAST_RATIO for p in pixels) / len(pixels)
