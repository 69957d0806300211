"""Boards read at Discord's preview size (issue 20): every game's posted view, on every shipped map
and on the most crowded positions, scaled to 550 px wide, shows its text at 10 px or more, no two
texts overlapping, none cut at an edge or shortened; the whole boards cut and shorten none either.
The text is what the renderers report drawing (`render.text.labels`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from render import glory, megaciv, skye, vikings
from render.text import Label
from rules.base import Posted
from rules.glory import GAME as GLORY
from rules.megaciv import GAME as MEGACIV
from rules.skye import GAME as SKYE
from tests.render import crowded
from tests.render.legibility import drawn, problems
from tests.rules.glory_fixtures import board as glory_board
from tests.rules.skye_fixtures import new_game as skye_game
from tests.rules.vikings_fixtures import MAPS as VIKINGS_MAPS

VIKINGS_BOARDS = sorted(p.stem for p in VIKINGS_MAPS.glob("*.json"))
GLORY_BOARDS = ("five-kingdoms", "two-straits")
SKYE_BOARDS = ("first-game", "journeyman", "standard")


def legible(compose: Callable[..., Image.Image], *args: object) -> tuple[Image.Image, tuple[Label, ...]]:
    image, found = drawn(compose, *args)
    assert not problems(image, found), problems(image, found)
    assert len(found) > 20  # the record is there: a board says a lot
    return image, found


def whole(compose: Callable[..., Image.Image], *args: object) -> None:
    """The whole board (read when opened): nothing cut at an edge or shortened."""
    image, found = drawn(compose, *args)
    found_problems = problems(image, found, small=False)
    assert not found_problems.get("cut short") and not found_problems.get("cut at the edge"), found_problems


# --- Tiny Epic Vikings --------------------------------------------------------------------------


@pytest.mark.parametrize("name", VIKINGS_BOARDS)
def test_vikings_posted_view_reads_at_550_px_on_every_map(name):
    legible(vikings.compose, crowded.vikings_placed(name), None, Posted())


@pytest.mark.parametrize("name", VIKINGS_BOARDS)
def test_vikings_posted_view_reads_with_a_crowded_dock(name):
    state, posted = crowded.vikings_crowded(name)
    assert state.last_sail is not None and sum(b is not None for p in state.players for b in p.boats.values()) > 6
    if name != "two-isles":  # its docks each touch one fjord: a bumped boat goes there at once
        assert state.pending, "a boat was bumped and waits aside"
    image, found = legible(vikings.compose, state, None, posted)
    assert image.width == 1100
    whole(vikings.compose, state, None)


# --- Glory of Civilizations ---------------------------------------------------------------------


@pytest.mark.parametrize("name", GLORY_BOARDS)
def test_glory_posted_view_reads_at_550_px_on_every_map(name):
    players = 2 if name == "two-straits" else 4
    state = GLORY.setup(glory_board(name), list(crowded.SEATS[:players]), {}, 7)
    legible(glory.compose, GLORY.view(state, None), None, Posted())
    played, posted = crowded.glory_played(name, players, 60 if players == 2 else 120, 5 if players == 2 else 3)
    legible(glory.compose, GLORY.view(played, None), None, posted)
    whole(glory.compose, GLORY.view(played, None), None)


def test_glory_posted_view_reads_with_armies_of_every_kind_and_while_exploring():
    for state, posted in (crowded.glory_armies(), crowded.glory_exploring()):
        legible(glory.compose, GLORY.view(state, None), None, posted)


# --- Isle of Skye --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SKYE_BOARDS)
def test_skye_posted_view_reads_at_550_px_on_every_board(name):
    state = skye_game(3, 6, name)
    legible(skye.compose, SKYE.view(state, None), None, None, Posted())


@pytest.mark.parametrize("stage", ["buy", "place"])
def test_skye_posted_view_reads_with_five_players_late_in_the_game(stage):
    state, posted = crowded.skye_until(5, 3, stage)
    assert state.round == state.rounds and state.stage == stage
    legible(skye.compose, SKYE.view(state, None), None, None, posted)
    whole(skye.compose, SKYE.view(state, None), None)


def test_skye_posted_view_reads_at_the_end_and_on_a_players_own_board():
    state, posted = crowded.skye_over()
    legible(skye.compose, SKYE.view(state, None), None, None, posted)
    early, _ = crowded.skye_until(4, 8, "place", late=False)
    legible(skye.compose, SKYE.view(early, 2), 2, None, Posted())


# --- Mega Civilization ---------------------------------------------------------------------------


def test_megaciv_posted_view_reads_with_18_players_on_oikumene():
    state = crowded.megaciv_oikumene()
    assert len(state.players) == 18 and state.board.map.name == "oikumene"
    public = MEGACIV.view(state, None)
    legible(megaciv.compose, public, None, None, None, True, Posted())
    mover = MEGACIV.position(state).acting[0]
    own = MEGACIV.view(state, mover)
    legible(megaciv.compose, own, mover, None, None, True, Posted())  # their own draft, around their pieces
    whole(megaciv.compose, public, None)


def test_megaciv_posted_view_reads_on_pelagos():
    state = crowded.megaciv_pelagos()
    assert state.board.map.name == "pelagos"
    public = MEGACIV.view(state, None)
    legible(megaciv.compose, public, None, None, None, True, Posted())
    whole(megaciv.compose, public, None)
