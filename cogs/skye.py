"""/skye: Isle of Skye with the Journeyman (price, buy, keep, place, road, plan, use, advance, adjust).

The commands are made from the game's actions (`rules.skye.actions`, by `front.cog.GameCog`): the
options are read by the rules (`rules.skye.notation`, on the player's own view) and autocompleted
from their legal options. Tiles are named by id ("L12", "J3"), a tile of your territory also by
"castle" or its position "x,y" (north is +y, east is +x, the castle at 0,0).
"""

from __future__ import annotations

from discord.ext import commands

from front.cog import GameCog
from rules.skye import GAME
from rules.skye.state import SkyeState


class Skye(GameCog[SkyeState], group_name="skye", group_description="Isle of Skye with the Journeyman"):
    """Pricing, buying, placing, roads, the journeyman's plans and the table's bookkeeping."""

    rules = GAME


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Skye(bot))
