"""Tests across real bot processes (`offline.fleet`); `GUARD` keeps every process they start on this machine."""

from pathlib import Path

GUARD = Path(__file__).parent / "guard"  # its sitecustomize.py refuses connections beyond 127.0.0.1
