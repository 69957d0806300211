"""The table layer: every command a front end can send, between it and the rules.

For each command it loads the channel's game, checks seat, turn and permission, applies the
rules, records the change in one transaction and says whom to ping and what to draw, passing
every state through the game's view for whoever will see it. It knows nothing of Discord: the
cogs, the console and the tests all call it directly.

    Table = Lobby (new, join, leave, start, settings, end) + Play (act, choose, undo)
          + Deadlines (tick, skip, away, pause) + Looking (status, board, reach, view, decision,
          log, draw, live board, mine) + Offering (kinds, choices: the legal options)
          + export and import (here)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection

from rules.errors import IllegalMove, InvalidData, NotAllowed
from rules.text import article
from waypost import transfer
from waypost.deadlines import Deadlines
from waypost.fairness import Payer
from waypost.lobby import Lobby
from waypost.looking import Looking
from waypost.offering import Offering
from waypost.outcome import Outcome, User, clean_name
from waypost.secrecy import first_hidden, withdrawn

__all__ = ["Members", "Table"]

Members = Callable[[Collection[int]], Awaitable[Collection[int]]]  # which of these ids are people of the server


class Table(Lobby, Deadlines, Looking, Offering):
    """Commands for every channel's game. One per bot, sharing one Store."""

    async def export(self, channel_id: int, user: User) -> tuple[str, bytes]:
        """The game (in play or finished) and its log as a JSON file (name, bytes), as onlookers
        see it; built off the event loop, in the user's turn and charged to them."""
        loaded = await self._played(channel_id)
        if loaded.seat_of(user.id) is None and user.id != loaded.row.host_id and not user.manage_channels:
            raise NotAllowed("Only the players, the host and members who can manage channels can export the game.")
        withheld = await self._withdrawn(loaded.row.id)
        payer = Payer(user.id, loaded.row.guild_id)
        self.allowance.check(payer)
        exporter = transfer.Exporter(loaded.game, loaded.row, await self.store.seal_key(),
                                     await self.store.log_length(loaded.row.id), withheld)
        first = True
        async for rows in self.store.log_chunks(loaded.row.id):
            await self.reading.run(payer, exporter.add, rows, check=first)
            first = False
        file: tuple[str, bytes] = await self.reading.run(payer, exporter.file)
        return file

    async def _withdrawn(self, game_id: int) -> set[int]:
        """The unrevealed entries of seals taken back, which an export seals (`secrecy.withdrawn`);
        refused while a seal is still hidden in play (`secrecy.first_hidden`)."""
        if not await self.store.hidden(game_id):
            return set()
        length = await self.store.log_length(game_id)
        since = await self.store.log_page(game_id, 0, length - await self.store.revealed_up_to(game_id))
        if first_hidden(since[::-1]) is not None:
            raise IllegalMove("Secret plans are hidden right now; export once they have been revealed.")
        return withdrawn(since)

    async def import_game(self, channel_id: int, guild_id: int | None, user: User, data: bytes, members: Members,
                          until: int | None = None) -> Outcome:
        """Continue a previously exported game in this channel, after full validation
        (`transfer.parse_export`; with `until`, the game up to that log entry, a finished one too).
        Only a player seated in the file may, and hosts it; every seat must be held by someone
        `members` says is a person of this server (it answers which of the ids it is given are);
        the other seats are pinged for nothing until their players claim them (with /game join,
        or by playing). A game with hidden randomness has what is still hidden shuffled again, so a
        copy cannot be used to peek at the original's."""
        async with self._locked(channel_id):
            if await self._load(channel_id) is not None:
                raise IllegalMove("This channel already has a game. End it first, or import elsewhere.")
            key = await self.store.seal_key()
            payer = Payer(user.id, guild_id)
            self.allowance.check(payer)
            imported = await self.reading.run(payer, transfer.parse_export, data, self.games, key, until, check=True)
            row, entries, snapshots = imported.row, imported.log, imported.snapshots
            game = self.games[row.game_key]
            seated = [s.player_id for s in row.seats]
            if user.id not in seated:
                raise NotAllowed("Only a player seated in this game can import it, and the file has no seat for you.")
            people = set(await members(seated))
            strangers = [f"{s.name} ({s.colour})" for s in row.seats if s.player_id not in people]
            if strangers:
                one = len(strangers) == 1
                raise InvalidData(f"seats: {', '.join(strangers)} {'is not a member' if one else 'are not members'} "
                                  f"of this server, or {'is a bot' if one else 'are bots'}; every seat must be held "
                                  "by a person here who can claim it.")
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
            upto = f" up to log entry {until}" if until is not None else ""
            text = (f"{clean_name(user.name)} imported {article(game.rules.title)} game{upto} ({len(entries)} log "
                    "entries) and hosts it. The other players claim their seats with /game join.")
            if not imported.signed:
                text += (" The file is not one this Waypost exported unchanged: the rules checked every move in it, "
                         "but who made each one rests on the file's word.")
            await self.store.create(row, [*entries, self._entry(user, "lobby", {"import": True}, text)], snapshots)
            loaded = await self._require(channel_id)
        return self._outcome(loaded, user, text, (), [], draw=True)
