"""Write `data/skye/tiles.json`, the project's original landscape tile set, from a compact table.

    python -m tools.skye_tiles            # rewrite the file
    python -m tools.skye_tiles --check    # exit 1 if the file differs from the table

A row is (zones, roads, features): zones are "TERRAIN:edges" groups (P pasture, W water, M
mountain; no edges: an enclosed lake or peak), roads the edges with a road stub, features
space-separated words (a word twice counts two; "scroll:KIND@ZONE" is a scroll of that kind in
zone number ZONE; "jm" the journeyman symbol). The file is the source of truth the game loads;
this table is how it was made.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "data" / "skye" / "tiles.json"
TERRAIN = {"P": "pasture", "W": "water", "M": "mountain"}
COLOURS = ("red", "blue", "yellow", "green", "purple")
CASTLE = ("P:nesw", "esw", "")

BASE = [
    # open pasture
    ("P:nesw", "ew", "barrel"),
    ("P:nesw", "ns", "barrel"),
    ("P:nesw", "ne", "sheep"),
    ("P:nesw", "es", "sheep sheep"),
    ("P:nesw", "nesw", "farm"),
    ("P:nesw", "new", "cattle"),
    ("P:nesw", "esw", "cattle cattle"),
    ("P:nesw", "e", "broch"),
    ("P:nesw", "", "sheep farm"),
    ("P:nesw", "ew", "cattle scroll:cattle@0"),
    ("P:nesw", "ns", "broch scroll:broch@0"),
    ("P:nesw", "sw", "barrel sheep"),
    ("P:nesw", "n", "farm cattle"),
    ("P:nesw", "ew", ""),
    ("P:nesw", "nes", "barrel"),
    ("P:nesw", "", "broch"),
    ("P:nesw", "ws", "sheep scroll:sheep@0"),
    ("P:nesw", "ne", "farm scroll:farm@0"),
    # pasture round an enclosed lake (zone 0)
    ("W: P:nesw", "ew", "ship"),
    ("W: P:nesw", "ns", "sheep"),
    ("W: P:nesw", "", "broch scroll:ship@0"),
    ("W: P:nesw", "es", "cattle"),
    ("W: P:nesw", "nw", "barrel"),
    # pasture round an enclosed peak (zone 0)
    ("M: P:nesw", "ew", "broch"),
    ("M: P:nesw", "ns", "sheep scroll:lighthouse@1"),
    ("M: P:nesw", "s", "barrel"),
    # coast
    ("W:n P:esw", "ew", "lighthouse"),
    ("W:n P:esw", "es", "ship"),
    ("W:n P:esw", "sw", "sheep"),
    ("W:n P:esw", "esw", "barrel"),
    ("W:n P:esw", "", "lighthouse scroll:lighthouse@1"),
    ("W:n P:esw", "ew", "cattle"),
    ("W:n P:esw", "s", "farm ship"),
    ("W:n P:esw", "es", "broch"),
    # corner loch
    ("W:ne P:sw", "sw", "ship"),
    ("W:ne P:sw", "sw", "barrel"),
    ("W:ne P:sw", "s", "lighthouse sheep"),
    ("W:ne P:sw", "w", "cattle"),
    ("W:ne P:sw", "", "farm"),
    ("W:ne P:sw", "sw", "scroll:barrel@1"),
    # river (pasture on both banks)
    ("W:ns P:e P:w", "", "ship"),
    ("W:ns P:e P:w", "ew", "barrel"),
    ("W:ns P:e P:w", "e", "sheep"),
    # two bays
    ("W:n W:s P:ew", "ew", "lighthouse"),
    ("W:n W:s P:ew", "ew", "cattle"),
    # headland
    ("W:nes P:w", "w", "lighthouse"),
    ("W:nes P:w", "w", "broch"),
    ("W:nes P:w", "", "ship sheep"),
    ("W:nes P:w", "w", "scroll:ship@0"),
    # open water
    ("W:nesw", "", "ship"),
    ("W:nesw", "", "ship ship"),
    ("W:nesw", "", ""),
    ("W:nesw P:", "", "broch lighthouse"),
    # mountain edge
    ("M:n P:esw", "ew", "barrel"),
    ("M:n P:esw", "es", "sheep"),
    ("M:n P:esw", "sw", "broch"),
    ("M:n P:esw", "esw", "cattle"),
    ("M:n P:esw", "", "farm scroll:sheep@1"),
    ("M:n P:esw", "ew", "barrel sheep"),
    # mountain corner
    ("M:ne P:sw", "sw", "broch"),
    ("M:ne P:sw", "sw", "sheep"),
    ("M:ne P:sw", "s", "barrel"),
    ("M:ne P:sw", "", "scroll:broch@0"),
    # ridge, massif, high peaks
    ("M:ns P:e P:w", "ew", "barrel"),
    ("M:ns P:e P:w", "", "sheep"),
    ("M:nes P:w", "w", "broch"),
    ("M:nes P:w", "", "sheep"),
    ("M:nesw", "", ""),
    ("M:nesw", "", "broch"),
    # mountains and water
    ("M:n W:s P:ew", "ew", "barrel"),
    ("M:n W:s P:ew", "e", "ship"),
    ("M:n W:s P:ew", "ew", "lighthouse"),
    ("M:n W:e P:sw", "sw", "cattle"),
    ("M:n W:e P:sw", "", "ship"),
    ("M:ne W:sw", "", "ship"),
    ("M:ne W:sw", "", "lighthouse"),
]

JOURNEYMAN = [
    ("P:nesw", "ne", "barrel barrel jm"),
    ("P:nesw", "ew", "sheep jm"),
    ("W:n P:esw", "esw", "lighthouse jm"),
    ("M:n P:esw", "sw", "cattle jm"),
    ("W:ne P:sw", "sw", "farm jm"),
    ("P:nesw", "nesw", "broch jm"),
    ("M:ns P:e P:w", "ew", "barrel barrel jm"),
    ("W: P:nesw", "ns", "scroll:cattle@1 jm"),
]


def tile(tile_id: str, row: tuple[str, str, str], colour: str = "") -> dict[str, Any]:
    zones_text, roads, features = row
    zones = []
    for group in zones_text.split():
        letter, edges = group.split(":")
        zones.append({"terrain": TERRAIN[letter], "edges": list(edges)})
    out: dict[str, Any] = {"id": tile_id, "zones": zones, "roads": list(roads)}
    counts = Counter(w for w in features.split() if w != "jm" and not w.startswith("scroll:"))
    out.update(sorted(counts.items()))
    for word in features.split():
        if word.startswith("scroll:"):
            kind, zone = word[len("scroll:"):].split("@")
            out["scroll"] = {"kind": kind, "zone": int(zone)}
    if "jm" in features.split():
        out["journeyman"] = True
    if colour:
        out["colour"] = colour
    return out


def tileset() -> dict[str, Any]:
    return {
        "castles": [tile(f"castle-{c}", CASTLE, c) for c in COLOURS],
        "landscapes": [tile(f"L{n:02d}", row) for n, row in enumerate(BASE, 1)]
        + [tile(f"J{n}", row) for n, row in enumerate(JOURNEYMAN, 1)],
    }


def text() -> str:
    lines = ['{\n  "castles": [']
    data = tileset()
    lines.append(",\n".join(f"    {json.dumps(t)}" for t in data["castles"]))
    lines.append('  ],\n  "landscapes": [')
    lines.append(",\n".join(f"    {json.dumps(t)}" for t in data["landscapes"]))
    lines.append("  ]\n}\n")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if "--check" in argv:
        same = OUT.read_text(encoding="utf-8") == text()
        print("tiles.json matches the table" if same else "tiles.json differs from the table")
        return 0 if same else 1
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT} ({len(BASE)} landscape tiles, {len(JOURNEYMAN)} with the journeyman symbol)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
