"""Glory of Civilizations read beyond its posted views (issue 28 §6, §8): the focus and the rotation
picker at Discord's preview (550 px wide), its relic symbols told apart, its army words keyed, its
reach pictures read there (`tests.render.contrast`, `tests.render.legibility`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from render.glory import compose as glory_compose
from render.glory.icons import symbol_sprite
from render.glory.reach import draw_reach
from render.glory.zoom import draw_focus
from render.posted import PREVIEW_W
from render.terrain import terrain
from rules.base import Posted
from rules.glory import GAME as GLORY
from tests.games.glory import armies, exploring
from tests.render.contrast import at_preview, edge_contrast, ratio
from tests.render.legibility import drawn, problems
from tests.render.test_glory_highlight import highlight as glory_highlight
from tests.render.test_glory_render import played


def glory_played() -> tuple[object, Posted]:
    """Four players, 120 actions into a game on Five Kingdoms."""
    return played("five-kingdoms", 4, 120, 3), Posted()


def test_glory_focus_title_is_never_cut_even_the_longest():
    """The focus's heading says whose armies, the round and whose turn in full ("…Yellow's turn
    (first ma…" was cut), at 10 px or more at the preview, with the longest colour, round and
    status line."""
    played, _ = glory_played()
    seat = next(s for s, seat in enumerate(played.seats) if seat.colour == "yellow")
    players = list(played.players)
    players[seat] = replace(players[seat], action_cubes=10)
    state = replace(played, turn=seat, round=12, maneuvers=1, players=type(played.players)(players))
    image, found = drawn(draw_focus, GLORY.view(state, None), "yellow")
    texts = [m.text for m in found]
    assert "Around Yellow's armies - Round 12" in texts
    assert "Yellow's turn  (10 action cubes left)" in texts
    read = problems(image, found)
    assert not read.get("cut short") and not read.get("too small"), read


@pytest.mark.parametrize("tile", ["T09", "T02"])  # a solid relic symbol, an outlined one
def test_glory_rotation_picker_reads_and_names_its_relic_symbol(tile):
    """The posted picker names the tile's relic symbol in words and reads at the preview."""
    state, posted = exploring()
    assert state.exploring is not None
    state = replace(state, exploring=replace(state.exploring, tile=tile))
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
    for state, posted in (glory_played(), armies()):
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
    state, _ = armies()
    seat = state.turn
    view = GLORY.view(state, seat)
    movers = GLORY.movers(view, seat)
    assert len(movers) >= 2
    for piece in movers:
        image, found = drawn(draw_reach, view, glory_highlight(view, seat, piece.id))
        assert not problems(image, found), (piece.id, problems(image, found))
