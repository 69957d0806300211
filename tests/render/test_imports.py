"""Every module of render/ imports on its own, and render/ has no import cycles (counting imports
made only for type checking: a cycle there is still a tangle)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "render"


def modules(package: str) -> dict[str, Path]:
    """Every module of `package` by dotted name (a package by its __init__)."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that module `name` imports, wherever in it (also under
    TYPE_CHECKING or inside functions). `from a import b` is an import of `a.b` when that is a
    module, else of `a`; the parent packages a submodule import runs implicitly are not counted."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in out if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_render_has_no_import_cycles():
    known = modules(PACKAGE)
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert graph["render.vikings.key"], "the import graph is empty: the parser is broken"
    assert cycles(graph) == []


def test_shared_drawing_modules_import_no_game():
    """render/<module>.py is shared: it imports neither rules nor a game's renderer package."""
    shared = modules(PACKAGE)
    games = [name for name, path in shared.items() if path.name == "__init__.py" and name != PACKAGE]
    known = {**shared, **modules("rules")}
    for name, path in shared.items():
        if path.parent == ROOT / PACKAGE and path.name != "__init__.py":
            used = imports(name, path, known)
            assert not [m for m in used if m.split(".")[0] == "rules" or any(
                m == g or m.startswith(g + ".") for g in games)], name


@pytest.mark.parametrize("name", sorted(modules(PACKAGE)))
def test_every_module_imports(name):
    importlib.import_module(name)
