"""Tally: a tiny game used only by tests, exercising every flow the host offers.

Players take turns adding 1–3 to a shared total (turn flow). Landing on a multiple of 5 asks
the next player a decision ("up" or "down": +1 or -1). `bid` is a secret plan every player
submits at once; the last one reveals all bids. `roll` adds a seeded random 1–6 and cannot be
undone (the seed is hidden, as a deck's order would be). The host may `reset` the total. The
first to reach the board's target wins.
Choosing "crash" raises a RuntimeError, and so does drawing a total of 13: stand-ins for bugs, to
test how the host survives them. Drawing a total of 11 takes 2 seconds: a stand-in for a drawing
process busy with other boards.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from io import BytesIO
from pathlib import Path
from typing import Any, ClassVar

from PIL import Image, ImageDraw

from rules import serial
from rules.base import Action, Actor, BoardInfo, Ending, Game, Highlight, Posted, Result, Seat, Setting
from rules.errors import BadInput, IllegalMove, InvalidData
from rules.flow import Decision, Flow, Phase, Position
from rules.frozen import FrozenDict
from rules.options import ANSWER, Choice, Param, Values

DATA = Path(__file__).parent / "tally_data"
SLOW_DRAWING = 2.0  # seconds to draw a total of 11
BIDS = 6  # bids suggested: 0 to 5


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    min_players: int
    max_players: int
    target: int


@dataclass(frozen=True)
class State:
    board: Board
    seats: tuple[Seat, ...]
    settings: FrozenDict[str, Any]
    seed: int
    total: int = 0
    turn: int = 0
    rolls: int = 0
    deciding: int | None = None
    bids: FrozenDict[int, int] = field(default_factory=FrozenDict)
    revealed: FrozenDict[int, int] = field(default_factory=FrozenDict)
    winner: int | None = None


@dataclass(frozen=True)
class Add(Action):
    kind: ClassVar[str] = "add"
    params: ClassVar[tuple[Param, ...]] = (Param("amount", "Add how much?", "number"),)
    amount: int


@dataclass(frozen=True)
class Choose(Action):
    kind: ClassVar[str] = "choose"
    params: ClassVar[tuple[Param, ...]] = ANSWER
    choice: str


@dataclass(frozen=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    params: ClassVar[tuple[Param, ...]] = (Param("amount", "Bid how much?", "number", free=True),)
    amount: int


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Reset(Action):
    kind: ClassVar[str] = "reset"
    verb: ClassVar[str] = "reset the total"


class Tally(Game[State]):
    key = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    colours = ("red", "blue", "yellow", "green")
    settings = (Setting("max_add", 3, "the most a player may add", minimum=1, maximum=9),
                Setting("ahead", "off", "whether a player may prepare an addition while another adds",
                        choices=("off", "on")))
    state_type = State
    actions = (Add, Choose, Bid, Roll, Reset)
    flow = Flow(
        phases=(Phase("play", "Play", "turn", ("add", "roll"), "add to the total", "never: first to the target wins",
                      "{who}'s turn"),),
        anytime=("bid",), hosted=("reset",), answer="choose",
    )
    summary = "Add 1 to max_add to the total on your turn; first to the target wins."
    hidden_randomness = True
    log_per_seat = 50_000  # long logs test the host's cost of importing and replaying them

    def load_board(self, raw: Any, source: str) -> Board:
        board = serial.load(Board, raw, source)
        if board.target < 1:
            raise InvalidData(f"{source}: target: must be at least 1")
        return board

    def board_info(self, board: Board) -> BoardInfo:
        return BoardInfo(board.name, board.title, board.min_players, board.max_players)

    def setup(self, board: Board, seats: list[Seat], settings: dict[str, Any], seed: int) -> State:
        return State(board=board, seats=tuple(seats), settings=FrozenDict(settings), seed=seed)

    def position(self, state: State) -> Position:
        decisions = ()
        if state.deciding is not None:
            decisions = (Decision(state.deciding, "up or down?", ("up", "down"), blocking=True),)
        return Position("play", (state.turn,), heading=f"total {state.total} of {state.board.target}",
                        decisions=decisions)

    def play(self, state: State, actor: Actor, action: Action) -> Result[State]:
        if isinstance(action, Choose) and action.choice == "crash":
            raise RuntimeError("a bug in the rules")
        if isinstance(action, Reset):
            return Result(replace(state, total=0), "The host reset the total to 0.")
        assert actor.seat is not None
        name = state.seats[actor.seat].name
        if isinstance(action, Choose):
            if action.choice not in ("up", "down"):
                raise BadInput(f"Choose up or down, not {action.choice[:20]!r}.")
            total = state.total + (1 if action.choice == "up" else -1)
            return Result(replace(state, total=total, deciding=None), f"{name} chose {action.choice}: {total}.")
        if isinstance(action, Bid):
            if actor.seat in state.bids:
                raise IllegalMove("You have already bid.")
            bids = state.bids.with_item(actor.seat, action.amount)
            if len(bids) == len(state.seats):
                return Result(replace(state, bids=FrozenDict(), revealed=bids),
                              f"Bids revealed: {', '.join(f'{state.seats[s].name} {b}' for s, b in bids.items())}.",
                              reveals=True, undoable=False)
            return Result(replace(state, bids=bids), f"{name} bid {action.amount}.", secret=True,
                          public=f"{name} made a secret bid.")
        if isinstance(action, Roll):
            amount = random.Random(state.seed * 7919 + state.rolls).randint(1, 6)
            return self._advance(replace(state, rolls=state.rolls + 1), amount, f"{name} rolled {amount}",
                                 undoable=False)
        assert isinstance(action, Add)
        if not 1 <= action.amount <= state.settings["max_add"]:
            raise BadInput(f"Add between 1 and {state.settings['max_add']}.")
        return self._advance(state, action.amount, f"{name} added {action.amount}", undoable=True)

    def _advance(self, state: State, amount: int, text: str, undoable: bool) -> Result[State]:
        total = state.total + amount
        nxt = (state.turn + 1) % len(state.seats)
        winner = state.turn if total >= state.board.target else None
        deciding = nxt if total % 5 == 0 and winner is None else None
        new = replace(state, total=total, turn=nxt, deciding=deciding, winner=winner)
        return Result(new, f"{text}: total {total}.", undoable=undoable)

    def candidates(self, state: State, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        if (kind, param) == ("add", "amount"):
            return [Choice(n, f"+{n}") for n in range(1, int(state.settings["max_add"]) + 1)]
        if (kind, param) == ("bid", "amount"):
            return [Choice(n, str(n)) for n in range(BIDS)]
        return super().candidates(state, actor, kind, param, chosen)

    def make(self, state: State, actor: Actor, kind: str, values: Values) -> Action:
        if kind in ("add", "bid"):
            amount = values.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise BadInput("Give the amount as a whole number.")
            return Add(amount) if kind == "add" else Bid(amount)
        return super().make(state, actor, kind, values)

    def view(self, state: State, seat: int | None) -> State:
        """Other players' bids are hidden until revealed; so is the seed, which decides the rolls."""
        return replace(state, seed=0, bids=FrozenDict({s: b for s, b in state.bids.items() if s == seat}))

    def timeout(self, state: State, seat: int) -> Action | None:
        if state.deciding == seat:
            return Choose("up")
        return Add(1) if state.turn == seat and state.deciding is None else None

    def preparable(self, state: State, seat: int) -> tuple[str, ...]:
        """An addition prepared while another adds (issue 30), with the setting `ahead`: it depends on
        nothing."""
        on = state.settings.get("ahead") == "on"
        return ("add",) if on and seat != state.turn and state.winner is None else ()

    def as_if_turn(self, state: State, seat: int) -> State:
        return replace(state, turn=seat, deciding=None)

    def reseed(self, state: State, seed: int) -> State:
        return replace(state, seed=seed, rolls=0)

    def check(self, state: State) -> None:
        if not 0 <= state.turn < len(state.seats):
            raise InvalidData("state.turn: no such seat")

    def ending(self, state: State) -> Ending | None:
        if state.winner is None:
            return None
        return Ending((state.winner,), f"{state.seats[state.winner].name} wins with a total of {state.total}.")


def draw(state: State, viewer: int | None, focus: str | None = None, highlight: Highlight | None = None,
         posted: Posted | None = None) -> bytes:
    """A small PNG showing the total (and the viewer's own secret bid), the same posted or not. A
    total of 13 cannot be drawn: a stand-in for a bug in a renderer; 11 takes 2 seconds."""
    if state.total == 13:
        raise RuntimeError("the painter tripped over 13")
    if state.total == 11:
        time.sleep(SLOW_DRAWING)
    image = Image.new("RGB", (200, 80), "white")
    pen = ImageDraw.Draw(image)
    pen.text((10, 10), f"total {state.total}", fill="black")
    if viewer is not None and viewer in state.bids:
        pen.text((10, 40), f"your bid {state.bids[viewer]}", fill="black")
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


GAME = Tally()
