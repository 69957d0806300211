"""Board images: one package (or module) per game with `draw(state, viewer_seat | None) -> bytes`
(a PNG), built from shared parts by concern. Renderers are pure: no Discord, no files, no clocks.

Shared parts (none imports a game; `tests/render/test_imports.py` keeps render/ free of cycles):

- `basics`   RGB, Point, Box, the neutral inks (INK, PAPER, MUTED), `mix`
- `text`     fonts, `plain` (player text made drawable), cached haloed text sprites, `paste`
- `palette`  player styles: a colour, a shape and a letter each (8 colour-blind-safe, 18 in all)
- `marks`    marker shapes, supersampling, player markers and tags (cached sprites)
- `lines`    dashed and dotted lines, arrows, routes, `towards`
- `legend`   cards and keys
- `png`      the fixed palette of a static layer and palette-PNG encoding
- `layers`   the cached static layer per board (`LayerCache`)
- `header`   the board header every game draws: game and board titles, phase line, whose turn

A game package draws its static layer once per board (through `LayerCache`, with the header's
titles and the PNG palette), then for each drawing copies it and adds the pieces and the
header's status lines.
"""
