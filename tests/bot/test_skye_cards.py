"""Isle of Skye by turn card (issue 28 §5), through the real bot and the offline stand-in: pricing
shows the chooser their drawn tiles as a picture on their private card, and prices that would leave
them no gold to buy another player's tile ask before Confirm."""

from __future__ import annotations

from front import cards
from offline import OfflineDiscord
from offline.payloads import iter_components
from offline.players import open_game

CH = "#skye-cards"
USERS = ("@alice", "@bob", "@carl")


def parts(discord_: OfflineDiscord, message_id: int) -> tuple[dict, dict]:
    """The card's select menu (or {}) and its buttons by label."""
    found = list(iter_components(discord_.standin.message(message_id).components))
    select = next((c for c in found if c.get("type") == 3), {})
    return select, {c.get("label"): c for c in found if c.get("type") == 2}


async def test_pricing_by_card_shows_the_drawn_tiles_privately_and_asks_before_taking_all_the_gold(discord_):
    channel = await open_game(discord_, CH, "skye", USERS, board="standard")
    table = discord_.bot.table  # Red's hand as the rules hold it: what the picture names
    row = await table.store.last_game(channel)
    state = table.games["skye"].rules.decode_state(row.state)
    tiles, gold = state.players[0].hand, state.players[0].gold
    assert gold == 5 and len(tiles) == 3

    message, button = discord_.find_component("Your turn card", "@alice", CH)
    card = (await discord_.click("@alice", CH, message, button["custom_id"])).original
    assert card is not None and card.ephemeral
    price = next(c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":price::0:to"))
    rec = await discord_.click("@alice", CH, card.id, price["custom_id"])
    assert rec.ok and not rec.posts, rec.failures  # nothing said in the channel
    shown = discord_.standin.message(card.id)
    assert shown.ephemeral and len(shown.attachments) == 1  # the picture, on Alice's private card only
    picture = shown.attachments[0]
    assert picture.image().width == 1100 and all(t in (picture.description or "") for t in tiles)

    select, _ = parts(discord_, card.id)  # the axe on the first tile drawn, then 2 and 3 gold (one pick): all 5
    for wanted in (f"axe {tiles[0]}", f"{tiles[1]} 2 gold, {tiles[2]} 3 gold (0 of your 5 gold left)"):
        value = next(o["value"] for o in select["options"] if o["label"].startswith(wanted))
        rec = await discord_.click("@alice", CH, card.id, select["custom_id"], [value])
        assert rec.ok and not rec.posts, rec.failures
        select, buttons = parts(discord_, card.id)
    shown = discord_.standin.message(card.id)
    assert "Confirm" in buttons and len(shown.attachments) == 1
    assert ("Your prices take all your 5 gold: you will have none left to buy another player's tile this round "
            "(unless another player buys one of yours first). Seal them anyway? Confirm to play it.") in shown.content
    rec = await discord_.click("@alice", CH, card.id, buttons["Confirm"]["custom_id"])
    assert rec.ok, rec.failures
    assert [m.content for m in rec.messages if not m.ephemeral] == ["Red committed."]


async def test_a_picture_drawn_slowly_comes_on_the_card_once_drawn(discord_, monkeypatch):
    """When the picture takes longer than the card may wait, the answer is deferred and the card
    edited with it (never left without it, nor late for Discord)."""
    monkeypatch.setattr(cards, "PICTURE_WAIT", 0)
    await open_game(discord_, CH, "skye", USERS, board="standard")
    message, button = discord_.find_component("Your turn card", "@alice", CH)
    card = (await discord_.click("@alice", CH, message, button["custom_id"])).original
    assert card is not None
    price = next(c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":price::0:to"))
    rec = await discord_.click("@alice", CH, card.id, price["custom_id"])
    assert rec.ok and rec.callback_type == 6, (rec.failures, rec.callback_type)  # deferred, then edited
    shown = discord_.standin.message(card.id)
    assert shown.ephemeral and len(shown.attachments) == 1 and "Which drawn tile gets the axe?" in shown.content
    _, buttons = parts(discord_, card.id)  # back to the card: the step's picture goes with its menu
    rec = await discord_.click("@alice", CH, card.id, buttons["Your card"]["custom_id"])
    assert rec.ok and not discord_.standin.message(card.id).attachments, rec.failures


async def test_a_ping_of_several_players_offers_their_shared_actions_to_whichever_clicks(discord_):
    """A phase played together (Skye's pricing, every player pinged at once): the ping's action
    buttons are those open to every one of them, each player's own when clicked."""
    channel = await open_game(discord_, "#together", "skye", USERS)
    bob = discord_.builder.directory.user_id("@bob")
    message, button = discord_.find_component(f"waypost:act:{channel}:0:", "@bob", "#together", prefix=True)
    assert all(f"<@{discord_.builder.directory.user_id(u)}>" in message.content for u in USERS[1:])
    step = await discord_.click("@bob", "#together", message, button["custom_id"])
    assert step.ok and step.ephemeral and step.original.raw["interaction_metadata"]["user"]["id"] == str(bob)
    assert any(c.get("type") == 3 for c in iter_components(step.original.components)), step.content  # bob's menus


async def test_placing_is_two_taps_from_the_ping_the_tile_and_where_one_pick(discord_):
    """Issue 28: the ping's Place button, then one pick of a tile and where it goes (the picture rings
    the positions); the first turn that fits is taken, as a click on the board would."""
    from tests.bot.test_skye import CH as SCRIPTED
    from tests.bot.test_skye import play_script

    await play_script(discord_, upto="@carl !complete /skye place")  # Yellow (carl) places L45 and L15
    channel = discord_.builder.directory.channel_id(SCRIPTED)
    ping, button = discord_.find_component(f"waypost:act:{channel}:0:place", "@carl", SCRIPTED)
    opened = await discord_.click("@carl", SCRIPTED, ping, button["custom_id"])
    assert opened.ok and opened.original is not None and "Which tile, where (x,y)?" in opened.original.content
    assert len(opened.original.attachments) == 1  # the territory with the positions ringed
    select, _ = parts(discord_, opened.original.id)
    labels = [o["label"] for o in select["options"]]
    assert any(label.startswith("L45 at ") for label in labels) and any(label.startswith("L15 at ") for label in labels)
    option = next(o for o in select["options"] if o["label"].startswith("L45 at "))
    played = await discord_.click("@carl", SCRIPTED, opened.original.id, select["custom_id"], [option["value"]])
    assert played.ok, played.failures
    assert any(m.content.startswith("Yellow places L45 at ") for m in played.messages if not m.ephemeral), \
        [m.content for m in played.messages]
