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
        text = (f"{who} passed; everyone has passed: round {state.round - 1} ends, depletion is cleared, action cubes "
                f"are refilled; {colour(state, first)} starts round {state.round}")
        return Result(state, text)
    state = replace(state, turn=following(state, seat), maneuvers=0)
    return Result(state, f"{who} passed for this round; {colour(state, state.turn)} is next")


def end_turn(state: GloryState, actor: Actor, action: EndTurn) -> Result[GloryState]:
    seat = seated(actor)
    state = replace(state, turn=following(state, seat), maneuvers=0)
    nxt = "plays on (everyone else has passed)" if state.turn == seat else "is next"
    return Result(state, f"{colour(state, seat)} ended their turn; {colour(state, state.turn)} {nxt}")


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
