"""Glory of Civilizations' round for the pbp benchmark (`benchmarks.pbp`): from a round's first
turn until every player has passed; a player's turn here is passing (preparable: G-M1)."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Action
from rules.glory.actions import Pass
from waypost.outcome import User
from waypost.table import Table

SETUPS = (("five-kingdoms", 4, 2.0),)
FINISH = "pass"


async def open_phase(table: Table, channel: int, users: list[User]) -> None:
    await table.new(channel, 9, users[0], "glory", SETUPS[0][0])
    for user in users[1:]:
        await table.join(channel, user)
    await table.start(channel, users[0])


def turn(view: Any, seat: int, rng: random.Random) -> tuple[tuple[Action, ...], Action]:
    return (), Pass()
