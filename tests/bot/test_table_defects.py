"""The table, as new users and attackers found it (issue 8 §3, §11, §13–14, §18) and where its
commands may be used (issue 7 §4), through the real bot."""

from __future__ import annotations

import json
import re

from offline import OfflineDiscord, Record

CH = "#table"
NASTY = "[Free Nitro](https://x.co/a) **boss**\u202e\u200b@everyone"


async def started(discord_: OfflineDiscord, *users: str) -> None:
    await discord_.run(users[0], CH, "/game new game:tally")
    for user in users[1:]:
        await discord_.run(user, CH, "/game join")
    await discord_.run(users[0], CH, "/game start")


async def as_named(discord_: OfflineDiscord, user: str, name: str, line: str) -> Record:
    path, options, _ = discord_.builder.parse(line)
    payload = discord_.builder.command(user, CH, path, options)
    payload["member"]["user"]["global_name"] = name
    return await discord_.inject(payload)


async def test_a_drawing_that_fails_after_the_move_tells_the_truth(discord_):
    await started(discord_, "@alice", "@bob")
    for user in ("@alice", "@bob", "@alice", "@bob"):
        await discord_.run(user, CH, "/tally add amount:3")
    rec = await discord_.run("@alice", CH, "/tally add amount:1")  # total 13: the board cannot be drawn
    assert "alice added 1: total 13" in rec.content
    assert re.search(r"The move is recorded, but the board could not be drawn \(ref [0-9a-f]{8}\)", rec.content)
    assert "Nothing was changed" not in rec.content and not rec.attachments
    assert (await discord_.bot.table.store.open_game(discord_.builder.directory.channel_id(CH))).state["total"] == 13
    logged = [e for e in discord_.errors if "drawing failed" in e.message]
    assert len(logged) == 1 and "painter tripped" in str(logged[0])  # logged for the operator, with the reference
    discord_.errors.remove(logged[0])  # expected here: the harness would fail the test on it


async def test_player_names_are_shown_as_text(discord_):
    rec = await as_named(discord_, "@alice", NASTY, "/game new game:tally")
    assert rec.ok and "Free Nitro" in rec.content
    assert "[Free Nitro](" not in rec.content  # no masked link
    assert "\u202e" not in rec.content and "\u200b@everyone" not in rec.content and "@everyone" not in rec.content
    assert "**boss**" not in rec.content  # bold markup shown as text, not applied
    rec = await as_named(discord_, "@bob", NASTY, "/game join")
    assert "\u202e" not in rec.content and "**boss**" not in rec.content


async def test_a_game_that_finishes_is_closed_and_stays_readable(discord_):
    await started(discord_, "@alice", "@bob")
    for user, amount in (("@alice", 3), ("@bob", 3), ("@alice", 3), ("@bob", 3), ("@alice", 2), ("@bob", 3),
                         ("@alice", 3)):  # 3, 6, 9, 12, 14, 17, 20: no multiple of 5 before the end
        rec = await discord_.run(user, CH, f"/tally add amount:{amount}")
    assert "Game over: alice wins with a total of 20." in rec.content and rec.attachments
    rec = await discord_.run("@bob", CH, "/tally add amount:1")
    assert rec.ephemeral and "There is no game in this channel" in rec.content
    for line in ("/game log", "/game board", "/game export"):
        rec = await discord_.run("@bob", CH, line)
        assert rec.ok and not rec.content.startswith("⛔"), (line, rec.content)
    assert (await discord_.run("@carl", CH, "/game new game:tally")).ok  # the channel is free again


async def test_a_board_too_small_for_the_table_says_how_to_change_it(discord_):
    await discord_.run("@alice", CH, "/game new game:vikings")
    await discord_.run("@bob", CH, "/game join")
    rec = await discord_.run("@alice", CH, "/game start")
    assert rec.ephemeral and "needs 3–4 players; 2 seated" in rec.content
    assert "/game settings name:board value:ravnsund" in rec.content.replace("\\", "")
    rec = await discord_.run("@alice", CH, "/game settings name:board value:ravnsund")
    assert "Board: Nordhav → Ravnsund (2 players)" in rec.content
    assert "Ravnsund (2 players)" in [c["name"] for c in
                                      (await discord_.run("@carl", "#x", "!complete /game new game:vikings board:rav"))
                                      .choices][0]
    assert (await discord_.run("@alice", CH, "/game start")).ok


async def test_settings_read_as_players_say_them(discord_):
    await discord_.run("@alice", CH, "/game new game:vikings")
    rec = await discord_.run("@alice", CH, "!complete /game settings name:adjust")
    assert [c["name"] for c in rec.choices] == ["adjust_off_turn (now on)"]
    rec = await discord_.run("@alice", CH, "/game settings name:raid_cost_era2")
    assert rec.ephemeral and ".." not in rec.content


def test_commands_are_offered_in_servers_only(discord_):
    synced = discord_.bot.tree.get_commands()[0].to_dict(discord_.bot.tree)
    assert synced["contexts"] == [0] and synced["integration_types"] == [0]  # guild channels, guild installs


async def test_a_finished_game_posts_its_whole_record(discord_):
    await started(discord_, "@alice", "@bob")
    for user, amount in (("@alice", 3), ("@bob", 3), ("@alice", 3), ("@bob", 3), ("@alice", 2), ("@bob", 3),
                         ("@alice", 3)):
        rec = await discord_.run(user, CH, f"/tally add amount:{amount}")
    (record,) = [m for m in rec.followups if m.attachments and m.attachments[0].filename.endswith(".json")]
    assert not record.ephemeral and b'"format": "waypost-game"' in record.attachments[0].data
    # issue 19 §10: what it offers is true: the game plays again from an earlier entry
    assert "play again from any point: /game import with until:" in record.content
    file = {"file": (record.attachments[0].filename, record.attachments[0].data)}
    again = await discord_.command("@bob", "#again", "game import", file)
    assert again.ephemeral and "import it with until: the last log entry to keep (3–9)" in again.content
    again = await discord_.command("@bob", "#again", "game import", {**file, "until": 6})
    assert any("imported a Tally game up to log entry 6" in m.content for m in again.messages if not m.ephemeral)
    rec = await discord_.run("@bob", "#again", "/tally add amount:2")
    assert "bob added 2: total 11" in rec.content


async def test_the_board_buttons_work_after_a_restart(discord_):
    await discord_.run("@alice", CH, "/game new game:vikings board:ravnsund")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@alice", CH, "/game start")
    await discord_.run("@bob", CH, "/vikings place dock:B1")
    rec = await discord_.run("@alice", CH, "/vikings place dock:A1")
    labels = [c["label"] for row in rec.original.components for c in row["components"]]
    assert labels == ["Sail a boat", "End your turn", "Your turn card", "Take back", "My board"]  # Alice's next
    await discord_.restart()
    mine = await discord_.run("@bob", CH, '!click "My board"')
    assert mine.ephemeral and mine.attachments
    card = await discord_.run("@alice", CH, '!click "Your turn card"')  # a card survives the restart too
    assert card.ephemeral and "you play Red" in card.content and "Sail a boat" in str(card.components)
    back = await discord_.run("@alice", CH, '!click "Take back"')
    assert "took back" in " ".join(m.content for m in back.messages)
    await discord_.run("@alice", CH, "/vikings place dock:A1")
    ended = await discord_.run("@alice", CH, '!click "End your turn"')
    assert "Red ended their turn" in " ".join(m.content for m in ended.messages)


async def test_a_table_can_have_one_board_a_turn(discord_):
    await discord_.run("@alice", CH, "/game new game:vikings board:ravnsund")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@alice", CH, "/game settings name:board_images value:turn")
    await discord_.run("@alice", CH, "/game start")
    await discord_.run("@bob", CH, "/vikings place dock:B1")
    await discord_.run("@alice", CH, "/vikings place dock:A1")
    sail = await discord_.run("@alice", CH, "/vikings sail boat:1 route:F1 strength:1")
    assert "sailed boat 1" in sail.content and not sail.attachments  # the turn goes on: no new image
    end = await discord_.run("@alice", CH, "/vikings end")
    assert end.attachments  # the turn passed: one board for it


async def test_a_menu_whose_move_was_taken_back_says_withdrawn_not_answered(discord_):
    """Issue 19 §9: a stale menu picked after /game undo said "This question has already been
    answered" and closed as "Answered"; it was withdrawn. One answered still says answered."""
    await started(discord_, "@alice", "@bob")
    await discord_.run("@alice", CH, "/tally add amount:3")
    rec = await discord_.run("@bob", CH, "/tally add amount:2")  # 5: alice is asked up or down
    menu = next(c["custom_id"] for m in rec.followups for row in m.components for c in row["components"])
    await discord_.run("@bob", CH, "/game undo")
    rec = await discord_.click("@alice", CH, None, menu, ["up"])
    assert rec.callback_type == 7 and '"Withdrawn"' in json.dumps(rec.original.components)
    assert rec.followups[0].ephemeral and rec.followups[0].content == (
        "This question was withdrawn: the move that asked it was taken back.")
    rec = await discord_.run("@bob", CH, "/tally add amount:2")  # asked again, and answered by command
    menu = next(c["custom_id"] for m in rec.followups for row in m.components for c in row["components"])
    assert "alice chose up" in (await discord_.run("@alice", CH, "/game choose choice:up")).content
    rec = await discord_.click("@alice", CH, None, menu, ["down"])
    assert '"Answered"' in json.dumps(rec.original.components)
    assert rec.followups[0].content == "This question has already been answered."
