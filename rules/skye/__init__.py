"""Isle of Skye with the Journeyman: the whole game, from setup to the winner.

`GAME` is the game object the host registers; `rules.skye.queries` answers what a seat may do now.
"""

from rules.skye.game import SkyeGame

GAME = SkyeGame()

__all__ = ["GAME", "SkyeGame"]
