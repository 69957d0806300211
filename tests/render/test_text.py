"""Player text on board images in any script: the fonts of the pinned `weblate-fonts` package,
one font per character (Source Sans 3, Kurinto Sans, its CJK variants), emoji drawn as their
name in brackets, lengths bounded, and a Vikings board drawn with such names."""

from __future__ import annotations

import io
import subprocess
import sys
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import text, vikings
from render.vikings.layout import CARD_H, MAP_W, PANEL_TOP, WIDTH
from rules.base import Seat
from tests.render.test_vikings_render import busy, largest

NAMES = {
    "latin": "Ástríður Þórsdóttir-Łęcka",
    "greek": "Αλέξανδρος Παπαδόπουλος",
    "cyrillic": "Дмитрий Соколов",
    "chinese": "王小明",
    "japanese": "山田さくら",
    "korean": "김민준",
}
FONT_OF = {"latin": text.SOURCE_SANS, "greek": text.SOURCE_SANS, "cyrillic": text.SOURCE_SANS,
           "chinese": text.KURINTO_CJK["SC"], "japanese": text.KURINTO_CJK["JP"], "korean": text.KURINTO_CJK["KR"]}
NOT_IN_ANY_FONT = "\U0010fffd"  # plane 16 private use: every font draws its missing-glyph box


def glyph(face: ImageFont.FreeTypeFont, c: str) -> bytes:
    """The pixels of one character drawn alone."""
    image = Image.new("L", (100, 100), 0)
    ImageDraw.Draw(image).text((30, 70), c, fill=255, font=face, anchor="ls")
    return image.tobytes()


# --- the fonts --------------------------------------------------------------------------------


def test_the_fonts_come_from_the_pinned_package():
    import weblate_fonts

    package = Path(weblate_fonts.__file__).resolve().parent
    for name in (text.SOURCE_SANS, text.KURINTO, *text.KURINTO_CJK.values()):
        path = Path(text.font_path(name)).resolve()
        assert path.is_file() and package in path.parents
    assert text.font(20).getname() == ("Source Sans 3", "Regular")
    assert "weblate-fonts==2026.1" in (Path(__file__).parents[2] / "requirements.txt").read_text()


@pytest.mark.parametrize("script", NAMES)
def test_a_name_in_each_script_is_kept_and_drawn_with_real_glyphs(script):
    name = NAMES[script]
    assert text.plain(name) == name
    runs = text._runs(name)
    assert {font for run, font in runs if run.strip()} == {FONT_OF[script]}
    for run, font in runs:
        assert text.covers(font, run)  # the font's character map has every character
        face = text._face(font, 24)
        missing = glyph(face, NOT_IN_ANY_FONT)
        for c in run.replace(" ", "").replace("-", ""):
            drawn = glyph(face, c)
            assert drawn != missing, f"{c!r} drawn as the missing-glyph box of {font}"
            assert max(drawn) == 255


def test_a_mixed_name_uses_one_font_per_script_on_one_baseline():
    runs = text._runs("Bjørn 王小明 Дима")
    assert [font for _, font in runs] == [text.SOURCE_SANS, text.KURINTO_CJK["SC"], text.SOURCE_SANS]
    sprite = text.text_sprite("Bjørn 王小明 Дима", 22, halo=None)
    assert sprite.height < 2 * 22  # one line
    assert sprite.width >= text.text_width("Bjørn 王小明 Дима", 22)


def test_other_scripts_fall_back_to_kurinto_sans_and_right_to_left_stays_one_run():
    for name in ("שלום עולם", "محمد علي", "नमस्ते", "สมชาย", "Արամ"):
        assert text.plain(name) == name
        runs = text._runs(name)
        assert len(runs) == 1 and runs[0][1] == text.KURINTO, name
        assert text.covers(text.KURINTO, name)


def test_the_large_fonts_are_opened_only_when_a_character_needs_them():
    script = """
import sys
from pathlib import Path
from render import text
def mapped():
    return {Path(line.split()[-1]).name for line in open('/proc/self/maps') if line.rstrip().endswith('.ttf')}
text.text_sprite('Astrid', 21); print(sorted(mapped()))
text.text_sprite('Bjørn Αλέξανδρος Дмитрий', 21); print(sorted(mapped()))
text.text_sprite('王小明', 21); print(sorted(mapped()))
"""
    if not Path("/proc/self/maps").exists():
        pytest.skip("needs /proc")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[2]).stdout.splitlines()
    if out[0] == "[]":
        pytest.skip("this FreeType reads fonts into memory rather than mapping them")
    assert out == ["['SourceSans3-Regular.ttf']", "['SourceSans3-Regular.ttf']",
                   "['KurintoSansSC-Rg.ttf', 'SourceSans3-Regular.ttf']"]


# --- emoji and what no font has ---------------------------------------------------------------


def test_emoji_are_drawn_as_their_name_in_brackets():
    assert text.plain("Anna 🐉") == "Anna [dragon]"
    assert text.plain("😎") == "[sunglasses]"  # "smiling face with sunglasses", shortened
    assert text.plain("🔥🔥🔥 Blaze") == "[fire ×3] Blaze"
    assert text.plain("🇳🇴 Ola") == "[flag NO] Ola"
    assert text.plain("👍🏽") == "[thumbs up sign]"  # the skin tone is not named
    assert text.plain("👨\u200d👩\u200d👧") == "[man+woman+girl]"
    assert text.plain("✨") == "[sparkles]"
    assert text.plain("王小明🐉") == "王小明[dragon]"


def test_symbols_that_are_text_by_default_keep_their_glyph():
    assert text.plain("❤️ ★ ✓ ⚔") == "❤ ★ ✓ ⚔"  # the emoji selector is dropped, not named
    for run, font in text._runs("❤ ★ ✓ ⚔"):
        assert text.covers(font, run)


def test_what_no_font_has_is_named_or_folded_never_a_box():
    assert text.plain("\ue000x") == "[U+E000]x"  # private use: the code point
    assert text.plain("\U0001d552\U0001d553") == "𝕒𝕓"  # Kurinto has the double-struck letters
    assert text.plain("Ａｎｎａ") == "Ａｎｎａ"
    for name in ("Anna 🐉", "\ue000", "😂😂", "👨\u200d👩\u200d👧", "🏳️\u200d🌈", "\U000e0001tag"):
        for run, font in text._runs(name):
            assert text.covers(font, run), (name, run)


def test_the_drawing_functions_apply_the_same_fallback_to_raw_text():
    assert text._runs("🐉") == text._runs("[dragon]")
    assert text.text_width("Anna 🐉", 20) == text.text_width("Anna [dragon]", 20)
    assert text.text_sprite("🐉", 20).tobytes() == text.text_sprite("[dragon]", 20).tobytes()


def test_plain_is_one_line_without_control_or_format_characters():
    assert text.plain("  Anna\n\tthe\r\nBold  ") == "Anna the Bold"
    assert text.plain("zero\u200bwidth\u202eRTL\u00ad") == "zerowidthRTL"
    assert text.plain("a\u0301\u0302\u0303\u0304\u0305\u0306b") == "á\u0302\u0303\u0304b"  # marks bounded


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_becomes_one_bounded_line_every_character_of_which_a_font_has(name):
    shown = text.plain(name, 30)
    assert text._columns(shown) <= 30
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in shown)
    for run, font in text._runs(shown) + text._runs(name):
        assert text.covers(font, run), (name, run)
    assert text.text_sprite(name, 16, bold=True).height < 3 * 16


# --- lengths ----------------------------------------------------------------------------------


def test_plain_cuts_to_a_number_of_columns_a_cjk_character_counting_two():
    assert text.plain("a very long name indeed", 10) == "a very..."
    assert text.plain("王小明張偉李娜王小明張偉李娜", 10) == "王小明...", "3 × 2 columns + '...'"
    assert text.plain("😂 hello", 8) == "[tear..."  # a name longer than the room is cut too
    assert text.plain("Bjørn🐉🐉" * 2000) == text.plain("Bjørn🐉🐉" * 2000, text.MAX_COLUMNS)
    assert len(text.plain("x" * 10_000)) <= text.MAX_COLUMNS


@pytest.mark.parametrize("script", NAMES)
def test_text_width_stays_bounded_in_every_script(script):
    long = " ".join([NAMES[script]] * 10) + " 🐉" * 10
    shown = text.plain(long, 18)
    assert shown.endswith("...")
    assert text.text_width(shown, 21) <= 18 * 21 * 0.75
    for width in (60, 150, 300):
        cut = text.fit(long, 21, width)
        assert cut.endswith("...") and text.text_width(cut, 21) <= width


def test_fit_never_parts_a_letter_from_its_accent():
    cut = text.fit("e\u0301" * 30, 20, 100)
    assert cut.endswith("...") and not text.plain(cut).startswith("\u0301")
    assert "e..." not in cut  # every e keeps its accent


# --- a board ----------------------------------------------------------------------------------


def test_a_vikings_board_draws_player_names_in_every_script():
    names = ["Ástríður Þórsdóttir Långnamnsdotter", "Αλέξανδρος 🐉", "Дмитрий Соколов", "王小明 山田さくら"]
    busy_state = busy(largest())
    state = replace(busy_state, seats=tuple(Seat(s.player_id, n, s.colour) for s, n in zip(busy_state.seats, names)))
    ascii_state = replace(busy_state, seats=tuple(Seat(s.player_id, "", s.colour) for s in busy_state.seats))
    image = Image.open(io.BytesIO(vikings.draw(state, 1))).convert("RGB")
    blank = Image.open(io.BytesIO(vikings.draw(ascii_state, 1))).convert("RGB")
    assert image.size == blank.size == vikings.image_size(state.board)
    difference = ImageChops.difference(image, blank).getbbox()
    assert difference is not None and difference[0] >= vikings.MAP_W  # names only on the cards
    assert state.turn == 0  # its card has the TURN tag on the right: a long name stops before it
    tag = text.text_width("TURN", 15) + 16 + 12
    for seat in range(len(names)):  # each card's title line shows the name, within the card
        top = PANEL_TOP + seat * CARD_H
        band = (MAP_W + 20, top, WIDTH - 20, top + 48)
        changed = ImageChops.difference(image.crop(band), blank.crop(band)).getbbox()
        assert changed is not None and changed[2] <= band[2] - band[0] - (tag if seat == 0 else 12), names[seat]


# --- the record of text drawn (for the legibility tests) -----------------------------------------


def test_text_sprites_carry_their_text_into_sprites_always_and_onto_boards_while_recording():
    letters = text.text_sprite("B1", 20, halo=None)
    (label,) = text.labels(letters)
    assert (label.text, label.size) == ("B1", 20) and label.box[0] > 0 and label.box[2] < letters.width
    sprite = Image.new("RGBA", (100, 60), (0, 0, 0, 0))
    text.paste(sprite, letters, (10, 5), "lt")
    assert [m.box for m in text.labels(sprite)] == [(label.box[0] + 10, label.box[1] + 5, label.box[2] + 10,
                                                      label.box[3] + 5)]
    board = Image.new("RGB", (300, 200), "white")
    text.paste(board, sprite, (50, 50), "lt")
    assert text.labels(board) == ()  # drawing for players records nothing
    with text.recording():
        board = Image.new("RGB", (300, 200), "white")
        text.paste(board, sprite, (50, 50), "lt")
    assert [m.text for m in text.labels(board)] == ["B1"]


def test_the_record_follows_a_part_and_a_scaled_copy_and_what_a_layer_covers():
    with text.recording():
        board = Image.new("RGB", (400, 200), "white")
        text.draw_text(board, (100, 100), "Dagmarsey", 20)
        text.draw_text(board, (380, 100), "Eldholm", 20)
        part = text.carry(board, board.crop((50, 50, 250, 150)), offset=(-50, -50))
        assert [m.text for m in text.labels(part)] == ["Dagmarsey"]  # wholly outside: dropped
        half = text.carry(board, board.resize((200, 100)), scale=0.5)
        assert [m.size for m in text.labels(half)] == [10, 10]
        canvas = Image.new("RGB", (400, 300), "white")
        text.draw_text(canvas, (60, 60), "covered", 20)
        text.place(canvas, part, (10, 10))
    (found,) = text.labels(canvas)
    assert found.text == "Dagmarsey" and found.within == (10, 10, 210, 110)  # the part it was drawn in


def test_a_layer_built_outside_a_recording_is_built_again_inside_one():
    from render.layers import LayerCache

    built = []

    def build(key: str) -> Image.Image:
        image = Image.new("RGB", (100, 50), "white")
        text.draw_text(image, (50, 25), key, 20)
        built.append(key)
        return image

    cache: LayerCache[str, Image.Image] = LayerCache(build)
    assert text.labels(cache.get("A1")) == () and cache.get("A1") is cache.get("A1")
    with text.recording():
        assert [m.text for m in text.labels(cache.get("A1"))] == ["A1"]
        cache.get("A1")
    assert built == ["A1", "A1"]
