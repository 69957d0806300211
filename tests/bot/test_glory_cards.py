"""Glory by taps (issue 28), through the real bot and the offline stand-in: a maneuver is two taps from
the ping when every army's ends fit the menus a card shows at once (two of 25) — the Maneuver button,
then one pick of an army and where it ends."""

from __future__ import annotations

from offline.payloads import iter_components
from tests.bot.test_glory import CH, _started


async def test_a_maneuver_is_two_taps_from_the_ping_when_every_army_s_ends_fit_a_menu(discord_):
    await _started(discord_)  # Red (alice): a galley at B2 (27 ends), armies at C3 and D3 (9 each)
    rec = await discord_.run("@alice", CH, "/glory adjust what:units hex:B2 unit:galley value:0")
    assert rec.ok and not rec.content.startswith("⛔"), rec.content
    channel = discord_.builder.directory.channel_id(CH)
    alice = discord_.builder.directory.user_id("@alice")
    ping, button = discord_.find_component(f"waypost:act:{channel}:{alice}:maneuver", "@alice", CH)
    opened = await discord_.click("@alice", CH, ping, button["custom_id"])
    assert opened.ok and opened.original is not None and "Which army, to where?" in opened.original.content, \
        opened.original and opened.original.content
    menu = next(c for c in iter_components(opened.original.components) if c["type"] == 3)
    labels = [o["label"] for o in menu["options"]]
    assert any(label.startswith("C3: ") for label in labels) and any(label.startswith("D3: ") for label in labels)
    option = next(o for o in menu["options"] if o["label"].startswith("D3: ") and " — 1 MP" in o["label"])
    played = await discord_.click("@alice", CH, opened.original.id, menu["custom_id"], [option["value"]])
    assert played.ok, played.failures
    assert any(m.content.startswith("Red") and "D3" in m.content for m in played.messages if not m.ephemeral), \
        [m.content for m in played.messages]


async def test_an_opening_maneuver_is_two_taps_its_45_army_ends_shown_in_two_menus_at_once(discord_):
    """Issue 28: the opening armies reach 45 ends between them (a galley 27, two armies 9 each), past
    one menu (25) but within the two a card shows at once: the army and where it ends stay one
    choice, and a pick in the second menu plays it — the Maneuver button, then one pick."""
    await _started(discord_)
    channel = discord_.builder.directory.channel_id(CH)
    alice = discord_.builder.directory.user_id("@alice")
    ping, button = discord_.find_component(f"waypost:act:{channel}:{alice}:maneuver", "@alice", CH)
    opened = await discord_.click("@alice", CH, ping, button["custom_id"])
    assert opened.ok and opened.original is not None and "Which army, to where?" in opened.original.content
    menus = [c for c in iter_components(opened.original.components)
             if c["type"] == 3 and not c["custom_id"].endswith(":h")]
    assert [m["placeholder"] for m in menus] == ["Choose… (1–25)", "Choose… (26–45)"]
    assert sum(len(m["options"]) for m in menus) == 45
    played = await discord_.click("@alice", CH, opened.original.id, menus[1]["custom_id"],
                                  [menus[1]["options"][-1]["value"]])
    assert played.ok, played.failures
    assert any(m.content.startswith("Red") for m in played.messages if not m.ephemeral), \
        [m.content for m in played.messages]
