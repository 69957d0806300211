"""Board files: `load_board` combines a map file with the part files (units, tiles, relics,
events) into a validated `Board`, or refuses it naming the file, the field and the fault
("data/glory/tiles.json: tiles[3].terrain[2]: 'lava' is not a terrain (plains, …)").
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from rules import hexes, serial
from rules.base import part_source
from rules.checks import NAME, NAME_RULE, Problems, unique_name
from rules.errors import InvalidData
from rules.glory.board import (
    SYMBOLS,
    TILE_TERRAINS,
    Board,
    EventCard,
    Relic,
    Tile,
    UnitType,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PARTS = ("units", "tiles", "relics", "events")
MIN_FIELD, MAX_FIELD = 5, 52
MAX_COUNT = 99
MAX_MOVEMENT = 9
MAX_RANGE = 9
UNIT_NAME = re.compile(r"[a-z][a-z -]{0,19}")
MAX_TEXT = 200


MapFile = serial.part_of(Board, PARTS, "MapFile")  # a map file's shape (`data/glory/maps/*.json`)


def load_board(raw: Any, source: str) -> Board:
    """Build and validate a board from `{"map": …, "units": …, "tiles": …, "relics": …,
    "events": …}`; `source` names the map file (parts are named with `part_source`)."""
    if not isinstance(raw, dict):
        raise InvalidData(f"{source}: expected the map and its parts")
    missing = [k for k in ("map", *PARTS) if k not in raw]
    if missing:
        name = source if missing[0] == "map" else part_source(source, missing[0])
        raise InvalidData(f"{name}: missing (a board needs its map and the parts {', '.join(PARTS)})")
    unknown = sorted(set(raw) - {"map", *PARTS})
    if unknown:
        raise InvalidData(f"{source}: unknown part {unknown[0]!r}")
    the_map = _load(MapFile, raw["map"], source, "map")
    parts: dict[str, Any] = {}
    for part, cls in (("units", UnitType), ("tiles", Tile), ("relics", Relic), ("events", EventCard)):
        parts[part] = _load(tuple[cls, ...], raw[part], part_source(source, part), part)  # type: ignore[valid-type]
    board = Board(**{f.name: getattr(the_map, f.name) for f in fields(the_map)}, **parts)
    validate(board, source)
    return board


def _load(tp: Any, data: Any, source: str, root: str) -> Any:
    """serial.load, with the root of the error's path replaced by the file's name."""
    try:
        return serial.load(tp, data, root)
    except InvalidData as error:
        rest = error.message[len(root):]
        if rest.startswith("."):
            raise InvalidData(f"{source}: {rest[1:]}") from None
        if rest.startswith("["):
            raise InvalidData(f"{source}: {root}{rest}") from None
        raise InvalidData(f"{source}{rest}") from None


def validate(board: Board, source: str) -> None:
    """Raise InvalidData (naming the file and the field) if the board breaks a rule of the format."""
    checks = (
        (source, _header), (source, _provinces), (part_source(source, "units"), _units),
        (part_source(source, "tiles"), _tiles), (part_source(source, "relics"), _relics),
        (part_source(source, "events"), _events), (source, _starts), (part_source(source, "tiles"), _enough_tiles),
        (part_source(source, "relics"), _enough_relics),
    )
    for where, check in checks:
        for field, problem in check(board):
            raise InvalidData(f"{where}: {field}: {problem}")


def _text(field: str, value: str, limit: int = MAX_TEXT) -> Problems:
    if not value.strip():
        yield field, "is empty"
    elif len(value) > limit:
        yield field, f"is longer than {limit} characters"


def _header(board: Board) -> Problems:
    if not NAME.fullmatch(board.name):
        yield "name", f"{board.name!r} {NAME_RULE}"
    yield from _text("title", board.title, 60)
    if board.min_players < MIN_PLAYERS:
        yield "min_players", f"{board.min_players} is below {MIN_PLAYERS}, the game's smallest table"
    if board.max_players > MAX_PLAYERS:
        yield "max_players", f"{board.max_players} is above {MAX_PLAYERS}, the game's largest table"
    if board.max_players < board.min_players:
        yield "max_players", f"{board.max_players} is below min_players {board.min_players}"
    for field in ("columns", "rows"):
        size = getattr(board, field)
        if not MIN_FIELD <= size <= MAX_FIELD:
            yield field, f"{size} must be between {MIN_FIELD} and {MAX_FIELD}"


def _provinces(board: Board) -> Problems:
    if not board.provinces:
        yield "provinces", "a map needs provinces"
        return
    owner: dict[hexes.Hex, int] = {}
    for p, province in enumerate(board.provinces):
        field = f"provinces[{p}]"
        for h in hexes.province(province.centre):
            column, row = hexes.to_offset(h)
            if not (1 <= column < board.columns - 1 and 1 <= row < board.rows - 1):
                where = "on the edge of" if _inside(board, h) else "outside"
                yield f"{field}.centre", (f"hex {list(h)} of the province is {where} the {board.columns}×{board.rows} "
                                          "field; the ocean must surround every province")
                return
            if h in owner:
                yield f"{field}.centre", f"the province overlaps provinces[{owner[h]}] at {list(h)}"
                return
            owner[h] = p
        if province.terrain or province.start is not None:
            if len(province.terrain) != hexes.PROVINCE_SIZE:
                yield f"{field}.terrain", f"{len(province.terrain)} terrains listed; an explored province has 7"
                return
            for i, terrain in enumerate(province.terrain):
                if terrain not in TILE_TERRAINS:
                    yield f"{field}.terrain[{i}]", f"{terrain!r} is not a terrain ({', '.join(TILE_TERRAINS)})"


def _inside(board: Board, h: hexes.Hex) -> bool:
    column, row = hexes.to_offset(h)
    return 0 <= column < board.columns and 0 <= row < board.rows


def _starts(board: Board) -> Problems:
    for p, province in enumerate(board.provinces):
        start = province.start
        if start is None:
            continue
        field = f"provinces[{p}].start"
        members = hexes.province(province.centre)
        for i, n in enumerate(start.players):
            if not board.min_players <= n <= board.max_players:
                yield f"{field}.players[{i}]", (f"{n} is outside the map's "
                                                f"{board.min_players}–{board.max_players} players")
            elif n in start.players[:i]:
                yield f"{field}.players[{i}]", f"{n} is listed twice"
        if not start.players:
            yield f"{field}.players", "list the player counts this start is used at"
        if start.capital not in members:
            yield f"{field}.capital", f"{list(start.capital)} is not in this province"
        elif province.terrain[members.index(start.capital)] == "sea":
            yield f"{field}.capital", f"{list(start.capital)} is a sea hex; the capital is a city on land"
        units = board.unit_types
        for i, placed in enumerate(start.units):
            where = f"{field}.units[{i}]"
            unit = units.get(placed.unit)
            if unit is None:
                yield f"{where}.unit", f"unknown unit {placed.unit!r} ({', '.join(units)})"
                continue
            if placed.at not in members:
                yield f"{where}.at", f"{list(placed.at)} is not in this province"
                continue
            if not 1 <= placed.count <= MAX_COUNT:
                yield f"{where}.count", f"{placed.count} must be between 1 and {MAX_COUNT}"
            terrain = province.terrain[members.index(placed.at)]
            if (unit.kind == "vessel") != (terrain == "sea"):
                yield f"{where}.at", f"a {unit.name} cannot start on {terrain} ({list(placed.at)})"
        if not start.units:
            yield f"{field}.units", "a starting province lists its starting units"
    for n in range(board.min_players, board.max_players + 1):
        used = board.starts(n)
        if len(used) != n:
            yield "provinces", f"{len(used)} starting provinces are used at {n} players; each seat needs exactly one"


def _units(board: Board) -> Problems:
    if not board.units:
        yield "units", "no unit types"
    seen: dict[str, int] = {}
    for i, unit in enumerate(board.units):
        field = f"units[{i}]"
        for attr in ("name", "plural"):
            word = getattr(unit, attr)
            if not UNIT_NAME.fullmatch(word):
                yield f"{field}.{attr}", f"{word!r} must be 1–20 lowercase letters"
            elif word in seen and not (attr == "plural" and seen[word] == i):
                yield f"{field}.{attr}", f"{word!r} already names units[{seen[word]}]"
            seen[word] = i
        if not 1 <= unit.movement <= MAX_MOVEMENT:
            yield f"{field}.movement", f"{unit.movement} must be between 1 and {MAX_MOVEMENT}"
        if unit.attack is not None and not 1 <= unit.attack.min <= unit.attack.max <= MAX_RANGE:
            yield f"{field}.attack", (f"range {unit.attack.min}–{unit.attack.max} must satisfy "
                                      f"1 ≤ min ≤ max ≤ {MAX_RANGE}")
        if unit.sea_cost is not None and (unit.kind != "land" or not 1 <= unit.sea_cost <= MAX_MOVEMENT):
            yield f"{field}.sea_cost", f"only land units enter sea hexes, for 1–{MAX_MOVEMENT} movement points"
        if unit.packing and unit.kind != "land":
            yield f"{field}.packing", "only land units pack"
        if len(unit.short) > 3:
            yield f"{field}.short", f"{unit.short!r} is longer than 3 letters"


def _tiles(board: Board) -> Problems:
    seen: set[str] = set()
    for i, tile in enumerate(board.tiles):
        field = f"tiles[{i}]"
        yield from unique_name(f"{field}.name", tile.name, seen, "tile")
        yield from _text(f"{field}.title", tile.title, 40)
        if len(tile.terrain) != hexes.PROVINCE_SIZE:
            yield f"{field}.terrain", (f"{len(tile.terrain)} terrains listed; a tile has 7 "
                                       "(centre, then N, NE, SE, S, SW, NW)")
        for j, terrain in enumerate(tile.terrain):
            if terrain not in TILE_TERRAINS:
                yield f"{field}.terrain[{j}]", f"{terrain!r} is not a tile terrain ({', '.join(TILE_TERRAINS)})"
        if tile.relic not in SYMBOLS:
            yield f"{field}.relic", f"{tile.relic!r} is not one of {', '.join(SYMBOLS)}"
        if not 0 <= tile.relic_at < hexes.PROVINCE_SIZE:
            yield f"{field}.relic_at", f"{tile.relic_at} must be 0 (centre) to 6"


def _relics(board: Board) -> Problems:
    seen: set[str] = set()
    for i, relic in enumerate(board.relics):
        yield from _text(f"relics[{i}].name", relic.name, 40)
        if relic.name in seen:
            yield f"relics[{i}].name", f"relic {relic.name!r} is listed twice"
        seen.add(relic.name)
        if len(relic.text) > MAX_TEXT:
            yield f"relics[{i}].text", f"is longer than {MAX_TEXT} characters"


def _events(board: Board) -> Problems:
    if not board.events:
        yield "events", "no event cards"
    seen: set[str] = set()
    for i, card in enumerate(board.events):
        field = f"events[{i}]"
        yield from unique_name(f"{field}.name", card.name, seen, "event")
        yield from _text(f"{field}.title", card.title, 40)
        yield from _text(f"{field}.text", card.text)


def _enough_tiles(board: Board) -> Problems:
    slots = max(len(board.face_down(n)) for n in range(board.min_players, board.max_players + 1))
    if len(board.tiles) < slots:
        yield "tiles", f"{len(board.tiles)} tiles for {slots} face-down provinces on {board.name}"


def _enough_relics(board: Board) -> Problems:
    if len(board.relics) < board.max_players + 1:
        yield "relics", (f"{len(board.relics)} relics; a game of {board.max_players} players "
                         f"uses {board.max_players + 1}")
