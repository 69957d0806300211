"""`VikingsGame`: the `rules.base.Game` of Tiny Epic Vikings sailing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from rules import serial
from rules.base import Action, Actor, Awaiting, BoardInfo, Game, Piece, Reach, Result, Seat
from rules.core import Footprint
from rules.flow import Decision, Flow, Phase, Position
from rules.frozen import FrozenDict
from rules.messages import Msg, Plural, joined, listed
from rules.options import Choice, Moving, Param, Value, Values, number
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
from rules.vikings.state import COLOURS, DEDICATIONS, VikingsState, colour, new_player, raid_cost

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
    moving = (Moving("sail", "boat", "route"),)
    # what the menus show translated ("bei D1 bleiben", "keine (im Hafen)"), taken typed in the player's language
    keywords = {"route": ("stay",), "space": ("none",)}
    log_per_seat = 500  # a whole game is about 100 a player
    flow = Flow(
        phases=(
            Phase("setup", Msg("Setup"), "turn", ("place",), Msg("Place your first boat on an empty dock."),
                  Msg("when every player has placed boat 1, in reverse seat order"), Msg("{who} places a boat")),
            Phase("turn", Msg("Turn"), "turn", ("sail", "return", "dedicate", "end"),
                  Msg("Your turn: sail, return settlers, dedicate a village, then end your turn."),
                  Msg("when the player ends it; the next seat plays"), Msg("{who}'s turn")),
            Phase("bump", Msg("Bumped boat"), "turn", (),
                  Msg("Your boat was bumped: choose the fjord it moves to before anything else happens."),
                  Msg("when the owner of each bumped boat has chosen its fjord; the turn goes on"),
                  Msg("{who} must move a bumped boat")),
        ),
        anytime=("adjust",), hosted=("era",), answer="choose", finish="end",
    )
    glossary = GLOSSARY
    summary = Msg(
        "Sail one boat up to N moves (dock→fjord, fjord→fjord, fjord→dock); entering a dock bumps "
        "the boat there. At the end dock deploy settlers (1 food each, up to N) and raid its "
        "village (steel by era). Most influence with boots on the ground takes an island's rune; "
        "taking or stealing a rune raises its god's fury. Cards, battles, harvesting, building "
        "and scoring are kept by the table with adjust.")

    def load_board(self, raw: Any, source: str) -> Board:
        return load_board(raw, source)

    def board_info(self, board: Board) -> BoardInfo:
        return BoardInfo(board.name, board.title, board.min_players, board.max_players)

    def setup(self, board: Board, seats: list[Seat], settings: dict[str, Any], seed: int) -> VikingsState:
        values = self.opening_settings(board.title, board.min_players, board.max_players, seats, settings)
        return VikingsState(
            board=board,
            seats=tuple(seats),
            settings=FrozenDict(values),
            seed=seed,
            players=tuple(new_player(board) for _ in seats),
            villages=frozenset(board.village_docks),
            runes=FrozenDict({i.name: None for i in board.islands}),
            fury=FrozenDict(dict.fromkeys(board.gods, 0)),
            turn=len(seats) - 1,
            dedications=FrozenDict(dict.fromkeys(DEDICATIONS, 0)),
        )

    def candidates(self, state: VikingsState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        if kind in options.BUILT:
            return options.candidates(state, actor, kind, param, chosen)
        return super().candidates(state, actor, kind, param, chosen)

    def trials(self, state: VikingsState, actor: Actor, kind: str, param: str, chosen: Values) -> Iterable[Choice]:
        """A sail's trips one boat at a time (the rest as listed)."""
        if (kind, param) == ("sail", "trip") and actor.seat is not None:
            return options.trips(state, actor.seat)
        return super().trials(state, actor, kind, param, chosen)

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

    def permit(self, state: VikingsState, actor: Actor, action: Action | type[Action]) -> None:
        """The flow's refusals, then those of a sail or a dedication whatever its values (the turn's
        sails spent; a village dedicated already, or none raided)."""
        super().permit(state, actor, action)
        if action.kind == Sail.kind:
            turns.sails_left(state)
        elif action.kind == Dedicate.kind and actor.seat is not None:
            turns.dedicating(state, actor.seat)

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
                Decision(b.seat, Msg("Your boat {boat} was bumped from {dock}: choose the fjord it moves to.",
                                     boat=b.boat, dock=b.dock),
                         b.options, blocking=True, key=str(b.boat),
                         holds=Msg("{name} must first move their bumped boat {boat} (at {dock}) into an adjacent "
                                   "fjord: {fjords}.", name=colour(state, b.seat), boat=b.boat, dock=b.dock,
                                   fjords=listed(b.options, "or")))
                for b in state.pending)
            owners = tuple(dict.fromkeys(b.seat for b in state.pending))
            return Position("bump", owners, heading=Msg("Era {era}", era=state.era), decisions=decisions)
        if state.placing:
            return Position("setup", (state.turn,), heading=Msg("Setup"))
        left = int(state.settings["sails_per_turn"]) - state.sails
        prompt = Msg("Your turn: sail ({left} left), return settlers, dedicate a village, then end your turn.",
                     left=left)
        return Position("turn", (state.turn,), heading=Msg("Era {era}", era=state.era), prompt=prompt)

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
        lines = [super().describe(state), Msg("Raiding a village costs {n} steel.", n=raid_cost(state))]
        for bump in state.pending:
            lines.append(Msg("{colour} boat {boat} was bumped from {dock}; {colour} chooses {spaces}.",
                             colour=colour(state, bump.seat), boat=bump.boat, dock=bump.dock,
                             spaces=listed(list(bump.options), "or")))
        for seat, player in enumerate(state.players):
            out = [Msg("{n} at {space}", n=n, space=space) for n, space in sorted(player.boats.items()) if space]
            harbour = [str(n) for n, space in sorted(player.boats.items()) if not space]
            boats: str = joined(out, ", ") if out else Msg("none out")
            if harbour and out:
                boats = Msg("{boats} (in harbour: {harbour})", boats=boats, harbour=", ".join(harbour))
            lines.append(Msg("{name}: {wood} wood, {food} food, {steel} steel; boats {boats}; settlers {settlers}; "
                             "temples {temples}; on the mat {mat_settlers} and {mat_temples}; runes {runes}.",
                             name=colour(state, seat), wood=player.wood, food=player.food, steel=player.steel,
                             boats=boats, settlers=_on_islands(board, player.settlers),
                             temples=_on_islands(board, player.temples),
                             mat_settlers=Plural("{n} settler", "{n} settlers", player.mat_settlers),
                             mat_temples=Plural("{n} temple", "{n} temples", player.mat_temples),
                             runes=", ".join(board.island(i).title for i, holder in state.runes.items()
                                             if holder == seat) or Msg("none")))
        fury = ", ".join(f"{god} {fury_text(state.fury.get(god, 0))}" for god in board.gods)
        lines.append(Msg("Gods' fury (a track of 20): {fury}.", fury=fury))
        return joined(lines)

    def mover(self, state: VikingsState, seat: int, kind: str, choice: Choice | None) -> Piece:
        boat, label = (int(choice.value), choice.label) if choice is not None else (0, "")
        return Piece(str(boat), label, state.players[seat].boats.get(boat) or "")

    def reached(self, state: VikingsState, seat: int, kind: str, chosen: Values, ends: list[Choice]) -> list[Reach]:
        """The ends offered, each with its route's moves and whether a village stands there."""
        offered = {c.value for c in ends}
        strength = number(chosen, "strength", max(options.STRENGTHS))
        return [Reach(end, len(route), route, queries.village(state, end))
                for end, route in queries.reach(state, seat, number(chosen, "boat"), strength)
                if options.route_value(route) in offered]

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


def _on_islands(board: Board, counts: Mapping[str, int]) -> str:
    """Pieces per island, in words: "2 on Brattholm, 1 on Kaldvik", or "none out"."""
    out = [Msg("{n} on {island}", n=n, island=board.island(i).title) for i, n in counts.items() if n]
    return joined(out, ", ") if out else Msg("none out")
