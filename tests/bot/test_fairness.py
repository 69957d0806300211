"""No member can stall the others (issue 18 §8–9): heavy work is served fairly, whoever sent more of
it, and what one user may spend on it is bounded by its cost, through the real bot."""

from __future__ import annotations

import asyncio
import dataclasses

from front.bot import create_bot
from offline import OfflineDiscord, Record
from tests.bot.test_vikings_table import CH, started
from waypost import drawing


async def test_a_flooders_heavy_commands_do_not_delay_another_users(discord_):
    """Mallory, seated nowhere, asks for eight recaps at once; Carl asks for one just after. Carl's is
    made next, before Mallory's backlog: after at most the jobs already running (one per process),
    not after all of hers."""
    await started(discord_)
    done: list[str] = []

    def ask(user: str) -> asyncio.Task[Record]:
        task = asyncio.ensure_future(discord_.run(user, CH, "/game recap"))
        task.add_done_callback(lambda _: done.append(user))
        return task

    floods = [ask("@mallory") for _ in range(8)]
    while not done:  # her recaps are queued, and the first is made
        await asyncio.sleep(0.01)
    before = len(done)
    carl = ask("@carl")
    records = await asyncio.gather(*floods, carl)
    assert all(r.ok and r.attachments for r in records)
    after = done[before:]
    assert after.index("@carl") <= drawing.workers(), done  # behind what was being made, not behind the queue
    assert after[-1] == "@mallory"  # her backlog waited


async def test_heavy_work_over_its_allowance_is_refused_politely_but_moves_are_not(config, games):
    """Over what a user may spend on heavy work, boards, recaps and exports are refused privately,
    saying when to try again; another user's allowance is their own; a move is never refused for it."""
    tight = dataclasses.replace(config, work_rate=1e-6, work_burst=1e-6)  # a job each, then spent for long
    async with OfflineDiscord(lambda: create_bot(tight, games)) as discord_:
        await started(discord_)
        assert (await discord_.run("@mallory", CH, "/game board")).attachments  # within, once: then spent
        for line in ("/game board", "/game recap", "/game board at:9"):
            rec = await discord_.run("@mallory", CH, line)
            assert rec.ephemeral and not rec.attachments, line
            assert "You have used your share of Waypost's boards, recaps and exports for now; try again in" \
                in rec.content
        assert (await discord_.run("@dora", CH, "/game board")).attachments  # dora's allowance is her own
        assert "try again in" in (await discord_.run("@dora", CH, "/game board")).content
        for line in ("/game export", "/game reach piece:1"):  # bob spent his on placing his boat
            rec = await discord_.run("@bob", CH, line)
            assert rec.ephemeral and "try again in" in rec.content, line
        rec = await discord_.run("@alice", CH, '/vikings sail boat:1 route:"A2 F4" strength:1')
        rec = await discord_.run("@alice", CH, '/vikings sail boat:1 route:"F4 A2" strength:1')
        assert rec.attachments and not rec.ephemeral  # a move is drawn, and charged, whatever was spent
        assert (await discord_.run("@alice", CH, "/game board")).content.startswith("⛔")
        discord_.assert_clean()


async def test_a_server_over_its_allowance_is_refused_too(config, games):
    """A server's allowance bounds what all its members spend together (several users' worth)."""
    tight = dataclasses.replace(config, server_work_rate=1e-6, server_work_burst=1e-6)
    async with OfflineDiscord(lambda: create_bot(tight, games)) as discord_:
        await started(discord_)  # the boards of the start and the placements spend it
        rec = await discord_.run("@mallory", CH, "/game recap")
        assert rec.ephemeral and "This server has used its share of Waypost's boards, recaps and exports for now; " \
                                 "try again in" in rec.content
        discord_.assert_clean()


async def test_a_burst_of_commands_is_answered_a_few_at_a_time(config, games):
    """One user's commands being answered at once are bounded (3 by default): a burst past that is
    refused (the first, politely) or dropped, so it does not crowd the event loop; then they may
    send again."""
    capped = dataclasses.replace(config, user_in_flight=3)
    async with OfflineDiscord(lambda: create_bot(capped, games)) as discord_:
        await started(discord_)
        burst = await asyncio.gather(*(discord_.run("@mallory", CH, "/game recap") for _ in range(6)))
        assert sum(bool(r.attachments) for r in burst) == 3
        refused = [r for r in burst if "faster than Waypost answers" in r.content]
        assert len(refused) == 1 and refused[0].ephemeral
        assert sum(r.callback_type is None for r in burst) == 2  # dropped, unanswered
        assert (await discord_.run("@carl", CH, "/game board")).attachments  # others are not counted
        assert (await discord_.run("@mallory", CH, "/game recap")).attachments  # answered: she may again


async def test_clicks_spend_the_same_budget_as_commands(config, games):
    """Issue 18: a member clicking a persistent button as fast as they can is held to their request
    budget as commands are: past it the first click is refused privately, the rest dropped."""
    tight = dataclasses.replace(config, user_rate=1e-6, user_burst=3)
    async with OfflineDiscord(lambda: create_bot(tight, games)) as discord_:
        await started(discord_)  # nobody in it sends more than 3 commands
        message, button = discord_.find_component("My board", "@mallory", CH)
        burst = await asyncio.gather(*(discord_.click("@mallory", CH, message, button["custom_id"]) for _ in range(5)))
        refused = [r for r in burst if "faster than Waypost answers" in r.content]
        assert len(refused) == 1 and refused[0].ephemeral
        assert sum(r.callback_type is None for r in burst) == 1  # dropped, unanswered
        assert sum(r.callback_type is not None and r not in refused for r in burst) == 3
        assert (await discord_.click("@carl", CH, message, button["custom_id"])).callback_type is not None  # others may
        discord_.assert_clean()
