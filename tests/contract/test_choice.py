"""A legal option's label given as a function is made once, when first read (the search for legal
options reads only values), and goes to another process made."""

from __future__ import annotations

import pickle

from rules.options import Choice


def test_a_label_given_as_a_function_is_made_once_when_read_and_pickled_made():
    made: list[str] = []

    def label() -> str:
        made.append("F2")
        return "F2 — 2 moves: F1 F2"

    choice = Choice("F1 F2", label)
    assert made == [] and choice.value == "F1 F2"  # the search reads values only
    assert choice.label == "F2 — 2 moves: F1 F2" and choice == Choice("F1 F2", "F2 — 2 moves: F1 F2")
    assert made == ["F2"] and choice.label and made == ["F2"]
    sent = pickle.loads(pickle.dumps(Choice("stay", lambda: "stay at B1")))  # a lambda itself would not pickle
    assert (sent.value, sent.label) == ("stay", "stay at B1")
