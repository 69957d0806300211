"""Glory of Civilizations' cases for the shared tests (tests/games/__init__.py): random play with its
hostile picker (its piles hidden from every view), and its posted view read on every map, some
rounds in, with armies of every kind and while exploring."""

from __future__ import annotations

from functools import partial
from typing import Any

from render import glory
from rules.base import Actor, Posted
from rules.glory import GAME
from rules.glory.actions import Adjust, Maneuver
from rules.glory.state import HIDDEN
from tests.games import SEATS, ByTaps, Deadline, Played, RandomPlay, act
from tests.render.legibility import legible, whole
from tests.render.test_glory_render import played
from tests.rules import glory_fixtures
from tests.support.random_play import Player


def hides_its_piles(state: Any) -> None:
    for seat in (*range(len(state.seats)), None):
        seen = GAME.view(state, seat)
        assert seen.seed == 0
        assert all(x == HIDDEN for pile in (seen.province_deck, seen.relic_bag, seen.event_deck) for x in pile)


PLAYER = Player(GAME, glory_fixtures.hostile_action, watch=hides_its_piles)
RANDOM_PLAY = [
    RandomPlay(PLAYER, partial(glory_fixtures.new_game, "two-straits", 2, seed=4), 700,
               frozenset({"maneuver", "choose", "end", "pass", "adjust"}), 3),
    RandomPlay(PLAYER, partial(glory_fixtures.new_game, "five-kingdoms", 3, seed=5), 500,
               frozenset({"maneuver", "choose", "adjust"}), 4),
    RandomPlay(PLAYER, partial(glory_fixtures.new_game, "five-kingdoms", 4, seed=6), 500,
               frozenset({"maneuver", "choose", "adjust"}), 5),
]


def armies() -> Played:
    """A game just begun where each army holds four kinds of unit, several of each (crowded hexes;
    an army of five kinds or more wraps onto a second line)."""
    state = GAME.setup(glory_fixtures.board("five-kingdoms"), list(SEATS[:4]), {}, 18)
    units = [u.name for u in state.board.units if not u.packing][:4]
    for seat, player in enumerate(state.players):
        for hex_ in list(player.armies)[:2]:
            for n, unit in enumerate(units):
                count = state.players[seat].armies[hex_].units.get(unit, 0) + n % 3 + 1
                state = act(GAME, state, 0, Adjust("units", count, seat=seat, hex=hex_, unit=unit), host=True)
    return state, Posted()


def exploring() -> Played:
    """A revealed tile waiting for its rotation."""
    state = GAME.setup(glory_fixtures.board("five-kingdoms"), list(SEATS[:3]), {}, 18)
    move = Maneuver("D3", "D4")
    return GAME.apply(state, Actor(0), move).state, Posted(move, 0)


def reads_on(name: str) -> None:
    """Set up, and some rounds in (armies spread out, provinces explored, relics and event cards out,
    the last maneuver on the map)."""
    players = 2 if name == "two-straits" else 4
    state = GAME.setup(glory_fixtures.board(name), list(SEATS[:players]), {}, 7)
    legible(glory.compose, GAME.view(state, None), None, Posted())
    later = played(name, players, 60 if players == 2 else 120, 5 if players == 2 else 3)
    legible(glory.compose, GAME.view(later, None), None, Posted())
    whole(glory.compose, GAME.view(later, None), None)


def reads_armies_and_exploring() -> None:
    for state, posted in (armies(), exploring()):
        legible(glory.compose, GAME.view(state, None), None, posted)


LEGIBILITY = {**{f"every-map-{name}": partial(reads_on, name) for name in ("five-kingdoms", "two-straits")},
              "armies-of-every-kind-and-exploring": reads_armies_and_exploring}


BY_TAPS = ByTaps("five-kingdoms", 40, 200, lambda state: state.round > 1)  # to the end of a round
DEADLINE = Deadline(("@alice /game new game:glory board:five-kingdoms", "@carl /game join"), "passed for this round")
SECRET_LINES = False
QUIET_BOARDS = 7  # at most, quietly: a board a change of the map (passes and ends post none)
