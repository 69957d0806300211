"""A quick look at a Mega Civilization map from its geometry alone (not the bot's board image).

    python -m tools.megaciv_preview oikumene [--out /tmp/oikumene.png] [--links] [--scale 0.5]

Land areas are shaded by population limit (0 pale sand … 5 deep green); open seas are deep blue,
coastal water pale blue. Each area shows its name and limit; a city site is a white square, a
coastal area's port a small ring, start areas carry their civilization's mark. `--links` draws
land adjacency (brown) and water adjacency (blue) between label points.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "megaciv"
LIMIT_FILL = ("#e8dcb0", "#cfe0a0", "#a9cf82", "#86bd67", "#62a64f", "#3f8a3a")
SEA, COAST = "#3d6fa8", "#a9cbe8"


def draw(name: str, scale: float, links: bool) -> Image.Image:
    data = json.loads((DATA / "maps" / f"{name}.json").read_text(encoding="utf-8"))
    civs = {c["name"]: c for c in json.loads((DATA / "civilizations.json").read_text(encoding="utf-8"))}
    w, h = round(data["width"] * scale), round(data["height"] * scale)
    image = Image.new("RGB", (w, h), COAST)
    pen = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(8, round(13 * scale)))
    small = ImageFont.load_default(size=max(7, round(11 * scale)))
    areas = {a["name"]: a for a in data["areas"]}

    def pt(xy: list[int]) -> tuple[float, float]:
        return xy[0] * scale, xy[1] * scale

    for a in data["areas"]:
        shape = [float(v) * scale for pair in a["shape"].split() for v in pair.split(",")]
        fill = SEA if a["kind"] == "sea" else LIMIT_FILL[min(a.get("limit", 0), 5)]
        pen.polygon(shape, fill=fill, outline="#4a3b28" if a["kind"] == "land" else "#2c5182")
    if links:
        for group, colour in (("land", "#8b4513"), ("water", "#1040ff")):
            for x, y in data[group]:
                pen.line([pt(areas[x].get("port", areas[x]["label"]) if group == "water" else areas[x]["label"]),
                          pt(areas[y].get("port", areas[y]["label"]) if group == "water" else areas[y]["label"])],
                         fill=colour, width=1)
    marks = {a: civs[s["civ"]] for s in data["starts"] for a in s["areas"]}
    for a in data["areas"]:
        x, y = pt(a["label"])
        if a["kind"] == "sea":
            pen.text((x, y), a["name"], fill="white", font=small, anchor="mm")
            continue
        text = f"{a['name']} {a.get('limit', 0)}"
        pen.text((x, y - 6 * scale), text, fill="black", font=small, anchor="mm")
        if a.get("city_site"):
            r = 5 * scale
            pen.rectangle([x - r, y + 4 * scale, x + r, y + 4 * scale + 2 * r], fill="white", outline="black")
        if a["name"] in marks:
            civ = marks[a["name"]]
            r = 9 * scale
            cx, cy = x + 16 * scale, y + 9 * scale
            pen.ellipse([cx - r, cy - r, cx + r, cy + r], fill=civ["rgb"], outline="black")
            pen.text((cx, cy), civ["mark"], fill=civ["ink"], font=font, anchor="mm")
        if "port" in a:
            px, py = pt(a["port"])
            r = 3 * scale
            pen.ellipse([px - r, py - r, px + r, py + r], outline="#102040")
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name")
    parser.add_argument("--out", default=None)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--links", action="store_true")
    args = parser.parse_args(argv)
    out = args.out or f"/tmp/megaciv-{args.name}.png"
    draw(args.name, args.scale, args.links).save(out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
