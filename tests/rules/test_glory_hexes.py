"""rules/hexes.py: axial geometry, province rotation and the names players type."""

from __future__ import annotations

import pytest

from rules import hexes
from rules.errors import BadInput


def test_six_directions_clockwise_from_north_and_neighbours():
    assert hexes.DIRECTIONS[0] == (0, -1) and len(set(hexes.DIRECTIONS)) == 6
    assert hexes.neighbours((2, 3)) == ((2, 2), (3, 2), (3, 3), (2, 4), (1, 4), (1, 3))
    # clockwise on screen (y down): each next direction's angle grows
    import math
    angles = [math.atan2(*reversed(hexes.centre_xy(d))) for d in hexes.DIRECTIONS]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:])]
    assert all(abs(t - math.pi / 3) < 1e-9 for t in turns)


@pytest.mark.parametrize(("a", "b", "d"), [((0, 0), (3, 0), 3), ((0, 0), (2, -1), 2), ((1, 1), (-2, 3), 3),
                                           ((0, 0), (0, 0), 0)])
def test_distance(a, b, d):
    assert hexes.distance(a, b) == d == hexes.distance(b, a)


def test_within_a_radius():
    assert len(list(hexes.within((0, 0), 2))) == 19
    assert all(hexes.distance((0, 0), h) <= 2 for h in hexes.within((0, 0), 2))


def test_rotating_a_province_by_60_degrees_steps():
    centre = (4, 1)
    ring = hexes.province(centre)[1:]
    for k in range(6):
        for i in range(1, 7):
            offset = (ring[i - 1][0] - centre[0], ring[i - 1][1] - centre[1])
            turned = hexes.rotate(offset, k)
            assert hexes.add(centre, turned) == hexes.province(centre)[hexes.rotated_position(i, k)]
            assert hexes.tile_position(hexes.rotated_position(i, k), k) == i
    assert hexes.rotate((0, -1), 1) == (1, -1)  # north turns to north-east
    assert hexes.rotated_position(0, 4) == 0


@pytest.mark.parametrize(("h", "name"), [((0, 0), "A1"), ((1, 0), "B1"), ((2, 0), "C2"), ((3, -1), "D1"),
                                         ((25, -12), "Z1"), ((26, -13), "AA1")])
def test_names_are_column_letter_and_row(h, name):
    assert hexes.hex_name(h) == name
    assert hexes.read_hex(name) == h
    assert hexes.read_hex(name.lower()) == h


def test_offset_layout_round_trips():
    for column in range(30):
        for row in range(20):
            h = hexes.from_offset(column, row)
            assert hexes.to_offset(h) == (column, row)
            assert hexes.read_hex(hexes.hex_name(h)) == h


@pytest.mark.parametrize("text", ["3,-1", "(3, -1)", " 3 , -1 ", "D1", "d1"])
def test_parse_accepts_names_and_axial(text):
    assert hexes.parse_hex(text) == (3, -1)


@pytest.mark.parametrize("text", ["", "D", "7D", "D0", "ABC1", "1,2,3", "x" * 50, "D7; drop table"])
def test_parse_refuses_what_names_no_hex(text):
    with pytest.raises(BadInput, match="is not a hex name"):
        hexes.parse_hex(text)


def test_parse_refuses_hexes_off_the_map():
    with pytest.raises(BadInput, match="There is no hex 'Z9' on this map."):
        hexes.parse_hex("Z9", {(0, 0)})


def test_corners_surround_the_centre():
    points = hexes.corners((2, 1), 10)
    x, y = hexes.centre_xy((2, 1), 10)
    assert len(points) == 6
    assert all(abs(((px - x) ** 2 + (py - y) ** 2) ** 0.5 - 10) < 1e-9 for px, py in points)
