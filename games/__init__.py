"""The games Waypost ships: one module per game, each defining `ENTRY`, a `GameEntry` that names
the game's rules, renderer, data folder and cog. Adding a game is adding a module here (and the
game's own packages), touching nothing else."""

from __future__ import annotations

import importlib
import pkgutil

from waypost.registry import GameEntry


def default_games() -> dict[str, GameEntry]:
    """Every game in this package, by key."""
    entries = [importlib.import_module(f"{__name__}.{m.name}").ENTRY for m in pkgutil.iter_modules(__path__)]
    return {e.key: e for e in sorted(entries, key=lambda e: e.key)}
