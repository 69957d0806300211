"""Turn cards (issue 23): every game played by taps alone — the turn card, its action buttons and
menus, Confirm, and decision menus — through the real bot and the offline stand-in, which checks
every component against Discord's API description."""

from __future__ import annotations

import random

import pytest

from offline.players import CardPlayer, open_game

USERS = ["@alice", "@bob", "@carl"]


@pytest.mark.parametrize("game, board", [("vikings", "nordhav"), ("glory", "five-kingdoms"), ("skye", "standard"),
                                         ("megaciv", "pelagos")])
async def test_a_game_is_played_by_taps_alone(discord_, game, board):
    channel = await open_game(discord_, "#cards", game, USERS, board=board)
    player = CardPlayer(discord_, channel, USERS, random.Random(11))
    for _ in range(60):
        if await player.step() is None:
            break
    played = [m for m in player.moves if m.accepted]
    assert len(played) >= 20, [m.reply for m in player.moves if not m.accepted][:5]
    assert all(not m.failures for m in player.moves), [m.failures for m in player.moves if m.failures][:3]
    assert not [m for m in player.moves if not m.accepted], [m.reply for m in player.moves if not m.accepted][:5]
