"""What a channel of the stand-in is sent from now on (the quiet channel's tests, issue 23 §2)."""

from __future__ import annotations

from offline import OfflineDiscord
from offline.standin import Message


class Channel:
    """What a channel of the stand-in is sent from now on: new public messages, and edits in place."""

    def __init__(self, discord_: OfflineDiscord, name: str):
        self.discord, self.id = discord_, discord_.builder.directory.channel_id(name)
        self.seen = set(discord_.standin.messages)

    def posts(self) -> list[Message]:
        new = sorted(set(self.discord.standin.messages) - self.seen)
        found = [self.discord.standin.message(m) for m in new]
        return [m for m in found if m.channel_id == self.id and not m.ephemeral]

    def boards(self) -> list[Message]:
        return [m for m in self.posts() if m.attachments]
