"""Tiny Epic Vikings through the bot, as a new player and a careful one found it (issue 8 §15–22)."""

from __future__ import annotations

from front.cards import HOLD
from offline import OfflineDiscord
from offline.payloads import iter_components
from offline.players import open_game
from tests.bot.test_cards import USERS, _buttons

CH = "#fjords"


async def started(discord_: OfflineDiscord) -> None:
    await discord_.run("@alice", CH, "/game new game:vikings board:nordhav")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@carl", CH, "/game join")
    await discord_.run("@alice", CH, "/game start")
    for user, dock in (("@carl", "D1"), ("@bob", "B1"), ("@alice", "A2")):
        assert (await discord_.run(user, CH, f"/vikings place dock:{dock}")).ok


def mention(discord_: OfflineDiscord, user: str) -> str:
    return f"<@{discord_.builder.directory.user_id(user)}>"


async def test_only_a_changed_map_posts_a_new_board(discord_):
    await started(discord_)
    assert not (await discord_.run("@alice", CH, "/vikings adjust what:food value:3")).attachments
    rec = await discord_.run("@alice", CH, '/vikings sail boat:1 route:"A2 F4" strength:1')  # own space first
    assert "A2→F4" in rec.content and rec.attachments
    rec = await discord_.run("@alice", CH, "/vikings end")
    assert "ended their turn" in rec.content and not rec.attachments
    assert mention(discord_, "@bob") in rec.content  # bob's move: pinged


async def test_a_sail_without_moving(discord_):
    await started(discord_)
    rec = await discord_.run("@alice", CH, "/vikings sail boat:1 route:stay strength:2")
    assert "without moving" in rec.content and not rec.ephemeral


async def test_each_bumped_boat_has_its_own_menu(discord_):
    await started(discord_)
    assert (await discord_.run("@carl", CH, "/vikings adjust what:boat boat:2 space:E1")).ok
    assert (await discord_.run("@alice", CH, "/vikings adjust what:boat boat:1 space:F4")).ok
    rec = await discord_.run("@alice", CH, '/vikings sail boat:1 route:"D1 F5 E1" strength:3')
    menus = [m for m in rec.followups if m.components]
    assert len(menus) == 2 and all(m.content.startswith(mention(discord_, "@carl")) for m in menus)
    assert mention(discord_, "@carl") not in rec.content  # told by the menus (one per boat), not again
    boat2 = next(c["custom_id"] for m in menus for row in m.components for c in row["components"]
                 if c["custom_id"].endswith(":2"))
    rec = await discord_.click("@carl", CH, None, boat2, ["F5"])  # F5 is offered for both boats
    assert any("Yellow boat 2 moved from E1 to F5" in m.content for m in rec.followups)
    status = await discord_.run("@carl", CH, "!complete /game choose choice:")
    assert [c["value"] for c in status.choices] == ["F4", "F5"]  # boat 1 still waits, untouched
    rec = await discord_.run("@carl", CH, "/game choose choice:F4")  # boat 1 answered by command...
    assert "Yellow boat 1 moved from D1 to F4" in rec.content
    boat1 = boat2[:-1] + "1"
    rec = await discord_.click("@carl", CH, None, boat1, ["F4"])  # ...so its menu closes when clicked
    assert rec.ok and rec.callback_type == 7 and "already been answered" in rec.followups[0].content


async def test_an_automatic_bump_is_told_to_its_owner(discord_):
    await started(discord_)
    rec = await discord_.run("@alice", CH, "/vikings sail boat:1 route:B1 strength:3")
    assert "bumped Blue boat 1 to F1" in rec.content and "Hit by this move: " + mention(discord_, "@bob") in rec.content


async def test_adjust_asks_for_what_it_needs(discord_):
    await started(discord_)
    rec = await discord_.run("@alice", CH, "/vikings adjust what:food")
    assert rec.ephemeral and "Give the new food as value" in rec.content
    rec = await discord_.run("@alice", CH, "/vikings adjust what:settlers value:2")
    assert rec.ephemeral and "needs the island option" in rec.content
    rec = await discord_.run("@alice", CH, "!complete /vikings adjust what:boat space:")
    values = [c["value"] for c in rec.choices]
    assert "none" in values and "F1" in values


async def test_routes_say_how_far(discord_):
    await started(discord_)
    rec = await discord_.run("@alice", CH, "/vikings sail boat:1 route:J2 strength:2")
    assert rec.ephemeral and "J2 is" in rec.content and "moves from A2" in rec.content and "x2" in rec.content
    rec = await discord_.run("@alice", CH, "!complete /vikings sail boat:1 route:")
    assert rec.choices and not any("assuming" in c["name"] for c in rec.choices)  # the menu's question says x3
    rec = await discord_.run("@alice", CH, "!complete /vikings sail boat:1 strength:1 route:")
    assert rec.choices and not any("assuming" in c["name"] for c in rec.choices)


async def test_alt_text_describes_the_position(discord_):
    await started(discord_)
    rec = await discord_.run("@alice", CH, "/game board")
    (image,) = rec.attachments
    assert "Red's turn" in image.description and "Yellow: 0 wood, 0 food, 0 steel; boats 1 at D1" in image.description


async def test_a_bumped_boats_owner_answers_before_anything_else_happens(timed):
    """Issue 27 (V-S4: the owner "must immediately move it"): while Yellow's answer is owed, Red's
    end of turn and next sail are refused naming Yellow; Yellow is pinged with the menu and the
    status names Yellow; at Yellow's deadline the default answers for them, and Red plays on."""
    for user, line in (("@alice", "/game new game:vikings board:nordhav"), ("@bob", "/game join"),
                       ("@carl", "/game join"), ("@alice", "/game settings name:deadline_hours value:10"),
                       ("@alice", "/game settings name:deadline_action value:default"), ("@alice", "/game start"),
                       ("@carl", "/vikings place dock:D1"), ("@bob", "/vikings place dock:B1"),
                       ("@alice", "/vikings place dock:A2")):
        assert (await timed.run(user, CH, line)).ok, line
    rec = await timed.run("@alice", CH, '/vikings sail boat:1 route:"F4 D1" strength:2')
    (menu,) = rec.followups
    assert menu.content.startswith(mention(timed, "@carl")) and "bumped from D1" in menu.content
    held = "Yellow must first move their bumped boat 1 (at D1) into an adjacent fjord: F4 or F5."
    for user, line in (("@alice", "/vikings end"), ("@alice", "/vikings sail boat:1 route:F4 strength:1"),
                       ("@bob", "/vikings adjust what:food value:2")):
        refused = await timed.run(user, CH, line)
        assert refused.ephemeral and held in refused.content, (line, refused.content)
    status = await timed.run("@alice", CH, "/game status")
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    assert fields["Phase"] == "Era 1: Yellow must move a bumped boat"
    waiting = fields["Waiting for"]
    assert waiting.count(mention(timed, "@carl")) == 1 and mention(timed, "@alice") not in waiting, waiting
    timed.clock.turn(hours=11)
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    said = [m.content for m in timed.channel_posts if "By the deadline" in m.content]
    assert len(said) == 1 and "Yellow boat 1 moved from D1 to F4 after its bump" in said[0], said
    assert mention(timed, "@alice") in said[0]  # Red's turn goes on: alice is told
    assert (await timed.run("@alice", CH, "/vikings end")).ok


async def test_a_sails_options_are_set_in_one_pick_from_the_menu_beside_its_trips(discord_):
    """A Vikings sail by taps with its options (issue 28): beside the menu of trips, the same trips
    going on to the options; the pick there does not play, and every way of setting the sail card,
    settlers and raid is then one menu (the defaults first, what all ways set alike said once), whose
    pick plays it: the sail button, two picks. Back keeps the trip menu."""
    channel = await open_game(discord_, "#fjord", "vikings", USERS, board="nordhav")
    for user, line in (("@carl", "/vikings place dock:D1"), ("@bob", "/vikings place dock:B1"),
                       ("@alice", "/vikings place dock:A2"), ("@alice", "/vikings adjust what:food value:3"),
                       ("@alice", "/vikings adjust what:steel value:3")):
        assert (await discord_.run(user, channel, line)).ok
    message, button = discord_.find_component("Your turn card", "@alice", channel)
    card = (await discord_.click("@alice", channel, message, button["custom_id"])).original
    sail = next(c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":sail::0:to"))
    step = (await discord_.click("@alice", channel, card, sail["custom_id"])).original
    trips, held = [c for c in iter_components(step.components) if c["type"] == 3]
    assert held["custom_id"].endswith(":h") and held["placeholder"] == HOLD and held["options"] == trips["options"]
    assert "Set its options too" not in _buttons(step)  # no tap of its own
    raid = next(o for o in held["options"] if o["label"].startswith("Boat 1 to A1"))
    version = (await discord_.bot.table.store.open_game(channel)).version
    asked = await discord_.click("@alice", channel, card, held["custom_id"], [raid["value"]])
    assert asked.ok and not asked.followups and "Confirm" not in _buttons(asked.original)  # not played yet
    assert (await discord_.bot.table.store.open_game(channel)).version == version
    ways = next(c for c in iter_components(asked.original.components) if c["type"] == 3)
    labels = [o["label"] for o in ways["options"]]
    assert ways["custom_id"].startswith("waypost:opts:") and "Its options, all in one choice" in asked.original.content
    assert labels[0] == "No settlers · Don't raid the village", labels  # the defaults first
    assert "1 settler (1 food) · raid the village (1 steel)" in labels and len(labels) == len(set(labels))
    back = await discord_.click("@alice", channel, card, _buttons(asked.original)["Back"]["custom_id"])
    again = [c for c in iter_components(back.original.components) if c["type"] == 3]
    assert [m["options"] for m in again] == [trips["options"]]  # the trips again, still going on to the options
    asked = await discord_.click("@alice", channel, card, again[0]["custom_id"], [raid["value"]])
    ways = next(c for c in iter_components(asked.original.components) if c["type"] == 3)
    both = next(o["value"] for o in ways["options"] if o["label"] == "1 settler (1 food) · raid the village (1 steel)")
    played = await discord_.click("@alice", channel, card, ways["custom_id"], [both])
    assert played.ok and (await discord_.bot.table.store.open_game(channel)).version == version + 1
    said = next(m.content for m in played.messages if m.content.startswith("Red sailed boat 1"))
    assert "raid" in said.casefold() and "settler" in said.casefold(), said


async def test_no_end_turn_button_is_offered_while_players_place_their_first_boats(discord_):
    """Issue 28: nothing offered is refused: the placement's posts offer no End turn (ending a turn
    is not open then); once the first sailor's turn begins, it is (among their next actions, under
    the answer to their placing), and it is accepted."""
    await discord_.run("@alice", CH, "/game new game:vikings board:nordhav")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@carl", CH, "/game join")
    posts = [await discord_.run("@alice", CH, "/game start")]
    for user, dock in (("@carl", "D1"), ("@bob", "B1")):
        posts.append(await discord_.run(user, CH, f"/vikings place dock:{dock}"))
    for rec in posts:
        assert "End turn" not in [c.get("label") for c in iter_components(rec.original.components)], rec.content
    last = await discord_.run("@alice", CH, "/vikings place dock:A2")  # Alice's next actions, End your turn last
    assert "End your turn" in [c.get("label") for c in iter_components(last.original.components)]
    ended = await discord_.run("@alice", CH, '!click "End your turn"')
    assert "Red ended their turn" in " ".join(m.content for m in ended.messages)
