"""The table layer driven directly: lobby, permissions, flow, undo, log, replay, secrets."""

from __future__ import annotations

import pytest

from rules.errors import BadInput, IllegalMove, NoGame, NotAllowed, NotYourTurn
from tests.support.members import everyone
from tests.support.tally import Add, Bid, Reset, Roll
from waypost.outcome import User
from waypost.replay import replay
from waypost.storage import open_store
from waypost.table import Table

CH = 100
ALICE, BOB, CARL, DORA = User(1, "alice"), User(2, "bob"), User(3, "carl"), User(4, "dora")


async def started(table: Table, *players: User) -> None:
    await table.new(CH, 9, players[0], "tally")
    for p in players[1:]:
        await table.join(CH, p)
    await table.start(CH, players[0])


async def test_new_seats_creator_as_host_and_refuses_second_game(table):
    out = await table.new(CH, 9, ALICE, "tally")
    assert "alice opened Tally" in out.text
    status = await table.status(CH)
    assert status.host_id == ALICE.id and [s.name for s in status.seats] == ["alice"]
    with pytest.raises(IllegalMove, match="already has a game"):
        await table.new(CH, 9, BOB, "tally")


async def test_unknown_game_and_board_are_named(table):
    with pytest.raises(BadInput, match="no game called 'chess'"):
        await table.new(CH, 9, ALICE, "chess")
    with pytest.raises(BadInput, match="no board 'moon'"):
        await table.new(CH, 9, ALICE, "tally", "moon")


async def test_join_colours_and_capacity(table):
    await table.new(CH, 9, ALICE, "tally")
    with pytest.raises(BadInput, match="not a colour"):
        await table.join(CH, BOB, "mauve")
    with pytest.raises(IllegalMove, match="red is taken"):
        await table.join(CH, BOB, "Red")
    await table.join(CH, BOB, "green")
    with pytest.raises(IllegalMove, match="already seated"):
        await table.join(CH, BOB)
    await table.join(CH, CARL)
    await table.join(CH, DORA)
    with pytest.raises(IllegalMove, match="full"):
        await table.join(CH, User(5, "eve"))
    assert [s.colour for s in (await table.status(CH)).seats] == ["red", "green", "blue", "yellow"]


async def test_start_needs_host_and_player_count(table):
    await table.new(CH, 9, ALICE, "tally")
    with pytest.raises(IllegalMove, match="needs 2–4 players; 1 seated"):
        await table.start(CH, ALICE)
    await table.join(CH, BOB)
    with pytest.raises(NotAllowed, match="Only the host"):
        await table.start(CH, BOB)
    out = await table.start(CH, ALICE)
    assert out.drawing is not None
    assert out.ping == ()  # alice is first and started it herself
    with pytest.raises(IllegalMove, match="already started"):
        await table.join(CH, CARL)
    out = await table.leave(CH, BOB)  # in a game in progress: a request for a substitute
    assert "bob asks to leave" in out.text and out.told == (ALICE.id,)
    assert len((await table.status(CH)).seats) == 2


async def test_no_game_here(table):
    with pytest.raises(NoGame):
        await table.status(CH)
    with pytest.raises(NoGame):
        await table.act(CH, ALICE, "tally", Add(1))


async def test_turns_permissions_and_pings(table):
    await started(table, ALICE, BOB, CARL)
    with pytest.raises(NotAllowed, match="not playing"):
        await table.act(CH, DORA, "tally", Add(1))
    with pytest.raises(NotYourTurn, match="alice's turn"):
        await table.act(CH, BOB, "tally", Add(1))
    out = await table.act(CH, ALICE, "tally", Add(2))
    assert out.ping == (BOB.id,) and out.drawing is not None and "total 2" in out.text


async def test_decision_asked_of_a_player_not_on_turn(table):
    await started(table, ALICE, BOB, CARL)
    await table.act(CH, ALICE, "tally", Add(3))
    out = await table.act(CH, BOB, "tally", Add(2))  # total 5: carl decides
    assert [(p.user_id, p.options) for p in out.prompts] == [(CARL.id, ("up", "down"))]
    assert CARL.id not in out.ping  # the menu mentions carl: one mention, not two
    assert (await table.decision(CH, CARL)).options == ("up", "down")
    assert await table.decision(CH, ALICE) is None
    with pytest.raises(NotYourTurn, match="Nobody asked you"):
        await table.choose(CH, ALICE, "up")
    await table.choose(CH, CARL, "down")
    assert (await table.status(CH)).phase == "total 4 of 20: carl's turn"


async def test_refused_action_changes_nothing(table, store):
    await started(table, ALICE, BOB)
    row = await store.open_game(CH)
    with pytest.raises(BadInput):
        await table.act(CH, ALICE, "tally", Add(7))
    after = await store.open_game(CH)
    assert after.state == row.state and after.version == row.version
    assert await store.log_length(row.id) == await store.log_length(after.id)


async def test_undo_own_last_action_only(table):
    await started(table, ALICE, BOB)
    await table.act(CH, ALICE, "tally", Add(3))
    with pytest.raises(IllegalMove, match="alice's"):
        await table.undo(CH, BOB)
    out = await table.undo(CH, ALICE)
    assert "took back" in out.text
    assert (await table.status(CH)).phase == "total 0 of 20: alice's turn"
    assert (await table.status(CH)).waiting[0].name == "alice"
    with pytest.raises(IllegalMove, match="nothing to take back"):
        await table.undo(CH, ALICE)
    await table.act(CH, ALICE, "tally", Add(1))
    await table.act(CH, BOB, "tally", Add(1))
    with pytest.raises(IllegalMove, match="bob's"):
        await table.undo(CH, ALICE)


async def test_undo_refused_after_randomness(table):
    await started(table, ALICE, BOB)
    await table.act(CH, ALICE, "tally", Roll())
    with pytest.raises(IllegalMove, match="random"):
        await table.undo(CH, ALICE)


async def test_secret_plans_are_private_until_revealed(table):
    await started(table, ALICE, BOB)
    out = await table.act(CH, ALICE, "tally", Bid(7))
    assert out.private and out.drawing.viewer == 0 and "bid 7" in out.text
    assert out.announce == "alice made a secret bid."
    bob_view = await table.log(CH, BOB)
    assert "alice made a secret bid." in bob_view.lines[0]
    assert "bid 7" in (await table.log(CH, ALICE)).lines[0]
    with pytest.raises(Exception, match="hidden"):
        await table.export(CH, ALICE)
    reveal = await table.act(CH, BOB, "tally", Bid(4))
    assert not reveal.private and "alice 7" in reveal.text
    assert "bid 7" in (await table.log(CH, BOB)).lines[1]


async def test_host_powers_and_end(table):
    await started(table, ALICE, BOB)
    with pytest.raises(NotAllowed, match="host"):
        await table.act(CH, BOB, "tally", Reset())
    await table.act(CH, ALICE, "tally", Reset())
    with pytest.raises(NotAllowed, match="host, or a member who can manage channels"):
        await table.end(CH, BOB)
    await table.end(CH, User(9, "mod", manage_channels=True))
    with pytest.raises(NoGame):
        await table.status(CH)
    await table.new(CH, 9, BOB, "tally")  # the channel is free again


async def test_settings_lobby_only_for_rules_host_any_time(table):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    with pytest.raises(NotAllowed):
        await table.settings(CH, BOB, "max_add", "5")
    with pytest.raises(BadInput, match="at most 9"):
        await table.settings(CH, ALICE, "max_add", "12")
    with pytest.raises(BadInput, match="no setting 'speed'"):
        await table.settings(CH, ALICE, "speed", "1")
    await table.settings(CH, ALICE, "max_add", "5")
    await table.start(CH, ALICE)
    await table.act(CH, ALICE, "tally", Add(5))
    with pytest.raises(IllegalMove, match="fixed once play has started"):
        await table.settings(CH, ALICE, "max_add", "2")
    await table.settings(CH, ALICE, "deadline_hours", "24")
    status = await table.status(CH)
    assert status.waiting[0].deadline is not None and status.settings["deadline_hours"] == 24


async def test_log_pages(table):
    await started(table, ALICE, BOB)
    for hours in range(20):
        await table.settings(CH, ALICE, "deadline_hours", str(hours))
    first = await table.log(CH, ALICE, 1)
    assert first.pages == 2 and first.lines[0].startswith("23. Setting deadline_hours: 18 → 19")
    last = await table.log(CH, ALICE, 2)
    assert last.lines[-1].startswith("1. alice opened Tally")
    with pytest.raises(BadInput, match="Page 3 does not exist"):
        await table.log(CH, ALICE, 3)


async def test_replay_reproduces_state_and_restart_loses_nothing(where, games):
    store = await open_store(where)
    table = Table(store, games)
    await started(table, ALICE, BOB, CARL)
    await table.act(CH, ALICE, "tally", Add(3))
    await table.act(CH, BOB, "tally", Add(2))
    await table.choose(CH, CARL, "up")
    await table.act(CH, CARL, "tally", Add(1))
    await table.act(CH, ALICE, "tally", Add(1))
    await table.undo(CH, ALICE)
    await table.act(CH, ALICE, "tally", Roll())  # seeded randomness must replay too
    before = (await table.status(CH)).phase
    await store.close()
    store = await open_store(where)  # a restart: nothing in memory survives
    table = Table(store, games)
    assert (await table.status(CH)).phase == before
    row = await store.open_game(CH)
    state = replay(games["tally"], await store.log(row.id))
    assert games["tally"].rules.encode_state(state) == row.state
    assert await store.integrity() == "ok"
    await store.close()


async def test_export_import_round_trip(table, store):
    await started(table, ALICE, BOB)
    await table.act(CH, ALICE, "tally", Add(2))
    name, data = await table.export(CH, BOB)
    assert name.endswith(".json")
    with pytest.raises(NotAllowed, match="no seat for you"):
        await table.import_game(200, 9, CARL, data, everyone)  # carl holds no seat in it
    out = await table.import_game(200, 9, BOB, data, everyone)
    assert "imported" in out.text and out.drawing is not None and not out.ping
    assert (await store.open_game(200)).state["total"] == (await store.open_game(CH)).state["total"] == 2
    assert (await table.status(200)).host_id == BOB.id  # the importer hosts
    out = await table.act(200, BOB, "tally", Add(1))
    assert not out.ping  # alice has not claimed her seat: nobody pings her
    out = await table.join(200, ALICE)
    assert "alice claimed their seat" in out.text
    out = await table.act(200, ALICE, "tally", Add(1))
    assert out.ping == (BOB.id,)


async def test_hosting_passes_on_when_the_host_leaves_and_an_empty_table_closes(table):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    out = await table.leave(CH, ALICE)
    assert "bob hosts now" in out.text and (await table.status(CH)).host_id == BOB.id
    out = await table.leave(CH, BOB)
    assert "the game is closed" in out.text
    with pytest.raises(NoGame):
        await table.status(CH)


async def test_a_save_dumps_the_state_once_and_its_undo_snapshot_reuses_the_stored_text(table, monkeypatch):
    """The snapshot of the state before an action is the text that state was stored with: the
    state is dumped once per save, not again for its snapshot (issue 21)."""
    from waypost import records, sql_store

    await started(table, ALICE, BOB)
    await table.act(CH, ALICE, "tally", Add(1))
    stored = await table.store.open_game(CH)
    dumped: list[object] = []
    real = records.dumps
    for module in (records, sql_store):
        monkeypatch.setattr(module, "dumps", lambda value: dumped.append(value) or real(value))
    await table.act(CH, BOB, "tally", Add(2))
    after = await table.store.open_game(CH)
    assert [v for v in dumped if v in (stored.state, after.state)] == [after.state]  # the new state, once
    last = await table.store.last_action(after.id)
    assert await table.store.snapshot(after.id, last.seq) == stored.state
    await table.undo(CH, BOB)
    assert (await table.store.open_game(CH)).state == stored.state
