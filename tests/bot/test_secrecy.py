"""Secrets never reach anyone else before their reveal (issue 7 §1): a sealed bid in Tally, tried
against every command and every autocomplete of the bot by another seat and by an onlooker, and
the images drawn for them; then taking the bid back, and the reveal."""

from __future__ import annotations

import json

from offline import OfflineDiscord
from tests.support.seeing import everything_seen_by, images

CH = "#sealed"
SECRET = 73191
SEATED = ("@alice", "@bob", "@carl", "@erin")
OTHERS = ("@bob", "@dave")  # another seat, and an onlooker
LOOKS = ("/game board", "/game board private:true")


async def seen_by(discord_: OfflineDiscord, user: str) -> list[str]:
    """Every command (but sealing a bid of their own) and every autocomplete, as `user`."""
    return await everything_seen_by(discord_, user, CH, ("tally bid", "game import", "game end", "game leave"))


async def test_a_sealed_bid_reaches_nobody_else_before_the_reveal(discord_):
    for user in SEATED:
        await discord_.run(user, CH, "/game new game:tally" if user == SEATED[0] else "/game join")
    await discord_.run("@alice", CH, "/game start")
    before = {user: await images(discord_, user, CH, LOOKS) for user in OTHERS}

    sealed = await discord_.run("@alice", CH, f"/tally bid amount:{SECRET}")
    assert sealed.ephemeral and str(SECRET) in sealed.content
    public = [m.content for m in sealed.messages if not m.ephemeral]
    assert public == ["alice made a secret bid."]  # the channel is told that, and only that
    mine = await discord_.run("@alice", CH, "!complete /tally bid amount:")
    assert [c["value"] for c in mine.choices] == [SECRET]  # the bidder's own view has it

    for user in OTHERS:
        seen = await seen_by(discord_, user)
        assert not [t for t in seen if str(SECRET) in t], user
        assert await images(discord_, user, CH, LOOKS) == before[user], \
            f"{user}'s board changed with a bid they cannot see"

    taken_back = await discord_.run("@alice", CH, "/game undo")
    assert taken_back.ephemeral and str(SECRET) in taken_back.content
    public = [m.content for m in taken_back.messages if not m.ephemeral]
    assert public == ["alice took back a secret move."]  # issue 18.7: the channel sees the bid withdrawn
    log = await discord_.run("@bob", CH, "/game log")
    assert "alice took back a secret move." in log.content and str(SECRET) not in log.content

    await discord_.run("@alice", CH, f"/tally bid amount:{SECRET}")
    for user, amount in zip(SEATED[1:], (1, 2, 3)):
        reveal = await discord_.run(user, CH, f"/tally bid amount:{amount}")
    assert not reveal.ephemeral and f"alice {SECRET}" in reveal.content
    assert str(SECRET) in (await discord_.run("@dave", CH, "/game log")).content


async def test_an_export_never_holds_the_hidden_seed(discord_):
    await discord_.run("@alice", CH, "/game new game:tally")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@alice", CH, "/game start")
    seed = (await discord_.bot.table.store.open_game(discord_.builder.directory.channel_id(CH))).seed
    data = (await discord_.run("@bob", CH, "/game export")).attachments[0].data
    assert str(seed) not in data.decode() and json.loads(data)["state"]["seed"] == 0


async def test_a_prepared_turn_reaches_nobody_else_and_only_its_count_if_the_host_shows_it(discord_):
    """Issue 30: Carl's turn prepared while Alice plays is answered to him alone; another seat and
    an onlooker, through every command, autocomplete, turn card, image and the log, learn nothing
    of it; /game status counts the players ready ahead only once the host's setting shows it."""
    for user in SEATED:
        await discord_.run(user, CH, "/game new game:tally" if user == SEATED[0] else "/game join")
    await discord_.run("@alice", CH, "/game settings name:ahead value:on")
    await discord_.run("@alice", CH, "/game start")
    before = {user: await images(discord_, user, CH, LOOKS) for user in OTHERS}
    prepared = await discord_.run("@carl", CH, "/tally add amount:2")
    assert prepared.ephemeral and prepared.content.startswith("Prepared: carl added 2: total 2 (played"), \
        prepared.content
    assert [m for m in prepared.messages if not m.ephemeral] == []
    for user in OTHERS:
        seen = await everything_seen_by(discord_, user, CH, ("tally bid", "tally add", "game import", "game end",
                                                              "game leave", "game settings"))
        assert not [t for t in seen if "amount 2" in t or "ready ahead" in t or "carl" in t and "prepared" in t], user
        assert await images(discord_, user, CH, LOOKS) == before[user], user
    assert "ready ahead" not in json.dumps((await discord_.run("@dave", CH, "/game status")).embeds)
    await discord_.run("@alice", CH, "/game settings name:show_ready value:count")
    status = json.dumps((await discord_.run("@dave", CH, "/game status")).embeds)
    assert "1 player ready ahead" in status and "carl" not in status.split("ready ahead")[0][-80:]
