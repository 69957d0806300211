"""A recorded game replays to the same state (random play itself: tests/rules/test_random_play.py)."""

from __future__ import annotations

import json
import random

from rules.base import Actor
from rules.glory import GAME
from rules.glory.state import GloryState
from tests.rules.glory_fixtures import new_game
from tests.support.random_play import legal


def play_recorded(seed: int, moves: int) -> tuple[list[tuple[int, bool, dict]], GloryState]:
    rng = random.Random(seed)
    state = new_game("five-kingdoms", 3, seed=seed)
    log = []
    while len(log) < moves:
        picked = legal(GAME, state, rng, host=0.1)
        if picked is None:
            continue
        actor, action = picked
        state = GAME.apply(state, actor, action).state
        log.append((actor.seat, actor.host, GAME.encode_action(action)))
    return log, state


def replay(log: list[tuple[int, bool, dict]], seed: int) -> GloryState:
    state = new_game("five-kingdoms", 3, seed=seed)
    for seat, host, encoded in log:
        state = GAME.apply(state, Actor(seat, host), GAME.decode_action(json.loads(json.dumps(encoded)))).state
    return state


def test_a_recorded_game_replays_to_the_same_state():
    log, played = play_recorded(21, 120)
    assert any(entry[2]["kind"] == "choose" for entry in log)
    first, second = replay(log, 21), replay(log, 21)
    assert GAME.encode_state(first) == GAME.encode_state(second) == GAME.encode_state(played)
    assert GAME.decode_state(GAME.encode_state(first)) == first
