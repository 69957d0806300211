"""Text on board images: fonts, player-supplied text made drawable, haloed text sprites, and
pasting sprites at an anchor.

- Fonts: the open (OFL-1.1) fonts of the pinned `weblate-fonts` package, found through the package
  itself (never a system path). Each character is drawn with the first font that has it: Source
  Sans 3 (Latin, Greek, Cyrillic: the usual look, drawn at 1.1× so its letters are as big as
  Kurinto's), then Kurinto Sans (most other scripts); Han, Kana and Hangul go to a CJK variant of
  Kurinto Sans first (JP if the text has Kana, KR if it has Hangul, else SC; then the others).
  The Kurinto files are large (5–10 MB each): a file is opened only when a character needs it,
  and open faces are cached per (file, size) in a bounded cache.
- Emoji (pictographs shown in colour by default, which no bundled font draws legibly at these
  sizes) and anything no font has are drawn as their short name in brackets: "🐉" → "[dragon]",
  "😎" → "[sunglasses]", "🇳🇴" → "[flag NO]", "🔥🔥🔥" → "[fire ×3]", an unnamed code point
  → "[U+E000]" (a compatibility character no font has is first tried in its usual form, NFKC).
  Symbols that are text by default (★ ♥ ❤ ✓ ⚔ ☀) keep their glyph, and so do fancy letters
  (𝓐𝓵𝓲𝓬𝓮, Kurinto has them).
- `plain` makes player-supplied text drawable: one line, control and format characters removed,
  emoji named, cut to a number of columns. Every drawing function applies the same fallback, so
  no text ever shows a missing-glyph box.
- `text_sprite` renders text once (with a halo that keeps it readable on any background) and
  caches it; `draw_text` pastes it. `paste` places any RGBA sprite by an anchor.
- What text an image shows is known (`labels`): a text sprite carries its own `Label` (what it
  reads, its size, the box of its letters), a sprite it is pasted on carries it too, and while
  `recording` so does every image (`place`, `carry` when an image is copied, cut or scaled). The
  legibility tests read it; drawing for players never records.
"""

from __future__ import annotations

import atexit
import bisect
import contextlib
import math
import struct
import unicodedata
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from render.basics import INK, PAPER, RGB, Point

# --- the font files ---------------------------------------------------------------------------

SOURCE_SANS = "source-sans/ttf/SourceSans3-Regular.ttf"
KURINTO = "kurinto/ttf/KurintoSans-Rg.ttf"
KURINTO_CJK = {"SC": "kurinto/ttf/KurintoSansSC-Rg.ttf", "JP": "kurinto/ttf/KurintoSansJP-Rg.ttf",
               "TC": "kurinto/ttf/KurintoSansTC-Rg.ttf", "KR": "kurinto/ttf/KurintoSansKR-Rg.ttf"}
SCALE = {SOURCE_SANS: 1.1}  # Source Sans 3 is small on its body: 1.1× matches Kurinto's x-height
MAX_COLUMNS = 100  # `plain` never returns more, whatever the limit

_opened = contextlib.ExitStack()  # real files for the fonts, kept while the process lives
atexit.register(_opened.close)


@cache
def font_path(name: str) -> str:
    """The path of one of the package's font files (`name` relative to its fonts folder)."""
    resource = resources.files("weblate_fonts").joinpath("static", "weblate_fonts", *name.split("/"))
    return str(_opened.enter_context(resources.as_file(resource)))


def _face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """Font file `name` at `size` pixels (Source Sans 3 scaled to match the others). Each face
    maps its file (FreeType reads it in place): a Kurinto face keeps a few MB of it resident, so
    fewer of those stay open."""
    return _main_face(size) if name == SOURCE_SANS else _large_face(name, size)


@lru_cache(maxsize=32)
def _main_face(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(SOURCE_SANS), size * SCALE[SOURCE_SANS])


@lru_cache(maxsize=8)
def _large_face(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(name), size * SCALE.get(name, 1.0))


def font(size: int) -> ImageFont.FreeTypeFont:
    """The main font (Source Sans 3) at `size` pixels."""
    return _face(SOURCE_SANS, size)


@cache
def _coverage(name: str) -> tuple[array[int], array[int]]:
    """The code points font file `name` has a glyph for, as sorted ranges (starts, ends), read
    from its character map (the format 12 subtable, which every font of the package has)."""
    with open(font_path(name), "rb") as f:
        tables = struct.unpack(">H", f.read(12)[4:6])[0]
        directory = f.read(16 * tables)
        where = {directory[i:i + 4]: directory[i + 8:i + 16] for i in range(0, len(directory), 16)}
        offset, length = struct.unpack(">II", where[b"cmap"])
        f.seek(offset)
        cmap = f.read(length)
    subtables = struct.unpack(">H", cmap[2:4])[0]
    for i in range(subtables):
        _, _, at = struct.unpack(">HHI", cmap[4 + 8 * i:12 + 8 * i])
        if struct.unpack(">H", cmap[at:at + 2])[0] == 12:
            break
    else:
        raise ValueError(f"{name}: no format 12 character map")
    groups = struct.unpack(">I", cmap[at + 12:at + 16])[0]
    starts, ends = array("I"), array("I")
    for g in range(groups):
        first, last, glyph = struct.unpack(">III", cmap[at + 16 + 12 * g:at + 28 + 12 * g])
        first += glyph == 0  # glyph 0 is the missing-glyph box
        if first > last:
            continue
        if ends and ends[-1] + 1 == first:
            ends[-1] = last
        else:
            starts.append(first)
            ends.append(last)
    return starts, ends


def covers(name: str, text: str) -> bool:
    """Whether font file `name` has a glyph for every character of `text`."""
    starts, ends = _coverage(name)
    for c in text:
        i = bisect.bisect_right(starts, ord(c)) - 1
        if i < 0 or ord(c) > ends[i]:
            return False
    return True


# --- which characters go where ------------------------------------------------------------------

ZWJ = "\u200d"
_HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))
_KANA = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F), (0x1B000, 0x1B16F))
_CJK = (*_HANGUL, *_KANA, (0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3190, 0x31EF), (0x3200, 0x4DBF),
        (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
# shown as colour pictures by default (Unicode's Emoji_Presentation), and the pictograph blocks
_EMOJI = ((0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3), (0x25FD, 0x25FE),
          (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
          (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4),
          (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
          (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E),
          (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF),
          (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF),
          (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F1E6, 0x1F1FF), (0x1F201, 0x1F202), (0x1F21A, 0x1F21A),
          (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F250, 0x1F251), (0x1F300, 0x1F64F), (0x1F680, 0x1F6FF),
          (0x1F7E0, 0x1F7F0), (0x1F900, 0x1F9FF), (0x1FA70, 0x1FAFF))
_SKIN_TONES = (0x1F3FB, 0x1F3FF)
_FLAG_LETTERS = (0x1F1E6, 0x1F1FF)
_MARKS = 3  # combining marks kept on one letter (more only pile up)


def _within(c: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= ord(c) <= hi for lo, hi in ranges)


def _is_emoji(c: str) -> bool:
    return _within(c, _EMOJI)


def _is_selector(c: str) -> bool:
    """A variation selector or a skin tone: changes how its character looks, drawn as nothing."""
    return 0xFE00 <= ord(c) <= 0xFE0F or 0xE0100 <= ord(c) <= 0xE01EF or _within(c, (_SKIN_TONES,))


def _clusters(text: str) -> list[str]:
    """`text` (composed) cut into what is drawn as one: a character with its combining marks (at
    most `_MARKS`) and selectors, an emoji sequence joined by ZWJ, a pair of flag letters. Control
    and format characters (and line or paragraph separators) are dropped."""
    out: list[str] = []
    marks, joining = 0, False
    for c in unicodedata.normalize("NFC", text):
        kind = unicodedata.category(c)
        if c == ZWJ:
            joining = bool(out) and _is_emoji(out[-1][0])
        elif kind in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            joining = False
        elif out and (_is_selector(c) or (joining and _is_emoji(c))):
            out[-1] += (ZWJ if joining else "") + c
            joining = False
        elif out and kind in ("Mn", "Mc", "Me"):
            if marks < _MARKS:
                out[-1] += c
                marks += 1
        elif (out and _within(c, (_FLAG_LETTERS,)) and len(out[-1]) == 1
              and _within(out[-1], (_FLAG_LETTERS,))):
            out[-1] += c
        elif _is_selector(c):
            continue  # a selector or skin tone with nothing to change
        else:
            out.append(c)
            marks, joining = 0, False
    return out


def _short_name(c: str) -> str:
    """A character's Unicode name, lower case and short: 'smiling face with sunglasses' →
    'sunglasses'; 'U+E000' for one without a name."""
    name = unicodedata.name(c, "").lower()
    if not name:
        return f"U+{ord(c):04X}"
    if len(name) > 16 and " with " in name:
        name = name.split(" with ", 1)[1]
    if len(name) > 20:
        name = name[:20].rsplit(" ", 1)[0] + "…"
    return name


def _label(cluster: str, count: int = 1) -> str:
    """What is drawn for an emoji (or a character no font has): its short name in brackets."""
    points = [c for c in cluster if c != ZWJ and not _is_selector(c)]
    if points and all(_within(c, (_FLAG_LETTERS,)) for c in points):
        name = "flag " + "".join(chr(ord(c) - _FLAG_LETTERS[0] + ord("A")) for c in points)
    else:
        name = "+".join(_short_name(c) for c in points)
    return f"[{name}{f' ×{count}' if count > 1 else ''}]"


def _variant(text: str) -> str:
    """The CJK variant of Kurinto Sans for `text`'s Han: Japanese if it has Kana, Korean if it
    has Hangul, else Simplified Chinese."""
    if any(_within(c, _KANA) for c in text):
        return "JP"
    return "KR" if any(_within(c, _HANGUL) for c in text) else "SC"


def _fonts_for(c: str, variant: str) -> tuple[str, ...]:
    """The font files to try for a character, in order."""
    cjk = (KURINTO_CJK[variant], *(f for v, f in KURINTO_CJK.items() if v != variant))
    if _within(c, _CJK):
        return (*cjk, KURINTO, SOURCE_SANS)
    return (SOURCE_SANS, KURINTO, *cjk)


def _neutral(text: str) -> bool:
    """Spaces and punctuation: they take the font of the text around them (`_between`)."""
    return all(unicodedata.category(c)[0] in "ZP" for c in text)


def _units(text: str) -> list[tuple[str, str]]:
    """`text` as (what is drawn, font file) per cluster: emoji and what no font has replaced by
    their label (in Source Sans 3), selectors and joiners left out of drawn text."""
    if _ascii(text):
        return [(c, SOURCE_SANS) for c in text]
    clusters = _clusters(text)
    variant = _variant(text)
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(clusters):
        cluster = clusters[i]
        if _is_emoji(cluster[0]):
            same = 1
            while i + same < len(clusters) and clusters[i + same] == cluster:
                same += 1
            out.append((_label(cluster, same), SOURCE_SANS))
            i += same
            continue
        i += 1
        drawn = "".join(c for c in cluster if not _is_selector(c))
        found = next((f for f in _fonts_for(drawn[0], variant) if covers(f, drawn)), None)
        if found:
            out.append((drawn, found))
            continue
        if unicodedata.category(drawn[0]) == "Zs":
            out.append((" ", out[-1][1] if out else SOURCE_SANS))
            continue
        base = next((f for f in _fonts_for(drawn[0], variant) if covers(f, drawn[0])), None)
        if base:  # marks no font has on this letter are left out
            out.append((drawn[0] + "".join(m for m in drawn[1:] if covers(base, m)), base))
            continue
        drawn = drawn[0]
        folded = unicodedata.normalize("NFKC", drawn)  # e.g. a CJK compatibility ideograph
        fonts = [next((f for f in _fonts_for(c, variant) if covers(f, c)), None) for c in folded]
        if folded != drawn and all(fonts) and not any(_is_emoji(c) for c in folded):
            out += [(c, f) for c, f in zip(folded, fonts) if f]
        else:
            out.append((_label(drawn), SOURCE_SANS))
    return _between(out)


def _between(units: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Spaces and punctuation take the font of the text around them (between two units of one
    font, or at either end), when it has them: a phrase in one script is then one run, laid out
    as a whole (right to left for Hebrew or Arabic)."""
    out = list(units)
    i = 0
    while i < len(out):
        end = i
        while end < len(out) and _neutral(out[end][0]):
            end += 1
        before = out[i - 1][1] if i > 0 else None
        after = out[end][1] if end < len(out) else None
        name = before if after in (None, before) else after if before is None else None
        if i < end and name and all(covers(name, drawn) for drawn, _ in out[i:end]):
            out[i:end] = [(drawn, name) for drawn, _ in out[i:end]]
        i = end + 1
    return out


def _ascii(text: str) -> bool:
    """Printable ASCII only: all Source Sans 3, no look-up."""
    return all(" " <= c <= "~" for c in text)


@lru_cache(maxsize=1024)
def _runs(text: str) -> tuple[tuple[str, str], ...]:
    """`text` as (run, font file): neighbouring units of one font drawn together."""
    if _ascii(text):
        return ((text, SOURCE_SANS),) if text else ()
    runs: list[tuple[str, str]] = []
    for drawn, name in _units(text):
        if runs and runs[-1][1] == name:
            runs[-1] = (runs[-1][0] + drawn, name)
        else:
            runs.append((drawn, name))
    return tuple(runs)


def _columns(unit: str) -> int:
    """Columns a unit takes in `plain`'s count: two for a wide (CJK) character, none for marks."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
               for c in unit)


@lru_cache(maxsize=4096)
def plain(text: str, limit: int | None = None) -> str:
    """`text` made drawable: one line (runs of white space become one space), control and format
    characters removed, emoji and anything no font has replaced by its name in brackets, cut to
    `limit` columns (a CJK character counts two; at most `MAX_COLUMNS`) with '...'."""
    units = [drawn for drawn, _ in _units(" ".join(text.split()))]
    limit = min(limit or MAX_COLUMNS, MAX_COLUMNS)
    widths = [_columns(u) for u in units]
    if sum(widths) <= limit:
        return "".join(units)
    room = max(limit - 3, 1)
    kept: list[str] = []
    used = 0
    for unit, width in zip(units, widths):
        if used + width > room:
            if not kept:  # a first label longer than the room is cut itself
                kept = [unit[:room]]
            break
        kept.append(unit)
        used += width
    return "".join(kept).rstrip() + "..."


# --- what text an image shows -------------------------------------------------------------------

LABELS = "waypost.labels"  # the key of an image's `info` holding the text drawn on it


Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    """Text drawn on an image: what it reads, its font size and the box its letters cover, both
    in the image's pixels (text drawn at 20 px on an image later halved has size 10); `within`,
    the part of the image it was drawn in, when it came with a part (`place`, `carry`): letters
    outside it are cut off."""

    text: str
    size: float
    box: Rect
    within: Rect | None = None

    def moved(self, scale: float, offset: tuple[float, float], within: Rect | None = None) -> Label:
        """This label on an image made from this one's (scaled by `scale`, then moved by
        `offset`) inside `within` of it (None: all of it)."""
        def moved(r: Rect) -> Rect:
            return r[0] * scale + x, r[1] * scale + y, r[2] * scale + x, r[3] * scale + y

        x, y = offset
        inside = moved(self.within) if self.within is not None else None
        if within is not None:
            inside = within if inside is None else (max(inside[0], within[0]), max(inside[1], within[1]),
                                                    min(inside[2], within[2]), min(inside[3], within[3]))
        return Label(self.text, self.size * scale, moved(self.box), inside)


_recording = 0  # how many `recording` blocks are open
_forgotten: list[Callable[[], None]] = []  # caches of opaque sprites with text, emptied by `recording`


def forget_when_recording(clear: Callable[[], None]) -> None:
    """Have `recording` call `clear` as it starts: for a cache of opaque (RGB) sprites with text,
    which record their text only while recording."""
    _forgotten.append(clear)


@contextlib.contextmanager
def recording() -> Iterator[None]:
    """Inside it, every image records the text pasted on it (see `labels`), and cached layers
    and opaque sprites built outside are built again (render.layers, `forget_when_recording`).
    For tests: the record costs time."""
    global _recording
    for clear in _forgotten:
        clear()
    _recording += 1
    try:
        yield
    finally:
        _recording -= 1


def is_recording() -> bool:
    return _recording > 0


def labels(image: Image.Image) -> tuple[Label, ...]:
    """The text `image` shows, as recorded (a sprite's always; a board's only while `recording`)."""
    found: tuple[Label, ...] = image.info.get(LABELS, ())
    return found


def _add(image: Image.Image, found: tuple[Label, ...], scale: float, offset: tuple[float, float],
         within: Rect | None = None) -> None:
    if found:
        image.info[LABELS] = labels(image) + tuple(label.moved(scale, offset, within) for label in found)


def carry(source: Image.Image, target: Image.Image, scale: float = 1.0,
          offset: tuple[float, float] = (0.0, 0.0)) -> Image.Image:
    """`target`, made from `source` (a copy, a part or a scaled copy: its pixel (x, y) is the
    source's (x, y) × `scale` + `offset`), gets the source's record of text, moved alike; text
    wholly outside it is dropped, text partly outside kept (it is cut). Returns `target`."""
    if not _recording and source.mode != "RGBA":
        return target
    w, h = target.size
    kept = tuple(m for m in (label.moved(scale, offset) for label in labels(source))
                 if m.box[2] > 0 and m.box[3] > 0 and m.box[0] < w and m.box[1] < h)
    target.info[LABELS] = kept
    return target


def place(image: Image.Image, part: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(part, xy)` of a whole opaque image (a layer, a view), keeping the record of
    text: what `part` covers is hidden, what it shows is added."""
    image.paste(part, xy)
    if _recording:
        x, y = xy
        right, bottom = x + part.width, y + part.height
        shown = tuple(m for m in labels(image)
                      if not (m.box[0] >= x and m.box[1] >= y and m.box[2] <= right and m.box[3] <= bottom))
        image.info[LABELS] = shown
        _add(image, labels(part), 1.0, (x, y), (x, y, right, bottom))


# --- measuring and drawing ----------------------------------------------------------------------


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    """The advance width of `text` at `size` pixels (without halo)."""
    return math.ceil(sum(_face(name, size).getlength(run) for run, name in _runs(text)))


def _ends(text: str) -> list[int]:
    """Where `text` may be cut without splitting a character from its marks."""
    return [i for i in range(1, len(text)) if not unicodedata.combining(text[i]) and not _is_selector(text[i])
            and text[i] != ZWJ and text[i - 1] != ZWJ]


def shrunk(text: str, size: int, width: float, least: int) -> int:
    """The largest size from `size` down to `least` at which `text` is at most `width` pixels
    wide (`least` when none is): a whole text a little smaller rather than cut."""
    while size > least and text_width(text, size) > width:
        size -= 1
    return size


def fit(text: str, size: int, width: float) -> str:
    """`text` cut (with '...') so that it is at most `width` pixels wide at `size`."""
    if text_width(text, size) <= width:
        return text
    for end in reversed(_ends(text)):
        cut = text[:end].rstrip() + "..."
        if text_width(cut, size) <= width:
            return cut
    return "..."


@lru_cache(maxsize=256)
def wrap(text: str, size: int, width: float, lines: int) -> tuple[str, ...]:
    """`text` in at most `lines` lines of `width` pixels (the last cut with '...')."""
    words, out, line = [plain(word) for word in text.split()], [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if text_width(trial, size) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " ...", size, width) if text_width(out[-1] + " ...", size) > width else out[-1] + " ..."
    return tuple(fit(line, size, width) for line in out)


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, fill: RGB = INK, halo: RGB | None = PAPER, halo_width: int = 3,
                bold: bool = False) -> Image.Image:
    """`text` as an RGBA image with a `halo` (outline) of `halo_width` pixels around the letters,
    readable on any background. `bold` thickens the letters by one pixel. Each run of characters
    is drawn in its own font, all on one baseline."""
    stroke = 1 if bold else 0
    placed: list[tuple[float, str, ImageFont.FreeTypeFont]] = []
    inks: list[tuple[float, float, float, float]] = []
    x = 0.0
    for run, name in _runs(text):
        f = _face(name, size)
        ink = f.getbbox(run, stroke_width=stroke, anchor="ls")
        inks.append((x + ink[0], ink[1], x + ink[2], ink[3]))
        placed.append((x, run, f))
        x += f.getlength(run)
    left, top = min((b[0] for b in inks), default=0), min((b[1] for b in inks), default=0)
    right, bottom = max((b[2] for b in inks), default=0), max((b[3] for b in inks), default=0)
    pad = (halo_width if halo else 0) + 2
    box = (math.ceil(right - left + 2 * pad), math.ceil(max(bottom - top, 1) + 2 * pad))
    origin = (pad - left, pad - top)
    letters = Image.new("L", box, 0)
    pen = ImageDraw.Draw(letters)
    for dx, run, f in placed:
        pen.text((origin[0] + dx, origin[1]), run, fill=255, font=f, anchor="ls", stroke_width=stroke, stroke_fill=255)
    sprite = Image.new("RGBA", box, (*fill, 0))
    if halo:
        outline = Image.new("L", box, 0)
        pen = ImageDraw.Draw(outline)
        for dx, run, f in placed:
            pen.text((origin[0] + dx, origin[1]), run, fill=255, font=f, anchor="ls", stroke_width=halo_width,
                     stroke_fill=255)
        sprite = Image.composite(Image.new("RGBA", box, (*fill, 255)), Image.new("RGBA", box, (*halo, 255)),
                                 letters)
        sprite.putalpha(outline)
    else:
        sprite.putalpha(letters)
    sprite.info[LABELS] = (Label(text, size, (pad, pad, box[0] - pad, box[1] - pad)),)
    return sprite


def anchored(box: tuple[int, int], xy: Point, anchor: str) -> tuple[int, int]:
    """Top-left corner placing a `box` (w, h) so that `xy` is at its `anchor`: two letters,
    horizontal l/m/r then vertical t/m/b ("mm" centres it)."""
    w, h = box
    x = xy[0] - {"l": 0, "m": w / 2, "r": w}[anchor[0]]
    y = xy[1] - {"t": 0, "m": h / 2, "b": h}[anchor[1]]
    return round(x), round(y)


def paste(image: Image.Image, sprite: Image.Image, xy: Point, anchor: str = "mm") -> tuple[int, int, int, int]:
    """Paste an RGBA sprite onto `image` at `xy` (see `anchored`); returns the box it covers."""
    x, y = anchored(sprite.size, xy, anchor)
    if image.mode != "RGBA":
        image.paste(sprite, (x, y), sprite)
        if _recording:
            _add(image, labels(sprite), 1.0, (x, y))
        return x, y, x + sprite.width, y + sprite.height
    _add(image, labels(sprite), 1.0, (x, y))  # a sprite on a sprite: the text goes with it
    # onto a sprite: composite, so the alpha of both adds up (paste would thin it)
    left, top = max(x, 0), max(y, 0)
    right, bottom = min(x + sprite.width, image.width), min(y + sprite.height, image.height)
    if left < right and top < bottom:
        image.alpha_composite(sprite, (left, top), (left - x, top - y, right - x, bottom - y))
    return x, y, x + sprite.width, y + sprite.height


def draw_text(image: Image.Image, xy: Point, text: str, size: int, fill: RGB = INK, halo: RGB | None = PAPER,
              anchor: str = "mm", bold: bool = False, halo_width: int = 3) -> tuple[int, int, int, int]:
    """Haloed text at `xy`; returns the box it covers. `anchor` as in `anchored` (the box is the
    letters' ink plus the halo, so "mm" centres the visible text)."""
    return paste(image, text_sprite(text, size, fill, halo, halo_width, bold), xy, anchor)
