"""A measured figure beside its target, and the statistics the benchmarks share."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """`value` in `unit` must be below `target` (with `at_least`, at least it; with `at_most`, at most
    it); no target: context."""

    name: str
    value: float
    unit: str
    target: float | None = None
    at_least: bool = False
    at_most: bool = False

    @property
    def passed(self) -> bool | None:
        if self.target is None:
            return None
        if self.at_most:
            return self.value <= self.target
        return self.value >= self.target if self.at_least else self.value < self.target

    def line(self) -> str:
        shown = f"{self.value:,.2f}" if self.value < 100 else f"{self.value:,.0f}"
        sign = "≥" if self.at_least else "≤" if self.at_most else "<"
        goal = "" if self.target is None else f"{sign} {self.target:g} {self.unit}"
        verdict = {True: "PASS", False: "MISS", None: ""}[self.passed]
        return f"  {self.name:<52} {shown:>9} {self.unit:<5} {goal:<14} {verdict}"


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank `q`th percentile (0 < q ≤ 100) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def ms(seconds: float) -> float:
    return seconds * 1000


def standalone(run: Callable[[bool], list[Figure]], argv: list[str] | None = None) -> int:
    """A benchmark run on its own (`python -m benchmarks.NAME [--quick]`): its figures printed;
    1 if one misses its target."""
    figures = run("--quick" in (argv if argv is not None else sys.argv[1:]))
    for figure in figures:
        print(figure.line())
    return 1 if any(f.passed is False for f in figures) else 0
