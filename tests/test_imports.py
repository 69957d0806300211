"""Every module of the project imports on its own, in a fresh interpreter (no module relies on
another having been imported first). Layers and cycles are checked by `lint-imports` (pyproject)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "render", "waypost", "games", "front", "cogs", "offline", "benchmarks", "tools")


def modules() -> list[str]:
    found = []
    for package in PACKAGES:
        found.append(package)
        found += [m.name for m in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}.")]
    return found


def test_every_module_imports_on_its_own():
    script = ("import importlib, sys\n"
              f"ours = {PACKAGES!r}\n"
              "for name in sys.argv[1:]:\n"
              "    for gone in [m for m in sys.modules if m.split('.')[0] in ours]:\n"
              "        del sys.modules[gone]\n"
              "    importlib.import_module(name)\n")
    done = subprocess.run([sys.executable, "-c", script, *modules()], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
