"""Setup files and shared parts: `load_board` turns `{"map": …, "tiles": …, "progress": …,
"scoring": …}` into a validated `SkyeBoard`, or refuses it naming the file, the field and the fault
("data/skye/tiles.json: landscapes[3].zones[1].edges: edge 'n' is in two zones").
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rules import serial
from rules.base import part_source
from rules.checks import NAME, NAME_RULE, Problems, unique_name
from rules.errors import InvalidData
from rules.skye.model import (
    EDGES,
    FEATURES,
    SLOTS,
    TERRAINS,
    TRACKS,
    Progress,
    Scoring,
    SkyeBoard,
    Tile,
    TileSet,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
COLOURS = ("red", "blue", "yellow", "green", "purple")
PARTS = ("tiles", "progress", "scoring")
FEATURE_MAX = 4
NEEDS = (
    *FEATURES, "castle", "scroll", "north", "south", "east", "west",
    "distance:2", "distance:3", "distance:4",
    "completed:pasture", "completed:water", "completed:mountain", "completed:mountain+water",
)
EFFECTS = ("marker", "advance", "roads", "movement", "gold", "no_axe", "bank_pays", "two_buys")
LASTING = ("movement", "no_axe", "bank_pays", "two_buys")  # effects of tiles kept in front of you
SCORING_KINDS = {  # kind: the parameters it uses
    "journeyman_distance": (),
    "broch_lines": (),
    "matching_rows": (),
    "bridges": (),
    "connected_feature": ("feature",),
    "completed_areas": ("terrain",),
    "long_lines": ("count",),
    "feature_count": ("feature",),
    "largest_area": ("terrain",),
    "feature_in_completed": ("feature", "terrain"),
    "adjacent": ("feature", "other"),
    "blocks": (),
    "road_network": (),
}
# where a feature may be printed: the terrain of a zone the tile must have
FEATURE_TERRAIN = {"ship": ("water",), "lighthouse": ("water",), "broch": ("pasture", "mountain")}


MapFile = serial.part_of(SkyeBoard, PARTS, "MapFile")  # a setup file (`data/skye/maps/*.json`): all but the parts


def load_board(raw: Any, source: str) -> SkyeBoard:
    """Build and validate a setup from the map file's JSON and the parts; `source` names the map file."""
    if not isinstance(raw, dict):
        raise InvalidData(f"{source}: expected an object with the map and its parts")
    missing = [k for k in ("map", *PARTS) if k not in raw]
    if missing:
        raise InvalidData(f"{source}: missing {missing[0]!r} (a setup needs its map file and {', '.join(PARTS)})")
    files = {"map": source, **{p: part_source(source, p) for p in PARTS}}
    mapped = _load(MapFile, raw["map"], files["map"])
    tiles = _load(TileSet, raw["tiles"], files["tiles"])
    progress = _load(Progress, raw["progress"], files["progress"])
    scoring = _load(Scoring, raw["scoring"], files["scoring"])
    board = SkyeBoard(**{f.name: getattr(mapped, f.name) for f in fields(mapped)}, tiles=tiles, progress=progress,
                      scoring=scoring)
    validate(board, files)
    return board


def _load(cls: type, data: Any, source: str) -> Any:
    root = cls.__name__
    try:
        return serial.load(cls, data, root)
    except InvalidData as error:
        rest = error.message[len(root):]
        raise InvalidData(f"{source}: {rest[1:]}" if rest.startswith(".") else f"{source}{rest}") from None


def validate(board: SkyeBoard, files: dict[str, str]) -> None:
    """Raise InvalidData naming the file and field of the first fault in `board`."""
    checks = (
        ("scoring", _scoring(board.scoring)),
        ("tiles", _tiles(board)),
        ("progress", _progress(board.progress)),
        ("map", _map(board)),
    )
    for part, problems in checks:
        for field, problem in problems:
            raise InvalidData(f"{files[part]}: {field}: {problem}")


def board_files(source: str) -> dict[str, str]:
    """How each file of a board stored in a state is named in errors."""
    return {"map": source, **{p: f"{source}.{p}" for p in PARTS}}


# --- tiles.json ---------------------------------------------------------------------------------


def _tiles(board: SkyeBoard) -> Problems:
    tiles = board.tiles
    seen: set[str] = set()
    groups = (("castles", tiles.castles), ("landscapes", tiles.landscapes))
    for group, items in groups:
        for i, tile in enumerate(items):
            where = f"{group}[{i}]"
            yield from unique_name(f"{where}.id", tile.id, seen, "tile")
            yield from _tile(board, tile, where)
            if group == "castles":
                if tile.colour not in COLOURS:
                    yield f"{where}.colour", f"{tile.colour!r} is not a seat colour ({', '.join(COLOURS)})"
                elif tile.colour in [c.colour for c in tiles.castles[:i]]:
                    yield f"{where}.colour", f"a second castle for {tile.colour}"
                if tile.journeyman or tile.scroll is not None:
                    yield where, "a castle shows no journeyman symbol or scroll"
            elif tile.colour:
                yield f"{where}.colour", "only castles have a colour"
    for colour in COLOURS:
        if colour not in [c.colour for c in tiles.castles]:
            yield "castles", f"no castle for {colour}"
    if len(tiles.landscapes) < 3 * MAX_PLAYERS:
        yield "landscapes", f"{len(tiles.landscapes)} tiles; a bag needs at least {3 * MAX_PLAYERS}"
    yield from _placeable(tiles)


def _tile(board: SkyeBoard, tile: Tile, where: str) -> Problems:
    if not tile.zones:
        yield f"{where}.zones", "a tile needs at least one zone"
    owner: dict[str, int] = {}
    for z, zone in enumerate(tile.zones):
        field = f"{where}.zones[{z}]"
        if zone.terrain not in TERRAINS:
            yield f"{field}.terrain", f"{zone.terrain!r} is not one of {', '.join(TERRAINS)}"
        for edge in zone.edges:
            if edge not in EDGES:
                yield f"{field}.edges", f"{edge!r} is not an edge (n, e, s, w)"
            elif edge in owner:
                again = "twice in this zone" if owner[edge] == z else f"in zones {owner[edge]} and {z}"
                yield f"{field}.edges", f"edge {edge!r} is {again}"
            owner[edge] = z
    for edge in EDGES:
        if edge not in owner:
            yield f"{where}.zones", f"edge {edge!r} is in no zone"
    yield from _crossing(tile, where)
    for r, edge in enumerate(tile.roads):
        if edge not in EDGES:
            yield f"{where}.roads[{r}]", f"{edge!r} is not an edge (n, e, s, w)"
        elif edge in tile.roads[:r]:
            yield f"{where}.roads[{r}]", f"a road stub on {edge!r} twice"
    terrains = {z.terrain for z in tile.zones}
    for feature in FEATURES:
        count = getattr(tile, feature)
        if not 0 <= count <= FEATURE_MAX:
            yield f"{where}.{feature}", f"{count} is outside 0–{FEATURE_MAX}"
        needed = FEATURE_TERRAIN.get(feature, ("pasture",))
        if count and not terrains & set(needed):
            yield f"{where}.{feature}", f"a {feature} needs a zone of {' or '.join(needed)} on its tile"
    if tile.barrel and not tile.roads:
        yield f"{where}.barrel", "barrels need a road stub to ever reach the castle"
    if tile.scroll is not None:
        if tile.scroll.kind not in board.scoring.scroll_by_id:
            kinds = ", ".join(board.scoring.scroll_by_id)
            yield f"{where}.scroll.kind", f"{tile.scroll.kind!r} is not a scroll of scoring.json ({kinds})"
        if tile.scroll.zone not in range(len(tile.zones)):
            yield f"{where}.scroll.zone", f"{tile.scroll.zone} is not a zone of this tile (0–{len(tile.zones) - 1})"


def _crossing(tile: Tile, where: str) -> Problems:
    """Zones drawn on a square cannot cross: no two zones may hold edges in the order A B A B."""
    sides = [sorted(EDGES.index(e) for e in z.edges if e in EDGES) for z in tile.zones]
    for a, first in enumerate(sides):
        for b, second in enumerate(sides):
            if a >= b:
                continue
            for lo in first:
                for hi in first:
                    if lo < hi and any(lo < x < hi for x in second) and any(x < lo or x > hi for x in second):
                        yield f"{where}.zones", f"zones {a} and {b} cross each other"
                        return


def _placeable(tiles: TileSet) -> Problems:
    """Every landscape tile must fit somewhere in principle: some edge of it meets an edge terrain that
    a castle or a tile placeable before it can show."""
    open_terrains = {t for c in tiles.castles for t in c.terrain}
    left = list(enumerate(tiles.landscapes))
    grew = True
    while grew and left:
        grew = False
        for item in list(left):
            if set(item[1].terrain) & open_terrains:
                open_terrains |= set(item[1].terrain)
                left.remove(item)
                grew = True
    for i, tile in left:
        shown = "/".join(tile.terrain)
        yield f"landscapes[{i}]", f"tile {tile.id!r} fits nowhere: no castle or tile shows a {shown} edge"


# --- progress.json ------------------------------------------------------------------------------


def _progress(progress: Progress) -> Problems:
    covered: dict[int, str] = {}
    for s, side in enumerate(progress.sides):
        where = f"sides[{s}]"
        if not MIN_PLAYERS <= side.min_players <= side.max_players <= MAX_PLAYERS:
            yield where, f"players {side.min_players}–{side.max_players} is not within {MIN_PLAYERS}–{MAX_PLAYERS}"
        for n in range(side.min_players, side.max_players + 1):
            if n in covered:
                yield where, f"{n} players are already covered by side {covered[n]!r}"
            covered[n] = side.name
        if not side.segment_costs or any(c < 0 for c in side.segment_costs):
            yield f"{where}.segment_costs", "needs one non-negative cost per segment"
        if side.segment_size < 1:
            yield f"{where}.segment_size", f"{side.segment_size} must be at least 1"
        if not 1 <= side.start_shoes <= 20:
            yield f"{where}.start_shoes", f"{side.start_shoes} is outside 1–20"
        names = [t.name for t in side.tracks]
        if names != list(TRACKS):
            yield f"{where}.tracks", f"the tracks must be {', '.join(TRACKS)} in that order, not {', '.join(names)}"
            continue
        length = side.segment_size * len(side.segment_costs)
        for t, track in enumerate(side.tracks):
            yield from _track(track, f"{where}.tracks[{t}]", length, side.start_shoes)
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if n not in covered:
            yield "sides", f"no side for {n} players"
    yield from _bonuses(progress)
    if not 1 <= progress.start_markers <= 5:
        yield "start_markers", f"{progress.start_markers} is outside 1–5"
    if any(b <= a for a, b in zip(progress.vp_markers, progress.vp_markers[1:])) or any(
            v < 1 for v in progress.vp_markers):
        yield "vp_markers", "must be positive and rising"


def _track(track: Any, where: str, length: int, start_shoes: int) -> Problems:
    if len(track.spaces) != length:
        yield f"{where}.spaces", f"{len(track.spaces)} spaces; segments make {length}"
    slots = [s.slot for s in track.spaces if s.slot]
    if sorted(slots) != sorted(SLOTS):
        yield f"{where}.spaces", f"slots {', '.join(slots) or 'none'}: each of I, II, III must be on one space"
    shoes = start_shoes
    for i, space in enumerate(track.spaces):
        field = f"{where}.spaces[{i}]"
        if space.need not in NEEDS:
            yield f"{field}.need", f"{space.need!r} is not a requirement ({', '.join(NEEDS)})"
        if space.slot and space.slot not in SLOTS:
            yield f"{field}.slot", f"{space.slot!r} is not I, II or III"
        for name in ("vp", "fee", "vp_round", "income", "shoes"):
            if not 0 <= getattr(space, name) <= 50:
                yield f"{field}.{name}", f"{getattr(space, name)} is outside 0–50"
        if space.shoes:
            if space.shoes < shoes:
                yield f"{field}.shoes", f"{space.shoes} is below the movement already reached ({shoes})"
            shoes = space.shoes


def _bonuses(progress: Progress) -> Problems:
    seen: set[str] = set()
    for i, bonus in enumerate(progress.bonuses):
        where = f"bonuses[{i}]"
        yield from unique_name(f"{where}.id", bonus.id, seen, "bonus")
        if bonus.effect not in EFFECTS:
            yield f"{where}.effect", f"{bonus.effect!r} is not an effect ({', '.join(EFFECTS)})"
        if bonus.slots not in (("I", "II"), ("III",)):
            yield f"{where}.slots", "must be [\"I\", \"II\"] or [\"III\"]"
        for name in ("vp", "gold", "roads", "movement", "income"):
            if not 0 <= getattr(bonus, name) <= 20:
                yield f"{where}.{name}", f"{getattr(bonus, name)} is outside 0–20"
    low = sum(b.slots == ("I", "II") for b in progress.bonuses)
    high = sum(b.slots == ("III",) for b in progress.bonuses)
    if (low, high) != (2 * len(TRACKS), len(TRACKS)):
        yield "bonuses", f"{low} tiles for slots I/II and {high} for III; the board has 6 and 3"


# --- scoring.json -------------------------------------------------------------------------------


def _scoring(scoring: Scoring) -> Problems:
    seen: set[str] = set()
    for i, tile in enumerate(scoring.tiles):
        where = f"tiles[{i}]"
        yield from unique_name(f"{where}.id", tile.id, seen, "scoring tile")
        if tile.kind not in SCORING_KINDS:
            yield f"{where}.kind", f"{tile.kind!r} is not a scoring rule ({', '.join(SCORING_KINDS)})"
            continue
        needs = SCORING_KINDS[tile.kind]
        if "feature" in needs and tile.feature not in (*FEATURES, "scroll", "journeyman"):
            yield f"{where}.feature", f"{tile.feature!r} is not a feature"
        if "other" in needs and tile.other not in (*FEATURES, "scroll", "journeyman"):
            yield f"{where}.other", f"{tile.other!r} is not a feature"
        if "terrain" in needs and tile.terrain not in TERRAINS:
            yield f"{where}.terrain", f"{tile.terrain!r} is not one of {', '.join(TERRAINS)}"
        if "count" in needs and not 1 <= tile.count <= 20:
            yield f"{where}.count", f"{tile.count} is outside 1–20"
        if not 0 <= tile.vp <= 20:
            yield f"{where}.vp", f"{tile.vp} is outside 0–20"
    kinds: set[str] = set()
    for i, scroll in enumerate(scoring.scrolls):
        if scroll.id in kinds:
            yield f"scrolls[{i}].id", f"scroll {scroll.id!r} is listed twice"
        kinds.add(scroll.id)
        if scroll.feature not in FEATURES:
            yield f"scrolls[{i}].feature", f"{scroll.feature!r} is not a feature ({', '.join(FEATURES)})"
        if not 0 <= scroll.vp <= 20:
            yield f"scrolls[{i}].vp", f"{scroll.vp} is outside 0–20"
    names: set[str] = set()
    for i, schedule in enumerate(scoring.schedules):
        where = f"schedules[{i}]"
        if schedule.name in names:
            yield f"{where}.name", f"schedule {schedule.name!r} is listed twice"
        names.add(schedule.name)
        lengths: set[int] = set()
        for j, variant in enumerate(schedule.variants):
            field = f"{where}.variants[{j}]"
            if not 1 <= variant.rounds <= 10:
                yield f"{field}.rounds", f"{variant.rounds} is outside 1–10"
            if variant.rounds in lengths:
                yield f"{field}.rounds", f"a second variant for {variant.rounds} rounds"
            lengths.add(variant.rounds)
            if len(variant.score) != variant.rounds:
                yield f"{field}.score", f"{len(variant.score)} rounds listed for a {variant.rounds}-round game"
            for k, letters in enumerate(variant.score):
                if any(c not in "ABCD" for c in letters) or len(set(letters)) != len(letters):
                    yield f"{field}.score[{k}]", f"{letters!r} must be distinct letters among A, B, C, D"
            if len(variant.catch_up) != variant.rounds or any(g < 0 or g > 20 for g in variant.catch_up):
                yield f"{field}.catch_up", f"needs {variant.rounds} amounts of 0–20 gold, one per round"
    players = [r.players for r in scoring.rounds]
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if players.count(n) != 1:
            yield "rounds", f"{n} players must be listed exactly once"
    for i, entry in enumerate(scoring.rounds):
        if not 1 <= entry.rounds <= 10:
            yield f"rounds[{i}].rounds", f"{entry.rounds} is outside 1–10"


# --- the map file -------------------------------------------------------------------------------


def _map(board: SkyeBoard) -> Problems:
    if not NAME.fullmatch(board.name):
        yield "name", f"{board.name!r} {NAME_RULE}"
    if not board.title.strip():
        yield "title", "is empty"
    if not MIN_PLAYERS <= board.min_players <= board.max_players <= MAX_PLAYERS:
        yield "max_players", (f"players {board.min_players}–{board.max_players} must lie within "
                              f"{MIN_PLAYERS}–{MAX_PLAYERS}, min no more than max")
    known = board.scoring.tile_by_id
    if board.scoring_tiles and len(board.scoring_tiles) != 4:
        yield "scoring_tiles", f"{len(board.scoring_tiles)} listed; give exactly four (A–D) or none to draw them"
    for field, ids in (("scoring_tiles", board.scoring_tiles), ("pool", board.pool)):
        for i, tile_id in enumerate(ids):
            if tile_id not in known:
                yield f"{field}[{i}]", f"{tile_id!r} is not a scoring tile of scoring.json"
            elif tile_id in ids[:i]:
                yield f"{field}[{i}]", f"{tile_id!r} is listed twice"
    if not board.scoring_tiles and len(board.pool or known) < 4:
        yield "pool", "at least four scoring tiles are needed to draw A–D"
    schedule = board.scoring.schedule(board.schedule)
    if schedule is None:
        yield "schedule", f"{board.schedule!r} is not a schedule of scoring.json"
    else:
        for n in range(board.min_players, board.max_players + 1):
            rounds = board.scoring.rounds_for(n)
            if rounds is not None and schedule.variant(rounds) is None:
                yield "schedule", f"{board.schedule!r} has no {rounds}-round variant for {n} players"
    for name, top in (("castle_income", 20), ("start_gold", 50), ("gold_per_vp", 50)):
        if not 0 <= getattr(board, name) <= top:
            yield name, f"{getattr(board, name)} is outside 0–{top}"
