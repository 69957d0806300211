"""A click on one of Waypost's persistent buttons and menus is a request of its member's budget,
as a command is (`front.budget`, `front.bot.WaypostTree`): one member clicking as fast as they
can does not crowd the event loop either. Every persistent item is `Budgeted`; one for a single
member says who may use it in `allowed`."""

from __future__ import annotations

from typing import Any

import discord

from front.budget import Budget
from front.replies import say_privately

SLOW_DOWN = "You are sending commands faster than Waypost answers them; wait a few seconds."


class Budgeted:
    """A persistent button or menu (mixed in before `discord.ui.DynamicItem`) whose clicks spend
    the clicker's request budget: over it, the first is refused privately and the rest dropped."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        budget: Budget | None = getattr(getattr(interaction.client, "tree", None), "budget", None)  # WaypostTree's
        verdict = budget.take(interaction.user.id) if budget is not None else "ok"
        if verdict == "refuse":
            await say_privately(interaction, f"⛔ {SLOW_DOWN}")
        return verdict == "ok" and await self.allowed(interaction)

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the clicker may use this item (else they are told privately why not): anyone."""
        return True
