"""Labels drawn in the language asked for (`render.words`, issue 29), on Tiny Epic Vikings' whole
board: its static layer (the key, built once per board) is kept per language."""

from __future__ import annotations

from render import vikings
from tests.games.vikings import placed
from tests.render.legibility import drawn
from waypost.drawing import in_language


def _texts(language: str) -> set[str]:
    with in_language(language):
        return {m.text for m in drawn(vikings.compose, placed("nordhav"), None)[1]}


def test_a_boards_cached_layer_is_kept_per_language():
    german, english = _texts("de"), _texts("en")
    assert {"Legende", "Zorn der Götter", "Anlegeplatz"} <= german and "Key" not in german
    assert {"Key", "Gods' fury", "dock"} <= english and "Legende" not in english
    assert _texts("de") == german
