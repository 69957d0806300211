"""What Glory players type, read by `rules.glory.notation`: hexes and paths, groups of units, drops
and pick-ups, event cards, relics and structures (G-M5 groups, G-M6 drops, G-M7 pick-ups)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import Ambiguous, BadInput
from rules.glory import notation
from rules.glory.state import EventSlot
from tests.rules.glory_fixtures import board, new_game


def test_hexes_and_paths_in_any_case_axially_and_with_arrows():
    b = board()
    assert notation.hex_(b, "d7") == "D7"
    assert notation.hex_list(b, "d5, e5 → f6") == ("D5", "E5", "F6")
    assert notation.hex_list(b, "D 5 E5") == ("D5", "E5")
    assert notation.hex_list(b, "(3,-1) 4,-1") == (b.hex_name((3, -1)), b.hex_name((4, -1)))
    with pytest.raises(BadInput, match="Give the path as hex names in order"):
        notation.hex_list(b, "D3 to nowhere")
    with pytest.raises(BadInput, match="There is no hex 'Z99'"):
        notation.hex_list(b, "D5 Z99")


def test_G_M1_a_path_drops_its_leading_start_and_ends_at_the_destination():
    b = board()
    assert notation.path(b, "D3", "F6", "D3 E4 F5") == ("E4", "F5", "F6")
    assert notation.path(b, "D3", "F6", "E4 F5 F6") == ("E4", "F5", "F6")
    assert notation.path(b, "D3", "D3", "D3") == ("D3",)  # out and back ends where it starts
    assert notation.path(b, "D3", "F6", "cheapest") == () == notation.path(b, "D3", "F6", "")


def test_G_M5_a_group_by_count_and_unit_in_the_singular_plural_or_the_start_of_one():
    b = board()
    assert notation.units(b, "2 Cavalrymen, archer") == (("cavalryman", 2), ("archer", 1))
    assert notation.units(b, "2 cav; 1 spear") == (("cavalryman", 2), ("spearman", 1))
    assert notation.units(b, "all") == () == notation.units(b, "")
    assert notation.group(b, "2 cavalrymen") == {"cavalryman": 2} and notation.group(b, "all") is None
    with pytest.raises(BadInput, match="There is no unit 'knights'"):
        notation.units(b, "3 knights")
    with pytest.raises(Ambiguous, match="could be"):
        notation.units(b, "2 s")  # spearman or swordsman
    with pytest.raises(BadInput, match="listed twice"):
        notation.group(b, "archer, 2 archers")


def test_G_M6_G_M7_stops_give_the_maneuvers_triples():
    b = board()
    assert notation.stops(b, "e5: 1 archer, 2 spearmen; F6: cavalryman") == (
        ("E5", "archer", 1), ("E5", "spearman", 2), ("F6", "cavalryman", 1))
    assert notation.stops(b, "E5: archer, F6: 2 cavalrymen") == (("E5", "archer", 1), ("F6", "cavalryman", 2))
    axial = b.hex_name((3, -1))
    assert notation.stops(b, "3,-1: 1 archer, 2 spearmen") == ((axial, "archer", 1), (axial, "spearman", 2))
    assert notation.stops(b, " ") == () == notation.stops(b, "none")
    with pytest.raises(BadInput, match="Name the hex before its units"):
        notation.stops(b, "1 archer")
    with pytest.raises(BadInput, match="Name the units at E5"):
        notation.stops(b, "E5:")
    with pytest.raises(BadInput, match="There is no hex 'Z99'"):
        notation.stops(b, "Z99: archer")


def test_cards_relics_and_structures_by_name_or_place():
    state = new_game("five-kingdoms", 3, seed=18)
    first, second = state.board.events[0], state.board.events[1]
    state = replace(state, event_rows=((EventSlot(first.name), EventSlot(second.name)),))
    assert notation.card(state, "row 1, card 2") == second.name == notation.card(state, second.title.upper())
    assert notation.card(state, first.name.lower()) == first.name
    relic = state.board.relics[0].name
    assert notation.relic(state.board, relic[:6].lower()) == relic
    with pytest.raises(BadInput, match="There is no relic"):
        notation.relic(state.board, "the holy grail")
    assert notation.structure("Castle") == "castle" and notation.structure("none") == ""
    with pytest.raises(BadInput, match="Build a city, castle or capital"):
        notation.structure("tower")
