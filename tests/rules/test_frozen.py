"""`rules.frozen.FrozenDict`, the read-only mapping states hold: every change in place refused, a
change is a new mapping, and `rules.serial` stores and loads it as the object a dict is."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass

import pytest

from rules import serial
from rules.frozen import FrozenDict


@pytest.mark.parametrize("change", [lambda d: d.__setitem__("a", 2), lambda d: d.update(a=2), lambda d: d.pop("a"),
                                    lambda d: d.setdefault("b", 1), lambda d: d.clear(), lambda d: d.popitem(),
                                    lambda d: d.__delitem__("a"), lambda d: d.__ior__({"b": 1})])
def test_every_change_in_place_is_refused(change):
    held = FrozenDict({"a": 1})
    with pytest.raises(TypeError, match="cannot be changed"):
        change(held)
    assert held == {"a": 1}


def test_a_change_is_a_new_mapping_in_the_order_an_assignment_keeps():
    held = FrozenDict({"a": 1, "b": 2})
    assert list(held.with_item("a", 5).items()) == [("a", 5), ("b", 2)]
    assert list(held.with_item("c", 3)) == ["a", "b", "c"] and held.without("a", "z") == {"b": 2}
    assert held == {"a": 1, "b": 2} and type(held.with_item("a", 1)) is FrozenDict


def test_copies_pickles_and_hashes_like_a_value():
    held = FrozenDict({"a": (1, 2)})
    for again in (copy.copy(held), copy.deepcopy(held), pickle.loads(pickle.dumps(held))):
        assert again == held and type(again) is FrozenDict
    assert hash(held) == hash(FrozenDict({"a": (1, 2)}))


@dataclass(frozen=True)
class Holder:
    votes: FrozenDict[int, int]


def test_serial_stores_it_as_an_object_and_loads_it_back_frozen():
    held = Holder(FrozenDict({2: 1, 0: 3}))
    assert serial.dump(held) == {"votes": {"2": 1, "0": 3}}
    again = serial.load(Holder, serial.dump(held))
    assert again == held and type(again.votes) is FrozenDict and list(again.votes) == [2, 0]
