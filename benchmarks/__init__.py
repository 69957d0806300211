"""Waypost's speed, measured: `python -m benchmarks [--quick] [--only NAME]` (or `make bench`).

Each benchmark is a module with `run(quick) -> list[Figure]` (a coroutine where it drives the real
bot); every figure is printed beside its target with PASS or MISS. Method and results:
docs/performance.md.
"""
