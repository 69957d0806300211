"""`FrozenDict`: the read-only mapping states hold (states are frozen dataclasses of tuples,
frozensets and these, so an action builds a new state sharing what it did not change).

A `dict` underneath, so reading is a dict's speed, `==` a dict's, and `rules.serial` dumps it as
the object it always was; every way of changing it in place raises TypeError. A change is a new
mapping: `with_item`, `without`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields as dataclass_fields
from typing import Any, NoReturn, TypeVar, cast

K = TypeVar("K")
V = TypeVar("V")
S = TypeVar("S")


class FrozenDict(dict[K, V]):
    """A dict that refuses every change in place; hashable like the frozenset of its items."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a FrozenDict cannot be changed: build a new one (with_item, without)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:  # pickled and copied through its items, not item by item
        return FrozenDict, (dict(self),)

    def with_item(self, key: K, value: V) -> FrozenDict[K, V]:
        """A copy with `key` set to `value` (in its place if present, else last: as `d[key] = value`)."""
        out = dict(self)
        out[key] = value
        return FrozenDict(out)

    def without(self, *keys: K) -> FrozenDict[K, V]:
        """A copy without `keys` (those absent ignored)."""
        return FrozenDict({k: v for k, v in self.items() if k not in keys})


_FIELDS: dict[type, frozenset[str]] = {}


def evolved(state: S, **changes: Any) -> S:
    """`dataclasses.replace` for the states' frozen dataclasses (none has `__post_init__` or an
    init-only field), five times quicker: the legal-options search builds a state for each trial."""
    cls = type(state)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in dataclass_fields(cls))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)}")
    new = object.__new__(cls)
    new.__dict__.update(cast(Any, state).__dict__, **changes)
    return new


def player_changed(state: S, seat: int, player: Mapping[str, Any], **fields: Any) -> S:
    """A game state (a frozen dataclass with a tuple of `players`) with seat `seat`'s player's
    changes `player` and the state's own `fields` made in one step (each `replace` builds a whole
    state, sharing the rest)."""
    players = list(cast(Any, state).players)
    players[seat] = evolved(players[seat], **player)
    return evolved(state, players=tuple(players), **fields)
