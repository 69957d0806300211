"""Glory's benchmarks still run and print their figures (no verdict is asserted: timings vary)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("module", "prefix"), [("benchmarks.glory_render", "glory render:"),
                                                ("benchmarks.glory_command", "glory command on")])
def test_quick_glory_benchmarks_print_figures(module, prefix):
    out = subprocess.run([sys.executable, "-m", module, "--quick"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    figures = [line for line in out.stdout.splitlines() if line.strip().startswith(prefix)]
    assert len(figures) >= 2 and all(any(f" {unit} " in f for unit in ("ms", "KB", "%")) for f in figures), out.stdout
