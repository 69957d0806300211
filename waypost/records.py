"""What the stores keep, as the table sees it: a game's row, its log entries, posts in the outbox,
and how each is written as text (JSON) and read back from a row of either store."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from rules import serial
from rules.core import Seat
from rules.errors import PlayerError
from rules.messages import Msg, as_data, from_data


class Conflict(PlayerError):
    """The game changed between loading and saving (another process wrote it)."""


class StoreError(Exception):
    """The database cannot be used: the message says why and what to do."""


class CommitUnknown(Exception):
    """The database failed while committing a change: it may or may not have been saved."""


@dataclass
class GameRow:
    """A game as stored. `state` is the game's JSON state (None while in the lobby); `ending` is
    how a finished game ended (None while open, or when the host ended it); `unclaimed` are the seats
    of an imported game whose players have not claimed them yet; `clocks` each awaited player's
    clock (`waypost.clocks`), `away` who is away until when, `paused_at` when the host paused the
    game, `next_due` when the game next needs looking at (a reminder or a deadline)."""

    id: int
    channel_id: int
    guild_id: int | None
    game_key: str
    board: str
    status: str
    host_id: int
    seats: list[Seat]
    settings: dict[str, Any]
    seed: int
    state: dict[str, Any] | None
    version: int
    created_at: str
    updated_at: str
    ending: str | None = None
    unclaimed: list[int] = field(default_factory=list)
    clocks: dict[str, Any] = field(default_factory=dict)
    away: dict[str, str] = field(default_factory=dict)
    paused_at: str | None = None
    next_due: str | None = None
    stored: tuple[Any, str] | None = field(default=None, compare=False, repr=False)  # (state, its JSON as stored)

    def state_text(self) -> str | None:
        """The state as stored (JSON text): dumped once per state object, then remembered, so the
        save after next reuses it for the undo snapshot of the state before its action."""
        if self.state is None:
            return None
        if self.stored is None or self.stored[0] is not self.state:
            self.stored = (self.state, dumps(self.state))
        return self.stored[1]

    def text_of(self, state: dict[str, Any]) -> str:
        """`state` as stored: its remembered text if it is the state last stored or loaded."""
        return self.stored[1] if self.stored is not None and self.stored[0] is state else dumps(state)


@dataclass(frozen=True)
class Post:
    """A message to post in a game's channel outside any command (a reminder, what a deadline did):
    its plain text (escaped when delivered) and whom it mentions, before the text; `nonce` lets
    Discord drop a second delivery of the same post. `direct` is told the first one it mentions
    alone, by direct message, never in the channel; `offer` puts the buttons of their prepared turn
    offered back (issue 30) under both."""

    content: str
    mentions: tuple[int, ...] = ()
    nonce: str = field(default_factory=lambda: secrets.token_hex(12))
    direct: str = ""
    offer: bool = False

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"content": self.content, "mentions": list(self.mentions)}
        if self.direct:
            body["direct"] = self.direct
        if self.offer:
            body["offer"] = True
        return body


@dataclass(frozen=True)
class Outgoing:
    """A post in the outbox, waiting to be delivered. `sending` is its text as sent, when a
    delivery began (noted before sending), and `sending_after` the id of a message it follows;
    `direct` and `offer` as the `Post`'s."""

    id: int
    game_id: int
    channel_id: int
    content: str
    mentions: tuple[int, ...]
    nonce: str
    sending: str | None = None
    sending_after: int | None = None
    direct: str = ""
    offer: bool = False


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's history. A `secret` entry reads as `public` to everyone but its
    author until a later entry `reveals`."""

    at: str
    user_id: int
    kind: str
    body: dict[str, Any]
    summary: str
    details: list[str] = field(default_factory=list)
    seat: int | None = None
    secret: bool = False
    reveals: bool = False
    undoable: bool = False
    undoes: int | None = None
    seq: int = 0  # assigned by the store when appended
    public: str = ""


@dataclass(frozen=True)
class Kept:
    """A seat's prepared turn as the table keeps it privately (issue 30): the plan as the game
    encodes it (`Game.encode_prepared`), its `snapshot` of what the plan depends on, and the
    `reasons` it was offered back rather than played when the turn came (empty: it waits)."""

    seat: int
    plan: dict[str, Any]
    snapshot: dict[str, Any]
    reasons: tuple[str, ...] = ()
    at: str = ""


GAME_COLUMNS = (
    "id, channel_id, guild_id, game_key, board, status, host_id, seats, settings, seed, state, "
    "version, created_at, updated_at, ending, unclaimed, clocks, away, paused_at, next_due"
)
LOG_COLUMNS = ("at, user_id, kind, body, summary, details, seat, secret, reveals, undoable, undoes, seq, public, "
               "said")


def game_row(row: Iterable[Any]) -> GameRow:
    (gid, channel, guild, key, board, status, host, seats, settings, seed, state, version, created,
     updated, ending, unclaimed, clocks, away, paused_at, next_due) = row
    data = orjson.loads(state) if state is not None else None
    return GameRow(gid, channel, guild, key, board, status, host, serial.load(list[Seat], json.loads(seats), "seats"),
                   json.loads(settings), seed, data, version, created, updated, ending, json.loads(unclaimed),
                   json.loads(clocks), json.loads(away), paused_at, next_due,
                   (data, state) if data is not None else None)


def log_entry(row: Iterable[Any]) -> LogEntry:
    at, user, kind, body, summary, details, seat, secret, reveals, undoable, undoes, seq, public, said = row
    details = json.loads(details)
    if said:  # the texts as messages, to be said in the reader's language; an entry from before: as stored
        kept = json.loads(said)
        summary, public = from_data(kept["summary"]), from_data(kept["public"])
        details = [from_data(d) for d in kept["details"]]
    return LogEntry(at, user, kind, json.loads(body), summary, details, seat,
                    bool(secret), bool(reveals), bool(undoable), undoes, seq, public)


def said(e: LogEntry) -> str:
    """An entry's texts with their catalog templates and values (JSON; "" when none is a message)."""
    texts = [e.summary, e.public, *e.details]
    if not any(isinstance(t, Msg) for t in texts):
        return ""
    return dumps({"summary": as_data(e.summary), "public": as_data(e.public),
                  "details": [as_data(d) for d in e.details]})


def kept(row: Iterable[Any]) -> Kept:
    """A `prepared` row (seat, plan, snapshot, reasons, at) as the table keeps it."""
    seat, plan, snapshot, reasons, at = row
    return Kept(int(seat), json.loads(plan), json.loads(snapshot), tuple(json.loads(reasons)), at)


def dumps(value: Any) -> str:
    """Compact JSON as stored, UTF-8 unescaped (orjson; what it does not take, such as a whole
    number past 64 bits, the standard library writes the same way)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def log_row(game_id: int, e: LogEntry) -> tuple[Any, ...]:
    return (game_id, e.at, e.user_id, e.kind, dumps(e.body), e.summary, dumps(e.details), e.seat, int(e.secret),
            int(e.reveals), int(e.undoable), e.undoes, e.seq, e.public, said(e))


NEW_GAME_COLUMNS = ("channel_id, guild_id, game_key, board, status, host_id, seats, settings, seed, state, version, "
                    "created_at, updated_at, ending, unclaimed, clocks, away, paused_at, next_due")
CHANGED_GAME_COLUMNS = ("board", "status", "host_id", "seats", "settings", "state", "version", "updated_at",
                        "ending", "unclaimed", "clocks", "away", "paused_at", "next_due")


def new_game_values(game: GameRow) -> tuple[Any, ...]:
    """`NEW_GAME_COLUMNS` of a game about to be created."""
    return (game.channel_id, game.guild_id, game.game_key, game.board, game.status, game.host_id,
            dumps(serial.dump(game.seats)), dumps(game.settings), game.seed, game.state_text(), game.version,
            game.created_at, game.updated_at, game.ending, dumps(game.unclaimed), dumps(game.clocks),
            dumps(game.away), game.paused_at, game.next_due)


def changed_game_values(game: GameRow) -> tuple[Any, ...]:
    """`CHANGED_GAME_COLUMNS` of a game being saved, its version bumped."""
    return (game.board, game.status, game.host_id, dumps(serial.dump(game.seats)), dumps(game.settings),
            game.state_text(), game.version + 1, game.updated_at, game.ending, dumps(game.unclaimed),
            dumps(game.clocks), dumps(game.away), game.paused_at, game.next_due)


def outgoing(row: Iterable[Any]) -> Outgoing:
    """An outbox row (id, game_id, channel_id, body, nonce, sending, sending_after) as a post to deliver."""
    post_id, game_id, channel_id, body, nonce, sending, after = row
    content = json.loads(body)
    return Outgoing(post_id, game_id, channel_id, content["content"], tuple(content["mentions"]), nonce, sending,
                    None if after is None else int(after), content.get("direct", ""), bool(content.get("offer")))


CONFLICT = "The game changed while your command ran. Please try again."
CHANNEL_TAKEN = "This channel already has a game. Finish it with /game end, or use another channel or thread."
