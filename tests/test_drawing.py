"""Boards are drawn in a worker process; a drawing's error reaches the caller."""

from __future__ import annotations

import os

import pytest

from rules.base import Highlight, Piece, Posted, Reach
from waypost import drawing


def pid_of_painter(state: str, viewer: int | None, focus: str | None, highlight: Highlight | None,
                   posted: Posted | None) -> bytes:
    if state == "fail":
        raise ValueError("no ink")
    marked = highlight.piece.id if highlight is not None else posted.seat if posted is not None else None
    return f"{os.getpid()} {state} {viewer} {focus} {marked}".encode()


async def test_drawn_in_another_process():
    pid, state, viewer, focus, marked = (await drawing.run(pid_of_painter, "board", 2, "north", None,
                                                                          None)).decode().split()
    assert int(pid) != os.getpid() and (state, viewer, focus, marked) == ("board", "2", "north", "None")
    boat = Highlight(Piece("1", "Boat 1", "B1"), (Reach("F1", 1, ("F1",)),))
    assert (await drawing.run(pid_of_painter, "board", 2, None, boat, None)).decode().endswith(" 1")
    assert (await drawing.run(pid_of_painter, "board", 2, None, None, Posted(None, 3))).decode().endswith(" 3")


async def test_a_drawing_error_reaches_the_caller():
    with pytest.raises(ValueError, match="no ink"):
        await drawing.run(pid_of_painter, "fail", None, None, None, None)
    assert await drawing.run(pid_of_painter, "again", None, None, None, None)
