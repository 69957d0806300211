"""Rebuilding a game's state from its log: used by import and the replay tests.

From the last start entry, every action no undo took back is applied in order, every reseed
entry (written when a game with a hidden deck is imported) reshuffles what is still hidden, and
every seat entry hands a seat to a substitute.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import serial
from rules.base import Actor, Seat
from rules.errors import InvalidData, PlayerError
from waypost.registry import GameEntry, parse_board
from waypost.storage import LogEntry

TAIL = 100  # the most actions an undo can reach back into an imported game


def since_start(entries: list[LogEntry]) -> list[LogEntry]:
    """The actions no undo took back and the reseeds, since the last start, in order."""
    starts = [i for i, e in enumerate(entries) if e.kind == "start"]
    if not starts:
        return []
    since = entries[starts[-1] + 1:]
    undone = {e.undoes for e in since if e.kind == "undo"}
    return [e for e in since if e.kind in ("reseed", "seat") or (e.kind == "action" and e.seq not in undone)]


def reseated(seats: Sequence[Seat], e: LogEntry) -> list[Seat]:
    """The seats after a substitute took one (a "seat" log entry)."""
    seat = serial.load(int, e.body["seat"], f"log entry {e.seq} seat")
    if seat not in range(len(seats)):
        raise InvalidData(f"log entry {e.seq}: there is no seat {seat}")
    changed = list(seats)
    changed[seat] = Seat(serial.load(int, e.body["player_id"], f"log entry {e.seq} player_id"),
                         serial.load(str, e.body["name"], f"log entry {e.seq} name"), seats[seat].colour)
    return changed


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


@dataclass(frozen=True)
class Said:
    """What the rules said of one action when it was replayed (what its log entry must say)."""

    summary: str
    details: tuple[str, ...]
    secret: bool
    reveals: bool
    undoable: bool
    public: str


@dataclass
class Replayed:
    """The state after a log, the encoded state before each action asked for, and what the rules
    said of every action."""

    state: Any
    snapshots: dict[int, Any] = field(default_factory=dict)
    said: dict[int, Said] = field(default_factory=dict)


def replay(game: GameEntry, entries: list[LogEntry]) -> Any:
    """The game's state after its log. Raises InvalidData naming the entry the rules refuse."""
    return replay_keeping(game, entries).state


def replay_keeping(game: GameEntry, entries: list[LogEntry]) -> Replayed:
    """The log replayed, keeping what the rules said of each action and the states before the
    actions an undo could still reach: the last ones, all by one user and each undoable (at most
    TAIL of them)."""
    out = Replayed(None)
    tail: list[tuple[int, Any]] = []  # (seq, state before) of the trailing run of one user's actions
    tail_user: int | None = None
    start = next((e for e in reversed(entries) if e.kind == "start"), None)
    if start is None:
        raise InvalidData("log: there is no start entry")
    state = start_state(game, start.body)
    rules = game.rules
    for e in since_start(entries):
        try:
            if e.kind == "reseed":
                state = rules.reseed(state, serial.load(int, e.body["seed"], f"log entry {e.seq} seed"))
                tail.clear()
                continue
            if e.kind == "seat":
                state = rules.reseat(state, reseated(state.seats, e))
                tail.clear()
                continue
            action = rules.decode_action(e.body["action"])
            actor = serial.load(Actor, e.body["actor"], f"log entry {e.seq} actor")
            if not tail or e.user_id != tail_user:
                tail.clear()
            tail.append((e.seq, state))
            tail_user = e.user_id
            result = rules.apply(state, actor, action)
            if not result.undoable:
                tail.clear()
            state = result.state
            out.said[e.seq] = Said(result.summary, result.details, result.secret, result.reveals, result.undoable,
                                   result.public)
        except (KeyError, TypeError):
            raise InvalidData(f"log entry {e.seq}: expected an action and an actor") from None
        except PlayerError as err:
            raise InvalidData(f"log entry {e.seq}: the rules refuse it: {err}") from None
    out.state = state
    out.snapshots = {seq: rules.encode_state(before) for seq, before in tail[-TAIL:]}
    return out
