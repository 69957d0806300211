"""A stand-in for Discord's REST API: an aiohttp app on 127.0.0.1 (port 0) that answers as Discord does.

It records every request, keeps the messages the bot made, and enforces Discord's limits: the 3 s
acknowledgement window (10062), one acknowledgement (40060), 2000-character content, 10 embeds and
6000 embed characters, 25 autocomplete choices of at most 100 characters, and attachment sizes. The
first followup after a defer edits the "thinking" message and keeps its ephemeral flag. A channel
post with `enforce_nonce` whose nonce was used within `nonce_window` (Discord: "the past few
minutes") returns that message instead of posting again; a channel's history can be read. Anything it
does not know gets a Discord-style 404 and is recorded in `unknown`. Attachments (uploaded by the bot
or by a fake user) are served at their `url`. The server's members are the users its directory knows
(anyone who has acted or been named, and the bot, a bot member); others are Unknown Member (10007).

With a `Gateway` (`offline.gateway`) it is Discord's gateway too, for bot processes of their own:
`interact(payload)` sends an interaction to the process serving its guild's shard and waits until
it is answered.

Every API request is first checked against Discord's published OpenAPI description
(`offline.conformance`): route, path and query parameters, JSON body or multipart `payload_json`.
A mismatch is refused as Discord refuses it (400, code 50035, the field's path in `errors`) and
kept in `Request.violations` (all of them: `StandIn.violations`). Command registration (`PUT
/applications/{id}/commands`, and per guild) is also held to Discord's documented rules that the
schema cannot express (`offline.command_rules`). Without the spec file the check is off and
`spec_status` says why; `check_spec=False` turns it off on purpose.

`fail(method, route, status, times)` makes Discord fail the next requests to a route as it does when
it is down (503) or rate limits the bot (429, with `retry_after` and the headers discord.py reads).
"""

from __future__ import annotations

import asyncio
import copy
import io
import json
import mimetypes
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http import HTTPStatus
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from aiohttp import web

from front.replies import POSTED_BESIDE
from offline.command_rules import GLOBAL_COMMANDS_ROUTE, GUILD_COMMANDS_ROUTE, command_violations
from offline.conformance import NO_BODY, NOT_JSON, Spec, Violation, default_spec, discord_errors
from offline.gateway import Gateway
from offline.payloads import DEFAULT_SIZE_LIMIT, GUILD_ID, Directory, next_id, stable_id
from waypost.i18n import language_of, translate

if TYPE_CHECKING:
    from PIL import Image

API = "/api/v10"
EPHEMERAL, LOADING = 64, 128
ACK_MARGIN = 0.1  # seconds past the acknowledgement window that a request already under way may take
NONCE_WINDOW = 5 * 60.0  # seconds Discord keeps a post's nonce to refuse it again ("the past few minutes")
CALLBACK_KINDS = {4: "reply", 5: "defer", 6: "deferred_update", 7: "update", 8: "choices", 9: "modal"}
ALLOWED_CALLBACKS = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
MENTION = re.compile(r"<@!?(\d+)>")
RETRY_AFTER = 0.05  # seconds a 429 of `StandIn.fail` asks the bot to wait

Reply = tuple[int, Any]
SERVED = (  # the spec's routes the stand-in answers (their validators are built when it starts)
    ("GET", "/users/@me"),
    ("GET", "/oauth2/applications/@me"),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    *((m, "/webhooks/{webhook_id}/{webhook_token}/messages/" + ref) for m in ("GET", "PATCH", "DELETE")
      for ref in ("@original", "{message_id}")),
    ("POST", "/channels/{channel_id}/messages"),
    ("GET", "/channels/{channel_id}/messages"),
    *((m, "/channels/{channel_id}/messages/{message_id}") for m in ("GET", "PATCH", "DELETE")),
    ("GET", "/channels/{channel_id}"),
    ("GET", "/guilds/{guild_id}/members/{user_id}"),
    ("POST", "/users/@me/channels"),
    ("PUT", GLOBAL_COMMANDS_ROUTE),
    ("PUT", GUILD_COMMANDS_ROUTE),
    ("GET", "/gateway/bot"),
)


@dataclass
class Upload:
    """A file in a multipart request: its form field, filename and bytes."""

    field: str
    filename: str
    data: bytes


@dataclass
class Request:
    """One request the stand-in received, and what it answered."""

    seq: int
    method: str
    path: str
    query: dict[str, str]
    payload: Any
    files: list[Upload]
    known: bool = True
    status: int = 0
    response: Any = None
    route: str | None = None  # the spec's route template it was checked against
    violations: list[Violation] = field(default_factory=list)


@dataclass(frozen=True)
class Attachment:
    id: int
    filename: str
    data: bytes
    description: str | None
    content_type: str | None
    url: str

    def image(self) -> Image.Image:
        """The attachment decoded by Pillow."""
        from PIL import Image

        return Image.open(io.BytesIO(self.data))


@dataclass(frozen=True)
class Message:
    """A snapshot of a message as Discord holds it."""

    id: int
    channel_id: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    raw: dict[str, Any]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def pinged(self) -> list[int]:
        """The users the message notified: those mentioned in its content that its allowed
        mentions let through (Discord lists them as the message's `mentions`)."""
        return [int(u["id"]) for u in self.raw.get("mentions", [])]

    def text(self) -> str:
        """Content and embed text in one string, for searching."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(p for p in parts if p)


@dataclass
class Fault:
    """Discord failing the next `times` requests to `route` (as the stand-in serves it, e.g.
    "/interactions/{id}/{token}/callback") with `status`."""

    method: str
    route: str
    status: int
    times: int


@dataclass(frozen=True)
class Event:
    """What happened to an interaction: a callback (reply, defer, choices...), followup, edit or delete."""

    kind: str
    message: Message | None
    request: Request


@dataclass
class InteractionLog:
    """An interaction the stand-in was told about, and everything the bot did with it."""

    payload: dict[str, Any]
    created: float
    callback_type: int | None = None
    ephemeral: bool = False
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event, compare=False, repr=False)  # set on each event

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def type(self) -> int:
        return self.payload["type"]

    @property
    def token(self) -> str:
        return self.payload["token"]

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel"]["id"])

    @property
    def size_limit(self) -> int:
        return self.payload["attachment_size_limit"]


def _error(status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> Reply:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return status, body


def _pinged(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """The users a message's content mentions that its `allowed_mentions` let be notified."""
    mentioned = [int(uid) for uid in dict.fromkeys(MENTION.findall(content))]
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(uid) for uid in allowed.get("users") or []}
    return [uid for uid in mentioned if uid in listed]


def _field_error(code: str, message: str) -> dict[str, Any]:
    return {"_errors": [{"code": code, "message": message}]}


def _too_long(limit: int) -> dict[str, Any]:
    return _field_error("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


EMBED_LIMITS = (("title", 256), ("description", 4096))


def embed_errors(embeds: list[dict[str, Any]]) -> dict[str, Any]:
    """Discord's embed limits, as the `errors` tree of a 50035 answer."""
    if len(embeds) > 10:
        return {"embeds": _too_long(10)}
    errors: dict[str, Any] = {}
    total = 0
    for i, embed in enumerate(embeds):
        texts = {key: embed.get(key) or "" for key, _ in EMBED_LIMITS}
        texts["footer"] = (embed.get("footer") or {}).get("text") or ""
        texts["author"] = (embed.get("author") or {}).get("name") or ""
        mine: dict[str, Any] = {}
        for key, limit in (*EMBED_LIMITS, ("footer", 2048), ("author", 256)):
            if len(texts[key]) > limit:
                mine[key] = _too_long(limit)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            mine["fields"] = _too_long(25)
        for j, f in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                if len(f.get(key) or "") > limit:
                    mine.setdefault("fields", {}).setdefault(str(j), {})[key] = _too_long(limit)
        total += sum(map(len, texts.values()))
        total += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
        if mine:
            errors[str(i)] = mine
    if errors:
        return {"embeds": errors}
    if total > 6000:
        return {"embeds": _field_error("MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")}
    return {}


def component_errors(components: list[dict[str, Any]]) -> dict[str, Any]:
    """The component limits discord.py does not check itself: custom_id and label lengths."""
    errors: dict[str, Any] = {}
    for i, row in enumerate(components):
        for j, item in enumerate(row.get("components", [])):
            for key, limit in (("custom_id", 100), ("label", 80)):
                if len(item.get(key) or "") > limit:
                    errors.setdefault(str(i), {}).setdefault("components", {}).setdefault(str(j), {})[key] = (
                        _too_long(limit)
                    )
    return {"components": errors} if errors else {}


def message_errors(body: dict[str, Any]) -> dict[str, Any]:
    errors: dict[str, Any] = {}
    if len(body.get("content") or "") > 2000:
        errors["content"] = _too_long(2000)
    errors |= embed_errors(body.get("embeds") or [])
    errors |= component_errors(body.get("components") or [])
    return errors


def choice_errors(choices: list[dict[str, Any]]) -> dict[str, Any]:
    if len(choices) > 25:
        return {"choices": _too_long(25)}
    errors: dict[str, Any] = {}
    for i, choice in enumerate(choices):
        mine = {}
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            mine["name"] = _field_error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            mine["value"] = _too_long(100)
        if mine:
            errors[str(i)] = mine
    return {"choices": errors} if errors else {}


class StandIn:
    """Discord's REST API on 127.0.0.1; use as `async with StandIn() as standin:`."""

    def __init__(
        self,
        *,
        ack_timeout: float = 3.0,
        token_lifetime: float = 15 * 60,
        nonce_window: float = NONCE_WINDOW,
        attachment_size_limit: int = DEFAULT_SIZE_LIMIT,
        directory: Directory | None = None,
        bot_name: str = "Waypost",
        clock: Callable[[], float] = time.monotonic,
        check_spec: bool = True,
        spec: Spec | None = None,
        gateway: Gateway | None = None,
    ) -> None:
        """`check_spec=False` turns the conformance check off (say so wherever that is done); `spec`
        is the description to check against (default: `offline.conformance.default_spec()`);
        `gateway` serves bot processes that connect (`offline.gateway`)."""
        self.check_spec = check_spec
        if not check_spec:
            self.spec, self.spec_status = None, "turned off (StandIn(check_spec=False))"
        elif spec is not None:
            self.spec, self.spec_status = spec, spec.source
        else:
            self.spec, self.spec_status = default_spec()
        self.ack_timeout = ack_timeout
        self.token_lifetime = token_lifetime
        self.nonce_window = nonce_window
        self._nonces: dict[str, tuple[int, float]] = {}  # a channel post's enforced nonce -> (its id, when)
        self.attachment_size_limit = attachment_size_limit
        self.directory = directory or Directory()
        self.clock = clock
        self.application_id = stable_id("bot", bot_name)
        self.directory.users[self.application_id] = bot_name
        self.bot_user = self.directory.user(self.application_id, bot=True)
        self.requests: list[Request] = []
        self.interactions: dict[int, InteractionLog] = {}
        self._by_token: dict[str, InteractionLog] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.channel_posts: list[Message] = []
        self.dm_channels: dict[int, int] = {}  # user id -> the id of the bot's DM channel with them
        self.closed_dms: set[int] = set()  # users who accept no DMs from the bot (50007)
        self._dm_users: dict[int, int] = {}  # DM channel id -> user id
        self.global_commands: dict[str, dict[str, Any]] = {}  # registered by name
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.files: dict[int, tuple[str, bytes, str | None]] = {}
        self.faults: list[Fault] = []
        self.gateway = gateway
        self.url = ""
        self._runner: web.AppRunner | None = None

    # -- lifecycle ---------------------------------------------------------------------------------

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        if self.spec is not None:
            self.spec.prepare(SERVED)
        app = web.Application(client_max_size=1024**3)
        add = app.router.add_route
        add("GET", API + "/users/@me", self._handler(self._me))
        add("GET", API + "/oauth2/applications/@me", self._handler(self._application))
        add("POST", API + "/interactions/{id}/{token}/callback", self._handler(self._callback))
        add("POST", API + "/webhooks/{app}/{token}", self._handler(self._followup))
        add("*", API + "/webhooks/{app}/{token}/messages/{message}", self._handler(self._webhook_message))
        add("POST", API + "/channels/{channel}/messages", self._handler(self._post))
        add("GET", API + "/channels/{channel}/messages", self._handler(self._history))
        add("*", API + "/channels/{channel}/messages/{message}", self._handler(self._channel_message))
        add("GET", API + "/channels/{channel}", self._handler(self._channel))
        add("GET", API + "/guilds/{guild}/members/{user}", self._handler(self._member))
        add("POST", API + "/users/@me/channels", self._handler(self._open_dm))
        add("PUT", API + "/applications/{app}/commands", self._handler(self._sync))
        add("PUT", API + "/applications/{app}/guilds/{guild}/commands", self._handler(self._sync))
        add("GET", "/attachments/{id}/{filename}", self._handler(self._attachment))
        if self.gateway is not None:
            add("GET", API + "/gateway/bot", self._handler(self._gateway_bot))
            self.gateway.mount(app, self.directory, self.bot_user, self.application_id)
        add("*", "/{tail:.*}", self._handler(self._unknown, known=False))
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.url = f"http://127.0.0.1:{self._runner.addresses[0][1]}"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_base(self) -> str:
        """What `discord.http.Route.BASE` must be set to."""
        return self.url + API

    @property
    def unknown(self) -> list[Request]:
        """Requests for endpoints the stand-in does not emulate."""
        return [r for r in self.requests if not r.known]

    @property
    def violations(self) -> list[Violation]:
        """Every way a request broke Discord's API description or documented rules, in order."""
        return [v for r in self.requests for v in r.violations]

    # -- what tests and the harness use ----------------------------------------------------------

    def fail(self, method: str, route: str, status: int, times: int = 1) -> None:
        """Answer the next `times` `method` requests to `route` (e.g. "/webhooks/{app}/{token}", a
        followup) with `status` instead of serving them: 429 is a rate limit (discord.py waits
        `RETRY_AFTER` and tries again, up to 5 times in all), 5xx Discord being unavailable."""
        self.faults.append(Fault(method, route, status, times))

    def register(self, payload: dict[str, Any]) -> InteractionLog:
        """Tell the stand-in about an interaction about to be sent; its 3 s start now."""
        log = InteractionLog(payload=payload, created=self.clock())
        self.interactions[log.id] = self._by_token[log.token] = log
        message = payload.get("message")
        if message is not None:
            self.messages.setdefault(int(message["id"]), copy.deepcopy(message))
        return log

    async def interact(self, payload: dict[str, Any], timeout: float = 10.0) -> InteractionLog:
        """Send an interaction through the gateway to the process serving its guild's shard, and
        wait until it is answered: a deferred one until its answer replaces "thinking", one answered
        in public beside a private "thinking" until that answer is posted. One not acknowledged in
        time is returned unanswered (`callback_type` None) once its window is over, as nothing more
        can come of it. LookupError if no process serves that shard now; TimeoutError if no answer
        comes in time."""
        if self.gateway is None:
            raise RuntimeError("this stand-in has no gateway: StandIn(gateway=Gateway(...))")
        log = self.register(payload)
        await self.gateway.send(payload)
        async with asyncio.timeout(timeout):
            while not self._answered(log):
                log.changed.clear()
                if log.callback_type is not None:
                    await log.changed.wait()  # woken by the next event recorded for it
                    continue
                window = log.created + self.ack_timeout + ACK_MARGIN - self.clock()
                try:  # not wait_for: in Python 3.11 it can swallow a cancellation that comes with its timeout
                    async with asyncio.timeout(max(window, 0.0)):
                        await log.changed.wait()
                except TimeoutError:
                    break
        return log

    def _answered(self, log: InteractionLog) -> bool:
        """Whether the bot has given its answer: acknowledged, no longer "thinking", and not only
        pointing to an answer posted beside (`front.replies.POSTED_BESIDE`) that has yet to come."""
        if log.callback_type is None:
            return False
        original = self.messages.get(log.original_id or 0, {})
        if original.get("flags", 0) & LOADING:
            return False
        beside = translate(POSTED_BESIDE, language_of(log.payload.get("locale")))  # in the clicker's language
        return bool(log.followup_ids) or original.get("content") != beside

    def host(self, filename: str, data: bytes, content_type: str | None = None) -> dict[str, Any]:
        """Serve `data` at a 127.0.0.1 URL and return its Discord attachment object."""
        id_ = next_id()
        content_type = content_type or mimetypes.guess_type(filename)[0]
        self.files[id_] = (filename, data, content_type)
        url = f"{self.url}/attachments/{id_}/{quote(filename)}"
        return {
            "id": str(id_),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": content_type,
        }

    def direct_messages(self, user: str | int) -> list[Message]:
        """What the bot posted in its DM channel with `user`, in order (as posted)."""
        channel = self.dm_channels.get(self.directory.user_id(user))
        return [m for m in self.channel_posts if m.channel_id == channel]

    def message(self, message_id: int) -> Message:
        """A snapshot of the message as it is now."""
        raw = json.loads(json.dumps(self.messages[message_id]))  # a deep copy, faster for JSON data
        attachments = [
            Attachment(
                id=int(a["id"]),
                filename=a["filename"],
                data=self.files[int(a["id"])][1],
                description=a.get("description"),
                content_type=a.get("content_type"),
                url=a["url"],
            )
            for a in raw["attachments"]
        ]
        return Message(
            id=message_id,
            channel_id=int(raw["channel_id"]),
            content=raw["content"],
            embeds=raw["embeds"],
            components=raw["components"],
            attachments=attachments,
            flags=raw["flags"],
            raw=raw,
        )

    # -- plumbing ----------------------------------------------------------------------------------

    def _handler(
        self, fn: Callable[[web.Request, Request], Awaitable[Reply | web.Response]], known: bool = True
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def handle(request: web.Request) -> web.StreamResponse:
            body = await _read_body(request)
            rec = Request(
                seq=len(self.requests),
                method=request.method,
                path=request.path.removeprefix(API),
                query=dict(request.query),
                payload=body.payload,
                files=body.files,
                known=known,
            )
            self.requests.append(rec)
            refused = self._conform(request, rec, body)
            result = refused or self._fault(request) or await fn(request, rec)
            if isinstance(result, web.Response):
                rec.status = result.status
                return result
            rec.status, rec.response = result
            if rec.status == 204:
                return web.Response(status=204)
            body = json.dumps(rec.response).encode()
            return web.Response(status=rec.status, body=body, headers={"Content-Type": "application/json"})

        return handle

    def _fault(self, request: web.Request) -> web.Response | None:
        """Discord's failure for a request `fail` asked for, if any (counting it down)."""
        route = request.match_info.route.resource
        template = route.canonical.removeprefix(API) if route is not None else ""
        fault = next((f for f in self.faults if f.times and (f.method, f.route) == (request.method, template)), None)
        if fault is None:
            return None
        fault.times -= 1
        if fault.status == 429:
            body = {"message": "You are being rate limited.", "retry_after": RETRY_AFTER, "global": False}
            headers = {"Retry-After": "1", "X-RateLimit-Scope": "user", "Via": "1.1 google"}
        else:
            body, headers = {"message": f"{fault.status}: {HTTPStatus(fault.status).phrase}", "code": 0}, {}
        return web.Response(status=fault.status, body=json.dumps(body).encode(),
                            headers={"Content-Type": "application/json", **headers})

    def _conform(self, request: web.Request, rec: Request, body: Body) -> Reply | None:
        """Discord's answer to a request that breaks its API description, or None when it conforms
        (or the check is off, or the path is not under /api/v10)."""
        if self.spec is None or not request.path.startswith(API + "/"):
            return None
        op, rec.violations = self.spec.check(
            request.method,
            rec.path,
            request.query.items(),
            body.checked,
            content_type=request.content_type,
            files=[u.field for u in body.files],
            parts=body.parts,
            authorization=request.headers.get("Authorization"),
            raw=body.raw,
        )
        rec.route = op.route if op is not None else None
        return refusal(rec.violations) if rec.violations else None

    def _log_for(self, request: web.Request) -> InteractionLog | None:
        """The interaction behind a webhook URL, if the app id and token match one."""
        if request.match_info["app"] != str(self.application_id):
            return None
        return self._by_token.get(request.match_info["token"])

    def _new_message(
        self, body: dict[str, Any], files: list[Upload], channel_id: int, log: InteractionLog | None, flags: int
    ) -> dict[str, Any]:
        mid = next_id()
        raw: dict[str, Any] = {
            "id": str(mid),
            "type": 20 if log is not None and log.type == 2 else 0,
            "channel_id": str(channel_id),
            "author": self.bot_user,
            "content": "",
            "timestamp": datetime.now(UTC).isoformat(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "flags": flags,
        }
        if log is not None:
            raw["webhook_id"] = raw["application_id"] = str(self.application_id)
            raw["interaction_metadata"] = {
                "id": str(log.id),
                "type": log.type,
                "user": (log.payload.get("member") or log.payload)["user"],  # a DM's has no member
                "authorizing_integration_owners": log.payload["authorizing_integration_owners"],
            }
        self.messages[mid] = raw
        self._apply(raw, body, files)
        return raw

    def _apply(self, raw: dict[str, Any], body: dict[str, Any], files: list[Upload]) -> None:
        """Apply a create or edit body to a stored message, Discord-style (only the keys sent change)."""
        for key in ("content", "embeds", "components"):
            if key in body:
                raw[key] = body[key] if body[key] is not None else ("" if key == "content" else [])
        raw["embeds"] = [{"type": "rich", **e} for e in raw["embeds"]]
        uploads = {u.field: u for u in files}
        if "attachments" in body:
            kept = {a["id"]: a for a in raw["attachments"]}
            attachments = []
            for ref in body["attachments"] or []:
                upload = uploads.get(f"files[{ref['id']}]")
                if upload is not None:
                    hosted = self.host(ref.get("filename") or upload.filename, upload.data)
                    attachments.append(hosted | ({"description": ref["description"]} if "description" in ref else {}))
                elif str(ref["id"]) in kept:
                    attachments.append(kept[str(ref["id"])])
            raw["attachments"] = attachments
        else:
            raw["attachments"] += [self.host(u.filename, u.data) for u in files]
        if "content" in body or "mentions" not in raw:
            pinged = _pinged(raw["content"], body.get("allowed_mentions"))
            raw["mentions"] = [self.directory.user(uid) for uid in pinged]

    def _check(self, body: dict[str, Any], files: list[Upload], limit: int, prefix: str | None) -> Reply | None:
        """Discord's answer to a message body over its limits, or None when it is fine."""
        too_big = [u for u in files if len(u.data) > limit]
        if too_big:
            return _error(413, 40005, "Request entity too large")
        errors = message_errors(body)
        if errors:
            return _error(400, 50035, "Invalid Form Body", {prefix: errors} if prefix else errors)
        return None

    @staticmethod
    def _empty(raw: dict[str, Any]) -> bool:
        return not (raw["content"] or raw["embeds"] or raw["attachments"] or raw["components"] or raw.get("poll"))

    def _event(self, log: InteractionLog, kind: str, rec: Request, message_id: int | None) -> None:
        log.events.append(Event(kind, self.message(message_id) if message_id else None, rec))
        log.changed.set()

    # -- endpoints ---------------------------------------------------------------------------------

    async def _me(self, request: web.Request, rec: Request) -> Reply:
        return 200, self.bot_user

    async def _application(self, request: web.Request, rec: Request) -> Reply:
        owner = self.directory.user("owner")
        return 200, {
            "id": str(self.application_id),
            "name": self.bot_user["global_name"],
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": owner,
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
        }

    async def _callback(self, request: web.Request, rec: Request) -> Reply:
        log = self.interactions.get(int(request.match_info["id"]))
        if log is None or log.token != request.match_info["token"]:
            return _error(404, 10062, "Unknown interaction")
        if self.clock() - log.created > self.ack_timeout:
            return _error(404, 10062, "Unknown interaction")
        if log.callback_type is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body = rec.payload or {}
        ctype, data = body.get("type"), body.get("data") or {}
        if ctype not in ALLOWED_CALLBACKS.get(log.type, set()):
            errors = {"type": _field_error("INTERACTION_RESPONSE_TYPE_INVALID", "Invalid interaction response type")}
            return _error(400, 50035, "Invalid Form Body", errors)
        message: dict[str, Any] | None = None
        if ctype == 8:
            errors = choice_errors(data.get("choices") or [])
            if errors:
                return _error(400, 50035, "Invalid Form Body", {"data": errors})
            log.choices = data.get("choices") or []
        elif ctype == 9:
            log.modal = data
        elif ctype in (4, 5):
            flags = data.get("flags", 0) & EPHEMERAL
            if ctype == 4:
                refused = self._check(data, rec.files, log.size_limit, "data")
                if refused:
                    return refused
            message = self._new_message(data if ctype == 4 else {}, rec.files, log.channel_id, log, flags)
            if ctype == 5:
                message["flags"] |= LOADING
            elif self._empty(message):
                del self.messages[int(message["id"])]
                return _error(400, 50006, "Cannot send an empty message")
            log.original_id, log.ephemeral = int(message["id"]), bool(flags)
        elif "message" not in log.payload:
            errors = {"type": _field_error("INTERACTION_RESPONSE_TYPE_INVALID", "No message to update")}
            return _error(400, 50035, "Invalid Form Body", errors)
        else:
            message = self.messages[int(log.payload["message"]["id"])]
            if ctype == 7:
                refused = self._check(data, rec.files, log.size_limit, "data")
                if refused:
                    return refused
                self._apply(message, data, rec.files)
            log.original_id, log.ephemeral = int(message["id"]), bool(message["flags"] & EPHEMERAL)
        log.callback_type = ctype
        self._event(log, CALLBACK_KINDS[ctype], rec, log.original_id if message else None)
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(log.id),
                "type": log.type,
                "response_message_id": str(log.original_id) if log.original_id else None,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": log.ephemeral,
            }
        }
        if ctype in (4, 5, 7) and message is not None:
            answer["resource"] = {"type": ctype, "message": message}
        return 200, answer

    def _webhook_ready(self, log: InteractionLog | None) -> Reply | None:
        if log is None or log.callback_type in (None, 8):
            return _error(404, 10015, "Unknown Webhook")
        if self.clock() - log.created > self.token_lifetime:
            return _error(401, 50027, "Invalid Webhook Token")
        return None

    async def _followup(self, request: web.Request, rec: Request) -> Reply:
        log = self._log_for(request)
        refused = self._webhook_ready(log)
        if refused or log is None:
            return refused or _error(404, 10015, "Unknown Webhook")
        body = rec.payload or {}
        refused = self._check(body, rec.files, log.size_limit, None)
        if refused:
            return refused
        original = self.messages.get(log.original_id or 0)
        if log.callback_type == 5 and original is not None and original["flags"] & LOADING:
            self._apply(original, body, rec.files)
            original["flags"] &= ~LOADING
            original["edited_timestamp"] = datetime.now(UTC).isoformat()
            self._event(log, "followup", rec, log.original_id)
            return 200, original
        message = self._new_message(body, rec.files, log.channel_id, log, body.get("flags", 0) & EPHEMERAL)
        if self._empty(message):
            del self.messages[int(message["id"])]
            return _error(400, 50006, "Cannot send an empty message")
        log.followup_ids.append(int(message["id"]))
        self._event(log, "followup", rec, int(message["id"]))
        return 200, message

    async def _webhook_message(self, request: web.Request, rec: Request) -> Reply:
        log = self._log_for(request)
        refused = self._webhook_ready(log)
        if refused or log is None:
            return refused or _error(404, 10015, "Unknown Webhook")
        ref = request.match_info["message"]
        mid = log.original_id if ref == "@original" else int(ref) if ref.isdigit() else None
        if mid is None or mid not in self.messages or (mid != log.original_id and mid not in log.followup_ids):
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return 200, self.messages[mid]
        if request.method == "DELETE":
            self._event(log, "delete", rec, mid)
            del self.messages[mid]
            return 204, None
        if request.method != "PATCH":
            return _error(405, 0, "405: Method Not Allowed")
        return self._edit(mid, rec, log.size_limit, log)

    def _edit(self, mid: int, rec: Request, limit: int, log: InteractionLog | None) -> Reply:
        body = rec.payload or {}
        refused = self._check(body, rec.files, limit, None)
        if refused:
            return refused
        message = self.messages[mid]
        before = copy.deepcopy(message)
        self._apply(message, body, rec.files)
        if self._empty(message):
            self.messages[mid] = before
            return _error(400, 50006, "Cannot send an empty message")
        message["flags"] &= ~LOADING
        message["edited_timestamp"] = datetime.now(UTC).isoformat()
        if log is not None:
            self._event(log, "edit", rec, mid)
        return 200, message

    async def _post(self, request: web.Request, rec: Request) -> Reply:
        body = rec.payload or {}
        refused = self._check(body, rec.files, self.attachment_size_limit, None)
        if refused:
            return refused
        channel_id = int(request.match_info["channel"])
        recipient = self._dm_recipient(channel_id)
        if recipient is not None and recipient in self.closed_dms:
            return _error(403, 50007, "Cannot send messages to this user")
        nonce = str(body["nonce"]) if body.get("enforce_nonce") and body.get("nonce") is not None else None
        if nonce in self._nonces:
            mid, at = self._nonces[nonce]
            if self.clock() - at < self.nonce_window and mid in self.messages:
                return 200, self.messages[mid]
        message = self._new_message(body, rec.files, channel_id, None, body.get("flags", 0) & ~EPHEMERAL)
        if self._empty(message):
            del self.messages[int(message["id"])]
            return _error(400, 50006, "Cannot send an empty message")
        if nonce is not None:
            self._nonces[nonce] = (int(message["id"]), self.clock())
        self.channel_posts.append(self.message(int(message["id"])))
        return 200, message

    async def _history(self, request: web.Request, rec: Request) -> Reply:
        """A channel's messages, newest first: the `limit` (default 50) just after `after`, or just
        before `before`, or the latest."""
        query = request.query
        limit = int(query.get("limit", 50))
        after, before = int(query.get("after", 0)), int(query.get("before", 2**63))
        found = sorted(mid for mid, m in self.messages.items() if m["channel_id"] == request.match_info["channel"]
                       and not m["flags"] & EPHEMERAL and after < mid < before)
        kept = found[:limit] if "after" in query else found[-limit:]
        return 200, [self.messages[mid] for mid in reversed(kept)]

    async def _channel_message(self, request: web.Request, rec: Request) -> Reply:
        ref = request.match_info["message"]
        mid = int(ref) if ref.isdigit() else 0
        message = self.messages.get(mid)
        if message is None or message["channel_id"] != request.match_info["channel"] or message["flags"] & EPHEMERAL:
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return 200, message
        if request.method == "DELETE":
            del self.messages[mid]
            return 204, None
        if request.method != "PATCH":
            return _error(405, 0, "405: Method Not Allowed")
        return self._edit(mid, rec, self.attachment_size_limit, None)

    async def _channel(self, request: web.Request, rec: Request) -> Reply:
        channel = request.match_info["channel"]
        if not channel.isdigit():
            return _error(404, 10003, "Unknown Channel")
        recipient = self._dm_recipient(int(channel))
        if recipient is not None:
            return 200, self._dm_channel(recipient)
        return 200, self.directory.channel(int(channel), GUILD_ID)

    async def _member(self, request: web.Request, rec: Request) -> Reply:
        """Get Guild Member: every user the directory knows is a member (the bot too); others are not."""
        user = request.match_info["user"]
        if not user.isdigit() or int(user) not in self.directory.users:
            return _error(404, 10007, "Unknown Member")
        uid = int(user)
        return 200, {"user": self.directory.user(uid, bot=uid == self.application_id), "roles": [], "flags": 0,
                     "joined_at": "2024-01-01T00:00:00+00:00", "nick": None, "deaf": False, "mute": False,
                     "pending": False}

    async def _open_dm(self, request: web.Request, rec: Request) -> Reply:
        """Create DM: the bot's DM channel with a user (the same one every time, as on Discord)."""
        body = rec.payload if isinstance(rec.payload, dict) else {}
        recipient = str(body.get("recipient_id") or "")
        if not recipient.isdigit():
            errors = {"recipient_id": _field_error("BASE_TYPE_REQUIRED", "This field is required")}
            return _error(400, 50035, "Invalid Form Body", errors)
        user_id = int(recipient)
        channel_id = self.dm_channels.setdefault(user_id, stable_id("dm", str(user_id)))
        self._dm_users[channel_id] = user_id
        return 200, self._dm_channel(user_id)

    def _dm_recipient(self, channel_id: int) -> int | None:
        return self._dm_users.get(channel_id)

    def _dm_channel(self, user_id: int) -> dict[str, Any]:
        return {
            "id": str(self.dm_channels[user_id]),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "recipients": [self.directory.user(user_id)],
        }

    async def _sync(self, request: web.Request, rec: Request) -> Reply:
        """A bulk overwrite of the commands (global, or one guild's), held to Discord's documented
        rules for commands; the answer is the registered commands, as Discord returns them."""
        guild = request.match_info.get("guild")
        if request.match_info["app"] != str(self.application_id):
            return _error(403, 50001, "Missing Access")
        route = GUILD_COMMANDS_ROUTE if guild else GLOBAL_COMMANDS_ROUTE
        rec.violations += command_violations(request.method, route, rec.payload)
        if rec.violations:
            return refusal(rec.violations)
        registered = self.guild_commands.setdefault(int(guild), {}) if guild else self.global_commands
        registered.clear()
        for command in rec.payload or []:
            kind = command.get("type") or 1
            entry: dict[str, Any] = {
                "id": str(stable_id("command", f"{guild or 'global'}:{kind}:{command['name']}")),
                "application_id": str(self.application_id),
                "version": str(next_id()),
                "type": kind,
                "name": command["name"],
                "name_localizations": command.get("name_localizations"),
                "description": command.get("description") or "",
                "description_localizations": command.get("description_localizations"),
                "default_member_permissions": _permissions(command.get("default_member_permissions")),
                "nsfw": bool(command.get("nsfw")),
            }
            if command.get("options"):
                entry["options"] = command["options"]
            if guild:
                entry["guild_id"] = guild
            else:
                entry["dm_permission"] = command.get("dm_permission", True) is not False
                entry["contexts"] = command.get("contexts")
                entry["integration_types"] = command.get("integration_types") or [0]
            registered[command["name"]] = entry
        return 200, list(registered.values())

    async def _attachment(self, request: web.Request, rec: Request) -> Reply | web.Response:
        found = self.files.get(int(request.match_info["id"])) if request.match_info["id"].isdigit() else None
        if found is None:
            return _error(404, 0, "404: Not Found")
        _, data, content_type = found
        return web.Response(body=data, content_type=content_type or "application/octet-stream")

    async def _gateway_bot(self, request: web.Request, rec: Request) -> Reply:
        assert self.gateway is not None
        return 200, self.gateway.about(self.url)

    async def _unknown(self, request: web.Request, rec: Request) -> Reply:
        return _error(404, 0, "404: Not Found")


@dataclass
class Body:
    """A request's body as read: `payload` (JSON, a multipart body's `payload_json`, else the text
    or None), its file parts, its other form fields, and what the conformance check is given."""

    payload: Any = None
    files: list[Upload] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    checked: Any = None
    raw: str | bytes | None = None  # the JSON text `checked` was read from


async def _read_body(request: web.Request) -> Body:
    """The JSON body, or a multipart body's `payload_json` and its files."""
    body = Body()
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        body.checked = {}  # a multipart body without payload_json is checked as an empty object
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":
                body.raw = bytes(data)
                try:
                    body.payload = body.checked = json.loads(data)
                except ValueError as error:
                    body.payload, body.checked = bytes(data).decode(errors="replace"), NOT_JSON(str(error))
            elif part.filename is not None:  # type: ignore[union-attr]
                body.files.append(Upload(part.name or "", part.filename or "", bytes(data)))  # type: ignore[union-attr]
            else:
                body.parts.append(part.name or "")
        return body
    text = await request.text() if request.can_read_body else ""
    if not text:
        body.checked = NO_BODY
        return body
    body.raw = text
    try:
        body.payload = body.checked = json.loads(text)
    except ValueError as error:
        body.payload, body.checked = text, NOT_JSON(str(error))
    return body


def refusal(violations: list[Violation]) -> Reply:
    """Discord's answer to a request that breaks its API description: 404 or 405 for a route it
    does not have, 401 without a token, else 400 "Invalid Form Body" with every field's error."""
    route = next((v for v in violations if v.where == "route"), None)
    if route is not None:
        return _error(405 if route.message.startswith("405") else 404, 0, route.message)
    if any(v.where == "header" for v in violations):
        return _error(401, 0, "401: Unauthorized")
    if any(v.code == "50109" for v in violations):
        return _error(400, 50109, "The request body contains invalid JSON.")
    return _error(400, 50035, "Invalid Form Body", discord_errors(violations))


def _permissions(value: Any) -> str | None:
    return None if value is None else str(value)
