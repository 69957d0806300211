"""A click on one of Waypost's persistent buttons and menus is a request of its member's budget,
as a command is (`front.budget`, `front.bot.WaypostTree`): one member clicking as fast as they
can does not crowd the event loop either. Every persistent item is `Budgeted`; one for a single
member says who may use it in `allowed`.

A custom id is the client's to send, so it is not trusted either: an item acts only on the game of
the channel it was clicked in (a turn card's, which acts for the clicker wherever they play,
`travels`; a ping's, also from the bot's direct message standing for the ping, `from_dm`, for a
clicker seated in that game), every number its custom id carries is one Discord could have made, and a menu's value
is one of the options it offered (`unsound` says why a click may not act)."""

from __future__ import annotations

from typing import Any, cast

import discord

from front.budget import Budget
from front.replies import say_privately, table_of
from rules.errors import PlayerError
from rules.messages import Msg

SLOW_DOWN = Msg("You are sending commands faster than Waypost answers them; wait a few seconds.")
ID_LIMIT = 2**63  # Discord's ids are below it; a larger number in a custom id names nothing
ELSEWHERE = Msg("This button or menu belongs to another channel's game: it does nothing here.")
NOT_ON_MENU = Msg("That choice is not on the menu: pick one of the menu's options.")
MALFORMED = Msg("This button or menu is not one Waypost made: it does nothing.")
CUSTOM_ID_LIMIT = 100  # Discord's, for a component's custom id
NOT_SEATED = Msg("This button or menu is for a game you hold no seat in: it does nothing.")


class Budgeted:
    """A persistent button or menu (mixed in before `discord.ui.DynamicItem`) whose clicks spend
    the clicker's request budget: over it, the first is refused privately and the rest dropped.
    Its `channel_id`, if it has one, is the channel whose game it acts on."""

    travels = False  # a turn card's: usable from any channel (the table checks the clicker's seat in its own)
    from_dm = False  # a ping's: usable from a direct message too, by a clicker seated in its channel's game

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        budget: Budget | None = getattr(getattr(interaction.client, "tree", None), "budget", None)  # WaypostTree's
        verdict = budget.take(interaction.user.id) if budget is not None else "ok"
        if verdict == "refuse":
            await say_privately(interaction, SLOW_DOWN, refused=True)
        if verdict != "ok":
            return False
        problem = unsound(cast(discord.ui.DynamicItem[Any], self), interaction)
        channel = getattr(self, "channel_id", None)
        if not problem and channel is not None and self.from_dm and direct(interaction):
            problem = await unseated(interaction, channel)
        if problem:
            await say_privately(interaction, problem, refused=True)
            return False
        return await self.allowed(interaction)

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the clicker may use this item (else they are told privately why not): anyone."""
        return True


def unsound(item: discord.ui.DynamicItem[Any], interaction: discord.Interaction[Any]) -> str:
    """Why a click cannot act ("" if it can): a number in its custom id beyond any id, another
    channel's game (unless the item travels), a menu value the menu did not offer."""
    match = item.template.fullmatch(item.custom_id)
    if match is None or any(n.isdigit() and int(n) >= ID_LIMIT for n in match.groups() if n):
        return MALFORMED
    channel = getattr(item, "channel_id", None)
    away = not getattr(item, "travels", False) and not (getattr(item, "from_dm", False) and direct(interaction))
    if channel is not None and channel != interaction.channel_id and away:
        return ELSEWHERE
    if isinstance(item.item, discord.ui.Select) and chosen(interaction, item.custom_id) is None:
        return NOT_ON_MENU
    return ""


def direct(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from the bot's direct message with the clicker (no server, a DM channel)."""
    return interaction.guild_id is None and getattr(interaction.channel, "type", None) is discord.ChannelType.private


async def unseated(interaction: discord.Interaction[Any], channel_id: int) -> str:
    """Why the clicker may not act from a direct message on `channel_id`'s game ("" if they may):
    they hold no seat in it (or there is none)."""
    try:
        status = await table_of(interaction).status(channel_id)
    except PlayerError:
        return NOT_SEATED
    return "" if any(s.player_id == interaction.user.id for s in status.seats) else NOT_SEATED


def chosen(interaction: discord.Interaction[Any], custom_id: str) -> str | None:
    """The one value picked in menu `custom_id` of the interaction's message, if the menu offered it."""
    values = cast(dict[str, Any], interaction.data or {}).get("values") or []
    message = interaction.message
    menus = [c for row in (message.components if message is not None else [])
             for c in getattr(row, "children", [row]) if getattr(c, "custom_id", None) == custom_id]
    offered = {o.value for menu in menus for o in getattr(menu, "options", [])}
    return values[0] if len(values) == 1 and isinstance(values[0], str) and values[0] in offered else None


def checked(custom_id: str) -> str:
    """`custom_id`, refused (a bug, caught by tests/robust/test_components.py) when longer than
    Discord accepts."""
    if len(custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom id longer than {CUSTOM_ID_LIMIT} characters: {custom_id!r}")
    return custom_id
