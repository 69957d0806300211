"""Random play of every game (tests/support/random_play.py) with the cases each game brings
(`RANDOM_PLAY` in tests/games/<key>.py): actions chosen from the legal options mixed with hostile
ones, adjustments and decision answers, by players and the host; after every accepted action the
game's invariants hold, an option offered is accepted, a refused action changes nothing, and `apply`
never changes its input. Each game's own hidden things stay hidden from every view on the way."""

from __future__ import annotations

import random

import pytest

from tests.games import RandomPlay, every
from tests.support.random_play import play

CASES = [pytest.param(case, id=f"{key}-{n}") for key, cases in every("RANDOM_PLAY") for n, case in enumerate(cases)]


@pytest.mark.parametrize("case", CASES)
def test_random_play_keeps_every_invariant_and_refusals_change_nothing(case: RandomPlay):
    applied = play(case.player, case.start, random.Random(case.seed), case.steps)
    assert case.kinds <= set(applied), applied
