"""Map files: `load_board` turns parsed JSON into a validated `Board`, or refuses it with the file,
the field and what is wrong ("x.json: islands[2].docks[0]: dock 'B1' is listed on two islands").
"""

from __future__ import annotations

from typing import Any

from rules import serial
from rules.checks import NAME, NAME_RULE, Problems
from rules.errors import InvalidData
from rules.text import article
from rules.vikings.board import Board, Dock, Fjord, Island

MIN_PLAYERS, MAX_PLAYERS = 2, 4
GODS_PER_MAP = 3
MAX_CANVAS = 4000
TITLE_LIMIT = 40
_ROOT = "map"


def load_board(raw: Any, source: str) -> Board:
    """Build and validate a board from a map file's parsed JSON; `source` names the file."""
    try:
        board = serial.load(Board, raw, _ROOT)
    except InvalidData as error:
        rest = error.message[len(_ROOT):]
        raise InvalidData(f"{source}: {rest[1:]}" if rest.startswith(".") else f"{source}{rest}") from None
    validate(board, source)
    return board


def validate(board: Board, source: str) -> None:
    """Raise InvalidData (naming `source` and the field) if the board breaks a map rule."""
    for check in (_header, _coordinates, _names, _islands, _edges, _ferries, _connected):
        for field, problem in check(board):
            raise InvalidData(f"{source}: {field}: {problem}")




def _header(board: Board) -> Problems:
    if not NAME.fullmatch(board.name):
        yield "name", f"{board.name!r} {NAME_RULE}"
    if not board.title.strip():
        yield "title", "is empty"
    if len(board.title) > TITLE_LIMIT:
        yield "title", f"is {len(board.title)} characters long; at most {TITLE_LIMIT}"
    if board.min_players < MIN_PLAYERS:
        yield "min_players", f"{board.min_players} is below {MIN_PLAYERS}, the game's smallest table"
    if board.max_players > MAX_PLAYERS:
        yield "max_players", f"{board.max_players} is above {MAX_PLAYERS}, the game's largest table"
    if board.max_players < board.min_players:
        yield "max_players", f"{board.max_players} is below min_players {board.min_players}"
    for field in ("width", "height"):
        size = getattr(board, field)
        if not 1 <= size <= MAX_CANVAS:
            yield field, f"{size} must be between 1 and {MAX_CANVAS}"
    if not board.islands:
        yield "islands", "a map needs at least one island"
    if len(board.gods) != GODS_PER_MAP:
        yield "gods", f"{len(board.gods)} gods listed; a map has exactly {GODS_PER_MAP}"
    for i, god in enumerate(board.gods):
        if not god.strip() or len(god) > TITLE_LIMIT:
            yield f"gods[{i}]", f"must be 1–{TITLE_LIMIT} characters"
        elif god in board.gods[:i]:
            yield f"gods[{i}]", f"god {god!r} is listed twice"


def _coordinates(board: Board) -> Problems:
    def outside(field: str, x: int, y: int) -> Problems:
        if not 0 <= x <= board.width:
            yield f"{field}.x", f"{x} is outside the map (0–{board.width})"
        if not 0 <= y <= board.height:
            yield f"{field}.y", f"{y} is outside the map (0–{board.height})"

    for i, island in enumerate(board.islands):
        yield from outside(f"islands[{i}]", island.x, island.y)
        if island.radius < 1:
            yield f"islands[{i}].radius", f"{island.radius} must be positive"
        if island.outline and len(island.outline) < 3:
            yield f"islands[{i}].outline", "an outline needs at least 3 points"
        for j, (x, y) in enumerate(island.outline):
            yield from outside(f"islands[{i}].outline[{j}]", x, y)
    points: tuple[tuple[str, tuple[Dock | Fjord, ...]], ...] = (("docks", board.docks), ("fjords", board.fjords))
    for group, spaces in points:
        for i, space in enumerate(spaces):
            yield from outside(f"{group}[{i}]", space.x, space.y)


def _names(board: Board) -> Problems:
    """Names are unique whatever their case (players type any case), and none reads like a boat
    (the board draws a boat's number alone in its marker)."""
    seen: dict[str, str] = {}
    groups: tuple[tuple[str, tuple[Island | Dock | Fjord, ...]], ...] = (
        ("islands", board.islands), ("docks", board.docks), ("fjords", board.fjords))
    for group, spaces in groups:
        for i, space in enumerate(spaces):
            field = f"{group}[{i}].name"
            folded = space.name.casefold()
            if not NAME.fullmatch(space.name):
                yield field, f"{space.name!r} {NAME_RULE}"
            elif folded in seen:
                yield field, f"{space.name!r} is already the name of {seen[folded]} (names ignore case)"
            elif space.name.isdigit():
                yield field, f"{space.name!r} is only digits, as the board draws a boat's number"
            seen[folded] = f"{group}[{i}]"


def _islands(board: Board) -> Problems:
    owner: dict[str, str] = {}
    for i, island in enumerate(board.islands):
        if not island.title.strip():
            yield f"islands[{i}].title", "is empty"
        if len(island.title) > TITLE_LIMIT:
            yield f"islands[{i}].title", f"is {len(island.title)} characters long; at most {TITLE_LIMIT}"
        if island.god not in board.gods:
            yield f"islands[{i}].god", f"{island.god!r} is not one of the map's gods ({', '.join(board.gods)})"
        if not island.docks:
            yield f"islands[{i}].docks", "an island needs at least one dock"
        for j, dock in enumerate(island.docks):
            field = f"islands[{i}].docks[{j}]"
            kind = board.kind(dock)
            if kind is None:
                yield field, f"unknown dock {dock!r}"
            elif kind != "dock":
                yield field, f"{dock!r} is {article(kind)}, not a dock"
            elif dock in owner:
                again = "twice on this island" if owner[dock] == island.name else "on two islands"
                yield field, f"dock {dock!r} is listed {again}"
            owner[dock] = island.name
    for i, listed in enumerate(board.docks):
        if listed.name not in owner:
            yield f"docks[{i}]", f"dock {listed.name!r} is on no island"


def _edges(board: Board) -> Problems:
    seen: set[frozenset[str]] = set()
    for i, (a, b) in enumerate(board.edges):
        field = f"edges[{i}]"
        kinds = [board.kind(a), board.kind(b)]
        for name, kind in zip((a, b), kinds, strict=True):
            if kind is None:
                yield field, f"unknown space {name!r}"
            elif kind == "island":
                yield field, f"{name!r} is an island; edges join water spaces (docks and fjords)"
        if a == b:
            yield field, f"{a!r} is joined to itself"
        elif kinds == ["dock", "dock"]:
            yield field, f"{a!r}–{b!r} joins two docks; an edge joins a dock to a fjord or two fjords"
        elif frozenset((a, b)) in seen:
            yield field, f"{a!r}–{b!r} is listed twice"
        seen.add(frozenset((a, b)))


def _ferries(board: Board) -> Problems:
    seen: set[frozenset[str]] = set()
    for i, (a, b) in enumerate(board.ferries):
        field = f"ferries[{i}]"
        for name in (a, b):
            if board.kind(name) != "dock":
                yield field, f"{name!r} is not a dock; ferry routes join docks"
                return
        if board.island_of(a) == board.island_of(b):
            yield field, f"{a!r} and {b!r} are on the same island; ferry routes join two islands"
        elif frozenset((a, b)) in seen:
            yield field, f"{a!r}–{b!r} is listed twice"
        seen.add(frozenset((a, b)))


def _connected(board: Board) -> Problems:
    water = [("docks", i, d.name, "dock") for i, d in enumerate(board.docks)]
    water += [("fjords", i, f.name, "fjord") for i, f in enumerate(board.fjords)]
    for group, i, name, kind in water:
        if not board.neighbours[name]:
            yield f"{group}[{i}]", f"{kind} {name!r} has no edges"
    if not water:
        return
    start = water[0][2]
    reached, frontier = {start}, {start}
    while frontier:
        frontier = {n for here in frontier for n in board.neighbours[here]} - reached
        reached |= frontier
    for group, i, name, kind in water:
        if name not in reached:
            yield f"{group}[{i}]", f"{kind} {name!r} cannot be reached by water from {start!r}"
