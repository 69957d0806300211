"""The database being away (issue 27): with PostgreSQL stopped or hung, or SQLite locked by another
program, a player is told privately and at once that the game store is unavailable; the log gets
one line when the outage begins and one when the store is back, not a traceback per command."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from urllib.parse import urlsplit, urlunsplit

import pytest

from front.bot import create_bot
from offline import OfflineDiscord
from tests.support.databases import database
from waypost.config import UNBUDGETED, Config
from waypost.outage import UNAVAILABLE

CH = "#outage"
ANSWER_WITHIN = 3.0  # seconds: Discord's window to answer an interaction


class Relay:
    """A TCP relay on 127.0.0.1 to the database server, which a test can stop (connections cut,
    new ones refused, like a stopped server) or hang (connections accepted and held, nothing
    answered, like a hung one)."""

    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self._flowing = asyncio.Event()
        self._flowing.set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._flowing.set()

    def stop(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._open:
            writer.transport.abort()

    def hang(self) -> None:
        self._flowing.clear()

    def unhang(self) -> None:
        self._flowing.set()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._open |= {writer, up_writer}
        pipes = {asyncio.ensure_future(self._pipe(reader, up_writer)),
                 asyncio.ensure_future(self._pipe(up_reader, writer))}
        try:
            await asyncio.wait(pipes, return_when=asyncio.FIRST_COMPLETED)  # one side closed: close the other
        except asyncio.CancelledError:
            pass  # the harness ends what a bot left running: this relay ends with it
        for pipe in pipes:
            pipe.cancel()
        for w in (writer, up_writer):
            w.transport.abort()
            self._open.discard(w)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(65536):
            await self._flowing.wait()
            writer.write(data)
            await writer.drain()


def through(url: str, port: int) -> str:
    """The database URL with its server reached through the relay's port."""
    parts = urlsplit(url)
    credentials = parts.netloc.rpartition("@")[0]
    return urlunsplit(parts._replace(netloc=f"{credentials}@127.0.0.1:{port}"))


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "waypost" and r.levelno >= logging.WARNING]


async def answered_unavailable(discord_: OfflineDiscord, line: str) -> None:
    """`line` is answered privately, within Discord's window, that the store is unavailable: the
    only message of the interaction left (a public "thinking" is taken down)."""
    user, text = line.split(" ", 1)
    began = time.monotonic()
    rec = await discord_.run(user, CH, text)
    took = time.monotonic() - began
    left = [(m.ephemeral, m.content) for m in rec.messages if m.id in discord_.standin.messages]
    assert left == [(True, UNAVAILABLE)], left
    assert took < ANSWER_WITHIN, f"answered after {took:.1f} s"


def bot_on(db: str, games):
    config = Config(token="", db=db, dev_guild=None, log_level="INFO", **UNBUDGETED, tick_seconds=0)
    return OfflineDiscord(lambda: create_bot(config, games))


@pytest.mark.parametrize("away", ["stopped", "hung"])
async def test_postgresql_away_is_said_plainly_at_once_and_logged_once(tmp_path, games, caplog, away):
    async with database("postgres", tmp_path) as url:
        parts = urlsplit(url)
        relay = Relay(parts.hostname or "127.0.0.1", parts.port or 5432)
        await relay.start()
        try:
            async with bot_on(through(url, relay.port), games) as discord_:
                assert (await discord_.run("@alice", CH, "/game new game:tally")).ok
                caplog.clear()
                relay.stop() if away == "stopped" else relay.hang()
                for line in ("@bob /game join", "@alice /game status", "@bob /game join"):
                    await answered_unavailable(discord_, line)
                await relay.start() if away == "stopped" else relay.unhang()
                rec = await discord_.run("@bob", CH, "/game join")
                assert rec.ok and "joined" in rec.content.lower(), rec.content
                lines = outage_lines(caplog)
                assert len(lines) == 2 and "is unavailable" in lines[0] and "is back" in lines[1], lines
                assert not [r for r in caplog.records if r.exc_info], "no traceback for an outage"
                discord_.assert_clean()
        finally:
            relay.stop()


async def test_sqlite_locked_by_another_program_is_said_plainly_and_logged_once(tmp_path, games, caplog):
    db = tmp_path / "waypost.sqlite3"
    async with bot_on(str(db), games) as discord_:
        assert (await discord_.run("@alice", CH, "/game new game:tally")).ok
        caplog.clear()
        other = sqlite3.connect(db, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another program writing, for longer than the bot can wait
        try:
            await answered_unavailable(discord_, "@bob /game join")
            await answered_unavailable(discord_, "@carl /game join")
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert (await discord_.run("@bob", CH, "/game join")).ok
        lines = outage_lines(caplog)
        assert len(lines) == 2 and "is unavailable" in lines[0] and "is back" in lines[1], lines
        discord_.assert_clean()
