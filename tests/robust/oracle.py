"""`/game import` is no oracle (issue 18): what the tests of forged imports against live games with
hidden information share (`tests/robust/test_<game>_oracle.py`), through the real bot: no reply,
refusal, log, image or export of a forged copy holds anything hidden in the live game.

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
from rules.base import Action
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
