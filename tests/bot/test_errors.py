"""A bug inside a command: a private reference for the player, a logged traceback, no change."""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from pathlib import Path

from front.bot import create_bot
from offline import OfflineDiscord
from tests.support.newcomer import OFFLINE, newcomer_env
from tests.support.tally import Add
from waypost.outcome import User

ROOT = Path(__file__).resolve().parents[2]


async def test_unexpected_exception_gives_a_reference_and_changes_nothing(config, games, caplog):
    async with OfflineDiscord(lambda: create_bot(config, games)) as discord_:
        await discord_.run("@alice", "#t", "/game new game:tally")
        await discord_.run("@bob", "#t", "/game join")
        await discord_.run("@carl", "#t", "/game join")
        await discord_.run("@alice", "#t", "/game start")
        channel = discord_.builder.directory.channel_id("t")
        users = {name: User(discord_.builder.directory.user_id(name), name) for name in ("alice", "bob")}
        await discord_.bot.table.act(channel, users["alice"], "tally", Add(2))
        await discord_.bot.table.act(channel, users["bob"], "tally", Add(3))  # total 5: carl decides
        store = discord_.bot.table.store
        before = await store.open_game(channel)
        with caplog.at_level(logging.ERROR, logger="waypost"):
            rec = await discord_.run("@carl", "#t", "/game choose choice:crash")
        assert rec.ephemeral
        ref = re.fullmatch(r"Something went wrong \(ref ([0-9a-f]{8})\)\. Nothing was changed; .*", rec.content)
        assert ref, rec.content
        logged = [r for r in caplog.records if ref[1] in r.getMessage()]
        assert logged and logged[0].exc_info and "a bug in the rules" in str(logged[0].exc_info[1])
        after = await store.open_game(before.channel_id)
        assert (after.version, after.state) == (before.version, before.state)
        assert await store.log_length(before.id) == await store.log_length(after.id)
        (captured,) = discord_.unexpected_errors
        assert isinstance(captured.exception.__cause__, RuntimeError)
        rec = await discord_.run("@alice", "#t", "/game status")  # the bot goes on
        assert rec.embeds


def test_no_token_exits_2_and_says_how(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=newcomer_env(DISCORD_TOKEN=""),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "make offline" in done.stderr


def test_debug_logs_never_hold_an_interaction_token(tmp_path):
    script = tmp_path / "game.txt"
    script.write_text("@alice /game new game:vikings board:two-isles\n@bob /game join\n@alice /game start\n"
                      "@alice /game export\n")  # a followup: the webhook route
    done = subprocess.run([*OFFLINE, "--script", str(script)], cwd=tmp_path,
                          env=newcomer_env(WAYPOST_LOG_LEVEL="DEBUG"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "/interactions/" in done.stderr and "/webhooks/" in done.stderr  # the requests are logged...
    leaked = re.findall(r"/(?:interactions|webhooks)/\d+/(?!<token>)[^/\s]+", done.stderr)
    assert not leaked  # ...with their tokens redacted
