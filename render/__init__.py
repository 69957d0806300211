"""Board images: one package per game with a module-level `draw(state, viewer_seat | None, focus,
highlight, posted) -> bytes` (a PNG), built from shared modules by concern. Renderers are
pure: no Discord, no files, no clocks. The shared modules import no game, and render/ has no
import cycles (`tests/render/test_imports.py` checks both).

Basics, in import order (each may use the ones above it):

- `basics`   RGB, Point, Box, the neutral inks (INK, PAPER, MUTED, WHITE), `mix`
- `text`     fonts, `plain` (player text made drawable), `fit`, cached haloed text, `paste`
- `palette`  player styles: a colour, a shape and a letter each (8 colour-blind-safe, 18 in all)
- `lines`    dashed and dotted lines, arrow heads, arrows, routes, `towards`
- `marks`    marker shapes, supersampling, player markers, unit markers, tags, chip rows
- `legend`   cards and keys
- `png`      the fixed palette of a static layer, palette-PNG encoding (ISA-L deflate, chunks by hand)
- `layers`   the cached static layer per board (`LayerCache`)
- `header`   the board header every game draws: game and board titles, phase line, whose turn
- `posted`   the posted view's size rules (text read at Discord's 550-px preview), its status
             lines and a player strip's rows

Maps (what the next games need):

- `terrain`  terrain fills with a pattern and a letter, readable without colour
- `hexes`    pointy-top axial hex maps: geometry, names, terrain hexes, unit stacks, paths
- `areas`    polygon area maps: views and close-ups, land and water, labels, counts, arrows
- `tiles`    square tile territories: tiles from zones, roads, features; fitting; paths

A game's package builds its static layer once per board through `LayerCache` (the map, the
header's titles, the key, and the PNG palette from `png.build_palette`), then for each drawing
copies it, adds the pieces and the header's status lines, and returns `png.encode_png`.
"""
