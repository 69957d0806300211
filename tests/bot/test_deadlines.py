"""Play by post that runs itself (issue 12): clocks start when the game waits for a player,
reminders and deadlines act on a controllable clock, exactly once, across restarts."""

from __future__ import annotations

import asyncio
import time

import pytest

from front.bot import create_bot
from front.posting import deliver
from offline import OfflineDiscord, StandIn
from tests.bot.conftest import Clock
from tests.games import Deadline, every

CH = "#slow"


async def started(discord_: OfflineDiscord, *, action: str = "notify") -> None:
    for line in ("@alice /game new game:tally", "@bob /game join", "@alice /game settings name:deadline_hours value:10",
                 f"@alice /game settings name:deadline_action value:{action}", "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, CH, text)).ok


def posted(discord_: OfflineDiscord) -> list[str]:
    return [m.content for m in discord_.channel_posts]


def mention(discord_: OfflineDiscord, user: str) -> str:
    return f"<@{discord_.builder.directory.user_id(user)}>"


async def test_reminders_then_the_deadline_notice_each_once(timed):
    await started(timed)
    timed.clock.turn(hours=4)
    await timed.bot.keep_time()
    assert posted(timed) == []  # nothing due: alice's clock started at the start, 4 of 10 hours ago
    timed.clock.turn(hours=2)  # 6 hours: past half-way
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    assert posted(timed) == [f"{mention(timed, '@alice')} Reminder: the Tally game here waits for you; 4 hours left."]
    timed.clock.turn(hours=3, minutes=30)  # 30 minutes left: the last call
    await timed.bot.keep_time()
    assert posted(timed)[-1].endswith("Last call: the Tally game here waits for you; 30 minutes left.")
    timed.clock.turn(hours=1)
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    notice = posted(timed)[-1]
    assert "time to play has run out" in notice and "/game skip" in notice and len(posted(timed)) == 3
    rec = await timed.run("@bob", CH, f"/game skip player:{mention(timed, '@alice')}")
    assert rec.ephemeral and "Only the host" in rec.content
    rec = await timed.run("@alice", CH, f"/game skip player:{mention(timed, '@bob')}")
    assert rec.ephemeral and "not waiting for that player" in rec.content


async def test_a_player_who_acted_is_not_reminded_and_their_clock_starts_when_awaited(timed):
    await started(timed)
    timed.clock.turn(hours=4)
    assert (await timed.run("@alice", CH, "/tally add amount:1")).ok  # bob's clock starts now
    timed.clock.turn(hours=3)  # alice: 7 hours after the start, but no longer awaited; bob: 3 hours
    await timed.bot.keep_time()
    assert posted(timed) == []
    timed.clock.turn(hours=2, minutes=1)
    await timed.bot.keep_time()
    assert [p for p in posted(timed) if "Reminder" in p] == [
        f"{mention(timed, '@bob')} Reminder: the Tally game here waits for you; 4 hours 59 minutes left."]


async def test_the_deadline_plays_the_default_move(timed):
    await started(timed, action="default")
    timed.clock.turn(hours=11)
    await timed.bot.keep_time()
    said = posted(timed)[-1]
    assert "By the deadline: alice added 1: total 1." in said and mention(timed, "@bob") in said
    log = await timed.run("@bob", CH, "/game log")
    assert "By the deadline: alice added 1" in log.content
    rec = await timed.run("@alice", CH, "/game undo")
    assert rec.ephemeral and "cannot be taken back" in rec.content


async def test_the_deadline_plays_for_a_player_until_the_game_no_longer_waits_for_them(timed):
    await started(timed, action="default")
    assert (await timed.run("@alice", CH, "/tally add amount:3")).ok
    assert (await timed.run("@bob", CH, "/tally add amount:2")).ok  # 5: alice decides, then plays
    timed.clock.turn(hours=11)
    await timed.restart()  # due while the bot was down: dealt with once it looks
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    said = posted(timed)
    assert [p for p in said if "By the deadline" in p] == [
        "By the deadline: alice chose up: 6.",
        f"{mention(timed, '@bob')} By the deadline: alice added 1: total 7."]
    log = await timed.run("@bob", CH, "/game log")
    assert log.content.count("By the deadline") == 2


async def test_away_and_pause_stop_the_clock(timed):
    await started(timed)
    assert "away for 2 days" in (await timed.run("@alice", CH, "/game away days:2")).content
    status = await timed.run("@bob", CH, "/game status")
    assert "away until" in status.embeds[0]["fields"][-1]["value"]
    timed.clock.turn(days=1)
    await timed.bot.keep_time()
    assert posted(timed) == []  # alice is away: her clock does not run
    timed.clock.turn(days=1, hours=6)  # back for 6 of her 10 hours: past half-way
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    assert len(posted(timed)) == 1 and "4 hours left" in posted(timed)[0]
    assert "paused" in (await timed.run("@alice", CH, "/game pause")).content
    timed.clock.turn(days=3)
    await timed.bot.keep_time()
    assert len(posted(timed)) == 1  # paused: nothing runs out
    await timed.run("@alice", CH, "/game resume")
    timed.clock.turn(hours=3, minutes=30)
    await timed.bot.keep_time()
    assert posted(timed)[-1].endswith("30 minutes left.")


async def test_a_restart_between_due_and_sent_loses_and_doubles_nothing(timed):
    await started(timed)
    timed.clock.turn(hours=6)  # the reminder is due, but nothing looked yet
    await timed.restart()
    await timed.bot.table.tick()  # decided and written to the outbox...
    await timed.restart()  # ...and the bot stops before posting it
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    assert len([p for p in posted(timed) if "Reminder" in p]) == 1


class Later:
    """The stand-in's clock: the real one, plus the time a test skips."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


@pytest.mark.parametrize("gap", ["seconds", "an hour"])
async def test_a_crash_after_posting_then_a_gap_posts_once(config, games, gap):
    """Issue 27 §13: the bot stops after posting a reminder, before noting it sent, and comes back
    after a gap. Discord refuses a nonce again only for a few minutes, so after an hour the post is
    found in the channel's history instead of being posted twice."""
    clock, later = Clock(), Later()
    async with StandIn(clock=later) as standin, \
            OfflineDiscord(lambda: create_bot(config, games, clock=clock), standin=standin) as timed:
        await started(timed)
        clock.turn(hours=6)
        await timed.bot.table.tick()  # the reminder waits in the outbox
        delivering = asyncio.create_task(deliver(timed.bot))
        while not timed.channel_posts:
            await asyncio.sleep(0)
        delivering.cancel()  # posted; the bot stops before it hears back, so before noting it sent
        await asyncio.gather(delivering, return_exceptions=True)
        await timed.restart()
        later.skipped = {"seconds": 5.0, "an hour": standin.nonce_window + 3600}[gap]
        await timed.bot.keep_time()
        await timed.bot.keep_time()
        reminders = [p for p in posted(timed) if "Reminder" in p]
        assert reminders == [f"{mention(timed, '@alice')} Reminder: the Tally game here waits for you; "
                             "4 hours left."], reminders
        assert not await timed.bot.table.store.unsent()
        timed.assert_clean()


async def test_mine_lists_your_games_waiting_for_you_first(timed):
    await started(timed)
    for line in ("@carl /game new game:tally", "@alice /game join", "@carl /game start"):
        user, text = line.split(" ", 1)
        await timed.run(user, "#other", text)
    rec = await timed.run("@alice", "#other", "/game mine")
    lines = rec.content.split("\n")
    assert rec.ephemeral and len(lines) == 2
    assert lines[0].startswith("\\*\\*Your move\\*\\*") or lines[0].startswith("**Your move**")
    assert f"<#{timed.builder.directory.channel_id(CH)}>" in lines[0] and "deadline" in lines[0]
    assert lines[1].startswith("Waiting for others")


@pytest.mark.parametrize(("game", "deadline"), every("DEADLINE"), ids=[key for key, _ in every("DEADLINE")])
async def test_every_game_has_a_default_move_for_the_deadline(timed, game, deadline: Deadline):
    """Each game's default move (`DEADLINE` in tests/games/<key>.py): Vikings places a boat or ends
    the turn, Glory passes, Mega Civilization declares the movement ended, Skye seals the cheapest
    prices (issue 12)."""
    lines = [*deadline.opening, "@bob /game join", "@alice /game settings name:deadline_hours value:10",
             "@alice /game settings name:deadline_action value:default", "@alice /game start", *deadline.started]
    for line in lines:
        user, text = line.split(" ", 1)
        rec = await timed.run(user, CH, text)
        assert rec.ok and "⛔" not in rec.content, rec.content
    waiting = (await timed.run("@alice", CH, "/game status")).embeds[0]
    timed.clock.turn(hours=11)
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    notices = [p for p in posted(timed) if "By the deadline" in p]
    assert notices and deadline.played in notices[0], posted(timed)
    assert not any("default move was not played" in p for p in posted(timed))
    assert (await timed.run("@alice", CH, "/game status")).embeds[0] != waiting


async def test_a_late_timekeeper_says_only_what_is_still_due(timed):
    """Issue 19 §7: after downtime the reminder, the last call and the deadline notice went out
    together, pinging the player three times."""
    await started(timed)
    timed.clock.turn(hours=9, minutes=45)  # past half-way and the last call: the timekeeper was down
    await timed.bot.keep_time()
    assert posted(timed) == [f"{mention(timed, '@alice')} Last call: the Tally game here waits for you; "
                             "15 minutes left."]
    timed.clock.turn(hours=5)
    await timed.bot.keep_time()
    assert len(posted(timed)) == 2 and "time to play has run out" in posted(timed)[-1]
    assert (await timed.run("@alice", CH, "/tally add amount:1")).ok  # bob's clock starts
    timed.clock.turn(hours=30)  # down past all of bob's points at once
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    assert len(posted(timed)) == 3 and "bob's time to play has run out" in posted(timed)[-1]


async def test_a_paused_game_stops_moves_too(timed):
    """Issue 19 §8: pause stopped the clocks but a player could still move. Paused, nobody plays
    (a move, an answer, a take-back, a skip), and the refusal says why; looking still works."""
    await started(timed)
    assert (await timed.run("@alice", CH, "/tally add amount:2")).ok
    assert "nobody moves" in (await timed.run("@alice", CH, "/game pause")).content
    for user, line in (("@bob", "/tally add amount:1"), ("@alice", "/game undo"), ("@bob", "/game choose choice:up"),
                       ("@alice", f"/game skip player:{mention(timed, '@bob')}")):
        rec = await timed.run(user, CH, line)
        assert rec.ephemeral and "The host paused the game" in rec.content and "/game resume" in rec.content, line
    assert (await timed.run("@bob", CH, "/game board")).attachments
    status = (await timed.run("@bob", CH, "/game status")).embeds[0]
    assert "nobody moves" in next(f["value"] for f in status["fields"] if f["name"] == "Paused")
    await timed.run("@alice", CH, "/game resume")
    assert "bob added 1: total 3" in (await timed.run("@bob", CH, "/tally add amount:1")).content


async def test_since_counts_from_your_own_last_move_or_look_not_the_deadlines(timed):
    """Issue 19 §6: a move the deadline played for you counted as your last action, so after two
    defaulted turns "Nothing has happened" hid the others' moves. Since is since you last acted
    yourself or looked."""
    await started(timed, action="default")
    assert (await timed.run("@alice", CH, "/tally add amount:2")).ok
    for _ in range(3):  # bob, alice, bob: each out of time, each played by the deadline
        timed.clock.turn(hours=11)
        await timed.bot.keep_time()
    since = await timed.run("@alice", CH, "/game since")
    assert since.ephemeral and "Since you last acted or looked:" in since.content
    lines = [line for line in since.content.splitlines() if "By the deadline" in line]
    assert [line.split(": ", 1)[1].split(":")[0] for line in lines] == ["bob added 1", "alice added 1", "bob added 1"]
    assert "alice added 2" not in since.content  # her own move is where it starts
    assert "Nothing has happened since you last acted or looked." in (await timed.run("@alice", CH,
                                                                                      "/game since")).content
    assert "alice chose up: 6" in (await timed.run("@alice", CH, "/game choose choice:up")).content  # 5: asked
    assert "alice added 1" in (await timed.run("@alice", CH, "/tally add amount:1")).content
    assert "bob added 3" in (await timed.run("@bob", CH, "/tally add amount:3")).content
    since = await timed.run("@alice", CH, "/game since")
    assert "bob added 3" in since.content and "alice added 1" not in since.content


async def test_away_cannot_be_renewed_forever(timed):
    """Issue 18 §10: /game away could be renewed forever, stopping a player's clock indefinitely. The
    host's away_total_days bounds the days each player is away in all; /game status shows it."""
    await started(timed)
    assert (await timed.run("@alice", CH, "/game settings name:away_total_days value:4")).ok
    assert (await timed.run("@alice", CH, "/game away days:3")).ok
    timed.clock.turn(days=1)
    assert "is back" in (await timed.run("@alice", CH, "/game away days:0")).content  # 1 day spent, 3 left
    rec = await timed.run("@alice", CH, "/game away days:4")
    assert rec.ephemeral and rec.content == ("⛔ At this table each player is away for at most 4 days in all during "
                                             "the game; you have been away 1 day; you may be away at most 3 days "
                                             "more.")
    assert (await timed.run("@alice", CH, "/game away days:3")).ok
    timed.clock.turn(days=3)  # back by herself: 4 days spent
    await timed.bot.keep_time()
    rec = await timed.run("@alice", CH, "/game away days:1")
    assert rec.ephemeral and "you have been away 4 days; you cannot be away again in this game." in rec.content
    assert (await timed.run("@bob", CH, "/game away days:2")).ok  # each player has their own
    away = next(f["value"] for f in (await timed.run("@bob", CH, "/game status")).embeds[0]["fields"]
                if f["name"] == "Away")
    now, limits, spent = away.split("\n")
    assert now.startswith(f"Away now: {mention(timed, '@bob')} until <t:")  # bob is away, though not waited for
    assert (limits, spent) == ("Each player at most 7 days at once, 4 days in all.",
                               f"Away so far: {mention(timed, '@alice')} 4 days")


async def test_a_late_host_is_mentioned_once_in_the_deadline_notice(timed):
    """Issue 27 §14: the host who is the late player was mentioned (and told by direct message)
    twice, once as the player and once as the host."""
    await started(timed)  # alice hosts, and the game waits for her
    assert (await timed.run("@alice", CH, "/game notify turn:true hits:false")).ok
    timed.clock.turn(hours=11)
    await timed.bot.keep_time()
    notices = [m for m in timed.standin.direct_messages("@alice") if "time to play has run out" in m.content]
    assert len(notices) == 1, [m.content for m in notices]
    assert (await timed.run("@alice", CH, "/game notify turn:false hits:false")).ok
    assert (await timed.run("@alice", CH, "/tally add amount:1")).ok  # bob's turn; then alice's clock again
    assert (await timed.run("@bob", CH, "/tally add amount:1")).ok
    timed.clock.turn(hours=11)
    await timed.bot.keep_time()
    notice = posted(timed)[-1]
    assert "alice's time to play has run out" in notice and notice.count(mention(timed, "@alice")) == 1, notice
