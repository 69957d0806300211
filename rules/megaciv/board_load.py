"""Board files: `load_board` turns a map file and the shared parts into a validated `Board`, or
refuses them naming the file, the field and the fault
("data/megaciv/maps/x.json: areas[12].limit: -1 is below 0").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rules import serial
from rules.base import part_source
from rules.errors import InvalidData
from rules.megaciv.board import COLOURS, AdvanceBook, Board, Civilization, MapData, fold

MIN_PLAYERS, MAX_PLAYERS = 2, 18
MAX_CANVAS = 8000
MAX_LIMIT = 9
MAX_AREAS = 2000
NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9'-]{0,22}[A-Za-z])?")  # never ends in a digit: "Name-2" reads as a count
MAP_NAME = re.compile(r"[A-Za-z0-9_-]{1,20}")
RGB = re.compile(r"#[0-9a-fA-F]{6}")
PARTS = ("civilizations", "advances")

Problems = Iterator[tuple[str, str]]


def load_board(raw: Any, source: str) -> Board:
    """Build and validate a board from `{"map": …, "civilizations": …, "advances": …}`; `source`
    names the map file (the parts are named beside it)."""
    if not isinstance(raw, dict):
        raise InvalidData(f"{source}: expected an object with the map and its parts")
    missing = [k for k in ("map", *PARTS) if k not in raw]
    if missing:
        raise InvalidData(f"{part_source(source, missing[0]) if missing[0] != 'map' else source}: missing")
    unknown = sorted(set(raw) - {"map", *PARTS})
    if unknown:
        raise InvalidData(f"{source}: unknown part {unknown[0]!r}")
    game_map = _typed(MapData, raw["map"], source)
    civs = _typed(tuple[Civilization, ...], raw["civilizations"], part_source(source, "civilizations"),
                  "civilizations")
    book = _typed(AdvanceBook, raw["advances"], part_source(source, "advances"))
    board = Board(game_map, civs, book)
    validate(board, source)
    return board


def _typed(tp: Any, data: Any, source: str, root: str = "") -> Any:
    """serial.load with the error's path rewritten to "file: field"."""
    mark = "\x00"
    try:
        return serial.load(tp, data, mark + root)
    except InvalidData as error:
        rest = error.message.split(mark, 1)[-1]
        rest = rest[1:] if rest.startswith(".") else rest
        raise InvalidData(f"{source}: {rest}" if rest and not rest.startswith(":") else f"{source}{rest}") from None


def validate(board: Board, source: str) -> None:
    """Raise InvalidData (naming the file and the field) if the board breaks a rule of the format."""
    checks = (
        (source, _header), (source, _areas), (source, _adjacency), (source, _starts),
        (part_source(source, "civilizations"), _civilizations), (part_source(source, "advances"), _advances),
    )
    for where, check in checks:
        for field, problem in check(board):
            raise InvalidData(f"{where}: {field}: {problem}")


def _header(board: Board) -> Problems:
    m = board.map
    if not MAP_NAME.fullmatch(m.name):
        yield "name", f"{m.name[:40]!r} must be 1–20 letters, digits, '-' or '_'"
    if not m.title.strip():
        yield "title", "is empty"
    if m.min_players < MIN_PLAYERS:
        yield "min_players", f"{m.min_players} is below {MIN_PLAYERS}, the game's smallest table"
    if m.max_players > MAX_PLAYERS:
        yield "max_players", f"{m.max_players} is above {MAX_PLAYERS}, the game's largest table"
    if m.max_players < m.min_players:
        yield "max_players", f"{m.max_players} is below min_players {m.min_players}"
    for field in ("width", "height"):
        size = getattr(m, field)
        if not 1 <= size <= MAX_CANVAS:
            yield field, f"{size} must be between 1 and {MAX_CANVAS}"
    if not m.regions:
        yield "regions", "a map needs at least one region"
    for i, region in enumerate(m.regions):
        if not region.strip() or len(region) > 40:
            yield f"regions[{i}]", "a region is named with 1–40 characters"
        elif region in m.regions[:i]:
            yield f"regions[{i}]", f"region {region!r} is listed twice"
    if not any(a.kind == "land" for a in m.areas):
        yield "areas", "a map needs at least one land area"
    if len(m.areas) > MAX_AREAS:
        yield "areas", f"{len(m.areas)} areas; a map has at most {MAX_AREAS}"


def _areas(board: Board) -> Problems:
    m = board.map
    seen: dict[str, int] = {}
    for i, area in enumerate(m.areas):
        where = f"areas[{i}]"
        if not NAME.fullmatch(area.name):
            yield f"{where}.name", (f"{area.name[:40]!r} must be 1–24 letters, digits, apostrophes or hyphens, "
                                    "starting with a letter or digit and ending with a letter")
        elif fold(area.name) in seen:
            yield f"{where}.name", f"{area.name!r} is already the name of areas[{seen[fold(area.name)]}] (names are "
            "compared in any case, ignoring hyphens)"
        seen.setdefault(fold(area.name), i)
        if area.region not in m.regions:
            yield f"{where}.region", f"{area.region[:40]!r} is not one of the map's regions"
        if not 0 <= area.limit <= MAX_LIMIT:
            yield f"{where}.limit", f"{area.limit} is outside 0–{MAX_LIMIT}"
        if area.kind == "sea":
            for flag in ("city_site", "coastal"):
                if getattr(area, flag):
                    yield f"{where}.{flag}", "an open-sea area is water only; it cannot have this"
            if area.limit:
                yield f"{where}.limit", "an open-sea area holds no tokens; its limit is 0"
        if area.city_site and area.limit == 0:
            yield f"{where}.city_site", "a city site needs a population limit above 0"
        if area.kind == "land" and area.coastal and area.port is None:
            yield f"{where}.port", "a coastal area needs a port (where its ships are drawn)"
        if area.kind == "land" and not area.coastal and area.port is not None:
            yield f"{where}.port", "only coastal areas have a port"
        if len(area.shape) > 20000 or len(area.points) < 3:
            yield f"{where}.shape", "a polygon needs at least 3 corners written \"x,y x,y …\" in whole numbers"
        points = [*area.points, area.label, *([area.port] if area.port else [])]
        for x, y in points:
            if not (0 <= x <= m.width and 0 <= y <= m.height):
                yield where, f"point ({x}, {y}) is outside the map (0–{m.width}, 0–{m.height})"
                break


def _adjacency(board: Board) -> Problems:
    areas = board.areas
    for group in ("land", "water"):
        seen: set[frozenset[str]] = set()
        for i, (a, b) in enumerate(getattr(board.map, group)):
            where = f"{group}[{i}]"
            unknown = [n for n in (a, b) if n not in areas]
            if unknown:
                yield where, f"unknown area {unknown[0][:40]!r}"
                continue
            if a == b:
                yield where, f"{a!r} is joined to itself"
            elif frozenset((a, b)) in seen:
                yield where, f"{a!r}–{b!r} is listed twice"
            seen.add(frozenset((a, b)))
            for name in (a, b):
                area = areas[name]
                if group == "land" and area.kind != "land":
                    yield where, f"{name!r} is open sea; land adjacency joins land areas"
                if group == "water" and area.kind == "land" and not area.coastal:
                    yield where, f"{name!r} is not coastal; water adjacency joins coastal areas and open seas"
    for i, area in enumerate(board.map.areas):
        if board.has_water(area.name) and not board.water_next[area.name]:
            yield f"areas[{i}]", f"{area.name!r} has water but no water adjacency"


def _starts(board: Board) -> Problems:
    used: dict[str, str] = {}
    for i, start in enumerate(board.map.starts):
        where = f"starts[{i}]"
        if start.civ not in board.civ_by_name:
            yield f"{where}.civ", f"{start.civ[:40]!r} is not a civilization of civilizations.json"
        elif start.civ in [s.civ for s in board.map.starts[:i]]:
            yield f"{where}.civ", f"{start.civ!r} has two entries"
        if not start.areas:
            yield f"{where}.areas", "a civilization needs at least one start area"
        for j, name in enumerate(start.areas):
            area = board.areas.get(name)
            if area is None:
                yield f"{where}.areas[{j}]", f"unknown area {name[:40]!r}"
            elif area.kind != "land" or area.limit == 0 or area.out_of_play:
                yield f"{where}.areas[{j}]", f"{name!r} must be a land area in play with a limit above 0"
            elif name in used:
                yield f"{where}.areas[{j}]", f"{name!r} is already a start area of {used[name]}"
            used[name] = start.civ
    if len(board.start_areas) < board.map.max_players:
        yield "starts", (f"{len(board.start_areas)} civilizations have start areas; a map for "
                         f"{board.map.max_players} players needs at least {board.map.max_players}")


def _civilizations(board: Board) -> Problems:
    civs = board.civilizations
    if len(civs) != len(COLOURS):
        yield "civilizations", f"{len(civs)} civilizations; there must be {len(COLOURS)}, one per seat colour"
    for i, civ in enumerate(civs):
        where = f"civilizations[{i}]"
        if not NAME.fullmatch(civ.name):
            yield f"{where}.name", f"{civ.name[:40]!r} must be 1–24 letters"
        elif civ.name in [c.name for c in civs[:i]]:
            yield f"{where}.name", f"{civ.name!r} is listed twice"
        if civ.colour not in COLOURS:
            yield f"{where}.colour", f"{civ.colour[:40]!r} is not a seat colour ({', '.join(COLOURS)})"
        elif civ.colour in [c.colour for c in civs[:i]]:
            yield f"{where}.colour", f"{civ.colour!r} already picks another civilization"
        if civ.ast not in range(1, len(civs) + 1):
            yield f"{where}.ast", f"{civ.ast} is outside 1–{len(civs)}"
        elif civ.ast in [c.ast for c in civs[:i]]:
            yield f"{where}.ast", f"rank {civ.ast} is given twice"
        for field in ("rgb", "ink"):
            if not RGB.fullmatch(getattr(civ, field)):
                yield f"{where}.{field}", f"{getattr(civ, field)[:20]!r} is not a colour like '#a1b2c3'"
        if not 1 <= len(civ.mark) <= 2 or not civ.mark.strip():
            yield f"{where}.mark", "a mark is 1 or 2 characters"
        elif civ.mark in [c.mark for c in civs[:i]]:
            yield f"{where}.mark", f"{civ.mark!r} already marks another civilization"


def _advances(board: Board) -> Problems:
    base = board.advances.base
    for name, low, high in (("land_steps", 1, 3), ("ship_steps", 1, 12), ("ship_capacity", 1, 20),
                            ("ships_per_turn", 1, 4), ("ship_cost", 1, 9), ("upkeep", 0, 9),
                            ("city_attack", 1, 55), ("city_site_tokens", 1, 55), ("wilderness_tokens", 1, 55)):
        value = getattr(base, name)
        if not low <= value <= high:
            yield f"base.{name}", f"{value} is outside {low}–{high}"
    for i, advance in enumerate(board.advances.advances):
        where = f"advances[{i}]"
        if not advance.name.strip() or len(advance.name) > 40:
            yield f"{where}.name", "an advance is named with 1–40 characters"
        elif fold(advance.name) in [fold(a.name) for a in board.advances.advances[:i]]:
            yield f"{where}.name", f"{advance.name!r} is listed twice"
        e = advance.effects
        for name, high in (("land_steps", 3), ("ship_steps", 12), ("ship_capacity", 20),
                           ("attack_bonus", 5), ("defence_bonus", 5)):
            if not 0 <= getattr(e, name) <= high:
                yield f"{where}.effects.{name}", f"{getattr(e, name)} is outside 0–{high}"
