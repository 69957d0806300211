"""The live board (issue 12, setting board_images: live): one board message per game edited in
place after each change, each action answered with a line of text; found again after a restart,
posted anew when deleted."""

from __future__ import annotations

CH = "#live"


async def live_game(discord_) -> None:
    for user, line in (("@alice", "/game new game:tally"), ("@bob", "/game join"),
                       ("@alice", "/game settings name:board_images value:live"), ("@alice", "/game start")):
        rec = await discord_.run(user, CH, line)
        assert "⛔" not in rec.content, rec.content


async def test_one_board_message_is_edited_in_place_and_answers_are_text(discord_):
    await live_game(discord_)
    rec = await discord_.run("@alice", CH, "/tally add amount:2")
    assert "alice added 2: total 2." in rec.content and not any(m.attachments for m in rec.messages[:1])
    boards = discord_.channel_posts
    assert len(boards) == 1 and boards[0].content.startswith("Live board, after: Tally begins")  # posted at start
    board = discord_.standin.message(boards[0].id)
    assert board.content == "Live board, after: alice added 2: total 2." and len(board.attachments) == 1
    first = board.attachments[0].data
    assert first != boards[0].attachments[0].data
    assert [c["custom_id"].rsplit(":", 1)[1] for row in board.components for c in row["components"]] == \
        ["undo", "board"]  # the table's buttons go with the live board
    await discord_.run("@bob", CH, "/tally add amount:1")
    await discord_.restart()  # the message's id is stored
    await discord_.run("@alice", CH, "/tally add amount:1")
    assert len(discord_.channel_posts) == 1
    now = discord_.standin.message(boards[0].id)
    assert now.content == "Live board, after: alice added 1: total 4." and now.attachments[0].data != first
    assert len(now.attachments) == 1


async def test_a_deleted_live_board_is_posted_again(discord_):
    await live_game(discord_)
    await discord_.run("@alice", CH, "/tally add amount:2")
    del discord_.standin.messages[discord_.channel_posts[0].id]
    await discord_.run("@bob", CH, "/tally add amount:1")
    await discord_.run("@alice", CH, "/tally add amount:1")
    assert len(discord_.channel_posts) == 2  # one new board, then edited
    assert discord_.standin.message(discord_.channel_posts[1].id).content.endswith("total 4.")
