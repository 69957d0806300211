"""Tiny Epic Vikings as the host-level benchmarks' workload (`benchmarks.workload`): games on the
largest shipped map, players placing and sailing boats, onlookers asking where a boat could sail."""

from __future__ import annotations

import random
from collections.abc import Iterator

from benchmarks.workload import LongGame, Probe, Script, Workload
from rules.vikings.actions import Adjust, PlaceBoat
from waypost.registry import Board, GameEntry


def largest_board(entry: GameEntry) -> Board:
    """The shipped map with the most spaces."""
    return max(entry.boards.values(), key=lambda b: len(b.model.kinds))


class Vikings(Workload):
    key = "vikings"
    first = ("vikings place", "vikings sail")  # ending a turn draws no new board
    long = LongGame(opening=((2, PlaceBoat("D1")), (1, PlaceBoat("B1")), (0, PlaceBoat("A2"))),
                    filler=(Adjust("wood", 1), "Red adjusted their wood 0 → 1"), last=(1, Adjust("food", 2)))

    def board(self) -> Board:
        return largest_board(self.entry)

    def look(self, rng: random.Random | None) -> Probe:
        """Where boat 1 could sail, at a random strength (None: the highest)."""
        return Probe("vikings sail", {"boat": 1, "strength": rng.randint(1, 3) if rng else 3, "route": ""}, "route")

    def script(self, players: list[str], rng: random.Random) -> Script:
        """Each player places boat 1 on a dock (the last player first) and puts boat 2 on a fjord;
        then they take turns moving boat 2 to another fjord (`/vikings adjust`, answered with the
        board); the autocomplete is where boat 2 could sail at strength 3."""
        model = self.board().model
        docks, fjords = [d.name for d in model.docks], [f.name for f in model.fjords]
        opening = [(players[p], f"/vikings place dock:{docks[2 * p]}") for p in reversed(range(len(players)))]
        opening += [(user, _adjust(fjords[p])) for p, user in enumerate(players)]
        return Script(opening, _moves(players, fjords, rng),
                      Probe("vikings sail", {"boat": 2, "strength": 3, "route": ""}, "route"))


def _adjust(fjord: str) -> str:
    return f"/vikings adjust what:boat boat:2 space:{fjord}"


def _moves(players: list[str], fjords: list[str], rng: random.Random) -> Iterator[tuple[str, str]]:
    """The players in turn, each moving their boat 2 from its fjord to another."""
    at = dict(zip(players, fjords, strict=False))
    while True:
        for user in players:
            at[user] = rng.choice([f for f in fjords if f != at[user]])
            yield user, _adjust(at[user])


WORKLOAD = Vikings()
