"""/vikings: Tiny Epic Vikings (sail, place, return, dedicate, end, era, adjust).

The commands are made from the game's actions (`rules.vikings.actions`, by `front.cog.GameCog`):
the options are read by the rules (`rules.vikings.notation`) and autocompleted from their legal
options.
"""

from __future__ import annotations

from discord.ext import commands

from front.cog import GameCog
from rules.vikings import GAME
from rules.vikings.state import VikingsState


class Vikings(GameCog[VikingsState], group_name="vikings", group_description="Tiny Epic Vikings: sail, deploy, raid"):
    """Sailing, deploying, raiding and the table's own bookkeeping for Tiny Epic Vikings."""

    rules = GAME


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Vikings(bot))
