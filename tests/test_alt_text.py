"""A board's alt text speaks the game's language (issue 29): every game's `describe` (the position
in words, after what just happened) is built of catalog messages, so in the pseudo-locale no
English word is left but the names the state itself holds (places, players), through random
legal play from each game's `RANDOM_PLAY` starts (tests/games/<key>.py)."""

from __future__ import annotations

import random

import pytest

from rules.messages import Msg
from tests.games import RandomPlay, every
from tests.render.legibility import english
from tests.support.random_play import legal
from waypost.i18n import translate

CASES = [pytest.param(case, id=f"{key}-{i}") for key, cases in every("RANDOM_PLAY") for i, case in enumerate(cases)]
STEPS = 120


@pytest.mark.parametrize("case", CASES)
def test_a_positions_alt_text_has_no_english_left_in_the_pseudo_locale(case: RandomPlay):
    game = case.player.game
    state, rng = case.start(), random.Random(case.seed)
    seen = set()
    for step in range(STEPS):
        if step % 10 == 0:
            described = game.describe(state)
            assert isinstance(described, Msg)  # plain text would be accented whole: a catalog never saw it
            said = translate(described, "qps")
            assert not english(said, state), (english(said, state), said)
            seen.add(game.position(state).phase)
        found = legal(game, state, rng, 0.0)
        if found is None:
            break
        state = game.apply(state, *found).state
    assert seen  # positions were described


@pytest.mark.parametrize("language", ["de", "pl"])
@pytest.mark.parametrize("case", CASES[:1] + CASES[-1:])
def test_a_positions_alt_text_reads_in_german_and_polish(case: RandomPlay, language: str):
    game = case.player.game
    state = case.start()
    english_text, translated = game.describe(state), translate(game.describe(state), language)
    assert translated != english_text and translated.count(".") >= english_text.count(".") - 1
