"""What the table layer hands back to a front end (cog, console, test): plain data, no Discord."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, NamedTuple, TypeVar

from rules.base import Highlight, Posted, Seat
from rules.options import Step

NAME_LIMIT = 32
S = TypeVar("S")
ALT_LIMIT = 1024  # Discord's limit on an attachment's description (its alt text)
MORE = " (More than fits here: /game status and the board.)"


def alt_text(what: str, position: str, limit: int = ALT_LIMIT) -> str:
    """A board's alt text: what just happened, then the position, within `limit` characters; a
    position too long loses its last sentences whole (it is written most important first),
    never a sentence cut in the middle."""
    text = f"{what} — {position}" if position else what
    if len(text) <= limit:
        return text
    sentences = position.split(". ")
    while sentences:
        sentences.pop()
        kept = ". ".join(sentences)
        text = f"{what} — {kept}." + MORE if kept else what + MORE
        if len(text) <= limit:
            return text
    return what[:limit - len(MORE) - 1].rsplit(" ", 1)[0] + "…" + MORE


def clean_name(name: str) -> str:
    """A display name safe to show: one line, no control or format characters (bidi overrides,
    zero-width joiners), no mentions or leading markdown, bounded length. Replies still escape it."""
    kept = "".join(c for c in name if unicodedata.category(c)[0] != "C")
    cleaned = " ".join(kept.split()).replace("@", "").strip("*_~`|>#[]() ")
    return (cleaned or "player")[:NAME_LIMIT]


@dataclass(frozen=True)
class User:
    """Whoever sent a command: Discord user id, display name, and Manage Channels permission."""

    id: int
    name: str
    manage_channels: bool = False


@dataclass(frozen=True)
class Drawing:
    """A board image to draw: the state as `viewer` (a seat, or None for everyone) may see it, what
    part of the board to show (`focus`: one of the game's `focuses`, or None for all of it), a
    piece and where it can go drawn over it (`highlight`), or the posted view (`posted`: the
    board composed for Discord's preview, showing best the action just taken), and its alt text;
    `past` for a position looked back at (drawn after the boards of the present: `waypost.drawing`);
    or, with `step`, the game's picture of a choice on a turn card (`GameEntry.picture`); the
    `language` its labels are drawn in (the alt text is already in it). With `described`, `alt`
    says what happened and the position's description (`Game.describe`) is added where the board
    is drawn, off the event loop (`Looking.draw` gives the whole alt text with the image)."""

    game_key: str
    state: Any
    viewer: int | None
    alt: str
    focus: str | None = None
    highlight: Highlight | None = None
    posted: Posted | None = None
    past: bool = False
    step: Step | None = None
    language: str = "en"
    described: bool = False


class Drawn(NamedTuple):
    """A drawing drawn: the PNG and its whole alt text."""

    png: bytes
    alt: str


@dataclass(frozen=True)
class Prompt:
    """A decision to offer its player as a menu: the answer is `/game choose` with an option.
    `asked` is the log entry whose change asked it (0: not known), so a menu whose move was taken
    back is known as withdrawn, not answered."""

    channel_id: int
    user_id: int
    prompt: str
    options: tuple[str, ...]
    key: str = ""
    asked: int = 0


@dataclass(frozen=True)
class Turn:
    """What a pinged player is asked to do: the game's prompt for them and the phase's actions open
    to them now as (kind, label), its main one first, for buttons (`Game.usual`, on their own view)."""

    user_id: int
    prompt: str
    actions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The answer to a command: one line, more lines, privacy, an image, mentions (`ping`: whose
    move it is now, with `turns` saying what each is asked; `hits`: players the move hit; `told`:
    players it concerns otherwise), decision menus (`prompts`), whether anyone may act now
    (`awaiting`: turn cards are offered), the log entry whose proof a Verify button shows
    (`verify`), what the channel is told of a private answer (`announce`) and, when that may be one
    line per player and phase edited in place (a quiet channel), that line's key (`gather`);
    `finished` when the move ended the game; `live` when the drawing goes to the channel's live
    board message, edited in place, rather than with the answer; `may_end` when a player on turn
    may end it now (the game's end-turn action accepted on their view: its button is offered);
    `going_on` what the actor, still awaited, may do next (their buttons under the answer, not a ping)."""

    text: str
    details: tuple[str, ...] = ()
    private: bool = False
    drawing: Drawing | None = None
    ping: tuple[int, ...] = ()
    prompts: tuple[Prompt, ...] = ()
    turns: tuple[Turn, ...] = ()
    awaiting: bool = False
    verify: int | None = None
    gather: str = ""
    announce: str = ""
    hits: tuple[int, ...] = ()
    told: tuple[int, ...] = ()
    finished: bool = False
    live: bool = False
    posted: bool = False  # posts wait in the outbox (prepared turns played after it): deliver them now
    prepared: bool = False  # the action was prepared, not played (issue 30): it waits for the player's turn
    may_end: bool = False
    going_on: Turn | None = None


@dataclass(frozen=True)
class Waiting:
    """Someone the game waits for, as /game status shows it: until when (their deadline, None for
    none or while their clock is stopped), and until when they are away."""

    user_id: int
    name: str
    kind: str
    prompt: str
    deadline: datetime | None = None
    away_until: datetime | None = None


@dataclass(frozen=True)
class Status:
    """A channel's game at a glance; `away` the players away now, each with when they are back;
    `away_spent` (when asked for) how long each player who has been away has been away in all, in
    seconds."""

    game_key: str
    game_title: str
    board: str
    board_title: str
    status: str
    host_id: int
    seats: tuple[Seat, ...]
    seat_range: tuple[int, int]
    phase: str
    waiting: tuple[Waiting, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    ending: str | None = None
    paused: bool = False
    identities: tuple[str, ...] = ()  # per seat, who it is (`Game.identity`: a colour, a civilization…)
    away_spent: tuple[tuple[int, float], ...] = ()
    away: tuple[tuple[int, datetime], ...] = ()


@dataclass(frozen=True)
class Covered:
    """One of a member's games a setting for all of them reached: its channel and title, and what its
    channel was told, or (`refused`) why its table refused."""

    channel_id: int
    game_title: str
    said: str
    refused: bool = False


@dataclass(frozen=True)
class LogPage:
    """One page of a game's history in plain words."""

    lines: tuple[str, ...]
    page: int
    pages: int


@dataclass(frozen=True)
class Seen(Generic[S]):
    """A read-only look at a game in play: its key, its state as the viewer may see it, the viewer's
    seat (or None), and the game's id (a confirmation button names the game it was asked for)."""

    game_key: str
    state: S
    seat: int | None
    game_id: int = 0


@dataclass(frozen=True)
class Mine:
    """One of a member's games, as /game mine lists it."""

    channel_id: int
    game_title: str
    status: str
    waiting: bool
    deadline: datetime | None
