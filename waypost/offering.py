"""What a player may do now, as the table offers it (autocomplete, turn cards, scripted players):
the game's legal options (`rules.options`) on the asking player's own view, never anyone else's."""

from __future__ import annotations

import asyncio

from rules.errors import NoGame, PlayerError
from rules.options import Choice, Kind, Values
from waypost.channels import Channels, Loaded
from waypost.outcome import User


class Offering(Channels):
    """The legal options of a channel's game, for one user: [] when the channel has no game in play,
    the user neither plays nor hosts it, or nothing is legal."""

    async def kinds(self, channel_id: int, user: User) -> list[Kind]:
        """The action kinds `user` may take now."""
        loaded = await self._playing(channel_id, user)
        if loaded is None:
            return []
        actor = loaded.actor(user)
        return await asyncio.to_thread(loaded.game.rules.kinds, loaded.view(actor.seat), actor)

    async def choices(self, channel_id: int, user: User, game_key: str, kind: str, param: str,
                      chosen: Values) -> list[Choice]:
        """The legal values of `param` of action `kind` (of game `game_key`) for `user`, given the
        values `chosen` before it. A look's values are suggested to onlookers too (they may look)."""
        loaded = await self._load(channel_id)
        looking = loaded is not None and any(look.kind == kind for look in loaded.game.rules.looks)
        loaded = await self._playing(channel_id, user, anyone=looking)
        if loaded is None or loaded.game.key != game_key:
            return []
        actor = loaded.actor(user)
        try:
            return await asyncio.to_thread(loaded.game.rules.choices, loaded.view(actor.seat), actor, kind, param,
                                           chosen)
        except PlayerError:  # an unknown kind
            return []

    async def look(self, channel_id: int, user: User, game_key: str, look: str, values: Values) -> list[str]:
        """One of the game's read-only looks for `user`, on their own view (a finished game too)."""
        loaded = await self._played(channel_id)
        if loaded.game.key != game_key:
            theirs = self.game(game_key).rules.title
            raise NoGame(f"The game in this channel is {loaded.game.rules.title}, not {theirs}.")
        actor = loaded.actor(user)
        return await asyncio.to_thread(loaded.game.rules.report, loaded.view(actor.seat), actor, look, values)

    async def _playing(self, channel_id: int, user: User, anyone: bool = False) -> Loaded | None:
        """The channel's game in play, if `user` plays or hosts it (or `anyone`)."""
        loaded = await self._load(channel_id)
        if loaded is None or loaded.state is None or loaded.row.status != "active":
            return None
        actor = loaded.actor(user)
        return loaded if anyone or actor.seat is not None or actor.host else None
