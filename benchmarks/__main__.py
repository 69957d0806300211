"""python -m benchmarks [--quick] [--only NAME ...] [--store sqlite|postgres]: run the benchmarks, print figures
and verdicts.

With `--store postgres` every benchmark that stores games runs on a fresh schema of the PostgreSQL
server `WAYPOST_BENCH_PG` names (a URL on 127.0.0.1), dropped afterwards; the others run as ever.
Exits 1 if any figure misses its target.
"""

from __future__ import annotations

import argparse
import inspect
import os
import platform
import sys
import time
from datetime import UTC, datetime

from benchmarks import (
    command,
    flood,
    glory_command,
    glory_render,
    glory_rules,
    load,
    long_game,
    megaciv_command,
    megaciv_options,
    megaciv_render,
    megaciv_rules,
    memory,
    render,
    rules,
    scaling,
    skye_command,
    skye_options,
    skye_render,
    skye_rules,
)
from benchmarks.figures import Figure
from benchmarks.fixtures import STORES, store_info, use_store, watched
from render import png
from waypost import runtime

BENCHMARKS = {"rules": rules, "render": render, "command": command, "load": load, "memory": memory, "long": long_game,
              "flood": flood,
              "glory-rules": glory_rules, "glory-render": glory_render, "glory-command": glory_command,
              "skye-rules": skye_rules, "skye-options": skye_options, "skye-render": skye_render,
              "skye-command": skye_command,
              "megaciv-rules": megaciv_rules, "megaciv-render": megaciv_render, "megaciv-command": megaciv_command,
              "megaciv-options": megaciv_options,
              "scaling": scaling}
OWN_PROCESS = {"load", "scaling"}  # the bot in processes of its own
STORING = {"command", "load", "memory", "long", "flood", "glory-command", "skye-command", "megaciv-command", "scaling"}


def run(names: list[str], quick: bool, store: str = "sqlite") -> list[Figure]:
    """Run the named benchmarks in order, printing each figure as it comes; those that store games
    say on which `store` they ran."""
    figures: list[Figure] = []
    for name in names:
        started = time.perf_counter()
        result = BENCHMARKS[name].run(quick)
        if inspect.iscoroutine(result):  # the bot's own stalls where it has a process of its own
            found = runtime.run(result if name in OWN_PROCESS else watched(name, result))
        else:
            found = result
        for figure in found:
            print(figure.line(), flush=True)
        where = f" on {store}" if name in STORING else ""
        print(f"  ({name}{where}: {time.perf_counter() - started:.1f} s)", flush=True)
        figures += found
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (the load run's stages last 5 s)")
    parser.add_argument("--only", action="append", choices=BENCHMARKS, metavar="NAME",
                        help=f"run only this benchmark (repeatable): {', '.join(BENCHMARKS)}")
    parser.add_argument("--store", choices=STORES, default="sqlite",
                        help="where the benchmarks that store games keep them (postgres: the server WAYPOST_BENCH_PG "
                             "names; default sqlite)")
    args = parser.parse_args(argv)
    use_store(args.store)
    cores = len(os.sched_getaffinity(0))
    print(f"Waypost benchmarks{' (quick)' if args.quick else ''}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
          f"Python {platform.python_version()}, {cores} cores, {platform.machine()}", flush=True)
    print(f"Store: {runtime.run(store_info())}; PNG deflate: {png.DEFLATE} level {png.LEVEL}", flush=True)
    figures = run(args.only or list(BENCHMARKS), args.quick, args.store)
    missed = [f for f in figures if f.passed is False]
    print(f"{len(missed)} of {sum(f.passed is not None for f in figures)} targets missed" if missed
          else "every target met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
