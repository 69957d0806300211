"""A file's faults found while reading it (`rules.serial`) are told in the reader's language
through `/game import` (issue 29): the field's path as the file spells it, the rest translated."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize(("locale", "file", "said"), [
    ("de", {"format": "waypost-game", "version": "1"}, "⛔ file.version: erwartet eine ganze Zahl, erhalten: Text"),
    ("de", {"format": "waypost-game", "version": 1}, "⛔ file: fehlendes Feld 'game'"),
    ("pl", {"format": "waypost-game", "version": [1]}, "⛔ file.version: należy podać liczbę całkowitą, podano listę"),
])
async def test_a_files_faults_read_in_the_readers_language(discord_, locale, file, said):
    discord_.builder.speaks("@dora", locale)
    rec = await discord_.command("@dora", "#copy", "game import", {"file": ("x.json", json.dumps(file).encode())})
    assert rec.ephemeral and rec.content.startswith(said), rec.content
