"""Autocomplete's legal choices are worked out once a game version (Discord asks at every key
typed) and never outlive the version they were worked out on."""

from __future__ import annotations

from rules.vikings.actions import PlaceBoat, Sail
from waypost.outcome import User

CH = 100
ALICE, BOB, CARL = User(1, "alice"), User(2, "bob"), User(3, "carl")


async def routes(table, user: User) -> list[str]:
    return [str(c.value) for c in await table.choices(CH, user, "vikings", "sail", "route", {"boat": 1})]


async def test_a_boats_routes_are_suggested_from_where_it_is_now(table):
    """V-S2 (a boat sails from its space): the routes suggested for boat 1, asked again once it has
    sailed, start from where it now is; asked twice on one version, the same answer, whatever the
    caller did with the first."""
    await table.new(CH, 9, ALICE, "vikings", "nordhav")
    for user in (BOB, CARL):
        await table.join(CH, user)
    await table.start(CH, ALICE)
    for user, dock in ((CARL, "D1"), (BOB, "D2"), (ALICE, "D3")):
        await table.act(CH, user, "vikings", PlaceBoat(dock))
    before = await routes(table, ALICE)
    (await table.choices(CH, ALICE, "vikings", "sail", "route", {"boat": 1})).clear()
    assert before and await routes(table, ALICE) == before
    await table.act(CH, ALICE, "vikings", Sail(1, (before[0],), 1))
    assert await routes(table, ALICE) != before
