"""Mega Civilization's Movement phase for the pbp benchmark (`benchmarks.pbp`): in strict census
order (M-O1), from the first civilization's move until every one has declared; a civilization's
turn here is moving its tokens from one area to a neighbouring land area, then declaring (M-O2),
all preparable while earlier civilizations move."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Action
from rules.megaciv.actions import Declare, Move
from waypost.outcome import User
from waypost.table import Table

SETUPS = (("oikumene", 18, 4.0),)
FINISH = "declare"


async def open_phase(table: Table, channel: int, users: list[User]) -> None:
    """A new game on the Oikumene, the first Movement phase started by the host."""
    await table.new(channel, 9, users[0], "megaciv", SETUPS[0][0])
    for user in users[1:]:
        await table.join(channel, user)
    await table.start(channel, users[0])
    await table.command(channel, users[0], "megaciv", "start", {})


def turn(view: Any, seat: int, rng: random.Random) -> tuple[tuple[Action, ...], Action]:
    tokens = {area: count for area, count in view.players[seat].tokens.items() if count}
    if not tokens:
        return (), Declare()
    area = rng.choice(sorted(tokens))
    near = sorted(view.board.land_next.get(area, ()))
    return ((Move(area, rng.choice(near), tokens[area]),) if near else ()), Declare()
