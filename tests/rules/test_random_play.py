"""Random play of every game (tests/support/random_play.py): actions chosen from the legal options
mixed with hostile ones, adjustments and decision answers, by players and the host; after every
accepted action the game's invariants hold, an option offered is accepted, a refused action changes
nothing, and `apply` never changes its input. Each game's own hidden things stay hidden from every
view on the way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.base import Seat
from rules.glory import GAME as GLORY
from rules.glory.state import HIDDEN
from rules.megaciv import GAME as MEGACIV
from rules.megaciv.draft import base, secret_drafts
from rules.skye import GAME as SKYE
from rules.vikings import GAME as VIKINGS
from tests.rules import glory_fixtures, megaciv_fixtures, skye_fixtures, vikings_fixtures
from tests.support.random_play import Player, play


def glory_hides_its_piles(state: Any) -> None:
    for seat in (*range(len(state.seats)), None):
        seen = GLORY.view(state, seat)
        assert seen.seed == 0
        assert all(x == HIDDEN for pile in (seen.province_deck, seen.relic_bag, seen.event_deck) for x in pile)


def megaciv_hides_drafts(state: Any) -> None:
    for seat in (*range(len(state.seats)), None):
        seen = MEGACIV.view(state, seat)
        MEGACIV.check(seen)
        for other, player in enumerate(state.players):
            if other != seat and secret_drafts(state) and not player.declared:
                assert seen.players[other] == base(player) and seen.players[other].steps == ()
            else:
                assert seen.players[other] == player


def skye_views_stay_valid(state: Any) -> None:
    for seat in (*range(len(state.seats)), None):
        seen = SKYE.view(state, seat)
        SKYE.position(seen)
        if seat is not None:
            assert all(p.pricing is None and p.plan is None for i, p in enumerate(seen.players) if i != seat)


PLAYERS = {
    "vikings": Player(VIKINGS, vikings_fixtures.hostile_action),
    "glory": Player(GLORY, glory_fixtures.hostile_action, watch=glory_hides_its_piles),
    "skye": Player(SKYE, skye_fixtures.hostile_action, watch=skye_views_stay_valid),
    "megaciv": Player(MEGACIV, megaciv_fixtures.hostile_action, watch=megaciv_hides_drafts),
}


def vikings_game(board: str, players: int, seed: int) -> Any:
    state = VIKINGS.setup(vikings_fixtures.board(board), list(vikings_fixtures.SEATS[:players]), {}, seed)
    for player in state.players:
        player.food = player.steel = 7
    return state


def megaciv_game(board: str, players: int, seed: int, **settings: Any) -> Any:
    seats = [Seat(100 + i, f"p{i}", c) for i, c in enumerate(MEGACIV.colours[:players])]
    return MEGACIV.setup(megaciv_fixtures.board(board), seats, settings, seed)


CASES = [
    ("vikings", lambda: vikings_game("ravnsund", 2, 1), 1500, {"place", "sail", "choose", "end", "adjust"}),
    ("vikings", lambda: vikings_game("nordhav", 4, 2), 1500, {"place", "sail", "choose", "end", "adjust"}),
    ("vikings", lambda: vikings_game("two-isles", 3, 3), 1200, {"place", "sail", "end", "adjust"}),
    ("glory", lambda: glory_fixtures.new_game("two-straits", 2, seed=4), 700,
     {"maneuver", "choose", "end", "pass", "adjust"}),
    ("glory", lambda: glory_fixtures.new_game("five-kingdoms", 3, seed=5), 500, {"maneuver", "choose", "adjust"}),
    ("glory", lambda: glory_fixtures.new_game("five-kingdoms", 4, seed=6), 500, {"maneuver", "choose", "adjust"}),
    ("skye", lambda: skye_fixtures.new_game(2, seed=3), 600, {"price", "buy", "place", "plan", "adjust"}),
    ("skye", lambda: skye_fixtures.new_game(3, seed=4, unbought="choose"), 600, {"price", "buy", "place", "adjust"}),
    ("skye", lambda: skye_fixtures.new_game(5, seed=5), 600, {"price", "buy", "adjust"}),
    ("megaciv", lambda: megaciv_game("scenario", 4, 1), 900, {"move", "declare", "expand", "start", "adjust"}),
    ("megaciv", lambda: megaciv_game("pelagos", 6, 2, simultaneous=True), 900,
     {"move", "declare", "start", "adjust", "insist"}),
    ("megaciv", lambda: megaciv_game("oikumene", 18, 3), 400, {"move", "declare", "start"}),
]


@pytest.mark.parametrize(("case", "game", "start", "steps", "kinds"), [(i, *c) for i, c in enumerate(CASES)],
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_random_play_keeps_every_invariant_and_refusals_change_nothing(case, game, start, steps, kinds):
    applied = play(PLAYERS[game], start, random.Random(case), steps)
    assert kinds <= set(applied), applied
