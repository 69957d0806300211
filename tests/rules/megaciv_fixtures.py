"""Helpers for the Mega Civilization rules tests: the shipped data, the rules file's scenario map,
states in play and acting as a seat.

The scenario map (rules file): coastal A (limit 2), B (3, city site), C (1), D (2), G (2), H (2);
inland E (3) and F (2, city site). Land: A–B, B–C, A–E, E–F. Water: A~G~H~D~C along the coast;
open sea OS touches A, B and C. Seats: Red is Rome, Blue Babylon, Green Celt, Yellow Egypt (Celt
ranks above Babylon on the A.S.T.).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.base import Action, Actor, Result, Seat
from rules.frozen import FrozenDict
from rules.megaciv import GAME
from rules.megaciv.actions import (
    Adjust,
    Build,
    Declare,
    Expand,
    Insist,
    Maintain,
    Move,
    Sail,
    Scrap,
    StartMovement,
    TakeBack,
)
from rules.megaciv.board import Board
from rules.megaciv.state import MegaState, Ship, with_player

DATA = Path(__file__).resolve().parents[2] / "data" / "megaciv"
MAPS = DATA / "maps"
RED, BLUE, GREEN, YELLOW = range(4)
SEATS = (Seat(101, "ann", "red"), Seat(102, "bo", "blue"), Seat(103, "cy", "green"), Seat(104, "di", "yellow"))
HOST = 0


def part(name: str) -> Any:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def raw_map(name: str) -> dict[str, Any]:
    """A shipped map file's parsed JSON (a fresh copy each call)."""
    return json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))


def raw_board(name: str = "scenario") -> dict[str, Any]:
    """What the host passes to load_board: the map and the parts (fresh copies)."""
    game_map = scenario_map() if name == "scenario" else raw_map(name)
    return {"map": game_map, "civilizations": part("civilizations"), "advances": part("advances")}


_boards: dict[str, Board] = {}


def board(name: str = "scenario") -> Board:
    if name not in _boards:
        _boards[name] = GAME.load_board(raw_board(name), f"data/megaciv/maps/{name}.json")
    return _boards[name]


def _box(x: int, y: int, w: int = 100, h: int = 80) -> str:
    return f"{x},{y} {x + w},{y} {x + w},{y + h} {x},{y + h}"


def scenario_map() -> dict[str, Any]:
    """The rules file's scenario map as a map file's JSON."""
    def land(name: str, x: int, y: int, limit: int, coastal: bool = True, site: bool = False) -> dict[str, Any]:
        area: dict[str, Any] = {"name": name, "kind": "land", "region": "West" if x < 300 else "East",
                                "limit": limit, "city_site": site, "coastal": coastal, "label": [x + 50, y + 40],
                                "shape": _box(x, y)}
        if coastal:
            area["port"] = [x + 50, y + 90]
        return area

    return {
        "name": "scenario", "title": "Scenario Coast", "min_players": 2, "max_players": 4,
        "width": 700, "height": 400, "regions": ["West", "East"],
        "areas": [
            land("A", 0, 100, 2), land("B", 100, 100, 3, site=True), land("C", 200, 100, 1),
            land("E", 0, 0, 3, coastal=False), land("F", 100, 0, 2, coastal=False, site=True),
            land("G", 300, 100, 2), land("H", 400, 100, 2), land("D", 500, 100, 2),
            {"name": "OS", "kind": "sea", "region": "West", "label": [150, 300], "shape": _box(0, 250, 300, 100)},
        ],
        "land": [["A", "B"], ["B", "C"], ["A", "E"], ["E", "F"]],
        "water": [["A", "G"], ["G", "H"], ["H", "D"], ["D", "C"], ["OS", "A"], ["OS", "C"], ["OS", "B"]],
        "starts": [{"civ": "Rome", "areas": ["E"]}, {"civ": "Babylon", "areas": ["F"]},
                   {"civ": "Celt", "areas": ["G"]}, {"civ": "Egypt", "areas": ["H"]}],
    }


def new_game(players: int = 3, name: str = "scenario", **settings: Any) -> MegaState:
    return GAME.setup(board(name), list(SEATS[:players]), settings, seed=5)


def cleared(state: MegaState) -> MegaState:
    """Everyone's tokens back in stock (a blank board to set scenarios on)."""
    return replace(state, players=tuple(replace(p, tokens=FrozenDict(), stock=55 - p.treasury) for p in state.players))


def put(state: MegaState, seat: int, area: str, count: int) -> MegaState:
    """Set `seat`'s tokens in `area` to `count`, from or to stock."""
    p = state.players[seat]
    tokens = dict(p.tokens)
    change = count - tokens.get(area, 0)
    tokens[area] = count
    if not count:
        del tokens[area]
    return with_player(state, seat, replace(p, tokens=FrozenDict(tokens), stock=p.stock - change))


def cash(state: MegaState, seat: int, treasury: int) -> MegaState:
    p = state.players[seat]
    return with_player(state, seat, replace(p, treasury=treasury, stock=p.stock - (treasury - p.treasury)))


def hold(state: MegaState, seat: int, *advances: str) -> MegaState:
    p = state.players[seat]
    return with_player(state, seat, replace(p, advances=tuple(sorted({*p.advances, *advances},
                                                                    key=state.board.advance_order.__getitem__))))


def city(state: MegaState, seat: int, area: str) -> MegaState:
    p = state.players[seat]
    return with_player(state, seat, replace(p, cities=(*p.cities, area)))


def ship(state: MegaState, seat: int, number: int, area: str | None, **flags: bool) -> MegaState:
    p = state.players[seat]
    ships = list(p.ships)
    ships[number - 1] = Ship(area, **flags)
    return with_player(state, seat, replace(p, ships=tuple(ships)))


def moving(state: MegaState) -> MegaState:
    """Start a Movement phase (census order recomputed) as the host."""
    return GAME.apply(state, Actor(HOST, host=True), StartMovement()).state


def blank(players: int = 3, **settings: Any) -> MegaState:
    """The scenario map with nobody's tokens on it, before any Movement phase."""
    return cleared(new_game(players, **settings))


def act(state: MegaState, seat: int | None, action: Action, host: bool = False) -> Result[MegaState]:
    """Apply `action` as `seat`, checking the new state's invariants and its JSON round trip."""
    result = GAME.apply(state, Actor(seat, host), action)
    GAME.check(result.state)
    assert GAME.decode_state(json.loads(json.dumps(GAME.encode_state(result.state)))) == result.state
    return result


def first_to_move(state: MegaState, seat: int) -> MegaState:
    """The state with `seat` first in this phase's order (to act without playing the others)."""
    order = (seat, *[s for s in state.order if s != seat])
    return replace(state, order=order)


# --- random play (tests/support/random_play.py) ---------------------------------------------------------


def hostile_action(rng: random.Random, state: MegaState) -> tuple[int | None, Action]:
    """Anything at all, by anyone: areas where tokens stand are named often."""
    areas = sorted(state.board.areas)
    held = sorted({a for p in state.players for a in p.tokens})
    names = [*rng.sample(areas, min(4, len(areas))), *rng.sample(held, min(3, len(held))), "", "Atlantis", "x" * 50]
    seat = rng.choice([*range(len(state.seats)), None])
    kind = rng.choice(["move", "build", "maintain", "scrap", "sail", "takeback", "declare", "insist", "start",
                       "expand", "adjust", "adjust", "adjust"])
    number = rng.randint(-1, 5)
    if kind == "move":
        return seat, Move(rng.choice(names), rng.choice(names), rng.randint(-1, 6), rng.choice(["", *names]))
    if kind == "build":
        return seat, Build(rng.choice(names), rng.choice(["treasury", "mixed", "tokens", "gold"]),
                           tuple(rng.sample(names, rng.randint(0, 2))))
    if kind == "maintain":
        return seat, Maintain(number, rng.choice(["treasury", "token", "x"]), rng.choice(names))
    if kind == "scrap":
        return seat, Scrap(number)
    if kind == "sail":
        path = tuple(rng.choice(names) for _ in range(rng.randint(0, 3)))
        return seat, Sail(number, path, tuple(rng.randint(-1, 3) for _ in range(rng.randint(0, 4))),
                          tuple(rng.randint(-1, 3) for _ in range(rng.randint(0, 4))))
    if kind == "takeback":
        return seat, TakeBack(rng.randint(-1, 4))
    if kind == "declare":
        return seat, Declare()
    if kind == "insist":
        return seat, Insist()
    if kind == "start":
        return seat, StartMovement()
    if kind == "expand":
        return seat, Expand(tuple(rng.sample(names, rng.randint(0, 3))))
    what = rng.choice(["treasury", "tax", "tokens", "city", "advance", "ship", "barbarians", "pirate", "out_of_play",
                       "gold"])
    advance = rng.choice([a.name for a in state.board.advances.advances] + ["Flight"])
    return seat, Adjust(what, rng.randint(-1, 6), rng.choice([None, 0, 1, 9]), rng.choice(names), advance,
                        rng.randint(-1, 5))
