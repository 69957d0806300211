"""Load: 100 channels with games of the workload (`benchmarks.workload`) in progress, the bot in a
process of its own as production runs it (`bot.py` behind the stand-in's gateway: `offline.remote`),
scripted players and onlookers acting concurrently from this process: the offline rig (the
stand-in, its HTTP server and gateway, the players), whose CPU is counted apart from the bot's.

One player of each channel chose to be told by direct message (`/game notify`), as some do.

Two stages. *Saturation*: every channel's players step as soon as they are answered (about a third
of the steps come back with a board; the rest are refusals or draw nothing, and every step asks
autocomplete first), and onlookers send `/game status` and the workload's autocomplete (in Tiny
Epic Vikings, where a boat could sail) as soon as they are answered: what the bot serves is its
capacity. *At 80 %*: the same players and onlookers paced at 80 % of the rates served at
saturation (slots not made up when the bot falls behind), for the latency to the final reply and
late acknowledgements. In each, the bot's longest event-loop stall (its own probe,
`waypost.stalls`) and the CPU of every process. At saturation, the Discord requests the stand-in
received for each board-changing action, by kind (`requests_by_kind`): those outside the
interaction (channel posts, edits, direct messages) count against Discord's global limit and a
channel's message bucket, those of the interaction (its response, follow-ups) do not.

The capacity judged is what the bot's CPU per board at saturation allows on 2 cores of its own
(`benchmarks.processes.capacity`): on a 2-core machine the rig takes most of a core beside the
bot, so the rate served here says how much the rig left it; it is shown beside, not judged.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import Sample, TimedRemote, freezing, fresh_database, on_postgres, seats
from benchmarks.processes import (
    APPLICATION,
    GUARD,
    Cpu,
    Meter,
    Stall,
    capacity,
    drawing_allowed,
    longest_stall,
    named,
)
from benchmarks.workload import Workload, workload
from games import default_games
from offline.fleet import Fleet
from offline.players import ScriptedPlayer, open_game
from offline.remote import Reader
from offline.standin import Request
from waypost.storage import open_store

NAME = "load"
ORDER = 1  # the host-level benchmarks first (`python -m benchmarks`)
STORING = True
OWN_PROCESS = True  # the bot in processes of its own
CHANNELS = 100
PLAYERS = 3
ONLOOKERS = 50
LOOKS = 2  # onlookers' status requests and autocompletes for every player's step
SHARE = 0.8  # of the saturation rates, offered in the second stage
TARGET_BOARDS = 100  # board-changing commands a second on 2 cores
FAST = 0.5  # seconds: p99 to the final reply at 80 %
INTERACTION = ("interaction responses", "follow-ups")  # a webhook's, by the interaction's token
OUTSIDE = ("channel posts", "edits", "direct messages")  # the bot's own: its global limit, the channel's bucket
OUTSIDE_MOST = 1.0  # such requests per board-changing action, on average


@dataclass(frozen=True)
class Stage:
    """What one stage served: its samples (each interaction timed), the players' steps, the CPU
    of every process, and the bot's longest event-loop stall."""

    samples: list[Sample]
    steps: int
    cpu: Cpu
    stall: Stall
    requests: dict[str, float]  # per board-changing action, by kind

    @property
    def outside(self) -> float:
        """Requests outside the interaction per board-changing action."""
        return sum(self.requests[k] for k in OUTSIDE)

    def rate(self, kind: str | None = None) -> float:
        return sum(kind is None or s.kind == kind for s in self.samples) / self.cpu.seconds

    @property
    def boards(self) -> list[Sample]:
        return [s for s in self.samples if s.kind == "board"]


async def run(quick: bool) -> list[Figure]:
    """Games are opened through the bot first (not timed); each stage lasts 30 s (quick: 5 s)."""
    seconds = 5 if quick else 30
    game = workload()
    board = game.board().info.name
    with tempfile.TemporaryDirectory(prefix="waypost-load-") as folder:
        async with fresh_database() as db, Fleet(Path(folder), named(db), shards=1, pythonpath=[GUARD]) as fleet:
            bot = await fleet.start("bot")
            await fleet.gateway.ready([0], timeout=60)
            table = Reader(await open_store(db), default_games())  # reads what the bot saved
            async with TimedRemote(fleet, table) as discord_:
                gate = asyncio.Semaphore(8)

                async def opened(i: int) -> tuple[int, list[str]]:
                    async with gate:
                        users = seats(i, PLAYERS)
                        channel = await open_game(discord_, f"#load{i}", game.key, users, board)
                        await discord_.command(users[-1], channel, "game notify", {"turn": True, "hits": True})
                        return channel, users

                channels = await asyncio.gather(*(opened(i) for i in range(CHANNELS)))
                players = [ScriptedPlayer(discord_, c, users, random.Random(i), optional=0.0, first=game.first)
                           for i, (c, users) in enumerate(channels)]
                meter = Meter(bot.pid, db, APPLICATION if on_postgres() else "")
                stage = _Stages(discord_, fleet, meter, players, channels, seconds, game)
                await stage.run(None, seconds / 3)  # a warm-up: boats placed, the games under way
                full = await stage.run(None)
                paced = await stage.run(SHARE * full.rate("board"), None, full.steps / max(len(full.boards), 1))
                lines = fleet.output("bot").splitlines()
                troubles = [i for i, line in enumerate(lines) if " ERROR " in line]
                if troubles:
                    first = "\n    ".join(lines[troubles[0]:troubles[0] + 40])
                    print(f"  load: the bot logged {len(troubles)} errors, the first:\n    {first}", flush=True)
    return _figures(full, paced)


class _Stages:
    """The players and onlookers of the run, set going for one stage at a time."""

    def __init__(self, discord_: TimedRemote, fleet: Fleet, meter: Meter, players: list[ScriptedPlayer],
                 channels: list[tuple[int, list[str]]], seconds: float, game: Workload) -> None:
        self.discord, self.fleet, self.meter = discord_, fleet, meter
        self.players, self.channels, self.seconds, self.game = players, channels, seconds, game
        self.rng = random.Random(1)

    async def look(self) -> None:
        channel, users = self.rng.choice(self.channels)
        if self.rng.random() < 0.5:
            await self.discord.command(self.rng.choice(users), channel, "game status")
        else:
            look = self.game.look(self.rng)
            await self.discord.autocomplete(self.rng.choice(users), channel, look.command, look.options, look.focused)

    async def run(self, boards: float | None, seconds: float | None = None, steps_per_board: float = 3.0) -> Stage:
        """One stage of `seconds` (None: the run's): each channel's players step as soon as they are
        answered, at saturation (`boards` None), or when let go by a pace steered each second so
        that boards come `boards` times a second (starting at `steps_per_board` steps for each);
        onlookers look `LOOKS` times for every step."""
        first, asked = len(self.discord.samples), len(self.fleet.standin.requests)
        await longest_stall(self.fleet, "bot")  # the count starts now
        await self.meter.start()
        until = time.perf_counter() + (seconds or self.seconds)
        steps: asyncio.Queue[None] = asyncio.Queue(len(self.players))  # let go by the pace
        looks: asyncio.Queue[None] = asyncio.Queue()  # let go by the steps
        acted: list[ScriptedPlayer] = []  # steps that ran a command

        async def player(p: ScriptedPlayer) -> None:
            while await _let(steps if boards else None, until):
                if await p.step() is None:
                    await asyncio.sleep(0.1)  # nobody to wait for (a game over): not a step
                    continue
                acted.append(p)
                for _ in range(LOOKS):
                    looks.put_nowait(None)

        async def onlooker() -> None:
            while await _let(looks, until):
                await self.look()

        pace = [] if boards is None else [self._pace(boards, steps_per_board * boards, steps, first, until)]
        await asyncio.gather(*map(player, self.players), *(onlooker() for _ in range(ONLOOKERS)), *pace,
                             freezing(until))
        cpu = await self.meter.stop()
        stall = await longest_stall(self.fleet, "bot")
        done = [s for s in self.discord.samples[first:] if s.sent < until]
        standin = self.fleet.standin
        requests = requests_by_kind(standin.requests[asked:], {s.token for s in done if s.changed},
                                    set(standin.dm_channels.values()))
        return Stage(done, len(acted), cpu, stall, requests)

    async def _pace(self, boards: float, rate: float, steps: asyncio.Queue[None], first: int, until: float) -> None:
        """Let players step `rate` times a second, steered once a second towards `boards` boards a
        second (slots no player was free for are not made up)."""
        counted, second = first, time.perf_counter() + 1
        while (now := time.perf_counter()) < until:
            if now >= second:
                served = sum(s.kind == "board" for s in self.discord.samples[counted:])
                counted, second = len(self.discord.samples), now + 1
                rate *= min(max(boards / served, 0.7), 1.4) if served else 1.4
            if not steps.full():
                steps.put_nowait(None)
            await asyncio.sleep(1 / rate)


def request_kind(request: Request, dm_channels: set[int]) -> str | None:
    """Which kind of Discord request the bot made (`INTERACTION`, `OUTSIDE`; None for others:
    reads, the commands' sync). An interaction's request names its token third in its path."""
    parts = request.path.strip("/").split("/")
    if parts[0] == "interactions":
        return "interaction responses"
    if parts[0] == "webhooks":
        return "follow-ups" if len(parts) == 3 or parts[-1] != "@original" else "interaction responses"
    if parts == ["users", "@me", "channels"]:
        return "direct messages"  # opening the DM channel
    if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages" and request.method in ("POST", "PATCH"):
        if int(parts[1]) in dm_channels:
            return "direct messages"
        return "channel posts" if request.method == "POST" else "edits"
    return None


def requests_by_kind(requests: list[Request], actions: set[str], dm_channels: set[int]) -> dict[str, float]:
    """The requests per board-changing action (`actions`: their tokens), by kind: an interaction's
    own only for those actions, every request outside an interaction (nothing else in the run
    makes them: no deadlines run)."""
    counts = dict.fromkeys((*INTERACTION, *OUTSIDE), 0)
    for request in requests:
        kind = request_kind(request, dm_channels)
        if kind in OUTSIDE or kind in INTERACTION and request.path.strip("/").split("/")[2] in actions:
            counts[kind] += 1
    return {k: n / max(len(actions), 1) for k, n in counts.items()}


async def _let(gate: asyncio.Queue[None] | None, until: float) -> bool:
    """Wait for `gate` (None: go at once); False once the stage is over."""
    if gate is not None:
        try:
            async with asyncio.timeout(max(until - time.perf_counter(), 0.0)):
                await gate.get()
        except TimeoutError:
            return False
    return time.perf_counter() < until


def _figures(full: Stage, paced: Stage) -> list[Figure]:
    """The capacity is judged on the bot's own CPU at saturation (`capacity`: its event loop on one
    core, its drawing on the other), as if it had the 2 cores of this machine to itself: here the
    rig takes most of a core beside it, so what it serves is measured too but not judged."""
    boards = max(len(full.boards), 1)
    loop, drawing = full.cpu.bot / boards, full.cpu.drawing / boards
    serves = capacity(loop, drawing)
    light = (full.rate() - full.rate("board")) / max(full.rate("board"), 1e-9)  # in this mix, for each board
    figures = [
        Figure("load: board-changing commands the bot serves on 2 cores of its own", serves, "/s", TARGET_BOARDS,
               at_least=True),
        Figure("load: … and beside them, commands drawing nothing", serves * light, "/s", 500, at_least=True),
        Figure("load: served here at saturation (the rig on the same cores): board-changing", full.rate("board"),
               "/s"),
        Figure("load: … commands drawing nothing", full.rate() - full.rate("board"), "/s"),
        Figure("load: … of which autocompletes", full.rate("complete"), "/s"),
        Figure("load: at 80 %: board-changing commands", paced.rate("board"), "/s"),
        Figure("load: at 80 %: to the final reply, p99", percentile([s.done for s in paced.samples], 99), "s", FAST),
        Figure("load: at 80 %: board-changing, to the final reply, p99",
               percentile([s.done for s in paced.boards] or [float("nan")], 99), "s", FAST),
        Figure("load: at 80 %: unacknowledged after 3 s",
               sum(s.ack is None or s.ack > 3 for s in paced.samples), "", 1),
        Figure("load: saturation: unacknowledged after 3 s", sum(s.ack is None or s.ack > 3 for s in full.samples), ""),
        Figure("load: crashes", sum(s.crashed for s in (*full.samples, *paced.samples)), "", 1),
        *full.stall.figures("load: saturation"),
        *(Figure(f"load: Discord requests per board-changing action: {kind}", n, "")
          for kind, n in full.requests.items()),
        Figure("load: … of them outside the interaction (posts, edits, DMs)", full.outside, "", OUTSIDE_MOST,
               at_most=True),
        *paced.stall.figures("load: at 80 %"),
    ]
    for name, cores in (("the bot's process", full.cpu.bot), ("its drawing processes", full.cpu.drawing),
                        ("the offline rig (stand-in, gateway, players)", full.cpu.rig),
                        ("other processes", full.cpu.elsewhere)):
        figures.append(Figure(f"load: saturation CPU, {name}", cores / full.cpu.seconds, "cores"))
    figures += [
        Figure("load: the bot's CPU per board, outside drawing (its light commands too)", ms(loop), "ms"),
        Figure("load: drawing CPU per board", ms(drawing), "ms"),
        Figure(f"load: drawing CPU per board that {TARGET_BOARDS}/s needs", ms(drawing_allowed(loop, TARGET_BOARDS)),
               "ms"),
    ]
    return figures
