"""The table's load-and-save service: a channel's game loaded and cached, one lock per channel, each
change saved (with every awaited player's clock settled)."""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from rules.base import Actor, Awaiting, BoardInfo, Seat
from rules.errors import BadInput, IllegalMove, NoGame, PlayerError, UnknownBoard
from rules.messages import Msg
from rules.text import players
from waypost.clocks import Clocks, Timing
from waypost.i18n import game_language, translate
from waypost.outcome import User
from waypost.records import GameRow, Kept, LogEntry, Post
from waypost.registry import GameEntry, parse_board
from waypost.storage import Store

PLANS = "prepared"  # `Loaded.log_cache`: the game's prepared turns, kept up to date by this table
AWAY = "away"  # … and every player's /game away settings, dropped when one is saved

KEEP: Any = object()  # `Loaded.but`: the decoded state stays as it is


def utcnow() -> datetime:
    return datetime.now(UTC)


def random_seed() -> int:
    """A new game's seed, drawn at random."""
    return secrets.randbits(62)


@dataclass
class Loaded:
    """A channel's game as kept in memory: the stored row, its game, its decoded state."""

    row: GameRow
    game: GameEntry
    state: Any
    log_cache: dict[str, tuple[int, Any]] = field(default_factory=dict)  # log reads, by name: (row version, answer)
    _awaited: tuple[Any, tuple[Awaiting, ...]] | None = field(default=None, repr=False, compare=False)

    def but(self, decoded: Any = KEEP, **changes: Any) -> Loaded:
        """The game with its row's fields `changes` made (and, given, the `decoded` state its new
        `state` holds), as a command will save it (`Channels.save`); this one stays as it is."""
        return Loaded(replace(self.row, **changes), self.game, self.state if decoded is KEEP else decoded,
                      self.log_cache)

    @property
    def seats(self) -> list[Seat]:
        return self.row.seats

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.row.seats) if s.player_id == user_id), None)

    def actor(self, user: User) -> Actor:
        return Actor(self.seat_of(user.id), host=user.id == self.row.host_id)

    def name(self, seat: int) -> str:
        """A seat as the game names it in play (a colour, a civilization), else the player's name."""
        if self.state is None:
            return self.row.seats[seat].name
        return self.game.rules.seat_name(self.state, seat)

    def identity(self, seat: int) -> str:
        """Who the seat is, as the game tells its player (a colour, or a civilization and its start)."""
        return self.game.rules.identity(self.game.board(self.row.board).model, self.row.seats[seat].colour)

    def view(self, seat: int | None) -> Any:
        """The state as `seat` (None: anyone) may see it."""
        return self.game.rules.view(self.state, seat)

    @property
    def seat_range(self) -> tuple[int, int]:
        return seat_range(self.game, self.game.board(self.row.board).info)

    def language(self) -> str:
        """The language the game's channel speaks: the host's setting `language`, set from the
        server's preferred locale when the game was opened (English for older games)."""
        return game_language(self.row.settings.get("language"), None)

    def awaiting(self) -> list[Awaiting]:
        """Whom the game waits for now (nobody before it starts); worked out once a state (states are
        immutable), as a command asks it several times."""
        if self.state is None:
            return []
        if self._awaited is None or self._awaited[0] is not self.state:
            self._awaited = (self.state, tuple(self.game.rules.awaiting(self.state)))
        return list(self._awaited[1])


class Channels:
    """Each channel's game, loaded once and cached (at most `cache_size`); changes serialised per
    channel (`locked`); each change saved in one transaction (`save`)."""

    def __init__(self, store: Store, games: Mapping[str, GameEntry], clock: Callable[[], datetime] = utcnow,
                 cache_size: int = 256, seeds: Callable[[], int] = random_seed):
        """`clock` and `seeds` are where the table's time and new games' seeds come from (a test or
        script may give its own)."""
        self.store = store
        self.games = dict(games)
        self._clock = clock
        self._seeds = seeds
        self._cache: OrderedDict[int, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def new_seed(self) -> int:
        """A seed for a new game (or for shuffling an imported one again)."""
        return self._seeds()

    def now(self) -> datetime:
        """The table's time (a test may turn its clock)."""
        return self._clock()

    def game(self, key: str) -> GameEntry:
        try:
            return self.games[key.strip().lower()]
        except KeyError:
            names = ", ".join(self.games) or Msg("none")
            raise BadInput(Msg("There is no game called {key}. Games: {names}.", key=repr(key[:40]),
                               names=names)) from None

    async def _loaded(self, row: GameRow) -> Loaded:
        game = self.game(row.game_key)
        if row.state is None:
            return Loaded(row, game, None)
        try:
            state = game.rules.decode_state(row.state)
        except UnknownBoard:  # the state names a board not loaded here: the one its game started on
            await self._board_of(row, game)
            state = game.rules.decode_state(row.state)
        return Loaded(row, game, state)

    async def _board_of(self, row: GameRow, game: GameEntry) -> None:
        """Load the board a stored state names: the game's board files (read once), else the board
        its game started on, from its log's start entry (a board file changed since)."""
        game.boards  # noqa: B018 - reading the files makes their boards known to the rules
        start = await self.store.start_entry(row.id)
        if start is not None and isinstance(start.body, dict) and "board" in start.body:
            parse_board(game.rules, start.body["board"], "the game's start entry")

    def cached(self, channel_id: int) -> Loaded | None:
        """The channel's game as cached, to use without asking the store (None: ask it)."""
        loaded = self._cache.get(channel_id)
        if loaded is not None:
            self._cache.move_to_end(channel_id)
        return loaded

    async def load(self, channel_id: int) -> Loaded | None:
        """The channel's open game. A copy read while a change was being saved never replaces the
        newer one that change cached."""
        loaded = self.cached(channel_id)
        if loaded is not None:
            return loaded
        row = await self.store.open_game(channel_id)
        if row is None:
            return None
        cached = self._cache.get(channel_id)
        if cached is not None and cached.row.id == row.id and cached.row.version >= row.version:
            self._cache.move_to_end(channel_id)
            return cached
        loaded = self._cache[channel_id] = await self._loaded(row)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return loaded

    async def require(self, channel_id: int) -> Loaded:
        loaded = await self.load(channel_id)
        if loaded is None:
            raise NoGame(Msg("There is no game in this channel. Start one with /game new."))
        return loaded

    async def latest(self, channel_id: int) -> Loaded:
        """The channel's open game, else the last one it had (a finished or ended game stays
        readable: its log, board and export)."""
        loaded = await self.load(channel_id)
        if loaded is not None:
            return loaded
        row = await self.store.last_game(channel_id)
        if row is None:
            raise NoGame(Msg("There is no game in this channel. Start one with /game new."))
        return await self._loaded(row)

    async def started(self, channel_id: int) -> Loaded:
        """The channel's game in play, or its last game that was played (for looking back)."""
        loaded = await self.latest(channel_id)
        if loaded.state is None:
            raise IllegalMove(Msg("The game has not started yet. The host starts it with /game start."))
        return loaded

    async def active(self, channel_id: int) -> Loaded:
        loaded = await self.require(channel_id)
        if loaded.row.status != "active":
            raise IllegalMove(Msg("The game has not started yet. The host starts it with /game start."))
        return loaded

    @asynccontextmanager
    async def locked(self, channel_id: int) -> AsyncIterator[None]:
        """Serialise changes to one channel's game; on a failure other than a refusal (which
        changes nothing) forget the cached copy."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        async with lock:
            try:
                yield
            except PlayerError:
                raise
            except BaseException:
                self._cache.pop(channel_id, None)
                raise

    def entry(self, user: User, kind: str, body: dict[str, Any], summary: str, **extra: Any) -> LogEntry:
        return LogEntry(at=self._clock().isoformat(), user_id=user.id, kind=kind, body=body,
                        summary=summary, **extra)

    async def save(self, loaded: Loaded, entry: LogEntry | None, changed: Loaded | None = None, *,
                   before: dict[str, Any] | None = None, forget: bool = False,
                   posts: Sequence[Post] = (), played: int | None = None) -> LogEntry | None:
        """Store the game as `changed` (`loaded.but(…)`; None: only its clocks settle), with each
        awaited player's clock settled, and only once that committed make `loaded` (the cached copy)
        hold the new row and state: the cached row is never changed in place. If the save fails (a
        Conflict: another writer's row is newer; or a store error, which may have committed), forget
        the cached copy. A game that is no longer open leaves the cache. `posts` are stored in the
        game's language (the outbox keeps text, not messages)."""
        changed = changed or loaded
        if posts:
            posts = [spoken(p, changed.language()) for p in posts]
        now = self._clock()
        row = replace(changed.row, updated_at=now.isoformat(), **settled_clocks(changed, now))
        plans = _known_plans(loaded)
        if played is not None and plans is not None and played not in plans:
            played = None  # known to have no prepared turn: nothing to drop
        try:
            saved = await self.store.save(row, entry, before=before, forget=forget, posts=posts, played=played,
                                          seated=row.seats != loaded.row.seats)
        except BaseException:
            self._cache.pop(row.channel_id, None)
            raise
        loaded.row, loaded.state = row, changed.state
        if entry is not None and entry.kind == "settings" and "away" in entry.body:
            loaded.log_cache.pop(AWAY, None)
        if played is not None and plans is not None:
            loaded.log_cache[PLANS] = (0, {k: v for k, v in plans.items() if k != played})
        if row.status == "ended":
            self._cache.pop(row.channel_id, None)
        return saved

    async def last_action(self, loaded: Loaded) -> LogEntry | None:
        """The game's latest action not taken back (`Store.last_action`), read once a version."""
        found: LogEntry | None = await _once_a_version(loaded, "last", self.store.last_action)
        return found

    async def away_log(self, loaded: Loaded) -> list[tuple[int, str, int]]:
        """Every player's `/game away` in log order (`Store.away_settings`), read once while the game
        stays cached (`save` drops it when it saves one)."""
        kept = loaded.log_cache.get(AWAY)
        if kept is None:
            kept = loaded.log_cache[AWAY] = (0, await self.store.away_settings(loaded.row.id))
        found: list[tuple[int, str, int]] = kept[1]
        return found

    async def plans(self, loaded: Loaded) -> dict[int, Kept]:
        """The game's prepared turns by seat (`Store.prepared`), read once while it stays cached:
        every change to them goes through this table (`keep_plan`, `drop_plan`, `save`'s `played`)."""
        plans = _known_plans(loaded)
        if plans is None:
            plans = await self.store.prepared(loaded.row.id)
            loaded.log_cache[PLANS] = (0, plans)
        return plans

    async def keep_plan(self, loaded: Loaded, kept: Kept, post: tuple[int, Post] | None = None) -> None:
        """Keep (or replace) a seat's prepared turn (`Store.keep_prepared`), and know it kept."""
        plans = await self.plans(loaded)
        told = (post[0], spoken(post[1], loaded.language())) if post else None
        await self.store.keep_prepared(loaded.row.id, kept, told)
        loaded.log_cache[PLANS] = (0, {**plans, kept.seat: kept})

    async def drop_plan(self, loaded: Loaded, seat: int) -> None:
        """Take back a seat's prepared turn (`Store.drop_prepared`)."""
        plans = await self.plans(loaded)
        await self.store.drop_prepared(loaded.row.id, seat)
        loaded.log_cache[PLANS] = (0, {k: v for k, v in plans.items() if k != seat})

    def forget(self, channel_id: int) -> None:
        """Drop the channel's cached game (a new one was opened there)."""
        self._cache.pop(channel_id, None)


def settled_clocks(loaded: Loaded, now: datetime) -> dict[str, Any]:
    """The row's changes that start the clocks of players the game now waits for, drop those it
    no longer waits for, stop them while the game is paused or their player away, and note when
    next to look."""
    row = loaded.row
    unclaimed = set(row.unclaimed)
    awaited = {row.seats[a.seat].player_id for a in loaded.awaiting() if a.seat not in unclaimed} \
        if row.status == "active" else set()
    back = {int(p): datetime.fromisoformat(u) for p, u in row.away.items() if datetime.fromisoformat(u) <= now}
    away = {p: until for p, until in row.away.items() if int(p) not in back}
    stopped = awaited if row.paused_at else {int(p) for p in away}
    clocks = Clocks.load(row.clocks).settle(awaited, now, stopped, back)
    due = [d for d in (clocks.next_due(Timing.of(row.settings), now),
                       *(datetime.fromisoformat(u) for u in away.values())) if d is not None]
    return {"away": away, "clocks": clocks.dump(), "next_due": min(due).isoformat() if due else None}


def spoken(post: Post, language: str) -> Post:
    """A post as the outbox keeps it: its text (and the direct message with it) in the game's
    `language` (the outbox keeps text, not messages)."""
    return replace(post, content=translate(post.content, language), direct=translate(post.direct, language))


def _known_plans(loaded: Loaded) -> dict[int, Kept] | None:
    """The game's prepared turns as last read or changed here (None: not read yet)."""
    kept = loaded.log_cache.get(PLANS)
    return kept[1] if kept is not None else None


async def _once_a_version(loaded: Loaded, name: str, read: Callable[[int], Awaitable[Any]]) -> Any:
    """`read(game id)`, kept in the loaded game's `log_cache` as `name` until its row's version changes."""
    kept = loaded.log_cache.get(name)
    if kept is None or kept[0] != loaded.row.version:
        kept = loaded.log_cache[name] = (loaded.row.version, await read(loaded.row.id))
    return kept[1]


def seat_range(game: GameEntry, info: BoardInfo) -> tuple[int, int]:
    """How many players may sit: what both the game and the board allow."""
    return max(game.rules.min_players, info.min_players), min(game.rules.max_players, info.max_players)


def players_on(game: GameEntry, info: BoardInfo) -> str:
    """ "2–4 players": the seats a board of this game takes."""
    return players(*seat_range(game, info))
