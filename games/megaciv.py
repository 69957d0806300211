"""Mega Civilization: the Movement phase for up to 18 players; the other phases kept by the table."""

from render.megaciv import draw
from render.megaciv.sprites import marker
from rules.megaciv import GAME
from waypost.registry import DATA, GameEntry

ENTRY = GameEntry(GAME, draw, DATA / "megaciv", cog="cogs.megaciv", marker=marker)
