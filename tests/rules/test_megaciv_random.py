"""Random play through the rules, picking legal actions with the queries: after every action the
invariants hold (55 tokens per player in exactly one of board, stock and treasury; 4 ships; 9
cities), the state survives a JSON round trip, and no view shows another player's undeclared draft."""

from __future__ import annotations

import json
import random

import pytest

from rules.base import Actor, Seat
from rules.errors import IllegalMove
from rules.megaciv import GAME, queries
from rules.megaciv.actions import (
    Adjust,
    Build,
    Declare,
    Expand,
    Insist,
    Maintain,
    Move,
    Sail,
    Scrap,
    StartMovement,
    TakeBack,
)
from rules.megaciv.board import COLOURS
from rules.megaciv.draft import base
from rules.megaciv.state import CITIES, SHIPS, TOKENS, MegaState
from tests.rules.megaciv_fixtures import board

HOST = Actor(0, host=True)


def _invariants(state: MegaState) -> None:
    GAME.check(state)
    for p in state.players:
        assert p.stock + p.treasury + sum(p.tokens.values()) == TOKENS
        assert len(p.ships) == SHIPS and len(p.cities) <= CITIES
        assert min([p.stock, p.treasury, *p.tokens.values()]) >= 0
    encoded = json.dumps(GAME.encode_state(state))
    assert GAME.decode_state(json.loads(encoded)) == state
    for seat in [*range(len(state.seats)), None]:
        seen = GAME.view(state, seat)
        GAME.check(seen)
        secret = state.moving and not state.together and not state.insisted
        for other, player in enumerate(state.players):
            if other != seat and secret and not player.declared:
                assert seen.players[other] == base(player) and seen.players[other].steps == ()
            else:
                assert seen.players[other] == player


def _table_turn(state: MegaState, rng: random.Random) -> MegaState:
    """Between phases: everyone expands, some adjustments, then the host starts the movement."""
    for seat in range(len(state.seats)):
        need, stock = queries.expansion(state, seat)
        if not need:
            continue
        if sum(need.values()) <= stock:
            state = GAME.apply(state, Actor(seat), Expand()).state
        else:
            areas = list(need)
            rng.shuffle(areas)
            state = GAME.apply(state, Actor(seat), Expand(tuple(areas))).state
        _invariants(state)
        p = state.players[seat]
        if p.stock > 4 and rng.random() < 0.6:
            state = GAME.apply(state, Actor(seat), Adjust("treasury", p.treasury + rng.randint(1, 4))).state
        if rng.random() < 0.3:
            advance = rng.choice(state.board.advances.advances).name
            held = advance in state.players[seat].advances
            state = GAME.apply(state, Actor(seat), Adjust("advance", 0 if held else 1, name=advance)).state
        if rng.random() < 0.15 and len(state.players[seat].tokens) and len(state.players[seat].cities) < CITIES:
            area = rng.choice(sorted(state.players[seat].tokens))
            try:
                state = GAME.apply(state, Actor(seat), Adjust("city", 1, area=area)).state
            except IllegalMove:
                pass
        _invariants(state)
    if rng.random() < 0.3:
        area = rng.choice(state.board.land_areas)
        state = GAME.apply(state, HOST, Adjust("barbarians", rng.randint(0, 3) or 1, area=area)).state \
            if state.barbarians.get(area) is None else state
    return GAME.apply(state, HOST, StartMovement()).state


ALLOWED = ("Diplomacy", "Cultural Ascendancy", "conflict situation")


def _step(state: MegaState, seat: int, rng: random.Random) -> MegaState:
    """One random legal action of `seat` in a Movement phase."""
    seen = GAME.view(state, seat)
    p = seen.players[seat]
    roll = rng.random()
    actor = Actor(seat)
    if roll < 0.08 and p.steps:
        return GAME.apply(state, actor, TakeBack(rng.randint(1, len(p.steps)))).state
    if roll < 0.14 or not p.tokens:
        return GAME.apply(state, actor, Declare()).state
    if roll < 0.55:
        movable = queries.movable(seen, seat)
        if movable:
            source = rng.choice(movable)[0]
            found = queries.destinations(seen, seat, source)
            if found:
                d = rng.choice(found)
                return GAME.apply(state, actor, Move(source, d.area, rng.randint(1, d.count), d.via)).state
    if roll < 0.65:
        coastal = [a for a in p.tokens if seen.board.areas[a].coastal and a not in seen.out_of_play]
        if coastal and any(s.area is None for s in p.ships) and p.builds < 4:
            area = rng.choice(coastal)
            pay = rng.choice(["treasury", "mixed", "tokens"])
            try:
                return GAME.apply(state, actor, Build(area, pay)).state
            except IllegalMove as refused:
                assert "treasury" in refused.message or "paying needs" in refused.message, refused.message
    for info in queries.ships(seen, seat):
        if info.status == "needs upkeep":
            if rng.random() < 0.2:
                return GAME.apply(state, actor, Scrap(info.number)).state
            if p.treasury:
                return GAME.apply(state, actor, Maintain(info.number)).state
            if p.tokens:
                return GAME.apply(state, actor, Maintain(info.number, "token", rng.choice(sorted(p.tokens)))).state
        reach = queries.ship_reach(seen, seat, info.number)
        if reach and rng.random() < 0.7:
            end = rng.choice(sorted(reach))
            path = reach[end]
            stops = (info.area, *path)
            free = p.unmoved(info.area) if seen.board.areas[info.area].kind == "land" else 0
            take = [min(free, rng.randint(0, 5))] + [0] * len(path)
            if seen.board.areas[end].kind == "sea":
                take[0] = 0
            try:
                return GAME.apply(state, actor, Sail(info.number, path, tuple(take), ())).state
            except IllegalMove as refused:
                assert any(word in refused.message for word in ALLOWED) or len(stops) < 2, refused.message
    return GAME.apply(state, actor, Declare()).state


def _play(board_name: str, players: int, turns: int, seed: int, simultaneous: bool = False) -> MegaState:
    rng = random.Random(seed)
    seats = [Seat(100 + i, f"p{i}", c) for i, c in enumerate(COLOURS[:players])]
    state = GAME.setup(board(board_name), seats, {"simultaneous": simultaneous}, seed=seed)
    _invariants(state)
    for _ in range(turns):
        state = _table_turn(state, rng)
        _invariants(state)
        guard = 0
        while state.moving:
            acting = GAME.position(state).acting
            seat = rng.choice(acting)
            if simultaneous and rng.random() < 0.02:
                state = GAME.apply(state, Actor(seat), Insist()).state
            else:
                state = _step(state, seat, rng)
            _invariants(state)
            guard += 1
            assert guard < 2000
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_on_the_scenario_map_keeps_every_invariant(seed):
    state = _play("scenario", 4, 6, seed)
    assert state.turn == 7


def test_random_play_on_pelagos_with_everyone_moving_at_once():
    state = _play("pelagos", 6, 5, 11, simultaneous=True)
    assert sum(p.census for p in state.players) > 6


def test_random_play_on_oikumene_with_eighteen_players():
    state = _play("oikumene", 18, 2, 5)
    assert len(state.players) == 18
