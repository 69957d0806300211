"""Each game's cases for the shared tests: a module `tests/games/<key>.py` for every registered game,
found by its key, so that a game brings its own cases and no shared test lists the games
(docs/architecture.md, "Adding a game"). Each module defines

- `RANDOM_PLAY`: `RandomPlay` cases, random play with the game's hostile picker
  (tests/rules/test_random_play.py);
- `LEGIBILITY`: scenes by name, each a function asserting that a posted view reads at Discord's
  preview size (`tests.render.legibility.legible`; tests/render/test_legibility.py);
- `BY_TAPS`: how far three players take it by taps alone (`ByTaps`; tests/bot/test_cards.py);
- `DEADLINE`: a game opened for its default move at the deadline (`Deadline`;
  tests/bot/test_deadlines.py);
- `SECRET_LINES`: whether its secret moves are a line a player, edited in place in a quiet
  channel (tests/offline/test_count_posts.py);
- `QUIET_BOARDS`: the most boards its round of tests/scripts/rounds/ posts in a quiet channel
  (tests/offline/test_count_posts.py; the figures of docs/play-by-post.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games import default_games
from rules.base import Action, Actor, Game, Posted, Seat
from tests.support.random_play import Player

SEATS = (Seat(1, "ann", "red"), Seat(2, "bo", "blue"), Seat(3, "cy", "yellow"), Seat(4, "di", "green"),
         Seat(5, "ed", "purple"))
Played = tuple[Any, Posted]  # a position and the posted view asked for after its last action


@dataclass(frozen=True)
class RandomPlay:
    """`steps` random actions by `player` from `start()`, its choices drawn from `seed`; every
    action kind in `kinds` must be accepted on the way."""

    player: Player
    start: Callable[[], Any]
    steps: int
    kinds: frozenset[str]
    seed: int


@dataclass(frozen=True)
class ByTaps:
    """Three players on `board` play by taps alone until `ended(state)`, in `fewest` to `most` moves."""

    board: str
    fewest: int
    most: int
    ended: Callable[[Any], bool]


@dataclass(frozen=True)
class Deadline:
    """Opened by `@alice` with `opening` (Bob joins, the deadline is set and the game starts after
    it, then `started` is played): by the deadline the game's default move says `played`."""

    opening: tuple[str, ...]
    played: str
    started: tuple[str, ...] = ()


def own(key: str) -> ModuleType:
    """The cases of game `key`."""
    return importlib.import_module(f"{__name__}.{key}")


def every(name: str) -> list[tuple[str, Any]]:
    """(game key, the game's `name`) for every shipped game."""
    return [(key, getattr(own(key), name)) for key in default_games()]


def act(game: Game[Any], state: Any, seat: int | None, action: Action, host: bool = False) -> Any:
    """`action` applied as `seat` (or the host), the new state checked."""
    result = game.apply(state, Actor(seat, host), action)
    game.check(result.state)
    return result.state
