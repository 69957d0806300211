"""The game contract, checked on every registered game (and the test-only Tally) by random play
from the legal options (tests/support/random_play.py): the flow consistent with the actions, states
round-tripping through JSON, `apply` never changing its input, views idempotent, every option
offered accepted and others refused, the invariants after every action (adjustments and decisions
included). tests/rules/test_random_play.py adds each game's hostile actions and longer games."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from rules.base import Actor, Seat, flow_problems
from rules.options import Choice
from tests.support import tally
from tests.support.random_play import Player, play, unoffered
from waypost.registry import GameEntry

STEPS = 60  # actions per game, board and number of players


def boards(games: dict[str, GameEntry]) -> list[tuple[str, str, int]]:
    """Every (game, board, players) to play: each shipped board at its fewest and most players (at
    most 6)."""
    found = []
    for key, entry in games.items():
        for name, board in entry.boards.items():
            low, high = board.info.min_players, min(board.info.max_players, 6)
            found += [(key, name, n) for n in sorted({low, high})]
    return found


def test_every_flow_names_every_action_once(games):
    for entry in games.values():
        assert flow_problems(entry.rules) == [], entry.rules.title


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_from_the_options_keeps_the_contract(games, seed):
    for key, board, players in boards(games):
        applied = play(Player(games[key].rules), partial(_setup, games[key], board, players, seed),
                       random.Random(f"{key}-{board}-{players}-{seed}"), STEPS, probe=0.2)
        assert applied, f"{key} on {board} with {players}: nothing was offered"


class _Narrow(tally.Tally):
    """Tally whose options list adding 1 only, though its rules accept adding up to max_add."""

    def candidates(self, state, actor, kind, param, chosen):
        return [Choice(1, "+1")] if (kind, param) == ("add", "amount") else super().candidates(
            state, actor, kind, param, chosen)


def test_random_play_finds_an_action_accepted_but_not_offered():
    """The random play's check that what the rules accept the options offer: an add of 2 the rules
    accept is found missing from options listing only 1; a bid typed beyond the free parameter's
    suggestions is offered (a player types it), as is every listed add."""
    seats = [Seat(1000 + i, f"player{i}", colour) for i, colour in enumerate(tally.GAME.colours[:2])]
    state = tally.GAME.setup(tally.Board("t", "T", 2, 4, 20), seats, {"max_add": 3}, 1)
    assert "no choice of the values offered" in unoffered(_Narrow(), state, Actor(0), tally.Add(2))
    assert unoffered(tally.GAME, state, Actor(0), tally.Add(2)) == ""
    assert unoffered(tally.GAME, state, Actor(1), tally.Bid(99)) == ""


def _setup(entry: GameEntry, board: str, players: int, seed: int) -> Any:
    rules = entry.rules
    seats = [Seat(1000 + i, f"player{i}", colour) for i, colour in enumerate(rules.colours[:players])]
    return rules.setup(entry.board(board).model, seats, rules.default_settings(), seed)
