"""Periodic work runs once, where the game's server is served: two bots over one PostgreSQL, each
serving one of two shards, both turning their timekeepers over a game whose reminder is due; only
the one serving its server's shard reminds, and only once."""

from __future__ import annotations

from front.bot import create_bot
from offline import OfflineDiscord, StandIn
from offline.payloads import GUILD_ID
from tests.bot.conftest import Clock
from tests.bot.test_deadlines import started
from tests.support.databases import database
from waypost.config import UNBUDGETED, Config
from waypost.shards import Shards, shard_of

GUILD = GUILD_ID if shard_of(GUILD_ID, 2) == 1 else GUILD_ID + (1 << 22)  # on shard 1 of 2


async def test_a_due_reminder_is_posted_once_by_the_bot_serving_its_server(tmp_path, games):
    clock = Clock()
    async with database("postgres", tmp_path) as db, StandIn() as standin:
        def bot(shard: int):
            config = Config("", db, None, "INFO", **UNBUDGETED, tick_seconds=0,
                            shards=Shards(2, frozenset({shard})))
            return OfflineDiscord(lambda: create_bot(config, games, clock=clock), standin=standin, guild_id=GUILD)

        async with bot(0) as other, bot(1) as owner:
            await started(owner)
            clock.turn(hours=6)  # past half of the 10 hours: a reminder is due
            await other.bot.keep_time()
            assert standin.channel_posts == []  # not its server's shard
            for _ in range(2):
                await owner.bot.keep_time()
                await other.bot.keep_time()
                assert [p.content.split(" ", 1)[1] for p in standin.channel_posts] == [
                    "Reminder: the Tally game here waits for you; 4 hours left."]
            owner.assert_clean()
            other.assert_clean()
