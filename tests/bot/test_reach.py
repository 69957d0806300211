"""Where can this piece go (issue 12): privately, from the game's own reach query, listed and drawn
over the asking player's board; autocomplete offers only their pieces that can move now."""

from __future__ import annotations

from tests.bot.test_vikings_table import CH, started


async def test_a_boat_s_reach_is_listed_and_drawn_privately(discord_):
    await started(discord_)
    offered = await discord_.run("@alice", CH, "!complete /game reach piece:")
    assert [c["value"] for c in offered.choices] == ["1"]  # alice's one boat placed at setup
    rec = await discord_.run("@alice", CH, "/game reach piece:1")
    assert rec.ephemeral and rec.attachments
    assert rec.content.startswith("Boat 1 — at A2:") and "within reach now" in rec.content
    assert "• F4 — cost 1, by F4" in rec.content  # the dock's neighbour, one move (V-S2)
    plain = await discord_.run("@alice", CH, "/game board private:true")
    assert rec.attachments[0].data != plain.attachments[0].data  # the reach is drawn over the board
    assert "within reach" in rec.attachments[0].description
    assert discord_.channel_posts == []  # nothing public


async def test_a_piece_that_is_not_yours_or_cannot_move_is_refused(discord_):
    await started(discord_)
    rec = await discord_.run("@alice", CH, "/game reach piece:9")
    assert rec.ephemeral and "'9' is not one of your pieces that can move now: 1." in rec.content
    rec = await discord_.run("@dora", CH, "/game reach piece:1")
    assert rec.ephemeral and "Only players of this game" in rec.content
    offered = await discord_.run("@dora", CH, "!complete /game reach piece:")
    assert offered.choices == []


async def test_a_game_without_movable_pieces_says_so(discord_):
    for user, line in (("@alice", "/game new game:tally"), ("@bob", "/game join"), ("@alice", "/game start")):
        await discord_.run(user, "#tally", line)
    rec = await discord_.run("@alice", "#tally", "/game reach piece:anything")
    assert rec.ephemeral and rec.content == "⛔ None of your pieces can move now."
