"""The harness drives a real commands.Bot (cogs, groups, views, error handler) through the stand-in."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
import pytest_asyncio

from offline import ClientRefusal, OfflineDiscord, StandIn
from offline.payloads import GUILD_ID
from tests.offline.testbot import DemoBot

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def discord_(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json")) as harness:
        yield harness


async def test_slash_command_in_a_group(discord_):
    rec = await discord_.run("@alice", "#lobby", '/game new game:vikings board:"Two Shores" seats:3')
    assert rec.callback_type == 4 and not rec.ephemeral
    assert rec.content == "alice opened vikings on Two Shores for 3 in #lobby"
    assert rec.ok and rec.failures == []
    assert rec.original.raw["interaction_metadata"]["user"]["username"] == "alice"
    discord_.assert_clean()


async def test_ephemeral_reply(discord_):
    rec = await discord_.run("@bob", "#lobby", "/game secret")
    assert rec.ephemeral and rec.original.ephemeral and rec.content == "only you see this"


async def test_defer_then_followups_with_a_png(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game board")
    assert rec.callback_type == 5
    assert [e.kind for e in rec.events] == ["defer", "followup", "followup"]
    # The first followup after a defer edits the "thinking" message.
    assert rec.content == "the board" and [m.content for m in rec.edits] == ["the board"]
    assert [m.content for m in rec.followups] == ["and a second message"]
    (attachment,) = rec.attachments
    assert (attachment.filename, attachment.description) == ("board.png", "A blue board")
    image = attachment.image()
    assert image.size == (8, 6) and image.convert("RGB").getpixel((0, 0)) == (0, 0, 255)


async def test_followup_after_ephemeral_defer_keeps_the_flag(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game board private:true")
    assert rec.ephemeral and rec.original.ephemeral and rec.content == "the board"
    assert not rec.followups[0].ephemeral


async def test_autocomplete(discord_):
    rec = await discord_.run("@alice", "#lobby", "!complete /game new game:vi")
    assert rec.callback_type == 8
    assert rec.choices == [{"name": "Vikings", "value": "vikings"}, {"name": "Villages", "value": "villages"}]
    rec = await discord_.autocomplete("@alice", "#lobby", "game new", {"game": ""}, "game")
    assert len(rec.choices) == 4


async def test_select_menu_and_button(discord_):
    menu = await discord_.run("@alice", "#lobby", "/game menu")
    assert menu.components[0]["components"][0]["custom_id"] == "demo:pick"
    rec = await discord_.run("@bob", "#lobby", '!click "Pick a fjord" "Fjord B"')
    assert rec.callback_type == 7 and rec.content == "bob picked B"
    assert rec.original.id == menu.original.id
    rec = await discord_.run("@carol", "#lobby", "!pick C")
    assert rec.content == "carol picked C"
    rec = await discord_.click("@dave", "#lobby", menu.original, "demo:join")
    assert rec.content == "dave joined"
    discord_.assert_clean()


async def test_click_checks_what_the_client_allows(discord_):
    await discord_.run("@alice", "#lobby", "/game menu")
    with pytest.raises(ClientRefusal, match="no option 'Z'"):
        await discord_.run("@alice", "#lobby", "!click demo:pick Z")
    with pytest.raises(ClientRefusal, match="no message here"):
        await discord_.run("@alice", "#elsewhere", "!click demo:pick A")
    with pytest.raises(ClientRefusal, match="takes 1 to 1 values"):
        await discord_.run("@alice", "#lobby", "!click demo:pick")


async def test_channel_posts_inside_and_outside_interactions(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game announce where:#news text:hello")
    assert rec.ephemeral and [(m.content, m.channel_id) for m in rec.posts] == [
        ("announcement: hello", discord_.standin.directory.channel_id("news"))
    ]
    await discord_.run("@alice", "#lobby", "/game remind seconds:0.01")
    await asyncio.sleep(0.1)
    alice = discord_.standin.directory.user_id("alice")
    assert discord_.channel_posts[-1].content == f"<@{alice}>, your move!"
    assert discord_.channel_posts[-1].raw["mentions"][0]["username"] == "alice"


async def test_attachment_option_is_served_to_the_bot(discord_, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b'{"v": 1}')
    rec = await discord_.run("@alice", "#lobby", f"/game upload file:{path}")
    assert rec.content == "game.json: 8 bytes, starts b'{\"v\"'"
    rec = await discord_.command("@alice", "#lobby", "game upload", {"file": ("x.png", b"\x89PNG rest")})
    assert rec.content == "x.png: 9 bytes, starts b'\\x89PNG'"


async def test_permissions_bitfield(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game end")
    assert rec.ok and rec.content.startswith("⛔ You are missing Manage Channels")
    assert [e.expected for e in rec.errors] == [True]
    discord_.grant("@alice", manage_channels=True)
    rec = await discord_.run("@alice", "#lobby", "/game end")
    assert rec.content == "game ended"
    assert int(rec.payload["member"]["permissions"]) & discord.Permissions(manage_channels=True).value
    discord_.revoke("@alice", manage_channels=True)
    assert (await discord_.run("@alice", "#lobby", "/game end")).content.startswith("⛔")


async def test_refusal_is_normal_play_but_a_crash_is_not(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game refuse")
    assert rec.ok and rec.content == "⛔ It is not your turn."
    discord_.assert_clean()
    rec = await discord_.run("@alice", "#lobby", "/game crash")
    assert not rec.ok and rec.content == "Something went wrong."
    assert any("RuntimeError: boom" in f for f in rec.failures)
    assert any(f.startswith("crash reply") for f in rec.failures)
    with pytest.raises(AssertionError, match="boom"):
        discord_.assert_clean()


async def test_unanswered_interaction_is_a_failure(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game silent")
    assert rec.callback_type is None
    assert rec.failures == ["the interaction was never answered (Discord shows 'This interaction failed')"]


async def test_autocomplete_exception_is_captured(discord_):
    rec = await discord_.run("@alice", "#lobby", "!complete /many item:x")
    assert rec.choices is None
    assert any("Must be 25 or fewer in length" in f for f in rec.failures)
    assert discord_.unexpected_errors[0].source == "log discord.app_commands.tree"


async def test_unknown_request_is_recorded(discord_):
    rec = await discord_.run("@alice", "#lobby", "/game whois")
    assert [(r.method, r.path, r.status) for r in rec.unknown_requests] == [("GET", "/users/42", 404)]
    assert any("unknown request GET /users/42" in f for f in rec.failures)
    with pytest.raises(AssertionError, match="unknown request"):
        discord_.assert_clean()


async def test_guild_cache_for_a_bot_with_the_guilds_intent(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json", discord.Intents(guilds=True))) as harness:
        rec = await harness.run("@alice", "#lobby", "/where channel:#news")
        news = harness.standin.directory.channel_id("news")
        assert rec.content == f"posted in <#{news}>, guild Offline"
        assert [m.content for m in rec.posts] == ["hello #news"]
        assert harness.bot.get_guild(GUILD_ID).get_channel(news).name == "news"


async def test_restart_keeps_the_database_and_persistent_views(tmp_path):
    async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json")) as harness:
        await harness.run("@alice", "#lobby", "/game note text:first")
        menu = await harness.run("@alice", "#lobby", "/game menu")
        vote = await harness.run("@alice", "#lobby", "/game vote")
        first_bot = harness.bot
        await harness.restart()
        assert harness.bot is not first_bot and first_bot.is_closed()
        rec = await harness.run("@bob", "#lobby", "/game note text:second")
        assert rec.content == "notes: first, second"
        rec = await harness.click("@bob", "#lobby", menu.original, "demo:pick", ["A"])
        assert rec.content == "bob picked A"
        # A view that lived only in the old bot's memory: the click is discarded, never answered.
        rec = await harness.run("@bob", "#lobby", "!click Yes")
        assert str(vote.original.id) == rec.payload["message"]["id"] and rec.callback_type is None
        assert rec.failures and "click on" in rec.failures[0]
        old = harness.standin
        await harness.restart(new_standin=True)
        assert harness.standin is not old and harness.standin.url != old.url
        assert discord.http.Route.BASE == harness.standin.api_base
        rec = await harness.run("@carol", "#lobby", "/game note")
        assert rec.content == "notes: first, second"
    assert discord.http.Route.BASE == "https://discord.com/api/v10"


async def test_a_shared_standin_outlives_harnesses(tmp_path):
    async with StandIn() as standin:
        for _ in range(2):
            async with OfflineDiscord(lambda: DemoBot(tmp_path / "db.json"), standin=standin) as harness:
                await harness.run("@alice", "#lobby", "/game note text:x")
        assert len(standin.interactions) == 2
        headers = {"Authorization": "Bot fake-token"}  # GET /users/@me needs a bot token
        async with (
            aiohttp.ClientSession(headers=headers) as session,
            session.get(standin.api_base + "/users/@me") as response,
        ):
            assert response.status == 200 and (await response.json())["id"] == str(standin.application_id)
