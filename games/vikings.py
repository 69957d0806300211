"""Tiny Epic Vikings: sailing, docking, deploying, raiding and island control."""

from render.vikings import draw
from rules.vikings import GAME
from waypost.registry import DATA, GameEntry

ENTRY = GameEntry(GAME, draw, DATA / "vikings", cog="cogs.vikings")
