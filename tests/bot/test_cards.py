"""Turn cards (issue 23): every game played by three players by taps alone — the turn card, its
action buttons and menus, Confirm, and decision menus — through the real bot and the offline
stand-in, which checks every component against Discord's API description, as far as each game says
(`BY_TAPS` in tests/games/<key>.py: to its end, or the end of a round or phase where the bot keeps
no end)."""

from __future__ import annotations

import random

import pytest

from offline.players import CardPlayer, open_game
from tests.games import ByTaps, every

USERS = ["@alice", "@bob", "@carl"]


@pytest.mark.parametrize(("game", "taps"), every("BY_TAPS"), ids=[key for key, _ in every("BY_TAPS")])
async def test_a_game_is_played_by_taps_alone_to_its_end(discord_, game, taps: ByTaps):
    channel = await open_game(discord_, "#cards", game, USERS, board=taps.board)
    player = CardPlayer(discord_, channel, USERS, random.Random(11))
    table = discord_.bot.table
    for _ in range(taps.most):
        if await player.step() is None:
            break
        row = await table.store.last_game(channel)
        if len(player.moves) >= taps.fewest and taps.ended(table.games[game].rules.decode_state(row.state)):
            break
    row = await table.store.last_game(channel)
    assert taps.ended(table.games[game].rules.decode_state(row.state)) and len(player.moves) >= taps.fewest, \
        len(player.moves)
    assert len({m.line.split(" / ")[1] for m in player.moves if m.command == "card"}) >= 3  # not one action only
