"""Isle of Skye's prepared buys (issue 30) through the real bot: a player not first in the buying
queue prepares a buy ("this tile if still there, else pass"); played when their turn comes if
the tile is still offered at its price, else offered back, or passed with "else pass"."""

from __future__ import annotations

from offline import OfflineDiscord
from tests.bot.test_skye import CH, play_script


async def state(discord_: OfflineDiscord):
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    return table.games["skye"].rules.decode_state(row.state)


async def carl_prepares(discord_: OfflineDiscord, tile: str) -> None:
    """Yellow (carl), second in the buying queue after Blue, given 5 gold by the host, prepares a buy."""
    await play_script(discord_, upto="@bob /skye buy tile:L63")
    assert (await discord_.run("@alice", CH, "/skye adjust what:gold value:5 player:@carl")).ok
    rec = await discord_.run("@carl", CH, f"/skye buy tile:{tile}")
    assert rec.ok and rec.ephemeral and rec.content.startswith("Prepared: Yellow buys L") and not rec.posts, rec.content


async def blue_buys_l63(discord_: OfflineDiscord) -> list[str]:
    """Blue buys Red's L63; Red answers its Warrior advance: Yellow's turn to buy comes. What the
    channel is told."""
    assert (await discord_.run("@bob", CH, "/skye buy tile:L63")).ok
    rec = await discord_.run("@alice", CH, "/game choose choice:warrior")
    assert rec.ok, rec.content
    return [m.content for m in rec.posts if m.channel_id == discord_.builder.directory.channel_id(CH)]


async def test_a_prepared_buy_is_played_when_the_tile_is_still_offered(discord_):
    await carl_prepares(discord_, "L52")
    posted = await blue_buys_l63(discord_)
    assert any("L52" in p and "played as prepared" in p for p in posted), posted
    assert "L52" in (await state(discord_)).players[2].to_place


async def test_a_prepared_buy_is_offered_back_when_the_tile_was_sold(discord_):
    await carl_prepares(discord_, "L63")
    posted = await blue_buys_l63(discord_)
    assert any("prepared turn was not played" in p for p in posted) and not any("L63" in p for p in posted
                                                                                  if "prepared" in p)
    assert (await state(discord_)).queue[:1] == (2,)  # still Yellow's turn to buy
    [told] = discord_.standin.direct_messages("@carl")  # what changed: carl alone
    assert told.content.startswith("Your prepared turn was not played: L63 is no longer offered: Blue bought it."), \
        told.content
    shown = (await discord_.run("@carl", CH, "/prepared")).content
    assert "L63 is no longer offered: Blue bought it" in shown


async def test_this_tile_if_still_there_else_pass(discord_):
    await carl_prepares(discord_, "L63")
    rec = await discord_.run("@carl", CH, "/prepared do:else pass")
    assert rec.ephemeral and "else pass" in rec.content, rec.content
    posted = await blue_buys_l63(discord_)
    assert any("played as prepared" in p for p in posted), posted
    after = await state(discord_)
    assert "L63" not in after.players[2].to_place and 2 not in after.queue
