"""A saved move is never reported as failed (issue 27 §10): when Discord fails its answer (a 503 on
the interaction's callback, a 429 on the follow-up), the result reaches the player another way, and
"Nothing was changed" is said only when nothing was; when the database fails during the COMMIT, the
player is told the move may or may not be recorded, and where to look."""

from __future__ import annotations

import sqlite3

import asyncpg

from offline import OfflineDiscord

CH = "#faults"
CALLBACK, FOLLOWUP = "/interactions/{id}/{token}/callback", "/webhooks/{app}/{token}"
NOTHING = "Nothing was changed"


async def started(discord_: OfflineDiscord) -> None:
    for line in ("@alice /game new game:tally", "@bob /game join", "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, CH, text)).ok


async def logged(discord_: OfflineDiscord, text: str) -> int:
    """How many times the game's log (as /game log shows it) holds `text`."""
    rec = await discord_.run("@bob", CH, "/game log")
    assert rec.ok, rec.failures
    return sum(m.content.count(text) for m in rec.messages)


def forgive_rate_limits(discord_: OfflineDiscord) -> None:
    """discord.py warns of each 429 it waits out: expected here (the harness fails a test on any)."""
    limited = [e for e in discord_.errors if "rate limited" in e.message]
    assert limited and len(limited) == len(discord_.unexpected_errors), [str(e) for e in discord_.unexpected_errors]
    for error in limited:
        discord_.errors.remove(error)


async def test_a_move_whose_callback_and_followup_fail_is_posted_in_the_channel_once(discord_):
    await started(discord_)
    discord_.standin.fail("POST", CALLBACK, 503, times=2)  # then Discord's 3 s are over: 10062
    discord_.standin.fail("POST", FOLLOWUP, 429, times=5)  # as many as discord.py tries
    rec = await discord_.run("@alice", CH, "/tally add amount:3")
    assert rec.callback_type is None and not rec.followups  # Discord took neither
    assert [p.content for p in rec.posts if "alice added 3: total 3" in p.content], [m.content for m in rec.messages]
    assert not any(NOTHING in m.content for m in rec.messages)
    forgive_rate_limits(discord_)
    assert await logged(discord_, "alice added 3") == 1
    rec = await discord_.run("@alice", CH, "/tally add amount:1")  # bob's turn: refused, and says so
    assert rec.ephemeral and rec.content.startswith("⛔") and "Done" not in rec.content
    assert (await discord_.run("@bob", CH, "/tally add amount:2")).ok  # total 5: alice decides
    rec = await discord_.run("@alice", CH, "/game choose choice:crash")  # fails before anything is saved
    assert NOTHING in rec.content
    discord_.errors.clear()  # the crash, logged for the operator: expected here
    assert await logged(discord_, "alice added 1") == 0 and await logged(discord_, "alice chose") == 0


async def test_a_sealed_bid_whose_answer_discord_fails_reaches_only_its_bidder(discord_):
    """A private answer goes again privately: by direct message when no follow-up can carry it;
    the channel is told only what it is told of a sealed bid."""
    await started(discord_)
    discord_.standin.fail("POST", CALLBACK, 503, times=2)  # then Discord's 3 s are over: 10062
    rec = await discord_.run("@alice", CH, "/tally bid amount:73191")
    assert rec.callback_type is None and not rec.followups
    assert any("73191" in m.content for m in discord_.standin.direct_messages("@alice"))
    channel = discord_.builder.directory.channel_id(CH)
    assert [p.content for p in rec.posts if p.channel_id == channel] == ["alice made a secret bid."]
    assert not discord_.unexpected_errors, [str(e) for e in discord_.unexpected_errors]


async def test_a_deferred_move_whose_followup_is_rate_limited_is_answered_by_a_followup(discord_):
    """Tally draws a total of 11 in 2 s: the move is acknowledged ("thinking") first, then its
    follow-up is refused (429) as often as discord.py tries; it is sent again, without the board."""
    await started(discord_)
    for user, amount in (("@alice", 3), ("@bob", 3), ("@alice", 3)):
        assert (await discord_.run(user, CH, f"/tally add amount:{amount}")).ok
    discord_.standin.fail("POST", FOLLOWUP, 429, times=5)
    rec = await discord_.run("@bob", CH, "/tally add amount:2")
    assert rec.callback_type == 5 and "bob added 2: total 11" in rec.content and not rec.attachments
    assert not any(NOTHING in m.content for m in rec.messages)
    forgive_rate_limits(discord_)
    assert await logged(discord_, "bob added 2") == 1


async def test_a_commit_whose_outcome_is_unknown_says_so_and_points_to_the_log(discord_, monkeypatch):
    """The COMMIT goes through, but its answer is lost: the player is not told nothing changed."""
    await started(discord_)
    store = discord_.bot.table.store
    db = getattr(store, "_db", None)
    if db is not None:  # SQLite (aiosqlite): the disk fails as the commit ends
        connection = db._connection  # the sqlite3 connection aiosqlite's thread uses

        class CommittedUnanswered:
            def __getattr__(self, name: str) -> object:
                return getattr(connection, name)

            def execute(self, sql: str, *args: object) -> object:
                cursor = connection.execute(sql, *args)
                if sql == "COMMIT":
                    raise sqlite3.OperationalError("disk I/O error")
                return cursor

        monkeypatch.setattr(db, "_connection", CommittedUnanswered())
    else:  # PostgreSQL (asyncpg): the connection is lost as the commit ends
        commit = asyncpg.transaction.Transaction.commit

        async def lost(self: asyncpg.transaction.Transaction) -> None:
            await commit(self)
            raise asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the middle of operation")

        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", lost)
    rec = await discord_.run("@alice", CH, "/tally add amount:3")
    monkeypatch.undo()
    assert rec.ephemeral and NOTHING not in rec.content
    assert "may or may not have been recorded" in rec.content and "/game log" in rec.content, rec.content
    (error,) = discord_.unexpected_errors
    discord_.errors.clear()  # logged for the operator with the reference: expected here
    assert error.exception is not None and "committing" in str(error.exception.__cause__ or error.exception)
    assert await logged(discord_, "alice added 3") == 1  # it was recorded, once

