"""Write Glory of Civilizations' data files (data/glory/) from the compact specs below, and print
an ASCII picture of each map.

    python -m tools.glory_data            # rewrite the files and show the maps
    python -m tools.glory_data --check    # exit 1 if a file differs from what the specs give

Provinces sit on the 7-hex tiling (centres where (3q + r) mod 7 is the map's `lattice`), so they
never overlap and tile the plane; a lattice point left out of a map is ocean (an inner sea).
Terrain letters: P plains, F forest, H hills, D desert, M mountains, W swamp (wetland), S sea;
7 letters per tile or province: the centre, then N, NE, SE, S, SW, NW.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rules import hexes

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "glory"
LETTERS = {"P": "plains", "F": "forest", "H": "hills", "D": "desert", "M": "mountains", "W": "swamp", "S": "sea"}
SHOWN = {v: k for k, v in LETTERS.items()} | {"ocean": "~", None: "?"}

UNITS = [
    {"name": "peasant", "plural": "peasants", "movement": 2, "kind": "land", "military": False, "sea_cost": 2,
     "short": "P"},
    {"name": "spearman", "plural": "spearmen", "movement": 2, "kind": "land", "military": True,
     "attack": {"min": 1, "max": 1, "melee": True}, "short": "Sp"},
    {"name": "swordsman", "plural": "swordsmen", "movement": 2, "kind": "land", "military": True,
     "attack": {"min": 1, "max": 1, "melee": True}, "short": "Sw"},
    {"name": "archer", "plural": "archers", "movement": 2, "kind": "land", "military": True,
     "attack": {"min": 1, "max": 2}, "short": "A"},
    {"name": "cavalryman", "plural": "cavalrymen", "movement": 3, "kind": "land", "military": True,
     "attack": {"min": 1, "max": 1, "melee": True}, "short": "C"},
    {"name": "catapult", "plural": "catapults", "movement": 1, "kind": "land", "military": True,
     "attack": {"min": 1, "max": 2}, "short": "Ca"},
    {"name": "trebuchet", "plural": "trebuchets", "movement": 1, "kind": "land", "military": True,
     "attack": {"min": 2, "max": 3}, "packing": True, "short": "T"},
    {"name": "galley", "plural": "galleys", "movement": 5, "kind": "vessel", "military": True,
     "attack": {"min": 1, "max": 2}, "short": "G"},
]

# name, title, terrain (centre, N, NE, SE, S, SW, NW), relic symbol, relic hex
TILES = [
    ("T01", "Green Vale", "PFPHPFP", "solid", 0),
    ("T02", "Amber Coast", "PSSPFHP", "outlined", 4),
    ("T03", "Iron Peaks", "MHMHPMH", "solid", 0),
    ("T04", "Reed Marsh", "WWPSPWF", "none", 0),
    ("T05", "Red Dunes", "DDHDPDD", "outlined", 0),
    ("T06", "Old Forest", "FFFHFPF", "solid", 2),
    ("T07", "Salt Bay", "SSSPDPS", "outlined", 4),
    ("T08", "High Pass", "MMPMHMP", "none", 0),
    ("T09", "River Fields", "PPWPPFP", "solid", 3),
    ("T10", "Cliff Harbour", "HSHMPPF", "outlined", 0),
    ("T11", "Shepherd Hills", "HHPHFHP", "none", 0),
    ("T12", "Mirror Lake", "SFPFPFP", "solid", 2),
    ("T13", "Sunken Delta", "WSWSPWP", "none", 0),
    ("T14", "Golden Steppe", "PPDPPDP", "outlined", 5),
    ("T15", "Ash Ridge", "MDMDHDH", "solid", 1),
    ("T16", "Fen Woods", "FWFWFPW", "none", 0),
    ("T17", "Twin Coves", "PSPPSPF", "outlined", 0),
    ("T18", "Stone Crossing", "HPMPHPF", "solid", 6),
    ("T19", "Eastern Shore", "FPSSSPH", "none", 0),
    ("T20", "Wild Moor", "WHWPWHD", "outlined", 3),
]

RELICS = [
    ("Crown of the First King", "The table's reward for a relic: worth 2 glory when the game ends."),
    ("Sunstone Compass", "Once per round its holder's galleys may ignore one depletion cube (the table applies it)."),
    ("Bronze Tablet of Laws", "Its holder may re-cast one voting cube during the achievement vote."),
    ("Horn of the North Wind", "Once per game: every army of its holder sheds one depletion cube."),
    ("Jade Serpent Idol", "Worth 1 glory, 3 if its holder owns a castle."),
    ("Oracle's Mirror", "Its holder may look at the top event card once per round."),
    ("Seal of the Twin Rivers", "Its holder's cities on sea coasts produce 1 more food."),
    ("Chalice of the Deep", "Worth 1 glory per galley its holder has when the game ends."),
]

EVENTS = [
    ("E01", "Bountiful Harvest", "Every player with a city next to plains gains 1 food."),
    ("E02", "Plague in the Cities", "Each player removes 1 peasant from the hex of their largest city."),
    ("E03", "Sea Storm", "Every galley on an ocean hex gets a depletion cube."),
    ("E04", "Wandering Scholars", "The player with the fewest technologies draws one technology card."),
    ("E05", "Border Skirmish", "Each player whose units stand next to another player's loses 1 of those units."),
    ("E06", "Great Festival", "Every player may move 1 voting cube from the bank onto any event card."),
    ("E07", "Drought", "Every army on a desert hex gets a depletion cube."),
    ("E08", "Rich Vein", "The player with the most units on hills or mountains gains 2 ore."),
    ("E09", "Mercenary Band", "The first player to pass this round recruits 1 swordsman in their capital free."),
    ("E10", "Flooded Granaries", "Each player discards half of their food, rounded down."),
    ("E11", "Envoys from Afar", "Each player gives 1 resource of their choice to the player on their left."),
    ("E12", "Comet in the Sky", "Each player holding a relic gains 1 culture."),
    ("E13", "Deserters", "Each player with 5 or more military units removes 1 of them."),
    ("E14", "Builders' Guild", "The next city or castle built this round costs 1 stone less."),
]

START_RING = "PFHPFW"  # a starting province's ring before its sea hex is set (N, NE, SE, S, SW, NW)


def start(centre: str, players: list[int], sea: int) -> dict[str, Any]:
    """A starting province at hex `centre`: capital in the centre, a sea hex at ring position
    `sea` (1–6) with a galley, the land army opposite."""
    c = hexes.read_hex(centre)
    assert c is not None
    ring = list(START_RING)
    ring[sea - 1] = "S"
    terrain = [LETTERS[x] for x in "P" + "".join(ring)]
    members = hexes.province(c)
    land = members[(sea + 2) % 6 + 1]
    assert terrain[members.index(land)] != "sea"
    units = [
        {"at": list(c), "unit": "peasant", "count": 2},
        {"at": list(c), "unit": "swordsman", "count": 1},
        {"at": list(land), "unit": "spearman", "count": 1},
        {"at": list(land), "unit": "archer", "count": 1},
        {"at": list(land), "unit": "cavalryman", "count": 1},
        {"at": list(members[sea]), "unit": "galley", "count": 1},
    ]
    return {"centre": list(c), "terrain": terrain,
            "start": {"players": players, "capital": list(c), "units": units}}


def face_down(centre: str) -> dict[str, Any]:
    c = hexes.read_hex(centre)
    assert c is not None
    return {"centre": list(c)}


MAPS = {
    "two-straits": {
        "title": "Two Straits", "min_players": 2, "max_players": 2, "columns": 14, "rows": 12,
        "provinces": [
            start("D10", [2], 5), start("L4", [2], 2),
            *map(face_down, ["C6", "D3", "E8", "F5", "G3", "G10", "I5", "J9", "K7"]),
        ],  # H7 stays ocean: an inner sea between the two coasts
    },
    "five-kingdoms": {
        "title": "Five Kingdoms", "min_players": 3, "max_players": 4, "columns": 19, "rows": 15,
        "provinces": [
            start("C3", [3, 4], 6), start("Q3", [3, 4], 2), start("J13", [3], 4),
            start("C10", [4], 5), start("Q10", [4], 3),
            *map(face_down, ["D7", "E5", "E12", "F9", "G7", "H4", "H11", "I9", "K4", "K11", "L8", "M6",
                             "M13", "N10", "O8", "P5", "P12"]),
        ],  # J6 and N3 stay ocean (inner seas)
    },
}


def tiles() -> list[dict[str, Any]]:
    out = []
    for name, title, letters, relic, at in TILES:
        tile: dict[str, Any] = {"name": name, "title": title, "terrain": [LETTERS[x] for x in letters],
                                "relic": relic}
        if relic != "none":
            tile["relic_at"] = at
        out.append(tile)
    return out


def files() -> dict[Path, Any]:
    out: dict[Path, Any] = {
        DATA / "units.json": UNITS,
        DATA / "tiles.json": tiles(),
        DATA / "relics.json": [{"name": n, "text": t} for n, t in RELICS],
        DATA / "events.json": [{"name": n, "title": t, "text": x} for n, t, x in EVENTS],
    }
    for name, spec in MAPS.items():
        out[DATA / "maps" / f"{name}.json"] = {"name": name, **spec}
    return out


def dumps(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def picture(path: Path) -> str:
    """The map as text, one line per row, two characters per hex (odd columns shifted down half
    a row are shown on the same line): ~ ocean, ? face down, letters for terrain, * capital."""
    from rules.glory import GAME

    data = {"map": json.loads(path.read_text()), **{p: json.loads((DATA / f"{p}.json").read_text())
                                                    for p in GAME.parts}}
    board = GAME.load_board(data, str(path))
    terrain = board.base_terrain(board.max_players)
    capitals = {board.hex_name(p.start.capital) for p in board.provinces if p.start}
    lines = ["   " + "".join(f"{hexes.column_letters(c):<2}" for c in range(board.columns))]
    for row in range(board.rows):
        cells = []
        for column in range(board.columns):
            name = board.hex_name(hexes.from_offset(column, row))
            mark = "*" if name in capitals else SHOWN[terrain[board.index[name]]]
            cells.append(f"{mark} ")
        lines.append(f"{row + 1:>2} " + "".join(cells))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    wanted = files()
    if "--check" in argv:
        stale = [p for p, data in wanted.items() if not p.exists() or p.read_text() != dumps(data)]
        for p in stale:
            print(f"{p.relative_to(ROOT)} differs from tools/glory_data.py")
        return 1 if stale else 0
    for path, data in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(data))
    for name in MAPS:
        print(f"{name}:\n{picture(DATA / 'maps' / f'{name}.json')}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
