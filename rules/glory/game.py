"""`GloryGame`: the `rules.base.Game` of Glory of Civilizations maneuvers and exploration."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any

from rules import serial
from rules.base import Action, Actor, BoardInfo, Game, Reach, Result, Seat
from rules.core import Footprint
from rules.errors import PlayerError
from rules.flow import Decision, Flow, Phase, Position
from rules.frozen import FrozenDict
from rules.glory import depends as footprints
from rules.glory import explore, notation, options, queries, report, turns, words
from rules.glory.actions import HEX, Adjust, Choose, EndTurn, Maneuver, Pass
from rules.glory.adjust import adjust
from rules.glory.board import Board
from rules.glory.board_load import MAX_PLAYERS, MIN_PLAYERS, PARTS, load_board
from rules.glory.glossary import GLOSSARY
from rules.glory.invariants import check_state
from rules.glory.maneuver import maneuver
from rules.glory.settings import SETTINGS
from rules.glory.state import (
    HIDDEN,
    Army,
    GloryState,
    PlayerState,
    Structure,
    colour,
)
from rules.messages import Msg, Plural, joined, listed
from rules.options import Choice, Kind, Moving, Param, Value, Values

Handler = Callable[[GloryState, Actor, Any], Result[GloryState]]
HANDLERS: dict[type[Action], Handler] = {
    Maneuver: maneuver,
    Pass: turns.pass_turn,
    EndTurn: turns.end_turn,
    Choose: explore.choose,
    Adjust: adjust,
}


class GloryGame(Game[GloryState]):
    """Maneuvers, depletion, vessels and ferrying, exploring provinces, relics, the event row;
    battles, production, technologies and the vote are kept by the table with adjust."""

    key = "glory"
    title = "Glory of Civilizations"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    colours = ("red", "blue", "yellow", "green", "purple")
    settings = SETTINGS
    state_type = GloryState
    actions = tuple(HANDLERS)
    moving = (Moving("maneuver", "army", "to"),)
    log_per_seat = 800  # a long campaign with battles and building kept by adjustments: about 700 a player
    parts = PARTS
    hidden_randomness = True
    flow = Flow(
        phases=(
            Phase("development", Msg("Development"), "turn", ("maneuver", "pass", "end"),
                  Msg("Your turn: maneuver (the first free, each more for an action cube), pass, or end your turn."),
                  Msg("when every player has passed: depletion clears and the first to pass starts the next round"),
                  Msg("{who}'s turn")),
        ),
        anytime=("adjust",), answer="choose",
    )
    glossary = GLOSSARY
    summary = Msg(
        "On your turn maneuver one undepleted army up to its slowest unit's movement points (march: +1, two "
        "cubes): mountains, swamp and unexplored hexes cost 2, your first city or castle entered 0, others' "
        "units and structures block. Split, drop units along the way, pick up undepleted ones, merge at the "
        "end; the army lands depleted. Vessels keep to water and ferry land units (0 to enter a hex with or "
        "next to one). Entering an unexplored province with a military unit reveals a tile: choose its "
        "rotation; relics and an event card follow. Repeat a maneuver for an action cube, end your turn, or "
        "pass; when all have passed the round ends. Battles, building, technologies and the vote are kept by "
        "the table with adjust.")

    looks = (
        Kind("armies", "Every player's armies", (
            Param("player", "Only whose?", "seat", required=False, describe="Only this player"),),
            describe="Every player's armies, cubes and relics (or one player's)"),
        Kind("look", "Look at a hex", (Param("hex", "Which hex?", longest=HEX, describe="A hex, like D7"),),
             describe="What is on a hex, and what an army there can attack"),
        Kind("targets", "What your armies can attack", (
            Param("army", "Which of your armies (all by default)?", required=False, longest=HEX,
                  describe="One of your armies (default: all of them)"),
            Param("to", "After a maneuver to which hex (where it is by default)?", required=False, longest=HEX,
                  describe="Where that army would end a maneuver (default: where it is)")),
             describe="What your armies can attack now, or one army after moving to a hex"),
        Kind("cards", "The event cards, relics and piles",
             describe="The event rows (with their texts), the relics, the piles left"),
    )

    def load_board(self, raw: Any, source: str) -> Board:
        return load_board(raw, source)

    def words(self, state: GloryState) -> dict[str, tuple[str, ...]]:
        return words.typed(u.name for u in state.board.units)

    def board_info(self, board: Board) -> BoardInfo:
        return BoardInfo(board.name, board.title, board.min_players, board.max_players)

    def setup(self, board: Board, seats: list[Seat], settings: dict[str, Any], seed: int) -> GloryState:
        values = self.opening_settings(board.title, board.min_players, board.max_players, seats, settings)
        n = len(seats)
        rng = random.Random(seed)
        deck = [t.name for t in board.tiles]
        bag = [r.name for r in board.relics]
        events = [e.name for e in board.events]
        for pile in (deck, bag, events):
            rng.shuffle(pile)
        cubes, voting = int(values["action_cubes"]), int(values["voting_cubes"])
        armies: list[dict[str, Army]] = [{} for _ in seats]
        structures = {}
        for seat, p in enumerate(board.starts(n)):
            start = board.provinces[p].start
            assert start is not None
            structures[board.hex_name(start.capital)] = Structure("city", seat, capital=True)
            for placed in start.units:
                at = board.hex_name(placed.at)
                units = dict(armies[seat][at].units) if at in armies[seat] else {}
                units[placed.unit] = units.get(placed.unit, 0) + placed.count
                armies[seat][at] = Army(FrozenDict(units))
        people = [PlayerState(armies=FrozenDict(mine), action_cubes=cubes, action_cubes_per_round=cubes,
                              voting_cubes=voting) for mine in armies]
        return GloryState(board=board, seats=tuple(seats), settings=FrozenDict(values), seed=seed,
                          players=tuple(people), structures=FrozenDict(structures), explored=FrozenDict(),
                          relics=FrozenDict(), province_deck=tuple(deck), relic_bag=tuple(bag),
                          event_deck=tuple(events))

    def map_of(self, state: GloryState) -> tuple[Any, ...]:
        """Armies, structures, explored tiles, relics on hexes, a tile waiting for its rotation and the last
        maneuver: a pass, the end of a turn or a change of action or voting cubes posts no board."""
        return ([p.armies for p in state.players], state.structures, state.explored, state.relics, state.exploring,
                state.last)

    def candidates(self, state: GloryState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        if (kind, param) in options.LISTERS:
            return options.candidates(state, actor, kind, param, chosen)
        return super().candidates(state, actor, kind, param, chosen)

    def params_now(self, state: GloryState, actor: Actor, kind: str, chosen: Values) -> tuple[Param, ...]:
        return options.params_now(state, actor, kind, super().params_now(state, actor, kind, chosen), chosen)

    def typed(self, kind: str, values: Values) -> dict[str, Value | None]:
        return options.typed(kind, values)

    def make(self, state: GloryState, actor: Actor, kind: str, values: Values) -> Action:
        if kind in ("maneuver", "adjust"):
            return options.build(state, actor, kind, values)
        return super().make(state, actor, kind, values)

    def report(self, state: GloryState, actor: Actor, look: str, values: Values) -> list[str]:
        """`armies` (option `player`: a seat), `look` (`hex`), `targets` (`army`, `to`), `cards`."""
        if look == "armies":
            player = values.get("player")
            only = player if isinstance(player, int) and not isinstance(player, bool) else None
            return report.armies(state, self.status_line(state), only)
        if look == "look":
            return report.look(state, str(values.get("hex") or ""))
        if look == "targets":
            return report.targets(state, actor.seat, str(values.get("army") or ""), str(values.get("to") or ""))
        if look == "cards":
            return report.cards(state)
        return super().report(state, actor, look, values)

    def play(self, state: GloryState, actor: Actor, action: Action) -> Result[GloryState]:
        return HANDLERS[type(action)](state, actor, action)

    def position(self, state: GloryState) -> Position:
        heading = Msg("Round {n}", n=state.round)
        pending = state.exploring
        decisions: tuple[Decision, ...] = ()
        if pending is not None:
            options = tuple(explore.label(k) for k in pending.options)
            tile = state.board.tile_named[pending.tile]
            prompt = Msg("Choose the rotation of {tile} for the province at {province} (you claimed {hex}): "
                         "{rotations}. The board shows each allowed rotation, numbered.",
                         tile=explore.tile_text(tile), province=pending.province, hex=pending.plan.end,
                         rotations=listed(options, "or"))
            decisions = (Decision(pending.plan.seat, prompt, options, blocking=True),)
        cubes = state.players[state.turn].action_cubes
        if state.maneuvers and cubes:
            prompt = Msg("Your turn: maneuver again for an action cube ({n} left), or end your turn.", n=cubes)
        elif state.maneuvers:
            prompt = Msg("Your turn: no action cube left for another maneuver; end your turn.")
        else:
            prompt = Msg("Your turn: maneuver (free), pass for the round, or end your turn.")
        return Position("development", (state.turn,), heading=heading, prompt=prompt, decisions=decisions)

    def seat_name(self, state: GloryState, seat: int) -> str:
        return colour(state, seat)

    def view(self, state: GloryState, seat: int | None) -> GloryState:
        """Everyone sees the same: the board, every army and card shown; the order of the province
        deck, the relic bag and the event deck hidden (each entry "?"), and the seed zeroed."""
        return dataclasses.replace(
            state, seed=0, province_deck=(HIDDEN,) * len(state.province_deck),
            relic_bag=(HIDDEN,) * len(state.relic_bag), event_deck=(HIDDEN,) * len(state.event_deck),
        )

    def reseed(self, state: GloryState, seed: int) -> GloryState:
        """The province deck, relic bag and event deck still hidden, shuffled again from `seed`."""
        rng = random.Random(seed)
        piles = [sorted(state.province_deck), sorted(state.relic_bag), sorted(state.event_deck)]
        for pile in piles:
            rng.shuffle(pile)
        return dataclasses.replace(state, seed=seed, province_deck=tuple(piles[0]), relic_bag=tuple(piles[1]),
                                   event_deck=tuple(piles[2]))

    def timeout(self, state: GloryState, seat: int) -> Action | None:
        """Out of time: a revealed tile takes its first allowed rotation; a player who maneuvered
        this turn ends it, one who did not passes."""
        pending = state.exploring
        if pending is not None:
            return Choose(explore.label(pending.options[0])) if pending.plan.seat == seat else None
        if seat != state.turn or seat in state.passed:
            return None
        return EndTurn() if state.maneuvers else Pass()

    def reached(self, state: GloryState, seat: int, kind: str, chosen: Values, ends: list[Choice]) -> list[Reach]:
        """The ends offered for the army chosen, each with its cost and cheapest route (with the units,
        march and packing chosen: "2 cavalrymen", True, "pack")."""
        offered = {c.value for c in ends}
        try:
            units = notation.group(state.board, str(chosen.get("units") or ""))
            found = queries.reach(state, seat, str(chosen["army"]), units, march=bool(chosen.get("march")),
                                  pack=str(chosen.get("pack") or ""))
        except PlayerError:
            return []
        return [Reach(to, r.cost, r.route) for to, r in found.items() if to in offered]

    def focuses(self, state: GloryState) -> list[tuple[str, str]]:
        """A board view narrowed to one player's part of the map: their armies and structures and
        two hexes round them, larger (value: the seat's colour)."""
        return [(s.colour, Msg("{name}'s armies and cities, larger", name=colour(state, seat)))
                for seat, s in enumerate(state.seats)]

    def describe(self, state: GloryState) -> str:
        """The position for alt text: the phase and whom the game waits for, the tile waiting for
        its rotation, who has passed; per player their cubes, relics, armies (units and hexes) and
        cities and castles."""
        text = [super().describe(state)]
        pending = state.exploring
        if pending is not None:
            tile = state.board.tile_named[pending.tile]
            text.append(Msg("{name} revealed {tile} for the province at {province} and chooses its rotation.",
                            name=colour(state, pending.plan.seat), tile=tile.title, province=pending.province))
        if state.passed:
            text.append(Msg("Passed: {names}.", names=listed([colour(state, s) for s in state.passed])))
        for seat, player in enumerate(state.players):
            units = sum(sum(a.units.values()) for a in player.armies.values())
            where = ", ".join(at for at, _ in queries.armies(state, seat, undepleted=False)) or Msg("none")
            built = [_built(h, s) for h, s in sorted(state.structures.items()) if s.owner == seat]
            cubes = Plural("{n} action cube", "{n} action cubes", player.action_cubes)
            votes = Plural("{n} voting cube", "{n} voting cubes", player.voting_cubes)
            relics = Plural("{n} relic", "{n} relics", len(player.relics))
            strength = Plural("{n} unit", "{n} units", units)
            said = Msg("{name}: {cubes} left, {votes}, {relics}; {units} in armies at {where}",
                       name=colour(state, seat), cubes=cubes, votes=votes, relics=relics, units=strength, where=where)
            text.append(Msg("{said}; {built}.", said=said, built=joined(built, "; ")) if built
                        else Msg("{said}.", said=said))
        return joined(text)

    def check(self, state: GloryState) -> None:
        check_state(state, self.colours)

    def encode_state(self, state: GloryState) -> dict[str, Any]:
        """The state as JSON data; its board, most of it and never changing, is dumped once."""
        return {f.name: _board_data(state.board) if f.name == "board" else serial.dump(getattr(state, f.name))
                for f in dataclasses.fields(state)}

    # --- prepared turns (issue 30; rules/glory/depends.py) ------------------------------------------

    def preparable(self, state: GloryState, seat: int) -> tuple[str, ...]:
        return footprints.preparable(state, seat)

    def as_if_turn(self, state: GloryState, seat: int) -> GloryState:
        return footprints.as_if_turn(state, seat)

    def depends(self, state: GloryState, seat: int, action: Action) -> Footprint:
        return footprints.depends(state, seat, action)

    def snapshot(self, state: GloryState, footprint: Footprint) -> dict[str, Hashable]:
        return footprints.snapshot(state, footprint)

    def change_text(self, state: GloryState, key: str, was: Hashable, now: Hashable) -> str:
        return footprints.change_text(state, key, was, now)


@lru_cache(maxsize=16)
def _board_data(board: Board) -> dict[str, Any]:
    """A board's JSON data (shared: callers must not change it)."""
    data: dict[str, Any] = serial.dump(board)
    return data


def _built(at: str, structure: Structure) -> str:
    """A city or castle in words: "capital at D4"."""
    if structure.capital:
        return Msg("capital at {hex}", hex=at)
    return Msg("castle at {hex}", hex=at) if structure.kind == "castle" else Msg("city at {hex}", hex=at)
