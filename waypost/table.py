"""The table layer: every command a front end can send, between it and the rules.

For each command it loads the channel's game, checks seat, turn and permission, applies the
rules, records the change in one transaction and says whom to ping and what to draw. It knows
nothing of Discord: the cogs, the console and the tests all call it directly.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from rules import serial
from rules.base import Actor, Awaiting, BoardInfo, Seat
from rules.errors import BadInput, IllegalMove, NoGame, NotAllowed, PlayerError
from waypost import transfer
from waypost.drawing import draw as draw_board
from waypost.outcome import Drawing, LogPage, Outcome, Prompt, Seen, Status, User, Waiting, clean_name
from waypost.registry import HOST_SETTINGS, GameEntry
from waypost.replay import effective_actions, replay
from waypost.storage import GameRow, LogEntry, Store

LOG_PAGE = 15


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class Loaded:
    """A channel's open game as kept in memory: the stored row, its game, its decoded state."""

    row: GameRow
    game: GameEntry
    state: Any

    @property
    def seats(self) -> list[Seat]:
        return [serial.load(Seat, s) for s in self.row.seats]

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.row.seats) if s["player_id"] == user_id), None)

    def actor(self, user: User) -> Actor:
        return Actor(self.seat_of(user.id), host=user.id == self.row.host_id)

    def name(self, seat: int) -> str:
        return self.row.seats[seat]["name"]


class Table:
    """Commands for every channel's game. One per bot, sharing one Store."""

    def __init__(self, store: Store, games: Mapping[str, GameEntry],
                 clock: Callable[[], datetime] = utcnow, cache_size: int = 256):
        self.store = store
        self.games = dict(games)
        self._clock = clock
        self._cache: OrderedDict[int, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # --- loading, locking, saving --------------------------------------------------------

    def game(self, key: str) -> GameEntry:
        try:
            return self.games[key]
        except KeyError:
            names = ", ".join(self.games) or "none"
            raise BadInput(f"There is no game called {key[:40]!r}. Games: {names}.") from None

    async def _load(self, channel_id: int) -> Loaded | None:
        loaded = self._cache.get(channel_id)
        if loaded is not None:
            self._cache.move_to_end(channel_id)
            return loaded
        row = await self.store.open_game(channel_id)
        if row is None:
            return None
        game = self.game(row.game_key)
        state = game.rules.decode_state(row.state) if row.state is not None else None
        loaded = Loaded(row, game, state)
        self._cache[channel_id] = loaded
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return loaded

    async def _require(self, channel_id: int) -> Loaded:
        loaded = await self._load(channel_id)
        if loaded is None:
            raise NoGame("There is no game in this channel. Start one with /game new.")
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

    async def _save(self, loaded: Loaded, entry: LogEntry) -> LogEntry:
        """Store the changed row; if that fails (even a Conflict), forget the changed cached copy."""
        loaded.row.updated_at = entry.at
        try:
            return await self.store.save(loaded.row, entry)
        except BaseException:
            self._cache.pop(loaded.row.channel_id, None)
            raise

    # --- the lobby -----------------------------------------------------------------------

    async def new(self, channel_id: int, guild_id: int | None, user: User, game_key: str,
                  board_name: str | None = None) -> Outcome:
        """Open a game in the channel; the creator becomes host and takes the first seat."""
        game = self.game(game_key)
        board = game.board(board_name) if board_name else next(iter(game.boards.values()))
        async with self._locked(channel_id):
            if await self._load(channel_id) is not None:
                raise IllegalMove("This channel already has a game. Finish it with /game end, or use "
                                  "another channel or thread.")
            now = self._clock().isoformat()
            seat = Seat(user.id, clean_name(user.name), game.rules.colours[0])
            row = GameRow(0, channel_id, guild_id, game.key, board.info.name, "lobby", user.id,
                          [serial.dump(seat)], _defaults(game), secrets.randbits(62), None, 0,
                          now, now)
            text = (f"{seat.name} opened {game.rules.title} on {board.info.title} "
                    f"({_range(game, board.info)} players) and sits as {seat.colour}.")
            await self.store.create(row, [self._entry(user, "lobby", {"new": game.key, "board": board.info.name},
                                                      text)])
            self._cache.pop(channel_id, None)
        return Outcome(text, ("Others join with /game join; the host starts with /game start.",))

    async def join(self, channel_id: int, user: User, colour: str | None = None) -> Outcome:
        async with self._locked(channel_id):
            loaded = await self._lobby(channel_id)
            rules = loaded.game.rules
            if loaded.seat_of(user.id) is not None:
                raise IllegalMove("You are already seated in this game.")
            taken = {s["colour"] for s in loaded.row.seats}
            if len(loaded.row.seats) >= self._seat_range(loaded)[1]:
                raise IllegalMove(f"The table is full ({len(loaded.row.seats)} players).")
            if colour is None:
                colour = next(c for c in rules.colours if c not in taken)
            colour = colour.strip().lower()
            if colour not in rules.colours:
                raise BadInput(f"{colour[:30]!r} is not a colour of {rules.title}. "
                               f"Colours: {', '.join(rules.colours)}.")
            if colour in taken:
                raise IllegalMove(f"{colour} is taken. Free: {', '.join(c for c in rules.colours if c not in taken)}.")
            seat = Seat(user.id, clean_name(user.name), colour)
            loaded.row.seats.append(serial.dump(seat))
            text = f"{seat.name} joined as {colour} ({len(loaded.row.seats)} seated)."
            await self._save(loaded, self._entry(user, "lobby", {"join": colour}, text))
        return Outcome(text)

    async def leave(self, channel_id: int, user: User) -> Outcome:
        async with self._locked(channel_id):
            loaded = await self._require(channel_id)
            if loaded.row.status != "lobby":
                raise IllegalMove("You cannot leave a game in progress. The host can end it with /game end.")
            seat = loaded.seat_of(user.id)
            if seat is None:
                raise IllegalMove("You are not seated in this game.")
            name = loaded.name(seat)
            del loaded.row.seats[seat]
            text = f"{name} left the table ({len(loaded.row.seats)} seated)."
            if not loaded.row.seats:
                loaded.row.status = "ended"
                text += " The table is empty, so the game is closed."
            elif user.id == loaded.row.host_id:  # the host must be able to act: hosting passes on
                loaded.row.host_id = loaded.row.seats[0]["player_id"]
                text += f" {loaded.row.seats[0]['name']} hosts now."
            await self._save(loaded, self._entry(user, "lobby", {"leave": seat}, text))
            if loaded.row.status == "ended":
                self._cache.pop(channel_id, None)
        return Outcome(text)

    async def start(self, channel_id: int, user: User) -> Outcome:
        async with self._locked(channel_id):
            loaded = await self._lobby(channel_id)
            if user.id != loaded.row.host_id:
                raise NotAllowed("Only the host can start the game.")
            low, high = self._seat_range(loaded)
            count = len(loaded.row.seats)
            if not low <= count <= high:
                raise IllegalMove(f"{loaded.game.rules.title} on this board needs {low}–{high} players; "
                                  f"{count} seated.")
            board = loaded.game.board(loaded.row.board)
            game_settings = _game_settings(loaded.game, loaded.row.settings)
            body = {"board": board.raw, "seats": loaded.row.seats, "settings": game_settings,
                    "seed": loaded.row.seed}
            before = self._awaiting(loaded)
            state = loaded.game.rules.setup(board.model, loaded.seats, game_settings, loaded.row.seed)
            loaded.row.status = "active"
            loaded.row.state = loaded.game.rules.encode_state(state)
            loaded.state = state
            text = f"{loaded.game.rules.title} begins with {', '.join(s.name for s in loaded.seats)}."
            await self._save(loaded, self._entry(user, "start", body, text))
            return self._outcome(loaded, user, text, (), before, draw=True)

    async def settings(self, channel_id: int, user: User, name: str | None = None,
                       value: str | None = None) -> Outcome:
        """Show the settings, or (host) change one. Game settings are fixed once play starts."""
        async with self._locked(channel_id):
            loaded = await self._require(channel_id)
            specs = {s.name: s for s in (*loaded.game.rules.settings, *HOST_SETTINGS)}
            if name is None:
                lines = tuple(f"{s.name} = {_show(loaded.row.settings.get(s.name, s.default))} — {s.help}"
                              for s in specs.values())
                return Outcome(f"Settings of this {loaded.game.rules.title} game:", lines, private=True)
            if user.id != loaded.row.host_id:
                raise NotAllowed("Only the host can change settings.")
            spec = specs.get(name.strip()) or loaded.game.rules.setting(name.strip())
            if value is None:
                raise BadInput(f"Give a value for {spec.name}: {spec.help}.")
            if loaded.row.status != "lobby" and spec not in HOST_SETTINGS:
                raise IllegalMove(f"{spec.name} is a rule of the game and is fixed once play has started.")
            parsed = spec.parse(value)
            old = loaded.row.settings.get(spec.name, spec.default)
            loaded.row.settings = {**loaded.row.settings, spec.name: parsed}
            text = f"Setting {spec.name}: {_show(old)} → {_show(parsed)}."
            await self._save(loaded, self._entry(user, "settings", {spec.name: parsed}, text))
        return Outcome(text)

    async def end(self, channel_id: int, user: User) -> Outcome:
        async with self._locked(channel_id):
            loaded = await self._require(channel_id)
            if user.id != loaded.row.host_id and not user.manage_channels:
                raise NotAllowed("Only the host, or a member who can manage channels, can end the game.")
            loaded.row.status = "ended"
            text = f"The {loaded.game.rules.title} game in this channel has ended."
            await self._save(loaded, self._entry(user, "end", {}, text))
            self._cache.pop(channel_id, None)
        return Outcome(text)

    async def _lobby(self, channel_id: int) -> Loaded:
        loaded = await self._require(channel_id)
        if loaded.row.status != "lobby":
            raise IllegalMove("The game has already started; seats are fixed.")
        return loaded

    def _seat_range(self, loaded: Loaded) -> tuple[int, int]:
        return seat_range(loaded.game, loaded.game.board(loaded.row.board).info)

    # --- play ----------------------------------------------------------------------------

    async def act(self, channel_id: int, user: User, action: dict[str, Any]) -> Outcome:
        """Apply a game action (its JSON form, e.g. {"kind": "sail", ...}) for `user`."""
        async with self._locked(channel_id):
            loaded = await self._active(channel_id)
            actor = loaded.actor(user)
            if actor.seat is None and not actor.host:
                raise NotAllowed("You are not playing in this game.")
            rules = loaded.game.rules
            decoded = rules.decode_action(action)
            before = self._awaiting(loaded)
            result = rules.apply(loaded.state, actor, decoded)
            body = {"action": rules.encode_action(decoded), "actor": serial.dump(actor)}
            entry = self._entry(user, "action", body, result.summary, details=list(result.details),
                                seat=actor.seat, secret=result.secret, reveals=result.reveals,
                                undoable=result.undoable)
            loaded.row.state = rules.encode_state(result.state)
            await self._save(loaded, entry)
            loaded.state = result.state
            if result.secret:
                drawing = Drawing(loaded.game.key, result.state, actor.seat, result.summary)
                return Outcome(result.summary, result.details, private=True, drawing=drawing)
            return self._outcome(loaded, user, result.summary, result.details, before,
                                 draw=result.board_changed)

    async def undo(self, channel_id: int, user: User) -> Outcome:
        """Take back the user's own last action, if nobody acted since and it revealed nothing."""
        async with self._locked(channel_id):
            loaded = await self._active(channel_id)
            entries = await self.store.log(loaded.row.id)
            actions = effective_actions(entries)
            if not actions:
                raise IllegalMove("There is nothing to take back.")
            last = actions[-1]
            if last.user_id != user.id:
                who = next((s["name"] for s in loaded.row.seats if s["player_id"] == last.user_id), "someone")
                raise IllegalMove(f"You can only take back your own last action; the last one was {who}'s.")
            if not last.undoable:
                raise IllegalMove("That action revealed something hidden or random, so it cannot be taken back.")
            before = self._awaiting(loaded)
            remaining = [e for e in entries if e.seq != last.seq]
            state = await asyncio.to_thread(replay, loaded.game, remaining)
            loaded.row.state = loaded.game.rules.encode_state(state)
            text = f"{clean_name(user.name)} took back: {last.summary}"
            await self._save(loaded, self._entry(user, "undo", {}, text, seat=last.seat, undoes=last.seq))
            loaded.state = state
            return self._outcome(loaded, user, text, (), before, draw=True)

    async def _active(self, channel_id: int) -> Loaded:
        loaded = await self._require(channel_id)
        if loaded.row.status != "active":
            raise IllegalMove("The game has not started yet. The host starts it with /game start.")
        return loaded

    def _awaiting(self, loaded: Loaded) -> list[Awaiting]:
        return loaded.game.rules.awaiting(loaded.state) if loaded.state is not None else []

    def _outcome(self, loaded: Loaded, user: User, text: str, details: tuple[str, ...],
                 before: list[Awaiting], draw: bool) -> Outcome:
        """Who to ping (newly awaited players other than the actor), menus to offer, what to draw."""
        after = self._awaiting(loaded)
        fresh = [a for a in after if a not in before]
        ping = tuple(dict.fromkeys(
            loaded.row.seats[a.seat]["player_id"] for a in fresh
            if loaded.row.seats[a.seat]["player_id"] != user.id
        ))
        prompts = tuple(Prompt(loaded.row.channel_id, loaded.row.seats[a.seat]["player_id"], a.prompt, a.options)
                        for a in fresh if a.kind == "decision" and a.options)
        alt = " ".join((text, *(d for d in details if d not in text)))
        drawing = Drawing(loaded.game.key, loaded.state, None, alt) if draw else None
        return Outcome(text, details, drawing=drawing, ping=ping, prompts=prompts)

    # --- looking ---------------------------------------------------------------------------

    async def status(self, channel_id: int) -> Status:
        loaded = await self._require(channel_id)
        rules = loaded.game.rules
        waiting = tuple(Waiting(loaded.row.seats[a.seat]["player_id"], loaded.name(a.seat), a.kind, a.prompt)
                        for a in self._awaiting(loaded))
        hours = loaded.row.settings.get("deadline_hours", 0)
        deadline = None
        if hours and waiting:
            deadline = datetime.fromisoformat(loaded.row.updated_at) + timedelta(hours=hours)
        phase = rules.phase(loaded.state) if loaded.state is not None else "waiting for players"
        return Status(loaded.game.key, rules.title, loaded.game.board(loaded.row.board).info.title, loaded.row.status,
                      loaded.row.host_id, tuple(loaded.seats), self._seat_range(loaded), phase, waiting,
                      deadline, dict(loaded.row.settings))

    async def board(self, channel_id: int, user: User, private: bool = False) -> Outcome:
        """The current board: public, or (private) as the user's own seat sees it."""
        loaded = await self._active(channel_id)
        viewer = loaded.seat_of(user.id) if private else None
        alt = f"{loaded.game.rules.title}: {loaded.game.rules.phase(loaded.state)}."
        return Outcome(alt, private=private, drawing=Drawing(loaded.game.key, loaded.state, viewer, alt))

    async def view(self, channel_id: int, user: User) -> Seen | None:
        """A read-only look at the channel's game in play (for autocomplete), or None."""
        loaded = await self._load(channel_id)
        if loaded is None or loaded.state is None:
            return None
        return Seen(loaded.game.key, loaded.state, loaded.seat_of(user.id))

    async def decision(self, channel_id: int, user: User) -> Awaiting | None:
        """The decision the game currently asks of `user`, if any (for menus and autocomplete)."""
        loaded = await self._load(channel_id)
        if loaded is None or loaded.state is None:
            return None
        seat = loaded.seat_of(user.id)
        return next((a for a in self._awaiting(loaded) if a.seat == seat and a.kind == "decision"), None)

    async def log(self, channel_id: int, user: User, page: int = 1) -> LogPage:
        """A page of history, newest last; secret plans read as such until revealed."""
        loaded = await self._require(channel_id)
        entries = await self.store.log(loaded.row.id)
        seat = loaded.seat_of(user.id)
        undone = {e.undoes for e in entries if e.kind == "undo"}
        revealed_up_to = max((e.seq for e in entries if e.reveals), default=0)
        lines = []
        for e in entries:
            text = e.summary
            if e.secret and e.seq > revealed_up_to and e.seat != seat:
                text = f"{loaded.name(e.seat)} made a secret move."
            mark = " (taken back)" if e.seq in undone else ""
            lines.append(f"{e.seq}. {text}{mark}")
        pages = max(1, -(-len(lines) // LOG_PAGE))
        if not 1 <= page <= pages:
            raise BadInput(f"Page {page} does not exist; the log has {pages} page{'s' * (pages > 1)}.")
        return LogPage(tuple(lines[(page - 1) * LOG_PAGE: page * LOG_PAGE]), page, pages)

    async def draw(self, drawing: Drawing) -> bytes:
        """PNG bytes for a drawing, drawn in a worker process (waypost.drawing)."""
        return await draw_board(self.games[drawing.game_key].draw, drawing.state, drawing.viewer)

    # --- export and import ----------------------------------------------------------------

    async def export(self, channel_id: int) -> tuple[str, bytes]:
        """The whole game and its log as a JSON file (name, bytes)."""
        loaded = await self._active(channel_id)
        entries = await self.store.log(loaded.row.id)
        return transfer.export_game(loaded.row, entries)

    async def import_game(self, channel_id: int, guild_id: int | None, user: User, data: bytes) -> Outcome:
        """Start a previously exported game in this channel, after full validation."""
        async with self._locked(channel_id):
            if await self._load(channel_id) is not None:
                raise IllegalMove("This channel already has a game. End it first, or import elsewhere.")
            row, entries = await asyncio.to_thread(transfer.parse_export, data, self.games)
            seated = [s["player_id"] for s in row.seats]
            host = user.id if user.id in seated else seated[0]  # a host must hold a seat to act
            row.channel_id, row.guild_id, row.host_id = channel_id, guild_id, host
            now = self._clock().isoformat()
            row.created_at = row.updated_at = now
            text = (f"{clean_name(user.name)} imported a {self.games[row.game_key].rules.title} game "
                    f"({len(entries)} log entries); <@{host}> hosts it.")
            await self.store.create(row, [*entries, self._entry(user, "lobby", {"import": True}, text)])
            loaded = await self._require(channel_id)
        return self._outcome(loaded, user, text, (), [], draw=True)


def _defaults(game: GameEntry) -> dict[str, Any]:
    return {**game.rules.default_settings(), **{s.name: s.default for s in HOST_SETTINGS}}


def _game_settings(game: GameEntry, settings: dict[str, Any]) -> dict[str, Any]:
    return {s.name: settings.get(s.name, s.default) for s in game.rules.settings}


def seat_range(game: GameEntry, info: BoardInfo) -> tuple[int, int]:
    """How many players may sit: what both the game and the board allow."""
    return max(game.rules.min_players, info.min_players), min(game.rules.max_players, info.max_players)


def _range(game: GameEntry, info: BoardInfo) -> str:
    low, high = seat_range(game, info)
    return f"{low}–{high}" if low != high else str(low)


def _show(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


