"""Boards read at Discord's preview size (issue 20): every game's posted view, on every shipped map
and on the most crowded positions, scaled to 550 px wide, shows its text at 10 px or more, no two
texts overlapping, none cut at an edge or shortened; the whole boards cut and shorten none either.
The text is what the renderers report drawing (`render.text.labels`); the positions are the scenes
each game brings (`LEGIBILITY` in tests/games/<key>.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.games import every

SCENES = [pytest.param(read, id=f"{key}-{name}")
          for key, scenes in every("LEGIBILITY") for name, read in scenes.items()]


@pytest.mark.parametrize("read", SCENES)
def test_a_posted_view_reads_at_550_px(read: Callable[[], None]):
    read()
