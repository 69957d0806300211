"""Boards read at Discord's preview size (issue 20): every game's posted view, on every shipped map
and on the most crowded positions, scaled to 550 px wide, shows its text at 10 px or more, no two
texts overlapping, none cut at an edge or shortened; the whole boards cut and shorten none either.
The text is what the renderers report drawing (`render.text.labels`); the positions are the scenes
each game brings (`LEGIBILITY` in tests/games/<key>.py). Each is drawn in English, German and Polish
(issue 29: the longest translations read too) and in the pseudo-locale, where no label may be left
in English (`tests.render.legibility.untranslated`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.games import every
from waypost.drawing import in_language

SCENES = [pytest.param(read, id=f"{key}-{name}")
          for key, scenes in every("LEGIBILITY") for name, read in scenes.items()]


@pytest.mark.parametrize("language", ["en", "de", "pl", "qps"])
@pytest.mark.parametrize("read", SCENES)
def test_a_posted_view_reads_at_550_px(read: Callable[[], None], language: str):
    with in_language(language):
        read()
