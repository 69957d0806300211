"""/game through the real bot: lobby flow, permissions, bad input, restart, concurrency, export."""

from __future__ import annotations

import asyncio
import json

from tests.support.tally import Add
from waypost.outcome import User

CH = "#table"


async def seat(discord_, *users: str) -> None:
    await discord_.run(users[0], CH, "/game new game:tally")
    for user in users[1:]:
        await discord_.run(user, CH, "/game join")


async def start(discord_, *users: str) -> None:
    await seat(discord_, *users)
    rec = await discord_.run(users[0], CH, "/game start")
    assert rec.ok and rec.attachments


async def test_new_join_start_status(discord_):
    rec = await discord_.run("@alice", CH, "/game new game:tally board:line")
    assert not rec.ephemeral and "alice opened Tally on The Line (2–4 players)" in rec.content
    rec = await discord_.run("@bob", CH, "/game join colour:green")
    assert "bob joined as green (2 seated)" in rec.content
    rec = await discord_.run("@alice", CH, "/game start")
    (image,) = rec.attachments
    assert image.image().format == "PNG" and image.description.startswith("Tally begins")
    rec = await discord_.run("@carl", CH, "/game status")
    embed = rec.embeds[0]
    assert embed["title"] == "Tally — The Line"
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert "alice — red" in fields["Seats"] and "bob — green" in fields["Seats"]
    assert fields["Phase"] == "total 0 of 20: alice's turn"
    assert fields["Waiting for"].startswith(f"<@{discord_.builder.directory.user_id('alice')}>")


async def test_game_in_one_channel_does_not_block_another(discord_):
    await seat(discord_, "@alice")
    rec = await discord_.run("@bob", "#elsewhere", "/game new game:tally")
    assert rec.ok and not rec.ephemeral
    rec = await discord_.run("@bob", CH, "/game new game:tally")
    assert rec.ephemeral and "already has a game" in rec.content


async def test_refusals_are_private_and_name_the_problem(discord_):
    rec = await discord_.run("@alice", CH, "/game status")
    assert rec.ephemeral and "no game in this channel" in rec.content
    await seat(discord_, "@alice")
    rec = await discord_.run("@bob", CH, "/game start")
    assert rec.ephemeral and "Only the host can start" in rec.content
    rec = await discord_.run("@alice", CH, "/game start")
    assert rec.ephemeral and "needs 2–4 players; 1 seated" in rec.content
    rec = await discord_.run("@bob", CH, "/game join colour:mauve")
    assert rec.ephemeral and "'mauve' is not a colour of Tally" in rec.content


async def test_end_needs_host_or_manage_channels(discord_):
    await seat(discord_, "@alice", "@bob")
    rec = await discord_.run("@bob", CH, "/game end")
    assert rec.ephemeral and "Only the host, or a member who can manage channels" in rec.content
    discord_.grant("@mod", manage_channels=True)
    rec = await discord_.run("@mod", CH, "/game end")
    assert rec.ephemeral and "This cannot be taken back" in rec.content  # asked to confirm; nothing ended yet
    assert (await discord_.run("@alice", CH, "/game status")).embeds
    await discord_.restart()  # the button still works after a restart
    message, button = discord_.find_component("End the game", "@mod", CH)
    rec = await discord_.click("@bob", CH, message, button["custom_id"])  # someone else's confirmation
    assert rec.ephemeral and "Only the member who asked to end the game" in rec.content
    assert (await discord_.run("@alice", CH, "/game status")).embeds  # nothing ended
    rec = await discord_.run("@mod", CH, "!click \"End the game\"")
    assert rec.callback_type == 7 and "Ended" in rec.content
    (told,) = [m.content for m in rec.followups if not m.ephemeral]
    assert told.startswith("The Tally game in this channel has ended")
    assert not rec.original.components  # the button is gone: nothing to click twice
    rec = await discord_.run("@alice", CH, "/game log")  # the ended game stays readable
    assert rec.ephemeral and "has ended" in rec.content


async def test_bad_input_never_crashes(discord_):
    await seat(discord_, "@alice")
    discord_.builder.checks = False  # send what Discord's client never would
    lines = [
        "/game new game:" + "x" * 500,
        "/game new game:chess",
        '/game new game:"   "',
        "/game join colour:" + "@everyone" * 10,
        "/game settings name:speed value:9",
        "/game settings name:max_add value:banana",
        "/game log page:0",
        "/game log page:99999",
        "/game log page:-5",
        "/game help game:nothing",
        "/game choose choice:up",
    ]
    for line in lines:
        rec = await discord_.run("@alice", CH, line)
        assert rec.ok, (line, rec.failures)
        assert rec.ephemeral and rec.content.startswith("⛔"), (line, rec.content)
        assert "@everyone" not in rec.content, line
    status = await discord_.run("@alice", CH, "/game status")
    assert {f["name"]: f["value"] for f in status.embeds[0]["fields"]}["Seats"].count("\n") == 0


async def test_decision_menu_and_choose_fallback_survive_restart(discord_):
    await start(discord_, "@alice", "@bob", "@carl")
    await discord_.run("@alice", CH, "/game help")
    assert (await discord_.run("@alice", CH, "/game settings")).content.count("max\\_add = 3") == 1
    channel = discord_.builder.directory.channel_id("table")
    await discord_.bot.table.act(channel, _user(discord_, "alice"), "tally", Add(3))
    out = await discord_.bot.table.act(channel, _user(discord_, "bob"), "tally", Add(2))
    assert out.prompts  # total 5: carl must decide
    # the prompt is offered as a menu when the move is made through Discord; re-post it the same way
    rec = await discord_.run("@alice", CH, "/game undo")
    assert rec.ephemeral and "bob's" in rec.content
    rec = await discord_.run("@bob", CH, "/game undo")
    assert "took back" in rec.content
    await discord_.restart()
    rec = await discord_.run("@bob", CH, "/game choose choice:up")
    assert rec.ephemeral and "Nobody asked you" in rec.content
    rec = await discord_.run("@carl", CH, "!complete /game choose choice:")
    assert rec.choices == []
    log = await discord_.run("@carl", CH, "/game log")
    assert "(taken back)" in log.content and log.ephemeral


def _user(discord_, name: str):
    return User(discord_.builder.directory.user_id(name), name)


async def test_simultaneous_commands_in_one_channel_are_all_kept(discord_):
    await seat(discord_, "@alice")
    recs = await asyncio.gather(*(discord_.run(u, CH, "/game join") for u in ("@bob", "@carl", "@dora")))
    assert all(r.ok and not r.ephemeral for r in recs)
    status = await discord_.run("@alice", CH, "/game status")
    seats = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}["Seats"]
    assert seats.count("\n") == 3 and all(n in seats for n in ("bob", "carl", "dora"))
    colours = [line.split(" — ")[1].split(" ")[0] for line in seats.splitlines()]
    assert len(set(colours)) == 4


async def test_restart_between_commands_loses_nothing(discord_):
    await start(discord_, "@alice", "@bob")
    await discord_.run("@alice", CH, "/game settings name:deadline_hours value:12")
    await discord_.restart()
    rec = await discord_.run("@bob", CH, "/game log")
    assert "alice opened Tally" in rec.content and r"deadline\_hours: 0 → 12" in rec.content
    rec = await discord_.run("@bob", CH, "/game board")
    assert rec.attachments and rec.attachments[0].image().format == "PNG"


async def test_export_then_import_elsewhere(discord_):
    await start(discord_, "@alice", "@bob")
    rec = await discord_.run("@bob", CH, "/game export")
    (file,) = rec.attachments
    assert rec.ephemeral and file.filename.endswith(".json")
    exported = json.loads(file.data)
    assert exported["format"] == "waypost-game" and exported["game"] == "tally"
    rec = await discord_.command("@carl", "#copy", "game import", {"file": (file.filename, file.data)})
    assert rec.ok and "no seat for you" in rec.content  # carl was not playing
    rec = await discord_.command("@bob", "#copy", "game import", {"file": (file.filename, file.data)})
    assert rec.ephemeral and rec.content.startswith("Done")  # acknowledged privately while it was checked...
    (public,) = [m for m in rec.messages if not m.ephemeral]
    assert "bob imported a Tally game" in public.content and public.attachments  # ...then told to all
    rec = await discord_.command("@carl", "#copy2", "game import", {"file": ("x.json", b'{"format": 1}')})
    assert rec.ephemeral and "not a Waypost export" in rec.content
    assert exported["seed"].startswith("sealed:")  # Tally's seed decides its rolls: nobody may read it
    tampered = dict(exported, seed=12345)
    rec = await discord_.command("@carl", "#copy3", "game import",
                                 {"file": ("t.json", json.dumps(tampered).encode())})
    edited = "is not exactly as this Waypost installation exported it"  # refused before its seal is opened
    assert rec.ephemeral and edited in rec.content
    tampered = dict(exported, state={**exported["state"], "total": 9})
    rec = await discord_.command("@carl", "#copy3", "game import",
                                 {"file": ("t.json", json.dumps(tampered).encode())})
    assert rec.ephemeral and edited in rec.content


async def test_status_board_and_full_answer_privately_unless_public(discord_):
    """Issue 28, posts per round: looking at the game posts nothing in the channel unless asked
    to (`public:true`); a seat's own view is never posted for everyone."""
    await start(discord_, "@alice", "@bob")
    for look in ("/game status", "/game board", "/game board full:true", "/game board private:true"):
        rec = await discord_.run("@carl", CH, look)
        assert rec.ok and rec.ephemeral, look
        assert rec.attachments or rec.embeds, look
    for look in ("/game status public:true", "/game board public:true", "/game board full:true public:true"):
        rec = await discord_.run("@carl", CH, look)
        assert rec.ok and not rec.ephemeral, look
    rec = await discord_.run("@alice", CH, "/game board private:true public:true")
    assert rec.ephemeral and "never posted for everyone" in rec.content and not rec.attachments
