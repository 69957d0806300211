"""Waypost's programs run as a newcomer runs them: from a folder of their own, without this
machine's Discord or Waypost settings."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = (sys.executable, "-m", "offline")  # the console: `make offline`


def newcomer_env(**settings: str) -> dict[str, str]:
    """This environment without its DISCORD_… and WAYPOST_… settings (but `settings`), the project
    importable from any folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "WAYPOST_"))}
    return env | {"PYTHONPATH": str(ROOT)} | settings
