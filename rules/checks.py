"""What the games' data and state checks share: a problem is (field, fault); names are short
identifiers; every table has seats, colours and settings."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from rules.core import Seat, Setting
from rules.errors import BadInput
from rules.text import players

NAME = re.compile(r"[A-Za-z0-9_-]{1,20}")
NAME_RULE = "must be 1–20 letters, digits, '-' or '_'"
Problems = Iterator[tuple[str, str]]


def unique_name(field: str, name: str, seen: set[str], what: str) -> Problems:
    """`name` (a `what`) is a well-formed name not listed before in `seen`, which it joins."""
    if not NAME.fullmatch(name):
        yield field, f"{name!r} {NAME_RULE}"
    elif name in seen:
        yield field, f"{what} {name!r} is listed twice"
    seen.add(name)


def table_problems(seats: Sequence[Seat], low: int, high: int, colours: Sequence[str],
                   settings: Mapping[str, object], known: Sequence[Setting], players_count: int) -> Problems:
    """What every game's state checks of its table: `low`–`high` seats, each with a different one of
    `colours`, exactly the `known` settings with valid values, and a player for each seat."""
    if not low <= len(seats) <= high:
        yield "seats", f"{len(seats)} players on a board for {players(low, high)}"
    for i, seat in enumerate(seats):
        if seat.colour not in colours:
            yield f"seats[{i}].colour", f"{seat.colour!r} is not one of {', '.join(colours)}"
        elif seat.colour in [s.colour for s in seats[:i]]:
            yield f"seats[{i}].colour", f"{seat.colour!r} is taken by another seat"
    by_name = {s.name: s for s in known}
    if set(settings) != set(by_name):
        yield "settings", f"expected exactly {', '.join(by_name)}"
    for name, value in settings.items():
        if name in by_name and type(value) is not type(by_name[name].default):
            yield f"settings.{name}", f"{value!r} has the wrong type"
        elif name in by_name:
            try:
                by_name[name].check(value)
            except BadInput as error:
                yield f"settings.{name}", error.message
    if players_count != len(seats):
        yield "players", f"{players_count} players for {len(seats)} seats"
