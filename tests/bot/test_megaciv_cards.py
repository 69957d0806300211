"""Mega Civilization by taps (issue 28): a move and a sail are each the action's button (on the ping,
or on the turn card) then one pick naming where from and where to, through the real bot and the
offline stand-in."""

from __future__ import annotations

from offline.harness import OfflineDiscord, Record
from offline.payloads import iter_components
from tests.bot.test_megaciv import CH, moving, play


async def _tapped(discord_: OfflineDiscord, user: str, kind: str, label: str) -> tuple[Record, Record]:
    """`user` taps `kind`'s button on the message that pinged them, then the menu's choice starting
    with `label`: the two records."""
    channel = discord_.builder.directory.channel_id(CH)
    uid = discord_.builder.directory.user_id(user)
    ping, button = discord_.find_component(f"waypost:act:{channel}:{uid}:{kind}", user, CH)
    opened = await discord_.click(user, CH, ping, button["custom_id"])
    assert opened.ok and opened.original is not None, opened.failures
    menu = next(c for c in iter_components(opened.original.components) if c["type"] == 3)
    option = next(o for o in menu["options"] if o["label"].startswith(label))
    return opened, await discord_.click(user, CH, opened.original, menu["custom_id"], [option["value"]])


async def test_a_move_is_two_taps_from_the_ping_its_area_and_destination_one_pick(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv declare confirm:true")  # Babylon (bob) is pinged to move
    opened, played = await _tapped(discord_, "@bob", "move", "Bomaga → ")
    assert "Which tokens, to where?" in opened.original.content
    labels = [o["label"] for c in iter_components(opened.original.components) if c["type"] == 3 for o in c["options"]]
    assert any(label.startswith("Torim → ") for label in labels)  # both areas in the one menu
    assert played.ok and any("Bomaga" in m.content and "moved" in m.content for m in played.messages), \
        [m.content for m in played.messages]


async def test_a_sail_is_its_button_on_the_card_then_one_pick_of_ship_and_end(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv build area:Ishar")
    message, button = discord_.find_component("Your turn card", "@alice", CH)
    card = (await discord_.click("@alice", CH, message, button["custom_id"])).original
    sail = next(c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":sail::0:to"))
    step = await discord_.click("@alice", CH, card, sail["custom_id"])
    assert "Which ship, to where?" in step.original.content, step.original.content
    menu = next(c for c in iter_components(step.original.components) if c["type"] == 3)
    option = next(o for o in menu["options"] if o["label"].startswith("Ship 1 from Ishar to "))
    played = await discord_.click("@alice", CH, card, menu["custom_id"], [option["value"]])
    assert played.ok and any("sailed ship 1" in m.content for m in played.messages), \
        [m.content for m in played.messages]


async def test_the_answer_to_a_build_offers_sailing_the_new_ship_two_taps_from_there(discord_):
    """Issue 28 §3: the answer to a player's own action (here a private draft's) carries the actions
    open to them next, Sail among them once a ship can sail: its button, then one pick of ship and end."""
    await moving(discord_)
    built = await play(discord_, "@alice /megaciv build area:Ishar")
    channel = discord_.builder.directory.channel_id(CH)
    uid = discord_.builder.directory.user_id("@alice")
    answer = next(m for m in built.messages if "Ishar" in m.content)
    assert answer.ephemeral, answer.content  # a draft: Alice's alone
    sail = next((c for c in iter_components(answer.components)
                 if c.get("custom_id") == f"waypost:act:{channel}:{uid}:sail"), None)
    assert sail is not None, list(iter_components(answer.components))
    step = await discord_.click("@alice", CH, answer, sail["custom_id"])
    assert step.ok and step.original is not None and "Which ship, to where?" in step.original.content
    menu = next(c for c in iter_components(step.original.components) if c["type"] == 3)
    option = next(o for o in menu["options"] if o["label"].startswith("Ship 1 from Ishar to "))
    played = await discord_.click("@alice", CH, step.original, menu["custom_id"], [option["value"]])
    assert played.ok and any("sailed ship 1" in m.content for m in played.messages), \
        [m.content for m in played.messages]
