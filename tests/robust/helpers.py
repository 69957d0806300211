"""Shared by the robustness tests: the command tree as data, scenes to test in, and the checks
every reply and every stored game must pass."""

from __future__ import annotations

import asyncio
import itertools
import re
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from discord import AppCommandOptionType as Kind
from discord import app_commands

from front.bot import create_bot, extensions
from offline import CapturedError, OfflineDiscord, Record
from offline.payloads import GUILD_ID
from rules.errors import NotAllowed, NotYourTurn
from tests.support.members import everyone
from waypost.config import UNBUDGETED, Config
from waypost.outcome import User
from waypost.records import GameRow, LogEntry
from waypost.registry import GameEntry
from waypost.replay import replay
from waypost.storage import Store

PLAYERS = ("@alice", "@bob", "@carl")  # alice hosts; SCENE leaves it bob's turn
OUTSIDER, MANAGER = "@olga", "@mod"  # MANAGER is granted Manage Channels
SCENE = (  # a Vikings game a few moves in, played through the bot
    "@alice /game new game:vikings board:nordhav",
    "@bob /game join",
    "@carl /game join",
    "@alice /game start",
    "@carl /vikings place dock:D1",
    "@bob /vikings place dock:B1",
    "@alice /vikings place dock:A2",
    *(f"{p} /vikings adjust what:{what} value:{n}" for p in PLAYERS for what, n in (("food", 6), ("steel", 3))),
    "@alice /vikings sail boat:1 route:F4 strength:1",
    "@alice /vikings end",
    "@bob /vikings adjust what:raided value:1",
    "@bob /vikings adjust what:settlers island:B value:2",
)
REFUSAL = "⛔"
NOISE = re.compile(r"Traceback|File \"|object at 0x|<class '|\w+(Error|Exception)\(")
MASS_MENTION = re.compile(r"@(everyone|here)\b|<@&\d{17,20}>")  # what Discord would ping
MENTION = re.compile(r"<@!?(\d+)>")


def run_apart(make: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run a coroutine to completion on its own event loop in its own thread (for sync fixtures)."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(asyncio.run(make())))
    thread.start()
    thread.join()
    if not out:
        raise RuntimeError("the coroutine failed; see the thread's traceback above")
    return out[0]


def shipped_commands() -> list[tuple[str, tuple[tuple[str, bool], ...]]]:
    """Every command of the bot's tree: (qualified name, ((option, autocompleted?), ...)), sorted."""

    async def collect() -> list[tuple[str, tuple[tuple[str, bool], ...]]]:
        bot = create_bot(Config("", ":memory:", None, "INFO"))
        for extension in extensions(bot.games):
            await bot.load_extension(extension)
        return sorted((c.qualified_name, tuple((p.display_name, p.autocomplete) for p in c.parameters))
                      for c in leaf_commands(bot.tree))

    return run_apart(collect)


def leaf_commands(tree: app_commands.CommandTree) -> list[app_commands.Command]:
    return [c for c in tree.walk_commands() if isinstance(c, app_commands.Command)]


def command(harness: OfflineDiscord, path: str) -> app_commands.Command:
    return next(c for c in leaf_commands(harness.bot.tree) if c.qualified_name == path)


async def offered(harness: OfflineDiscord, who: str, channel: int, path: str, param: app_commands.Parameter,
                  options: dict[str, Any] | None = None) -> list[Any]:
    """What the bot offers for an option: its choices, or autocomplete (given the other options)."""
    if param.choices:
        return [c.value for c in param.choices]
    if not param.autocomplete:
        return []
    rec = await harness.autocomplete(who, channel, path, {**(options or {}), param.display_name: ""},
                                     param.display_name)
    return [c["value"] for c in rec.choices or []]


async def filled(harness: OfflineDiscord, who: str, channel: int, cmd: app_commands.Command) -> dict[str, Any]:
    """The required options as `who` would fill them: plain values first (they steer autocomplete),
    then the first value the bot offers for each of the others."""
    plain = {Kind.integer: 1, Kind.number: 1, Kind.boolean: False, Kind.user: who, Kind.attachment: b"{}"}
    options: dict[str, Any] = {}
    for param in sorted((p for p in cmd.parameters if p.required), key=lambda p: p.autocomplete):
        offers = await offered(harness, who, channel, cmd.qualified_name, param, options)
        options[param.display_name] = offers[0] if offers else plain.get(param.type, "x")
    return options


async def play(harness: OfflineDiscord, channel: str | int, lines: tuple[str, ...]) -> None:
    """Run console lines ("@user /command ..."); each must be accepted."""
    for line in lines:
        user, text = line.split(" ", 1)
        rec = await harness.run(user, channel, text)
        assert rec.ok and not refused(rec), (line, rec.content, rec.failures)


async def make_export(db: Path, games: dict[str, GameEntry]) -> bytes:
    """Play SCENE through the real bot and export it."""
    config = Config("", str(db), None, "INFO", **UNBUDGETED)
    async with OfflineDiscord(lambda: create_bot(config, games)) as harness:
        await play(harness, "#scene", SCENE)
        rec = await harness.run(PLAYERS[0], "#scene", "/game export")
        harness.assert_clean()
        return rec.attachments[0].data


def join_server(harness: OfflineDiscord, names: tuple[str, ...] = PLAYERS) -> None:
    """Make `names` members of the stand-in's server (it counts every user its directory knows):
    an import needs every seat's player to be one."""
    for name in names:
        harness.builder.directory.user_id(name)


def user(harness: OfflineDiscord, name: str, manage_channels: bool = False) -> User:
    """The table's view of a console user (as the cogs build it)."""
    return User(harness.builder.directory.user_id(name), name.removeprefix("@"), manage_channels)


async def import_scene(harness: OfflineDiscord, channel: str | int, export: bytes) -> int:
    """Import an export into `channel` as its host (PLAYERS[0]) through the table; the channel id."""
    cid = harness.builder.directory.channel_id(channel)
    await harness.bot.table.import_game(cid, GUILD_ID, user(harness, PLAYERS[0]), export, everyone)
    return cid


class Scenes:
    """Channels holding a game in a known state, by kind: "play" (SCENE imported, bob's turn),
    "lobby" (three seated, not started) and "none". `spoil(kind)` after a change: the next
    `channel(kind)` sets up a new channel."""

    KINDS = ("play", "lobby", "none")

    def __init__(self, harness: OfflineDiscord, export: bytes):
        self.harness, self.export = harness, export
        self._channels: dict[str, int] = {}
        self._made = itertools.count(1)

    async def channel(self, kind: str) -> int:
        if kind not in self._channels:
            cid = self.harness.builder.directory.channel_id(f"#{kind}-{next(self._made)}")
            table, host = self.harness.bot.table, user(self.harness, PLAYERS[0])
            if kind == "play":
                await import_scene(self.harness, cid, self.export)
            elif kind == "lobby":
                await table.new(cid, GUILD_ID, host, "vikings", "nordhav")
                for name in PLAYERS[1:]:
                    await table.join(cid, user(self.harness, name))
            self._channels[kind] = cid
        return self._channels[kind]

    def spoil(self, kind: str) -> None:
        self._channels.pop(kind, None)

    async def attempt(self, kind: str, payload: dict[str, Any], known_users: set[int]) -> tuple[Record, list[str]]:
        """Send an interaction to the `kind` channel it names: its record, and what is wrong with the
        answer (reply_problems) or with the stored game (a refusal that changed it)."""
        store = self.harness.bot.table.store
        channel = int(payload["channel_id"])
        before = await stored(store, channel)
        rec = await self.harness.inject(payload)
        after = await stored(store, channel)
        problems = reply_problems(rec, known_users)
        if refused(rec) and before != after:
            problems.append("refused, yet the stored game changed")
        if before != after:
            self.spoil(kind)
        return rec, problems


# --- what a reply must be ------------------------------------------------------------------

def refused(rec: Record) -> bool:
    return rec.content.startswith(REFUSAL) or any(e.expected for e in errors_of(rec))


def errors_of(rec: Record) -> list[CapturedError]:
    """Errors captured for this interaction (others may run at the same time)."""
    return [e for e in rec.errors if e.interaction_id in (None, rec.interaction_id)]


def refusal_kind(rec: Record) -> str | None:
    """None if accepted; else "role" (NotAllowed), "turn" (NotYourTurn) or "rules" (any other refusal)."""
    if not refused(rec):
        return None
    errors = [e.exception for e in errors_of(rec) if e.expected]
    chain = [getattr(e, "original", e) for e in errors]
    if any(isinstance(e, NotAllowed) for e in chain):
        return "role"
    if any(isinstance(e, NotYourTurn) for e in chain):
        return "turn"
    return "rules"


def reply_problems(rec: Record, known_users: set[int]) -> list[str]:
    """What is wrong with the bot's answer: crashes and Discord's refusals (the stand-in's limits),
    a refusal that is public or unreadable, a mass or role mention, or a ping of a user not in
    `known_users` (a mention smuggled in through input)."""
    problems = list(rec.failures)
    if refused(rec):
        if not all(m.ephemeral for m in rec.messages) or not rec.messages:
            problems.append(f"refusal not private: {rec.content[:120]!r}")
        if not (rec.content.startswith(REFUSAL + " ") and len(rec.content) > 4) or NOISE.search(rec.content):
            problems.append(f"refusal not readable: {rec.content[:200]!r}")
    for event in rec.events:
        body = event.request.payload if isinstance(event.request.payload, dict) else {}
        body = body.get("data", body) if event.kind in ("reply", "update") else body
        if not (body.get("content") or body.get("embeds")):
            continue
        allowed = body.get("allowed_mentions")
        parse = (allowed or {}).get("parse", [])
        if allowed is None or "everyone" in parse or "roles" in parse or allowed.get("roles"):
            problems.append(f"allowed_mentions lets @everyone or roles through: {allowed}")
        content = body.get("content") or ""
        if MASS_MENTION.search(content):
            problems.append(f"unescaped mass or role mention: {content[:120]!r}")
        pinged = {int(i) for i in MENTION.findall(content)} if "users" in parse else set()
        if pinged - known_users:
            problems.append(f"pings users nobody named: {sorted(pinged - known_users)}")
    return problems


# --- what a stored game must be -----------------------------------------------------------

async def stored(store: Store, channel_id: int) -> tuple | None:
    """A channel's open game as stored: row id, status, version, state, seats, settings, log length."""
    row = await store.open_game(channel_id)
    if row is None:
        return None
    return (row.id, row.status, row.version, row.state, row.seats, row.settings, await store.log_length(row.id))


def created_entries(entries: list[LogEntry]) -> int:
    """How many entries the game was created with (1 for /game new; the file's and one for an import)."""
    return next((e.seq for e in entries if e.kind == "lobby" and e.body.get("import")), 1)


def game_problems(game: GameEntry, row: GameRow, entries: list[LogEntry]) -> list[str]:
    """A stored game is whole: entries numbered 1.., one version per change, state = replay(log)."""
    problems = []
    if [e.seq for e in entries] != list(range(1, len(entries) + 1)):
        problems.append(f"game {row.id}: log not numbered 1..{len(entries)}")
    if row.version != len(entries) - created_entries(entries):
        problems.append(f"game {row.id}: version {row.version} for {len(entries)} entries")
    if row.status == "active":
        replayed = game.rules.encode_state(replay(game, entries))
        if replayed != row.state:
            problems.append(f"game {row.id}: stored state is not what its log replays to")
    return problems


@dataclass(frozen=True)
class Ack:
    """An action the bot accepted and answered publicly: its first line is the log entry's summary."""

    channel_id: int
    interaction_id: int
    user_id: int
    summary: str


def ack_of(rec: Record) -> Ack | None:
    """The public answer a player saw in the channel: the reply, or what follows a menu closed in
    place (or a private "thinking"), as its first line (a direct message sent meanwhile, such as a
    prepared turn offered back to its player, is none)."""
    if refused(rec) or not rec.ok:
        return None
    data = rec.payload
    menu = rec.payload["type"] == 3  # a menu or button: its message is the menu, the answer follows it
    said = [m for m in (rec.followups if menu else rec.messages)
            if not m.ephemeral and m.content and m.channel_id == int(data["channel_id"])]
    if not said:
        return None
    return Ack(int(data["channel_id"]), rec.interaction_id, int(data["member"]["user"]["id"]),
               said[0].content.split("\n", 1)[0])


class Noting:
    """The harness as a scripted player sees it, passing every accepted public reply to `sink`."""

    def __init__(self, harness: OfflineDiscord, sink: Callable[[Ack], None]):
        self._harness, self._sink = harness, sink

    def __getattr__(self, name: str) -> Any:
        return getattr(self._harness, name)

    def _note(self, rec: Record) -> Record:
        ack = ack_of(rec)
        if ack is not None:
            self._sink(ack)
        return rec

    async def command(self, *args: Any, **kwargs: Any) -> Record:
        return self._note(await self._harness.command(*args, **kwargs))

    async def run(self, *args: Any, **kwargs: Any) -> Record:
        return self._note(await self._harness.run(*args, **kwargs))
