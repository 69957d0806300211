"""Seats and hosting in a game in progress (issue 12): a substitute takes a seat over with its
pieces and secrets, the old player loses access, hosting can be handed on; it is all logged, and
the game still replays and exports."""

from __future__ import annotations

from tests.support.tally import Bid
from waypost.outcome import User
from waypost.replay import replay

CH = "#seats"


def who(discord_, user: str) -> str:
    return f"<@{discord_.builder.directory.user_id(user)}>"


async def test_a_substitute_takes_over_a_seat_with_its_secrets(discord_):
    for user, line in (("@alice", "/game new game:tally"), ("@bob", "/game join"), ("@carl", "/game join"),
                       ("@alice", "/game start")):
        await discord_.run(user, CH, line)
    channel = discord_.builder.directory.channel_id(CH)
    table = discord_.bot.table
    await table.act(channel, User(discord_.builder.directory.user_id("bob"), "bob"), "tally", Bid(41))
    asked = await discord_.run("@bob", CH, "/game leave")
    assert "asks to leave" in asked.content and who(discord_, "@alice") in asked.content
    rec = await discord_.run("@bob", CH, "/game substitute player:@bob to:@dora")
    assert rec.ephemeral and "Only the host" in rec.content
    rec = await discord_.run("@alice", CH, "/game substitute player:@bob to:@dora")
    assert "dora takes over bob's seat" in rec.content
    mine = await discord_.run("@dora", CH, "!complete /tally bid amount:")
    assert [c["value"] for c in mine.choices] == [41]  # the seat's sealed bid is dora's to see now
    assert (await discord_.run("@bob", CH, "!complete /tally bid amount:")).choices == []  # bob sees it no more
    rec = await discord_.run("@bob", CH, "/tally add amount:1")
    assert rec.ephemeral and "not playing" in rec.content
    rec = await discord_.run("@alice", CH, "/game host to:@dora")
    assert "dora hosts the game now" in rec.content
    assert (await discord_.run("@dora", CH, "/game status")).embeds[0]["fields"][1]["value"] == who(discord_, "@dora")
    for user, amount in (("@alice", 5), ("@carl", 6)):
        await discord_.run(user, CH, f"/tally bid amount:{amount}")  # the reveal shows dora's seat's bid
    row = await table.store.open_game(channel)
    state = replay(table.games["tally"], await table.store.log(row.id))
    assert table.games["tally"].rules.encode_state(state) == row.state
    export = (await discord_.run("@dora", CH, "/game export")).attachments[0].data
    rec = await discord_.command("@dora", "#copy", "game import", {"file": ("g.json", export)})
    assert rec.ok and any("imported" in m.content for m in rec.messages if not m.ephemeral)


async def test_history_the_board_as_it_was_and_what_happened_since(discord_):
    for user, line in (("@alice", "/game new game:tally"), ("@bob", "/game join"), ("@alice", "/game start"),
                       ("@alice", "/tally add amount:2"), ("@bob", "/tally add amount:1")):
        await discord_.run(user, CH, line)
    since = await discord_.run("@alice", CH, "/game since")
    assert since.ephemeral and "bob added 1: total 3" in since.content and "alice added" not in since.content
    then = await discord_.run("@bob", CH, "/game board at:5")  # 4 lobby and start entries, then alice's add
    assert "after log entry 5" in then.content and then.attachments
    rec = await discord_.run("@bob", CH, "/game board at:2")
    assert rec.ephemeral and "had not started" in rec.content
    rec = await discord_.run("@bob", CH, "/game board at:99")
    assert rec.ephemeral and "entries 1 to" in rec.content


async def test_an_animated_recap_of_the_last_actions(discord_):
    for user, line in (("@alice", "/game new game:tally"), ("@bob", "/game join"), ("@alice", "/game start"),
                       ("@alice", "/tally add amount:2"), ("@bob", "/tally add amount:1"),
                       ("@alice", "/tally add amount:3")):
        await discord_.run(user, CH, line)
    rec = await discord_.run("@bob", CH, "/game recap")  # since bob's own last action: alice's add
    (gif,) = rec.attachments
    image = gif.image()
    assert rec.ephemeral and gif.filename == "recap.gif" and image.format == "GIF" and image.n_frames == 1
    rec = await discord_.run("@bob", CH, "/game recap actions:3")
    image = rec.attachments[0].image()
    assert "The last 3 actions" in rec.content and image.n_frames == 3
