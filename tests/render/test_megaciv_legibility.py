"""Mega Civilization read beyond its posted views (issue 28 §8): the reach picture ("/game reach")
at Discord's preview (550 px wide), for a token group a few areas around (Roadbuilding) and for a
ship reaching most of the map (Astronavigation, Cloth Making)."""

from __future__ import annotations

import pytest

from render import megaciv
from render.areas import contains
from tests.render.legibility import drawn, problems
from tests.render.test_megaciv_highlight import at_sea, layer, roads, scene


@pytest.mark.parametrize("which", ["roads", "at_sea"])
def test_megaciv_reach_picture_reads_at_550_px(which):
    """Every text of the reach picture (names, limits, counts, costs, tags, caption, key) is 10 px
    or more at the preview, none cut at an edge, none over another; and still, the start is named
    and every area the piece can go to has its cost: beside its name, or (an open sea at the
    picture's edge, left unnamed) inside its part of the picture."""
    if which == "roads":
        state, seat = scene()
        found = roads()
    else:
        state, seat, found = at_sea()
    image, seen = drawn(megaciv.compose, state, seat, None, found)
    assert not problems(image, seen), problems(image, seen)
    f = layer(state, found).frame
    on_map = [m for m in seen if m.box[1] >= f.map_top]
    assert any(m.text == found.piece.at for m in on_map)
    for area, cost in {r.to: r.cost for r in found.reach}.items():
        digits = [m for m in on_map if m.text == str(cost)]
        name = next((m for m in on_map if m.text == area), None)
        if name is not None:
            assert any(abs(m.box[0] - name.box[0]) < 80 and abs(m.box[1] - name.box[1]) < 60 for m in digits), area
        else:
            polygon = [f.xy(p) for p in state.board.areas[area].points]
            assert state.board.areas[area].kind == "sea", area
            assert any(contains(polygon, ((m.box[0] + m.box[2]) / 2, (m.box[1] + m.box[3]) / 2)) for m in digits), area
