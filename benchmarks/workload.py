"""The game the host-level benchmarks (load, memory, long, flood, scaling) play as their workload:
the host is what they measure, a game is what keeps it busy. A game offers itself as one with a
module `benchmarks/<game>_workload.py` defining `WORKLOAD`, a `Workload`, found the way `games/`
finds games, so no shared module names a game. With several, `python -m benchmarks --workload
GAME` picks one; without it the first by game key is played (the header names it).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

import benchmarks
from games import default_games
from rules.base import Action
from waypost.registry import Board, GameEntry


@dataclass(frozen=True)
class Probe:
    """An autocomplete a player sends: the command, the options so far, and the one being completed
    (the last of them)."""

    command: str
    options: dict[str, Any]
    focused: str

    @property
    def line(self) -> str:
        """As a console line (`offline.fleet`): `!complete /command name:value … focused:`."""
        return " ".join([f"!complete /{self.command}", *(f"{k}:{v}" for k, v in self.options.items())])


@dataclass
class Script:
    """What one channel's players send in the scaling run, as console lines (user, line): after
    `/game start`, `opening` sets the game up; `moves` yields each next board-changing line, without
    end; `look` is the autocomplete one of them asks for."""

    opening: list[tuple[str, str]]
    moves: Iterator[tuple[str, str]]
    look: Probe


@dataclass(frozen=True)
class LongGame:
    """The long game through the table: after the start, `opening` (a player's index, an action);
    `filler` the host's action (and its summary) written into the log for the long history;
    `last` the real last action, played again after each undo."""

    opening: tuple[tuple[int, Action], ...]
    filler: tuple[Action, str]
    last: tuple[int, Action]


class Workload(ABC):
    """A game as the host-level benchmarks play it."""

    key: ClassVar[str]  # the game
    first: ClassVar[tuple[str, ...]]  # the commands scripted players try first: those drawing a new board
    long: ClassVar[LongGame]

    @cached_property
    def entry(self) -> GameEntry:
        return default_games()[self.key]

    @abstractmethod
    def board(self) -> Board:
        """The map its games are opened on."""

    @abstractmethod
    def look(self, rng: random.Random | None) -> Probe:
        """An autocomplete one of a game's players asks for while the others play: varied by `rng`,
        or (None) the same each time."""

    @abstractmethod
    def script(self, players: list[str], rng: random.Random) -> Script:
        """What the players of one channel send in the scaling run, their moves drawn from `rng`."""


def workloads() -> dict[str, Workload]:
    """Every workload of the benchmarks package, by game key."""
    found = [importlib.import_module(f"benchmarks.{m.name}").WORKLOAD for m in pkgutil.iter_modules(benchmarks.__path__)
             if m.name.endswith("_workload")]
    return {w.key: w for w in sorted(found, key=lambda w: w.key)}


_chosen: str | None = None  # `use_workload`


def use_workload(key: str | None) -> None:
    """Play game `key` from now on (None: the first by key)."""
    global _chosen
    _chosen = key


def workload() -> Workload:
    """The workload chosen (`use_workload`), else the first by game key."""
    found = workloads()
    return found[_chosen] if _chosen is not None else next(iter(found.values()))
