"""Rebuilding a game's state from its log: used by import, moving a database, recaps and the
replay tests.

From the last start entry, every action is applied in order and every undo restores the state
before the action it takes back (`replay_keeping`; `steps` skips the actions taken back), every
reseed entry (written when a game with a hidden deck is imported) reshuffles what is still hidden,
and every seat entry hands a seat to a substitute.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import serial
from rules.base import Actor, Result, Seat
from rules.errors import InvalidData, PlayerError
from rules.messages import Msg
from waypost.records import LogEntry
from waypost.registry import GameEntry, parse_board

TAIL = 100  # the most actions an undo can reach back into an imported game
Vet = Callable[[LogEntry, Any], None]  # checks an action entry against the state before it


class Refused(InvalidData):
    """The rules refused a logged action on replay: the entry's number and their refusal."""

    def __init__(self, seq: int, fault: PlayerError):
        super().__init__(f"log entry {seq}: the rules refuse it: {fault}")
        self.seq, self.fault = seq, fault


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
        raise InvalidData(Msg("log entry {seq}: there is no seat {seat}", seq=e.seq, seat=seat))
    changed = list(seats)
    changed[seat] = Seat(serial.load(int, e.body["player_id"], f"log entry {e.seq} player_id"),
                         serial.load(str, e.body["name"], f"log entry {e.seq} name"), seats[seat].colour)
    return changed


def start_state(game: GameEntry, body: dict[str, Any]) -> Any:
    """The state a 'start' log entry sets up."""
    try:
        raw_board, raw_seats, settings, seed = body["board"], body["seats"], body["settings"], body["seed"]
    except KeyError as e:
        raise InvalidData(Msg("start entry: missing {field}", field=repr(e.args[0]))) from None
    board = parse_board(game.rules, raw_board, "the game's start entry")
    seats = serial.load(list[Seat], raw_seats, "start entry seats")
    settings = serial.load(dict[str, Any], settings, "start entry settings")
    seed = serial.load(int, seed, "start entry seed")
    return game.rules.setup(board.model, seats, settings, seed)


@dataclass(frozen=True)
class Said:
    """What the rules said of one action when it was replayed (what its log entry must say: its
    details are the result's and then its proof)."""

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


@dataclass(frozen=True)
class Step:
    """One log entry that changed the state on replay: the state before and after it, and what the
    rules said of it (an action's result; None for a reseed or a substitute)."""

    entry: LogEntry
    before: Any
    result: Result[Any] | None
    after: Any


def opening(game: GameEntry, entries: list[LogEntry]) -> Any:
    """The state the log's last start entry set up."""
    start = next((e for e in reversed(entries) if e.kind == "start"), None)
    if start is None:
        raise InvalidData(Msg("{field}: there is no start entry", field="log"))
    return start_state(game, start.body)


def steps(game: GameEntry, entries: list[LogEntry], state: Any) -> Iterator[Step]:
    """Every entry since the last start that changes the state, applied in order to `state`."""
    for e in since_start(entries):
        step = applied(game, e, state)
        yield step
        state = step.after


def applied(game: GameEntry, e: LogEntry, state: Any) -> Step:
    """One action, reseed or substitute applied to `state`; InvalidData if the rules refuse it."""
    rules = game.rules
    result = None
    try:
        if e.kind == "reseed":
            after = rules.reseed(state, serial.load(int, e.body["seed"], f"log entry {e.seq} seed"))
        elif e.kind == "seat":
            after = rules.reseat(state, reseated(state.seats, e))
        else:
            action = rules.decode_action(e.body["action"])
            actor = serial.load(Actor, e.body["actor"], f"log entry {e.seq} actor")
            result = rules.apply(state, actor, action)
            after = result.state
    except (KeyError, TypeError):
        raise InvalidData(Msg("log entry {seq}: expected an action and an actor", seq=e.seq)) from None
    except PlayerError as err:
        raise Refused(e.seq, err) from None
    return Step(e, state, result, after)


def frames(game: GameEntry, entries: list[LogEntry], count: int) -> list[Step]:
    """The last `count` actions of the log, oldest first, each with the state after it (a recap)."""
    kept: deque[Step] = deque(maxlen=count)
    for step in steps(game, entries, opening(game, entries)):
        if step.result is not None:
            kept.append(step)
    return list(kept)


def replay_keeping(game: GameEntry, entries: list[LogEntry], vet: Vet | None = None) -> Replayed:
    """The log replayed as it was played, undos included (an undo restores the state before the
    action it takes back, which is the latest one not taken back), keeping what the rules said of
    every action, those taken back too, and the states before the actions an undo could still
    reach: the last ones, all by one user and each undoable (at most TAIL of them). `vet`, when
    given, checks every action entry against the state before it first."""
    out = Replayed(opening(game, entries))
    start = max(i for i, e in enumerate(entries) if e.kind == "start")
    played: list[Step] = []  # the actions not taken back, for undo
    tail: list[Step] = []  # the trailing run of one user's undoable actions
    for e in entries[start + 1:]:
        if e.kind == "undo":
            if not played or played[-1].entry.seq != e.undoes:
                raise InvalidData(Msg("log entry {seq}: it takes back entry {undoes}, not the latest action that "
                                      "can be taken back", seq=e.seq, undoes=e.undoes))
            out.state = played.pop().before
            if tail and tail[-1].entry.seq == e.undoes:
                tail.pop()
            continue
        if e.kind not in ("action", "reseed", "seat"):
            continue
        if vet is not None and e.kind == "action":
            vet(e, out.state)
        step = applied(game, e, out.state)
        result = step.result
        if result is None or not result.undoable or (tail and e.user_id != tail[0].entry.user_id):
            tail.clear()
        if result is None:
            played.clear()  # no undo reaches back past a reshuffle or a substitute
        else:
            played.append(step)
            tail += [step] if result.undoable else []
            out.said[e.seq] = Said(result.summary, (*result.details, *result.proof), result.secret, result.reveals,
                                   result.undoable, result.public)
        out.state = step.after
    out.snapshots = {s.entry.seq: game.rules.encode_state(s.before) for s in tail[-TAIL:]}
    return out
