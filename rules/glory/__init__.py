"""Glory of Civilizations maneuvers and exploration: the board, the state, the actions and their
rules.

`GAME` is the game object the host registers. Commands, autocomplete and the renderer use
`rules.glory.queries` (what a seat may do now) and `rules.hexes` (hex names and geometry).
"""

from rules.glory.game import GloryGame

GAME = GloryGame()

__all__ = ["GAME", "GloryGame"]
