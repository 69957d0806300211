"""Board images: one module per game with `draw(state, viewer_seat | None) -> bytes` (a PNG).

`render.common` holds what every renderer shares: fonts, the colour-blind-safe player palette
(a colour, a shape and a letter per player colour), haloed text, markers, legends and PNG
encoding. Renderers are pure: no Discord, no files, no clocks.
"""
