"""Rounds and turns: on your turn you maneuver (the first free, each more for an action cube) or
pass; you may end your turn at any time. When everyone has passed the round ends: depletion is
cleared, action cubes are refilled, and the first player to pass starts the next round."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Actor, Result
from rules.errors import IllegalMove
from rules.frozen import FrozenDict
from rules.glory.actions import EndTurn, Pass
from rules.glory.state import Army, GloryState, colour
from rules.guards import seated
from rules.messages import Msg


def pass_turn(state: GloryState, actor: Actor, action: Pass) -> Result[GloryState]:
    seat = seated(actor)
    if state.maneuvers:
        raise IllegalMove(Msg("You have maneuvered this turn: end your turn, and pass on your next one."))
    state = replace(state, passed=(*state.passed, seat))
    who = colour(state, seat)
    if len(state.passed) == len(state.seats):
        first = state.passed[0]
        state = new_round(state)
        text = Msg("{name} passed; everyone has passed: round {ended} ends, depletion is cleared, action cubes are "
                   "refilled; {first} starts round {n}", name=who, ended=state.round - 1, first=colour(state, first),
                   n=state.round)
        return Result(state, text)
    state = replace(state, turn=following(state, seat), maneuvers=0)
    return Result(state, Msg("{name} passed for this round; {next} is next", name=who, next=colour(state, state.turn)))


def end_turn(state: GloryState, actor: Actor, action: EndTurn) -> Result[GloryState]:
    seat = seated(actor)
    state = replace(state, turn=following(state, seat), maneuvers=0)
    said = {"name": colour(state, seat), "next": colour(state, state.turn)}
    if state.turn == seat:
        return Result(state, Msg("{name} ended their turn; {next} plays on (everyone else has passed)", **said))
    return Result(state, Msg("{name} ended their turn; {next} is next", **said))


def following(state: GloryState, seat: int) -> int:
    """The next seat after `seat` that has not passed (`seat` itself when all others have)."""
    n = len(state.seats)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if candidate not in state.passed:
            return candidate
    return seat


def new_round(state: GloryState) -> GloryState:
    """`state` once the round ends: depletion cleared, action cubes refilled, the next round
    started by the first player to pass."""
    players = tuple(replace(player, action_cubes=player.action_cubes_per_round, armies=FrozenDict(
        {name: Army(army.units, army.packed, 0) if army.cubes else army for name, army in player.armies.items()}))
        for player in state.players)
    return replace(state, turn=state.passed[0], passed=(), maneuvers=0, round=state.round + 1, players=players)
