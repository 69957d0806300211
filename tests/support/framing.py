"""Random play for the framing tests (issue 28, "the board shows what matters now"): each accepted
action whose result is about some places (`Result.places`), with the posted view the table asks for."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Actor, Posted, Result
from rules.errors import PlayerError
from tests.games import RandomPlay
from tests.support.random_play import legal


def played(case: RandomPlay, steps: int) -> list[tuple[Any, Any, Posted, Result[Any]]]:
    """(state before, everyone's view after, the posted view asked, the result) of each accepted
    public action of `steps` random ones (`case`'s players, legal and hostile) about some places."""
    game = case.player.game
    rng = random.Random(case.seed)
    state, out = case.start(), []
    for _ in range(steps):
        if game.ending(state) is not None:
            state = case.start()
        pick = legal(game, state, rng, 0.2) if rng.random() < 0.7 or case.player.hostile is None else None
        if pick is None:
            if case.player.hostile is None:
                continue
            who, action = case.player.hostile(rng, state)
            pick = (who if isinstance(who, Actor) else Actor(who, host=rng.random() < 0.3), action)
        try:
            result = game.apply(state, *pick)
        except PlayerError:
            continue
        if result.places and not result.secret:
            out.append((state, game.view(result.state, None), Posted(pick[1], pick[0].seat, result.places), result))
        state = result.state
    return out
