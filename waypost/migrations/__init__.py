"""Numbered migrations: `NNN_name.sql` files applied in order, here for SQLite and in `postgres/`
for PostgreSQL; each store records the last one applied."""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable


def migration_files(package: str) -> list[tuple[int, Traversable]]:
    """A package's migration files by number, in order."""
    return sorted((int(f.name.split("_", 1)[0]), f) for f in resources.files(package).iterdir()
                  if f.name.endswith(".sql"))


def statements(script: str) -> list[str]:
    """Split a migration file into statements (they contain no semicolons in strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
