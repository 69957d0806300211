"""`/game import` is no oracle (issue 18, tests/robust/oracle.py): Mega Civilization's drafts."""

from __future__ import annotations

import json

from rules.megaciv.actions import Declare, Move
from tests.bot.test_megaciv import moving
from tests.robust.helpers import REFUSAL
from tests.robust.oracle import (
    LIVE,
    accepted,
    export_of,
    import_as,
    leaks,
    seen_in,
    with_actions,
)
from tests.support.seeing import texts


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
