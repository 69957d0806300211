"""python -m benchmarks [OPTIONS]: run the benchmarks, print figures and verdicts.

The benchmarks are the modules of this package that declare a `NAME` (`declared`): the host-level
ones (load, memory, long, flood, scaling) play a workload game (`benchmarks.workload`), each game's
own `benchmarks/<game>_*.py` time its rules, drawing and commands. With `--store
postgres` every benchmark that stores games runs on a fresh schema of the PostgreSQL server
`WAYPOST_BENCH_PG` names (a URL on 127.0.0.1), dropped afterwards; the others run as ever.
Exits 1 if any figure misses its target.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import pkgutil
import platform
import sys
import time
from datetime import UTC, datetime
from types import ModuleType

import benchmarks
from benchmarks.figures import Figure
from benchmarks.fixtures import STORES, store_info, use_store, watched
from benchmarks.workload import use_workload, workload, workloads
from render import png
from waypost import runtime

ORDER = 10  # where a benchmark without an `ORDER` runs (each game's own): after the host-level ones, before scaling


def declared() -> dict[str, ModuleType]:
    """Every benchmark: each module of this package that declares one (`NAME`; `ORDER`, lower
    first, then by name; `STORING`: it stores games; `OWN_PROCESS`: the bot runs in processes of
    its own), by name in the order they run. Adding a game's `benchmarks/<game>_*.py` adds its own."""
    modules = [importlib.import_module(f"benchmarks.{m.name}") for m in pkgutil.iter_modules(benchmarks.__path__)
               if not m.name.startswith("_")]
    found = sorted((m for m in modules if hasattr(m, "NAME")), key=lambda m: (getattr(m, "ORDER", ORDER), m.NAME))
    named = {m.NAME: m for m in found}
    if len(named) < len(found):
        raise RuntimeError(f"two benchmarks share a name: {sorted(m.NAME for m in found)}")
    return named


def run(names: list[str], quick: bool, store: str = "sqlite") -> list[Figure]:
    """Run the named benchmarks in order, printing each figure as it comes; those that store games
    say on which `store` they ran."""
    every, figures = declared(), []
    for name in names:
        module, started = every[name], time.perf_counter()
        result = module.run(quick)
        if inspect.iscoroutine(result):  # the bot's own stalls where it has a process of its own
            found = runtime.run(result if getattr(module, "OWN_PROCESS", False) else watched(name, result))
        else:
            found = result
        for figure in found:
            print(figure.line(), flush=True)
        where = f" on {store}" if getattr(module, "STORING", False) else ""
        print(f"  ({name}{where}: {time.perf_counter() - started:.1f} s)", flush=True)
        figures += found
    return figures


def main(argv: list[str] | None = None) -> int:
    every, games = declared(), workloads()
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (the load run's stages last 5 s)")
    parser.add_argument("--only", action="append", choices=every, metavar="NAME",
                        help=f"run only this benchmark (repeatable): {', '.join(every)}")
    parser.add_argument("--store", choices=STORES, default="sqlite",
                        help="where the benchmarks that store games keep them (postgres: the server WAYPOST_BENCH_PG "
                             "names; default sqlite)")
    parser.add_argument("--workload", choices=games, metavar="GAME",
                        help=f"the game the host-level benchmarks play (of {', '.join(games)}; default the first)")
    args = parser.parse_args(argv)
    use_store(args.store)
    use_workload(args.workload)
    cores = len(os.sched_getaffinity(0))
    print(f"Waypost benchmarks{' (quick)' if args.quick else ''}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
          f"Python {platform.python_version()}, {cores} cores, {platform.machine()}", flush=True)
    print(f"Store: {runtime.run(store_info())}; PNG deflate: {png.DEFLATE} level {png.LEVEL}", flush=True)
    if len(games) > 1:
        print(f"Workload of the host-level benchmarks: {workload().key}", flush=True)
    figures = run(args.only or list(every), args.quick, args.store)
    missed = [f for f in figures if f.passed is False]
    print(f"{len(missed)} of {sum(f.passed is not None for f in figures)} targets missed" if missed
          else "every target met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
