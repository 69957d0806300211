"""What the games' data checks share: a problem is (field, fault); names are short identifiers."""

from __future__ import annotations

import re
from collections.abc import Iterator

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
