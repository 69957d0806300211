"""data/glory: every shipped file loads, matches the rules' tables, and each kind of fault is
refused naming the file, the field and the fault."""

from __future__ import annotations

import copy
import json

import pytest

from rules import serial
from rules.errors import InvalidData
from rules.glory import GAME
from rules.glory.board import Board
from tests.rules.glory_fixtures import DATA, MAPS, board, parts, raw_map
from tools import glory_data

MAP_NAMES = sorted(p.stem for p in MAPS.glob("*.json"))


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_shipped_map_loads_and_round_trips(name):
    loaded = board(name)
    assert GAME.board_info(loaded).name == name
    again = serial.load(Board, json.loads(json.dumps(serial.dump(loaded))))
    assert again == loaded


def test_maps_cover_two_and_three_to_four_players():
    ranges = {(board(n).min_players, board(n).max_players) for n in MAP_NAMES}
    assert (2, 2) in ranges and (3, 4) in ranges


@pytest.mark.parametrize("name", MAP_NAMES)
def test_maps_have_an_ocean_field_starts_and_face_down_provinces_between(name):
    b = board(name)
    for n in range(b.min_players, b.max_players + 1):
        starts = b.starts(n)
        assert len(starts) == n
        assert len(b.face_down(n)) >= 2 * n
        for p in starts:
            start = b.provinces[p].start
            assert start and start.units and start.capital
    edge = [i for i, h in enumerate(b.axials) if b.province_of[i] < 0]
    assert all(b.base_terrain(b.max_players)[i] == "ocean" for i in edge)


def test_tiles_relics_events_and_units_as_the_rules_require():
    b = board()
    assert len(b.tiles) >= 16
    assert sum("sea" in t.terrain for t in b.tiles) >= 4
    assert {t.relic for t in b.tiles} == {"solid", "outlined", "none"}
    assert len(b.relics) >= 6 and len(b.events) >= 12
    assert all(e.title and e.text for e in b.events)
    table = {u.name: (u.movement, u.kind, u.military) for u in b.units}
    assert table == {
        "peasant": (2, "land", False), "spearman": (2, "land", True), "swordsman": (2, "land", True),
        "archer": (2, "land", True), "cavalryman": (3, "land", True), "catapult": (1, "land", True),
        "trebuchet": (1, "land", True), "galley": (5, "vessel", True),
    }
    ranges = {u.name: (u.attack.min, u.attack.max, u.attack.melee) for u in b.units if u.attack}
    assert ranges == {"spearman": (1, 1, True), "swordsman": (1, 1, True), "cavalryman": (1, 1, True),
                      "archer": (1, 2, False), "catapult": (1, 2, False), "trebuchet": (2, 3, False),
                      "galley": (1, 2, False)}
    assert [u.name for u in b.units if u.packing] == ["trebuchet"]
    assert [u.name for u in b.units if u.sea_cost] == ["peasant"]


def test_data_files_are_what_the_generator_writes():
    assert glory_data.main(["--check"]) == 0


SOURCE = "data/glory/maps/two-straits.json"


def _load(change):
    raw = {"map": raw_map("two-straits"), **parts()}
    change(raw)
    return GAME.load_board(raw, SOURCE)


def _set(path, value):
    def change(raw):
        node = raw
        for key in path[:-1]:
            node = node[key]
        if value is _DELETE:
            del node[path[-1]]
        else:
            node[path[-1]] = value
    return change


_DELETE = object()

FAULTS = [
    (_set(("map", "name"), "two straits!"), SOURCE, "name: 'two straits!' must be 1–20 letters"),
    (_set(("map", "title"), " "), SOURCE, "title: is empty"),
    (_set(("map", "min_players"), 1), SOURCE, "min_players: 1 is below 2"),
    (_set(("map", "max_players"), 5), SOURCE, "max_players: 5 is above 4"),
    (_set(("map", "columns"), 3), SOURCE, "columns: 3 must be between 5 and 52"),
    (_set(("map", "rows"), "12"), SOURCE, "rows: expected a whole number, got text"),
    (_set(("map", "colour"), "red"), SOURCE, "unknown field 'colour'"),
    (_set(("map", "provinces"), []), SOURCE, "provinces: a map needs provinces"),
    (_set(("map", "provinces", 2, "centre"), [0, 0]), SOURCE, "provinces[2].centre: hex [0, 0] of the province "
                                                               "is on the edge of the 14×12 field"),
    (_set(("map", "provinces", 2, "centre"), [40, 0]), SOURCE, "is outside the 14×12 field"),
    (_set(("map", "provinces", 3, "centre"), [4, 6]), SOURCE, "provinces[3].centre: the province overlaps"),
    (_set(("map", "provinces", 0, "terrain"), ["plains"] * 6), SOURCE, "provinces[0].terrain: 6 terrains listed"),
    (_set(("map", "provinces", 0, "terrain", 3), "ocean"), SOURCE, "provinces[0].terrain[3]: 'ocean' is not a "
                                                                    "terrain"),
    (_set(("map", "provinces", 0, "start", "players"), [3]), SOURCE, "start.players[0]: 3 is outside the map's 2–2"),
    (_set(("map", "provinces", 0, "start", "capital"), [0, 0]), SOURCE, "start.capital: [0, 0] is not in this "
                                                                         "province"),
    (_set(("map", "provinces", 0, "start", "units", 0, "unit"), "knight"), SOURCE, "units[0].unit: unknown unit "
                                                                                    "'knight'"),
    (_set(("map", "provinces", 0, "start", "units", 0, "count"), 0), SOURCE, "units[0].count: 0 must be between"),
    (_set(("map", "provinces", 0, "start", "units", 5, "at"), [3, 8]), SOURCE, "a galley cannot start on plains"),
    (_set(("map", "provinces", 1, "start"), _DELETE), SOURCE, "provinces: 1 starting provinces are used at 2 players"),
    (_set(("units",), _DELETE), "data/glory/units.json", "missing"),
    (_set(("units", 0, "movement"), 0), "data/glory/units.json", "units[0].movement: 0 must be between 1 and 9"),
    (_set(("units", 0, "kind"), "air"), "data/glory/units.json", "units[0].kind: expected one of 'land', 'vessel'"),
    (_set(("units", 1, "plural"), "peasants"), "data/glory/units.json", "units[1].plural: 'peasants' already names"),
    (_set(("units", 3, "attack"), {"min": 3, "max": 1}), "data/glory/units.json", "units[3].attack: range 3–1"),
    (_set(("units", 7, "sea_cost"), 1), "data/glory/units.json", "units[7].sea_cost: only land units"),
    (_set(("tiles", 2, "terrain", 2), "lava"), "data/glory/tiles.json", "tiles[2].terrain[2]: 'lava' is not a tile "
                                                                        "terrain"),
    (_set(("tiles", 2, "terrain"), ["plains"]), "data/glory/tiles.json", "tiles[2].terrain: 1 terrains listed"),
    (_set(("tiles", 2, "relic"), "glowing"), "data/glory/tiles.json", "tiles[2].relic: expected one of 'solid'"),
    (_set(("tiles", 2, "relic_at"), 7), "data/glory/tiles.json", "tiles[2].relic_at: 7 must be 0 (centre) to 6"),
    (_set(("tiles", 2, "name"), "T01"), "data/glory/tiles.json", "tiles[2].name: tile 'T01' is listed twice"),
    (lambda raw: raw.update(tiles=raw["tiles"][:5]), "data/glory/tiles.json", "tiles: 5 tiles for 9 face-down"),
    (lambda raw: raw.update(relics=raw["relics"][:2]), "data/glory/relics.json", "relics: 2 relics; a game of 2 "
                                                                                  "players uses 3"),
    (_set(("relics", 1, "name"), "Sunstone Compass!"), None, None),
    (_set(("relics", 2, "name"), "Crown of the First King"), "data/glory/relics.json", "relics[2].name: relic 'Crown"),
    (_set(("events", 0, "text"), ""), "data/glory/events.json", "events[0].text: is empty"),
    (_set(("events",), {"E01": "x"}), "data/glory/events.json", "expected a list, got an object"),
    (_set(("events", 4, "name"), "E01"), "data/glory/events.json", "events[4].name: event 'E01' is listed twice"),
    (lambda raw: raw.update(extra=[]), SOURCE, "unknown part 'extra'"),
]


@pytest.mark.parametrize(("change", "source", "message"), FAULTS)
def test_each_kind_of_fault_is_refused_naming_file_field_and_fault(change, source, message):
    if source is None:
        _load(change)  # a harmless change loads
        return
    with pytest.raises(InvalidData) as refused:
        _load(change)
    text = refused.value.message
    assert text.startswith(f"{source}: "), text
    assert message in text, text


def test_a_board_that_is_not_an_object_is_refused():
    with pytest.raises(InvalidData, match="x.json: expected the map and its parts"):
        GAME.load_board([], "x.json")


def test_parts_are_named_beside_an_imported_board():
    raw = {"map": raw_map("two-straits"), **parts()}
    raw["events"][0]["title"] = ""
    with pytest.raises(InvalidData, match=r"^import: events: events\[0\].title: is empty"):
        GAME.load_board(copy.deepcopy(raw), "import")


def test_generator_pictures_every_map():
    for name in MAP_NAMES:
        lines = glory_data.picture(MAPS / f"{name}.json").splitlines()
        assert len(lines) == board(name).rows + 1 and "*" in "".join(lines)
    assert (DATA / "units.json").exists()
