"""The game registry: what each game plugs in (rules, renderer, board files).

Adding a game is one `GameEntry` in `default_games()` plus its rules package, renderer, cog and
data folder; nothing else changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from render import vikings as vikings_render
from rules.base import BoardInfo, Game, Setting
from rules.errors import BadInput, InvalidData
from rules.vikings import GAME as VIKINGS

ROOT = Path(__file__).resolve().parent.parent
HOST_SETTINGS = (
    Setting("deadline_hours", 0, "hours each player has to act before status shows them late (0: none)",
            minimum=0, maximum=720),
)


@dataclass(frozen=True)
class Board:
    """A board file, validated: its raw JSON (kept for logs and exports) and the game's model."""

    raw: Any
    model: Any
    info: BoardInfo


@dataclass(eq=False)
class GameEntry:
    """One game as the host sees it. `draw(state, viewer_seat)` returns PNG bytes."""

    rules: Game
    draw: Callable[[Any, int | None], bytes]
    boards_dir: Path

    @property
    def key(self) -> str:
        return self.rules.key

    @cached_property
    def boards(self) -> dict[str, Board]:
        """Every board file of this game, validated once; a bad file raises InvalidData."""
        boards: dict[str, Board] = {}
        for path in sorted(self.boards_dir.glob("*.json")):
            board = load_board_file(self.rules, path)
            if board.info.name in boards:
                raise InvalidData(f"{_shown(path)}: name: board {board.info.name!r} is defined twice")
            boards[board.info.name] = board
        if not boards:
            raise InvalidData(f"{_shown(self.boards_dir)}: no board files (*.json) for {self.rules.title}")
        return boards

    def board(self, name: str) -> Board:
        try:
            return self.boards[name]
        except KeyError:
            names = ", ".join(self.boards)
            raise BadInput(f"{self.rules.title} has no board {name[:60]!r}. Boards: {names}.") from None


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def load_board_file(rules: Game, path: Path) -> Board:
    """Read and validate one board file; InvalidData names the file, the field and the fault."""
    shown = _shown(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise InvalidData(f"{shown}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidData(f"{shown}: cannot be read ({e})") from None
    return parse_board(rules, raw, shown)


def parse_board(rules: Game, raw: Any, source: str) -> Board:
    """Validate a board's JSON (from a file or an import)."""
    model = rules.load_board(raw, source)
    return Board(raw, model, rules.board_info(model))


def default_games() -> dict[str, GameEntry]:
    """The games Waypost ships."""
    entries = [GameEntry(VIKINGS, vikings_render.draw, ROOT / "data" / "vikings" / "maps")]
    return {e.key: e for e in entries}
