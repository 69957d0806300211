"""Map files: the shipped maps, the lookups, and one refusal per validation check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules import serial
from rules.errors import InvalidData
from rules.vikings import GAME
from tests.rules.vikings_fixtures import MAPS, board, raw_map

SOURCE = "data/vikings/maps/x.json"
SHIPPED = sorted(p.stem for p in MAPS.glob("*.json"))


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_loads_and_is_its_own_file_format(name):
    loaded = GAME.load_board(raw_map(name), f"{name}.json")
    assert GAME.load_board(serial.dump(loaded), "dumped") == loaded
    assert GAME.board_info(loaded).name == name


@pytest.mark.parametrize(("name", "players"), [("ravnsund", (2, 2)), ("nordhav", (3, 4))])
def test_playable_maps_are_in_the_spirit_of_the_real_board(name, players):
    b = board(name)
    info = GAME.board_info(b)
    assert (info.min_players, info.max_players) == players
    assert len(b.islands) >= 6 and all(len(i.docks) >= 2 for i in b.islands)
    assert len(b.fjords) >= 10
    assert {i.god for i in b.islands} == set(b.gods)
    assert b.village_docks and b.ferries
    assert all(b.island_of(x) != b.island_of(y) for x, y in b.ferries)


def test_lookups():
    b = board()
    assert (b.kind("A"), b.kind("A1"), b.kind("F2"), b.kind("Z9")) == ("island", "dock", "fjord", None)
    assert b.island_of("B1") == "B" and b.island("B").title == "Bjorn Isle"
    assert b.fjords_next_to("B1") == ("F2",)
    assert set(b.neighbours["F2"]) == {"F1", "B1", "F3"}
    assert b.is_ferry("B2", "A2") and not b.is_ferry("A1", "B1")
    assert b.position("F1") == (420, 220) and b.position("A") == (200, 350)
    assert b.village_docks == {"B1"}
    assert b.dock("B1").village


def _set(path: str, value: Any) -> Callable[[dict], None]:
    """A mutation setting a dotted path ("islands.0.x") in the raw map."""

    def mutate(raw: dict) -> None:
        *parents, last = path.split(".")
        node: Any = raw
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _drop(path: str) -> Callable[[dict], None]:
    def mutate(raw: dict) -> None:
        *parents, last = path.split(".")
        node: Any = raw
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[last]

    return mutate


def _add(key: str, *items: Any) -> Callable[[dict], None]:
    return lambda raw: raw[key].extend(items)


REFUSALS = [
    # shape (types, fields) and coordinates present
    ("missing_field", _drop("gods"), "", "missing field 'gods'"),
    ("unknown_field", _set("colour", "red"), "", "unknown field 'colour'"),
    ("wrong_type", _set("islands.0.x", "200"), "islands[0].x", "expected a whole number"),
    ("coordinate_missing", _drop("docks.0.x"), "docks[0]", "missing field 'x'"),
    # header: name, title, player range, canvas, gods
    ("bad_map_name", _set("name", "two isles"), "name", "letters, digits"),
    ("empty_title", _set("title", " "), "title", "is empty"),
    ("min_players_too_low", _set("min_players", 1), "min_players", "below 2"),
    ("max_players_too_high", _set("max_players", 5), "max_players", "above 4"),
    ("player_range_upside_down", _set("max_players", 1), "max_players", "below min_players 2"),
    ("canvas_size", _set("width", 0), "width", "between 1 and"),
    ("no_islands", _set("islands", []), "islands", "at least one island"),
    ("two_gods", _set("gods", ["Odin", "Thor"]), "gods", "exactly 3"),
    ("god_twice", _set("gods", ["Odin", "Thor", "Odin"]), "gods[2]", "listed twice"),
    ("god_unnamed", _set("gods.2", ""), "gods[2]", "must be 1–40 characters"),
    ("title_too_long", _set("title", "T" * 300), "title", "is 300 characters long; at most 40"),
    ("dock_named_like_a_boat", _set("docks.0.name", "2"), "docks[0].name", "only digits, as the board draws a boat"),
    ("names_differing_in_case", _set("fjords.0.name", "a1"), "fjords[0].name", "is already the name of docks"),
    # coordinates in range
    ("x_outside", _set("docks.0.x", 1200), "docks[0].x", "outside the map (0–1000)"),
    ("y_outside", _set("fjords.1.y", -5), "fjords[1].y", "outside the map (0–700)"),
    ("radius", _set("islands.1.radius", 0), "islands[1].radius", "must be positive"),
    ("short_outline", _set("islands.0.outline", [[1, 1], [2, 2]]), "islands[0].outline", "at least 3 points"),
    ("outline_outside", _set("islands.0.outline", [[1, 1], [2, 2], [3, 900]]), "islands[0].outline[2].y", "outside"),
    # names unique and well formed
    ("bad_space_name", _set("fjords.0.name", "F 1"), "fjords[0].name", "letters, digits"),
    ("name_taken", _set("fjords.0.name", "A1"), "fjords[0].name", "'A1' is already the name of docks[0]"),
    # islands: gods, docks on exactly one island
    ("unknown_god", _set("islands.0.god", "Loki"), "islands[0].god", "'Loki' is not one of the map's gods"),
    ("island_untitled", _set("islands.1.title", ""), "islands[1].title", "is empty"),
    ("island_without_docks", _set("islands.0.docks", []), "islands[0].docks", "at least one dock"),
    ("island_unknown_dock", _set("islands.0.docks.1", "A9"), "islands[0].docks[1]", "unknown dock 'A9'"),
    ("island_lists_fjord", _set("islands.0.docks.1", "F1"), "islands[0].docks[1]", "'F1' is a fjord, not a dock"),
    ("dock_on_two_islands", _set("islands.1.docks.0", "A1"), "islands[1].docks[0]",
     "dock 'A1' is listed on two islands"),
    ("dock_twice_on_island", _set("islands.0.docks", ["A1", "A2", "A1"]), "islands[0].docks[2]",
     "listed twice on this island"),
    ("dock_on_no_island", _set("islands.0.docks", ["A1"]), "docks[1]", "dock 'A2' is on no island"),
    # edges: only dock–fjord and fjord–fjord, known, once
    ("edge_unknown_space", _add("edges", ["F1", "F9"]), "edges[6]", "unknown space 'F9'"),
    ("edge_to_island", _add("edges", ["A", "F1"]), "edges[6]", "'A' is an island"),
    ("edge_to_itself", _add("edges", ["F1", "F1"]), "edges[6]", "joined to itself"),
    ("edge_dock_to_dock", _add("edges", ["A1", "B1"]), "edges[6]", "joins two docks"),
    ("edge_twice", _add("edges", ["F2", "F1"]), "edges[6]", "listed twice"),
    # ferries: docks of two islands, once
    ("ferry_not_dock", _add("ferries", ["A1", "F1"]), "ferries[1]", "'F1' is not a dock"),
    ("ferry_same_island", _add("ferries", ["A1", "A2"]), "ferries[1]", "on the same island"),
    ("ferry_twice", _add("ferries", ["B2", "A2"]), "ferries[1]", "listed twice"),
    # no orphans: every dock and fjord connected
    ("orphan_fjord", _add("fjords", {"name": "F4", "x": 10, "y": 10}), "fjords[3]", "fjord 'F4' has no edges"),
    ("orphan_dock", lambda raw: raw["edges"].remove(["A1", "F1"]), "docks[0]", "dock 'A1' has no edges"),
    ("unreachable_water", lambda raw: (raw["fjords"].extend([{"name": "F4", "x": 1, "y": 1},
                                                             {"name": "F5", "x": 2, "y": 2}]),
                                       raw["edges"].append(["F4", "F5"])),
     "fjords[3]", "fjord 'F4' cannot be reached by water from 'A1'"),
]


@pytest.mark.parametrize(("mutate", "field", "problem"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_map_refusal_names_file_and_field(mutate, field, problem):
    raw = raw_map()
    mutate(raw)
    with pytest.raises(InvalidData) as refused:
        GAME.load_board(raw, SOURCE)
    message = refused.value.message
    assert message.startswith(f"{SOURCE}: {field}:" if field else f"{SOURCE}: ")
    assert problem in message


def test_map_that_is_not_an_object_is_refused():
    with pytest.raises(InvalidData, match=f"^{SOURCE}: expected an object"):
        GAME.load_board([], SOURCE)
