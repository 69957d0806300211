"""Mega Civilization positions for the drawing and command benchmarks and the render tests: the
18-player map with 18 players and about 400 tokens in the middle of a Movement phase (moves,
voyages, ships built and kept, cities, barbarians, a pirate city, an area out of play, conflict
situations and a city attack), played through the rules alone."""

from __future__ import annotations

import json
import random

from benchmarks.megaciv_rules import DATA, HOST, _moves, opening, random_move
from rules.base import Actor, Seat
from rules.errors import PlayerError
from rules.megaciv import GAME, queries
from rules.megaciv.actions import Adjust, Build, Sail, StartMovement
from rules.megaciv.board import COLOURS, Board
from rules.megaciv.state import MegaState

__all__ = ["busy", "draft", "pelagos", "small", "troubles"]


def _set(state: MegaState, action: Adjust) -> MegaState:
    return GAME.apply(state, HOST, action).state


def troubles(state: MegaState, rng: random.Random) -> MegaState:
    """Cities for a third of the players, conflict situations between neighbours in seat order, a
    city attack that can succeed, barbarians, a pirate city and an area out of play."""
    board = state.board
    seats = len(state.players)
    for seat in range(0, seats, 3):
        home = max(state.players[seat].tokens, key=lambda a: (board.areas[a].city_site, a))
        state = _set(state, Adjust("city", 1, seat=seat, area=home))
    for seat in range(1, seats, 4):  # a neighbour's tokens in someone's area: over its limit
        other = (seat + 1) % seats
        target = max(state.players[other].tokens, key=state.players[other].tokens.__getitem__)
        state = _set(state, Adjust("tokens", 3, seat=seat, area=target))
    attacker, defender = 4 % seats, 3 % seats
    town = state.players[defender].cities[0]
    state = _set(state, Adjust("tokens", 7, seat=attacker, area=town))
    free = [a for a in board.land_areas if board.areas[a].limit and not any(a in p.tokens for p in state.players)]
    rng.shuffle(free)
    state = _set(state, Adjust("barbarians", 4, area=free[0]))
    state = _set(state, Adjust("pirate", 1, area=free[1]))
    state = _set(state, Adjust("out_of_play", 1, area=free[2]))
    return state


def draft(state: MegaState, seat: int, rng: random.Random, steps: int = 4) -> MegaState:
    """A few legal steps of the seat's draft (moves, a build, a voyage), not declared."""
    made = 0
    for _ in range(40):
        if made >= steps:
            break
        p = state.players[seat]
        action = None
        ready = [s for s in queries.ships(state, seat) if queries.ship_reach(state, seat, s.number)]
        coastal = [a for a in p.tokens if state.board.areas[a].coastal]
        if made == 1 and coastal and any(s.area is None for s in p.ships) and p.treasury >= 2:
            action = Build(coastal[0])
        elif made == 2 and ready:
            info = ready[0]
            reach = queries.ship_reach(state, seat, info.number)
            land = sorted(a for a in reach if state.board.areas[a].kind == "land")
            if land:
                end = rng.choice(land)
                free = p.unmoved(info.area) if state.board.areas[info.area].kind == "land" else 0
                action = Sail(info.number, reach[end], (min(free, 3), *[0] * len(reach[end])))
        if action is None:
            action = random_move(state, seat, rng)
        if action is None:
            continue
        try:
            state = GAME.apply(state, Actor(seat), action).state
            made += 1
        except PlayerError:
            continue
    return state


def busy(seed: int = 1, declared: int = 10) -> MegaState:
    """Oikumene, 18 players, ~400 tokens: the Movement phase under way, `declared` players done
    (their moves and voyages drawn), the next one with a draft of a few steps."""
    rng = random.Random(seed)
    state = troubles(opening(seed), rng)
    state = GAME.apply(state, HOST, StartMovement()).state
    times: list[tuple[float, float]] = []
    for _ in range(declared):
        state = _moves(state, GAME.position(state).acting[0], rng, times)
    return draft(state, GAME.position(state).acting[0], rng)


def pelagos() -> Board:
    raw = {"map": json.loads((DATA / "maps" / "pelagos.json").read_text(encoding="utf-8")),
           "civilizations": json.loads((DATA / "civilizations.json").read_text(encoding="utf-8")),
           "advances": json.loads((DATA / "advances.json").read_text(encoding="utf-8"))}
    return GAME.load_board(raw, "data/megaciv/maps/pelagos.json")


def small(players: int = 6, seed: int = 3) -> MegaState:
    """Pelagos with six players in a Movement phase: tokens spread, half of them declared, the next
    one drafting."""
    board = pelagos()
    seats = [Seat(1000 + i, f"player{i + 1}", c) for i, c in enumerate(COLOURS[:players])]
    state = GAME.setup(board, seats, {}, seed)
    rng = random.Random(seed)
    for seat in range(players):
        start = next(iter(state.players[seat].tokens))
        for area in [start, *sorted(board.land_next[start])][:3]:
            state = _set(state, Adjust("tokens", rng.randint(2, 5), seat=seat, area=area))
        state = _set(state, Adjust("treasury", 6, seat=seat))
        state = _set(state, Adjust("advance", 1, seat=seat, name="Roadbuilding"))
    state = troubles(state, rng)
    state = GAME.apply(state, HOST, StartMovement()).state
    times: list[tuple[float, float]] = []
    for _ in range(players // 2):
        state = _moves(state, GAME.position(state).acting[0], rng, times)
    return draft(state, GAME.position(state).acting[0], rng)
