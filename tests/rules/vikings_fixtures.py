"""Helpers for the Tiny Epic Vikings rules tests: maps, states in play, acting as a seat."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.base import Action, Actor, Result, Seat
from rules.vikings import GAME
from rules.vikings.actions import (
    Adjust,
    AdvanceEra,
    Choose,
    Dedicate,
    EndTurn,
    PlaceBoat,
    ReturnSettlers,
    Sail,
)
from rules.vikings.adjust import ADJUSTERS
from rules.vikings.board import Board
from rules.vikings.state import DEDICATIONS, VikingsState, with_boat, with_player

MAPS = Path(__file__).resolve().parents[2] / "data" / "vikings" / "maps"
RED, BLUE, YELLOW, GREEN = range(4)
SEATS = (
    Seat(101, "ann", "red"),
    Seat(102, "bo", "blue"),
    Seat(103, "cy", "yellow"),
    Seat(104, "di", "green"),
)


def raw_map(name: str = "two-isles") -> dict[str, Any]:
    """A map file's parsed JSON (a fresh copy each call)."""
    return json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))


def board(name: str = "two-isles") -> Board:
    return GAME.load_board(raw_map(name), f"data/vikings/maps/{name}.json")


def in_play(players: int = 3, name: str = "two-isles", **settings: Any) -> VikingsState:
    """A state past setup with no boat out, Red on turn, plenty of food and steel for everyone."""
    state = GAME.setup(board(name), list(SEATS[:players]), settings, seed=7)
    state = replace(state, placing=False, turn=RED)
    return replace(state, players=tuple(replace(p, food=5, steel=5) for p in state.players))


def put(state: VikingsState, seat: int, boat: int, space: str | None) -> VikingsState:
    """The state with `seat`'s `boat` at `space` (None: in harbour)."""
    return with_boat(state, seat, boat, space)


def settle(state: VikingsState, seat: int, island: str, settlers: int = 0, temples: int = 0) -> VikingsState:
    """The state with settlers and temples moved from `seat`'s mat onto `island`."""
    player = state.players[seat]
    return with_player(state, seat, settlers=player.settlers.with_item(island, player.settlers[island] + settlers),
                       mat_settlers=player.mat_settlers - settlers, mat_temples=player.mat_temples - temples,
                       temples=player.temples.with_item(island, player.temples[island] + temples))


def act(state: VikingsState, seat: int | None, action: Action, host: bool = False) -> Result[VikingsState]:
    """Apply `action` as `seat`, checking the new state's invariants and that the input is untouched."""
    before = json.dumps(GAME.encode_state(state), sort_keys=True)
    result = GAME.apply(state, Actor(seat, host), action)
    GAME.check(result.state)
    assert json.dumps(GAME.encode_state(state), sort_keys=True) == before, "apply changed its input"
    return result


# --- random play (tests/support/random_play.py) -----------------------------------------------------------


def hostile_action(rng: random.Random, state: VikingsState) -> tuple[int | None, Action]:
    """Anything at all, by anyone."""
    seat = rng.choice([state.turn, state.turn, *range(len(state.seats)), None])
    return seat, _anything(rng, state)


def _anything(rng: random.Random, state: VikingsState) -> Action:
    names = [*state.board.kinds, "Z9", ""]
    kind = rng.choice(["place", "sail", "sail", "sail", "choose", "return", "dedicate", "end", "era", "adjust"])
    if kind == "place":
        return PlaceBoat(rng.choice(names))
    if kind == "sail":
        route = tuple(rng.choice(names) for _ in range(rng.randint(0, 4)))
        return Sail(boat=rng.randint(0, 5), route=route, strength=rng.randint(0, 4),
                    settlers=rng.randint(-1, 4), raid=rng.random() < 0.3)
    if kind == "choose":
        return Choose(rng.choice(names))
    if kind == "return":
        return ReturnSettlers(island=rng.choice(names), count=rng.randint(-1, 3))
    if kind == "dedicate":
        return Dedicate(rng.choice([*DEDICATIONS, *state.board.gods, "Loki"]))
    if kind == "end":
        return EndTurn()
    if kind == "era":
        return AdvanceEra()
    what = rng.choice([*ADJUSTERS, *ADJUSTERS, "gold"])
    islands = [i.name for i in state.board.islands]
    spaces = [*(d.name for d in state.board.docks), *(f.name for f in state.board.fjords)]
    return Adjust(what, value=rng.randint(-1, 8), seat=rng.choice([None, None, 0, 1, 5]),
                  island=rng.choice([*islands, *names[:2]]), boat=rng.randint(0, 5),
                  space=rng.choice([*spaces, ""]), god=rng.choice([*state.board.gods, "Loki"]))
