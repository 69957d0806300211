"""Data files: the shipped maps and parts, the generator, the lookups, and one refusal per fault."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules import serial
from rules.base import part_source
from rules.errors import InvalidData
from rules.megaciv import GAME
from rules.megaciv.board import COLOURS, fold
from rules.megaciv.glossary import ADVANCES
from tests.rules.megaciv_fixtures import MAPS, board, raw_board
from tools import megaciv_map

SHIPPED = sorted(p.stem for p in MAPS.glob("*.json"))
SOURCE = "data/megaciv/maps/x.json"


def test_the_shipped_maps():
    assert SHIPPED == ["oikumene", "pelagos"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_loads_and_round_trips(name):
    loaded = board(name)
    assert GAME.load_board(serial.dump(loaded), "dumped") == loaded
    assert serial.load(type(loaded), serial.dump(loaded)) == loaded
    assert GAME.board_info(loaded).name == name


@pytest.mark.parametrize(("name", "players", "land"), [("pelagos", (2, 6), 60), ("oikumene", (2, 18), 250)])
def test_maps_are_in_the_spirit_of_the_game(name, players, land):
    b = board(name)
    areas = b.map.areas
    assert (b.map.min_players, b.map.max_players) == players
    assert len(b.land_areas) >= land and len(b.sea_areas) >= 10
    limits = {a.limit for a in areas if a.kind == "land"}
    assert limits == {0, 1, 2, 3, 4, 5}
    assert sum(a.city_site for a in areas) >= len(b.land_areas) // 5
    coastal = [a for a in areas if a.coastal]
    assert len(coastal) >= len(b.land_areas) // 4
    assert all(b.water_next[a.name] for a in coastal) and all(b.water_next[s] for s in b.sea_areas)
    assert any(b.water_next[s] & set(b.sea_areas) for s in b.sea_areas)  # open seas join each other
    assert set(b.start_areas) == {c.name for c in b.civilizations}  # every civilization can play on it
    assert all(" " not in a.name and len(a.name) <= 24 for a in areas)
    # every land area can be reached from every other by land or water (one connected world)
    seen, todo = {areas[0].name}, [areas[0].name]
    while todo:
        here = todo.pop()
        for there in b.land_next[here] | b.water_next[here]:
            if there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == set(b.areas)


def test_the_committed_maps_are_what_the_generator_makes():
    for spec in megaciv_map.SPECS:
        text = megaciv_map.render(megaciv_map.generate(spec))
        assert (MAPS / f"{spec.name}.json").read_text(encoding="utf-8") == text, spec.name


def test_the_eighteen_civilizations():
    civs = board("pelagos").civilizations
    assert len(civs) == 18 and sorted(c.ast for c in civs) == list(range(1, 19))
    assert {c.colour for c in civs} == set(COLOURS)
    assert len({c.mark for c in civs}) == 18 and len({c.rgb.lower() for c in civs}) == 18
    by_rank = [c.name for c in sorted(civs, key=lambda c: c.ast)]
    assert by_rank[:3] == ["Minoa", "Saba", "Assyria"] and by_rank[-1] == "Parthia"


def test_the_movement_advances_and_what_they_change():
    b = board("pelagos")
    assert [a.name for a in b.advances.advances] == [
        "Astronavigation", "Cloth Making", "Naval Warfare", "Roadbuilding", "Military", "Diplomacy",
        "Cultural Ascendancy", "Advanced Military", "Engineering"]
    none, every = b.powers(()), b.powers(tuple(a.name for a in b.advances.advances))
    assert (none.ship_steps, none.ship_capacity, none.land_steps, none.open_sea) == (4, 5, 1, False)
    assert (every.ship_steps, every.ship_capacity, every.land_steps, every.open_sea) == (5, 6, 2, True)
    assert b.advances.base.city_attack == 7 and every.attack_bonus == every.defence_bonus == 1


def test_lookups():
    b = board()
    assert b.canon("os") == "OS" and b.canon(" a ") == "A" and b.canon("Q") is None
    assert b.land_next["B"] == {"A", "C"} and b.water_next["A"] == {"G", "OS"}
    assert b.has_water("A") and b.has_water("OS") and not b.has_water("E")
    assert b.region_areas["East"] == ("G", "H", "D")
    assert fold("Tharos-Sea") == fold("tharos sea") == "tharossea"
    assert b.advance_named("cloth making") == "Cloth Making" and b.advance_named("x") is None
    big = board("oikumene")
    sea = big.sea_areas[0]
    assert big.canon(sea.replace("-", " ").lower()) == sea


def _map(path: str, value: Any) -> Callable[[dict], None]:
    def change(raw: dict) -> None:
        target: Any = raw["map"]
        keys = path.split(".")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value
    return change


MAP_FAULTS = [
    (_map("name", "bad name!"), "name", "must be 1–20 letters"),
    (_map("min_players", 1), "min_players", "1 is below 2"),
    (_map("max_players", 19), "max_players", "19 is above 18"),
    (_map("width", 0), "width", "0 must be between 1 and 8000"),
    (_map("regions", []), "regions", "at least one region"),
    (_map("areas.1.name", "a"), "areas[1].name", "'a' is already the name of areas[0]"),
    (_map("areas.0.name", "A 1"), "areas[0].name", "must be 1–24 letters"),
    (_map("areas.0.name", "Route-66"), "areas[0].name", "ending with a letter"),
    (_map("areas.0.region", "North"), "areas[0].region", "'North' is not one of the map's regions"),
    (_map("areas.0.limit", -1), "areas[0].limit", "-1 is outside 0–9"),
    (_map("areas.0.limit", "two"), "areas[0].limit", "expected a whole number, got text"),
    (_map("areas.0.kind", "swamp"), "areas[0].kind", "expected one of 'land', 'sea'"),
    (_map("areas.0.port", None), "areas[0].port", "a coastal area needs a port"),
    (_map("areas.3.port", [5, 5]), "areas[3].port", "only coastal areas have a port"),
    (_map("areas.0.shape", "0,0 5,5"), "areas[0].shape", "at least 3 corners"),
    (_map("areas.0.shape", "0,0 5,5 x,1"), "areas[0].shape", "at least 3 corners"),
    (_map("areas.0.shape", [0, 0, 5, 5, 1, 1]), "areas[0].shape", "expected text, got a list"),
    (_map("areas.0.label", [900, 5]), "areas[0]", "point (900, 5) is outside the map"),
    (_map("areas.8.city_site", True), "areas[8].city_site", "an open-sea area is water only"),
    (_map("areas.3.limit", 0), "starts[0].areas[0]", "limit above 0"),
    (_map("areas.4.limit", 0), "areas[4].city_site", "a city site needs a population limit above 0"),
    (_map("areas.0.wonder", 1), "areas[0]", "unknown field 'wonder'"),
    (_map("land.0", ["A", "Z"]), "land[0]", "unknown area 'Z'"),
    (_map("land.0", ["A", "A"]), "land[0]", "'A' is joined to itself"),
    (_map("land.1", ["B", "A"]), "land[1]", "'B'–'A' is listed twice"),
    (_map("land.0", ["A", "OS"]), "land[0]", "'OS' is open sea"),
    (_map("water.0", ["E", "A"]), "water[0]", "'E' is not coastal"),
    (_map("water", [["A", "G"]]), "areas[1]", "'B' has water but no water adjacency"),
    (_map("starts.0.civ", "Atlantis"), "starts[0].civ", "'Atlantis' is not a civilization"),
    (_map("starts.1.civ", "Rome"), "starts[1].civ", "'Rome' has two entries"),
    (_map("starts.1.areas", ["E"]), "starts[1].areas[0]", "'E' is already a start area of Rome"),
    (_map("starts.0.areas", ["OS"]), "starts[0].areas[0]", "must be a land area in play"),
    (_map("starts", []), "starts", "a map for 4 players needs at least 4"),
]


@pytest.mark.parametrize(("change", "field", "problem"), MAP_FAULTS)
def test_map_faults_are_refused_naming_file_field_and_fault(change, field, problem):
    raw = raw_board()
    change(raw)
    with pytest.raises(InvalidData) as refused:
        GAME.load_board(raw, SOURCE)
    message = refused.value.message
    assert message.startswith(f"{SOURCE}: {field}: ") and problem in message, message


def _part(name: str, index: int | None, key: str, value: Any) -> Callable[[dict], None]:
    def change(raw: dict) -> None:
        target = raw[name] if index is None else raw[name][index] if name == "civilizations" else \
            raw[name]["advances"][index]
        target[key] = value
    return change


PART_FAULTS = [
    (_part("civilizations", 0, "colour", "mauve"), "civilizations", "civilizations[0].colour", "'mauve' is not a seat"),
    (_part("civilizations", 1, "colour", "cyan"), "civilizations", "civilizations[1].colour", "already picks"),
    (_part("civilizations", 0, "ast", 40), "civilizations", "civilizations[0].ast", "40 is outside 1–18"),
    (_part("civilizations", 1, "ast", 1), "civilizations", "civilizations[1].ast", "rank 1 is given twice"),
    (_part("civilizations", 0, "rgb", "red"), "civilizations", "civilizations[0].rgb", "not a colour like"),
    (_part("civilizations", 1, "mark", "M"), "civilizations", "civilizations[1].mark", "'M' already marks"),
    (_part("civilizations", 0, "shape", "star"), "civilizations", "civilizations[0].shape", "expected one of"),
    (_part("advances", 0, "effects", {"teleport": True}), "advances", "advances[0].effects",
     "unknown field 'teleport'"),
    (_part("advances", 1, "effects", {"ship_steps": 99}), "advances", "advances[1].effects.ship_steps",
     "99 is outside 0–12"),
    (_part("advances", 1, "name", "astronavigation"), "advances", "advances[1].name", "listed twice"),
]


@pytest.mark.parametrize(("change", "part", "field", "problem"), PART_FAULTS)
def test_part_faults_are_refused_naming_the_parts_file(change, part, field, problem):
    raw = raw_board()
    change(raw)
    with pytest.raises(InvalidData) as refused:
        GAME.load_board(raw, SOURCE)
    message = refused.value.message
    assert message.startswith(f"{part_source(SOURCE, part)}: {field}: ") and problem in message, message


def test_a_short_civilizations_list_and_bad_base_limits_are_refused():
    raw = raw_board()
    raw["civilizations"] = raw["civilizations"][:17]
    with pytest.raises(InvalidData, match="data/megaciv/civilizations.json: civilizations: 17 civilizations"):
        GAME.load_board(raw, SOURCE)
    raw = raw_board()
    raw["advances"]["base"]["ship_steps"] = 0
    with pytest.raises(InvalidData, match="data/megaciv/advances.json: base.ship_steps: 0 is outside 1–12"):
        GAME.load_board(raw, SOURCE)


@pytest.mark.parametrize(("raw", "message"), [
    ([], f"{SOURCE}: expected an object with the map and its parts"),
    ({"map": {}, "civilizations": []}, "data/megaciv/advances.json: missing"),
    ({"map": [], "civilizations": [], "advances": {}}, f"{SOURCE}: expected an object, got a list"),
    ({"map": {}, "civilizations": [], "advances": {}, "x": 1}, f"{SOURCE}: unknown part 'x'"),
])
def test_malformed_board_data_is_refused(raw, message):
    with pytest.raises(InvalidData) as refused:
        GAME.load_board(raw, SOURCE)
    assert refused.value.message.startswith(message)


def test_a_board_pickles_as_its_text_and_unpickles_to_the_known_board():
    """States go to the drawing processes pickled: the board travels as its JSON text."""
    import pickle

    from rules.megaciv import codec
    from tests.rules.megaciv_fixtures import new_game

    state = new_game(3, "pelagos")
    data = pickle.dumps(state)
    assert len(data) < len(codec.remember_board(state.board)) + 20_000
    again = pickle.loads(data)
    assert again == state and pickle.loads(data).board is again.board  # one board object for every state
    saved = dict(codec._KNOWN_TEXTS)
    codec._KNOWN_TEXTS.clear()  # a process that never saw it: decoded from the text, then known
    try:
        fresh = pickle.loads(data)
        assert fresh.board == state.board and pickle.loads(data).board is fresh.board
    finally:
        codec._KNOWN_TEXTS.clear()
        codec._KNOWN_TEXTS.update(saved)


def test_every_advance_text_of_the_data_is_a_catalog_message():
    """What each movement advance does (data/megaciv/advances.json) is shown in menus in the
    player's language: the text has its marked message (`glossary.ADVANCES`), or it would stay English."""
    texts = {a.text for name in SHIPPED for a in board(name).advances.advances}
    assert texts and texts <= set(ADVANCES), texts - set(ADVANCES)
