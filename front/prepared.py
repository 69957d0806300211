"""The buttons of a player's prepared turn (issue 30), under the private message and the channel's
ping telling them it was not played, and under their turn card once a step is prepared: replay it
as prepared, play it if still legal, take it back, show it (`/prepared`'s replay, if legal, clear,
show). Each acts only for the player whose prepared turn it is, on their own turn prepared in the
game its custom id names (the table checks their seat there); anyone else is refused privately.
Like a turn card's, they travel: a card opened from another channel, or the direct message."""

from __future__ import annotations

import re
from typing import Any

import discord

from front.clicks import Budgeted
from front.replies import report_error, say_privately, table_of, user_of
from front.sender import ahead_button, run

DOING = {"replay": "replay", "legal": "if legal", "clear": "clear", "show": "show"}  # /prepared's do


class AheadButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"waypost:ahead:(?P<channel>\d+):(?P<user>\d+):(?P<do>replay|legal|clear|show)"):
    """One of a player's prepared turn's buttons."""

    travels = True

    def __init__(self, channel_id: int, user_id: int, do: str):
        super().__init__(ahead_button(channel_id, user_id, do))
        self.channel_id, self.user_id, self.do = channel_id, user_id, do

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AheadButton:
        return cls(int(match["channel"]), int(match["user"]), match["do"])

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await say_privately(interaction, f"⛔ These buttons are for <@{self.user_id}>'s own prepared turn, not "
                                         "yours: prepare yours with the game's commands or your turn card.")
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await run(interaction, table_of(interaction).prepared(self.channel_id, user_of(interaction),
                                                                  DOING[self.do]), self.channel_id)
        except Exception as error:  # buttons bypass the tree's error handler
            await report_error(interaction, error)
