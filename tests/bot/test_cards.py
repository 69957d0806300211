"""Turn cards (issue 23): every game played by three players by taps alone — the turn card, its
action buttons and menus, Confirm, and decision menus — through the real bot and the offline
stand-in, which checks every component against Discord's API description, as far as each game says
(`BY_TAPS` in tests/games/<key>.py: to its end, or the end of a round or phase where the bot keeps
no end)."""

from __future__ import annotations

import random
import re

import pytest

from offline.payloads import iter_components
from offline.players import CardPlayer, PingPlayer, open_game
from tests.games import ByTaps, every
from waypost.outcome import User

USERS = ["@alice", "@bob", "@carl"]


@pytest.mark.parametrize(("game", "taps"), every("BY_TAPS"), ids=[key for key, _ in every("BY_TAPS")])
async def test_a_game_is_played_by_taps_alone_to_its_end(discord_, game, taps: ByTaps):
    channel = await open_game(discord_, "#cards", game, USERS, board=taps.board)
    player = CardPlayer(discord_, channel, USERS, random.Random(11))
    table = discord_.bot.table
    for _ in range(taps.most):
        if await player.step() is None:
            break
        row = await table.store.last_game(channel)
        if len(player.moves) >= taps.fewest and taps.ended(table.games[game].rules.decode_state(row.state)):
            break
    row = await table.store.last_game(channel)
    assert taps.ended(table.games[game].rules.decode_state(row.state)) and len(player.moves) >= taps.fewest, \
        len(player.moves)
    assert len({m.line.split(" / ")[1] for m in player.moves if m.command == "card"}) >= 3  # not one action only


# --- fewer taps (issue 28) -------------------------------------------------------------------------

async def _tally(discord_, *settings: str) -> int:
    for line in ("@alice /game new game:tally", "@bob /game join", "@carl /game join",
                 *(f"@alice /game settings {s}" for s in settings), "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, "#taps", text)).ok, text
    return discord_.builder.directory.channel_id("#taps")


async def _card(discord_):
    message, button = discord_.find_component("Your turn card", "@alice", "#taps")
    return await discord_.click("@alice", "#taps", message, button["custom_id"])


def _buttons(message) -> dict[str, dict]:
    return {c.get("label"): c for c in iter_components(message.components) if c.get("type") == 2}


async def test_an_action_whose_steps_have_one_possible_answer_each_is_played_by_its_button(discord_):
    await _tally(discord_, "name:max_add value:1")
    card = await _card(discord_)
    played = await discord_.click("@alice", "#taps", card.original, _buttons(card.original)["Add"]["custom_id"])
    assert "• Add how much? +1\nPlayed." in played.original.content  # not asked, and said
    assert not any(c.get("type") == 3 for c in iter_components(played.original.components))  # no menu of one
    assert "Confirm" not in _buttons(played.original) and "Take back" in _buttons(played.original)
    assert played.ok and any(m.content.startswith("alice added 1") for m in played.messages)


async def test_the_pick_that_completes_an_action_plays_it_and_take_back_undoes_it(discord_):
    channel = await _tally(discord_)
    card = await _card(discord_)
    step = await discord_.click("@alice", "#taps", card.original, _buttons(card.original)["Add"]["custom_id"])
    assert "Confirm" not in _buttons(step.original)  # a choice to make: no Confirm before it
    menu = next(c for c in iter_components(step.original.components) if c["type"] == 3)
    played = await discord_.click("@alice", "#taps", card.original, menu["custom_id"], [menu["options"][1]["value"]])
    after = discord_.standin.message(card.original.id)
    assert played.ok and any(m.content.startswith("alice added 2") for m in played.messages)
    assert "• Add how much? +2\nPlayed." in after.content and "Your turn card" in after.content
    assert "Confirm" not in _buttons(after)
    undone = await discord_.click("@alice", "#taps", card.original, _buttons(after)["Take back"]["custom_id"])
    assert undone.ok
    row = await discord_.bot.table.store.last_game(channel)
    state = discord_.bot.table.games["tally"].rules.decode_state(row.state)
    assert state.total == 0 and state.turn == 0  # alice's add taken back: her turn again


async def test_after_an_action_the_card_offers_the_next_ones(discord_):
    await _tally(discord_)
    card = await _card(discord_)
    step = await discord_.click("@alice", "#taps", card.original, _buttons(card.original)["Add"]["custom_id"])
    menu = next(c for c in iter_components(step.original.components) if c["type"] == 3)
    played = await discord_.click("@alice", "#taps", card.original, menu["custom_id"], [menu["options"][0]["value"]])
    after = discord_.standin.message(card.original.id)
    assert played.ok and after.ephemeral and not after.content.rstrip().endswith("Played.")
    assert "Played." in after.content and "Your turn card" in after.content  # what was played, then the card
    version = (await discord_.bot.table.store.open_game(discord_.builder.directory.channel_id("#taps"))).version
    offered = [c["custom_id"] for c in iter_components(after.components) if ":step:" in c.get("custom_id", "")]
    assert offered and all(f":{version}:" in c for c in offered)  # the kinds open now (a bid), at the new version


async def test_a_ping_button_no_longer_open_says_why(discord_):
    channel = await _tally(discord_)
    bob = discord_.builder.directory.user_id("@bob")
    await discord_.run("@alice", "#taps", "/tally add amount:1")  # bob's turn: his ping has his buttons
    ping, button = discord_.find_component(f"waypost:act:{channel}:{bob}:add", "@bob", "#taps")
    await discord_.run("@bob", "#taps", "/tally add amount:1")
    rec = await discord_.click("@bob", "#taps", ping, button["custom_id"])  # carl's turn now
    assert rec.ephemeral and rec.content.startswith("⛔ It is carl's turn."), rec.content
    assert "That is not possible now." not in rec.content


async def test_every_ping_button_is_open_to_its_player_when_posted(discord_):
    """Three players play each game by taps from the ping; every action button a ping offers a
    player is among the kinds open to them (`Table.card`) right when it is posted."""
    table = discord_.bot.table
    for number, (game, taps) in enumerate(every("BY_TAPS")):
        users = [f"@p{number}{u}" for u in "abc"]
        channel = await open_game(discord_, f"#ping-{game}", game, users, board=taps.board)
        player = PingPlayer(discord_, channel, users, random.Random(5))
        checked, seen = 0, set(discord_.standin.messages)
        for _ in range(25):
            if await player.step() is None:
                break
            fresh = sorted(set(discord_.standin.messages) - seen)
            seen |= set(fresh)
            for mid in fresh:
                raw = discord_.standin.messages[mid]
                for c in iter_components(raw["components"]):
                    if c.get("custom_id", "").startswith(f"waypost:act:{channel}:"):
                        user_id, kind = c["custom_id"].split(":")[3:5]
                        whose = [int(user_id)] if user_id != "0" else [int(u) for u in re.findall(r"<@(\d+)>",
                                                                                                    raw["content"])]
                        for user in whose:  # the one it pings, or (user 0) each of them
                            card = await table.card(channel, User(user, "p"))
                            assert kind in {k.kind for k in card.kinds}, (game, kind, [k.kind for k in card.kinds])
                            checked += 1
        assert checked, game
