"""Adding a game touches no shared file (docs/architecture.md, "Adding a game"): no module outside a
game's own packages names it in code (docstrings and comments may use a game as an example)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SHARED = ("rules", "render", "waypost", "games", "front", "cogs", "offline", "tools", "bot.py", "benchmarks")


def own(path: Path, key: str) -> bool:
    """Whether `path` belongs to game `key`: its rules, renderer, cog, registry entry, benchmarks, data tools."""
    parts = path.relative_to(ROOT).parts
    return key in parts or path.stem == key or path.stem.startswith(f"{key}_")


def names_in_code(path: Path) -> set[str]:
    """Identifiers and string constants of a module, docstrings left out, as lower-case words."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words |= set(re.findall(r"[a-z]+", node.value.lower()))
        elif isinstance(node, ast.Name):
            words |= set(node.id.lower().split("_"))
        elif isinstance(node, ast.Attribute):
            words |= set(node.attr.lower().split("_"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            words |= set(re.split(r"[._]", node.module.lower()))
        elif isinstance(node, ast.Import):
            words |= {w for alias in node.names for w in re.split(r"[._]", alias.name.lower())}
    return words


def test_no_shared_module_names_a_game(games):
    files = [p for top in SHARED for p in ([ROOT / top] if top.endswith(".py") else (ROOT / top).rglob("*.py"))]
    found = [f"{p.relative_to(ROOT)} names {key}" for key in games if key != "tally" for p in files
             if not own(p, key) and key in names_in_code(p)]
    assert found == []
