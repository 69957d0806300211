"""Tiny Epic Vikings' prepared turns (issue 30) through the real bot: a clan not on turn prepares
its sails (V-S1) and its end with the usual commands; played when its turn comes if nothing on its
route changed, else offered back."""

from __future__ import annotations

import json

from offline import OfflineDiscord
from offline.harness import Record
from offline.payloads import iter_components
from offline.standin import Message
from tests.bot.test_vikings_table import CH, started
from tests.support.seeing import everything_seen_by


async def state(discord_: OfflineDiscord):
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    return table.games["vikings"].rules.decode_state(row.state)


async def bob_prepares(discord_: OfflineDiscord) -> None:
    """Blue (bob) prepares boat 1's sail B1→F1 and the end of the turn while Red plays."""
    for line, said in (('/vikings sail boat:1 route:"B1 F1" strength:1', "Prepared: Blue sailed boat 1 B1→F1 (x1)"),
                       ("/vikings end", "then Blue ended their turn")):
        rec = await discord_.run("@bob", CH, line)
        assert rec.ok and rec.ephemeral and said in rec.content and not rec.posts, rec.content


def boat(state, seat: int, number: int) -> str:
    return state.players[seat].boats[number]


async def test_V_S1_prepared_sails_are_played_when_the_turn_comes_and_the_route_did_not_change(discord_):
    await started(discord_)
    await bob_prepares(discord_)
    assert boat(await state(discord_), 1, 1) == "B1"
    await discord_.run("@alice", CH, '/vikings sail boat:1 route:"A2 F4" strength:1')
    rec = await discord_.run("@alice", CH, "/vikings end")
    assert any("played as prepared" in m.content for m in rec.posts), [m.content for m in rec.posts]
    assert not [m.content for m in rec.posts if "not played" in m.content]  # played, so not offered back
    assert "Blue sailed boat 1 B1→F1 (x1) (played as prepared)" in [m.content for m in rec.posts]  # said once
    after = await state(discord_)
    assert boat(after, 1, 1) == "F1" and after.turn == 2  # Blue sailed and ended: Yellow's turn
    assert (await discord_.run("@bob", CH, "/prepared")).content.startswith("⛔ You have no prepared turn")


def ids(message: Message) -> list[str]:
    return [c["custom_id"] for c in iter_components(message.components) if c.get("custom_id")]


async def offered_back(discord_: OfflineDiscord) -> tuple[int, Record]:
    """Bob's prepared sail B1→F1, offered back when Red sailed into F1 and ended: the channel's id
    and Red's end."""
    await started(discord_)
    await bob_prepares(discord_)
    await discord_.run("@alice", CH, '/vikings sail boat:1 route:"A2 F4 F1" strength:2')
    return discord_.builder.directory.channel_id(CH), await discord_.run("@alice", CH, "/vikings end")


async def test_V_S1_prepared_sails_are_offered_back_when_a_boat_entered_the_route(discord_):
    channel, rec = await offered_back(discord_)
    assert any("prepared turn was not played" in m.content for m in rec.posts if m.channel_id == channel)
    bob = discord_.builder.directory.user_id("@bob")
    pinged = [m.content for m in rec.messages if f"<@{bob}>" in m.content]
    assert len(pinged) == 1 and "not played" in pinged[0], pinged  # the offer says it is his turn: once
    after = await state(discord_)
    assert boat(after, 1, 1) == "B1" and after.turn == 1  # nothing played: Blue's turn
    shown = (await discord_.run("@bob", CH, "/prepared")).content
    assert "It was not played: Red boat 1 moved into F1 on your route." in shown


async def test_V_S1_the_player_alone_is_told_what_changed_and_offered_the_steps_back(discord_):
    """Issue 30 §2: a direct message to Bob names what changed and the steps, under Replay as
    prepared, If still legal and Take back; the channel's ping carries the same buttons and says
    only that his prepared turn was not played: no reason, no step, no place of it."""
    channel, rec = await offered_back(discord_)
    bob = discord_.builder.directory.user_id("@bob")
    [dm] = discord_.standin.direct_messages("@bob")
    assert dm.content.startswith("Your prepared turn was not played: Red boat 1 moved into F1 on your route. "
                                 "Prepared: Blue sailed boat 1 B1→F1 (x1), then Blue ended their turn; "
                                 "Yellow is next."), dm.content
    buttons = [f"waypost:ahead:{channel}:{bob}:{do}" for do in ("replay", "legal", "clear")]
    assert ids(dm) == buttons
    [ping] = [m for m in rec.posts if m.channel_id == channel and "prepared" in m.content]
    assert ping.content == f"<@{bob}> Your prepared turn was not played; it is your turn.", ping.content
    assert ids(ping) == buttons
    said = [m.content for m in discord_.channel_posts if m.channel_id == channel]
    assert not [t for t in said if "Red boat 1 moved" in t or "B1→F1" in t or "sail (" in t], said
    assert [discord_.standin.direct_messages(u) for u in ("@alice", "@carl")] == [[], []]


async def test_V_S1_replay_as_prepared_plays_the_steps_still_legal(discord_):
    """The DM's Replay as prepared plays Bob's sail and end as his own: the board changes, the log
    says "played as prepared", and his prepared turn is gone."""
    channel, _ = await offered_back(discord_)
    bob = discord_.builder.directory.user_id("@bob")
    [dm] = discord_.standin.direct_messages("@bob")
    rec = await discord_.click("@bob", None, dm, f"waypost:ahead:{channel}:{bob}:replay")
    assert rec.ephemeral and rec.content.startswith("Your prepared turn is played: "), rec.content
    after = await state(discord_)
    assert boat(after, 1, 1) == "F1" and after.turn == 2  # Blue sailed and ended: Yellow's turn
    assert "played as prepared" in (await discord_.run("@carl", CH, "/game log")).content
    assert (await discord_.run("@bob", CH, "/prepared")).content.startswith("⛔ You have no prepared turn")


async def test_V_S2_if_still_legal_from_the_channel_s_ping_plays_it_although_its_route_changed(discord_):
    """The ping's If still legal, tapped by Bob, plays his steps as prepared (mode "if legal")."""
    channel, rec = await offered_back(discord_)
    bob = discord_.builder.directory.user_id("@bob")
    [ping] = [m for m in rec.posts if m.channel_id == channel and "prepared" in m.content]
    tap = await discord_.click("@bob", CH, ping, f"waypost:ahead:{channel}:{bob}:legal")
    assert tap.ephemeral and tap.content.startswith("Your prepared turn is played"), tap.content
    after = await state(discord_)
    assert boat(after, 1, 1) == "F1" and after.turn == 2
    assert any("played as prepared" in m.content for m in discord_.channel_posts if m.channel_id == channel)


async def test_another_player_s_tap_on_the_buttons_is_refused_privately_and_changes_nothing(discord_):
    """Alice and Carl tapping the buttons under Bob's ping are refused privately, shown nothing of
    his plan; his prepared turn and the board stay as they were."""
    channel, rec = await offered_back(discord_)
    bob = discord_.builder.directory.user_id("@bob")
    [ping] = [m for m in rec.posts if m.channel_id == channel and "prepared" in m.content]
    before = await state(discord_)
    posts = len(discord_.channel_posts)
    for user in ("@alice", "@carl", "@dave"):
        for do in ("replay", "legal", "clear"):
            tap = await discord_.click(user, CH, ping, f"waypost:ahead:{channel}:{bob}:{do}")
            assert tap.ephemeral and tap.content.startswith("⛔ These buttons are for") and "F1" not in tap.content
            assert all(m.ephemeral for m in tap.messages), (user, do)
    assert await state(discord_) == before and len(discord_.channel_posts) == posts
    assert "It was not played:" in (await discord_.run("@bob", CH, "/prepared")).content


async def test_a_player_who_cannot_be_messaged_uses_the_channel_ping_s_buttons(discord_):
    """Bob's direct messages are closed: the ping says /prepared says why (and nothing more), and
    its Take back drops his prepared turn."""
    discord_.standin.closed_dms.add(discord_.builder.directory.user_id("@bob"))
    channel, rec = await offered_back(discord_)
    bob = discord_.builder.directory.user_id("@bob")
    [ping] = [m for m in rec.posts if m.channel_id == channel and "prepared" in m.content]
    assert "/prepared says why" in ping.content and "F1" not in ping.content, ping.content
    tap = await discord_.click("@bob", CH, ping, f"waypost:ahead:{channel}:{bob}:clear")
    assert tap.ephemeral and tap.content == "Your prepared turn is taken back.", tap.content
    assert (await discord_.run("@bob", CH, "/prepared")).content.startswith("⛔ You have no prepared turn")


async def test_the_turn_card_prepares_by_taps_too(discord_):
    """Blue's card, while Red plays, offers the sail and the end of the turn; tapped, the end is
    prepared, not played."""
    await started(discord_)
    where = discord_.builder.directory.channel_id(CH)
    status = await discord_.run("@bob", where, "/game status")
    card = await discord_.click("@bob", where, status.original, f"waypost:card:{where}:0")
    buttons = {c.get("label"): c["custom_id"] for c in iter_components(card.original.components)
               if c.get("custom_id")}
    assert {"Sail a boat", "End your turn"} <= set(buttons), buttons
    step = await discord_.click("@bob", where, card.original.id, buttons["End your turn"])  # no choice: it plays
    assert (await state(discord_)).turn == 0, step.content  # still Red's turn: nothing played
    assert (await discord_.run("@bob", CH, "/prepared")).content.startswith("Your prepared turn (1 step")


async def test_the_card_after_a_prepared_pick_says_prepared_not_played(discord_):
    """Issue 30: the card tells a step tapped while it is not your turn as prepared, to be played
    when your turn comes, and offers Show prepared turn and Take back (the prepared turn's, not
    the last action's)."""
    await started(discord_)
    where, bob = discord_.builder.directory.channel_id(CH), discord_.builder.directory.user_id("@bob")
    status = await discord_.run("@bob", where, "/game status")
    card = await discord_.click("@bob", where, status.original, f"waypost:card:{where}:0")
    end = next(c["custom_id"] for c in iter_components(card.original.components) if c.get("label") == "End your turn")
    step = await discord_.click("@bob", where, card.original.id, end)
    shown = discord_.standin.message(card.original.id)
    assert "Prepared: Blue ended their turn; Yellow is next (played when your turn comes" in shown.content
    assert "Played" not in shown.content, shown.content
    labels = {c.get("label"): c.get("custom_id") for c in iter_components(shown.components)}
    assert labels["Show prepared turn"] == f"waypost:ahead:{where}:{bob}:show", labels
    assert labels["Take back"] == f"waypost:ahead:{where}:{bob}:clear", labels
    assert f"waypost:do:{where}:undo" not in labels.values()
    taken = await discord_.click("@bob", where, card.original.id, labels["Take back"])
    assert taken.ephemeral and taken.content == "Your prepared turn is taken back.", (step.content, taken.content)


async def test_nothing_of_a_prepared_turn_offered_back_reaches_anyone_else(discord_):
    """Issue 30 §3 (the secrecy test's sweep): once Bob's prepared turn is offered back, another
    seat and an onlooker, in the channel, through every command, autocomplete, turn card and menu,
    and in their own direct messages, see nothing of what changed on his route or of his steps."""
    channel, _ = await offered_back(discord_)
    secret = ("on your route", "It was not played", "B1→F1 (x1), then Blue ended")
    [told] = discord_.standin.direct_messages("@bob")
    assert "on your route" in told.content and "B1→F1 (x1), then Blue ended" in told.content  # Bob alone
    for user in ("@carl", "@dave"):
        seen = await everything_seen_by(discord_, user, CH, ("game import", "game end", "game leave", "game settings"))
        theirs = (channel, discord_.standin.dm_channels.get(discord_.builder.directory.user_id(user)))
        seen += [json.dumps(m.components) + m.content for m in discord_.channel_posts if m.channel_id in theirs]
        assert not [t for t in seen if any(s in t for s in secret)], user
