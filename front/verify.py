"""The Verify button under a reveal: the log's whole record of it, with the proof the channel
leaves out (salts, the texts sealed) and how to check it against the fingerprints posted before, in
the reader's language."""

from __future__ import annotations

import re
from typing import Any

import discord

from front.clicks import Budgeted
from front.replies import NOBODY, escape, fit, reader, report_error, table_of, user_of
from front.sender import verify_button
from waypost.i18n import translate


class VerifyButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"waypost:verify:(?P<channel>\d+):(?P<seq>\d{1,9})"):
    """Shows log entry `seq` whole, privately, to whoever clicks (as they may read it)."""

    def __init__(self, channel_id: int, seq: int):
        super().__init__(verify_button(channel_id, seq))
        self.channel_id, self.seq = channel_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> VerifyButton:
        return cls(int(match["channel"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            lines = await table_of(interaction).verify(self.channel_id, user_of(interaction), self.seq)
            language = reader(interaction)
            await interaction.response.send_message(fit([escape(translate(line, language)) for line in lines]),
                                                    ephemeral=True,
                                                    allowed_mentions=NOBODY)
        except Exception as error:  # components bypass the tree's error handler
            await report_error(interaction, error)
