"""The stand-in answers as Discord does, limits included: through the bot, and over raw HTTP."""

from __future__ import annotations

import json

import aiohttp
import pytest
import pytest_asyncio

from offline import OfflineDiscord, StandIn
from offline.payloads import next_id
from tests.offline.testbot import DemoBot

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def discord_(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json"), ack_timeout=0.2) as harness:
        yield harness


async def test_content_limit(discord_):
    assert (await discord_.run("@alice", "#lobby", "/game say length:2000")).ok
    rec = await discord_.run("@alice", "#lobby", "/game say length:2001")
    assert any("In data.content: Must be 2000 or fewer in length." in f for f in rec.failures)
    assert rec.content == "Something went wrong."


async def test_embed_limit(discord_):
    assert (await discord_.run("@alice", "#lobby", "/game say length:1 embeds:6")).ok
    rec = await discord_.run("@alice", "#lobby", "/game say length:1 embeds:7")
    assert any("Embed size exceeds maximum size of 6000" in f for f in rec.failures)


async def test_acknowledge_within_the_time_limit(discord_):
    assert (await discord_.run("@alice", "#lobby", "/game slow seconds:0")).content == "finally"
    rec = await discord_.run("@alice", "#lobby", "/game slow seconds:0.3")
    assert rec.callback_type is None
    assert any("10062" in f and "Unknown interaction" in f for f in rec.failures)


async def test_double_acknowledgement(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game twice")
    assert rec.content == "one"
    assert any("40060" in f for f in rec.failures)


async def test_too_many_autocomplete_choices(discord_):
    rec = await discord_.run("@alice", "#lobby", "!complete /many item:")
    assert any("In data.choices: Must be 25 or fewer in length." in f for f in rec.failures)


async def test_upload_over_the_attachment_size_limit(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json"), attachment_size_limit=40) as harness:
        rec = await harness.run("@alice", "#lobby", "/game board")
        assert any("413" in f and "40005" in f for f in rec.failures)


# -- raw HTTP -------------------------------------------------------------------------------------


@pytest_asyncio.fixture
async def http():
    headers = {"Authorization": "Bot fake-token"}  # as discord.py sends it (the webhook routes need none)
    async with StandIn(ack_timeout=0.2) as standin, aiohttp.ClientSession(headers=headers) as session:
        yield standin, session


def interaction(standin: StandIn, type_: int = 2, size_limit: int = 100) -> dict:
    payload = {
        "id": str(next_id()),
        "type": type_,
        "token": f"token{next_id()}",
        "channel": {"id": str(standin.directory.channel_id("lobby"))},
        "member": {"user": standin.directory.user("alice")},
        "authorizing_integration_owners": {},
        "attachment_size_limit": size_limit,
    }
    standin.register(payload)
    return payload


async def call(session, method, url, body=None, files=(), params=None):
    if files:
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps(body), content_type="application/json")
        for i, (name, data) in enumerate(files):
            form.add_field(f"files[{i}]", data, filename=name, content_type="application/octet-stream")
        kwargs = {"data": form}
    else:
        kwargs = {"json": body} if body is not None else {}
    if params is None:  # what discord.py asks for
        params = {"with_response": "1"} if url.endswith("/callback") else {"wait": "1"} if method == "POST" else {}
    async with session.request(method, url, params=params, **kwargs) as response:
        assert response.status == 204 or response.headers["Content-Type"] == "application/json"
        return response.status, (await response.json() if response.status != 204 else None)


async def test_raw_callback_rules(http):
    standin, session = http
    p = interaction(standin)
    callback = f"{standin.api_base}/interactions/{p['id']}/{p['token']}/callback"
    assert (await call(session, "POST", callback, {"type": 4, "data": {}}))[1]["code"] == 50006
    status, body = await call(session, "POST", callback, {"type": 4, "data": {"embeds": [{}] * 11}})
    assert (status, body["errors"]["data"]["embeds"]["_errors"][0]["code"]) == (400, "BASE_TYPE_MAX_LENGTH")
    assert (await call(session, "POST", callback, {"type": 8, "data": {"choices": []}}))[0] == 400
    status, body = await call(session, "POST", callback, {"type": 4, "data": {"content": "hi", "flags": 64}})
    assert status == 200 and body["interaction"]["response_message_ephemeral"]
    assert body["resource"]["message"]["content"] == "hi"
    assert (await call(session, "POST", callback, {"type": 4, "data": {"content": "again"}}))[1]["code"] == 40060
    bad = f"{standin.api_base}/interactions/{p['id']}/wrong/callback"
    assert (await call(session, "POST", bad, {"type": 4, "data": {"content": "x"}}))[1]["code"] == 10062


async def test_raw_autocomplete_choice_lengths(http):
    standin, session = http
    p = interaction(standin, type_=4)
    callback = f"{standin.api_base}/interactions/{p['id']}/{p['token']}/callback"

    async def answer(*choices):
        return await call(session, "POST", callback, {"type": 8, "data": {"choices": list(choices)}})

    _, body = await answer({"name": "", "value": "x"})
    assert body["errors"]["data"]["choices"]["0"]["name"]["_errors"][0]["code"] == "BASE_TYPE_BAD_LENGTH"
    _, body = await answer({"name": "a", "value": "v" * 101})
    assert "value" in body["errors"]["data"]["choices"]["0"]
    assert (await answer({"name": "a", "value": 1}))[0] == 200
    assert standin.interactions[int(p["id"])].choices == [{"name": "a", "value": 1}]


async def test_raw_followups_and_edits(http):
    standin, session = http
    p = interaction(standin)
    webhook = f"{standin.api_base}/webhooks/{standin.application_id}/{p['token']}"
    assert (await call(session, "POST", webhook, {"content": "early"}))[1]["code"] == 10015
    callback = f"{standin.api_base}/interactions/{p['id']}/{p['token']}/callback"
    await call(session, "POST", callback, {"type": 5, "data": {"flags": 64}})
    status, first = await call(session, "POST", webhook, {"content": "done"}, files=[("a.txt", b"abc")])
    assert status == 200 and first["flags"] == 64 and first["content"] == "done"
    assert first["attachments"][0]["filename"] == "a.txt"
    status, second = await call(session, "POST", webhook, {"content": "more"})
    assert second["id"] != first["id"] and second["flags"] == 0
    status, edited = await call(session, "PATCH", webhook + "/messages/@original", {"content": "changed"})
    assert edited["content"] == "changed" and edited["attachments"] == first["attachments"]
    async with session.get(first["attachments"][0]["url"]) as response:
        assert await response.read() == b"abc"
    assert (await call(session, "DELETE", webhook + f"/messages/{second['id']}"))[0] == 204
    assert (await call(session, "GET", webhook + f"/messages/{second['id']}"))[1]["code"] == 10008
    wrong_app = f"{standin.api_base}/webhooks/1/{p['token']}"
    assert (await call(session, "POST", wrong_app, {"content": "x"}))[1]["code"] == 10015
    kinds = [e.kind for e in standin.interactions[int(p["id"])].events]
    assert kinds == ["defer", "followup", "followup", "edit", "delete"]


async def test_raw_attachment_size_and_unknown_routes(http):
    standin, session = http
    p = interaction(standin, size_limit=2)
    callback = f"{standin.api_base}/interactions/{p['id']}/{p['token']}/callback"
    status, body = await call(session, "POST", callback, {"type": 4, "data": {"content": "f"}}, files=[("f", b"abc")])
    assert (status, body["code"]) == (413, 40005)
    assert (await call(session, "GET", standin.api_base + "/guilds/1/roles"))[0] == 404
    assert [(r.method, r.path) for r in standin.unknown] == [("GET", "/guilds/1/roles")]


async def test_a_post_nonce_is_enforced_only_within_the_nonce_window_and_history_reads_back():
    """Discord's `enforce_nonce`: a channel post repeating a nonce used within the past few minutes
    returns the first message instead of posting; after the window it posts again. The channel's
    history, read after a message id, lists what followed it, newest first."""
    now = [1000.0]
    headers = {"Authorization": "Bot fake-token"}
    async with StandIn(clock=lambda: now[0], nonce_window=300) as standin, \
            aiohttp.ClientSession(headers=headers) as session:
        posts = f"{standin.api_base}/channels/{standin.directory.channel_id('lobby')}/messages"
        body = {"content": "Reminder", "nonce": "n1", "enforce_nonce": True}
        status, first = await call(session, "POST", posts, body, params={})
        now[0] += 299
        status, again = await call(session, "POST", posts, body, params={})
        assert status == 200 and again["id"] == first["id"] and len(standin.channel_posts) == 1
        now[0] += 2  # 301 s after the first: Discord no longer remembers the nonce
        status, late = await call(session, "POST", posts, body, params={})
        assert status == 200 and late["id"] != first["id"] and len(standin.channel_posts) == 2
        status, unenforced = await call(session, "POST", posts, {"content": "x", "nonce": "n1"}, params={})
        assert unenforced["id"] != late["id"]
        status, history = await call(session, "GET", posts, params={"after": first["id"], "limit": "100"})
        assert status == 200 and [m["id"] for m in history] == [unenforced["id"], late["id"]]
        assert not standin.violations
