"""What every table command shares: a channel's game loaded and cached, one lock per channel,
saving, and turning a change into an outcome (whom to ping, which menus, what to draw)."""

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

from rules.base import Actor, Awaiting, BoardInfo, Posted, Seat
from rules.errors import BadInput, IllegalMove, NoGame, PlayerError, UnknownBoard
from rules.flow import Phase
from rules.text import players
from waypost import drawing
from waypost.clocks import Clocks, Timing
from waypost.config import Config
from waypost.fairness import Allowance, Lane, metered
from waypost.outcome import Drawing, Outcome, Prompt, Turn, User, alt_text
from waypost.records import GameRow, LogEntry, Post
from waypost.registry import GameEntry, parse_board
from waypost.shards import Shards
from waypost.storage import Store

READERS = 2  # threads reading and writing exports and imports at once


def utcnow() -> datetime:
    return datetime.now(UTC)


def random_seed() -> int:
    """A new game's seed, drawn at random."""
    return secrets.randbits(62)


async def threaded(work: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """The readers' runner: work run in a thread, with the CPU seconds it took there."""
    return await asyncio.to_thread(metered, work, *args)


@dataclass
class Loaded:
    """A channel's game as kept in memory: the stored row, its game, its decoded state."""

    row: GameRow
    game: GameEntry
    state: Any
    read: dict[str, tuple[int, Any]] = field(default_factory=dict)  # log reads, by name: (row version, answer)

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


class Channels:
    """Each channel's game, loaded once and cached; changes serialised per channel; heavy work done
    in lanes that serve users fairly and charge it to their `allowance` (`waypost.fairness`): boards
    drawn (`drawing`), logs replayed and recaps animated (`looking_back`), exports and imports read
    and written (`reading`, in threads)."""

    def __init__(self, store: Store, games: Mapping[str, GameEntry],
                 clock: Callable[[], datetime] = utcnow, cache_size: int = 256,
                 seeds: Callable[[], int] = random_seed, shards: Shards | None = None,
                 allowance: Allowance | None = None):
        """`clock` and `seeds` are where the table's time and new games' seeds come from (a test or
        script may give its own). `shards`: the servers whose periodic work is this table's (None:
        all of them). `allowance`: what each user and server may spend on heavy work (None: as
        `Config` sets it by default)."""
        self.allowance = allowance if allowance is not None else Config("", "", None, "INFO").allowance()
        self.drawing = Lane(drawing.workers(), drawing.runner(drawing.DRAW), self.allowance, guess=0.05)
        self.looking_back = Lane(drawing.workers(), drawing.runner(drawing.LOOK_BACK), self.allowance, guess=1.0)
        self.reading = Lane(READERS, threaded, self.allowance, guess=0.1)
        self.store = store
        self.shards = shards
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
            names = ", ".join(self.games) or "none"
            raise BadInput(f"There is no game called {key[:40]!r}. Games: {names}.") from None

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

    def _cached(self, channel_id: int) -> Loaded | None:
        """The channel's game as cached, to use without asking the store (None: ask it)."""
        loaded = self._cache.get(channel_id)
        if loaded is not None:
            self._cache.move_to_end(channel_id)
        return loaded

    async def _load(self, channel_id: int) -> Loaded | None:
        """The channel's open game. A copy read while a change was being saved never replaces the
        newer one that change cached."""
        loaded = self._cached(channel_id)
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

    async def _require(self, channel_id: int) -> Loaded:
        loaded = await self._load(channel_id)
        if loaded is None:
            raise NoGame("There is no game in this channel. Start one with /game new.")
        return loaded

    async def _latest(self, channel_id: int) -> Loaded:
        """The channel's open game, else the last one it had (a finished or ended game stays
        readable: its log, board and export)."""
        loaded = await self._load(channel_id)
        if loaded is not None:
            return loaded
        row = await self.store.last_game(channel_id)
        if row is None:
            raise NoGame("There is no game in this channel. Start one with /game new.")
        return await self._loaded(row)

    async def _played(self, channel_id: int) -> Loaded:
        """The channel's game in play, or its last game that was played (for looking back)."""
        loaded = await self._latest(channel_id)
        if loaded.state is None:
            raise IllegalMove("The game has not started yet. The host starts it with /game start.")
        return loaded

    async def _active(self, channel_id: int) -> Loaded:
        loaded = await self._require(channel_id)
        if loaded.row.status != "active":
            raise IllegalMove("The game has not started yet. The host starts it with /game start.")
        return loaded

    @asynccontextmanager
    async def _locked(self, channel_id: int) -> AsyncIterator[None]:
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

    def _entry(self, user: User, kind: str, body: dict[str, Any], summary: str, **extra: Any) -> LogEntry:
        return LogEntry(at=self._clock().isoformat(), user_id=user.id, kind=kind, body=body,
                        summary=summary, **extra)

    async def _save(self, loaded: Loaded, entry: LogEntry | None, *, before: dict[str, Any] | None = None,
                    forget: bool = False, posts: Sequence[Post] = ()) -> LogEntry | None:
        """Store the changed row (its state already in `loaded`), with each awaited player's clock
        settled; if that fails (even a Conflict), forget the changed cached copy. A game that is no
        longer open leaves the cache."""
        now = self._clock()
        loaded.row.updated_at = now.isoformat()
        self._settle_clocks(loaded, now)
        try:
            saved = await self.store.save(loaded.row, entry, before=before, forget=forget, posts=posts)
        except BaseException:
            self._cache.pop(loaded.row.channel_id, None)
            raise
        if loaded.row.status == "ended":
            self._cache.pop(loaded.row.channel_id, None)
        return saved

    async def _last_action(self, loaded: Loaded) -> LogEntry | None:
        """The game's latest action not taken back (`Store.last_action`), read once a version."""
        found: LogEntry | None = await _once_a_version(loaded, "last", self.store.last_action)
        return found

    async def _away_log(self, loaded: Loaded) -> list[tuple[int, str, int]]:
        """Every player's `/game away` in log order (`Store.away_settings`), read once a version."""
        found: list[tuple[int, str, int]] = await _once_a_version(loaded, "away", self.store.away_settings)
        return found

    def _settle_clocks(self, loaded: Loaded, now: datetime) -> None:
        """Start the clocks of players the game now waits for, drop those it no longer waits for,
        stop them while the game is paused or their player away, and note when next to look."""
        row = loaded.row
        unclaimed = set(row.unclaimed)
        awaited = {row.seats[a.seat].player_id for a in self._awaiting(loaded) if a.seat not in unclaimed} \
            if row.status == "active" else set()
        back = {int(p): datetime.fromisoformat(u) for p, u in row.away.items() if datetime.fromisoformat(u) <= now}
        row.away = {p: until for p, until in row.away.items() if int(p) not in back}
        stopped = awaited if row.paused_at else {int(p) for p in row.away}
        clocks = Clocks.load(row.clocks).settle(awaited, now, stopped, back)
        row.clocks = clocks.dump()
        due = [d for d in (clocks.next_due(Timing.of(row.settings), now),
                           *(datetime.fromisoformat(u) for u in row.away.values())) if d is not None]
        row.next_due = min(due).isoformat() if due else None

    # --- outcomes --------------------------------------------------------------------------

    def _awaiting(self, loaded: Loaded) -> list[Awaiting]:
        return loaded.game.rules.awaiting(loaded.state) if loaded.state is not None else []

    def _outcome(self, loaded: Loaded, user: User, text: str, details: tuple[str, ...],
                 before: list[Awaiting], draw: bool, hits: tuple[int, ...] = (),
                 posted: Posted | None = None, began: bool = False) -> Outcome:
        """Whom to ping (newly awaited players other than the actor; one asked a decision gets its
        menu, which mentions them), what each newly awaited player is asked (the actor too, named
        but not pinged: the host who starts a game and plays first), whom to tell they were hit,
        menus to offer, what to draw (the posted view, showing best the action `posted` names).
        When the game has just begun (`began`) or stopped waiting for anyone, in a phase where
        players may still act (Mega Civilization's table phases), what that phase asks is said."""
        unclaimed = set(loaded.row.unclaimed)  # nobody is pinged for a seat they have not claimed
        after = [a for a in self._awaiting(loaded) if a.seat not in unclaimed]
        idle = self._idle_phase(loaded) if before or began else None
        if idle is not None:
            details = (*details, f"Now {idle.title[:1].lower()}{idle.title[1:]}: {idle.prompt}")
        was = {(a.seat, a.kind, a.key) for a in before}  # who was awaited, whatever the prompt now says
        fresh = [a for a in after if (a.seat, a.kind, a.key) not in was]
        hits = tuple(s for s in hits if s not in unclaimed)
        seats = loaded.row.seats
        prompts = tuple(Prompt(loaded.row.channel_id, seats[a.seat].player_id, a.prompt, a.options, a.key)
                        for a in fresh if a.kind == "decision" and a.options)
        asked = {p.user_id for p in prompts}
        ping = tuple(dict.fromkeys(seats[a.seat].player_id for a in fresh
                                   if seats[a.seat].player_id not in (user.id, *asked)))
        turns = self._turns(loaded, [a for a in fresh if seats[a.seat].player_id in (*ping, user.id)])
        told = tuple(dict.fromkeys(seats[s].player_id for s in hits if seats[s].player_id not in (user.id, *asked)))
        mode = loaded.row.settings.get("board_images")
        drawing = self._drawing(loaded, None, text, posted or Posted()) if (bool(fresh) if mode == "turn" else draw) \
            else None
        return Outcome(text, details, drawing=drawing, ping=ping, prompts=prompts, turns=turns,
                       awaiting=bool(after) or self._open(loaded), hits=told,
                       live=mode == "live" and drawing is not None)

    @staticmethod
    def _open(loaded: Loaded) -> bool:
        """Whether someone may act though nobody is awaited (between phases, the table's own actions)."""
        rules = loaded.game.rules
        return loaded.state is not None and rules.ending(loaded.state) is None and \
            bool(rules.position(loaded.state).allowed)

    def _idle_phase(self, loaded: Loaded) -> Phase | None:
        """The phase in play when it waits for nobody though players may act (Mega Civilization's
        table phases): what it asks is worth saying, as no ping says it."""
        if self._awaiting(loaded) or not self._open(loaded):
            return None
        rules = loaded.game.rules
        return rules.flow.phase(rules.position(loaded.state).phase)

    @staticmethod
    def _turns(loaded: Loaded, awaited: list[Awaiting]) -> tuple[Turn, ...]:
        """What each newly awaited player is asked, with the phase's actions open to them now, its
        main one first (`Game.usual`, on their own view)."""
        rules, seats = loaded.game.rules, loaded.row.seats

        def usual(seat: int) -> tuple[tuple[str, str], ...]:
            actor = Actor(seat, host=seats[seat].player_id == loaded.row.host_id)
            return tuple((k.kind, k.label) for k in rules.usual(loaded.view(seat), actor))

        return tuple(Turn(seats[a.seat].player_id, a.prompt, usual(a.seat) if a.kind in ("turn", "plan") else ())
                     for a in awaited if a.kind != "decision")

    def _drawing(self, loaded: Loaded, seat: int | None, what: str, posted: Posted | None = None) -> Drawing:
        """The board as `seat` (None: everyone) may see it, whole or (`posted`) the posted view;
        its alt text says `what` happened and describes the position."""
        view = loaded.view(seat)
        return Drawing(loaded.game.key, view, seat, alt_text(what, loaded.game.rules.describe(view)), posted=posted)


async def _once_a_version(loaded: Loaded, name: str, read: Callable[[int], Awaitable[Any]]) -> Any:
    """`read(game id)`, kept on the loaded game as `name` until its row's version changes."""
    kept = loaded.read.get(name)
    if kept is None or kept[0] != loaded.row.version:
        kept = loaded.read[name] = (loaded.row.version, await read(loaded.row.id))
    return kept[1]


def asked_by(outcome: Outcome, entry: LogEntry | None) -> Outcome:
    """The outcome with its menus marked with the saved log entry that asked them."""
    if entry is None or not outcome.prompts:
        return outcome
    return replace(outcome, prompts=tuple(replace(p, asked=entry.seq) for p in outcome.prompts))


def seat_range(game: GameEntry, info: BoardInfo) -> tuple[int, int]:
    """How many players may sit: what both the game and the board allow."""
    return max(game.rules.min_players, info.min_players), min(game.rules.max_players, info.max_players)


def players_on(game: GameEntry, info: BoardInfo) -> str:
    """ "2–4 players": the seats a board of this game takes."""
    return players(*seat_range(game, info))
