"""Discord's gateway for the stand-in: bot processes connect to it as to Discord's, one websocket a shard.

`GET /api/v10/gateway/bot` (served by the stand-in) answers its URL, the shard count and the session
start limit with `max_concurrency`. On the websocket (`/gateway`): HELLO; IDENTIFY with `shard: [id,
count]`, answered by READY and a GUILD_CREATE for each guild of that shard; heartbeats answered by
ACKs; RESUME refused with op 9 (the session cannot be resumed, as for a session Discord forgot), so
the bot identifies again. Discord's identify limit is enforced as Discord enforces it, across every
connection: one identify per 5 seconds per bucket (`shard_id % max_concurrency`); one too soon gets
op 9 and is kept in `identifies`, not accepted, for a test to see. Frames go out zlib-stream
compressed when the bot asks for it (discord.py does), else as text.

`send(payload)` sends INTERACTION_CREATE to the session of the shard that owns the payload's guild
(after CHANNEL_CREATE for a channel new to that session); `delivered` says which session got each.
`point_at(url)` points this process's discord.py at a stand-in (REST and gateway).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import discord
import yarl
from aiohttp import WSMsgType, web

from offline.payloads import GUILD_ID, Directory
from waypost.shards import shard_of

PATH = "/gateway"
IDENTIFY_WINDOW = 5.0  # seconds between two identifies of one bucket
HEARTBEAT_MS = 41250
HELLO, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HEARTBEAT_ACK, DISPATCH = 10, 1, 2, 6, 9, 11, 0
INVALID_SHARD = 4010


@dataclass(frozen=True)
class Identify:
    """An IDENTIFY the gateway received: its shard, the token, when (the gateway's clock), and
    whether it was accepted (not too soon after another of its bucket)."""

    shard: int
    count: int
    token: str
    at: float
    accepted: bool


class Wire:
    """One websocket's way out: JSON messages as text, or zlib-stream compressed when asked."""

    def __init__(self, socket: web.WebSocketResponse, compress: bool) -> None:
        self.socket = socket
        self.compressor = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()
        self.seq = 0

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:  # a zlib stream's frames must go out in the order they were compressed
            await self._send(message)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        async with self.lock:
            self.seq += 1
            await self._send({"op": DISPATCH, "t": event, "s": self.seq, "d": data})

    async def _send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        if self.compressor is None:
            await self.socket.send_str(text)
        else:
            data = self.compressor.compress(text.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
            await self.socket.send_bytes(data)


@dataclass
class Session:
    """A shard's identified connection."""

    id: str
    shard: int
    token: str
    wire: Wire
    channels: set[int] = field(default_factory=set)


class Gateway:
    """A gateway of `shard_count` shards for `guilds`, taking `max_concurrency` identifies per 5 s."""

    def __init__(self, shard_count: int = 1, max_concurrency: int = 1, guilds: Iterable[int] = (GUILD_ID,),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.shard_count = shard_count
        self.max_concurrency = max_concurrency
        self.guilds = list(guilds)
        self.clock = clock
        self.identifies: list[Identify] = []
        self.sessions: dict[int, Session] = {}  # by shard: its live session
        self.delivered: dict[int, Session] = {}  # by interaction id: the session it went to
        self._directory = Directory()
        self._user: dict[str, Any] = {}
        self._application_id = 0

    def mount(self, app: web.Application, directory: Directory, user: dict[str, Any], application_id: int) -> None:
        """Serve the websocket on `app`, as the bot `user` of application `application_id`."""
        self._directory, self._user, self._application_id = directory, user, application_id
        app.router.add_get(PATH, self._connect)

    def about(self, url: str) -> dict[str, Any]:
        """GET /gateway/bot's answer, for a stand-in at `url`."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": self.max_concurrency}
        return {"url": ws_url(url), "shards": self.shard_count, "session_start_limit": limit}

    def guilds_of(self, shard: int) -> list[int]:
        return [g for g in self.guilds if shard_of(g, self.shard_count) == shard]

    @property
    def refused(self) -> list[Identify]:
        """Identifies refused for coming too soon after another of their bucket."""
        return [i for i in self.identifies if not i.accepted]

    async def ready(self, shards: Iterable[int], timeout: float = 30.0) -> None:
        """Wait until each of `shards` has an identified session (TimeoutError if not in time)."""
        wanted = set(shards)
        async with asyncio.timeout(timeout):
            while not wanted <= self.sessions.keys():
                await asyncio.sleep(0.05)

    async def send(self, payload: dict[str, Any]) -> Session:
        """Send an interaction to the session of its guild's shard; LookupError if none is connected."""
        shard = shard_of(int(payload["guild_id"]), self.shard_count)
        session = self.sessions.get(shard)
        if session is None:
            raise LookupError(f"no process is connected for shard {shard}")
        channel = int(payload["channel_id"])
        if channel not in session.channels:
            session.channels.add(channel)
            await session.wire.dispatch("CHANNEL_CREATE", self._directory.channel(channel, int(payload["guild_id"])))
        self.delivered[int(payload["id"])] = session
        await session.wire.dispatch("INTERACTION_CREATE", payload)
        return session

    # -- the websocket -----------------------------------------------------------------------------

    async def _connect(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        wire = Wire(socket, request.query.get("compress") == "zlib-stream")
        await wire.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        session: Session | None = None
        try:
            async for message in socket:
                if message.type is not WSMsgType.TEXT:
                    continue
                received = json.loads(message.data)
                op = received.get("op")
                if op == HEARTBEAT:
                    await wire.send({"op": HEARTBEAT_ACK})
                elif op == IDENTIFY and session is None:
                    session = await self._identify(request, wire, received.get("d") or {})
                    if session is None:
                        break
                elif op == RESUME:
                    await wire.send({"op": INVALID_SESSION, "d": False})
        finally:
            if session is not None and self.sessions.get(session.shard) is session:
                del self.sessions[session.shard]
            await socket.close()
        return socket

    async def _identify(self, request: web.Request, wire: Wire, data: dict[str, Any]) -> Session | None:
        """Accept an IDENTIFY (READY, then each guild of the shard), or refuse it as Discord does."""
        shard, count = data.get("shard") or (0, 1)
        if count != self.shard_count or not 0 <= shard < count:
            await wire.socket.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        now = self.clock()
        bucket = shard % self.max_concurrency
        last = max((i.at for i in self.identifies if i.accepted and i.shard % self.max_concurrency == bucket),
                   default=None)
        accepted = last is None or now - last >= IDENTIFY_WINDOW
        token = str(data.get("token"))
        self.identifies.append(Identify(shard, count, token, now, accepted))
        if not accepted:
            await wire.send({"op": INVALID_SESSION, "d": False})
            return None
        session = Session(secrets.token_hex(16), shard, token, wire)
        mine = self.guilds_of(shard)
        await wire.dispatch("READY", {
            "v": 10,
            "user": self._user,
            "guilds": [{"id": str(g), "unavailable": True} for g in mine],
            "session_id": session.id,
            "resume_gateway_url": ws_url(f"http://{request.host}"),
            "shard": [shard, count],
            "application": {"id": str(self._application_id), "flags": 0},
        })
        for guild in mine:
            await wire.dispatch("GUILD_CREATE", self._directory.guild(guild) | {"unavailable": False})
        self.sessions[shard] = session
        return session


def ws_url(url: str) -> str:
    """The gateway's websocket URL for a stand-in at `url` (http://127.0.0.1:port)."""
    return url.replace("http://", "ws://", 1) + PATH


def point_at(url: str) -> None:
    """Point this process's discord.py at the stand-in at `url` (http://127.0.0.1:port): its REST
    API and its gateway. Anything but this machine is refused (ValueError)."""
    if urlsplit(url).hostname != "127.0.0.1":
        raise ValueError(f"the stand-in runs on 127.0.0.1, not at {url!r}")
    discord.http.Route.BASE = url.rstrip("/") + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(ws_url(url.rstrip("/")))
