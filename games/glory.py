"""Glory of Civilizations: maneuvers, exploring provinces, relics and the event rows."""

from render.glory import draw
from rules.glory import GAME
from waypost.registry import DATA, GameEntry

ENTRY = GameEntry(GAME, draw, DATA / "glory", cog="cogs.glory")
