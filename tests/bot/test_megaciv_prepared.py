"""Mega Civilization's prepared movement (issue 30) through the real bot: a civilization still to
move in strict census order (M-O1) prepares its draft and its declaration (M-O2) with the usual
commands; played at once when its turn comes if nothing it depends on changed, else offered back."""

from __future__ import annotations

import json

from offline import OfflineDiscord
from tests.bot.test_megaciv import CH, REFUSED, moving, play


async def state(discord_: OfflineDiscord):
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    return table.games["megaciv"].rules.decode_state(row.state)


async def prepares(discord_: OfflineDiscord, *lines: str) -> list[str]:
    """Babylon (bob) prepares while Rome moves: each step answered privately, nothing posted."""
    said = []
    for line in lines:
        rec = await discord_.run("@bob", CH, line)
        assert rec.ok and rec.ephemeral and not rec.posts, (line, rec.content)
        said.append(rec.content)
    return said


async def test_M_O2_a_prepared_draft_is_played_when_its_turn_comes_and_nothing_it_depends_on_changed(discord_):
    await moving(discord_)
    said = await prepares(discord_, "/megaciv move from:Bomaga to:Nistar count:1", "/megaciv declare confirm:true")
    assert said[0].startswith("Prepared: Babylon moved 1 token") and "played when your turn comes" in said[0]
    assert said[1].startswith("Prepared: Babylon moved 1 token") and \
        "then Babylon declared their movement ended" in said[1]
    assert (await state(discord_)).players[1].tokens == {"Bomaga": 5, "Torim": 2}  # nothing played yet
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:1")
    rec = await play(discord_, "@alice /megaciv declare confirm:true")
    posted = [m.content for m in rec.posts]
    assert any("Babylon declared their movement ended (1 step)" in p and "played as prepared" in p for p in posted)
    after = await state(discord_)
    assert after.players[1].tokens == {"Bomaga": 4, "Torim": 2, "Nistar": 1} and after.players[1].declared
    status = str((await discord_.run("@carl", CH, "/game status")).embeds)
    assert "Celt moving" in status
    log = (await discord_.run("@carl", CH, "/game log")).content
    assert "played as prepared" in log


async def test_M_O2_a_prepared_draft_is_not_played_when_an_area_it_names_changed(discord_):
    await moving(discord_)
    await prepares(discord_, "/megaciv move from:Torim to:Zuephul count:1", "/megaciv declare confirm:true")
    await play(discord_, "@alice /megaciv move from:Silsab to:Zuephul count:1")
    rec = await play(discord_, "@alice /megaciv declare confirm:true")
    channel = discord_.builder.directory.channel_id(CH)
    offered = [m.content for m in rec.posts if "prepared turn was not played" in m.content and m.channel_id == channel]
    assert len(offered) == 1 and "Zuephul" not in offered[0]  # the channel is not told what was prepared
    [told] = discord_.standin.direct_messages("@bob")  # bob alone is
    assert "Zuephul now holds 1 Rome token (it held none)." in told.content, told.content
    before = await state(discord_)
    assert before.players[1].tokens == {"Bomaga": 5, "Torim": 2} and not before.players[1].declared
    shown = (await discord_.run("@bob", CH, "/prepared")).content
    assert "It was not played:" in shown and "Zuephul" in shown
    rec = await discord_.run("@bob", CH, "/prepared do:replay")
    assert rec.ephemeral and rec.content.startswith("Your prepared turn is played"), rec.content
    after = await state(discord_)
    assert after.players[1].tokens == {"Bomaga": 5, "Torim": 1, "Zuephul": 1} and after.players[1].declared


async def test_a_prepared_step_is_refused_with_the_usual_reason_and_can_be_taken_back(discord_):
    await moving(discord_)
    rec = await discord_.run("@bob", CH, "/megaciv move from:Bomaga to:Nistar count:9")
    assert rec.content.startswith(REFUSED) and "not 9" in rec.content
    await prepares(discord_, "/megaciv move from:Bomaga to:Nistar count:1")
    assert (await discord_.run("@bob", CH, "/prepared do:clear")).content == "Your prepared turn is taken back."
    await play(discord_, "@alice /megaciv declare confirm:true")
    assert (await state(discord_)).players[1].tokens == {"Bomaga": 5, "Torim": 2}


async def test_a_prepared_turn_survives_a_restart_and_is_played_after_it(discord_):
    await moving(discord_)
    await prepares(discord_, "/megaciv move from:Bomaga to:Nistar count:1", "/megaciv declare confirm:true")
    await discord_.restart()
    assert "Babylon moved 1 token" in (await discord_.run("@bob", CH, "/prepared")).content
    await play(discord_, "@alice /megaciv declare confirm:true")
    assert (await state(discord_)).players[1].tokens == {"Bomaga": 4, "Torim": 2, "Nistar": 1}


async def test_an_export_holds_nothing_prepared(discord_):
    """Preparing changes neither the game nor its log: the export is the same, byte for byte but
    for when it was made."""
    await moving(discord_)

    async def exported() -> dict:
        data = json.loads((await play(discord_, "@carl /game export")).attachments[0].data)
        return {k: v for k, v in data.items() if "export" not in k}

    before = await exported()
    await prepares(discord_, "/megaciv move from:Bomaga to:Nistar count:1", "/megaciv declare confirm:true")
    after = await exported()
    assert after == before and "prepared" not in json.dumps(after)
