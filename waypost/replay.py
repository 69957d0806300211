"""Rebuilding a game's state from its log: used by import and the replay tests.

From the last start entry, every action no undo took back is applied in order, and every reseed
entry (written when a game with a hidden deck is imported) reshuffles what is still hidden.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rules import serial
from rules.base import Actor, Seat
from rules.errors import InvalidData, PlayerError
from waypost.registry import GameEntry, parse_board
from waypost.storage import LogEntry


def since_start(entries: list[LogEntry]) -> list[LogEntry]:
    """The actions no undo took back and the reseeds, since the last start, in order."""
    starts = [i for i, e in enumerate(entries) if e.kind == "start"]
    if not starts:
        return []
    since = entries[starts[-1] + 1:]
    undone = {e.undoes for e in since if e.kind == "undo"}
    return [e for e in since if e.kind == "reseed" or (e.kind == "action" and e.seq not in undone)]


def start_state(game: GameEntry, body: dict[str, Any]) -> Any:
    """The state a 'start' log entry sets up."""
    try:
        raw_board, raw_seats, settings, seed = body["board"], body["seats"], body["settings"], body["seed"]
    except KeyError as e:
        raise InvalidData(f"start entry: missing {e.args[0]!r}") from None
    board = parse_board(game.rules, raw_board, "the game's start entry")
    seats = serial.load(list[Seat], raw_seats, "start entry seats")
    settings = serial.load(dict[str, Any], settings, "start entry settings")
    seed = serial.load(int, seed, "start entry seed")
    return game.rules.setup(board.model, seats, settings, seed)


def replay(game: GameEntry, entries: list[LogEntry]) -> Any:
    """The game's state after its log. Raises InvalidData naming the entry the rules refuse."""
    return replay_keeping(game, entries, ())[0]


def undo_tail(entries: list[LogEntry]) -> list[int]:
    """The actions an undo could still reach: the last ones, all by one user and each undoable."""
    tail: list[LogEntry] = []
    for e in reversed(since_start(entries)):
        if e.kind != "action" or not e.undoable or (tail and e.user_id != tail[0].user_id):
            break
        tail.append(e)
    return [e.seq for e in tail]


def replay_keeping(game: GameEntry, entries: list[LogEntry], keep: Collection[int]) -> tuple[Any, dict[int, Any]]:
    """The state after the log, and the encoded state before each action whose seq is in `keep`."""
    kept: dict[int, Any] = {}
    start = next((e for e in reversed(entries) if e.kind == "start"), None)
    if start is None:
        raise InvalidData("log: there is no start entry")
    state = start_state(game, start.body)
    rules = game.rules
    for e in since_start(entries):
        try:
            if e.kind == "reseed":
                state = rules.reseed(state, serial.load(int, e.body["seed"], f"log entry {e.seq} seed"))
                continue
            action = rules.decode_action(e.body["action"])
            actor = serial.load(Actor, e.body["actor"], f"log entry {e.seq} actor")
            if e.seq in keep:
                kept[e.seq] = rules.encode_state(state)
            state = rules.apply(state, actor, action).state
        except (KeyError, TypeError):
            raise InvalidData(f"log entry {e.seq}: expected an action and an actor") from None
        except PlayerError as err:
            raise InvalidData(f"log entry {e.seq}: the rules refuse it: {err}") from None
    return state, kept
