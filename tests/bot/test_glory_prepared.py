"""Glory of Civilizations' prepared turns (issue 30) through the real bot: the next maneuver
(G-M1) and the end of the turn, prepared while another player is on turn; played when the turn
comes if neither the path nor the army changed (G-M5), else offered back."""

from __future__ import annotations

from offline import OfflineDiscord
from tests.bot.test_glory import CH, _started, _state


async def bob_prepares(discord_: OfflineDiscord) -> None:
    for line, said in (('/glory maneuver army:P3 to:Q4 units:"1 cavalryman"',
                        "Prepared: Blue maneuvered 1 cavalryman P3→Q4"),
                       ("/glory end", "then Blue ended their turn")):
        rec = await discord_.run("@bob", CH, line)
        assert rec.ok and rec.ephemeral and said in rec.content and not rec.posts, rec.content


async def test_G_M1_a_prepared_maneuver_is_played_when_the_turn_comes_and_nothing_changed(discord_):
    await _started(discord_)
    await bob_prepares(discord_)
    rec = await discord_.run("@alice", CH, "/glory end")
    assert any("played as prepared" in m.content for m in rec.posts), [m.content for m in rec.posts]
    state = await _state(discord_)
    assert "Q4" in state.players[1].armies and state.turn == 2


async def test_G_M5_a_prepared_maneuver_is_offered_back_when_its_army_changed(discord_):
    """The army changed after a battle the table kept (Bob sets his own count)."""
    await _started(discord_)
    await bob_prepares(discord_)
    assert (await discord_.run("@bob", CH, "/glory adjust what:units hex:P3 unit:spearman value:0")).ok
    rec = await discord_.run("@alice", CH, "/glory end")
    assert any("prepared turn was not played" in m.content for m in rec.posts)
    state = await _state(discord_)
    assert "Q4" not in state.players[1].armies and state.turn == 1
    assert "It was not played:" in (await discord_.run("@bob", CH, "/prepared")).content


async def test_autocomplete_offers_a_player_not_on_turn_what_they_may_prepare(discord_):
    """The same menus as on turn: Bob's armies and where one may go, worked out as if it were his turn."""
    await _started(discord_)
    armies = {c["value"] for c in (await discord_.run("@bob", CH, "!complete /glory maneuver army:")).choices or []}
    assert "P3" in armies
    targets = {c["value"] for c in (await discord_.run("@bob", CH, "!complete /glory maneuver army:P3 to:")).choices
               or []}
    assert "Q4" in targets
