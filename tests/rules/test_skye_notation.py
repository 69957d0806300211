"""What Isle of Skye players may type (`rules/skye/notation.py`): positions, tile ids in any case, a
tile of your territory (J-M2's markers name them), road edges (J-T8), lists of tiles and markers."""

from __future__ import annotations

import pytest

from rules.errors import BadInput
from rules.skye import notation
from rules.skye.state import Marker
from tests.rules.skye_fixtures import RED, scenario

STATE = scenario()  # Red: the castle, T1 at 1,0, T2 2,0, T3 2,1, T4 3,0, T6 1,1, T7 1,2, T5 0,2


@pytest.mark.parametrize("text", ["2,0", " 2, 0 ", "(2,0)", "( 2 , 0 )"])
def test_a_position_is_x_comma_y_with_or_without_brackets(text):
    assert notation.position(text) == (2, 0)


def test_a_position_may_be_negative_and_anything_else_is_refused():
    assert notation.position("(-2,-1)") == (-2, -1)
    with pytest.raises(BadInput, match="A position is x,y such as 1,0 or -2,3, not 'north'."):
        notation.position("north")


def test_tiles_are_named_in_any_case_and_unknown_ones_are_left_for_the_rules_to_refuse():
    assert notation.tile("l03", ("L03", "L48")) == "L03"
    assert notation.tile(" L99 ", ("L03", "L48")) == "L99"  # refused by the rules, naming L03 and L48
    assert notation.tiles("l03, L48", ("L03", "L48")) == ("L03", "L48")
    assert notation.tiles("L03 L48", ("L03", "L48")) == ("L03", "L48")
    assert notation.tiles("none", ("L03",)) == () and notation.tiles("", ("L03",)) == ()
    assert notation.nothing("Pass") and notation.nothing(" - ") and not notation.nothing("L03")


@pytest.mark.parametrize(("text", "at"), [("T3", (2, 1)), ("t3", (2, 1)), ("castle", (0, 0)), ("2,1", (2, 1)),
                                          ("(2, 1)", (2, 1)), ("castle-red", (0, 0))])
def test_a_tile_of_your_territory_by_id_castle_or_position(text, at):
    assert notation.tile_at(STATE, RED, text) == at


@pytest.mark.parametrize(("text", "message"), [("5,5", "You have no tile at 5,5."),
                                               ("L99", "There is no tile 'L99' in your territory")])
def test_a_tile_not_in_your_territory_is_refused(text, message):
    with pytest.raises(BadInput, match=message):
        notation.tile_at(STATE, RED, text)


@pytest.mark.parametrize(("text", "edge"), [("0,0 e", (0, 0, "e")), ("(0,0) east", (0, 0, "e")),
                                            ("castle E", (0, 0, "e")), ("castle T1", (0, 0, "e")),
                                            ("T1 castle", (1, 0, "w")), ("T3, T2", (2, 1, "s")),
                                            ("9,9 n", (9, 9, "n"))])  # the rules refuse an edge not between tiles
def test_J_T8_an_edge_is_a_tile_and_a_side_or_two_neighbouring_tiles(text, edge):
    assert notation.edge(STATE, RED, text) == edge


@pytest.mark.parametrize(("text", "message"), [("0,0", "Give the edge as 'x,y side'"),
                                               ("\x00", "Give the edge as 'x,y side'"),
                                               ("\x000\x00 n", "There is no tile '0'"),
                                               ("castle T2", "castle and T2 are not next to each other"),
                                               ("0,0 up", "There is no tile 'up'")])
def test_an_edge_that_cannot_be_read_is_refused_saying_how_to_give_it(text, message):
    with pytest.raises(BadInput, match=message):
        notation.edge(STATE, RED, text)


def test_J_M2_a_marker_is_a_tile_of_your_territory_and_an_optional_track():
    assert notation.marker(STATE, RED, "T3:Merchant") == Marker(2, 1, "merchant")
    assert notation.marker(STATE, RED, "(2,1):herald") == Marker(2, 1, "herald")
    assert notation.marker(STATE, RED, "castle") == Marker(0, 0, "")
    with pytest.raises(BadInput, match="There is no track 'sailor'"):
        notation.marker(STATE, RED, "T3:sailor")
