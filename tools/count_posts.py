"""Count what a game's channel is sent in one round (docs/play-by-post.md): each script of
tests/scripts/rounds/ is played through the offline console, once with the host's `chatter`
setting quiet and once loud, and the public messages posted in the game's channel between its
"# round starts" and "# round ends" lines are counted, boards (messages with an image) among them,
with the characters of their text, and the announcement lines edited in place rather than posted
anew. Every line of a script must be
accepted: a refused one stops the count, naming it.

    python tools/count_posts.py [--seed N] [SCRIPT ...]

To count another checkout (the channel as it was before the quiet channel, say), put it first on
the path: `PYTHONPATH=/path/to/checkout python tools/count_posts.py`. A checkout without the
`chatter` setting refuses the line that sets it; that refusal alone is let through, and both
columns then show that checkout's one way of posting.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import itertools
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the project after any checkout put first on the path
    sys.path.append(str(ROOT))

from front.bot import create_bot  # noqa: E402
from offline.console import Console, ConsoleOptions  # noqa: E402
from offline.harness import OfflineDiscord  # noqa: E402
from waypost.config import UNBUDGETED, Config  # noqa: E402

ROUNDS = ROOT / "tests" / "scripts" / "rounds"
START, END = "# round starts", "# round ends"
REFUSED = ("⛔", "  refused:")  # how the console prints a refusal, the bot's or the client's
MODES = ("loud", "quiet")


@dataclass(frozen=True)
class Count:
    """What the channel was sent in a round: messages posted, boards among them, the characters of
    their text, lines edited in place."""

    posts: int
    boards: int
    characters: int
    edits: int


async def count(script: Path, chatter: str, seed: int = 1) -> Count:
    """Play `script` with the host's `chatter` setting, counting its round."""
    with tempfile.TemporaryDirectory(prefix="waypost-count-") as folder:
        config = Config(token="", db=str(Path(folder) / "count.sqlite3"), dev_guild=None, log_level="WARNING",
                        **UNBUDGETED, tick_seconds=0)
        async with OfflineDiscord(lambda: create_bot(config, seeds=itertools.count(seed).__next__)) as harness:
            out = io.StringIO()
            console = Console(harness, ConsoleOptions(images=Path(folder) / "images"), out)
            host, seen, requests = "", set(), 0
            for line in script.read_text(encoding="utf-8").splitlines():
                if "/game new" in line and not host:
                    host = line.split()[0]
                if line.strip() == START:
                    user = console.user
                    said = await _run(console, out, f"{host} /game settings name:chatter value:{chatter}")
                    if any(r in said for r in REFUSED) and "chatter" not in said:
                        raise RuntimeError(f"{script.name}: setting chatter: {said.strip()}")
                    console.user = user
                    seen, requests = set(harness.standin.messages), len(harness.standin.requests)
                elif line.strip() == END:
                    channel = harness.builder.directory.channel_id(console.channel)
                    new = [harness.standin.message(m) for m in set(harness.standin.messages) - seen]
                    public = [m for m in new if m.channel_id == channel and not m.ephemeral]
                    edited = re.compile(rf"/channels/{channel}/messages/\d+$")
                    edits = [r for r in harness.standin.requests[requests:] if r.method == "PATCH"
                             and edited.search(r.path)]
                    return Count(len(public), sum(bool(m.attachments) for m in public),
                                 sum(len(m.content) for m in public), len(edits))
                else:
                    said = await _run(console, out, line)
                    if any(r in said for r in REFUSED):
                        raise RuntimeError(f"{script.name}: {line!r} was refused:{said}")
    raise RuntimeError(f"{script.name} has no {START!r} and {END!r} lines")


async def _run(console: Console, out: io.StringIO, line: str) -> str:
    """What the console printed for one line."""
    mark = out.tell()
    await console.handle(line)
    if console.crashes:
        raise RuntimeError(f"the bot crashed on {line!r}:{out.getvalue()[mark:]}")
    return out.getvalue()[mark:]


async def table(scripts: list[Path], seed: int) -> list[str]:
    """The figures as a Markdown table, a row per script."""
    rows = ["| round | " + " | ".join(f"{m}: posts, boards, characters, lines edited" for m in MODES) + " |",
            "|---|" + "---|" * len(MODES)]
    for script in scripts:
        counts = [await count(script, mode, seed) for mode in MODES]
        rows.append(f"| {script.stem} | " + " | ".join(f"{c.posts}, {c.boards}, {c.characters:,}, {c.edits}"
                                                         for c in counts) + " |")
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/count_posts.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the games' shuffles (default 1)")
    parser.add_argument("scripts", nargs="*", type=Path, help="round scripts (default: tests/scripts/rounds/)")
    args = parser.parse_args(argv)
    scripts = args.scripts or sorted(ROUNDS.glob("*.txt"))
    print("\n".join(asyncio.run(table(scripts, args.seed))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
