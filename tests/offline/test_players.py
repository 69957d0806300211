"""Scripted players play Tiny Epic Vikings through the real bot, knowing nothing of its rules."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from front.bot import create_bot
from offline import OfflineDiscord
from offline.players import PingPlayer, ScriptedPlayer, open_game
from waypost.config import UNBUDGETED, Config
from waypost.replay import replay

USERS = ["@alice", "@bob", "@carl"]


@pytest.fixture
async def discord_(tmp_path):
    config = Config(token="", db=str(Path(tmp_path) / "waypost.sqlite3"), dev_guild=None, log_level="INFO",
                    **UNBUDGETED)
    async with OfflineDiscord(lambda: create_bot(config)) as harness:
        yield harness
        harness.assert_clean()


async def test_open_game_seats_everyone_and_starts(discord_):
    channel = await open_game(discord_, "#fjord", "vikings", USERS, board="nordhav")
    status = await discord_.bot.table.status(channel)
    assert status.status == "active" and status.board_title and len(status.seats) == 3


async def test_open_game_names_a_refused_step(discord_):
    with pytest.raises(RuntimeError, match="no board"):
        await open_game(discord_, "#fjord", "vikings", USERS, board="atlantis")


async def test_players_progress_a_game_and_the_log_replays(discord_):
    channel = await open_game(discord_, "#fjord", "vikings", USERS, board="nordhav")
    player = ScriptedPlayer(discord_, channel, USERS, random.Random(7))
    for _ in range(150):
        await player.step()
    assert all(not m.failures for m in player.moves)
    assert any(not m.accepted for m in player.moves)  # it tries what the rules refuse, too
    table = discord_.bot.table
    row = await table.store.open_game(channel)
    log = await table.store.log(row.id)
    actions = [e for e in log if e.kind == "action"]
    for kind in ("place", "sail", "end"):
        assert len({e.seat for e in actions if e.body["action"]["kind"] == kind}) >= 2, kind
    drawn: dict[str, bool] = {}
    for m in player.moves:
        if m.accepted:
            drawn[m.command] = drawn.get(m.command, False) or m.drew  # did any such move draw?
    assert drawn.get("vikings sail") and drawn.get("vikings place")  # a changed map is drawn...
    assert drawn.get("vikings end") is False  # ...ending a turn changes nothing on it
    state = replay(table.games["vikings"], log)
    assert table.games["vikings"].rules.encode_state(state) == row.state


@pytest.mark.parametrize("menus", [0.0, 1.0])
async def test_players_answer_a_bump(discord_, menus):
    channel = await open_game(discord_, "#fjord", "vikings", USERS, board="nordhav")
    for user, line in (("@carl", "/vikings place dock:D1"), ("@bob", "/vikings place dock:B1"),
                       ("@alice", "/vikings place dock:A2"),
                       ("@alice", '/vikings sail boat:1 route:"F4 D1" strength:2')):
        assert (await discord_.run(user, channel, line)).ok
    player = ScriptedPlayer(discord_, channel, USERS, random.Random(3), menus=menus)
    while not any(m.user == "@carl" and m.accepted for m in player.moves):
        assert len(player.moves) < 30
        await player.step()
    answer = next(m for m in player.moves if m.user == "@carl")
    assert answer.command == ("!pick" if menus else "game choose")
    assert "after its bump" in answer.reply and answer.drew


async def test_a_ping_player_taps_from_the_ping_and_counts_its_taps(discord_):
    """The taps benchmark's player: the first boat placed from the ping's own button (not the card),
    its dock picked, which plays it: two taps, recorded with the action's kind."""
    channel = await open_game(discord_, "#fjord", "vikings", USERS, board="nordhav")
    player = PingPlayer(discord_, channel, USERS, random.Random(2))
    move = await player.step()
    assert move is not None and move.accepted and move.kind == "place", move
    first, *rest = move.line.split(" / ")
    assert first != "Your turn card" and rest == ["pick"] and move.taps == 2, move.line
