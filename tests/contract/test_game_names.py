"""Adding a game touches no shared file (docs/architecture.md, "Adding a game"): no module outside a
game's own packages names it in code (docstrings and comments may use a game as an example); no
shared test lists the games (it may play one game as its example), each game bringing its cases for
the shared tests in tests/games/<key>.py; and the README's table of games is the registry's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games import default_games
from tests.games import own as cases

ROOT = Path(__file__).resolve().parent.parent.parent
SHARED = ("rules", "render", "waypost", "games", "front", "cogs", "offline", "tools", "bot.py", "benchmarks")
CASES = ("RANDOM_PLAY", "LEGIBILITY", "BY_TAPS", "DEADLINE", "SECRET_LINES")  # what tests/games/<key>.py defines


def own(path: Path, key: str) -> bool:
    """Whether `path` belongs to game `key`: its rules, renderer, cog, registry entry, benchmarks, data
    tools, tests (`test_<key>_*.py`, `<key>_fixtures.py`) and cases (`tests/games/<key>.py`)."""
    parts = path.relative_to(ROOT).parts
    stem = path.stem.removeprefix("test_")
    return key in parts or stem == key or stem.startswith(f"{key}_")


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


def test_no_shared_test_names_more_than_one_game():
    """A shared test naming several games is a list a new game would have to join: a test for every
    game reads each game's cases through the registry (tests/games/<key>.py)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        named = sorted(key for key in default_games() if not own(path, key) and key in names_in_code(path))
        if len(named) > 1:
            found.append(f"{path.relative_to(ROOT)} names {', '.join(named)}")
    assert found == []


def test_every_game_brings_its_cases_for_the_shared_tests():
    assert {p.stem for p in (ROOT / "tests" / "games").glob("*.py")} - {"__init__"} == set(default_games())
    missing = [f"tests/games/{key}.py: {name}" for key in default_games() for name in CASES
               if not hasattr(cases(key), name)]
    assert missing == []
    assert all(cases(key).RANDOM_PLAY and cases(key).LEGIBILITY for key in default_games())


def test_the_readmes_table_of_games_is_the_registrys():
    """Each row of the README's table names a game by its title and key (`Tiny Epic Vikings (`vikings`)`)."""
    rows = re.findall(r"^\| (.+?) \(`([^`]+)`\) \|", (ROOT / "README.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(rows) == sorted((entry.rules.title, key) for key, entry in default_games().items())
