"""Encoding and decoding states fast enough for 18 players on a 380-area map.

The shape is `rules.serial`'s, with two savings:

- fields at their default values are left out of players' ships and steps (and of the board's
  areas); `serial.load` fills them in again;
- the board, ~120 KB of a 126 KB 18-player state and never changing, is not written at all: the
  state names it, `"board": {"name": "oikumene", "sha256": "…"}`, the digest of the board's own
  JSON text (`remember_board`), and decoding gives the board of that digest already loaded (from
  the game's board file, or from a game's start entry: `MegaCivGame.load_board` makes it known).
  A digest no loaded board has raises `UnknownBoard`; the table then loads the board the game
  started with and decodes again. States stored before carry the board's JSON as a string
  (`"board": "{\"map\": …}"`) or as an object (`serial.dump`'s shape): both still decode.

Decoding uses loaders compiled once per type from the dataclasses' type hints: the same strict
checks as `serial.load` (wrong types, unknown and missing fields refused naming the path), without
looking the hints up again for every value.
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable
from typing import Any, Literal

from rules import serial
from rules.errors import InvalidData, UnknownBoard
from rules.frozen import FrozenDict
from rules.megaciv.board import Board
from rules.megaciv.state import MegaState, Player

COUNTERS = ("tokens", "once", "done")

_KNOWN_BOARDS: list[tuple[object, Board]] = []  # (data, board), newest last
_KNOWN_TEXTS: dict[str, Board] = {}  # a board's JSON text → the board
_DUMPED: dict[int, tuple[Board, str, dict[str, str]]] = {}  # id(board) → the board, its text, its reference
_BY_DIGEST: dict[str, Board] = {}  # the boards a stored state may name, by digest, oldest first
_PLAYERS: dict[int, tuple[Player, dict[str, Any]]] = {}
MAX_BOARDS = 8
MAX_NAMED = 64  # boards kept for references: the shipped ones, and any other a game started on
MAX_PLAYERS_CACHED = 256
REFERENCE = frozenset(("name", "sha256"))


# --- encoding ----------------------------------------------------------------------------------


def remember_board(board: Board) -> str:
    """A board's JSON text, made once per board object; decoding it (or equal data) gives this board."""
    return _dumped(board)[1]


def reference(board: Board) -> dict[str, str]:
    """How a stored state names its board: its name and the SHA-256 of its JSON text. The board
    is kept (`name_board`), so that the reference decodes to it."""
    found = _dumped(board)
    name_board(board)
    return found[2]


def name_board(board: Board) -> None:
    """Keep `board` for the states that name it (the oldest kept goes past MAX_NAMED)."""
    digest = _dumped(board)[2]["sha256"]
    if digest not in _BY_DIGEST:
        if len(_BY_DIGEST) >= MAX_NAMED:
            del _BY_DIGEST[next(iter(_BY_DIGEST))]
        _BY_DIGEST[digest] = board


def _dumped(board: Board) -> tuple[Board, str, dict[str, str]]:
    found = _DUMPED.get(id(board))
    if found is not None and found[0] is board:
        return found
    if len(_DUMPED) >= MAX_BOARDS * 2:
        _DUMPED.clear()
    data = _lean(board)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    named = {"name": board.map.name, "sha256": hashlib.sha256(text.encode()).hexdigest()}
    found = _DUMPED[id(board)] = (board, text, named)
    _KNOWN_BOARDS.append((data, board))
    del _KNOWN_BOARDS[:-MAX_BOARDS]
    if len(_KNOWN_TEXTS) >= MAX_BOARDS:
        _KNOWN_TEXTS.clear()
    _KNOWN_TEXTS[text] = board
    return found


_LEAN: dict[type, tuple[tuple[str, Any], ...] | None] = {}  # a dataclass's (field, default); None: not one


def _lean(value: Any) -> Any:
    """`serial.dump(value)` with dataclass fields at their defaults left out (`serial.load` fills them in)."""
    kind = type(value)
    spec = _LEAN[kind] if kind in _LEAN else _LEAN.setdefault(kind, tuple(
        (f.name, f.default) for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else None)
    if spec is not None:
        out = {}
        for field, default in spec:
            item = getattr(value, field)
            if default is not dataclasses.MISSING and item == default:
                continue
            out[field] = _lean(item)
        return out
    if isinstance(value, (list, tuple)):
        return [_lean(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _lean(v) for k, v in value.items()}
    return serial.dump(value)


def encode_player(player: Player) -> dict[str, Any]:
    found = _PLAYERS.get(id(player))
    if found is not None and found[0] is player:
        return found[1]
    data: dict[str, Any] = {}
    for f in dataclasses.fields(player):
        item = getattr(player, f.name)
        data[f.name] = _lean(item) if f.name in ("ships", "steps") else serial.dump(item)
    if len(_PLAYERS) >= MAX_PLAYERS_CACHED:
        _PLAYERS.clear()
    _PLAYERS[id(player)] = (player, data)
    return data


def encode(state: MegaState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(state):
        if f.name == "board":
            out[f.name] = reference(state.board)
        elif f.name == "players":
            out[f.name] = [encode_player(p) for p in state.players]
        else:
            out[f.name] = serial.dump(getattr(state, f.name))
    return out


# --- decoding ----------------------------------------------------------------------------------


class _Refused(Exception):
    """The fast loader met something it does not accept; `serial.load` then says exactly what."""


def _board(data: Any) -> Board:
    if type(data) is dict and data.keys() == REFERENCE:
        return _named(data)
    if type(data) is str:
        known = _KNOWN_TEXTS.get(data)
        if known is not None:
            return known
        data = _board_json(data)
    if isinstance(data, dict):
        for found, board in reversed(_KNOWN_BOARDS):
            if found == data:
                return board
    board = serial.load(Board, data, "state.board")
    remember_board(board)
    return board


def _named(data: dict[str, Any]) -> Board:
    """The board a reference names; UnknownBoard if none kept has its digest."""
    name, digest = data["name"], data["sha256"]
    if type(name) is not str or type(digest) is not str:
        raise InvalidData("state.board: a board is named by its name and digest, as text")
    board = _BY_DIGEST.get(digest)
    if board is None:
        raise UnknownBoard(name, digest)
    if board.map.name != name:
        raise InvalidData(f"state.board: the board with that digest is {board.map.name!r}, not {name[:40]!r}")
    return board


def board_from_text(text: str) -> Board:
    """The board whose JSON text (`remember_board`) this is: the one already known, or decoded."""
    return _board(text)


def _pickled(board: Board) -> tuple[Any, tuple[str]]:
    """A board is pickled as its JSON text (made once per board), which unpickles to the board
    already known by that text: a state sent to a drawing process carries a string, not the ~4,000
    objects of a board and its lookups, and every drawing there shares one board object."""
    return board_from_text, (remember_board(board),)


copyreg.pickle(Board, _pickled)


def _board_json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise InvalidData("state.board: not a board's JSON text") from None


Loader = Callable[[Any], Any]
_COMPILED: dict[Any, Loader] = {}


def loader(tp: Any) -> Loader:
    """A function(data) that builds a `tp` from JSON data, accepting only what `serial.load`
    accepts (it raises `_Refused` on anything else; `decode` then lets `serial.load` name the fault)."""
    found = _COMPILED.get(tp)
    if found is None:
        found = _COMPILED[tp] = _compile(tp)
    return found


def _exact(kind: type) -> Loader:
    def load(data: Any) -> Any:
        if type(data) is not kind:
            raise _Refused
        return data
    return load


def _compile(tp: Any) -> Loader:  # noqa: C901 - one branch per kind of type hint
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Board:
        return _board
    if tp in (int, str, bool):
        return _exact(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1 and type(None) in args:
            item = loader(inner[0])
            return lambda data: None if data is None else item(data)
        kinds = tuple(inner)
        if all(k in (int, bool, str) for k in kinds) and type(None) not in args:
            def load_scalar(data: Any) -> Any:
                if type(data) not in kinds:
                    raise _Refused
                return data
            return load_scalar
        raise TypeError(f"no fast loader for {tp!r}")
    if origin is typing.Literal:
        def load_literal(data: Any) -> Any:
            if type(data) is not str or data not in args:
                raise _Refused
            return data
        return load_literal
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] in (int, str):
            kind = args[0]

            only = {kind}

            def load_flat(data: Any) -> tuple[Any, ...]:
                if type(data) is not list or (data and set(map(type, data)) != only):
                    raise _Refused
                return tuple(data)
            return load_flat
        if args[0] == tuple[Literal["tokens", "once", "done"], str, int]:  # a step's delta
            def load_delta(data: Any) -> tuple[tuple[Any, ...], ...]:
                if type(data) is not list:
                    raise _Refused
                for v in data:
                    if type(v) is not list or len(v) != 3 or v[0] not in COUNTERS or type(v[1]) is not str \
                            or type(v[2]) is not int:
                        raise _Refused
                return tuple(tuple(v) for v in data)
            return load_delta
        item = loader(args[0])

        def load_many(data: Any) -> tuple[Any, ...]:
            if type(data) is not list:
                raise _Refused
            return tuple(item(v) for v in data)
        return load_many
    if origin is tuple:
        items = [loader(a) for a in args]

        def load_fixed(data: Any) -> tuple[Any, ...]:
            if type(data) is not list or len(data) != len(items):
                raise _Refused
            return tuple(f(v) for f, v in zip(items, data))
        return load_fixed
    if origin in (dict, FrozenDict) and args[0] is str:
        made = origin
        if args[1] is int:
            def load_counts(data: Any) -> dict[str, int]:
                if type(data) is not dict or (data and set(map(type, data.values())) != {int}):
                    raise _Refused
                return made(data)  # type: ignore[no-any-return]
            return load_counts
        value = loader(args[1])

        def load_dict(data: Any) -> dict[str, Any]:
            if type(data) is not dict:
                raise _Refused
            return made({k: value(v) for k, v in data.items()})  # type: ignore[no-any-return]
        return load_dict
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _compile_dataclass(tp)
    raise TypeError(f"no fast loader for {tp!r}")


def _compile_dataclass(cls: type) -> Loader:
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    loaders = {f.name: loader(hints[f.name]) for f in fields}
    required = {f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    names = set(loaders)

    empty = cls() if not required else None  # e.g. a ship in stock, written {}

    def load_dataclass(data: Any) -> Any:
        if type(data) is not dict or not names.issuperset(data) or not required.issubset(data):
            raise _Refused
        if not data and empty is not None:
            return empty  # immutable, so one object serves every empty one
        return cls(**{k: loaders[k](v) for k, v in data.items()})
    return load_dataclass


def decode(data: Any) -> MegaState:
    """A state from its JSON data; InvalidData naming the path of the first fault."""
    try:
        state: MegaState = loader(MegaState)(data)
    except _Refused:
        board = data.get("board") if isinstance(data, dict) else None
        if type(board) is str:
            data = {**data, "board": _board_json(board)}
        elif type(board) is dict and board.keys() == REFERENCE:
            data = {**data, "board": serial.dump(_named(board))}  # to check the rest: a fault is named
        state = serial.load(MegaState, data, "state")  # names the fault (or, if it accepts, agrees)
    return state


__all__ = ["decode", "encode", "encode_player", "loader", "name_board", "reference", "remember_board"]
