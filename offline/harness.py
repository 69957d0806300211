"""Drive the real bot with no Discord: `async with OfflineDiscord(make_bot) as discord_:`.

The harness starts a `StandIn`, points `discord.http.Route.BASE` at it, builds the bot with the
factory and logs it in (which runs `setup_hook`; it never connects). Interactions go in through the
gateway parser `INTERACTION_CREATE`; the harness waits for exactly the tasks that creates and returns
a `Record` of what Discord received. Errors the bot would otherwise swallow are captured: command
errors (`tree.on_error`), exceptions logged by discord.py or the bot (autocomplete, views, events),
clicks no view answered, requests the stand-in does not know, requests that break Discord's published
API description (`offline.conformance`: the route, the JSON path and the rule), and "something went
wrong" replies.

    rec = await discord_.run("@alice", "#lobby", '/game new game:vikings board:"Two Shores"')
    assert not rec.failures and "Vikings" in rec.content

`restart()` closes the bot and builds a new one from the same factory (same database, if the
factory uses one), keeping the stand-in or starting a new one.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from offline.conformance import Violation
from offline.payloads import (
    DEFAULT_SIZE_LIMIT,
    GUILD_ID,
    ClientRefusal,
    PayloadBuilder,
    iter_components,
    split_words,
)
from offline.standin import EPHEMERAL, Attachment, Event, InteractionLog, Message, Request, StandIn
from rules.errors import PlayerError
from waypost.outage import StoreUnavailable

BotFactory = Callable[[], commands.Bot | Awaitable[commands.Bot]]
DEFAULT_EXPECTED: tuple[type[BaseException], ...] = (
    app_commands.CheckFailure,
    app_commands.TransformerError,
    PlayerError,
    StoreUnavailable,  # answered privately, its outage logged by the store
)
CRASH_MARKERS = ("something went wrong",)


@dataclass(frozen=True)
class CapturedError:
    """An error the bot raised or logged; `expected` ones (refusals) are normal play."""

    source: str
    message: str
    exception: BaseException | None = None
    interaction_id: int | None = None
    expected: bool = False

    def __str__(self) -> str:
        detail = f": {self.exception!r}" if self.exception is not None else ""
        return f"{self.source} error: {self.message}{detail}"


@dataclass
class Record:
    """What Discord received for one interaction, as snapshots taken when the bot was done."""

    payload: dict[str, Any]
    callback_type: int | None
    ephemeral: bool
    original: Message | None
    events: list[Event]
    followups: list[Message]
    edits: list[Message]
    choices: list[dict[str, Any]] | None
    modal: dict[str, Any] | None
    posts: list[Message]
    errors: list[CapturedError]
    unknown_requests: list[Request]
    violations: list[Violation] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def interaction_id(self) -> int:
        return int(self.payload["id"])

    @property
    def content(self) -> str:
        return self.original.content if self.original else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.original.embeds if self.original else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.original.components if self.original else []

    @property
    def attachments(self) -> list[Attachment]:
        return self.original.attachments if self.original else []

    @property
    def messages(self) -> list[Message]:
        """The original response, then followups, then channel posts."""
        return ([self.original] if self.original else []) + self.followups + self.posts

    @property
    def ok(self) -> bool:
        return not self.failures


class OfflineDiscord:
    """The real bot against a Discord stand-in on 127.0.0.1. One harness (one Route.BASE) at a time."""

    def __init__(
        self,
        bot_factory: BotFactory,
        *,
        standin: StandIn | None = None,
        guild_id: int = GUILD_ID,
        ack_timeout: float = 3.0,
        run_timeout: float = 30.0,
        checks: bool = True,
        expected_errors: tuple[type[BaseException], ...] = DEFAULT_EXPECTED,
        crash_markers: Iterable[str] = CRASH_MARKERS,
        attachment_size_limit: int = DEFAULT_SIZE_LIMIT,
        token: str = "fake-token",
        check_spec: bool = True,
    ) -> None:
        self.bot_factory = bot_factory
        self.standin = standin or StandIn(
            ack_timeout=ack_timeout, attachment_size_limit=attachment_size_limit, check_spec=check_spec
        )
        self._owns_standin = standin is None
        self.guild_id = guild_id
        self.run_timeout = run_timeout
        self.checks = checks
        self.expected_errors = expected_errors
        self.crash_markers = tuple(m.casefold() for m in crash_markers)
        self.attachment_size_limit = attachment_size_limit
        self.token = token
        self.errors: list[CapturedError] = []
        self._recorded: dict[int, BaseException] = {}  # by id: recorded exceptions and all they wrap (kept alive)
        self.permissions: dict[int, int] = {}
        self._bot: commands.Bot | None = None
        self._builder: PayloadBuilder | None = None
        self._saved_base: str | None = None
        self._handler = _LogCapture(self)
        self._before: set[asyncio.Task[Any]] = set()

    # -- lifecycle ---------------------------------------------------------------------------------

    async def __aenter__(self) -> OfflineDiscord:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        """Start the stand-in (if this harness owns it), point discord.py at it, log a new bot in."""
        self._before = asyncio.all_tasks()
        self._saved_base = discord.http.Route.BASE
        try:
            if self._owns_standin:
                await self.standin.start()
            await self._open_bot()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Stop views, close the bot, restore Route.BASE, stop the stand-in, cancel leftover tasks."""
        await self._close_bot()
        if self._saved_base is not None:
            discord.http.Route.BASE = self._saved_base
            self._saved_base = None
        if self._owns_standin:
            await self.standin.close()
        await self._cancel_leftovers()

    async def restart(self, *, new_standin: bool = False) -> None:
        """Close the bot and log in a fresh one from the same factory (optionally on a new stand-in)."""
        await self._close_bot()
        await self._cancel_leftovers()
        if new_standin:
            if self._owns_standin:
                await self.standin.close()
            old = self.standin
            self.standin = StandIn(
                ack_timeout=old.ack_timeout,
                nonce_window=old.nonce_window,
                attachment_size_limit=old.attachment_size_limit,
                directory=old.directory,
                check_spec=old.check_spec,
                spec=old.spec,
            )
            self._owns_standin = True
            await self.standin.start()
        self._before = asyncio.all_tasks()
        await self._open_bot()

    async def _open_bot(self) -> None:
        discord.http.Route.BASE = self.standin.api_base
        made = self.bot_factory()
        self._bot = await made if inspect.isawaitable(made) else made
        await self._bot.login(self.token)
        self._builder = PayloadBuilder(
            self._bot.tree,
            application_id=self.standin.application_id,
            directory=self.standin.directory,
            upload=self.standin.host,
            guild_id=self.guild_id,
            attachment_size_limit=self.attachment_size_limit,
            checks=self.checks,
        )
        self._builder.permissions = self.permissions
        self._watch_tree(self._bot.tree)
        logging.getLogger().addHandler(self._handler)
        self._cache_guild()

    async def _close_bot(self) -> None:
        bot, self._bot, self._builder = self._bot, None, None
        logging.getLogger().removeHandler(self._handler)
        if bot is None:
            return
        store = bot._connection._view_store
        views = {item.view for items in store._views.values() for item in items.values() if item.view}
        for view in [*views, *store._modals.values()]:
            view.stop()
        await bot.close()

    async def _cancel_leftovers(self) -> None:
        await asyncio.sleep(0)
        current = asyncio.current_task()
        leftovers = [
            t
            for t in asyncio.all_tasks() - self._before
            if t is not current and not t.done() and not _is_server_task(t)
        ]
        for task in leftovers:
            task.cancel()
        await asyncio.gather(*leftovers, return_exceptions=True)

    @property
    def bot(self) -> commands.Bot:
        if self._bot is None:
            raise RuntimeError("the harness is not open")
        return self._bot

    @property
    def builder(self) -> PayloadBuilder:
        if self._builder is None:
            raise RuntimeError("the harness is not open")
        return self._builder

    # -- error capture -----------------------------------------------------------------------------

    def _watch_tree(self, tree: app_commands.CommandTree) -> None:
        original = tree.on_error

        async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            self.capture("command", f"/{_qualified(interaction)}", error, interaction.id)
            await original(interaction, error)

        tree.on_error = on_error  # type: ignore[method-assign]

    def capture(
        self, source: str, message: str, exception: BaseException | None = None, interaction_id: int | None = None
    ) -> None:
        """Record an error; an exception already recorded (e.g. logged by a handler) is not recorded twice."""
        if exception is not None and id(exception) in self._recorded:
            return
        expected = exception is not None and any(isinstance(e, self.expected_errors) for e in _chain(exception))
        self.errors.append(CapturedError(source, message, exception, interaction_id, expected))
        if exception is not None:
            self._recorded.update((id(e), e) for e in _chain(exception))

    @property
    def unexpected_errors(self) -> list[CapturedError]:
        return [e for e in self.errors if not e.expected]

    @property
    def unknown_requests(self) -> list[Request]:
        return self.standin.unknown

    @property
    def violations(self) -> list[Violation]:
        return self.standin.violations

    def assert_clean(self) -> None:
        """Fail if the bot raised or logged an unexpected error, sent a request Discord does not have,
        or sent one that breaks Discord's API description."""
        problems = [str(e) for e in self.unexpected_errors]
        problems += [f"unknown request {r.method} {r.path}" for r in self.unknown_requests]
        problems += [_refused(v) for v in self.violations]
        assert not problems, "\n".join(problems)

    # -- people and places -------------------------------------------------------------------------

    def grant(self, user: str | int, **perms: bool) -> None:
        """Give `user` extra permissions in every channel, e.g. `grant("@alice", manage_channels=True)`."""
        self.builder.grant(user, discord.Permissions(**perms))

    def revoke(self, user: str | int, **perms: bool) -> None:
        self.builder.revoke(user, discord.Permissions(**perms))

    @property
    def channel_posts(self) -> list[Message]:
        """Every message the bot posted with POST /channels/{id}/messages, in order."""
        return list(self.standin.channel_posts)

    def _cache_guild(self) -> None:
        """Emulate GUILD_CREATE / CHANNEL_CREATE for a bot with the guilds intent: the guild, its channels."""
        state = self.bot._connection
        if not self.bot.intents.guilds:
            return
        if state._get_guild(self.guild_id) is None:
            state._add_guild_from_data(self.standin.directory.guild(self.guild_id))  # type: ignore[arg-type]
        guild = state._get_guild(self.guild_id)
        for channel_id in self.standin.directory.channels.keys() - guild._channels.keys():  # new ones only
            self._cache_channel(channel_id)

    def _cache_channel(self, channel_id: int) -> None:
        guild = self.bot._connection._get_guild(self.guild_id)
        if guild is not None and guild.get_channel(channel_id) is None:
            data = self.standin.directory.channel(channel_id, self.guild_id)
            guild._add_channel(discord.TextChannel(state=self.bot._connection, guild=guild, data=data))  # type: ignore[arg-type]

    # -- interactions ------------------------------------------------------------------------------

    async def run(self, user: str | int, channel: str | int, line: str) -> Record:
        """Run one console-style line as `user` in `channel`.

        `/game new game:vikings board:"Two Shores"` runs a slash command; `!complete /game new game:vi`
        asks for autocomplete of the last option; `!click TARGET [VALUE ...]` clicks the button, or
        picks values in the select, whose custom_id, label or placeholder is TARGET on the newest
        message (in `channel`, visible to `user`) that has it; `!pick VALUE [VALUE ...]` picks values
        in the newest select that offers the first one. Values may be option labels, or a label's short
        form: its first word, or its part before " — " (`!pick F1` for "F1 — 1 move: F1").
        Raises `ClientRefusal` for what Discord's client would not send.
        """
        line = line.strip()
        verb, _, rest = line.partition(" ")
        if line.startswith("/"):
            path, options, _ = self.builder.parse(line)
            return await self.command(user, channel, path, options)
        if verb == "!complete":
            path, options, last = self.builder.parse(rest)
            if last is None:
                raise ClientRefusal("!complete needs an option to complete, e.g. game:vi")
            return await self.autocomplete(user, channel, path, options, last)
        if verb in ("!click", "!pick"):
            words = split_words(rest)
            if not words:
                raise ClientRefusal(f"{verb} needs what to click or pick")
            if verb == "!click":
                message, component = self.find_component(words.pop(0), user, channel)
            else:
                message, component = self.find_component(words[0], user, channel, option=True)
            values = _option_values(component, words) if component["type"] != 2 else None
            return await self.click(user, channel, message, component["custom_id"], values)
        raise ClientRefusal(f"not a command: {line!r} (try /command, !complete, !click, !pick or help)")

    async def command(
        self,
        user: str | int,
        channel: str | int,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        checks: bool | None = None,
    ) -> Record:
        """Run slash command `name` (e.g. "game new") with options given by Discord name."""
        return await self.inject(self.builder.command(user, channel, name, options, checks=checks))

    async def autocomplete(
        self,
        user: str | int,
        channel: str | int,
        name: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        checks: bool | None = None,
    ) -> Record:
        """Ask for autocomplete choices of option `focused`; they are in `record.choices`."""
        return await self.inject(self.builder.autocomplete(user, channel, name, options, focused, checks=checks))

    async def click(
        self,
        user: str | int,
        channel: str | int | None,
        message: Message | int | None,
        custom_id: str,
        values: list[str] | None = None,
        *,
        checks: bool | None = None,
    ) -> Record:
        """Click button `custom_id` (or pick `values` in a select) on `message` (None: the newest with it)."""
        if message is None:
            message, _ = self.find_component(custom_id, user, channel)
        mid = message if isinstance(message, int) else message.id
        raw = self.standin.messages.get(mid)
        if raw is None:
            raise ClientRefusal(f"message {mid} no longer exists")
        payload = self.builder.component(user, raw, custom_id, values, checks=checks)
        if int(raw["channel_id"]) in self.standin.dm_channels.values():  # a click in the bot's DM with `user`
            payload = self.builder.in_direct_message(payload, user)
        return await self.inject(payload)

    async def submit(
        self,
        user: str | int,
        channel: str | int,
        modal: Mapping[str, Any] | Record,
        values: Mapping[str, str],
        *,
        checks: bool | None = None,
    ) -> Record:
        """Submit a modal the bot opened (`record.modal`, or the record itself) with `values` by
        text input custom_id."""
        message = None
        if isinstance(modal, Record):
            if modal.payload.get("message"):
                message = self.standin.messages.get(int(modal.payload["message"]["id"]), modal.payload["message"])
            if modal.modal is None:
                raise ClientRefusal("that interaction opened no modal")
            modal = modal.modal
        payload = self.builder.modal_submit(user, channel, modal, values, message, checks=checks)
        return await self.inject(payload)

    def find_component(
        self, target: str, user: str | int, channel: str | int | None = None, *, option: bool = False,
        prefix: bool = False,
    ) -> tuple[Message, dict[str, Any]]:
        """The newest message (in `channel`, visible to `user`) with a component matching `target`,
        a message that mentions `user` first (a menu asking them, among others' menus).

        A component matches by custom_id, label or placeholder; with `option`, a select matches when
        it offers `target` (by label, a label's short form or value); with `prefix`, when its
        custom_id starts with `target`.
        """
        directory = self.standin.directory
        uid = str(directory.user_id(user))
        cid = None if channel is None else str(directory.channel_id(channel))
        found: list[tuple[bool, int, dict[str, Any]]] = []
        for mid in sorted(self.standin.messages, reverse=True):
            raw = self.standin.messages[mid]
            owner = raw.get("interaction_metadata", {}).get("user", {}).get("id")
            if (cid and raw["channel_id"] != cid) or (raw["flags"] & EPHEMERAL and owner != uid):
                continue
            component = next((c for c in iter_components(raw["components"])
                              if (c.get("custom_id", "").startswith(target) and not c.get("disabled") if prefix
                                  else _matches(c, target, option))), None)
            if component is not None:
                found.append((f"<@{uid}>" in raw["content"], mid, component))
        if found:
            _, mid, component = max(found, key=lambda f: (f[0], f[1]))
            return self.standin.message(mid), component
        what = "a select offering" if option else "a button or select"
        raise ClientRefusal(f"no message here has {what} {target!r}")

    async def inject(self, payload: dict[str, Any]) -> Record:
        """Send a raw interaction payload through the gateway parser and wait for the bot."""
        self._cache_guild()
        log = self.standin.register(payload)
        first_request, first_error = len(self.standin.requests), len(self.errors)
        first_post = len(self.standin.channel_posts)
        tasks = self._dispatch(payload)
        if tasks:
            done, pending = await asyncio.wait(tasks, timeout=self.run_timeout)
            for task in pending:
                task.cancel()
                self.capture("timeout", f"still running after {self.run_timeout} s: {task.get_name()}", None, log.id)
            await asyncio.gather(*pending, return_exceptions=True)
            for task in done:
                if not task.cancelled() and task.exception() is not None:
                    self.capture("task", task.get_name(), task.exception(), log.id)
        return self._record(log, first_request, first_error, first_post)

    def _dispatch(self, payload: dict[str, Any]) -> list[asyncio.Task[Any]]:
        """Call the INTERACTION_CREATE parser and return exactly the tasks it created."""
        loop = asyncio.get_running_loop()
        previous = loop.get_task_factory()
        created: list[asyncio.Task[Any]] = []

        def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
            task = previous(loop, coro, **kwargs) if previous else asyncio.Task(coro, loop=loop, **kwargs)
            created.append(task)  # type: ignore[arg-type]
            return task  # type: ignore[return-value]

        loop.set_task_factory(factory)  # type: ignore[arg-type]
        try:
            self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        finally:
            loop.set_task_factory(previous)
        return created

    def _record(self, log: InteractionLog, first_request: int, first_error: int, first_post: int) -> Record:
        def latest(mid: int) -> Message | None:
            if mid in self.standin.messages:
                return self.standin.message(mid)
            return next((e.message for e in reversed(log.events) if e.message and e.message.id == mid), None)

        since = self.standin.requests[first_request:]  # every request since (others' too, when concurrent)
        original = latest(log.original_id) if log.original_id else None
        followups = [m for m in map(latest, log.followup_ids) if m is not None]
        edits = [
            e.message
            for e in log.events
            if e.message and (e.kind == "edit" or (e.kind == "followup" and e.message.id == log.original_id))
        ]
        rec = Record(
            payload=log.payload,
            callback_type=log.callback_type,
            ephemeral=log.ephemeral,
            original=original,
            events=list(log.events),
            followups=followups,
            edits=edits,
            choices=log.choices,
            modal=log.modal,
            posts=self.standin.channel_posts[first_post:],
            errors=self.errors[first_error:],
            unknown_requests=[r for r in since if not r.known],
            violations=[v for r in since if r.violations for v in r.violations],
        )
        rec.failures = self._failures(rec)
        return rec

    def _failures(self, rec: Record) -> list[str]:
        """What makes this interaction a crash rather than normal play (a refusal is normal play)."""
        failures = [str(e) for e in rec.errors if not e.expected]
        failures += [f"unknown request {r.method} {r.path} (Discord answers 404)" for r in rec.unknown_requests]
        failures += [_refused(v) for v in rec.violations]
        if rec.callback_type is None:
            what = f"click on {rec.payload['data']['custom_id']!r}" if rec.payload["type"] == 3 else "interaction"
            failures.append(f"the {what} was never answered (Discord shows 'This interaction failed')")
        for message in rec.messages:
            text = message.text().casefold()
            if any(marker in text for marker in self.crash_markers):
                failures.append(f"crash reply: {message.text()[:200]!r}")
        return failures


class _LogCapture(logging.Handler):
    """Errors logged anywhere, and discord.py's warnings (e.g. a click on a view that is gone)."""

    def __init__(self, harness: OfflineDiscord) -> None:
        super().__init__(logging.WARNING)
        self.harness = harness

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.ERROR and not record.name.startswith("discord"):
            return
        exception = record.exc_info[1] if record.exc_info else None
        self.harness.capture(f"log {record.name}", record.getMessage(), exception)


def _refused(violation: Violation) -> str:
    return f"Discord would refuse {violation} ({violation.code}: {violation.message})"


def _chain(error: BaseException) -> list[BaseException]:
    """The error, what it wraps (`original`) and its causes."""
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = getattr(current, "original", None) or current.__cause__
    return seen


def _qualified(interaction: discord.Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command else str((interaction.data or {}).get("name"))


def _is_server_task(task: asyncio.Task[Any]) -> bool:
    """Tasks of aiohttp's web server (a stand-in that outlives this bot) are not the bot's leftovers."""
    code = getattr(task.get_coro(), "cr_code", None)
    return code is not None and "aiohttp" in code.co_filename


def _matches(component: dict[str, Any], target: str, option: bool) -> bool:
    folded = target.casefold()
    if option:
        return bool(_offering(component, target))
    if component.get("custom_id") == target:
        return True
    names = (component.get("label"), component.get("placeholder"))
    return "custom_id" in component and any(n and n.casefold() == folded for n in names)


def _short_forms(label: str) -> set[str]:
    """What a player may type for an option's label, folded: its first word, and the part before
    " — ", " (" or ": " ("F1" for "F1 — 1 move: F1", "Boat 1" for "Boat 1 — at B1")."""
    folded = label.casefold().strip()
    forms = {folded.split(maxsplit=1)[0]} if folded else set()
    for mark in (" — ", " (", ": "):
        forms.add(folded.split(mark, 1)[0].rstrip(":,"))
    return forms


def _offering(component: dict[str, Any], word: str) -> list[dict[str, Any]]:
    """The options of a select that `word` names: by its whole label, else by a short form of its
    label (every option so named: more than one is ambiguous), else by its value (a turn card's
    values are numbers no player sees)."""
    options, folded = component.get("options", []), word.casefold()
    for named in (lambda o: o["label"].casefold() == folded, lambda o: folded in _short_forms(o["label"]),
                  lambda o: o["value"] == word):
        found = [o for o in options if named(o)]
        if found:
            return found
    return []


def _option_values(component: dict[str, Any], words: list[str]) -> list[str]:
    """Select values given by label, value or a label's short form; ClientRefusal when a short
    form names several options."""
    values = []
    for word in words:
        found = _offering(component, word)
        if len(found) > 1:
            raise ClientRefusal(f"{word!r} names several options ({', '.join(o['label'] for o in found)}): "
                                "give more of the label")
        values.append(found[0]["value"] if found else word)
    return values
