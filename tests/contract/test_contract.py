"""The game contract, checked on every registered game (and the test-only Tally) by random play
from the legal options: flow consistent with the actions, states round-trip through JSON, `apply`
never changes its input, views idempotent, every option offered accepted and others refused, the
invariants after every action (adjustments and decisions included)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rules.base import Actor, Game, Seat, flow_problems
from rules.errors import PlayerError
from tests.support.walking import walk
from waypost.registry import GameEntry

STEPS = 60  # actions per game and board


def boards(games: dict[str, GameEntry]) -> list[tuple[str, str, int]]:
    """Every (game, board, players) to play: each shipped board at its fewest and most players (at
    most 6)."""
    found = []
    for key, entry in games.items():
        if any(dataclasses.fields(cls) and not cls.params for cls in entry.rules.actions):  # not yet ported
            continue
        for name, board in entry.boards.items():
            low, high = board.info.min_players, min(board.info.max_players, 6)
            found += [(key, name, n) for n in sorted({low, high})]
    return found


def _setup(entry: GameEntry, board: str, players: int, seed: int) -> Any:
    rules = entry.rules
    seats = [Seat(1000 + i, f"player{i}", colour) for i, colour in enumerate(rules.colours[:players])]
    return rules.setup(entry.board(board).model, seats, rules.default_settings(), seed)


def test_every_flow_names_every_action_once(games):
    for entry in games.values():
        assert flow_problems(entry.rules) == [], entry.rules.title


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_from_the_options_keeps_the_contract(games, seed):
    for key, board, players in boards(games):
        rules = games[key].rules
        rng = random.Random(f"{key}-{board}-{players}-{seed}")
        state = _setup(games[key], board, players, seed)
        for _ in range(STEPS):
            _check_state(rules, state)
            awaited = [a.seat for a in rules.awaiting(state)]
            if not awaited:
                break
            seat = rng.choice(awaited) if rng.random() < 0.85 else rng.randrange(players)
            actor = Actor(seat, host=seat == 0)
            view = rules.view(state, seat)
            if rng.random() < 0.2:
                _refuses_what_is_not_offered(rules, state, view, actor, rng)
            walked = walk(rules, view, actor, rng)
            if walked is None:
                continue
            kind, chosen, action = walked
            before = rules.encode_state(state)
            try:
                result = rules.apply(state, actor, action)
            except PlayerError as refused:
                raise AssertionError(f"{key} on {board}: {kind} {chosen} was offered but refused: {refused}") from None
            assert rules.encode_state(state) == before, f"{key}: apply changed its input ({kind})"
            state = result.state


def _check_state(rules: Game[Any], state: Any) -> None:
    rules.check(state)
    encoded = rules.encode_state(state)
    assert rules.encode_state(rules.decode_state(encoded)) == encoded, f"{rules.key}: the state does not round-trip"
    for seat in (None, *range(len(state.seats))):
        seen = rules.view(state, seat)
        assert rules.encode_state(rules.view(seen, seat)) == rules.encode_state(seen), f"{rules.key}: view of {seat}"
        public = rules.encode_state(rules.view(state, None))
        assert rules.encode_state(rules.view(seen, None)) == public, f"{rules.key}: {seat}'s view shows onlookers more"


def _refuses_what_is_not_offered(rules: Game[Any], state: Any, view: Any, actor: Actor, rng: random.Random) -> None:
    """A value a game lists but does not offer (no choice of the rest completes it) is refused."""
    for kind in rules.kinds(view, actor):
        first = next((p for p in kind.params if p.required and not p.free), None)
        if first is None:
            continue
        offered = {c.value for c in rules.choices(view, actor, kind.kind, first.name, {})}
        others = [c for c in rules.candidates(view, actor, kind.kind, first.name, {}) if c.value not in offered]
        if not others:
            continue
        chosen: dict[str, Any] = {first.name: rng.choice(others).value}
        for param in rules.steps(view, actor, kind.kind, chosen):
            if param.required and param.name not in chosen:
                listed = rules.candidates(view, actor, kind.kind, param.name, chosen)
                if not listed:
                    break
                chosen[param.name] = rng.choice(listed).value
        before = rules.encode_state(state)
        with pytest.raises(PlayerError):
            rules.apply(state, actor, rules.build(view, actor, kind.kind, chosen))
        assert rules.encode_state(state) == before
