"""The table layer: every command a front end can send, between it and the rules.

For each command it loads the channel's game, checks seat, turn and permission, applies the
rules, records the change in one transaction and says whom to ping and what to draw, passing
every state through the game's view for whoever will see it. It knows nothing of Discord: the
cogs, the console and the tests all call it directly.

    Table = Lobby (new, join, leave, start, settings, end) + Play (act, choose, undo)
          + Deadlines (tick, skip, away, pause) + Looking (status, board, reach, view, decision,
          log, draw, live board, mine) + export and import (here)
"""

from __future__ import annotations

from rules.errors import IllegalMove, NotAllowed
from waypost import transfer
from waypost.deadlines import Deadlines
from waypost.fairness import Payer
from waypost.lobby import Lobby
from waypost.looking import Looking
from waypost.outcome import Outcome, User, clean_name

__all__ = ["Table"]


class Table(Lobby, Deadlines, Looking):
    """Commands for every channel's game. One per bot, sharing one Store."""

    async def export(self, channel_id: int, user: User) -> tuple[str, bytes]:
        """The game (in play or finished) and its log as a JSON file (name, bytes), as onlookers
        see it; built off the event loop, in the user's turn and charged to them."""
        loaded = await self._played(channel_id)
        if loaded.seat_of(user.id) is None and user.id != loaded.row.host_id and not user.manage_channels:
            raise NotAllowed("Only the players, the host and members who can manage channels can export the game.")
        if await self.store.hidden(loaded.row.id):
            raise IllegalMove("Secret plans are hidden right now; export once they have been revealed.")
        payer = Payer(user.id, loaded.row.guild_id)
        self.allowance.check(payer)
        exporter = transfer.Exporter(loaded.game, loaded.row, await self.store.seal_key(),
                                     await self.store.log_length(loaded.row.id))
        first = True
        async for rows in self.store.log_chunks(loaded.row.id):
            await self.reading.run(payer, exporter.add, rows, check=first)
            first = False
        file: tuple[str, bytes] = await self.reading.run(payer, exporter.file)
        return file

    async def import_game(self, channel_id: int, guild_id: int | None, user: User, data: bytes) -> Outcome:
        """Continue a previously exported game in this channel, after full validation. Only a player
        seated in the file may, and hosts it; the other seats are pinged for nothing until their
        players claim them (with /game join, or by playing). A game with a hidden deck has it
        shuffled again, so a copy cannot be used to peek at the original's."""
        async with self._locked(channel_id):
            if await self._load(channel_id) is not None:
                raise IllegalMove("This channel already has a game. End it first, or import elsewhere.")
            key = await self.store.seal_key()
            payer = Payer(user.id, guild_id)
            self.allowance.check(payer)
            row, entries, snapshots = await self.reading.run(payer, transfer.parse_export, data, self.games, key,
                                                             check=True)
            game = self.games[row.game_key]
            seated = [s.player_id for s in row.seats]
            if user.id not in seated:
                raise NotAllowed("Only a player seated in this game can import it, and the file has no seat for you.")
            row.channel_id, row.guild_id, row.host_id = channel_id, guild_id, user.id
            row.unclaimed = [i for i, player in enumerate(seated) if player != user.id]
            now = self._clock().isoformat()
            row.created_at = row.updated_at = now
            if game.rules.hidden_randomness:
                seed = self.new_seed()
                assert row.state is not None
                state = game.rules.reseed(game.rules.decode_state(row.state), seed)
                row.state = game.rules.encode_state(state)
                entries.append(self._entry(user, "reseed", {"seed": seed},
                                           "What was still face down was shuffled again for this copy of the game."))
                snapshots = {}  # taking back an action from before the shuffle would undo it
            text = (f"{clean_name(user.name)} imported a {game.rules.title} game ({len(entries)} log entries) and "
                    "hosts it. The other players claim their seats with /game join.")
            await self.store.create(row, [*entries, self._entry(user, "lobby", {"import": True}, text)], snapshots)
            loaded = await self._require(channel_id)
        return self._outcome(loaded, user, text, (), [], draw=True)
