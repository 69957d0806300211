"""Isle of Skye with the Journeyman: sealed prices, tiles, the journeyman's sealed plans, to a winner."""

from render.skye import draw, picture
from rules.skye import GAME
from waypost.registry import DATA, GameEntry

ENTRY = GameEntry(GAME, draw, DATA / "skye", cog="cogs.skye", picture=picture)
