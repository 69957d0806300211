"""The table layer: every command a front end can send, between it and the rules.

For each command it loads the channel's game, checks seat, turn and permission, applies the
rules, records the change in one transaction and says whom to ping and what to draw, passing
every state through the game's view for whoever will see it. It knows nothing of Discord: the
cogs, the console and the tests all call it directly, through `Table`, a facade over services
with one job each, every one over `Channels` (load, cache, lock, save):

    Lobby (new, join, leave, start, settings, end)    Play (act, command, choose, undo; Ahead:
    turns prepared ahead, played when they come)
    Deadlines (tick, skip, away, pause; plays through Play)    Looking (status, board, reach,
    view, decision, log, draw, live board, mine)    Offering (kinds, card, step, choices: the
    legal options)    Transfers (export and import, here)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from rules.base import Action, Awaiting, Piece
from rules.errors import IllegalMove, InvalidData, NotAllowed
from rules.messages import Msg, Plural, joined
from rules.options import Choice, Kind, Step, Values
from waypost import drawing, telling, transfer
from waypost.channels import Channels, random_seed, utcnow
from waypost.config import Config
from waypost.deadlines import Deadlines
from waypost.fairness import TABLE, Allowance, Lane, Payer, metered
from waypost.i18n import SOURCE
from waypost.lobby import Lobby
from waypost.looking import Looking
from waypost.offering import Card, Offering
from waypost.outcome import Covered, Drawing, Drawn, LogPage, Mine, Outcome, Seen, Status, User, clean_name
from waypost.play import Play
from waypost.records import GameRow, LogEntry, Outgoing
from waypost.registry import GameEntry
from waypost.secrecy import first_hidden, withdrawn
from waypost.shards import Shards
from waypost.storage import Store

__all__ = ["Members", "Table"]

Members = Callable[[Collection[int]], Awaitable[Collection[int]]]  # which of these ids are people of the server
READERS = 2  # threads reading and writing exports and imports at once


async def threaded(work: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """The readers' runner: work run in a thread, with the CPU seconds it took there."""
    return await asyncio.to_thread(metered, work, *args)


class Transfers:
    """A game leaving as an export file and coming back by import, read and written in the
    `reading` lane (threads), charged to the user's `allowance`."""

    def __init__(self, channels: Channels, allowance: Allowance, reading: Lane):
        self.channels, self.allowance, self.reading = channels, allowance, reading
        self.store = channels.store
        self.games = channels.games

    async def export(self, channel_id: int, user: User) -> tuple[str, bytes]:
        """The game (in play or finished) and its log as a JSON file (name, bytes), as onlookers
        see it; built off the event loop, in the user's turn and charged to them."""
        loaded = await self.channels.started(channel_id)
        if loaded.seat_of(user.id) is None and user.id != loaded.row.host_id and not user.manage_channels:
            raise NotAllowed(Msg("Only the players, the host and members who can manage channels can export the game."))
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
            raise IllegalMove(Msg("Secret plans are hidden right now; export once they have been revealed."))
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
        async with self.channels.locked(channel_id):
            if await self.channels.load(channel_id) is not None:
                raise IllegalMove(Msg("This channel already has a game. End it first, or import elsewhere."))
            key = await self.store.seal_key()
            payer = Payer(user.id, guild_id)
            self.allowance.check(payer)
            imported = await self.reading.run(payer, transfer.parse_export, data, self.games, key, until, check=True)
            row, entries, snapshots = imported.row, imported.log, imported.snapshots
            game = self.games[row.game_key]
            seated = await _seated_here(row, user, members)
            row.channel_id, row.guild_id, row.host_id = channel_id, guild_id, user.id
            row.unclaimed = [i for i, player in enumerate(seated) if player != user.id]
            now = self.channels.now().isoformat()
            row.created_at = row.updated_at = now
            if game.rules.hidden_randomness:
                entries.append(self._shuffle_again(row, game, user))
                snapshots = {}  # taking back an action from before the shuffle would undo it
            text = _imported(clean_name(user.name), game.rules.title, until, len(entries))
            if not imported.signed:
                text = joined([text, Msg("The file is not one this Waypost exported unchanged: the rules checked "
                                         "every move in it, but who made each one rests on the file's word.")])
            await self.store.create(row, [*entries, self.channels.entry(user, "lobby", {"import": True}, text)],
                                    snapshots)
            loaded = await self.channels.require(channel_id)
        return telling.outcome(loaded, user, text, (), [], draw=True)

    def _shuffle_again(self, row: GameRow, game: GameEntry, user: User) -> LogEntry:
        """Shuffle again what an imported game still hides (a new seed); the log entry saying so."""
        seed = self.channels.new_seed()
        assert row.state is not None
        state = game.rules.reseed(game.rules.decode_state(row.state), seed)
        row.state = game.rules.encode_state(state)
        return self.channels.entry(user, "reseed", {"seed": seed},
                                   Msg("What was still face down was shuffled again for this copy of the game."))


async def _seated_here(row: GameRow, user: User, members: Members) -> list[int]:
    """The players seated in an imported game, once the importer is one of them and `members` says
    every one is a person of this server."""
    seated = [s.player_id for s in row.seats]
    if user.id not in seated:
        raise NotAllowed(Msg("Only a player seated in this game can import it, and the file has no seat for you."))
    people = set(await members(seated))
    strangers = [f"{s.name} ({s.colour})" for s in row.seats if s.player_id not in people]
    if strangers:
        one = len(strangers) == 1
        raise InvalidData(f"seats: {', '.join(strangers)} {'is not a member' if one else 'are not members'} "
                          f"of this server, or {'is a bot' if one else 'are bots'}; every seat must be held "
                          "by a person here who can claim it.")
    return seated


class Table:
    """Commands for every channel's game, one per bot over one Store: a facade handing each command
    to the service whose job it is (front ends, the console, tests and scripts hold only this)."""

    channels_type: type[Channels] = Channels  # a table over a database others write reads it afresh

    def __init__(self, store: Store, games: Mapping[str, GameEntry], clock: Callable[[], datetime] = utcnow,
                 cache_size: int = 256, seeds: Callable[[], int] = random_seed, shards: Shards | None = None,
                 allowance: Allowance | None = None):
        """`clock` and `seeds` are where the table's time and new games' seeds come from (a test or
        script may give its own). `shards`: the servers whose periodic work is this table's (None:
        all of them). `allowance`: what each user and server may spend on heavy work, done in lanes
        that serve users fairly (`waypost.fairness`; None: as `Config` sets it by default)."""
        self.allowance = allowance if allowance is not None else Config("", "", None, "INFO").allowance()
        drawn = Lane(drawing.workers(), drawing.runner(drawing.DRAW), self.allowance, guess=0.05)
        looked_back = Lane(drawing.workers(), drawing.runner(drawing.LOOK_BACK), self.allowance, guess=1.0)
        read = Lane(READERS, threaded, self.allowance, guess=0.1)
        self.channels = self.channels_type(store, games, clock, cache_size, seeds)
        self.store, self.games, self.shards = store, self.channels.games, shards
        self.lobby = Lobby(self.channels)
        self.play = Play(self.channels)
        self.deadlines = Deadlines(self.channels, self.play, shards)
        self.looking = Looking(self.channels, self.allowance, drawn, looked_back)
        self.offering = Offering(self.channels)
        self.transfers = Transfers(self.channels, self.allowance, read)

    def now(self) -> datetime:
        """The table's time (a test may turn its clock)."""
        return self.channels.now()

    def game(self, key: str) -> GameEntry:
        """The game called `key`; BadInput naming the games there are if none is."""
        return self.channels.game(key)

    # --- the store, for the Discord side: the outbox, members' choices, processes' turns ---
    async def outbox(self, limit: int = 50) -> list[Outgoing]:
        """Posts waiting to be delivered for this table's servers, oldest first."""
        return await self.store.unsent(limit, self.shards)

    async def sending(self, post_id: int, text: str, after: int) -> None:
        """Note, before sending it, that a post is being sent: its text, and a message id it will follow."""
        await self.store.sending(post_id, text, after)

    async def sent(self, post_id: int) -> None:
        """Note that a post was delivered, now."""
        await self.store.sent(post_id, self.now().isoformat())

    async def member(self, user_id: int) -> tuple[bool, bool]:
        """A member's choices: direct messages when a game waits for them, and when they are hit."""
        return await self.store.member(user_id)

    async def set_member(self, user_id: int, dm_turn: bool, dm_hits: bool) -> None:
        """Keep a member's choices of direct messages."""
        await self.store.set_member(user_id, dm_turn, dm_hits)

    async def language(self, channel_id: int) -> str | None:
        """The language the channel's open game speaks in the channel (its host setting; None: no game)."""
        loaded = await self.channels.load(channel_id)
        return telling.language(loaded) if loaded is not None else None

    async def take_turn(self, name: str, every: float) -> None:
        """Wait until `every` seconds have passed since any process over this store last took the turn
        `name`, then take it."""
        await self.store.take_turn(name, every)

    async def close(self) -> None:
        """Close the store (the bot shutting down)."""
        await self.store.close()

    # --- Lobby: opening a game, seats, settings, starting and ending ---
    async def new(self, channel_id: int, guild_id: int | None, user: User, game_key: str,
                  board_name: str | None = None, locale: str | None = None) -> Outcome:
        return await self.lobby.new(channel_id, guild_id, user, game_key, board_name, locale)

    async def join(self, channel_id: int, user: User, colour: str | None = None, language: str = SOURCE) -> Outcome:
        return await self.lobby.join(channel_id, user, colour, language)

    async def leave(self, channel_id: int, user: User) -> Outcome:
        return await self.lobby.leave(channel_id, user)

    async def substitute(self, channel_id: int, user: User, player: int, to: User) -> Outcome:
        return await self.lobby.substitute(channel_id, user, player, to)

    async def hand_host(self, channel_id: int, user: User, to: int) -> Outcome:
        return await self.lobby.hand_host(channel_id, user, to)

    async def start(self, channel_id: int, user: User) -> Outcome:
        return await self.lobby.start(channel_id, user)

    async def settings(self, channel_id: int, user: User, name: str | None = None,
                       value: str | None = None) -> Outcome:
        return await self.lobby.settings(channel_id, user, name, value)

    async def may_end(self, channel_id: int, user: User) -> tuple[int, str]:
        return await self.lobby.may_end(channel_id, user)

    async def end(self, channel_id: int, user: User, game_id: int | None = None) -> Outcome:
        return await self.lobby.end(channel_id, user, game_id)

    # --- Play: actions, decisions answered, take-backs ---
    async def act(self, channel_id: int, user: User, game_key: str, action: Action) -> Outcome:
        return await self.play.act(channel_id, user, game_key, action)

    async def command(self, channel_id: int, user: User, game_key: str, kind: str, values: Values,
                      language: str = SOURCE) -> Outcome:
        return await self.play.command(channel_id, user, game_key, kind, values, language)

    async def choose(self, channel_id: int, user: User, choice: str, key: str = "", language: str = SOURCE) -> Outcome:
        return await self.play.choose(channel_id, user, choice, key, language)

    async def undo(self, channel_id: int, user: User) -> Outcome:
        return await self.play.undo(channel_id, user)

    async def prepared(self, channel_id: int, user: User, doing: str = "show") -> Outcome:
        """The user's prepared turn (issue 30): show, clear, replay, or how it is played."""
        async with self.channels.locked(channel_id):
            return await self.play.ahead.manage(await self.play.playing(channel_id), user, doing,
                                                 self.play.record)

    # --- Deadlines: clocks, away players, a paused game ---
    async def tick(self, limit: int = 50) -> int:
        return await self.deadlines.tick(limit)

    async def skip(self, channel_id: int, user: User, player: int) -> Outcome:
        return await self.deadlines.skip(channel_id, user, player)

    async def away(self, channel_id: int, user: User, days: int) -> Outcome:
        return await self.deadlines.away(channel_id, user, days)

    async def away_everywhere(self, user: User, guild_id: int | None, days: int, here: int) -> list[Covered]:
        return await self.deadlines.away_everywhere(user, guild_id, days, here)

    async def pause(self, channel_id: int, user: User, paused: bool) -> Outcome:
        return await self.deadlines.pause(channel_id, user, paused)

    # --- Looking: status, boards, history, views ---
    async def status(self, channel_id: int, away_spent_too: bool = False) -> Status:
        return await self.looking.status(channel_id, away_spent_too)

    async def board(self, channel_id: int, user: User, private: bool = False, focus: str | None = None,
                    at: int | None = None, full: bool = False) -> Outcome:
        return await self.looking.board(channel_id, user, private, focus, at, full)

    async def movers(self, channel_id: int, user: User) -> list[Piece]:
        return await self.looking.movers(channel_id, user)

    async def reach(self, channel_id: int, user: User, piece: str) -> Outcome:
        return await self.looking.reach(channel_id, user, piece)

    async def since(self, channel_id: int, user: User) -> LogPage:
        return await self.looking.since(channel_id, user)

    async def recap(self, channel_id: int, user: User, count: int | None, limit: int) -> tuple[bytes, int]:
        return await self.looking.recap(channel_id, user, count, limit)

    async def focuses(self, channel_id: int, user: User) -> list[tuple[str, str]]:
        return await self.looking.focuses(channel_id, user)

    async def view(self, channel_id: int, user: User) -> Seen[Any] | None:
        return await self.looking.view(channel_id, user)

    async def decision(self, channel_id: int, user: User, key: str | None = None) -> Awaiting | None:
        return await self.looking.decision(channel_id, user, key)

    async def withdrawn(self, channel_id: int, asked: int) -> bool:
        return await self.looking.withdrawn(channel_id, asked)

    async def log(self, channel_id: int, user: User, page: int = 1) -> LogPage:
        return await self.looking.log(channel_id, user, page)

    async def mine(self, user: User, guild_id: int | None) -> list[Mine]:
        return await self.looking.mine(user, guild_id)

    async def live_board(self, channel_id: int) -> int | None:
        return await self.looking.live_board(channel_id)

    async def keep_live_board(self, channel_id: int, message_id: int) -> None:
        return await self.looking.keep_live_board(channel_id, message_id)

    async def draw(self, drawing: Drawing, payer: Payer = TABLE) -> Drawn:
        return await self.looking.draw(drawing, payer)

    # --- Offering: the legal options ---
    async def kinds(self, channel_id: int, user: User) -> list[Kind]:
        return await self.offering.kinds(channel_id, user)

    async def card(self, channel_id: int, user: User) -> Card:
        return await self.offering.card(channel_id, user)

    async def picture(self, channel_id: int, user: User, step: Step) -> Drawing | None:
        return await self.offering.picture(channel_id, user, step)

    async def step(self, channel_id: int, user: User, version: int, kind: str,
                   picks: Sequence[int | None]) -> Step:
        return await self.offering.step(channel_id, user, version, kind, picks)

    async def completions(self, channel_id: int, user: User, version: int, kind: str,
                          picks: Sequence[int | None]) -> list[Step] | None:
        return await self.offering.completions(channel_id, user, version, kind, picks)

    async def choices(self, channel_id: int, user: User, game_key: str, kind: str, param: str,
                      chosen: Values) -> list[Choice]:
        return await self.offering.choices(channel_id, user, game_key, kind, param, chosen)

    async def look(self, channel_id: int, user: User, game_key: str, look: str, values: Values) -> list[str]:
        return await self.offering.look(channel_id, user, game_key, look, values)

    async def verify(self, channel_id: int, user: User, seq: int) -> list[str]:
        return await self.offering.verify(channel_id, user, seq)

    # --- Transfers: export and import ---
    async def export(self, channel_id: int, user: User) -> tuple[str, bytes]:
        return await self.transfers.export(channel_id, user)

    async def import_game(self, channel_id: int, guild_id: int | None, user: User, data: bytes, members: Members,
                          until: int | None = None) -> Outcome:
        return await self.transfers.import_game(channel_id, guild_id, user, data, members, until)


def _imported(name: str, title: str, until: int | None, count: int) -> Msg:
    """What the channel is told of a game imported (the English article by the title's first letter)."""
    values = {"name": name, "game": title, "until": until, "entries": Plural("{n} log entry", "{n} log entries", count)}
    vowel = title[:1].lower() in "aeiou"
    if until is not None:
        return Msg("{name} imported an {game} game up to log entry {until} ({entries}) and hosts it. The other "
                   "players claim their seats with /game join.", **values) if vowel else \
            Msg("{name} imported a {game} game up to log entry {until} ({entries}) and hosts it. The other "
                "players claim their seats with /game join.", **values)
    return Msg("{name} imported an {game} game ({entries}) and hosts it. The other players claim their seats with "
               "/game join.", **values) if vowel else \
        Msg("{name} imported a {game} game ({entries}) and hosts it. The other players claim their seats with "
            "/game join.", **values)
