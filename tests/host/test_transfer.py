"""The export file, written chunk by chunk from the stored log, reads back as the same game."""

from __future__ import annotations

import gzip
import json

import pytest

from rules.errors import InvalidData
from tests.bot.conftest import Clock
from tests.support.members import everyone
from tests.support.tally import Add, Bid
from waypost import transfer
from waypost.outcome import User
from waypost.table import Table

CH = 100
ALICE, BOB = User(1, "alice"), User(2, "bob")


async def exported(table, entries_told: int) -> tuple[str, bytes]:
    loaded = await table.channels.started(CH)
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


# --- what an import proves (issue 18 §4): a real game's every flow passes its checks ---------------------


CARL, DAVE = User(3, "carl"), User(4, "dave")


async def test_a_game_through_every_table_flow_exports_and_imports(store, games):
    """Lobby churn, hosting handed on (in the lobby and in play), a substitute taking the first
    seat, away and pause, a move by the deadline and one by the host for a player out of time, an
    undo, sealed bids revealed: the export of such a game imports, and its log says who did what."""
    clock = Clock()
    table = Table(store, games, clock=clock)
    await table.new(CH, 9, ALICE, "tally")
    for step in (table.join(CH, BOB), table.join(CH, CARL), table.leave(CH, CARL), table.join(CH, CARL),
                 table.hand_host(CH, ALICE, BOB.id), table.start(CH, BOB),
                 table.settings(CH, BOB, "deadline_hours", "1"), table.settings(CH, BOB, "deadline_action", "default"),
                 table.act(CH, ALICE, "tally", Add(2))):
        await step
    clock.turn(hours=2)
    await table.tick()  # bob's time ran out: the deadline adds 1 for him
    await table.settings(CH, BOB, "deadline_action", "notify")
    clock.turn(hours=2)
    await table.tick()
    await table.skip(CH, BOB, CARL.id)  # carl's time ran out: the host plays his default move
    for step in (table.substitute(CH, BOB, ALICE.id, DAVE), table.hand_host(CH, BOB, CARL.id),
                 table.pause(CH, CARL, True), table.pause(CH, CARL, False), table.away(CH, DAVE, 1),
                 table.away(CH, DAVE, 0), table.act(CH, DAVE, "tally", Add(3))):
        await step
    await table.undo(CH, DAVE)
    for step in (table.act(CH, DAVE, "tally", Add(2)), table.act(CH, DAVE, "tally", Bid(2)),
                 table.act(CH, BOB, "tally", Bid(1)), table.act(CH, CARL, "tally", Bid(4))):
        await step
    _, data = await table.export(CH, CARL)
    out = await table.import_game(CH + 1, 9, DAVE, data, everyone)
    assert "imported a Tally game" in out.text and "rests on the file's word" not in out.text
    log = [e.summary for e in await store.log((await store.open_game(CH + 1)).id)]
    assert any(s.startswith("By the deadline: bob added 1") for s in log)
    assert any(s.startswith("By the host, for a player out of time: carl added 1") for s in log)
    assert (await table.status(CH + 1)).phase == (await table.status(CH)).phase


async def test_seats_must_be_people_of_the_server(table, store):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    _, data = await table.export(CH, BOB)

    async def only_bob(ids):
        return [i for i in ids if i == BOB.id]

    with pytest.raises(InvalidData, match=r"seats: alice \(red\) is not a member of this server, or is a bot"):
        await table.import_game(CH + 1, 9, BOB, data, only_bob)
    assert await store.open_game(CH + 1) is None


async def test_a_finished_game_plays_again_from_an_earlier_entry(table, store):
    """Issue 19 §10: a finished game imports up to the entry `until` names, and play goes on."""
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    for turn, amount in enumerate((3, 3, 3, 2, 3, 3, 3)):  # no multiple of 5 (a decision) before 20
        await table.act(CH, (ALICE, BOB)[turn % 2], "tally", Add(amount))
    _, data = await table.export(CH, BOB)
    with pytest.raises(InvalidData, match=r"the game has finished: alice wins with a total of 20\. To play it "
                                          r"again from an earlier point, import it with until: the last log entry "
                                          r"to keep \(3–9\)"):
        await table.import_game(CH + 1, 9, BOB, data, everyone)
    with pytest.raises(InvalidData, match="until: at entry 10 the game is over; choose an earlier entry"):
        await table.import_game(CH + 1, 9, BOB, data, everyone, until=10)
    with pytest.raises(InvalidData, match=r"until: entry 2 is not one to play on from: choose one from 3"):
        await table.import_game(CH + 1, 9, BOB, data, everyone, until=2)
    out = await table.import_game(CH + 1, 9, BOB, data, everyone, until=6)  # after three additions: 9
    assert "imported a Tally game up to log entry 6" in out.text
    assert (await store.open_game(CH + 1)).state["total"] == 9
    out = await table.act(CH + 1, BOB, "tally", Add(2))  # bob's turn again, in the copy
    assert "total 11" in out.text


async def test_a_game_its_host_ended_plays_on_from_an_entry_before_its_end(table, store):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    await table.act(CH, ALICE, "tally", Add(3))
    await table.end(CH, ALICE)
    _, ended = await table.export(CH, BOB)
    with pytest.raises(InvalidData, match=r"log\[4\]: the game was ended by its host\. To play on, import it with "
                                          r"until: the last log entry to keep \(3–4\)"):
        await table.import_game(CH + 1, 9, BOB, ended, everyone)
    await table.import_game(CH + 1, 9, BOB, ended, everyone, until=4)
    assert (await store.open_game(CH + 1)).state["total"] == 3


async def test_until_in_the_middle_of_sealed_bids_is_refused(table):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)
    await table.act(CH, ALICE, "tally", Bid(2))
    await table.act(CH, BOB, "tally", Bid(1))
    _, data = await table.export(CH, BOB)
    with pytest.raises(InvalidData, match="until: at entry 4 the secret move of entry 4 is still hidden"):
        await table.import_game(CH + 1, 9, BOB, data, everyone, until=4)
