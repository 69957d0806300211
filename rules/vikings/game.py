"""`VikingsGame`: the `rules.base.Game` of Tiny Epic Vikings sailing."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rules import serial
from rules.base import Action, Actor, Awaiting, BoardInfo, Game, Result, Seat
from rules.errors import BadInput
from rules.vikings import turns
from rules.vikings.actions import Adjust, AdvanceEra, Choose, Dedicate, EndTurn, PlaceBoat, ReturnSettlers, Sail
from rules.vikings.adjust import adjust
from rules.vikings.board import Board
from rules.vikings.board_load import MAX_PLAYERS, MIN_PLAYERS, load_board
from rules.vikings.invariants import check_state
from rules.vikings.settings import SETTINGS
from rules.vikings.state import DEDICATIONS, VikingsState, colour, new_player

Handler = Callable[[VikingsState, Actor, Any], Result[VikingsState]]
HANDLERS: dict[type[Action], Handler] = {
    PlaceBoat: turns.place,
    Sail: turns.sail,
    Choose: turns.choose,
    ReturnSettlers: turns.return_settlers,
    Dedicate: turns.dedicate,
    EndTurn: turns.end_turn,
    AdvanceEra: turns.advance_era,
    Adjust: adjust,
}


class VikingsGame(Game[VikingsState]):
    """Sailing, docking, deploying, raiding and island control; the rest is kept by the table."""

    key = "vikings"
    title = "Tiny Epic Vikings"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    colours = ("red", "blue", "yellow", "green", "purple")
    settings = SETTINGS
    state_type = VikingsState
    actions = tuple(HANDLERS)
    summary = (
        "Sail one boat up to N moves (dock→fjord, fjord→fjord, fjord→dock); entering a dock bumps "
        "the boat there. At the end dock deploy settlers (1 food each, up to N) and raid its "
        "village (steel by era). Most influence with boots on the ground takes an island's rune; "
        "taking or stealing a rune raises its god's fury. Cards, battles, harvesting, building "
        "and scoring are kept by the table with adjust."
    )

    def load_board(self, raw: Any, source: str) -> Board:
        return load_board(raw, source)

    def board_info(self, board: Board) -> BoardInfo:
        return BoardInfo(board.name, board.title, board.min_players, board.max_players)

    def setup(self, board: Board, seats: list[Seat], settings: dict[str, Any], seed: int) -> VikingsState:
        if not board.min_players <= len(seats) <= board.max_players:
            raise BadInput(f"{board.title} is for {board.players_text()} players, not {len(seats)}.")
        colours = [s.colour for s in seats]
        for c in colours:
            if c not in self.colours or colours.count(c) > 1:
                raise BadInput(f"Each player needs a different colour among {', '.join(self.colours)}.")
        values = self.default_settings()
        for name, value in settings.items():
            values[name] = self.setting(name).parse(str(value))
        return VikingsState(
            board=board,
            seats=tuple(seats),
            settings=values,
            seed=seed,
            players=[new_player(board) for _ in seats],
            villages=set(board.village_docks),
            runes={i.name: None for i in board.islands},
            fury=dict.fromkeys(board.gods, 0),
            turn=len(seats) - 1,
            dedications=dict.fromkeys(DEDICATIONS, 0),
        )

    def apply(self, state: VikingsState, actor: Actor, action: Action) -> Result[VikingsState]:
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise BadInput(f"{self.title} has no action {getattr(action, 'kind', type(action).__name__)!r}.")
        return handler(copy.deepcopy(state), actor, action)

    def awaiting(self, state: VikingsState) -> list[Awaiting]:
        if state.placing:
            return [Awaiting(state.turn, "turn", "Place your first boat on an empty dock.")]
        left = int(state.settings["sails_per_turn"]) - state.sails
        waiting = [
            Awaiting(
                state.turn, "turn",
                f"Your turn: sail ({left} left), return settlers, dedicate a village, then end your turn.",
            )
        ]
        for bump in state.pending:
            prompt = f"Your boat {bump.boat} was bumped from {bump.dock}: choose the fjord it moves to."
            waiting.append(Awaiting(bump.seat, "decision", prompt, bump.options))
        return waiting

    def phase(self, state: VikingsState) -> str:
        if state.placing:
            return f"Setup: {colour(state, state.turn)} places a boat"
        return f"Era {state.era}: {colour(state, state.turn)}'s turn"

    def check(self, state: VikingsState) -> None:
        check_state(state, self.colours)

    def encode_state(self, state: VikingsState) -> dict[str, Any]:
        """The state as JSON data; its board, most of it and never changing, is dumped once."""
        return {f.name: _board_data(state.board) if f.name == "board" else serial.dump(getattr(state, f.name))
                for f in dataclasses.fields(state)}


@lru_cache(maxsize=16)
def _board_data(board: Board) -> dict[str, Any]:
    """A board's JSON data (shared: callers must not change it)."""
    return serial.dump(board)
