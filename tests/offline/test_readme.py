"""Every console example of the README runs as written (issue 19 §15): each block of console lines
is played through `python -m offline --script`, and no line is refused, by the bot or the console."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
REFUSED = "⛔"


def console_blocks() -> list[str]:
    """The README's fenced blocks made of console lines (`@user …`, `#channel`, `/command`, `!verb`)."""
    blocks, block = [], None
    for line in (ROOT / "README.md").read_text().splitlines():
        if line.startswith("```"):
            blocks, block = (blocks + [block], None) if block is not None else (blocks, [])
        elif block is not None:
            block.append(line)
    return ["\n".join(b) + "\n" for b in blocks if b and all(line[:1] in "@#/!" for line in b)]


def test_the_readme_has_a_console_example():
    assert console_blocks()


@pytest.mark.parametrize("block", console_blocks())
def test_a_readme_console_example_runs_as_written(tmp_path, block):
    script = tmp_path / "example.txt"
    script.write_text(block)
    done = subprocess.run([sys.executable, "-m", "offline", "--script", str(script), "--json", "--seed", "1",
                           "--db", str(tmp_path / "db.sqlite3")], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    records = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    commands = [line for line in block.splitlines() if not (line.startswith("#") and " " not in line)]  # not `#chan`
    assert len(records) == len(commands), done.stderr[-2000:]
    refused = [(r["line"], r["error"] or r["refused"] or r["content"]) for r in records
               if r["error"] or r["refused"] or r["content"].startswith(REFUSED)]
    assert refused == [] and done.returncode == 0, done.stderr[-2000:]
