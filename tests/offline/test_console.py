"""The console end to end: in script mode against the test bot, and `python -m offline` as run."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from offline.console import ConsoleOptions, run_console
from tests.offline.testbot import DemoBot
from tests.support.newcomer import OFFLINE, newcomer_env
from waypost.config import Config
from waypost.records import StoreError

SCRIPT = """\
# a comment, then a blank line

@alice /game new game:vikings board:"Two Shores"
/game secret
@bob #other /game board
!complete /game new game:vi
#lobby
/game menu
@carol !pick "Fjord B"
/game refuse
/game new
!grant manage_channels
/game end
/game remind seconds:0.01
!wait 0.1
"""


async def run_script(tmp_path, text: str, *extra: str) -> tuple[int, str]:
    script = tmp_path / "game.txt"
    script.write_text(text)
    out = io.StringIO()
    argv = ["--script", str(script), "--images", str(tmp_path / "images"), *extra]
    status = await run_console(lambda: DemoBot(tmp_path / "db.json"), argv, out=out)
    return status, out.getvalue()


async def test_script_prints_replies_and_saves_images(tmp_path):
    status, out = await run_script(tmp_path, SCRIPT)
    assert status == 0, out
    assert "> @alice #lobby /game new game:vikings board:\"Two Shores\"\n  reply:\n    alice opened vikings" in out
    assert "  reply (only you):\n    only you see this" in out
    assert "    bob opened" not in out and "> @bob #other /game board" in out
    image = tmp_path / "images" / "0001-board.png"
    assert f"    [file: {image}]" in out
    with Image.open(image) as board:
        assert board.size == (8, 6)
    assert "  followup:\n    and a second message" in out
    assert "  choices: Vikings (vikings), Villages (villages)" in out
    assert "    [select Pick a fjord (demo:pick): Fjord A | Fjord B | Fjord C]" in out
    assert "  update:\n    carol picked B" in out
    assert "⛔ It is not your turn." in out
    assert "  refused: /game new needs option 'game'" in out
    assert "  granted manage_channels for @carol" in out and "    game ended" in out
    assert "  post in #lobby:\n    <@" in out and "your move!" in out
    assert "!!" not in out


async def test_a_crash_makes_the_script_fail(tmp_path):
    status, out = await run_script(tmp_path, "@alice /game crash\n/game secret\n")
    assert status == 1
    assert "  !! command error: /game crash" in out and "boom" in out
    assert "only you see this" in out  # the script goes on after a crash


async def test_json_output(tmp_path):
    status, out = await run_script(tmp_path, "@alice #lobby /game board private:true\n/game silent\n", "--json")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 1
    assert first["user"] == "alice" and first["channel"] == "lobby" and first["line"] == "/game board private:true"
    assert first["ephemeral"] and first["content"] == "the board" and first["error"] is None
    assert first["files"] == [str(tmp_path / "images" / "0001-board.png")]
    assert [f["content"] for f in first["followups"]] == ["and a second message"]
    assert second["error"].startswith("the interaction was never answered")


async def test_options_as_console_options(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("/game note text:kept\n")
    out = io.StringIO()
    options = ConsoleOptions(script=script, images=tmp_path, json=True)
    assert await run_console(lambda: DemoBot(tmp_path / "db.json"), options, out=out) == 0
    assert json.loads(out.getvalue())["content"] == "notes: kept"
    options = ConsoleOptions(script=script, images=tmp_path)
    out = io.StringIO()
    assert await run_console(lambda: DemoBot(tmp_path / "db.json"), options, out=out) == 0
    assert "notes: kept, kept" in out.getvalue()


async def test_a_postgresql_url_given_with_db_is_read_as_postgresql(tmp_path, monkeypatch):
    """Issue 19 §5: `--db postgresql://…` was turned into a path: SQLite folders named after the URL
    (the password in a folder name). It is read as WAYPOST_DB is: here a server that is not there."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "s.txt"
    script.write_text("@alice /game status\n")
    url = "postgresql://waypost:secret@127.0.0.1:1/waypost"
    config = Config(token="", db="unused.sqlite3", dev_guild=None, log_level="INFO")
    with pytest.raises(StoreError, match=r"Cannot connect to the database"):
        await run_console(config, ["--script", str(script), "--db", url], out=io.StringIO())
    assert [p.name for p in tmp_path.iterdir()] == ["s.txt"]  # no folder named after the URL


def test_the_console_keeps_off_the_live_database(tmp_path):
    """Issue 27 §9: `WAYPOST_DB` (the live games and signing key) is never the console's database by
    default: it plays on var/offline.sqlite3 and says so when it starts."""
    live = tmp_path / "live.sqlite3"
    done = subprocess.run([*OFFLINE, "--images", str(tmp_path / "images")], cwd=tmp_path,
                          input="@alice /game new game:vikings board:two-isles\n",
                          env=newcomer_env(WAYPOST_DB=str(live)), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "opened" in done.stdout, done.stdout  # the game was opened...
    assert not live.exists()  # ...not in the live database
    assert (tmp_path / "var" / "offline.sqlite3").is_file()
    assert done.stdout.startswith(f"Database: {Path('var') / 'offline.sqlite3'}"), done.stdout


async def test_a_menu_option_is_picked_by_its_short_form(tmp_path):
    """Issue 28 §9: `!pick F1` picks "F1 — 1 move: F1" (the label's first word, or its part before
    " — "), case aside, as the README shows; a short form naming several options is refused."""
    status, out = await run_script(tmp_path, "@alice /game route\n!pick f1\n/game route\n!pick A1\n"
                                             "/game route\n!pick \"Boat 2\"\n/game route\n!pick Boat\n")
    assert status == 0, out
    assert "went F1 — 1 move: F1" in out and "went A1 (village) — 2 moves: F1 A1" in out
    assert "went Boat 2 — at D2" in out
    assert "refused: 'Boat' names several options (Boat 1 — at B1, Boat 2 — at D2): give more of the label" in out


async def test_help_lists_the_console_lines(tmp_path):
    """Issue 28 §9: `help` (and `!help`) prints the console's lines instead of a refusal."""
    status, out = await run_script(tmp_path, "help\n@bob !help\n")
    assert status == 0, out
    assert out.count("  !pick B1 ") == 2 and out.count("  !complete /game new game:vi ") == 2
    assert "not a command" not in out
