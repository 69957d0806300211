"""/glory: Glory of Civilizations (maneuver, pass, end, adjust; armies, look, targets, cards to inspect).

Each command is one of the game's actions or looks: the options are read by the rules
(`rules.glory.notation`) and autocompleted from their legal options (`front.cog.GameCog`).
Exploring's rotation is a decision the host asks with a menu (or `/game choose`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from front.cog import GameCog
from rules.glory import GAME
from rules.glory.adjust import ADJUSTING
from rules.glory.options import PACKING
from rules.glory.state import GloryState

HexName = app_commands.Range[str, 1, 12]
Text = app_commands.Range[str, 1, 100]
Stops = app_commands.Range[str, 1, 300]
Count = app_commands.Range[int, 0, 99]


class Glory(GameCog[GloryState], group_name="glory", group_description="Glory of Civilizations: maneuver and explore"):
    """Maneuvers, exploring, turns and the table's own bookkeeping for Glory of Civilizations."""

    rules = GAME

    @app_commands.command(description="Move an undepleted army (split, drop, pick up, merge, march); "
                                      "into a face-down province it explores")
    @app_commands.describe(
        army="The hex of your undepleted army that maneuvers",
        to="Where it ends (its own hex: a 0-hex maneuver); a face-down province's hex: explore it",
        units="Which units move, like '2 cavalrymen, archer' (default: all of them)",
        path="The hexes on the way, like 'D5 E5 F6' (default: the cheapest route)",
        drops="Units left along the path, like 'E5: 1 archer; F6: 2 spearmen'",
        pickups="Your undepleted units taken along, like 'E5: 2 archers'",
        march="March: +1 movement point, two depletion cubes (strength -1 this round)",
        pack="Trebuchets: pack them at the start, or unpack at the end (1 movement point)",
    )
    @app_commands.choices(pack=[app_commands.Choice(name=label, value=value) for value, label in PACKING])
    async def maneuver(self, interaction: discord.Interaction, army: HexName, to: HexName, units: Text | None = None,
                       path: Stops | None = None, drops: Stops | None = None, pickups: Stops | None = None,
                       march: bool = False, pack: str | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(name="pass", description="Pass: no action this turn and no more turns this round")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="End your turn (free); you play again later this round")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set", value="The new number", player="Whose (the host, for another player; default you)",
        hex="The hex (units, packed, depletion, structure; relic: put it there)", unit="The unit type",
        name="Event card (votes: title, id or 'row 1, card 3'), relic, or city/castle/capital/none (structure)",
    )
    @app_commands.choices(what=[app_commands.Choice(name=f"{w}: {a.sets}", value=w) for w, a in ADJUSTING.items()])
    async def adjust(self, interaction: discord.Interaction, what: str, value: Count | None = None,
                     player: discord.User | None = None, hex: HexName | None = None, unit: Text | None = None,
                     name: Text | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Every player's armies, cubes and relics (or one player's)")
    @app_commands.describe(player="Only this player")
    async def armies(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await self.look(interaction)

    @app_commands.command(name="look", description="What is on a hex, and what an army there can attack")
    @app_commands.describe(hex="A hex, like D7")
    async def look_(self, interaction: discord.Interaction, hex: HexName) -> None:
        await self.look(interaction)

    @app_commands.command(description="What your armies can attack now, or one army after moving to a hex")
    @app_commands.describe(army="One of your armies (default: all of them)",
                           to="Where that army would end a maneuver (default: where it is)")
    async def targets(self, interaction: discord.Interaction, army: HexName | None = None,
                      to: HexName | None = None) -> None:
        await self.look(interaction)

    @app_commands.command(description="The event rows (with their texts), the relics, the piles left")
    async def cards(self, interaction: discord.Interaction) -> None:
        await self.look(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Glory(bot))
