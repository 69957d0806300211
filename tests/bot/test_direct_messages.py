"""Direct messages carry the ping's buttons and work from there; nobody is messaged about their own
action (issue 28 §4)."""

from __future__ import annotations

from benchmarks.load import requests_by_kind
from offline import OfflineDiscord
from offline.standin import Message
from tests.bot.test_deadlines import started

CH = "#slow"


def uid(discord_: OfflineDiscord, user: str) -> int:
    return discord_.builder.directory.user_id(user)


def ids(message: Message) -> list[str]:
    return [c["custom_id"] for row in message.components for c in row.get("components", [])]


async def dm_with_buttons(discord_: OfflineDiscord) -> tuple[int, Message]:
    """bob chose direct messages; alice's move makes it his turn: the message he gets."""
    await discord_.run("@bob", CH, "/game notify turn:true hits:true")
    await started(discord_)
    assert (await discord_.run("@alice", CH, "/tally add amount:1")).ok
    [dm] = discord_.standin.direct_messages("@bob")
    return discord_.builder.directory.channel_id(CH), dm


async def test_a_turn_s_direct_message_carries_the_ping_s_buttons_and_they_act_in_the_game(timed):
    channel, dm = await dm_with_buttons(timed)
    bob = uid(timed, "@bob")
    assert ids(dm) == [f"waypost:act:{channel}:{bob}:add", f"waypost:act:{channel}:{bob}:roll",
                       f"waypost:card:{channel}:0"]
    rec = await timed.click("@bob", None, dm, f"waypost:act:{channel}:{bob}:roll")
    assert rec.ephemeral and f"posted in <#{channel}>" in rec.content
    played = [m for m in timed.channel_posts if m.channel_id == channel and "bob rolled" in m.content]
    assert len(played) == 1
    card = await timed.click("@bob", None, dm, f"waypost:card:{channel}:0")  # the card travels, as before
    assert card.ephemeral and "Your turn card" in card.content
    assert timed.standin.direct_messages("@alice") == []


async def test_a_decision_s_menu_is_in_the_direct_message_and_answers_from_there(timed):
    await timed.run("@bob", CH, "/game notify turn:true hits:false")
    await started(timed)
    for user, amount in (("@alice", 2), ("@bob", 1)):
        assert (await timed.run(user, CH, f"/tally add amount:{amount}")).ok
    assert (await timed.run("@alice", CH, "/tally add amount:2")).ok  # 5: bob decides up or down
    dm = timed.standin.direct_messages("@bob")[-1]
    assert dm.content.startswith("A decision waits for you")
    menu = next(c for row in dm.components for c in row["components"] if c["custom_id"].startswith("waypost:choose"))
    rec = await timed.click("@bob", None, dm, menu["custom_id"], ["up"])
    assert rec.ok and any("bob chose up: 6" in m.content for m in timed.channel_posts)


async def test_forged_direct_message_clicks_are_refused_and_change_nothing(timed):
    """A click from a DM acts only for the clicker, on a game they hold a seat in: carl (no seat)
    clicking an action button naming himself, and alice clicking one naming bob, change nothing."""
    channel, dm = await dm_with_buttons(timed)
    posts = len(timed.channel_posts)
    forged = [("@carl", f"waypost:act:{channel}:{uid(timed, '@carl')}:roll", "no seat"),
              ("@carl", f"waypost:choose:{channel}:{uid(timed, '@carl')}:", "no seat"),
              ("@alice", f"waypost:act:{channel}:{uid(timed, '@bob')}:roll", "not yours")]
    for n, (user, custom_id, why) in enumerate(forged, 1):
        their_dm = timed.standin.dm_channels.setdefault(uid(timed, user), uid(timed, user) + n)  # the bot's DM
        menu = "choose" in custom_id
        item = {"type": 3, "custom_id": custom_id, "options": [{"label": "up", "value": "up"}]} if menu else \
            {"type": 2, "style": 1, "label": "Roll", "custom_id": custom_id}
        copy = {**dm.raw, "id": str(dm.id + n), "channel_id": str(their_dm),
                "components": [{"type": 1, "components": [item]}]}
        timed.standin.messages[dm.id + n] = copy
        rec = await timed.click(user, None, dm.id + n, custom_id, ["up"] if menu else None)
        assert rec.ephemeral and "⛔" in rec.content and why in rec.content, (why, rec.content)
    assert len(timed.channel_posts) == posts


async def test_a_move_costs_one_request_outside_its_interaction_per_direct_message(timed):
    """Issue 28, requests per action, counted as the load benchmark counts them: a move answered
    with one response; each direct message it sends is one request (the DM channel is opened once,
    then remembered), nothing else outside the interaction."""
    await timed.run("@bob", CH, "/game notify turn:true hits:true")
    await timed.run("@alice", CH, "/game notify turn:true hits:true")
    await started(timed)
    dms = set(timed.standin.dm_channels.values())
    for user in ("@alice", "@bob", "@alice", "@bob"):
        first = len(timed.standin.requests)
        rec = await timed.run(user, CH, "/tally add amount:1")
        dms |= set(timed.standin.dm_channels.values())
        counted = requests_by_kind(timed.standin.requests[first:], {rec.payload["token"]}, dms)
        told = "@bob" if user == "@alice" else "@alice"
        opened = len(timed.standin.direct_messages(told)) == 1  # the first: its channel opened
        assert counted == {"interaction responses": 1, "follow-ups": 0, "channel posts": 0, "edits": 0,
                           "direct messages": 2 if opened else 1}, (user, counted)



async def test_the_host_skipping_a_late_player_is_not_messaged_about_it_and_it_is_posted_once(timed):
    """The host plays bob's default move (/game skip), which makes it the host's turn: the host,
    who chose direct messages, is told nothing by direct message, neither by the answer nor when
    the timekeeper runs, and the channel reads the move once (the answer), not again from the outbox."""
    await timed.run("@alice", CH, "/game notify turn:true hits:true")
    await started(timed)
    assert (await timed.run("@alice", CH, "/tally add amount:1")).ok
    timed.clock.turn(hours=11)
    await timed.bot.keep_time()
    before, posts = len(timed.standin.direct_messages("@alice")), len(timed.channel_posts)
    rec = await timed.run("@alice", CH, "/game skip player:@bob")
    assert rec.content.startswith("By the host, for a player out of time: bob added 1")
    timed.clock.turn(minutes=1)
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    assert timed.standin.direct_messages("@alice")[before:] == [] and len(timed.channel_posts) == posts
