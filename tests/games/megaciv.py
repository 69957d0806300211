"""Mega Civilization's cases for the shared tests (tests/games/__init__.py): random play with its
hostile picker (drafts hidden until declared), and its posted view read with 18 players on
Oikumene (the public view and a mover's own draft) and on Pelagos."""

from __future__ import annotations

from functools import partial
from typing import Any

from render import megaciv
from rules.base import Posted, Seat
from rules.megaciv import GAME
from rules.megaciv.draft import base, secret_drafts
from tests.games import ByTaps, Deadline, RandomPlay
from tests.render.legibility import legible, whole
from tests.render.test_megaciv_render import big, six
from tests.rules import megaciv_fixtures
from tests.support.random_play import Player


def hides_drafts(state: Any) -> None:
    for seat in (*range(len(state.seats)), None):
        seen = GAME.view(state, seat)
        GAME.check(seen)
        for other, player in enumerate(state.players):
            if other != seat and secret_drafts(state) and not player.declared:
                assert seen.players[other] == base(player) and seen.players[other].steps == ()
            else:
                assert seen.players[other] == player


def game(board: str, players: int, seed: int, **settings: Any) -> Any:
    seats = [Seat(100 + i, f"p{i}", c) for i, c in enumerate(GAME.colours[:players])]
    return GAME.setup(megaciv_fixtures.board(board), seats, settings, seed)


PLAYER = Player(GAME, megaciv_fixtures.hostile_action, watch=hides_drafts)
RANDOM_PLAY = [
    RandomPlay(PLAYER, partial(game, "scenario", 4, 1), 900,
               frozenset({"move", "declare", "expand", "start", "adjust"}), 9),
    RandomPlay(PLAYER, partial(game, "pelagos", 6, 2, simultaneous=True), 900,
               frozenset({"move", "declare", "start", "adjust", "insist"}), 10),
    RandomPlay(PLAYER, partial(game, "oikumene", 18, 3), 400, frozenset({"move", "declare", "start"}), 11),
]


def reads_on_oikumene() -> None:
    """18 players, ~400 tokens in the middle of a Movement phase (the benchmarks' scene)."""
    state = big()
    assert len(state.players) == 18 and state.board.map.name == "oikumene"
    public = GAME.view(state, None)
    legible(megaciv.compose, public, None, None, None, True, Posted())
    mover = GAME.position(state).acting[0]
    own = GAME.view(state, mover)
    legible(megaciv.compose, own, mover, None, None, True, Posted())  # their own draft, around their pieces
    whole(megaciv.compose, public, None)


def reads_on_pelagos() -> None:
    state = six()
    assert state.board.map.name == "pelagos"
    public = GAME.view(state, None)
    legible(megaciv.compose, public, None, None, None, True, Posted())
    whole(megaciv.compose, public, None)


LEGIBILITY = {"18-players-on-oikumene": reads_on_oikumene, "pelagos": reads_on_pelagos}


BY_TAPS = ByTaps("pelagos", 20, 200, lambda state: state.turn > 1)  # to the end of a Movement phase
DEADLINE = Deadline(("@alice /game new game:megaciv",), "declared their movement ended", ("@alice /megaciv start",))
SECRET_LINES = True  # drafts
QUIET_BOARDS = 7  # at most, quietly: a board a declaration; one for the six expansions
