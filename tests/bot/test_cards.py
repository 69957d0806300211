"""Turn cards (issue 23): every game played by three players by taps alone — the turn card, its
action buttons and menus, Confirm, and decision menus — through the real bot and the offline
stand-in, which checks every component against Discord's API description: Skye to its end, Mega
Civilization to the end of a Movement phase, Glory to the end of a round, Vikings into its second
era (the rules the bot keeps have no end there)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from offline.players import CardPlayer, open_game

USERS = ["@alice", "@bob", "@carl"]
ENDS: dict[str, tuple[str, int, int, Callable[[Any], bool]]] = {  # board, fewest and most actions, the end
    "vikings": ("nordhav", 60, 200, lambda state: state.era > 1),
    "glory": ("five-kingdoms", 40, 200, lambda state: state.round > 1),
    "skye": ("standard", 0, 500, lambda state: state.stage == "over"),
    "megaciv": ("pelagos", 20, 200, lambda state: state.turn > 1),
}


@pytest.mark.parametrize("game", ENDS)
async def test_a_game_is_played_by_taps_alone_to_its_end(discord_, game):
    board, fewest, most, ended = ENDS[game]
    channel = await open_game(discord_, "#cards", game, USERS, board=board)
    player = CardPlayer(discord_, channel, USERS, random.Random(11))
    table = discord_.bot.table
    for _ in range(most):
        if await player.step() is None:
            break
        row = await table.store.last_game(channel)
        if len(player.moves) >= fewest and ended(table.games[game].rules.decode_state(row.state)):
            break
    row = await table.store.last_game(channel)
    assert ended(table.games[game].rules.decode_state(row.state)) and len(player.moves) >= fewest, len(player.moves)
    assert len({m.line.split(" / ")[1] for m in player.moves if m.command == "card"}) >= 3  # not one action only
