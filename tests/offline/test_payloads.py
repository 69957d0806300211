"""Payloads built from the command tree: conversion per option type, and the Discord client's checks."""

from __future__ import annotations

import pytest
import pytest_asyncio

from offline import ClientRefusal, Directory, OfflineDiscord
from offline.payloads import GUILD_ID, MEMBER_PERMISSIONS, stable_id
from tests.offline.testbot import DemoBot

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def discord_(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json")) as harness:
        yield harness


async def test_names_give_stable_ids():
    one, two = Directory(), Directory()
    assert one.user_id("@alice") == two.user_id("alice") == two.user_id("@Alice") == stable_id("user", "alice")
    assert one.channel_id("#lobby") == two.channel_id("lobby") != one.user_id("lobby")
    assert one.user_id("alice") != one.user_id("bob")
    assert one.users[one.user_id("alice")] == "alice" and one.channels[one.channel_id("#lobby")] == "lobby"


async def test_command_payload_shape(discord_):
    payload = discord_.builder.command("@alice", "#lobby", "game new", {"game": "vikings"})
    assert payload["type"] == 2 and payload["application_id"] == str(discord_.standin.application_id)
    assert payload["guild_id"] == str(GUILD_ID) and payload["channel"]["name"] == "lobby"
    assert payload["member"]["user"]["id"] == str(discord_.standin.directory.user_id("alice"))
    assert payload["member"]["permissions"] == str(MEMBER_PERMISSIONS.value)
    assert payload["data"]["name"] == "game"
    assert payload["data"]["options"] == [
        {"type": 1, "name": "new", "options": [{"type": 3, "name": "game", "value": "vikings"}]}
    ]


async def test_line_parsing(discord_):
    parse = discord_.builder.parse
    assert parse('/game new game:vikings board:"Two Shores"') == (
        "game new",
        {"game": "vikings", "board": "Two Shores"},
        "board",
    )
    assert parse("/game new game:vikings board:Two Shores") == parse('/game new game:vikings board:"Two Shores"')
    assert parse("/game new game:") == ("game new", {"game": ""}, "game")
    assert parse('/game new game:"a:b"') == ("game new", {"game": "a:b"}, "game")
    with pytest.raises(ClientRefusal, match="needs one of: new, secret"):
        parse("/game")
    with pytest.raises(ClientRefusal, match="has no subcommand 'nope'"):
        parse("/game nope")
    with pytest.raises(ClientRefusal, match="not a command"):
        parse("/nope")
    with pytest.raises(ClientRefusal, match="No closing quotation"):
        parse('/game new game:"vikings')


async def test_values_are_converted_per_option_type(discord_):
    rec = await discord_.run("@alice", "#lobby", "/roll count:3 size:large ratio:2.5 loud:yes target:@bob")
    assert rec.content == "3 LARGE DICE RATIO=2.5 LOUD=TRUE TARGET=BOB"
    options = {o["name"]: o["value"] for o in rec.payload["data"]["options"]}
    bob = str(discord_.standin.directory.user_id("bob"))
    assert options == {"count": 3, "size": "l", "ratio": 2.5, "loud": True, "target": bob}
    assert rec.payload["data"]["resolved"]["users"][bob]["username"] == "bob"
    assert "permissions" in rec.payload["data"]["resolved"]["members"][bob]
    rec = await discord_.command("@alice", "#lobby", "roll", {"count": 1, "size": "s", "ratio": "2", "loud": "off"})
    assert rec.content == "1 Small dice ratio=2.0 loud=False target=nobody"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/game new", "needs option 'game'"),
        ("/game new game:x colour:red", "has no option 'colour'"),
        ("/roll count:2 size:huge", "must be one of: Small, Large"),
        ("/roll count:0 size:s", "'count' must be at least 1"),
        ("/roll count:11 size:s", "'count' must be at most 10"),
        ("/roll count:two size:s", "'count' must be a whole number"),
        ("/roll count:1 size:s ratio:half", "'ratio' must be a number"),
        ("/roll count:1 size:s loud:maybe", "'loud' must be true or false"),
        ("/roll count:1 size:s name:x", "'name' must be at least 2 characters"),
        ("/roll count:1 size:s name:ninechars", "'name' must be at most 8 characters"),
        ("/game new game:x seats:7", "'seats' must be at most 6"),
        ("!complete /game new board:x", "option 'board' of /game new has no autocomplete"),
    ],
)
async def test_client_side_checks(discord_, line, message):
    with pytest.raises(ClientRefusal, match=message):
        await discord_.run("@alice", "#lobby", line)
    assert not discord_.standin.interactions


async def test_checks_can_be_skipped_for_bad_input_tests(discord_):
    rec = await discord_.command("@alice", "#lobby", "game new", {"game": "x", "seats": "9"}, checks=False)
    assert rec.content == "alice opened x on default for 9 in #lobby"
    rec = await discord_.command("@alice", "#lobby", "game new", {}, checks=False)
    assert rec.content == "Something went wrong." and not rec.ok


async def test_attachment_over_the_users_limit_is_refused(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json"), attachment_size_limit=10) as harness:
        with pytest.raises(ClientRefusal, match="larger than 10 bytes"):
            await harness.command("@alice", "#lobby", "game upload", {"file": ("big.bin", b"x" * 11)})
