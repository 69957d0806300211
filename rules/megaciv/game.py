"""`MegaCivGame`: the `rules.base.Game` of the Mega Civilization Movement phase."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import Any

from rules.base import Action, Actor, BoardInfo, Game, Piece, Reach, Result, Seat
from rules.core import Footprint
from rules.errors import BadInput, PlayerError
from rules.flow import Flow, Phase, Position
from rules.frozen import FrozenDict
from rules.guards import seated
from rules.megaciv import codec, draft, looks, options, queries
from rules.megaciv import depends as footprints
from rules.megaciv.actions import (
    Adjust,
    Build,
    Declare,
    Expand,
    Insist,
    Maintain,
    Move,
    Sail,
    Scrap,
    StartMovement,
    TakeBack,
)
from rules.megaciv.adjust import adjust
from rules.megaciv.board import COLOURS, Board
from rules.megaciv.board_load import MAX_PLAYERS, MIN_PLAYERS, PARTS, load_board
from rules.megaciv.glossary import GLOSSARY
from rules.megaciv.invariants import check_state
from rules.megaciv.looks import LOOKS
from rules.megaciv.moves import move
from rules.megaciv.phase import declare, declaring, expand, insist, mover, start, take_back
from rules.megaciv.places import places
from rules.megaciv.report import report
from rules.megaciv.settings import SETTINGS
from rules.megaciv.ships import build, maintain, sail, scrap
from rules.megaciv.state import TOKENS, MegaState, Player, name
from rules.messages import Msg, Plural, joined
from rules.options import Choice, Moving, Param, Value, Values

Handler = Callable[[MegaState, Actor, Any], Result[MegaState]]
HANDLERS: dict[type[Action], Handler] = {
    Move: move,
    Build: build,
    Maintain: maintain,
    Scrap: scrap,
    Sail: sail,
    TakeBack: take_back,
    Declare: declare,
    Insist: insist,
    StartMovement: start,
    Expand: expand,
    Adjust: adjust,
}
DRAFTING = ("move", "sail", "build", "maintain", "scrap", "takeback")  # as players think of them: moving first
MOVING = (*DRAFTING, "declare")
DECLARED = Msg("You have declared your movement ended for this phase")
PROMPT = Msg("Your movement: move tokens, build, maintain, scrap and sail ships, take back steps as you like; then "
             "declare your movement ended (final).")


class MegaCivGame(Game[MegaState]):
    """The Movement phase of Mega Civilization; the other phases are kept by the table."""

    key = "megaciv"
    title = "Mega Civilization"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    colours = COLOURS
    settings = SETTINGS
    state_type = MegaState
    actions = tuple(HANDLERS)
    moving = (Moving("move", "from", "to"), Moving("sail", "ship", "route"))
    log_per_seat = 500  # fifteen turns, the other phases kept by adjustments: about 300 a player
    parts = PARTS
    flow = Flow(
        phases=(
            Phase("table", Msg("The table's phases"), "together", ("expand",),
                  Msg("Between Movement phases the table keeps taxes, conflicts, cities, trade and calamities with "
                      "adjust; expand your population once a turn; the host starts the next Movement phase."),
                  Msg("when the host starts the next Movement phase"), Msg("the table's phases")),
            Phase("move", Msg("Movement"), "turn", MOVING, PROMPT,
                  Msg("when every player has declared their movement ended, one at a time in census order"),
                  Msg("{who} moving"), DECLARED),
            Phase("move_all", Msg("Movement, everyone at once"), "together", (*MOVING, "insist"), PROMPT,
                  Msg("when every player has declared their movement ended"), Msg("{who} moving"), DECLARED),
        ),
        anytime=("adjust",), hosted=("start",),
    )
    looks = LOOKS
    keywords = {"area": ("none",)}  # an adjusted ship's area: back to stock ("none (back to stock)" in the menus)
    glossary = GLOSSARY
    summary = Msg(
        "Movement in census order (highest first, A.S.T. breaks ties, Military last): each token moves once, one "
        "land step (two with Roadbuilding, not past a conflict) or by one ship. Ships: build for 2 (treasury or "
        "tokens, one from the ship's area), maintain old ones for 1, sail 4 water steps (5 with Cloth Making; open "
        "sea needs Astronavigation) carrying 5 (6 with Naval Warfare). Your draft is yours to change until you "
        "declare; then unkept ships sink. Entering beyond a limit next to others, or into an enemy city, causes "
        "conflict; the phase-end report lists conflicts, city attacks and where cities could be built. Other "
        "phases are kept by the table with adjust; expand grows your population.")

    def load_board(self, raw: Any, source: str) -> Board:
        board = load_board(raw, source)
        codec.name_board(board)  # a stored state naming this board decodes to this very object
        return board

    def board_info(self, board: Board) -> BoardInfo:
        m = board.map
        return BoardInfo(m.name, m.title, m.min_players, m.max_players)

    def setup(self, board: Board, seats: list[Seat], settings: dict[str, Any], seed: int) -> MegaState:
        m = board.map
        values = self.opening_settings(m.title, max(m.min_players, MIN_PLAYERS), min(m.max_players, MAX_PLAYERS),
                                       seats, settings)
        people = []
        for seat in seats:
            civ = board.civ_by_colour[seat.colour]
            if civ.name not in board.start_areas:
                free = [c.colour for c in board.civilizations if c.name in board.start_areas]
                raise BadInput(Msg("{civ} ({colour}) has no start area on {map}; colours with one: {colours}.",
                                   civ=civ.name, colour=seat.colour, map=m.title, colours=", ".join(free)))
            first = board.start_areas[civ.name][0]
            people.append(Player(civ=civ.name, stock=TOKENS - 1, tokens=FrozenDict({first: 1})))
        return MegaState(board=board, seats=tuple(seats), settings=FrozenDict(values), seed=seed, players=tuple(people),
                         out_of_play=tuple(a.name for a in m.areas if a.out_of_play))

    def candidates(self, state: MegaState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        if any(look.kind == kind for look in self.looks):
            return looks.candidates(state, actor, kind, param)
        return options.candidates(state, actor, kind, param, chosen)

    def params_now(self, state: MegaState, actor: Actor, kind: str, chosen: Values) -> tuple[Param, ...]:
        return options.params_now(state, actor, kind, super().params_now(state, actor, kind, chosen), chosen)

    def typed(self, kind: str, values: Values) -> dict[str, Value | None]:
        return options.typed(kind, values)

    def make(self, state: MegaState, actor: Actor, kind: str, values: Values) -> Action:
        if kind in options.BUILT:
            return options.build(state, actor, kind, values)
        return super().make(state, actor, kind, values)

    def completable(self, state: MegaState, actor: Actor, kind: str, chosen: Values) -> bool:
        quick = options.completable(state, actor, kind, chosen)
        if quick is None:
            return super().completable(state, actor, kind, chosen)
        try:
            self.permit(state, actor, self.action_class(kind))
        except PlayerError:
            return False
        return quick

    def report(self, state: MegaState, actor: Actor, look: str, values: Values) -> list[str]:
        return looks.lines(state, actor, look, values)

    def confirmation(self, state: MegaState, actor: Actor, kind: str, chosen: Values | None = None) -> str:
        """Before a declaration, which is final: the steps that become final and the ships that will sink."""
        return declaring(state, seated(actor)) if kind == Declare.kind else ""

    def places(self, before: MegaState, after: MegaState) -> tuple[str, ...]:
        return places(before, after)

    def map_of(self, state: MegaState) -> tuple[Any, ...]:
        """Tokens, cities, ships at sea and each player's moves this phase, barbarians, pirates and
        out-of-play areas: a declaration, a census order insisted on or a treasury adjusted posts no board."""
        pieces = [(p.tokens, p.cities, tuple(s.area for s in p.ships), p.steps) for p in state.players]
        return pieces, state.barbarians, state.pirates, state.out_of_play

    def identity(self, board: Board, colour: str) -> str:
        """The colour's civilization and where its first token starts on this map."""
        civ = board.civ_by_colour.get(colour)
        if civ is None:
            return colour
        starts = board.start_areas.get(civ.name)
        if not starts:
            return Msg("{colour} — {civ}, with no start area on {board}", colour=colour, civ=civ.name,
                       board=board.map.title)
        return Msg("{colour} — {civ}, starting in {area}", colour=colour, civ=civ.name, area=starts[0])

    def play(self, state: MegaState, actor: Actor, action: Action) -> Result[MegaState]:
        result = HANDLERS[type(action)](state, actor, action)
        if action.kind in DRAFTING and draft.secret_drafts(state):
            who = name(state, actor.seat)  # type: ignore[arg-type]
            return dataclasses.replace(result, secret=True, public=Msg("{who} changed their movement draft", who=who))
        return result

    def timeout(self, state: MegaState, seat: int) -> Action | None:
        """Out of time in a Movement phase: the player's draft stands and their movement is declared
        ended (M-O2); between Movement phases nobody is waited for."""
        return Declare() if seat in self.position(state).acting else None

    def position(self, state: MegaState) -> Position:
        if not state.moving:
            return Position("table", (), heading=Msg("Turn {n}", n=state.turn), may_act=tuple(range(len(state.seats))))
        heading = Msg("Turn {n}", n=state.turn)
        declared = tuple(s for s in state.order if state.players[s].declared)
        if state.together:
            acting = tuple(s for s in state.order if s not in declared)
            return Position("move_all", acting, heading=heading, order=state.order, finished=declared)
        now = mover(state)
        return Position("move", () if now is None else (now,), heading=heading, order=state.order, finished=declared)

    def seat_name(self, state: MegaState, seat: int) -> str:
        return name(state, seat)

    def view(self, state: MegaState, seat: int | None) -> MegaState:
        return draft.view(state, seat)

    def focuses(self, state: MegaState) -> list[tuple[str, str]]:
        """Board views of a region, or of the areas around one player's pieces ("around Egypt")."""
        return queries.focuses(state)

    def mover(self, state: MegaState, seat: int, kind: str, choice: Choice | None) -> Piece:
        return queries.mover(state, seat, kind, choice.value if choice is not None else None)

    def reached(self, state: MegaState, seat: int, kind: str, chosen: Values, ends: list[Choice]) -> list[Reach]:
        piece = chosen.get("ship" if kind == "sail" else "from")
        return queries.reached(state, seat, kind, piece, {c.value for c in ends})

    def describe(self, state: MegaState) -> str:
        """The position for alt text: the phase and whom the game waits for, the conflict
        situations now, then the movement order with each civilization's census, treasury,
        cities and ships (and who has declared)."""
        text = [super().describe(state)]
        conflicts = report(state).conflicts
        if conflicts:
            text.append(Plural("{n} conflict situation: {areas}.", "{n} conflict situations: {areas}.", len(conflicts),
                               areas=", ".join(c.area for c in conflicts)))
        if state.moving:
            text.append(Msg("Movement order, each with its tokens on the board, treasury, cities and ships:"))
        else:
            text.append(Msg("Next movement order (census now), each with its tokens on the board, treasury, cities "
                            "and ships:"))
        for m in queries.order(state):  # a sentence each: a long order loses its last ones whole
            p = state.players[m.seat]
            ships = sum(s.area is not None for s in p.ships)
            has = [Plural("{n} token", "{n} tokens", m.census), Msg("treasury {n}", n=p.treasury)]
            has += [Plural("{n} city", "{n} cities", len(p.cities))] if p.cities else []
            has += [Plural("{n} ship", "{n} ships", ships)] if ships else []
            has += [Msg("declared")] if m.declared else []
            text.append(Msg("{civ}: {has}.", civ=m.name, has=joined(has, ", ")))
        return joined(text)

    def check(self, state: MegaState) -> None:
        check_state(state)

    def encode_state(self, state: MegaState) -> dict[str, Any]:
        """The state as JSON data (`rules.megaciv.codec`: the board named, not written; defaults left out)."""
        return codec.encode(state)

    def decode_state(self, data: Any) -> MegaState:
        return codec.decode(data)

    # --- prepared turns (issue 30; rules/megaciv/depends.py) ------------------------------------------

    def preparable(self, state: MegaState, seat: int) -> tuple[str, ...]:
        return footprints.preparable(state, seat)

    def as_if_turn(self, state: MegaState, seat: int) -> MegaState:
        return footprints.as_if_turn(state, seat)

    def depends(self, state: MegaState, seat: int, action: Action) -> Footprint:
        return footprints.depends(state, seat, action)

    def snapshot(self, state: MegaState, footprint: Footprint) -> dict[str, Hashable]:
        return footprints.snapshot(state, footprint)

    def change_text(self, state: MegaState, key: str, was: Hashable, now: Hashable) -> str:
        return footprints.change_text(state, key, was, now)
