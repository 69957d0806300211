"""Positions for the legibility tests, played through each game's rules: a typical turn and the
most crowded positions the issue names (a crowded Vikings dock, Glory armies of every kind,
5-player Skye late in the game, 18 players on Mega Civilization's Oikumene)."""

from __future__ import annotations

import random

from rules.base import Action, Actor, Posted, Seat
from rules.glory import GAME as GLORY
from rules.glory.actions import Adjust as GloryAdjust
from rules.glory.actions import Maneuver
from rules.megaciv.state import MegaState
from rules.skye import GAME as SKYE
from rules.vikings import GAME as VIKINGS
from rules.vikings.actions import Adjust, PlaceBoat, Sail
from rules.vikings.state import VikingsState, occupant
from tests.render.test_glory_render import played
from tests.render.test_megaciv_render import big, six
from tests.rules.glory_fixtures import board as glory_board
from tests.rules.skye_fixtures import new_game as skye_game
from tests.rules.skye_fixtures import random_action
from tests.rules.vikings_fixtures import board as vikings_board

SEATS = (Seat(1, "ann", "red"), Seat(2, "bo", "blue"), Seat(3, "cy", "yellow"), Seat(4, "di", "green"),
         Seat(5, "ed", "purple"))
Played = tuple[object, Posted]  # a position and the posted view asked for after its last action


# --- Tiny Epic Vikings -------------------------------------------------------------------------


def vikings_placed(name: str) -> VikingsState:
    """Setup done through the rules: every clan placed its first boat (as many clans as the map
    takes)."""
    board = vikings_board(name)
    state = VIKINGS.setup(board, list(SEATS[:board.max_players]), {}, seed=7)
    docks = [d.name for d in board.docks]
    while state.placing:
        free = next(d for d in docks if occupant(state, d) is None)
        state = VIKINGS.apply(state, Actor(state.turn), PlaceBoat(free)).state
    return state


def vikings_crowded(name: str) -> Played:
    """Every boat of every clan out round one island (its docks full, its fjords crowded),
    settlers and temples on it, and a sail that just bumped a boat off one of its docks (set
    aside, waiting for its owner's choice of fjord)."""
    state = vikings_placed(name)
    board = state.board
    island = max(board.islands, key=lambda i: max(len(board.fjords_next_to(d)) for d in i.docks))
    target = max(island.docks, key=lambda d: len(board.fjords_next_to(d)))  # a bump there asks where to
    start = board.fjords_next_to(target)[0]
    held = occupant(state, target)
    if held is not None and held[0] == 0:  # the sailor's own boat there goes back to harbour first
        state = act(VIKINGS, state, 0, Adjust("boat", boat=held[1], space=""))
    if held is None or held[0] == 0:
        state = act(VIKINGS, state, 1, Adjust("boat", boat=2, space=target))
    state = act(VIKINGS, state, 0, Adjust("boat", boat=4, space=start))
    fjords = sorted({f for d in island.docks for f in board.fjords_next_to(d)})
    for seat in range(len(state.seats)):
        state = act(VIKINGS, state, seat, Adjust("food", 7))
        state = act(VIKINGS, state, seat, Adjust("steel", 7))
        state = act(VIKINGS, state, seat, Adjust("settlers", 2, island=island.name))
        state = act(VIKINGS, state, seat, Adjust("temples", 1, island=board.islands[-1].name))
        for boat in (2, 3, 4):
            if state.players[seat].boats[boat] is not None:
                continue
            free = [d for d in island.docks if occupant(state, d) is None]
            where = free[0] if free else fjords[(seat + boat) % len(fjords)]
            state = act(VIKINGS, state, seat, Adjust("boat", boat=boat, space=where))
    sail = Sail(4, (target,), 1)
    return act(VIKINGS, state, 0, sail), Posted(sail, 0)


# --- Glory of Civilizations --------------------------------------------------------------------


def glory_played(name: str = "five-kingdoms", players: int = 4, steps: int = 120, seed: int = 3) -> Played:
    """Some rounds in, through the rules (`test_glory_render.played`): armies spread out,
    provinces explored, relics and event cards out, the last maneuver on the map."""
    return played(name, players, steps, seed), Posted()


def glory_armies() -> Played:
    """A game just begun where each army holds four kinds of unit, several of each (crowded hexes;
    an army of five kinds or more wraps onto a second line)."""
    state = GLORY.setup(glory_board("five-kingdoms"), list(SEATS[:4]), {}, 18)
    units = [u.name for u in state.board.units if not u.packing][:4]
    for seat, player in enumerate(state.players):
        for hex_ in list(player.armies)[:2]:
            for n, unit in enumerate(units):
                count = state.players[seat].armies[hex_].units.get(unit, 0) + n % 3 + 1
                state = act(GLORY, state, 0, GloryAdjust("units", count, seat=seat, hex=hex_, unit=unit), host=True)
    return state, Posted()


def glory_exploring() -> Played:
    """A revealed tile waiting for its rotation."""
    state = GLORY.setup(glory_board("five-kingdoms"), list(SEATS[:3]), {}, 18)
    move = Maneuver("D3", "D4")
    return GLORY.apply(state, Actor(0), move).state, Posted(move, 0)


# --- Isle of Skye --------------------------------------------------------------------------------


def skye_until(players: int, seed: int, stage: str, late: bool = True, name: str = "standard") -> Played:
    """A game by scripted players through the rules until `stage` of its last round (or of its
    second, not `late`); the posted view after the last action."""
    rng = random.Random(seed)
    state = skye_game(players, seed, name)
    last = Posted()
    for _ in range(5000):
        wanted = state.rounds if late else 2
        if SKYE.ending(state) is not None or (state.round == wanted and state.stage == stage):
            break
        seat, action = random_action(rng, state)
        state, last = SKYE.apply(state, Actor(seat), action).state, Posted(action, seat)
    return state, last


def skye_over(players: int = 5, seed: int = 5) -> Played:
    rng = random.Random(seed)
    state = skye_game(players, seed)
    last = Posted()
    while SKYE.ending(state) is None:
        seat, action = random_action(rng, state)
        state, last = SKYE.apply(state, Actor(seat), action).state, Posted(action, seat)
    return state, last


# --- Mega Civilization ---------------------------------------------------------------------------


def megaciv_oikumene() -> MegaState:
    """Oikumene, 18 players, ~400 tokens in the middle of a Movement phase (benchmarks' scene)."""
    return big()


def megaciv_pelagos() -> MegaState:
    return six()


def act(game: object, state: object, seat: int | None, action: Action, host: bool = False):  # type: ignore[no-untyped-def]
    """`action` applied as `seat` (or the host), the new state checked."""
    result = game.apply(state, Actor(seat, host), action)  # type: ignore[attr-defined]
    game.check(result.state)  # type: ignore[attr-defined]
    return result.state

