"""Helpers for the Glory of Civilizations rules tests: shipped boards, a scenario board whose
terrain the test chooses, placing units and cities, acting as a seat.

The scenario board is an 18×14 ocean field tiled with explored plains provinces (all on the
7-hex lattice), two starting provinces in its corners and, on request, face-down provinces.
Tests speak in the rules file's axial coordinates relative to an origin in the middle: `at(0, 0)`
is the hex named "H7".
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules import hexes
from rules.base import Action, Actor, Result, Seat
from rules.frozen import FrozenDict
from rules.glory import GAME
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver, Pass
from rules.glory.adjust import ADJUSTERS
from rules.glory.board import Board
from rules.glory.state import Army, GloryState, Structure, with_player

DATA = Path(__file__).resolve().parents[2] / "data" / "glory"
MAPS = DATA / "maps"
RED, BLUE, YELLOW, GREEN = range(4)
SEATS = (Seat(101, "ann", "red"), Seat(102, "bo", "blue"), Seat(103, "cy", "yellow"), Seat(104, "di", "green"))
ORIGIN = hexes.read_hex("H7")
assert ORIGIN is not None
COLUMNS, ROWS = 18, 14


def parts() -> dict[str, Any]:
    """The shipped part files, parsed (fresh copies)."""
    return {p: json.loads((DATA / f"{p}.json").read_text(encoding="utf-8")) for p in GAME.parts}


def raw_map(name: str) -> dict[str, Any]:
    return json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))


def board(name: str = "two-straits") -> Board:
    return GAME.load_board({"map": raw_map(name), **parts()}, f"data/glory/maps/{name}.json")


def new_game(name: str = "two-straits", players: int = 2, seed: int = 7, **settings: Any) -> GloryState:
    return GAME.setup(board(name), list(SEATS[:players]), settings, seed)


def at(q: int, r: int) -> str:
    """The name of the hex at axial (q, r) relative to the scenario origin."""
    return hexes.hex_name((ORIGIN[0] + q, ORIGIN[1] + r))


def _lattice() -> list[hexes.Hex]:
    centres = []
    for column in range(COLUMNS):
        for row in range(ROWS):
            c = hexes.from_offset(column, row)
            inside = all(1 <= hexes.to_offset(h)[0] < COLUMNS - 1 and 1 <= hexes.to_offset(h)[1] < ROWS - 1
                         for h in hexes.province(c))
            if (3 * (c[0] - ORIGIN[0]) + (c[1] - ORIGIN[1])) % 7 == 0 and inside:
                centres.append(c)
    return centres


def scenario_raw(terrain: dict[tuple[int, int], str] | None = None, down: Iterable[tuple[int, int]] = (),
                 players: int = 2, ocean: Iterable[tuple[int, int]] = ()) -> dict[str, Any]:
    """The scenario board's map JSON: plains everywhere but `terrain` (relative hex → terrain);
    the provinces holding a hex of `down` start face down; those holding a hex of `ocean` are
    left out (ocean)."""
    terrain = {(ORIGIN[0] + q, ORIGIN[1] + r): t for (q, r), t in (terrain or {}).items()}
    hidden = {(ORIGIN[0] + q, ORIGIN[1] + r) for q, r in down}
    wet = {(ORIGIN[0] + q, ORIGIN[1] + r) for q, r in ocean}
    centres = _lattice()
    starts = [centres[0], centres[-1], centres[1], centres[-2]][:players]
    provinces = []
    for c in centres:
        members = hexes.province(c)
        cells = [terrain.get(h, "plains") for h in members]
        if wet & set(members):
            continue
        if c in starts:
            units = [{"at": list(c), "unit": "peasant", "count": 1}]
            provinces.append({"centre": list(c), "terrain": cells,
                              "start": {"players": [players], "capital": list(c), "units": units}})
        elif hidden & set(members):
            provinces.append({"centre": list(c)})
        else:
            provinces.append({"centre": list(c), "terrain": cells})
    return {"name": "scenario", "title": "Scenario", "min_players": players, "max_players": players,
            "columns": COLUMNS, "rows": ROWS, "provinces": provinces}


def scenario(terrain: dict[tuple[int, int], str] | None = None, down: Iterable[tuple[int, int]] = (),
             players: int = 2, ocean: Iterable[tuple[int, int]] = (), **settings: Any) -> GloryState:
    """A state on the scenario board with no units and no cities: Red on turn, round 1."""
    raw = {"map": scenario_raw(terrain, down, players, ocean), **parts()}
    state = GAME.setup(GAME.load_board(raw, "scenario.json"), list(SEATS[:players]), settings, seed=3)
    players = tuple(replace(player, armies=FrozenDict()) for player in state.players)
    return replace(state, players=players, structures=FrozenDict())


def put(state: GloryState, seat: int, where: str, cubes: int = 0, packed: dict[str, int] | None = None,
        **units: int) -> GloryState:
    """The state with `seat`'s army on hex `where` (replacing any)."""
    army = Army(FrozenDict(units), FrozenDict(packed or {}), cubes)
    return with_player(state, seat, armies=state.players[seat].armies.with_item(where, army))


def city(state: GloryState, seat: int, where: str, kind: str = "city") -> GloryState:
    return replace(state, structures=state.structures.with_item(where, Structure(kind, seat)))  # type: ignore[arg-type]


def units(state: GloryState, seat: int, where: str) -> dict[str, int] | None:
    army = state.players[seat].armies.get(where)
    return None if army is None else army.units


def cubes(state: GloryState, seat: int, where: str) -> int | None:
    army = state.players[seat].armies.get(where)
    return None if army is None else army.cubes


def deck_top(state: GloryState, *tiles: str) -> GloryState:
    """The state with `tiles` on top of the province deck, in order."""
    rest = [t for t in state.province_deck if t not in tiles]
    return replace(state, province_deck=(*tiles, *rest))


def act(state: GloryState, seat: int | None, action: Action, host: bool = False) -> Result[GloryState]:
    """Apply `action` as `seat`, checking the new state's invariants and that the input is untouched."""
    before = json.dumps(GAME.encode_state(state), sort_keys=True)
    result = GAME.apply(state, Actor(seat, host), action)
    assert json.dumps(GAME.encode_state(state), sort_keys=True) == before, "apply changed its input"
    GAME.check(result.state)
    return result


# --- random play (tests/support/random_play.py) -----------------------------------------------------------


def hostile_action(rng: random.Random, state: GloryState) -> tuple[Actor | int | None, Action]:
    """Anything at all, by anyone: the hexes where armies stand and their neighbours are named often,
    so adjustments and maneuvers hit them; while a tile waits for its rotation, the host adjusts the
    exploring army."""
    pending = state.exploring
    if pending is not None and rng.random() < 0.5:
        plan = pending.plan
        where = rng.choice([plan.start, *plan.path, *(s.hex for s in plan.stops)])
        unit = rng.choice([*plan.group, *(u.name for u in state.board.units)])
        what = rng.choice(["units", "units", "packed", "depletion", "structure", "voting"])
        return Actor(rng.choice([plan.seat, state.turn]), host=True), Adjust(
            what, value=rng.randint(0, 2), seat=rng.choice([None, plan.seat, 1 - plan.seat]), hex=where, unit=unit,
            name=rng.choice(["city", "castle", ""]))
    occupied = sorted({at for p in state.players for at in p.armies})
    near = [state.board.names[j] for at in occupied for j in state.board.nbrs[state.board.index[at]]]
    names = [*rng.sample(state.board.names, 4), *rng.sample(occupied, min(3, len(occupied))),
             *rng.sample(near, min(3, len(near))), "Z99", "", "3,-1", "x" * 45]
    kind = rng.choice(["maneuver", "maneuver", "choose", "pass", "end", "adjust", "adjust", "adjust"])
    seat = rng.choice([state.turn, *range(len(state.seats)), None])
    unit = rng.choice([u.name for u in state.board.units] + ["dragon"])
    if kind == "maneuver":
        return seat, Maneuver(rng.choice(names), rng.choice(names),
                              units=((unit, rng.randint(-1, 4)),) * rng.randint(0, 2),
                              path=tuple(rng.choice(names) for _ in range(rng.randint(0, 3))),
                              drops=((rng.choice(names), unit, rng.randint(0, 2)),) * rng.randint(0, 1),
                              march=rng.random() < 0.5, pack=rng.choice(["", "pack", "unpack", "fold"]))
    if kind == "choose":
        return seat, Choose(rng.choice(["1", "4", "6", "7", "", "one"]))
    if kind == "pass":
        return seat, Pass()
    if kind == "end":
        return seat, EndTurn()
    relics = [r.name for r in state.board.relics]
    return seat, Adjust(rng.choice([*ADJUSTERS, "gold"]), value=rng.randint(-1, 5), seat=rng.choice([None, 0, 1, 7]),
                        hex=rng.choice(names), unit=rng.choice([unit, unit, "x"]),
                        name=rng.choice([*relics, "city", "castle", "capital", "", "E01"]))
