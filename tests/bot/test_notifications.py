"""Being told (issue 12): the channel mention by default; a direct message for players who chose
it, when a game waits for them or a move hit them, back to the channel when their messages are
closed. A player hit by another's move is always named in the reply."""

from __future__ import annotations

from offline import OfflineDiscord
from tests.bot.test_deadlines import mention, started
from tests.bot.test_vikings_table import started as vikings_started

CH = "#slow"


def uid(discord_: OfflineDiscord, user: str) -> int:
    return discord_.builder.directory.user_id(user)


def pinged(rec) -> set[int]:
    return {u for m in rec.messages for u in m.pinged}


async def test_by_default_the_channel_mention_pings_whose_move_it_is(timed):
    await started(timed)
    rec = await timed.run("@alice", CH, "/tally add amount:1")
    assert mention(timed, "@bob") in rec.content and pinged(rec) == {uid(timed, "@bob")}
    assert timed.standin.direct_messages("@bob") == []


async def test_a_player_who_chose_direct_messages_is_told_there_and_not_pinged(timed):
    rec = await timed.run("@bob", CH, "/game notify turn:true hits:false")
    assert rec.ephemeral and "When a game waits for you: by direct message" in rec.content
    await started(timed)
    rec = await timed.run("@alice", CH, "/tally add amount:1")
    assert mention(timed, "@bob") in rec.content  # still named in the reply...
    assert pinged(rec) == set()  # ...but not pinged there
    dms = timed.standin.direct_messages("@bob")
    channel = f"<#{timed.builder.directory.channel_id(CH)}>"
    assert len(dms) == 1 and dms[0].content.startswith("It is your move now") and channel in dms[0].content
    rec = await timed.run("@bob", CH, "/game notify turn:false hits:false")
    assert "When a game waits for you: in the channel" in rec.content
    rec = await timed.run("@bob", CH, "/tally add amount:1")
    rec = await timed.run("@alice", CH, "/tally add amount:1")
    assert pinged(rec) == {uid(timed, "@bob")} and len(timed.standin.direct_messages("@bob")) == 1


async def test_closed_direct_messages_fall_back_to_the_channel(timed):
    await timed.run("@bob", CH, "/game notify turn:true hits:true")
    timed.standin.closed_dms.add(uid(timed, "@bob"))
    await started(timed)
    rec = await timed.run("@alice", CH, "/tally add amount:1")
    assert pinged(rec) == {uid(timed, "@bob")}
    assert any("cannot send you direct messages" in m.content for m in rec.followups)
    assert timed.standin.direct_messages("@bob") == []


async def test_reminders_go_by_direct_message_to_those_who_chose_it(timed):
    await timed.run("@alice", CH, "/game notify turn:true hits:false")
    await started(timed)
    timed.clock.turn(hours=6)
    await timed.bot.keep_time()
    reminder = timed.standin.direct_messages("@alice")
    assert len(reminder) == 1 and "Reminder: the Tally game here waits for you" in reminder[0].content
    channel = [m for m in timed.channel_posts if m.channel_id == timed.builder.directory.channel_id(CH)]
    assert channel and all(mention(timed, "@alice") not in m.content for m in channel)


async def test_a_hit_player_who_chose_it_gets_a_direct_message_and_is_named_in_the_reply(discord_):
    await discord_.run("@bob", "#fjords", "/game notify turn:false hits:true")
    await vikings_started(discord_)
    rec = await discord_.run("@alice", "#fjords", "/vikings sail boat:1 route:B1 strength:3")
    assert "Hit by this move: " + mention(discord_, "@bob") in rec.content
    assert uid(discord_, "@bob") not in pinged(rec)
    dms = discord_.standin.direct_messages("@bob")
    assert len(dms) == 1 and dms[0].content.startswith("Another player's move hit you") and "bumped" in dms[0].content
