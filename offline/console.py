"""The offline console: play with the real bot locally, against the Discord stand-in.

    async def run_console(bot_source, options=None, *, out=None) -> int

`bot_source` is a zero-argument bot factory (a fresh, not logged-in `commands.Bot` per call), or
a `waypost.config.Config`: then bots come from `bot.create_bot` with the database `options.db`
(a SQLite file's path or a `postgresql://` URL, read as `WAYPOST_DB` is), else a fresh temporary
one when running a script, else the console's own `OFFLINE_DB`, never the config's (`WAYPOST_DB`:
the live games and signing key); the console says which when it starts. `options` is a
`ConsoleOptions`, or a list of arguments `[--script FILE] [--json] [--images DIR] [--db FILE|URL]
[--seed N]` (`python -m offline`'s: `offline.__main__`). `out` defaults to
stdout. Returns the exit status: 1 if the bot crashed on any line (an unexpected exception, a
"something went wrong" reply, an unanswered interaction, a request Discord does not have or one
that breaks Discord's API description), else 0. A refused move, or a line Discord's client would
refuse, is normal output.

Lines (interactive, or from `--script FILE`) are those `LINES` lists (what `help` prints).
`@user` and `#channel` may start any line and stay in effect (at first: @alice in #lobby).
Values use shell-style quoting; unquoted words after a value continue it (`route:F1 F2 B1`), so
a value containing `word:` needs quotes. Attachments are saved to the images folder (default
`offline-images/`) and their paths printed; options of type attachment take a file path.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import sys
import tempfile
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

import discord

from front.bot import create_bot
from offline.harness import BotFactory, OfflineDiscord, Record
from offline.payloads import ClientRefusal
from offline.standin import Message
from waypost.channels import random_seed
from waypost.config import UNBUDGETED

LINES = """\
@alice /game new game:NAME                         a slash command as alice
/game join colour:blue                             the same user and channel as before
#other                                             switch channel (`@bob` alone switches user)
!complete /game new game:vi                        autocomplete choices for the last option
!click join                                        click a button (custom_id, label or
                                                   placeholder) on the newest message that has it
!click waypost:choose:123 B1                       pick values in a select by its custom_id
!pick B1                                           pick B1 in the newest select offering it (by
                                                   label or its short form: its first word or its
                                                   part before " — ")
help                                               this list (also !help)
!grant manage_channels                             give the user a permission (!revoke undoes)
!wait 1.5                                          let the bot's timers run for 1.5 s
# a comment                                        blank lines and comments are ignored
"""
HELP = ("help", "!help")
OFFLINE_DB = str(Path("var", "offline.sqlite3"))  # the console's own database, unless --db names one


@dataclasses.dataclass
class ConsoleOptions:
    script: Path | None = None
    json: bool = False
    images: Path = Path("offline-images")
    db: str | None = None  # a SQLite file's path or a postgresql:// URL, as WAYPOST_DB
    seed: int | None = None


def parse_args(argv: Sequence[str]) -> ConsoleOptions:
    parser = argparse.ArgumentParser(prog="python -m offline", description="Play Waypost locally against the "
                                     "offline Discord stand-in (no Discord, no token).")
    parser.add_argument("--script", type=Path, help="run a file of console lines, then exit")
    parser.add_argument("--json", action="store_true", help="print one JSON object per command")
    parser.add_argument("--images", type=Path, default=Path("offline-images"), help="folder for images")
    parser.add_argument("--db", help=f"SQLite file or postgresql:// URL (default: {OFFLINE_DB}; --script: a new file)")
    parser.add_argument("--seed", type=int, help="games shuffle the same way on every run: the first game gets "
                        "seed N, the next N+1, …")
    return ConsoleOptions(**vars(parser.parse_args(list(argv))))


def _factory(source: Any, options: ConsoleOptions, stack: ExitStack, out: TextIO) -> BotFactory:
    """The bot factory: `source` itself, or Waypost's `create_bot` for a Config, on the database
    the console chose (said on `out`, or on stderr beside JSON output)."""
    if callable(source):
        return source
    db = options.db
    if db is None and options.script is not None:
        db = str(Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="waypost-offline-"))) / "offline.sqlite3")
    db = db if db is not None else OFFLINE_DB
    print(f"Database: {db}{'' if options.db else ' (--db to play on another)'}",
          file=sys.stderr if options.json else out, flush=True)
    # one keyboard plays every seat, as fast as a script runs: no user's budget applies
    config = dataclasses.replace(source, db=db, **UNBUDGETED)
    seeds = itertools.count(options.seed).__next__ if options.seed is not None else random_seed
    return lambda: create_bot(config, seeds=seeds)


async def run_console(
    bot_source: Any,
    options: ConsoleOptions | Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
) -> int:
    """Run the console (see the module docstring); returns the exit status."""
    opts = options if isinstance(options, ConsoleOptions) else parse_args(options or [])
    out = out or sys.stdout
    with ExitStack() as stack:
        async with OfflineDiscord(_factory(bot_source, opts, stack, out)) as harness:
            console = Console(harness, opts, out)
            if opts.script is not None:
                for line in opts.script.read_text(encoding="utf-8").splitlines():
                    await console.handle(line, echo=True)
            else:
                await console.interact()
            console.background()
    return 1 if console.crashes else 0


class Console:
    """Reads console lines, runs them through the harness, prints what Discord received."""

    def __init__(self, harness: OfflineDiscord, options: ConsoleOptions, out: TextIO) -> None:
        self.harness = harness
        self.options = options
        self.out = out
        self.user, self.channel = "alice", "lobby"
        self.crashes = 0
        self.saved = 0
        self.posts_seen = 0
        self.errors_seen = 0

    async def interact(self) -> None:
        while True:
            try:
                prompt = "" if self.options.json else f"{self.user} #{self.channel}> "
                line = await asyncio.to_thread(input, prompt)
            except EOFError:
                return
            await self.handle(line)

    async def handle(self, line: str, *, echo: bool = False) -> None:
        """Run one line; print the reply (or one JSON object)."""
        text = line.strip()
        if not text or text == "#" or text.startswith(("# ", "#\t")):
            return
        self.background()
        while text[:1] in ("@", "#") and len(text.split(maxsplit=1)[0]) > 1:
            word, _, text = text.partition(" ")
            if word[0] == "@":
                self.user = word[1:]
            else:
                self.channel = word[1:]
            text = text.strip()
        if not text:
            return
        if echo and not self.options.json:
            self._print(f"> @{self.user} #{self.channel} {text}")
        if text in HELP:
            return self._report(text, None, note=LINES.rstrip())
        verb, _, rest = text.partition(" ")
        try:
            if verb in ("!grant", "!revoke"):
                return self._permissions(verb, rest.split())
            if verb == "!wait":
                await asyncio.sleep(_seconds(rest))
                return self.background()
            record = await self.harness.run(self.user, self.channel, text)
        except ClientRefusal as refusal:
            return self._report(text, None, refused=str(refusal))
        self._report(text, record)

    def _permissions(self, verb: str, names: list[str]) -> None:
        unknown = [n for n in names if n not in discord.Permissions.VALID_FLAGS]
        if unknown or not names:
            raise ClientRefusal(f"{verb} takes permission names like manage_channels, not {unknown or 'nothing'}")
        granting = verb == "!grant"
        (self.harness.grant if granting else self.harness.revoke)(self.user, **dict.fromkeys(names, True))
        done = f"{'granted' if granting else 'revoked'} {', '.join(names)} for @{self.user}"
        self._report(f"{verb} {' '.join(names)}", None, note=done)

    # -- output ------------------------------------------------------------------------------------

    def background(self) -> None:
        """Print channel posts and errors that happened outside any line (timers, reminders)."""
        posts = self.harness.channel_posts[self.posts_seen :]
        errors = [e for e in self.harness.errors[self.errors_seen :] if not e.expected]
        self._mark_seen()
        if not posts and not errors:
            return
        self.crashes += bool(errors)
        if self.options.json:
            entry = {"user": None, "channel": None, "line": None, "posts": [self._json_message(m) for m in posts]}
            return self._print(json.dumps(entry | {"error": "; ".join(map(str, errors)) or None}))
        for message in posts:
            self._print_message(f"post in #{self._channel_name(message)}", message)
        for error in errors:
            self._print(f"  !! {error}")

    def _mark_seen(self) -> None:
        self.posts_seen = len(self.harness.channel_posts)
        self.errors_seen = len(self.harness.errors)

    def _report(self, line: str, rec: Record | None, *, note: str | None = None, refused: str | None = None) -> None:
        self._mark_seen()
        failures = rec.failures if rec else []
        self.crashes += bool(failures)
        if self.options.json:
            return self._print(json.dumps(self._json(line, rec, note, refused, failures)))
        if note or refused:
            for line in (note or f"refused: {refused}").splitlines():
                self._print(f"  {line}")
        if rec is None:
            return
        if rec.original is not None:
            self._print_message({7: "update", 6: "update"}.get(rec.callback_type or 0, "reply"), rec.original)
        for message in rec.followups:
            self._print_message("followup", message)
        for message in rec.posts:
            self._print_message(f"post in #{self._channel_name(message)}", message)
        if rec.choices is not None:
            self._print("  choices: " + (", ".join(_choice(c) for c in rec.choices) or "(none)"))
        if rec.modal is not None:
            self._print(f"  modal {rec.modal.get('title', '')!r} (modals cannot be answered offline)")
        for failure in failures:
            self._print(f"  !! {failure}")

    def _print_message(self, label: str, message: Message) -> None:
        self._print(f"  {label}{' (only you)' if message.ephemeral else ''}:")
        for line in message.content.splitlines():
            self._print(f"    {line}")
        for embed in message.embeds:
            for key in ("title", "description"):
                for line in (embed.get(key) or "").splitlines():
                    self._print(f"    | {line}")
            for f in embed.get("fields", []):
                self._print(f"    | {f.get('name')}: {f.get('value')}")
            if embed.get("footer", {}).get("text"):
                self._print(f"    | {embed['footer']['text']}")
        for path in self._save(message):
            self._print(f"    [file: {path}]")
        for component in _components(message):
            self._print(f"    [{component}]")

    def _save(self, message: Message) -> list[str]:
        paths = []
        for attachment in message.attachments:
            self.options.images.mkdir(parents=True, exist_ok=True)
            self.saved += 1
            path = self.options.images / f"{self.saved:04d}-{Path(attachment.filename).name}"
            path.write_bytes(attachment.data)
            paths.append(str(path))
        return paths

    def _json(
        self, line: str, rec: Record | None, note: str | None, refused: str | None, failures: list[str]
    ) -> dict[str, Any]:
        original = self._json_message(rec.original) if rec and rec.original else {}
        return {
            "user": self.user,
            "channel": self.channel,
            "line": line,
            "ephemeral": original.get("ephemeral", False),
            "content": original.get("content", ""),
            "embeds": original.get("embeds", []),
            "files": original.get("files", []),
            "components": original.get("components", []),
            "followups": [self._json_message(m) for m in rec.followups] if rec else [],
            "posts": [self._json_message(m) for m in rec.posts] if rec else [],
            "choices": rec.choices if rec else None,
            "note": note,
            "refused": refused,
            "error": "; ".join(failures) or None,
        }

    def _json_message(self, message: Message) -> dict[str, Any]:
        return {
            "channel": self._channel_name(message),
            "ephemeral": message.ephemeral,
            "content": message.content,
            "embeds": message.embeds,
            "files": self._save(message),
            "components": _components(message),
        }

    def _channel_name(self, message: Message) -> str:
        return self.harness.standin.directory.channels.get(message.channel_id, str(message.channel_id))

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _seconds(text: str) -> float:
    try:
        return float(text or 1)
    except ValueError:
        raise ClientRefusal(f"!wait takes seconds, not {text!r}") from None


def _choice(choice: dict[str, Any]) -> str:
    return choice["name"] if str(choice["value"]) == choice["name"] else f"{choice['name']} ({choice['value']})"


def _components(message: Message) -> list[str]:
    """Buttons and selects as short text: `button Join (join)`, `select Choose… (id): a | b`."""
    found = []
    for row in message.components:
        for item in row.get("components", []):
            kind = discord.ComponentType(item["type"]).name.replace("_", " ")
            name = item.get("label") or item.get("placeholder") or item.get("url") or ""
            text = f"{kind} {name} ({item.get('custom_id', 'link')})"
            if item.get("disabled"):
                text += " disabled"
            if item.get("options"):
                text += ": " + " | ".join(o["label"] for o in item["options"])
            found.append(text)
    return found
