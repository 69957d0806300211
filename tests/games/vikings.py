"""Tiny Epic Vikings' cases for the shared tests (tests/games/__init__.py): random play with its
hostile picker, and its posted view read on every map and with a crowded dock."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from render import vikings
from rules.base import Actor, Posted
from rules.vikings import GAME
from rules.vikings.actions import Adjust, PlaceBoat, Sail
from rules.vikings.state import VikingsState, occupant
from tests.games import SEATS, ByTaps, Deadline, Played, RandomPlay, act
from tests.render.legibility import legible, whole
from tests.rules import vikings_fixtures
from tests.support.random_play import Player

PLAYER = Player(GAME, vikings_fixtures.hostile_action)


def game(board: str, players: int, seed: int) -> Any:
    state = GAME.setup(vikings_fixtures.board(board), list(vikings_fixtures.SEATS[:players]), {}, seed)
    return replace(state, players=tuple(replace(p, food=7, steel=7) for p in state.players))


RANDOM_PLAY = [
    RandomPlay(PLAYER, partial(game, "ravnsund", 2, 1), 1500, frozenset({"place", "sail", "choose", "end", "adjust"}),
               0),
    RandomPlay(PLAYER, partial(game, "nordhav", 4, 2), 1500, frozenset({"place", "sail", "choose", "end", "adjust"}),
               1),
    RandomPlay(PLAYER, partial(game, "two-isles", 3, 3), 1200, frozenset({"place", "sail", "end", "adjust"}), 2),
]


def placed(name: str) -> VikingsState:
    """Setup done through the rules: every clan placed its first boat (as many clans as the map
    takes)."""
    board = vikings_fixtures.board(name)
    state = GAME.setup(board, list(SEATS[:board.max_players]), {}, seed=7)
    docks = [d.name for d in board.docks]
    while state.placing:
        free = next(d for d in docks if occupant(state, d) is None)
        state = GAME.apply(state, Actor(state.turn), PlaceBoat(free)).state
    return state


def crowded(name: str) -> Played:
    """Every boat of every clan out round one island (its docks full, its fjords crowded),
    settlers and temples on it, and a sail that just bumped a boat off one of its docks (set
    aside, waiting for its owner's choice of fjord)."""
    state = placed(name)
    board = state.board
    island = max(board.islands, key=lambda i: max(len(board.fjords_next_to(d)) for d in i.docks))
    target = max(island.docks, key=lambda d: len(board.fjords_next_to(d)))  # a bump there asks where to
    start = board.fjords_next_to(target)[0]
    held = occupant(state, target)
    if held is not None and held[0] == 0:  # the sailor's own boat there goes back to harbour first
        state = act(GAME, state, 0, Adjust("boat", boat=held[1], space=""))
    if held is None or held[0] == 0:
        state = act(GAME, state, 1, Adjust("boat", boat=2, space=target))
    state = act(GAME, state, 0, Adjust("boat", boat=4, space=start))
    fjords = sorted({f for d in island.docks for f in board.fjords_next_to(d)})
    for seat in range(len(state.seats)):
        state = act(GAME, state, seat, Adjust("food", 7))
        state = act(GAME, state, seat, Adjust("steel", 7))
        state = act(GAME, state, seat, Adjust("settlers", 2, island=island.name))
        state = act(GAME, state, seat, Adjust("temples", 1, island=board.islands[-1].name))
        for boat in (2, 3, 4):
            if state.players[seat].boats[boat] is not None:
                continue
            free = [d for d in island.docks if occupant(state, d) is None]
            where = free[0] if free else fjords[(seat + boat) % len(fjords)]
            state = act(GAME, state, seat, Adjust("boat", boat=boat, space=where))
    sail = Sail(4, (target,), 1)
    return act(GAME, state, 0, sail), Posted(sail, 0)


def reads_placed(name: str) -> None:
    legible(vikings.compose, placed(name), None, Posted())


def reads_crowded(name: str) -> None:
    state, posted = crowded(name)
    assert state.last_sail is not None and sum(b is not None for p in state.players for b in p.boats.values()) > 6
    if name != "two-isles":  # its docks each touch one fjord: a bumped boat goes there at once
        assert state.pending, "a boat was bumped and waits aside"
    image, found = legible(vikings.compose, state, None, posted)
    assert image.width == 1100
    whole(vikings.compose, state, None)


MAPS = sorted(p.stem for p in vikings_fixtures.MAPS.glob("*.json"))
LEGIBILITY = {**{f"every-map-{name}": partial(reads_placed, name) for name in MAPS},
              **{f"crowded-dock-{name}": partial(reads_crowded, name) for name in MAPS}}


BY_TAPS = ByTaps("nordhav", 60, 200, lambda state: state.era > 1)  # into its second era: no end kept
DEADLINE = Deadline(("@alice /game new game:vikings board:ravnsund",), "placed")
SECRET_LINES = False
QUIET_BOARDS = 6  # at most, quietly: a board a change of the map
