"""`/game import` is no oracle (issue 18, tests/robust/oracle.py): Skye's sealed prices and their
salts."""

from __future__ import annotations

import json
import re

from rules.base import Actor
from rules.skye.sealing import fingerprint, price_text
from rules.skye.state import Pricing
from tests.robust.oracle import (
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


async def test_skye_forged_pricing_up_to_the_plans_tells_no_salt_and_no_price(discord_):
    """Issue 18 §2: exported at the start of pricing, every seat's prices, passes and placements
    forged up to the plan stage. Unsigned, the file is refused before its seal is opened; even
    signed (replayed with the live seed), the salts it shows are no live seal's: the live
    fingerprint cannot be tested against them."""
    await accepted(discord_, LIVE, "@alice /game new game:skye board:journeyman", "@bob /game join",
                   "@alice /game start")
    export = await export_of(discord_, "@bob")
    live = await live_state(discord_, "skye")
    rules = discord_.bot.table.games["skye"].rules
    ids = [s.player_id for s in live.seats]
    state, moves = live, []
    while state.stage != "plan":  # the table's own defaults: every price, pass and placement
        seat = rules.awaiting(state)[0].seat
        action = rules.timeout(state, seat)
        moves.append((ids[seat], seat, seat == 0, action))
        state = rules.apply(state, Actor(seat, host=seat == 0), action).state
    forged = with_actions(export, rules, moves)
    forged["state"] = rules.encode_state(rules.view(state, None))  # the public state: the forger can work it out
    plain = await refused(discord_, "@bob", "#plain", json.dumps(forged).encode())
    assert "not exactly as this Waypost installation exported it" in plain
    secrets = [live.salt, state.salt, str(live.seed)]
    assert not leaks([plain], secrets)

    hand = live.players[0].hand
    sealed = await accepted(discord_, LIVE, f"@alice /skye price axe:{hand[1]} price1:3 price2:2")  # not the default
    live = await live_state(discord_, "skye")
    red = live.players[0]
    assert [m.content for m in sealed.messages if not m.ephemeral] == ["Red committed."]
    mark = red.fingerprint  # published in the log
    assert f"fingerprint {mark}" in (await discord_.run("@bob", LIVE, "/game log")).content
    assert red.salt and red.salt not in (live.salt, state.salt)
    copy = await import_as(discord_, "@bob", "#copy", signed(forged, await discord_.bot.table.store.seal_key()))
    assert any("imported a" in m.content for m in copy.messages if not m.ephemeral), copy.content
    seen = await seen_in(discord_, "@bob", "#copy")
    assert not leaks(seen, [red.salt, mark, price_text(red.pricing)]), leaks(seen, [red.salt, mark])[:3]
    shown = set(re.findall(r"salt ([0-9a-f]{16})", " ".join(seen)))
    assert all(fingerprint(s, 0, price_text(red.pricing)) != mark for s in shown)


async def test_every_seal_has_its_own_salt_and_the_reveal_proves_each(discord_):
    """Issue 18 §6: sealing the same prices again after an undo gives another fingerprint; the
    reveal shows each seal's salt, from which anyone recomputes its fingerprint."""
    await accepted(discord_, LIVE, "@alice /game new game:skye board:journeyman", "@bob /game join",
                   "@alice /game start")
    live = await live_state(discord_, "skye")
    hands = [p.hand for p in live.players]
    line = f"@alice /skye price axe:{hands[0][0]} price1:1 price2:2"
    marks = []
    for _ in range(2):
        await accepted(discord_, LIVE, line)
        log = (await discord_.run("@bob", LIVE, "/game log")).content
        marks.append(re.findall(r"Red committed \(fingerprint ([0-9a-f]{8})\)", log)[0])  # the newest first
        if not marks[1:]:
            await accepted(discord_, LIVE, "@alice /game undo")
    assert marks[0] != marks[1], marks  # the others cannot tell the same prices were sealed again
    red = (await live_state(discord_, "skye")).players[0]
    reveal = await accepted(discord_, LIVE, f"@bob /skye price axe:{hands[1][0]} price1:1 price2:1")
    assert " salt " not in reveal.content  # the channel hears the values; the proof is a button away
    verify = await discord_.run("@carl", LIVE, "!click Verify")  # anyone may check, even an onlooker
    proofs = re.findall(r"prices: (\S+) with salt ([0-9a-f]{16}) → fingerprint ([0-9a-f]{8})", verify.content)
    assert len(proofs) == 2 and (price_text(red.pricing), red.salt, red.fingerprint) in proofs
    assert all(fingerprint(salt_, seat, text) == mark for seat, (text, salt_, mark) in enumerate(proofs))
    assert Pricing(hands[0][0], hands[0][1:], (1, 2)) == red.pricing
