"""Isle of Skye by turn card (issue 28 §5), through the real bot and the offline stand-in: pricing
shows the chooser their drawn tiles as a picture on their private card, two taps from the ping, and
a split that would leave them no gold to buy another player's tile says so in the menu."""

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


async def test_pricing_is_two_taps_from_the_ping_the_tiles_pictured_privately(discord_):
    """Issue 28: the ping's Price button opens the card's menus with the drawn tiles pictured
    (privately); with 5 gold the axe and the prices are one pick of 30 in two menus, a split taking
    all the gold saying so in its label, and that pick seals them: no Confirm after it."""
    channel = await open_game(discord_, CH, "skye", USERS, board="standard")
    table = discord_.bot.table  # Red's hand as the rules hold it: what the picture names
    row = await table.store.last_game(channel)
    state = table.games["skye"].rules.decode_state(row.state)
    tiles, gold = state.players[0].hand, state.players[0].gold
    assert gold == 5 and len(tiles) == 3

    message, button = discord_.find_component(f"waypost:act:{channel}:0:price", "@alice", CH)
    opened = await discord_.click("@alice", CH, message, button["custom_id"])
    assert opened.ok and opened.original is not None and not opened.posts, opened.failures
    card = opened.original
    assert card.ephemeral and len(card.attachments) == 1  # the picture, on Alice's private card only
    picture = card.attachments[0]
    assert picture.image().width == 1100 and all(t in (picture.description or "") for t in tiles)
    menus = [c for c in iter_components(card.components) if c.get("type") == 3]
    assert [len(m["options"]) for m in menus] == [25, 5]  # 3 axes × 10 splits
    wanted = f"axe {tiles[0]}: {tiles[1]} 2 gold, {tiles[2]} 3 gold (0 of your 5 gold left) — no gold left to buy"
    value = next(o["value"] for o in menus[0]["options"] if o["label"] == wanted)
    rec = await discord_.click("@alice", CH, card.id, menus[0]["custom_id"], [value])
    assert rec.ok, rec.failures
    assert [m.content for m in rec.messages if not m.ephemeral] == ["Red committed."]  # tap 2 sealed them
    assert "Seal them anyway?" not in discord_.standin.message(card.id).content


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
    assert shown.ephemeral and len(shown.attachments) == 1 and "Which tile to axe, and your prices?" in shown.content
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
