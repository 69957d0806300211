"""The sender (`front.sender`): the components under its messages are made from the reply plan
and answered by the bot's registered dynamic items, so discord.py keeps no view of them."""

from __future__ import annotations

from offline import OfflineDiscord

CH = "#sent"


async def test_the_buttons_under_an_answer_are_not_kept_in_memory_and_still_answer(discord_: OfflineDiscord):
    """A public move's answer has the turn card and the board's buttons; after many answers the
    bot holds no view for them (a long-running bot would otherwise keep one per message), and a
    click on one is answered all the same."""
    for line in ("@alice /game new game:tally", "@bob /game join", "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, CH, text)).ok
    rec = await discord_.run("@alice", CH, "/tally add amount:3")
    ids = [c["custom_id"] for row in rec.components for c in row.get("components", [])]
    assert any(i.startswith("waypost:card:") for i in ids) and any(i.startswith("waypost:do:") for i in ids), ids
    assert not discord_.bot._connection._view_store._views  # nothing kept: the dynamic items answer
    card = await discord_.click("@bob", CH, None, next(i for i in ids if i.startswith("waypost:card:")))
    assert card.ephemeral and "Your turn card" in card.content
