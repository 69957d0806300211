"""The game registry: what each game plugs in (rules, renderer, data files, cog).

Each game is registered once, by a module in the `games` package that defines `ENTRY`
(`games.default_games()` collects them). A game's data folder holds its boards as `maps/*.json` and, for
a game with `parts`, the shared files `<part>.json` every board is combined with.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from render.markers import seat_marker
from rules.base import BoardInfo, Game, Highlight, Posted, Setting
from rules.errors import BadInput, InvalidData
from rules.messages import Msg
from rules.options import Step
from waypost.i18n import SOURCE, languages

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
HOST_SETTINGS = (  # the table's, for every game; the host changes them at any time (logged)
    Setting("deadline_hours", 0, Msg("hours each player has to act once the game waits for them (0: no deadline)"),
            minimum=0, maximum=720),
    Setting("remind_percent", 50, Msg("remind a player when this share of their time has passed (0: never)"),
            minimum=0, maximum=99),
    Setting("remind_hours", 1, Msg("remind a player this many hours before their deadline (0: never)"),
            minimum=0, maximum=168),
    Setting("deadline_action", "notify", Msg("at the deadline: notify the host, or play the game's default move"),
            choices=("notify", "default")),
    Setting("away_days", 7, Msg("the most days a player may set themselves away at once"), minimum=0, maximum=30),
    Setting("away_total_days", 21, Msg("the most days in all each player may be away during the game"), minimum=0,
            maximum=365),
    Setting("board_images", "every", Msg("a new board image after every change, once a turn, or one live board "
            "message edited in place (each action then a line of text)"), choices=("every", "turn", "live")),
    Setting("chatter", "quiet", Msg("quiet: a board only when the map changes, one line a player for their secret "
            "moves, a reveal's proof behind Verify; loud: every board, every line, every proof"),
            choices=("quiet", "loud")),
    Setting("language", SOURCE, Msg("the language of the channel's posts and boards (set from the server's preferred "
            "language when the game is opened)"), choices=languages()),
    Setting("show_ready", "off", Msg("whether /game status counts the players whose next turn is prepared (never "
            "whose, nor what)"), choices=("off", "count")),
)
Draw = Callable[[Any, int | None, str | None, Highlight | None, Posted | None], bytes]
Picture = Callable[[Any, int | None, Step], bytes]


@dataclass(frozen=True)
class Board:
    """A board, validated: its raw JSON (kept for logs and exports) and the game's model."""

    raw: Any
    model: Any
    info: BoardInfo


@dataclass(eq=False)
class GameEntry:
    """One game as the host sees it: its rules, `draw(state, viewer_seat, focus, highlight, posted)
    -> PNG bytes` (a module-level function: it is sent by name to the drawing processes; `focus`
    is None or one of the game's `focuses`; `highlight` None, or a piece and where it can go,
    drawn over the whole board; `posted` None, or the action just taken, for the view the channel
    is posted), its data folder, the module of its cog (None for a game without commands of
    its own), `marker(board, colour)`, a seat's marker in words as `draw` draws it ("a circle
    marked R"; by default the shared styles'), and `picture(state, viewer_seat, step) -> PNG bytes`
    (module-level too), the picture a turn card shows privately beside each step of the action
    kinds the rules name `pictured` (the state as the chooser sees it; None for a game without)."""

    rules: Game[Any]
    draw: Draw
    data: Path
    cog: str | None = None
    marker: Callable[[Any, str], str] = seat_marker
    picture: Picture | None = None

    @property
    def key(self) -> str:
        return self.rules.key

    @cached_property
    def boards(self) -> dict[str, Board]:
        """Every board of this game, validated once; a bad file raises InvalidData."""
        parts = {part: read_json(self.data / f"{part}.json") for part in self.rules.parts}
        boards: dict[str, Board] = {}
        for path in sorted((self.data / "maps").glob("*.json")):
            raw = read_json(path)
            board = parse_board(self.rules, {"map": raw, **parts} if parts else raw, shown(path))
            if board.info.name in boards:
                raise InvalidData(f"{shown(path)}: name: board {board.info.name!r} is defined twice")
            boards[board.info.name] = board
        if not boards:
            raise InvalidData(f"{shown(self.data / 'maps')}: no board files (*.json) for {self.rules.title}")
        return boards

    def board(self, name: str) -> Board:
        try:
            return self.boards[name.strip()]
        except KeyError:
            names = ", ".join(self.boards)
            raise BadInput(f"{self.rules.title} has no board {name[:60]!r}. Boards: {names}.") from None


def shown(path: Path) -> str:
    """A path as an error names it: relative to the project when inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def read_json(path: Path) -> Any:
    """A data file's JSON; InvalidData names the file and the fault."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise InvalidData(f"{shown(path)}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidData(f"{shown(path)}: cannot be read ({e})") from None


def parse_board(rules: Game[Any], raw: Any, source: str) -> Board:
    """Validate a board's JSON (from the data folder or from a game's log)."""
    model = rules.load_board(raw, source)
    return Board(raw, model, rules.board_info(model))
