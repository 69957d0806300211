"""Tiny Epic Vikings sailing: the map, the state, the actions and their rules.

`GAME` is the game object the host registers. The renderer and the cog also use `reach`
(where a boat can sail) and `influence` (who has how much on an island).
"""

from rules.vikings.control import fury_text, influence
from rules.vikings.game import VikingsGame
from rules.vikings.sail import reach

GAME = VikingsGame()

__all__ = ["GAME", "VikingsGame", "fury_text", "influence", "reach"]
