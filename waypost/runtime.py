"""Running the bot's event loop: uvloop (libuv), which serves about a third more commands a
second than the standard loop under load (docs/performance.md)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, TypeVar

import uvloop

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run `main` to completion on a fresh uvloop event loop."""
    return uvloop.run(main)
