"""`/game import` is no oracle (issue 18): forged imports against live games of every game with
hidden information, through the real bot. Glory's province tiles, event cards and relic bag,
Skye's sealed prices and salts, Mega Civilization's drafts: no reply, refusal, log, image or export
of a forged copy holds anything hidden in the live game.

The two attacks of the issue are played as described. Each forged file is tried as a player would
send it (unsigned: refused before its seal is opened) and signed with the installation's own key,
as if it had been exported so (a replay refused by the rules then says only which entry and what
kind of fault, never the rules' words, which can name what is hidden).
"""

from __future__ import annotations

import json
import re
from typing import Any

from offline import OfflineDiscord, Record
from rules.base import Action, Actor
from rules.glory.actions import Adjust, Choose, Maneuver
from rules.megaciv.actions import Declare, Move
from rules.skye.sealing import fingerprint, price_text
from rules.skye.state import Pricing
from tests.bot.test_megaciv import moving
from tests.robust.helpers import REFUSAL
from tests.support.seeing import texts
from waypost.seal import Signer
from waypost.transfer import canonical

LIVE = "#live"
LOOKS = ("/game log", "/game log page:2", "/game status", "/game board")
GENERIC = re.compile(r"^⛔ log\\?\[\d+\\?\]: the rules refuse this action \([a-z' ]+\)\.$")


async def accepted(discord_: OfflineDiscord, channel: str, *lines: str) -> Record:
    rec = None
    for line in lines:
        user, text = line.split(" ", 1)
        rec = await discord_.run(user, channel, text)
        assert rec.ok and not rec.content.startswith(REFUSAL), (line, rec.content)
    assert rec is not None
    return rec


async def export_of(discord_: OfflineDiscord, user: str, channel: str = LIVE) -> dict:
    rec = await discord_.run(user, channel, "/game export")
    assert rec.attachments, rec.content
    return json.loads(rec.attachments[0].data)


async def live_state(discord_: OfflineDiscord, game: str, channel: str = LIVE) -> Any:
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(channel))
    return table.games[game].rules.decode_state(row.state)


def with_actions(d: dict, rules: Any, moves: list[tuple[int, int, bool, Action]]) -> dict:
    """The export with forged action entries (author id, seat, as host?, action) after its last."""
    forged = json.loads(json.dumps(d))
    for user_id, seat, host, action in moves:
        forged["log"].append({**forged["log"][-1], "seq": len(forged["log"]) + 1, "user_id": user_id, "kind": "action",
                              "body": {"action": rules.encode_action(action), "actor": {"seat": seat, "host": host}},
                              "summary": "", "details": [], "seat": seat, "secret": False, "reveals": False,
                              "undoable": False, "undoes": None, "public": ""})
    return forged


def signed(d: dict, key: bytes) -> bytes:
    """The file signed with the installation's key, as though it had exported it."""
    unsigned = {k: v for k, v in d.items() if k != "mac"}
    signer = Signer(key)
    signer.add(canonical(unsigned))
    return json.dumps({**unsigned, "mac": signer.signature()}).encode()


async def import_as(discord_: OfflineDiscord, user: str, channel: str, data: bytes) -> Record:
    rec = await discord_.command(user, channel, "game import", {"file": ("game.json", data)})
    assert rec.ok, rec.failures
    return rec


async def refused(discord_: OfflineDiscord, user: str, channel: str, data: bytes) -> str:
    """Import `data`: it must be refused privately, creating nothing. The refusal."""
    rec = await import_as(discord_, user, channel, data)
    assert rec.content.startswith(REFUSAL) and all(m.ephemeral for m in rec.messages), rec.content
    assert await discord_.bot.table.store.open_game(discord_.builder.directory.channel_id(channel)) is None
    return rec.content


async def seen_in(discord_: OfflineDiscord, user: str, channel: str) -> list[str]:
    """What `user` reads of the game in `channel`: its log, status and board (its export lists every
    card and tile of the board's data: `export_of` reads it)."""
    seen = []
    for line in LOOKS:
        rec = await discord_.run(user, channel, line)
        seen += texts(rec)
    return seen


def leaks(seen: list[str], secrets: list[str]) -> list[str]:
    """Each secret found, as a whole word, in something seen."""
    return [f"{s!r} in {t[:160]!r}" for t in seen for s in secrets if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", t)]


# --- Glory: province tiles, event cards, relics ---------------------------------------------------------------


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


# --- Skye: sealed prices and their salts ------------------------------------------------------------------


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


# --- Mega Civilization: drafts ----------------------------------------------------------------------------


async def test_megaciv_forged_imports_tell_nothing_of_a_live_draft(discord_):
    """A draft sealed in the live game after the export: no forged copy (refused or accepted)
    shows it, whatever the forger writes in the drafting player's name."""
    await moving(discord_, LIVE)
    export = await export_of(discord_, "@alice")
    await accepted(discord_, LIVE, "@alice /megaciv move from:Silsab to:Osnar count:2")  # Rome's hidden draft
    secrets = ["Silsab → Osnar", "2 tokens Silsab"]
    rules = discord_.bot.table.games["megaciv"].rules
    ids = {name: discord_.builder.directory.user_id(name) for name in ("@alice", "@bob")}
    forgeries = [[(ids["@bob"], 1, False, Move("Bomaga", "Nistar", 2))],  # out of turn: refused
                 [(ids["@alice"], 0, True, Move("Silsab", "Zuephul", 1)), (ids["@alice"], 0, True, Declare())]]
    for i, moves in enumerate(forgeries):
        rec = await import_as(discord_, "@bob", f"#copy-{i}", json.dumps(with_actions(export, rules, moves)).encode())
        seen = texts(rec)
        if not rec.content.startswith(REFUSAL):
            seen += await seen_in(discord_, "@bob", f"#copy-{i}")
            assert any("Silsab → Zuephul" in t for t in seen)  # the forger's own draft, declared
        assert not leaks(seen, secrets), leaks(seen, secrets)[:3]
