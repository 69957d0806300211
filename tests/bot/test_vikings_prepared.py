"""Tiny Epic Vikings' prepared turns (issue 30) through the real bot: a clan not on turn prepares
its sails (V-S1) and its end with the usual commands; played when its turn comes if nothing on its
route changed, else offered back."""

from __future__ import annotations

from offline import OfflineDiscord
from offline.payloads import iter_components
from tests.bot.test_vikings_table import CH, started


async def state(discord_: OfflineDiscord):
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    return table.games["vikings"].rules.decode_state(row.state)


async def bob_prepares(discord_: OfflineDiscord) -> None:
    """Blue (bob) prepares boat 1's sail B1→F1 and the end of the turn while Red plays."""
    for line, said in (('/vikings sail boat:1 route:"B1 F1" strength:1', "Prepared: sail ("),
                       ("/vikings end", "then end")):
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
    after = await state(discord_)
    assert boat(after, 1, 1) == "F1" and after.turn == 2  # Blue sailed and ended: Yellow's turn


async def test_V_S1_prepared_sails_are_offered_back_when_a_boat_entered_the_route(discord_):
    await started(discord_)
    await bob_prepares(discord_)
    await discord_.run("@alice", CH, '/vikings sail boat:1 route:"A2 F4 F1" strength:2')
    rec = await discord_.run("@alice", CH, "/vikings end")
    assert any("prepared turn was not played" in m.content for m in rec.posts)
    assert not any("F1" in m.content for m in rec.posts if "prepared" in m.content)
    after = await state(discord_)
    assert boat(after, 1, 1) == "B1" and after.turn == 1  # nothing played: Blue's turn
    shown = (await discord_.run("@bob", CH, "/prepared")).content
    assert "It was not played:" in shown and "F1" in shown


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
