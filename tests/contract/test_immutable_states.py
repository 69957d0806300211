"""One state discipline (docs/architecture.md): every game's state is a frozen dataclass reaching only
immutable values (tuples, frozensets, `FrozenDict`s, frozen dataclasses, scalars; its board, shared and
never changed in play, aside), checked on every registered game (and the test-only Tally) after each
action of a random game."""

from __future__ import annotations

import dataclasses
import enum
import random
from functools import partial
from typing import Any

from rules.frozen import FrozenDict
from tests.contract.test_contract import _setup, boards
from tests.support.random_play import Player, play

STEPS = 30
SCALARS = (str, int, float, bool, type(None), enum.Enum)


def mutable_parts(value: Any, path: str, board: Any) -> list[str]:
    """Where `value` reaches something that can be changed in place, by path."""
    if value is board or isinstance(value, SCALARS):
        return []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return [f"{path}: a {type(value).__name__} that is not frozen"]
        return [p for f in dataclasses.fields(value) for p in mutable_parts(getattr(value, f.name), f"{path}.{f.name}",
                                                                            board)]
    if type(value) in (tuple, frozenset):
        return [p for i, v in enumerate(value) for p in mutable_parts(v, f"{path}[{i}]", board)]
    if type(value) is FrozenDict:
        return [p for k, v in value.items() for p in (*mutable_parts(k, f"{path} key {k!r}", board),
                                                      *mutable_parts(v, f"{path}[{k!r}]", board))]
    return [f"{path}: a {type(value).__name__}"]


def test_mutable_parts_are_found():
    @dataclasses.dataclass(frozen=True)
    class Frozen:
        items: Any

    @dataclasses.dataclass
    class Loose:
        n: int = 0

    assert mutable_parts(Frozen((1, FrozenDict({"a": frozenset({2})}))), "state", None) == []
    assert mutable_parts(Frozen((1, {"a": 2})), "state", None) == ["state.items[1]: a dict"]
    assert mutable_parts(Frozen(FrozenDict({"a": [1]})), "state", None) == ["state.items['a']: a list"]
    assert mutable_parts(Frozen(Loose()), "state", None) == ["state.items: a Loose that is not frozen"]


def test_every_game_keeps_its_states_deeply_immutable(games):
    for key, board, players in boards(games):
        start = partial(_setup, games[key], board, players, 1)
        immutable(key, start())
        play(Player(games[key].rules, watch=partial(immutable, key)), start, random.Random(f"{key}-{board}-{players}"),
             STEPS)


def immutable(key: str, state: Any) -> None:
    found = mutable_parts(state, "state", getattr(state, "board", None))
    assert found == [], f"{key}: {found[:3]}"
