"""Tiny Epic Vikings' round for the pbp benchmark (`benchmarks.pbp`): after the boats are placed,
from the first clan's turn until every clan has ended one; a clan's turn here is one sail of its
first boat to a neighbouring space (V-S1), then the end of the turn (both preparable)."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Action
from rules.errors import PlayerError
from rules.vikings.actions import EndTurn, PlaceBoat, Sail
from waypost.outcome import User
from waypost.table import Table

SETUPS = (("nordhav", 4, 2.0),)
FINISH = "end"


async def open_phase(table: Table, channel: int, users: list[User]) -> None:
    """A new game on Nordhav, the clans' boats placed apart: each on the first free dock from its
    own share of the map's docks on (the table refuses a taken one)."""
    await table.new(channel, 9, users[0], "vikings", SETUPS[0][0])
    for user in users[1:]:
        await table.join(channel, user)
    await table.start(channel, users[0])
    loaded = await table.channels.require(channel)
    docks = [d.name for d in loaded.state.board.docks]
    while loaded.state.placing:
        seat = loaded.awaiting()[0].seat
        apart = seat * len(docks) // len(users)
        for dock in docks[apart:] + docks[:apart]:
            try:
                await table.act(channel, users[seat], "vikings", PlaceBoat(dock))
                break
            except PlayerError:
                continue
        else:
            raise RuntimeError("no free dock")
        loaded = await table.channels.require(channel)


def turn(view: Any, seat: int, rng: random.Random) -> tuple[tuple[Action, ...], Action]:
    here = view.players[seat].boats[1]
    near = sorted(view.board.neighbours.get(here, ())) if here else []
    return ((Sail(1, (rng.choice(near),), 1),) if near else ()), EndTurn()
