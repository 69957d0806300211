"""Legibility beyond the posted views (issue 28): pictures a player reads in Discord's preview
(550 px wide) without opening them, the Glory focus and rotation picker, the reach pictures and
the recap's frames,
show their text at 10 px or more there, uncut; small pieces stand out from their ground
(`tests.render.contrast`); Glory's relic symbols and army words read there."""

from __future__ import annotations

from dataclasses import replace

import pytest

from render import recap, vikings
from render.glory import compose as glory_compose
from render.glory.icons import symbol_sprite
from render.glory.reach import draw_reach
from render.glory.zoom import draw_focus
from render.posted import PREVIEW_W
from render.skye import compose_reach as skye_compose_reach
from render.terrain import terrain
from render.text import labels, recording
from render.vikings.colours import LAND
from render.vikings.islands import clan_pieces
from render.vikings.layout import POSTED
from rules.base import Posted
from rules.glory import GAME as GLORY
from rules.glory.state import fork
from tests.render import crowded
from tests.render.contrast import at_preview, edge_contrast, ratio
from tests.render.legibility import drawn, problems
from tests.render.test_glory_highlight import highlight as glory_highlight
from tests.render.test_skye_highlight import highlight as skye_highlight
from tests.rules.skye_fixtures import scenario as skye_scenario

EVENLY = 0.7  # share of a piece's rim that must contrast with its ground


# --- Glory of Civilizations ---------------------------------------------------------------------


def test_glory_focus_title_is_never_cut_even_the_longest():
    """The focus's heading says whose armies, the round and whose turn in full ("…Yellow's turn
    (first ma…" was cut), at 10 px or more at the preview, with the longest colour, round and
    status line."""
    played, _ = crowded.glory_played()
    state = fork(played)
    seat = next(s for s, seat in enumerate(state.seats) if seat.colour == "yellow")
    state.turn, state.round, state.maneuvers = seat, 12, 1
    state.players[seat] = replace(state.players[seat], action_cubes=10)
    image, found = drawn(draw_focus, GLORY.view(state, None), "yellow")
    texts = [m.text for m in found]
    assert "Around Yellow's armies - Round 12" in texts
    assert "Yellow's turn  (10 action cubes left)" in texts
    read = problems(image, found)
    assert not read.get("cut short") and not read.get("too small"), read


@pytest.mark.parametrize("tile", ["T09", "T02"])  # a solid relic symbol, an outlined one
def test_glory_rotation_picker_reads_and_names_its_relic_symbol(tile):
    """The posted picker names the tile's relic symbol in words and reads at the preview."""
    state, posted = crowded.glory_exploring()
    state = fork(state)
    assert state.exploring is not None
    state.exploring = replace(state.exploring, tile=tile)
    kind = state.board.tile_named[tile].relic
    image, found = drawn(glory_compose, GLORY.view(state, None), None, posted)
    assert not problems(image, found), problems(image, found)
    assert any(f"{kind} relic symbol" in m.text for m in found), [m.text for m in found]


def test_glory_outlined_and_solid_relic_symbols_differ_at_the_preview():
    """In the posted picker (a symbol about 28 px on a 1100 px view), at the preview: the outlined
    symbol's thick rim stands out of every terrain, and its middle is not the solid one's gold."""
    size, scale = 28, PREVIEW_W / 1100
    for kind in ("plains", "forest", "hills", "desert", "swamp", "mountains"):
        ground = terrain(kind).fill
        assert edge_contrast(symbol_sprite("outlined", size), ground, scale) >= 0.4, kind
        solid, _ = at_preview(symbol_sprite("solid", size), ground, scale)
        outlined, _ = at_preview(symbol_sprite("outlined", size), ground, scale)
        middle = (solid.width // 2, solid.height // 2)
        assert ratio(solid.getpixel(middle), outlined.getpixel(middle)) >= 1.5, kind


def test_glory_posted_view_keys_the_armies_words():
    """Each unit word on the map ("Sw", "Tp") is explained under the strip: "Sw swordsman"."""
    for state, posted in (crowded.glory_played(), crowded.glory_armies()):
        image, found = drawn(glory_compose, GLORY.view(state, None), None, posted)
        assert not problems(image, found), problems(image, found)
        top = next(m.box[1] for m in found if m.text.startswith("Armies:"))
        key = " ".join(m.text for m in sorted(found, key=lambda m: m.box[1]) if m.box[1] >= top)
        assert "how many" in key, key
        for player in state.players:
            for army in player.armies.values():
                for unit, n in army.units.items():
                    if n:
                        short = next(u.short for u in state.board.units if u.name == unit)
                        assert f"{short} {unit}" in key or f"{short}p packed {unit}" in key, (unit, key)


def test_glory_reach_pictures_read_at_550_px():
    """Where an army can go (`/game reach`): the map's names, armies, costs and caption at 10 px
    or more at the preview (unit markers were 7.6 px, hex names 9), none cut at an edge."""
    state, _ = crowded.glory_armies()
    seat = state.turn
    view = GLORY.view(state, seat)
    movers = GLORY.movers(view, seat)
    assert len(movers) >= 2
    for piece in movers:
        image, found = drawn(draw_reach, view, glory_highlight(view, seat, piece.id))
        assert not problems(image, found), (piece.id, problems(image, found))


def test_skye_reach_picture_reads_at_550_px():
    """Where a journeyman can go: the costs, the start tag and the territory's axes at 10 px or
    more at the preview (they were 8.9 px)."""
    state = skye_scenario()
    image, found = drawn(skye_compose_reach, state, 0, skye_highlight(state, 0))
    assert not problems(image, found), problems(image, found)
    assert {"1", "2", "3", "4", "start"} <= {m.text for m in found}


# --- Tiny Epic Vikings ---------------------------------------------------------------------------


@pytest.mark.parametrize("colour", ["red", "blue", "yellow", "green", "purple", "orange", "sky", "black"])
def test_vikings_pieces_on_an_island_stand_out_of_the_land_at_the_preview(colour):
    """A clan's settlers' marker and temples of every colour, as the posted view draws them on an
    island, have a rim that contrasts with the pale land at the preview (yellow triangles were
    lost on it)."""
    scale = PREVIEW_W / 1100
    for sprite in clan_pieces(colour, 2, 1, POSTED, posted=True) + clan_pieces(colour, 0, 1, POSTED, posted=True):
        assert edge_contrast(sprite, LAND, scale) >= EVENLY


# --- Recaps --------------------------------------------------------------------------------------


def test_recap_frames_read_at_550_px_and_labels_are_wrapped_not_cut():
    """A recap's frames (posted views of different heights) on one canvas, each under its label
    at 10 px or more at the preview; a long label goes on in lines instead of being cut."""
    state, posted = crowded.vikings_crowded("two-isles")
    first, seen = drawn(vikings.compose, crowded.vikings_placed("two-isles"), None, Posted())
    second, _ = drawn(vikings.compose, state, None, posted)
    long = "7. ann sails boat 4 from F1 to A1 with strength 1 and bumps bo's boat 2, " * 3
    with recording():
        frames = recap.framed([first, second], ["6. bo places a boat on B1", long])
    assert len({f.size for f in frames}) == 1
    for frame in frames:
        found = labels(frame)
        assert not problems(frame, found), problems(frame, found)
        assert len(found) > len(seen) // 2  # the frame's own text came along
    band = frames[1].height - max(first.height, second.height)
    said = [m.text for m in sorted(labels(frames[1]), key=lambda m: m.box[1]) if m.box[3] <= band]
    assert said[0].startswith("7. ann sails boat 4") and len(said) == recap.LINES
