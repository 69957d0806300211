"""The stand-in checks every request against Discord's OpenAPI description (offline.conformance).

The tests here prove the check can fail: deliberately broken requests are refused as Discord
refuses them (400, code 50035, the field's path in `errors`) and reported naming the route, the
JSON path and the rule. Without the spec file they are skipped, saying so.
"""

from __future__ import annotations

import json

import aiohttp
import pytest
import pytest_asyncio

from offline import OfflineDiscord, StandIn, conformance
from offline.conformance import ALLOWANCES, ATTACHMENT_INDEX, QUERY_BOOLEAN, SPEC_ENV, default_spec
from offline.payloads import GUILD_ID, next_id
from tests.offline.testbot import DemoBot

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"
BOT = {"Authorization": "Bot fake-token"}


@pytest.fixture(scope="module")
def spec():
    found, status = default_spec()
    if found is None:
        pytest.skip(f"Discord API conformance check not run: {status}")
    return found


@pytest_asyncio.fixture
async def http(spec):
    async with StandIn(spec=spec) as standin, aiohttp.ClientSession() as session:
        yield standin, session


def interaction(standin: StandIn, type_: int = 2) -> dict:
    payload = {
        "id": str(next_id()),
        "type": type_,
        "token": f"token{next_id()}",
        "channel": {"id": str(standin.directory.channel_id("lobby"))},
        "member": {"user": standin.directory.user("alice")},
        "authorizing_integration_owners": {},
        "attachment_size_limit": 1000,
    }
    standin.register(payload)
    return payload


async def send(session, method, url, body=None, *, files=(), params=None, headers=None, data=None):
    """One request; (status, JSON answer)."""
    kwargs: dict = {"params": params or {}, "headers": headers or {}}
    if files:
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps(body), content_type="application/json")
        for name, content in files:
            form.add_field(name, content, filename="f.png", content_type="image/png")
        kwargs["data"] = form
    elif data is not None:
        kwargs["data"] = data
        kwargs["headers"] |= {"Content-Type": "application/json"}
    elif body is not None:
        kwargs["json"] = body
    async with session.request(method, url, **kwargs) as response:
        return response.status, (await response.json() if response.status != 204 else None)


def callback_url(standin: StandIn, p: dict) -> str:
    return f"{standin.api_base}/interactions/{p['id']}/{p['token']}/callback"


def errors_at(body: dict, *path: str | int) -> list[dict]:
    node = body["errors"]
    for part in path:
        node = node[str(part)]
    return node["_errors"]


# -- deliberately broken bodies, refused at the right field ----------------------------------------


def select_with(options: int) -> dict:
    choices = [{"label": f"Fjord {i}", "value": str(i)} for i in range(options)]
    return {"content": "pick", "components": [{"type": 1, "components": [
        {"type": 3, "custom_id": "pick", "options": choices}]}]}  # fmt: skip


BROKEN = {
    "content over 2,000 characters": (
        "callback", {"type": 4, "data": {"content": "x" * 2001}},
        CALLBACK, ("data", "content"), "maxLength: 2000", "BASE_TYPE_MAX_LENGTH",
    ),
    "an unknown callback type": (
        "callback", {"type": 10, "data": {"content": "hi"}},
        CALLBACK, ("type",), "enum: [1, 4, 5, 6, 7, 8, 9, 12, 13]", "BASE_TYPE_CHOICES",
    ),
    "a select with 26 options": (
        "followup", select_with(26),
        FOLLOWUP, ("components", 0, "components", 0, "options"), "maxItems: 25", "BASE_TYPE_BAD_LENGTH",
    ),
    "a 33-character command name": (
        "sync", [{"name": "x" * 33, "description": "Too long a name", "type": 1}],
        GUILD_COMMANDS, (0, "name"), "maxLength: 32", "BASE_TYPE_BAD_LENGTH",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", BROKEN)
async def test_a_broken_body_is_refused_at_its_field(http, case):
    standin, session = http
    where, body, route, path, rule, code = BROKEN[case]
    if where == "callback":
        url, params, headers = callback_url(standin, interaction(standin)), {"with_response": "1"}, {}
    elif where == "followup":
        p = interaction(standin)
        assert (await send(session, "POST", callback_url(standin, p), {"type": 5}, params={"with_response": "1"}))[0]
        url, params, headers = f"{standin.api_base}/webhooks/{standin.application_id}/{p['token']}", {"wait": "1"}, {}
    else:
        url = f"{standin.api_base}/applications/{standin.application_id}/guilds/{GUILD_ID}/commands"
        params, headers = {}, BOT
    method = "PUT" if where == "sync" else "POST"
    status, answer = await send(session, method, url, body, params=params, headers=headers)
    assert (status, answer["code"], answer["message"]) == (400, 50035, "Invalid Form Body")
    assert errors_at(answer, *path)[0]["code"] == code
    (violation,) = standin.violations
    assert (violation.method, violation.route, violation.path, violation.rule) == (method, route, path, rule)
    assert str(violation).startswith(f"{method} {route}: body {conformance.json_path(path)} breaks {rule}: ")
    assert standin.requests[-1].status == 400


async def test_through_the_bot_a_violation_fails_the_interaction_and_assert_clean(tmp_path, spec):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json")) as harness:
        assert harness.standin.spec is spec
        rec = await harness.run("@alice", "#lobby", "/game say length:2001")
        (violation,) = rec.violations
        assert violation.json_path == "data.content"
        expected = f"Discord would refuse POST {CALLBACK}: body data.content breaks maxLength: 2000: 2001 long"
        assert any(f.startswith(expected) for f in rec.failures), rec.failures
        with pytest.raises(AssertionError, match=r"body data\.content breaks maxLength: 2000"):
            harness.assert_clean()


# -- what is allowed, and nothing else --------------------------------------------------------------


def test_the_allowed_disagreements_are_the_documented_ones():
    assert ALLOWANCES == (ATTACHMENT_INDEX, QUERY_BOOLEAN)
    assert all(a.reason for a in ALLOWANCES)


async def test_an_attachment_id_may_be_the_index_of_a_file_part(http):
    standin, session = http
    body = {"type": 4, "data": {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}}
    p = interaction(standin)
    status, answer = await send(session, "POST", callback_url(standin, p), body, files=[("files[0]", b"png")],
                                params={"with_response": "1"})
    assert status == 200 and answer["resource"]["message"]["attachments"][0]["filename"] == "board.png"
    # An integer that names no file part of the request is a snowflake sent as a number: refused.
    body["data"]["attachments"][0]["id"] = 1
    p = interaction(standin)
    status, answer = await send(session, "POST", callback_url(standin, p), body, files=[("files[0]", b"png")],
                                params={"with_response": "1"})
    assert status == 400 and errors_at(answer, "data", "attachments", 0, "id")[0]["code"] == "STRING_TYPE_CONVERT"
    assert [v.json_path for v in standin.violations] == ["data.attachments[0].id"]


@pytest.mark.parametrize("value, ok", [("true", True), ("false", True), ("1", True), ("0", True), ("yes", False)])
async def test_query_booleans_are_true_false_1_or_0(http, value, ok):
    standin, session = http
    status, answer = await send(session, "POST", callback_url(standin, interaction(standin)),
                                {"type": 4, "data": {"content": "hi"}}, params={"with_response": value})
    if ok:
        assert status == 200 and not standin.violations
    else:
        assert status == 400 and errors_at(answer, "with_response")[0]["code"] == "BOOLEAN_TYPE_COERCE"
        assert str(standin.violations[0]).startswith(f"POST {CALLBACK}: query with_response breaks type: boolean")


# -- parameters, routes, headers and bodies the spec does not have ----------------------------------


async def test_parameters_routes_and_tokens(http):
    standin, session = http
    p = interaction(standin)
    url = callback_url(standin, p)
    status, answer = await send(session, "POST", url, {"type": 5}, params={"with_response": "1", "ephemeral": "1"})
    assert status == 400 and errors_at(answer, "ephemeral")[0]["message"] == "Unknown parameter."
    status, answer = await send(session, "POST", url.replace(p["id"], "abc"), {"type": 5})
    assert status == 400 and errors_at(answer, "interaction_id")[0]["code"] == "NUMBER_TYPE_COERCE"
    assert (await send(session, "GET", standin.api_base + "/users/@me"))[0] == 401
    assert (await send(session, "GET", standin.api_base + "/users/@me", headers=BOT))[0] == 200
    assert (await send(session, "GET", standin.api_base + "/no/such/route", headers=BOT))[0] == 404
    assert (await send(session, "DELETE", standin.api_base + "/oauth2/applications/@me", headers=BOT))[0] == 405
    status, answer = await send(session, "POST", url, data="{not json")
    assert (status, answer["code"]) == (400, 50109)
    assert [(v.where, v.json_path or v.rule) for v in standin.violations] == [
        ("query", "ephemeral"),
        ("path", "interaction_id"),
        ("header", "Authorization"),
        ("route", "a route of Discord's API"),
        ("route", "DELETE on this path"),
        ("body", "a JSON body"),
    ]
    # The request the check let through reached the stand-in and was recorded with its route.
    assert [r.route for r in standin.requests if r.status == 200] == ["/users/@me"]


async def test_the_check_can_be_turned_off(spec):
    async with StandIn(check_spec=False) as standin, aiohttp.ClientSession() as session:
        assert standin.spec is None and "turned off" in standin.spec_status
        status, answer = await send(session, "POST", callback_url(standin, interaction(standin)), {"type": 10})
        # Only the stand-in's own rules apply: an unknown type for a slash command, no field path.
        assert (status, answer["code"]) == (400, 50035) and not standin.violations


async def test_without_the_spec_file_the_check_does_not_run_and_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(conformance, "spec_location", lambda: (None, "nowhere in particular"))
    async with StandIn() as standin, aiohttp.ClientSession() as session:
        assert standin.spec is None and standin.spec_status == "Discord's API spec was not found at nowhere in " \
            "particular"
        status, _ = await send(session, "POST", callback_url(standin, interaction(standin)),
                               {"type": 4, "data": {"content": "hi"}, "unchecked": True})
        assert status == 200 and not standin.violations
    from offline import pytest_plugin

    lines = []

    class Reporter:
        def write_sep(self, sep, title, **kwargs):
            lines.append(title)

        def write_line(self, line, **kwargs):
            lines.append(line)

    pytest_plugin.pytest_terminal_summary(Reporter())
    assert lines[0] == "Discord API conformance check NOT run"
    assert SPEC_ENV in lines[1] and "nowhere in particular" in lines[1]
    assert pytest_plugin.pytest_report_header(None).startswith("Discord API conformance check NOT run")


def test_the_spec_file_may_be_named_by_an_environment_variable(monkeypatch, tmp_path, spec):
    monkeypatch.setenv(SPEC_ENV, spec.source)
    assert conformance.spec_location()[0] == conformance.Path(spec.source)
    assert default_spec()[0] is spec  # loaded once per process
    monkeypatch.setenv(SPEC_ENV, str(tmp_path / "missing.json"))
    with pytest.raises(FileNotFoundError, match=SPEC_ENV):  # named but missing: an error, not a skip
        default_spec()


def test_what_is_remembered_as_valid_does_not_confuse_true_and_1(spec):
    """The check remembers small objects found valid (and whole bodies); JSON tells `true` from `1`."""

    def put(required):
        option = {"type": 3, "name": "a", "description": "An option", "required": required}
        body = [{"type": 1, "name": "play", "description": "Play", "options": [option]}]
        return spec.check("PUT", "/applications/1/commands", body=body, authorization="Bot t", raw=json.dumps(body))[1]

    assert put(True) == [] and put(True) == []
    (violation,) = put(1)
    assert (violation.json_path, violation.rule) == ("[0].options[0].required", "type: ['boolean', 'null']")
