"""Random play on the shipped maps: legal actions picked through the queries mixed with hostile
garbage; every step keeps the invariants, round-trips through JSON and leaks no hidden order.
A recorded game replays to the same state."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rules.base import Action, Actor
from rules.errors import PlayerError
from rules.glory import GAME, queries
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver, Pass
from rules.glory.adjust import ADJUSTERS
from rules.glory.state import HIDDEN, GloryState
from tests.rules.glory_fixtures import new_game


def sensible(rng: random.Random, state: GloryState) -> tuple[int, Action] | None:
    """A likely-legal action of whoever is awaited, chosen through the queries on their view."""
    if state.exploring is not None:
        seat = state.exploring.plan.seat
        return seat, Choose(rng.choice(queries.rotations(GAME.view(state, seat))))
    seat = state.turn
    seen = GAME.view(state, seat)
    armies = queries.armies(seen, seat)
    if not armies or queries.can_maneuver(seen, seat) or rng.random() < 0.15:
        return seat, (Pass() if queries.may_pass(seen, seat) and rng.random() < 0.6 else EndTurn())
    at, army = rng.choice(armies)
    group = {u: rng.randint(1, n) for u, n in army.units.items() if rng.random() < 0.7} or None
    march = rng.random() < 0.2
    pack = "pack" if any(seen.board.unit_types[u].packing for u in army.units) and rng.random() < 0.5 else ""
    ends = queries.reach(seen, seat, at, group, march=march, pack=pack)
    if not ends:
        return seat, EndTurn()
    to, route = rng.choice(sorted(ends.items()))
    drops: tuple = ()
    pickups: tuple = ()
    moved = group or army.units
    if len(route.route) > 1 and rng.random() < 0.3:
        middle = route.route[0]
        unit = rng.choice(sorted(moved))
        if sum(moved.values()) > 1:
            drops = ((middle, unit, 1),)
        mine = dict(queries.pickup_sources(seen, seat, at))
        if middle in mine and rng.random() < 0.5:
            pick = rng.choice(sorted(mine[middle].units))
            pickups = ((middle, pick, 1),)
    path = route.route if rng.random() < 0.5 else ()
    units = tuple(sorted(group.items())) if group else ()
    return seat, Maneuver(at, to, units=units, path=path, drops=drops, pickups=pickups, march=march, pack=pack)


def garbage(rng: random.Random, state: GloryState) -> Action:
    names = [*rng.sample(state.board.names, 6), "Z99", "", "3,-1", "x" * 45]
    kind = rng.choice(["maneuver", "maneuver", "choose", "pass", "end", "adjust", "adjust"])
    if kind == "maneuver":
        unit = rng.choice([u.name for u in state.board.units] + ["dragon"])
        return Maneuver(rng.choice(names), rng.choice(names), units=((unit, rng.randint(-1, 4)),) * rng.randint(0, 2),
                        path=tuple(rng.choice(names) for _ in range(rng.randint(0, 3))),
                        drops=((rng.choice(names), unit, rng.randint(0, 2)),) * rng.randint(0, 1),
                        march=rng.random() < 0.5, pack=rng.choice(["", "pack", "unpack", "fold"]))
    if kind == "choose":
        return Choose(rng.choice(["1", "4", "6", "7", "", "one"]))
    if kind == "pass":
        return Pass()
    if kind == "end":
        return EndTurn()
    relics = [r.name for r in state.board.relics]
    return Adjust(rng.choice([*ADJUSTERS, "gold"]), value=rng.randint(-1, 5), seat=rng.choice([None, 0, 1, 7]),
                  hex=rng.choice(names), unit=rng.choice(["archer", "trebuchet", "galley", "x"]),
                  name=rng.choice([*relics, "city", "castle", "", "E01"]))


def assert_no_leak(state: GloryState) -> None:
    for seat in (*range(len(state.seats)), None):
        data = GAME.encode_state(GAME.view(state, seat))
        assert data["seed"] == 0
        for pile in ("province_deck", "relic_bag", "event_deck"):
            assert all(x == HIDDEN for x in data[pile])


@pytest.mark.parametrize(("name", "players", "steps"), [("two-straits", 2, 700), ("five-kingdoms", 3, 500),
                                                        ("five-kingdoms", 4, 500)])
def test_random_play_keeps_invariants_round_trips_and_hides_the_piles(name, players, steps):
    rng = random.Random(f"{name}{players}")
    state = new_game(name, players, seed=rng.randint(1, 10**6))
    applied: Counter[str] = Counter()
    for step in range(steps):
        choice = sensible(rng, state) if rng.random() < 0.75 else None
        if choice is None:
            choice = (rng.choice([state.turn, *range(players), None]), garbage(rng, state))
        seat, action = choice
        try:
            result = GAME.apply(state, Actor(seat, host=rng.random() < 0.2), action)
        except PlayerError:
            continue
        applied[action.kind] += 1
        state = result.state
        GAME.check(state)
        assert GAME.decode_state(json.loads(json.dumps(GAME.encode_state(state)))) == state
        if step % 25 == 0:
            assert_no_leak(state)
    assert min(applied[k] for k in ("maneuver", "choose", "end", "pass", "adjust")) > 0, applied
    assert state.round > 1 and state.explored


def play_recorded(seed: int, moves: int) -> tuple[list[tuple[int, bool, dict]], GloryState]:
    rng = random.Random(seed)
    state = new_game("five-kingdoms", 3, seed=seed)
    log = []
    while len(log) < moves:
        seat, action = sensible(rng, state) or (state.turn, EndTurn())
        try:
            state = GAME.apply(state, Actor(seat), action).state
        except PlayerError:
            continue
        log.append((seat, False, GAME.encode_action(action)))
    return log, state


def replay(log: list[tuple[int, bool, dict]], seed: int) -> GloryState:
    state = new_game("five-kingdoms", 3, seed=seed)
    for seat, host, encoded in log:
        state = GAME.apply(state, Actor(seat, host), GAME.decode_action(json.loads(json.dumps(encoded)))).state
    return state


def test_a_recorded_game_replays_to_the_same_state():
    log, played = play_recorded(21, 120)
    assert any(entry[2]["kind"] == "choose" for entry in log)
    first, second = replay(log, 21), replay(log, 21)
    assert GAME.encode_state(first) == GAME.encode_state(second) == GAME.encode_state(played)
    assert GAME.decode_state(GAME.encode_state(first)) == first
