"""`/game import` is no oracle (issue 18, tests/robust/oracle.py): Glory's province tiles, event cards
and relic bag."""

from __future__ import annotations

import json

from rules.glory.actions import Adjust, Choose, Maneuver
from tests.robust.oracle import (
    GENERIC,
    LIVE,
    accepted,
    export_of,
    import_as,
    leaks,
    live_state,
    refused,
    seen_in,
    signed,
    with_actions,
)


async def test_glory_forged_exploration_votes_and_relics_tell_nothing_of_the_live_decks(discord_):
    """Issue 18 §1: a forged maneuver onto an unexplored province, then a later entry (the rules
    would ask for the next tile's rotation), a `choose` and an `adjust votes name:zzz` (they
    would list the next event card), and each relic named (they would say which is in the bag)."""
    await accepted(discord_, LIVE, "@alice /game new game:glory board:two-straits", "@bob /game join",
                   "@alice /game start")
    export = await export_of(discord_, "@alice")
    live = await live_state(discord_, "glory")
    board = live.board
    secrets = [*live.province_deck, *(board.tile_named[t].title for t in live.province_deck), *live.event_deck,
               *(board.event_named[e].title for e in live.event_deck), *live.relic_bag, "in the bag"]
    rules = discord_.bot.table.games["glory"].rules
    red = discord_.builder.directory.user_id("@alice"), 0, True  # alice hosts and plays Red
    explore = [Adjust("units", 1, hex="D9", unit="swordsman"), Maneuver("D9", "D8")]
    forgeries = {"the next tile": [*explore, Maneuver("D9", "D8")],
                 "the next event card": [*explore, Choose("1"), Adjust("votes", 1, name="zzz")],
                 **{f"relic {r.name}": [Adjust("relic", name=r.name)] for r in board.relics}}
    key = await discord_.bot.table.store.seal_key()
    plain, vouched = [], []
    for i, moves in enumerate(forgeries.values()):
        forged = with_actions(export, rules, [(*red, action) for action in moves])
        plain.append(await refused(discord_, "@bob", f"#plain-{i}", json.dumps(forged).encode()))
        vouched.append(await refused(discord_, "@bob", f"#signed-{i}", signed(forged, key)))
    assert not leaks(plain + vouched, secrets), leaks(plain + vouched, secrets)[:3]
    assert len(set(plain)) == 1 and "not exactly as this Waypost installation exported it" in plain[0]
    assert all(GENERIC.match(text) for text in vouched), vouched

    copy = await import_as(discord_, "@bob", "#copy", json.dumps(export).encode())  # the unedited file
    assert any("imported a Glory of Civilizations game" in m.content for m in copy.messages if not m.ephemeral)
    seen = await seen_in(discord_, "@bob", "#copy")
    assert not leaks(seen, secrets[:2] + secrets[len(live.province_deck) * 2:]), leaks(seen, secrets)[:3]
    shown = await export_of(discord_, "@bob", "#copy")
    assert set(shown["state"]["province_deck"] + shown["state"]["event_deck"]) == {"?"}
    assert all(str(e["body"].get("seed", "sealed:")).startswith("sealed:") for e in shown["log"])
    again = await live_state(discord_, "glory", "#copy")  # shuffled again: none of the live game's order
    assert again.province_deck != live.province_deck and again.event_deck != live.event_deck
    assert again.relic_bag != live.relic_bag
    copied = await import_as(discord_, "@alice", "#copy-of-copy", json.dumps(shown).encode())  # bob hosted it
    assert any("imported a Glory of Civilizations game" in m.content for m in copied.messages if not m.ephemeral)
