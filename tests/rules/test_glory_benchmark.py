"""benchmarks/glory_rules.py still runs and gives its figures (no verdict: timings vary)."""

from __future__ import annotations

from benchmarks import glory_rules


def test_the_glory_rules_benchmark_runs_quick():
    figures = glory_rules.run(quick=True)
    assert [f.name.rsplit(", ", 1)[1] for f in figures] == ["p50", "p99"]
    assert "five-kingdoms" in figures[0].name and figures[1].target == 1.0
    assert all(f.unit == "ms" and f.value > 0 for f in figures)
