"""The export file, written chunk by chunk from the stored log, reads back as the same game."""

from __future__ import annotations

import gzip
import json

from tests.support.members import everyone
from tests.support.tally import Add, Bid
from waypost import transfer
from waypost.outcome import User

CH = 100
ALICE, BOB = User(1, "alice"), User(2, "bob")


async def exported(table, entries_told: int) -> tuple[str, bytes]:
    loaded = await table._played(CH)
    exporter = transfer.Exporter(loaded.game, loaded.row, await table.store.seal_key(), entries_told)
    async for rows in table.store.log_chunks(loaded.row.id, size=2):
        exporter.add(rows)
    return exporter.file()


def unsealed(data: dict) -> dict:
    """The file with its seeds and signature blanked (sealing uses a fresh nonce every time)."""
    for holder in (data, *(e["body"] for e in data["log"] if "seed" in e["body"])):
        assert str(holder["seed"]).startswith("sealed:")
        holder["seed"] = "sealed"
    assert data.pop("mac").startswith("mac:")
    return data


async def test_a_long_log_is_written_compressed_and_reads_back(table, store):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    await table.act(CH, ALICE, "tally", Add(2))
    await table.act(CH, BOB, "tally", Bid(3))
    await table.act(CH, ALICE, "tally", Bid(1))  # reveals: the export may be made
    plain_name, plain = await exported(table, 5)
    long_name, packed = await exported(table, transfer.GZIP_ENTRIES + 1)  # as a long log would be
    assert plain_name.endswith(".json") and long_name.endswith(".json.gz")
    data = json.loads(plain)
    assert unsealed(json.loads(gzip.decompress(packed))) == unsealed(json.loads(plain))  # seals differ each time
    assert [e["seq"] for e in data["log"]] == list(range(1, len(data["log"]) + 1))
    assert data["log"][-1]["summary"].startswith("Bids revealed")
    for file in (plain, packed):
        imported = transfer.parse_export(file, table.games, await store.seal_key())
        assert imported.signed and imported.row.state["total"] == 2 and len(imported.log) == len(data["log"])


async def test_a_game_with_an_action_taken_back_imports_telling_what_was_taken_back(table, store):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    await table.act(CH, ALICE, "tally", Add(2))
    await table.act(CH, BOB, "tally", Add(3))
    await table.undo(CH, BOB)  # the undo restores the state before Bob's 3
    await table.act(CH, BOB, "tally", Add(1))
    _, data = await exported(table, 7)
    imported = transfer.parse_export(data, table.games, await store.seal_key())
    row, log, snapshots = imported.row, imported.log, imported.snapshots
    assert row.state["total"] == 3
    taken_back = next(e for e in log if e.kind == "undo").undoes
    assert next(e for e in log if e.seq == taken_back).summary.startswith("bob added 3")
    assert list(snapshots) == [max(e.seq for e in log)]  # Bob's last action can still be taken back
    await table.import_game(CH + 1, 9, BOB, data, everyone)
    assert (await table.status(CH + 1)).phase == (await table.status(CH)).phase
