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

from rules.base import Seat, flow_problems
from tests.support.random_play import Player, play
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


def _setup(entry: GameEntry, board: str, players: int, seed: int) -> Any:
    rules = entry.rules
    seats = [Seat(1000 + i, f"player{i}", colour) for i, colour in enumerate(rules.colours[:players])]
    return rules.setup(entry.board(board).model, seats, rules.default_settings(), seed)
