"""Rules: a sail checked and applied plus the boat's reachable spaces, on the largest shipped map;
and the games played through the rules alone that the Vikings benchmarks draw and time."""

from __future__ import annotations

import random
import time

from benchmarks.figures import Figure, ms, percentile
from benchmarks.vikings_workload import WORKLOAD, largest_board
from rules.base import Actor, Seat
from rules.vikings import reach
from rules.vikings.actions import Adjust, Choose, EndTurn, PlaceBoat, Sail
from rules.vikings.state import VikingsState
from waypost.registry import GameEntry

NAME = "vikings-rules"


def opening(entry: GameEntry) -> VikingsState:
    """The largest map with all its seats: boats 1–3 of everyone out, food and steel to spend."""
    rules, board = entry.rules, largest_board(entry)
    seats = [Seat(i + 1, f"player{i + 1}", c) for i, c in enumerate(rules.colours[:board.info.max_players])]
    state = rules.setup(board.model, seats, rules.default_settings(), seed=1)
    docks = [d.name for d in board.model.docks]
    fjords = [f.name for f in board.model.fjords]
    for seat in reversed(range(len(seats))):
        state = rules.apply(state, Actor(seat), PlaceBoat(docks[seat * 2])).state
    host = Actor(0, host=True)
    for seat in range(len(seats)):
        for action in (Adjust("boat", seat=seat, boat=2, space=fjords[seat * 2]),
                       Adjust("boat", seat=seat, boat=3, space=docks[seat * 2 + 1]),
                       Adjust("food", 7, seat), Adjust("steel", 3, seat)):
            state = rules.apply(state, host, action).state
    return state


def timed_sail(entry: GameEntry, state: VikingsState, rng: random.Random) -> tuple[VikingsState, float]:
    """One sail by the player on turn (a random boat, strength and reachable end, settlers if fed):
    the new state and the seconds spent finding the reachable spaces and applying the sail. A boat
    the last sail bumped is moved first (its owner answers before anything else happens), untimed."""
    state = answered(entry, state)
    seat = state.turn
    boats = [b for b, space in state.players[seat].boats.items() if space is not None]
    boat, strength = rng.choice(boats), rng.randint(1, 3)
    started = time.perf_counter()
    ends = reach(state, seat, boat, strength)
    end = rng.choice(sorted(ends))
    docked = state.board.kind(end) == "dock"
    settlers = min(strength, state.players[seat].food, state.players[seat].mat_settlers) if docked else 0
    result = entry.rules.apply(state, Actor(seat), Sail(boat, ends[end], strength, settlers))
    return result.state, time.perf_counter() - started


def answered(entry: GameEntry, state: VikingsState) -> VikingsState:
    """Every waiting bump answered with its first fjord."""
    for bump in list(state.pending):
        state = entry.rules.apply(state, Actor(bump.seat), Choose(bump.options[0])).state
    return state


def next_turn(entry: GameEntry, state: VikingsState) -> VikingsState:
    """Answer every waiting bump with its first fjord, give the player food again, end the turn."""
    rules = entry.rules
    state = answered(entry, state)
    seat = state.turn
    if state.players[seat].food < 3:
        state = rules.apply(state, Actor(seat), Adjust("food", 7)).state
    return rules.apply(state, Actor(seat), EndTurn()).state


def midgame(entry: GameEntry, turns: int = 24, seed: int = 1) -> VikingsState:
    """A game some turns in: boats spread out, settlers on islands, runes taken, a last sail."""
    rng = random.Random(seed)
    state = opening(entry)
    for _ in range(turns):
        for _ in range(2):
            state, _ = timed_sail(entry, state, rng)
        state = next_turn(entry, state)
    state, _ = timed_sail(entry, state, rng)
    return state


def run(quick: bool) -> list[Figure]:
    """Players take turns of two sails each (a random boat, strength and reachable end) and every
    sail is timed: `reachable` for the boat, then `apply` of the sail (every check, the move, bumps,
    deploying, control)."""
    entry, rng = WORKLOAD.entry, random.Random(7)
    state, times = opening(entry), []
    while len(times) < (300 if quick else 5000):
        for _ in range(2):
            state, seconds = timed_sail(entry, state, rng)
            times.append(seconds)
        state = next_turn(entry, state)
    where = f"sail + reachable on {largest_board(entry).info.name}"
    return [Figure(f"{NAME}: {where}, p50", ms(percentile(times, 50)), "ms"),
            Figure(f"{NAME}: {where}, p99", ms(percentile(times, 99)), "ms", 1.0)]
