"""Isle of Skye's cases for the shared tests (tests/games/__init__.py): random play with its hostile
picker (sealed prices and plans hidden from the other seats), and its posted view read on every
board, with five players late in the game, at the end and on a player's own board."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from render import skye
from rules.base import Actor, Posted
from rules.skye import GAME
from tests.games import ByTaps, Deadline, Played, RandomPlay
from tests.render.legibility import legible, whole
from tests.rules import skye_fixtures
from tests.rules.skye_fixtures import random_action
from tests.support.random_play import Player


def views_stay_valid(state: Any) -> None:
    for seat in (*range(len(state.seats)), None):
        seen = GAME.view(state, seat)
        GAME.position(seen)
        if seat is not None:
            assert all(p.pricing is None and p.plan is None for i, p in enumerate(seen.players) if i != seat)


PLAYER = Player(GAME, skye_fixtures.hostile_action, watch=views_stay_valid)
RANDOM_PLAY = [
    RandomPlay(PLAYER, partial(skye_fixtures.new_game, 2, seed=3), 600,
               frozenset({"price", "buy", "place", "plan", "adjust"}), 6),
    RandomPlay(PLAYER, partial(skye_fixtures.new_game, 3, seed=4, unbought="choose"), 600,
               frozenset({"price", "buy", "place", "adjust"}), 7),
    RandomPlay(PLAYER, partial(skye_fixtures.new_game, 5, seed=5), 600, frozenset({"price", "buy", "adjust"}), 8),
]


def until(players: int, seed: int, stage: str, late: bool = True, name: str = "standard") -> Played:
    """A game by scripted players through the rules until `stage` of its last round (or of its
    second, not `late`); the posted view after the last action."""
    rng = random.Random(seed)
    state = skye_fixtures.new_game(players, seed, name)
    last = Posted()
    for _ in range(5000):
        wanted = state.rounds if late else 2
        if GAME.ending(state) is not None or (state.round == wanted and state.stage == stage):
            break
        seat, action = random_action(rng, state)
        state, last = GAME.apply(state, Actor(seat), action).state, Posted(action, seat)
    return state, last


def over(players: int = 5, seed: int = 5) -> Played:
    rng = random.Random(seed)
    state = skye_fixtures.new_game(players, seed)
    last = Posted()
    while GAME.ending(state) is None:
        seat, action = random_action(rng, state)
        state, last = GAME.apply(state, Actor(seat), action).state, Posted(action, seat)
    return state, last


def reads_on(name: str) -> None:
    state = skye_fixtures.new_game(3, 6, name)
    legible(skye.compose, GAME.view(state, None), None, None, Posted())


def reads_late(stage: str) -> None:
    """Five players, the last round."""
    state, posted = until(5, 3, stage)
    assert state.round == state.rounds and state.stage == stage
    legible(skye.compose, GAME.view(state, None), None, None, posted)
    whole(skye.compose, GAME.view(state, None), None)


def reads_after_the_walks(players: int = 5, seed: int = 3) -> None:
    """Five players, the journeymen's walks just revealed, three or more of them going somewhere:
    their territories shown (issue 28), each still read at the preview."""
    rng = random.Random(seed)
    state = skye_fixtures.new_game(players, seed)
    while True:
        seat, action = random_action(rng, state)
        result = GAME.apply(state, Actor(seat), action)
        went = [w for w in result.state.walks if len(w.path) > 1]
        if result.state.walks != state.walks and len(went) >= 3:
            break
        state = result.state
    assert len(result.state.walks) == players and result.places
    legible(skye.compose, GAME.view(result.state, None), None, None, Posted(action, seat, result.places))


def reads_at_the_end_and_on_a_players_own_board() -> None:
    state, posted = over()
    legible(skye.compose, GAME.view(state, None), None, None, posted)
    early, _ = until(4, 8, "place", late=False)
    legible(skye.compose, GAME.view(early, 2), 2, None, Posted())


LEGIBILITY = {**{f"every-board-{name}": partial(reads_on, name) for name in ("first-game", "journeyman", "standard")},
              **{f"five-players-late-{stage}": partial(reads_late, stage) for stage in ("buy", "place")},
              "at-the-end-and-on-a-players-own-board": reads_at_the_end_and_on_a_players_own_board,
              "five-players-after-the-walks": reads_after_the_walks}


BY_TAPS = ByTaps("standard", 0, 500, lambda state: state.stage == "over")  # to its end
DEADLINE = Deadline(("@alice /game new game:skye",), "By the deadline")  # the cheapest prices sealed
SECRET_LINES = True  # sealed prices and plans
QUIET_BOARDS = 9  # at most, quietly: one board for the round's placements, not one a tile
