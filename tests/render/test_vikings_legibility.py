"""Tiny Epic Vikings read beyond its posted views (issue 28 §8): its pieces stand out of the islands
at Discord's preview (550 px wide), and a recap's frames (its posted views) read there."""

from __future__ import annotations

import pytest

from render import recap, vikings
from render.posted import PREVIEW_W
from render.text import labels, recording
from render.vikings.colours import LAND
from render.vikings.islands import clan_pieces
from render.vikings.layout import POSTED
from rules.base import Posted
from tests.games.vikings import crowded, placed
from tests.render.contrast import edge_contrast
from tests.render.legibility import drawn, problems

EVENLY = 0.7  # share of a piece's rim that must contrast with its ground


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
    state, posted = crowded("two-isles")
    first, seen = drawn(vikings.compose, placed("two-isles"), None, Posted())
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
