"""Immutable dataclasses marked `serial_shared` (Vikings boards) load once per distinct value."""

from __future__ import annotations

from games import default_games
from rules import serial
from rules.vikings.board import Board


def test_equal_boards_load_to_one_object_and_different_ones_do_not():
    boards = default_games()["vikings"].boards
    data = serial.dump(boards["nordhav"].model)
    first, again = serial.load(Board, data), serial.load(Board, serial.dump(boards["nordhav"].model))
    assert first is again and first == boards["nordhav"].model
    other = serial.load(Board, {**data, "title": "Nordhav II"})
    assert other is not first and other.title == "Nordhav II"
    assert serial.load(Board, serial.dump(boards["ravnsund"].model)) is not first
