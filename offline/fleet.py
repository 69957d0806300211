"""Real bot processes (`bot.py`, or its launcher) against one stand-in with a gateway and one
database: `async with Fleet(folder, db) as fleet:`, then `fleet.start("a", "--shards", "4", ...)`
and `await fleet.run("@alice", guild, "#lobby", "/game new ...")`.

Every process is told where the stand-in is (WAYPOST_STANDIN), gets a token of its own (so the
gateway's sessions say which process identified them), writes its output to `<folder>/<name>.log`,
leads a process group of its own (killed with it) and has `pythonpath`'s folders first on its
PYTHONPATH: the tests and benchmarks put `tests/processes/guard` there, whose `sitecustomize.py`
refuses any connection beyond this machine."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from front.bot import create_bot, extensions
from offline.gateway import Gateway, Session
from offline.payloads import GUILD_ID, ClientRefusal, PayloadBuilder
from offline.standin import EPHEMERAL, InteractionLog, StandIn
from waypost.config import Config

ROOT = Path(__file__).resolve().parents[1]
SHARDS = 4
GUILDS = [GUILD_ID + (i << 22) for i in range(2 * SHARDS)]  # two servers on each shard
REFUSAL = "⛔"


class Fleet:
    """A stand-in with a gateway of `shards` shards, and the bot processes a test starts; each
    process has the folders of `pythonpath` first on its PYTHONPATH."""

    def __init__(self, folder: Path, db: str, shards: int = SHARDS, max_concurrency: int = 2,
                 pythonpath: Sequence[Path] = ()) -> None:
        self.folder, self.db, self.pythonpath = folder, db, list(pythonpath)
        self.standin = StandIn(gateway=Gateway(shards, max_concurrency, GUILDS))
        self.processes: dict[str, asyncio.subprocess.Process] = {}
        self.builder: PayloadBuilder | None = None
        self.commands = create_bot(Config("", ":memory:", None, "INFO"))  # its command tree, to build payloads from

    @property
    def gateway(self) -> Gateway:
        assert self.standin.gateway is not None
        return self.standin.gateway

    async def __aenter__(self) -> Fleet:
        await self.standin.start()
        for extension in extensions(self.commands.games):
            await self.commands.load_extension(extension)
        self.builder = PayloadBuilder(self.commands.tree, application_id=self.standin.application_id,
                                      directory=self.standin.directory, upload=self.standin.host)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for name in list(self.processes):
            await self.kill(name)
        await self.standin.close()

    def env(self, name: str) -> dict[str, str]:
        return os.environ | {
            "DISCORD_TOKEN": f"token-{name}",
            "WAYPOST_DB": self.db,
            "WAYPOST_STANDIN": self.standin.url,
            "WAYPOST_LOG_LEVEL": "INFO",
            "PYTHONPATH": os.pathsep.join(map(str, [*self.pythonpath, ROOT])),
        }

    async def start(self, name: str, *args: str) -> asyncio.subprocess.Process:
        """Start `bot.py ARGS` as process `name` (its token: token-NAME)."""
        with open(self.folder / f"{name}.log", "ab") as log:
            process = await asyncio.create_subprocess_exec(
                sys.executable, str(ROOT / "bot.py"), *args, cwd=ROOT, env=self.env(name),
                stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        self.processes[name] = process
        return process

    async def kill(self, name: str) -> None:
        """SIGKILL process `name` and everything it started."""
        process = self.processes.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        await process.wait()

    def output(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def left_this_machine(self) -> list[str]:
        """Lines where any process reported a connection attempt beyond this machine."""
        return [line for log in self.folder.glob("*.log") for line in log.read_text(errors="replace").splitlines()
                if "tried to connect to" in line]

    async def run(self, user: str, guild: int, channel: str, line: str,
                  timeout: float = 10.0) -> tuple[InteractionLog, Session]:
        """Run a console line (a slash command, or `!complete /...` for autocomplete of its last
        option) in a channel of `guild`, through the gateway to the process serving its shard: what
        the stand-in recorded, and the session it went to. LookupError if no process serves that
        shard; TimeoutError if the answer does not come."""
        assert self.builder is not None
        self.builder.guild_id = guild
        complete = line.startswith("!complete ")
        path, options, last = self.builder.parse(line.removeprefix("!complete "))
        if not complete:
            payload = self.builder.command(user, channel, path, options)
        elif last is None:
            raise ClientRefusal("!complete needs an option to complete, e.g. game:vi")
        else:
            payload = self.builder.autocomplete(user, channel, path, options, last)
        log = await self.standin.interact(payload, timeout)
        return log, self.gateway.delivered[log.id]

    def answer(self, log: InteractionLog) -> str:
        """The answer everyone saw (its first line), or "" for a private one or a refusal. A command
        acknowledged first ("thinking", its board being drawn) is answered by its first follow-up."""
        message = self.standin.messages.get(log.original_id or 0)
        if message is not None and not message["content"] and log.followup_ids:
            message = self.standin.messages.get(log.followup_ids[0])
        if message is None or message["flags"] & EPHEMERAL or message["content"].startswith(REFUSAL):
            return ""
        return message["content"].split("\n", 1)[0]
