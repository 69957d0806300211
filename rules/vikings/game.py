"""`VikingsGame`: the `rules.base.Game` of Tiny Epic Vikings sailing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from functools import lru_cache
from typing import Any

from rules import serial
from rules.base import Action, Actor, Awaiting, BoardInfo, Game, Piece, Reach, Result, Seat
from rules.core import Footprint
from rules.flow import Decision, Flow, Phase, Position
from rules.options import Choice, Param, Value, Values
from rules.text import either, plural
from rules.vikings import depends as footprints
from rules.vikings import options, queries, turns
from rules.vikings.actions import Adjust, AdvanceEra, Choose, Dedicate, EndTurn, PlaceBoat, ReturnSettlers, Sail
from rules.vikings.adjust import adjust
from rules.vikings.board import Board
from rules.vikings.board_load import MAX_PLAYERS, MIN_PLAYERS, load_board
from rules.vikings.control import fury_text
from rules.vikings.glossary import GLOSSARY
from rules.vikings.invariants import check_state
from rules.vikings.settings import SETTINGS
from rules.vikings.state import COLOURS, DEDICATIONS, VikingsState, boat_label, colour, fork, new_player, raid_cost

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
    colours = COLOURS
    settings = SETTINGS
    state_type = VikingsState
    actions = tuple(HANDLERS)
    log_per_seat = 500  # a whole game is about 100 a player
    flow = Flow(
        phases=(
            Phase("setup", "Setup", "turn", ("place",), "Place your first boat on an empty dock.",
                  "when every player has placed boat 1, in reverse seat order", "{who} places a boat"),
            Phase("turn", "Turn", "turn", ("sail", "return", "dedicate", "end"),
                  "Your turn: sail, return settlers, dedicate a village, then end your turn.",
                  "when the player ends it; the next seat plays", "{who}'s turn"),
            Phase("bump", "Bumped boat", "turn", (),
                  "Your boat was bumped: choose the fjord it moves to before anything else happens.",
                  "when the owner of each bumped boat has chosen its fjord; the turn goes on",
                  "{who} must move a bumped boat"),
        ),
        anytime=("adjust",), hosted=("era",), answer="choose", finish="end",
    )
    glossary = GLOSSARY
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
        values = self.opening_settings(board.title, board.min_players, board.max_players, seats, settings)
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

    def candidates(self, state: VikingsState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        if kind in options.BUILT:
            return options.candidates(state, actor, kind, param, chosen)
        return super().candidates(state, actor, kind, param, chosen)

    def all_legal_if_one(self, kind: str, param: str, chosen: Values) -> bool:
        """A sail's ends (and a menu's boats with their ends): the search's own, each within the
        strength given (settlers and a raid, chosen before the end, are not promised)."""
        return kind == "sail" and param in ("route", "trip") and not chosen.get("settlers") and not chosen.get("raid")

    def params_now(self, state: VikingsState, actor: Actor, kind: str, chosen: Values) -> tuple[Param, ...]:
        return options.params_now(kind, super().params_now(state, actor, kind, chosen), chosen)

    def typed(self, kind: str, values: Values) -> dict[str, Value | None]:
        return options.typed(kind, values)

    def make(self, state: VikingsState, actor: Actor, kind: str, values: Values) -> Action:
        if kind in options.BUILT:
            return options.build(state, actor, kind, values)
        return super().make(state, actor, kind, values)

    def fork(self, state: VikingsState) -> VikingsState:
        return fork(state)

    def play(self, state: VikingsState, actor: Actor, action: Action) -> Result[VikingsState]:
        return HANDLERS[type(action)](state, actor, action)

    def compare(self, before: VikingsState, actor: Actor, result: Result[VikingsState]) -> Result[VikingsState]:
        """Whom the action hit, and whether the map changed at all."""
        after = result.state
        hits = tuple(s for s in range(len(before.seats)) if s != actor.seat and _hit(before, after, s))
        return super().compare(before, actor, dataclasses.replace(result, hits=hits))

    def map_of(self, state: VikingsState) -> tuple[Any, ...]:
        """Pieces, villages, runes, fury, boats waiting for a fjord."""
        pieces = [(p.boats, p.settlers, p.temples) for p in state.players]
        return pieces, state.villages, state.runes, state.fury, state.pending

    def position(self, state: VikingsState) -> Position:
        """Setup, or a turn; while a bumped boat waits for its fjord (V-S4: its owner "must
        immediately move it"), play is held and the game waits only for the owners (ruling 6)."""
        if state.pending:
            decisions = tuple(
                Decision(b.seat, f"Your boat {b.boat} was bumped from {b.dock}: choose the fjord it moves to.",
                         b.options, blocking=True, key=str(b.boat),
                         holds=f"{colour(state, b.seat)} must first move their bumped boat {b.boat} (at {b.dock}) "
                               f"into an adjacent fjord: {either(list(b.options), 'or')}.")
                for b in state.pending)
            owners = tuple(dict.fromkeys(b.seat for b in state.pending))
            return Position("bump", owners, heading=f"Era {state.era}", decisions=decisions)
        if state.placing:
            return Position("setup", (state.turn,), heading="Setup")
        left = int(state.settings["sails_per_turn"]) - state.sails
        prompt = f"Your turn: sail ({left} left), return settlers, dedicate a village, then end your turn."
        return Position("turn", (state.turn,), heading=f"Era {state.era}", prompt=prompt)

    def awaiting(self, state: VikingsState) -> list[Awaiting]:
        """As the contract says, but the owner of a bumped boat is awaited once per boat, for its
        answer (the bump phase has no actions of its own)."""
        found = super().awaiting(state)
        return [a for a in found if a.kind == "decision"] if state.pending else found

    def seat_name(self, state: VikingsState, seat: int) -> str:
        return colour(state, seat)

    def timeout(self, state: VikingsState, seat: int) -> Action | None:
        """Out of time: a bumped boat takes its first fjord; setup places on the first empty dock;
        a turn ends."""
        bump = next((b for b in state.pending if b.seat == seat), None)
        if bump is not None:
            return Choose(bump.options[0], key=str(bump.boat))
        if state.placing and state.turn == seat:
            return PlaceBoat(queries.empty_docks(state)[0][0])
        return EndTurn() if state.turn == seat and not state.placing else None

    def describe(self, state: VikingsState) -> str:
        """The position for alt text: the phase, whom the game waits for, what a raid costs and a
        bumped boat's choice; per clan its resources, boats, settlers, temples and runes; the
        gods' fury."""
        board = state.board
        lines = [super().describe(state), f"Raiding a village costs {raid_cost(state)} steel."]
        for bump in state.pending:
            lines.append(f"{boat_label(state, bump.seat, bump.boat)} was bumped from {bump.dock}; "
                         f"{colour(state, bump.seat)} chooses {either(list(bump.options), 'or')}.")
        for seat, player in enumerate(state.players):
            boats = ", ".join(f"{n} at {space}" for n, space in sorted(player.boats.items()) if space)
            harbour = [str(n) for n, space in sorted(player.boats.items()) if not space]
            settled = ", ".join(f"{n} on {board.island(i).title}" for i, n in player.settlers.items() if n)
            temples = ", ".join(f"{n} on {board.island(i).title}" for i, n in player.temples.items() if n)
            runes = [board.island(i).title for i, holder in state.runes.items() if holder == seat]
            lines.append(
                f"{colour(state, seat)}: {player.wood} wood, {player.food} food, {player.steel} steel; "
                f"boats {boats or 'none out'}" + (f" (in harbour: {', '.join(harbour)})" if harbour and boats else "")
                + f"; settlers {settled or 'none out'}; temples {temples or 'none out'}; on the mat "
                f"{plural(player.mat_settlers, 'settler')} and {plural(player.mat_temples, 'temple')}; "
                f"runes {', '.join(runes) or 'none'}.")
        fury = ", ".join(f"{god} {fury_text(state.fury.get(god, 0))}" for god in board.gods)
        lines.append(f"Gods' fury (a track of 20): {fury}.")
        return " ".join(lines)

    def movers(self, state: VikingsState, seat: int) -> list[Piece]:
        return [Piece(str(boat), f"Boat {boat} — at {space}", space) for boat, space in queries.sailable(state, seat)]

    def reach(self, state: VikingsState, seat: int, piece: str, options: Mapping[str, Any]) -> list[Reach]:
        strength = options.get("strength", 3)
        if not piece.isdigit() or not isinstance(strength, int):
            return []
        return [Reach(end, len(route), route, queries.village(state, end))
                for end, route in queries.reach(state, seat, int(piece), strength)]

    def check(self, state: VikingsState) -> None:
        check_state(state, self.colours)

    def encode_state(self, state: VikingsState) -> dict[str, Any]:
        """The state as JSON data; its board, most of it and never changing, is dumped once."""
        return {f.name: _board_data(state.board) if f.name == "board" else serial.dump(getattr(state, f.name))
                for f in dataclasses.fields(state)}

    # --- prepared turns (issue 30; rules/vikings/depends.py) ------------------------------------------

    def preparable(self, state: VikingsState, seat: int) -> tuple[str, ...]:
        return footprints.preparable(state, seat)

    def as_if_turn(self, state: VikingsState, seat: int) -> VikingsState:
        return footprints.as_if_turn(state, seat)

    def depends(self, state: VikingsState, seat: int, action: Action) -> Footprint:
        return footprints.depends(state, seat, action)

    def snapshot(self, state: VikingsState, footprint: Footprint) -> dict[str, Hashable]:
        return footprints.snapshot(state, footprint)

    def change_text(self, state: VikingsState, key: str, was: Hashable, now: Hashable) -> str:
        return footprints.change_text(state, key, was, now)


def _hit(before: VikingsState, after: VikingsState, seat: int) -> bool:
    """Whether another player's action hit `seat`: moved its boats, took its settlers, temples or
    runes, or left it a fjord to choose."""
    was, now = before.players[seat], after.players[seat]
    lost = any(after.runes[i] != seat for i, holder in before.runes.items() if holder == seat)
    asked = any(b.seat == seat for b in after.pending) and after.pending != before.pending
    return was.boats != now.boats or lost or asked or any(
        now.settlers[i] < n or now.temples[i] < was.temples[i] for i, n in was.settlers.items())


@lru_cache(maxsize=16)
def _board_data(board: Board) -> dict[str, Any]:
    """A board's JSON data (shared: callers must not change it)."""
    data: dict[str, Any] = serial.dump(board)
    return data
