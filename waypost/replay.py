"""Rebuilding a game's state from its log: used by undo, import and the replay tests."""

from __future__ import annotations

from typing import Any

from rules import serial
from rules.base import Actor, Seat
from rules.errors import InvalidData, PlayerError
from waypost.registry import GameEntry, parse_board
from waypost.storage import LogEntry


def effective_actions(entries: list[LogEntry]) -> list[LogEntry]:
    """The action entries since the last start that no undo has taken back, in order."""
    starts = [i for i, e in enumerate(entries) if e.kind == "start"]
    if not starts:
        return []
    since = entries[starts[-1] + 1:]
    undone = {e.undoes for e in since if e.kind == "undo"}
    return [e for e in since if e.kind == "action" and e.seq not in undone]


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
    """Apply every effective action from the last start entry; the result is the game's state.

    Raises InvalidData naming the entry whose action the rules refuse.
    """
    start = next((e for e in reversed(entries) if e.kind == "start"), None)
    if start is None:
        raise InvalidData("log: there is no start entry")
    state = start_state(game, start.body)
    for e in effective_actions(entries):
        try:
            action = game.rules.decode_action(e.body["action"])
            actor = serial.load(Actor, e.body["actor"], f"log entry {e.seq} actor")
            state = game.rules.apply(state, actor, action).state
        except (KeyError, TypeError):
            raise InvalidData(f"log entry {e.seq}: expected an action and an actor") from None
        except PlayerError as err:
            raise InvalidData(f"log entry {e.seq}: the rules refuse it: {err}") from None
    return state
