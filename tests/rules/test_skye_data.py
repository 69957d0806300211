"""The shipped data: every file loads, the tile set is complete and placeable, the progress board is
the rules file's, the scoring data is whole; each kind of fault is refused naming file, field, fault."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules import serial
from rules.errors import InvalidData
from rules.skye import GAME
from rules.skye.land import Land
from rules.skye.model import SkyeBoard
from rules.skye.state import Placed
from tests.rules.skye_fixtures import DATA, board, raw
from tools import skye_balance, skye_tiles

MAPS = sorted(p.stem for p in (DATA / "maps").glob("*.json"))


@pytest.mark.parametrize("name", MAPS)
def test_every_shipped_setup_loads_and_round_trips(name):
    made = board(name)
    assert GAME.board_info(made).name == name
    again = serial.load(SkyeBoard, json.loads(json.dumps(serial.dump(made))))
    assert again == made


def test_the_tile_set_has_at_least_70_tiles_plus_8_journeyman_tiles_and_5_castles():
    tiles = board().tiles
    plain = [t for t in tiles.landscapes if not t.journeyman]
    assert len(plain) >= 70 and sum(t.journeyman for t in tiles.landscapes) == 8
    assert sorted(c.colour for c in tiles.castles) == sorted(GAME.colours)
    assert any(t.barrel == 2 and t.journeyman for t in tiles.landscapes)


def test_tiles_json_is_what_the_generator_writes():
    assert (DATA / "tiles.json").read_text(encoding="utf-8") == skye_tiles.text()


def test_every_tile_is_placeable_somewhere():
    made = board()
    castle = made.tiles.castles[0]
    alone = Land(made, (Placed(castle.id, 0, 0),), ())
    first = [t for t in made.tiles.landscapes if alone.can_place(t)]
    for tile in made.tiles.landscapes:
        if alone.can_place(tile):
            continue
        found = False
        for step in first:
            for x, y, rotations in alone.placements(step):
                for r in rotations:
                    if Land(made, (Placed(castle.id, 0, 0), Placed(step.id, x, y, r)), ()).can_place(tile):
                        found = True
                        break
                if found:
                    break
            if found:
                break
        assert found, tile.id


def test_the_balance_script_counts_terrains_and_features(capsys):
    assert skye_balance.main([]) == 0
    out = capsys.readouterr().out
    assert "landscape tiles: 84 (76 plain, 8 with the journeyman symbol); castles: 5" in out
    for word in ("pasture", "water", "mountain", "barrel", "sheep", "cattle", "farm", "broch", "lighthouse",
                 "ship", "scroll", "journeyman"):
        assert word in out


def test_the_progress_board_is_the_rules_files():
    progress = board().progress
    four, five = progress.side_for(3), progress.side_for(5)
    assert (four.name, five.name, four.segment_costs, four.start_shoes) == ("2-4", "5", (1, 3, 5, 8), 4)
    warrior, merchant, herald = four.tracks
    assert [s.need for s in warrior.spaces] == [
        "barrel", "sheep", "castle", "distance:2", "cattle", "completed:pasture", "broch", "distance:3",
        "lighthouse", "completed:mountain+water", "west", "castle"]
    assert [s.need for s in merchant.spaces] == [
        "ship", "farm", "castle", "barrel", "completed:water", "distance:3", "scroll", "north",
        "completed:mountain", "south", "north", "castle"]
    assert [s.need for s in herald.spaces] == [
        "farm", "sheep", "lighthouse", "castle", "completed:pasture", "scroll", "distance:4", "broch", "cattle",
        "completed:water", "east", "castle"]
    assert [s.fee for s in herald.spaces if s.fee] == [5, 8, 12]
    assert [(i + 1, s.slot) for t in four.tracks for i, s in enumerate(t.spaces) if s.slot] == [
        (2, "I"), (5, "II"), (8, "III"), (3, "I"), (6, "II"), (9, "III"), (5, "I"), (7, "II"), (10, "III")]
    assert [s.income for s in merchant.spaces if s.income] == [2, 4, 7]
    assert [s.income for s in five.tracks[1].spaces if s.income] == [2, 5, 7]
    assert max(s.shoes for s in merchant.spaces) == 8 and max(s.shoes for s in five.tracks[1].spaces) == 6
    assert [(s.vp, s.vp_round) for s in warrior.spaces if s.vp or s.vp_round] == [
        (0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (2, 0), (0, 4), (3, 0)]
    assert [s.vp for s in herald.spaces][-1] == 4 and [s.vp for s in merchant.spaces][-1] == 3
    assert sorted(b.id for b in progress.bonuses) == sorted([
        "third_marker", "advance", "one_road", "extra_movement", "five_gold", "two_roads", "no_axe", "bank_pays",
        "two_buys"])


def test_scoring_has_the_four_expansion_tiles_and_at_least_eight_originals_and_schedules():
    scoring = board().scoring
    assert sorted(t.kind for t in scoring.tiles if t.journeyman) == [
        "bridges", "broch_lines", "journeyman_distance", "matching_rows"]
    assert sum(not t.journeyman for t in scoring.tiles) >= 8
    classic = scoring.schedule("classic")
    assert classic.variant(6).score == ("A", "B", "AC", "BD", "ACD", "BCD")
    assert [scoring.rounds_for(n) for n in (2, 3, 4, 5)] == [6, 6, 6, 5]
    assert len(classic.variant(5).catch_up) == 5


# --- faults ---------------------------------------------------------------------------------------------------


def _landscape(data, i):
    return data["tiles"]["landscapes"][i]


FAULTS = [
    ("map", lambda d: d["map"].pop("title"), "maps/standard.json", "missing field 'title'"),
    ("map", lambda d: d["map"].update(min_players="two"), "maps/standard.json", "min_players: expected a whole number"),
    ("map", lambda d: d["map"].update(colour="red"), "maps/standard.json", "unknown field 'colour'"),
    ("map", lambda d: d["map"].update(max_players=6), "maps/standard.json", "max_players: players 2–6"),
    ("map", lambda d: d["map"].update(scoring_tiles=["lochs"]), "maps/standard.json", "scoring_tiles: 1 listed"),
    ("map", lambda d: d["map"].update(scoring_tiles=["lochs", "peaks", "glen", "nope"]), "maps/standard.json",
     "scoring_tiles[3]: 'nope' is not a scoring tile"),
    ("map", lambda d: d["map"].update(schedule="fast"), "maps/standard.json", "schedule: 'fast' is not a schedule"),
    ("map", lambda d: d["map"].update(castle_income=-1), "maps/standard.json", "castle_income: -1 is outside 0–20"),
    ("tiles", lambda d: _landscape(d, 0)["zones"][0]["edges"].pop(), "tiles.json",
     "landscapes[0].zones: edge 'w' is in no zone"),
    ("tiles", lambda d: _landscape(d, 18)["zones"][0]["edges"].append("n"), "tiles.json",
     "landscapes[18].zones[1].edges: edge 'n' is in zones 0 and 1"),
    ("tiles", lambda d: _landscape(d, 0)["zones"][0].update(terrain="lava"), "tiles.json",
     "landscapes[0].zones[0].terrain: 'lava' is not one of pasture, water, mountain"),
    ("tiles", lambda d: _landscape(d, 43).update(zones=[{"terrain": "water", "edges": ["n", "s"]},
                                                       {"terrain": "pasture", "edges": ["e", "w"]}]), "tiles.json",
     "landscapes[43].zones: zones 0 and 1 cross each other"),
    ("tiles", lambda d: _landscape(d, 0).update(roads=["x"]), "tiles.json",
     "landscapes[0].roads[0]: 'x' is not an edge"),
    ("tiles", lambda d: _landscape(d, 0).update(sheep=-1), "tiles.json", "landscapes[0].sheep: -1 is outside 0–4"),
    ("tiles", lambda d: _landscape(d, 0).update(ship=1), "tiles.json",
     "landscapes[0].ship: a ship needs a zone of water on its tile"),
    ("tiles", lambda d: _landscape(d, 0).update(roads=[]), "tiles.json",
     "landscapes[0].barrel: barrels need a road stub"),
    ("tiles", lambda d: _landscape(d, 0).update(scroll={"kind": "gold", "zone": 0}), "tiles.json",
     "landscapes[0].scroll.kind: 'gold' is not a scroll of scoring.json"),
    ("tiles", lambda d: _landscape(d, 0).update(scroll={"kind": "sheep", "zone": 3}), "tiles.json",
     "landscapes[0].scroll.zone: 3 is not a zone of this tile"),
    ("tiles", lambda d: _landscape(d, 1).update(id="L01"), "tiles.json",
     "landscapes[1].id: tile 'L01' is listed twice"),
    ("tiles", lambda d: d["tiles"]["castles"].pop(), "tiles.json", "castles: no castle for purple"),
    ("tiles", lambda d: d["tiles"].update(landscapes=[
        {"id": f"W{i}", "zones": [{"terrain": "water", "edges": ["n", "e", "s", "w"]}]} for i in range(15)]),
     "tiles.json", "landscapes[0]: tile 'W0' fits nowhere"),
    ("progress", lambda d: d["progress"]["sides"][0]["tracks"].reverse(), "progress.json",
     "sides[0].tracks: the tracks must be warrior, merchant, herald"),
    ("progress", lambda d: d["progress"]["sides"][0]["tracks"][0]["spaces"].pop(), "progress.json",
     "sides[0].tracks[0].spaces: 11 spaces; segments make 12"),
    ("progress", lambda d: d["progress"]["sides"][0]["tracks"][1]["spaces"][0].update(need="gold"), "progress.json",
     "sides[0].tracks[1].spaces[0].need: 'gold' is not a requirement"),
    ("progress", lambda d: d["progress"]["sides"][0]["tracks"][2]["spaces"][4].pop("slot"), "progress.json",
     "sides[0].tracks[2].spaces: slots II, III: each of I, II, III must be on one space"),
    ("progress", lambda d: d["progress"]["sides"].pop(), "progress.json", "sides: no side for 5 players"),
    ("progress", lambda d: d["progress"]["bonuses"][0].update(effect="teleport"), "progress.json",
     "bonuses[0].effect: 'teleport' is not an effect"),
    ("progress", lambda d: d["progress"]["bonuses"].pop(), "progress.json",
     "bonuses: 6 tiles for slots I/II and 2 for III"),
    ("scoring", lambda d: d["scoring"]["tiles"][4].update(kind="luck"), "scoring.json",
     "tiles[4].kind: 'luck' is not a scoring rule"),
    ("scoring", lambda d: d["scoring"]["tiles"][4].update(feature="gold"), "scoring.json",
     "tiles[4].feature: 'gold' is not a feature"),
    ("scoring", lambda d: d["scoring"]["schedules"][0]["variants"][2]["score"].__setitem__(0, "AE"), "scoring.json",
     "schedules[0].variants[2].score[0]: 'AE' must be distinct letters among A, B, C, D"),
    ("scoring", lambda d: d["scoring"]["schedules"][0]["variants"][2]["catch_up"].pop(), "scoring.json",
     "schedules[0].variants[2].catch_up: needs 6 amounts"),
    ("scoring", lambda d: d["scoring"]["rounds"].pop(), "scoring.json",
     "rounds: 5 players must be listed exactly once"),
]


@pytest.mark.parametrize(("part", "how", "file", "message"), FAULTS, ids=[f"{f[0]}:{f[3][:40]}" for f in FAULTS])
def test_faults_are_refused_naming_file_field_and_fault(part, how, file, message):
    data = raw()
    how(data)
    with pytest.raises(InvalidData) as refused:
        GAME.load_board(data, "data/skye/maps/standard.json")
    assert refused.value.message.startswith(f"data/skye/{file}: "), refused.value.message
    assert message in refused.value.message, refused.value.message


def test_a_setup_without_its_parts_is_refused():
    with pytest.raises(InvalidData, match="data/skye/maps/standard.json: missing 'tiles'"):
        GAME.load_board({"map": raw()["map"]}, "data/skye/maps/standard.json")
    with pytest.raises(InvalidData, match="expected an object"):
        GAME.load_board([], "x.json")


def test_an_imported_board_names_its_parts_as_parts_of_the_import():
    data = raw()
    data["tiles"]["landscapes"][0]["sheep"] = 9
    with pytest.raises(InvalidData, match=r"^import: tiles: landscapes\[0\].sheep: 9 is outside 0–4"):
        GAME.load_board(data, "import")


def test_a_state_with_a_broken_board_is_refused_by_check():
    from tests.rules.skye_fixtures import new_game

    state = new_game(3)
    broken = replace(state, board=replace(state.board, castle_income=-3))
    with pytest.raises(InvalidData, match="state.board: castle_income: -3 is outside 0–20"):
        GAME.check(broken)
