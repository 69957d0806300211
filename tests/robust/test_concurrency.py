"""Many commands at once across channels: scripted players (offline.players) acting
several at a time in each game (some as players the game does not wait for), undos, and
read-only commands from anyone. Afterwards each game's log replays to its stored state, and the actions the bot
acknowledged are exactly the log's new entries: none lost, merged or added."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

from offline.players import ScriptedPlayer
from tests.robust.helpers import OUTSIDER, PLAYERS, Ack, Noting, game_problems, import_scene

CHANNELS = ("#north", "#south", "#east")
READS = ("/game status", "/game log", "/game log page:2", "/game board", "/game help")
ROUNDS, STEPS = 20, 3  # per round and channel, STEPS players act at once


async def test_simultaneous_commands_lose_and_merge_nothing(vikings_export, discord_):
    table, rng = discord_.bot.table, random.Random(5)
    acks: list[Ack] = []
    noting = Noting(discord_, acks.append)
    channels = [await import_scene(discord_, name, vikings_export) for name in CHANNELS]
    games = {cid: (await table.store.open_game(cid)).id for cid in channels}
    before = {cid: await table.store.log_length(gid) for cid, gid in games.items()}
    players = [ScriptedPlayer(noting, cid, PLAYERS, random.Random(i), stray=0.3) for i, cid in enumerate(channels)]
    for _ in range(ROUNDS):
        steps = [player.step() for player in players for _ in range(STEPS)]
        undos = [noting.run(rng.choice(PLAYERS), cid, "/game undo") for cid in channels]
        looks = [discord_.run(rng.choice((*PLAYERS, OUTSIDER)), cid, rng.choice(READS)) for cid in channels]
        done = await asyncio.gather(*steps, *undos, *looks)
        assert all(r.ok for r in done[len(steps):]), [r.failures for r in done[len(steps):]]
    moves = [m for player in players for m in player.moves]
    assert not [m.failures for m in moves if m.failures]
    assert sum(m.accepted for m in moves) >= 30 and any(not m.accepted for m in moves)
    for cid, gid in games.items():
        row, log = await table.store.game(gid), await table.store.log(gid)
        assert not game_problems(table.games["vikings"], row, log)
        # turns prepared ahead (issue 30) are played when their turn comes and told in the channel
        ahead = {e.seq: e.summary for e in log[before[cid]:] if e.kind == "action" and "as prepared" in e.summary}
        acknowledged = Counter((a.user_id, a.summary) for a in acks if a.channel_id == cid
                               and not told_as_prepared(a.summary))
        logged = Counter((e.user_id, e.summary) for e in log[before[cid]:] if e.seq not in ahead)
        assert acknowledged == logged, (acknowledged - logged, logged - acknowledged)
        posted = [m.content for m in discord_.channel_posts if m.channel_id == cid]
        assert all(any(summary in p for p in posted) for summary in ahead.values())


def told_as_prepared(summary: str) -> bool:
    """Whether an acknowledgement tells a turn played as prepared (first), not a command's own
    action: it begins with that play ("… (played as prepared)"), not with taking one back."""
    first, played, _ = summary.partition("(played as prepared)")
    return bool(played) and "took back" not in first
