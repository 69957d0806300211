"""The table asks Mega Civilization's posted view for what a change is about (issue 28)."""

from __future__ import annotations

from rules.megaciv.actions import Adjust
from waypost.outcome import User

CH = 100
ALICE, BOB = User(1, "alice"), User(2, "bob")


async def test_an_adjustment_is_posted_with_the_adjusted_area(table):
    """Issue 28: the table asks the posted view for the places the result is about
    (`Result.places`), here the area whose city the player adjusted."""
    await table.new(CH, 9, ALICE, "megaciv", "oikumene")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    out = await table.act(CH, BOB, "megaciv", Adjust("city", 1, area="Nanar"))
    assert out.drawing is not None and out.drawing.posted is not None
    assert out.drawing.posted.places == ("Nanar",)
