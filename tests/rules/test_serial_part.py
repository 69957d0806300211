"""`serial.part_of`: a file holding part of a dataclass (a board's map file beside its part files)
reads with the dataclass's own fields, declared once, in the dataclass."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest

from rules import serial
from rules.errors import InvalidData


@dataclass(frozen=True)
class Whole:
    name: str
    parts: tuple[str, ...]
    count: int = 3


def test_a_part_keeps_the_fields_types_and_defaults_and_leaves_out_the_rest():
    part = serial.part_of(Whole, ("parts",), "Part")
    assert [f.name for f in fields(part)] == ["name", "count"]
    read = serial.load(part, {"name": "x"})
    assert (read.name, read.count) == ("x", 3)
    with pytest.raises(InvalidData, match=r"^Part: unknown field 'parts'$"):
        serial.load(part, {"name": "x", "parts": []})
    with pytest.raises(InvalidData, match=r"^Part\.count: expected"):
        serial.load(part, {"name": "x", "count": "3"})
