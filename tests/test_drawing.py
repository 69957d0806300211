"""Boards are drawn in a worker process; a drawing's error reaches the caller."""

from __future__ import annotations

import os

import pytest

from waypost import drawing


def pid_of_painter(state: str, viewer: int | None, focus: str | None) -> bytes:
    if state == "fail":
        raise ValueError("no ink")
    return f"{os.getpid()} {state} {viewer} {focus}".encode()


async def test_drawn_in_another_process():
    pid, state, viewer, focus = (await drawing.draw(pid_of_painter, "board", 2, "north")).decode().split()
    assert int(pid) != os.getpid() and (state, viewer, focus) == ("board", "2", "north")


async def test_a_drawing_error_reaches_the_caller():
    with pytest.raises(ValueError, match="no ink"):
        await drawing.draw(pid_of_painter, "fail", None)
    assert await drawing.draw(pid_of_painter, "again", None)
