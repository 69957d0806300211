"""/glory: Glory of Civilizations (maneuver, pass, end, adjust; armies, look, targets, cards to inspect).

The commands are made from the game's actions and looks (`rules.glory`, by `front.cog.GameCog`):
the options are read by the rules (`rules.glory.notation`) and autocompleted from their legal
options. Exploring's rotation is a decision the host asks with a menu (or `/game choose`).
"""

from __future__ import annotations

from discord.ext import commands

from front.cog import GameCog
from rules.glory import GAME
from rules.glory.state import GloryState


class Glory(GameCog[GloryState], group_name="glory", group_description="Glory of Civilizations: maneuver and explore"):
    """Maneuvers, exploring, turns and the table's own bookkeeping for Glory of Civilizations."""

    rules = GAME


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Glory(bot))
