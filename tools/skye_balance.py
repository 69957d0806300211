"""Print the balance of the Isle of Skye tile set: counts per terrain and per feature.

    python -m tools.skye_balance [path/to/tiles.json]

Edges are counted per tile side (four a tile); zones per zone (enclosed lakes and peaks apart);
features as printed (a tile with two sheep counts two) and as tiles showing them.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data" / "skye"
TERRAINS = ("pasture", "water", "mountain")
FEATURES = ("barrel", "sheep", "cattle", "farm", "broch", "lighthouse", "ship")


def balance(tiles: dict[str, Any]) -> list[str]:
    land = tiles["landscapes"]
    edges: Counter[str] = Counter()
    zones: Counter[str] = Counter()
    enclosed: Counter[str] = Counter()
    printed: Counter[str] = Counter()
    showing: Counter[str] = Counter()
    scrolls: Counter[str] = Counter()
    stubs: Counter[int] = Counter()
    for tile in land:
        for zone in tile["zones"]:
            edges.update({zone["terrain"]: len(zone["edges"])})
            zones[zone["terrain"]] += 1
            if not zone["edges"]:
                enclosed[zone["terrain"]] += 1
        for feature in FEATURES:
            printed[feature] += tile.get(feature, 0)
            showing[feature] += bool(tile.get(feature, 0))
        if tile.get("scroll"):
            scrolls[tile["scroll"]["kind"]] += 1
        stubs[len(tile.get("roads", []))] += 1
    total_edges = sum(edges.values())
    journeyman = sum(1 for t in land if t.get("journeyman"))
    lines = [f"landscape tiles: {len(land)} ({len(land) - journeyman} plain, {journeyman} with the journeyman symbol); "
             f"castles: {len(tiles['castles'])}"]
    lines.append("terrain   edges        zones  enclosed")
    for terrain in TERRAINS:
        share = 100 * edges[terrain] / total_edges if total_edges else 0
        lines.append(f"{terrain:<9} {edges[terrain]:>4} ({share:4.1f}%) {zones[terrain]:>5} {enclosed[terrain]:>9}")
    lines.append("feature     printed  tiles")
    for feature in FEATURES:
        lines.append(f"{feature:<11} {printed[feature]:>7} {showing[feature]:>6}")
    lines.append(f"{'scroll':<11} {sum(scrolls.values()):>7} {sum(scrolls.values()):>6}  "
                 f"({', '.join(f'{k} {n}' for k, n in sorted(scrolls.items()))})")
    lines.append(f"{'journeyman':<11} {journeyman:>7} {journeyman:>6}")
    lines.append("road stubs per tile: " + ", ".join(f"{n}: {c}" for n, c in sorted(stubs.items())))
    return lines


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DATA / "tiles.json"
    print("\n".join(balance(json.loads(path.read_text(encoding="utf-8")))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
