"""Rounds and turns: on your turn you maneuver (the first free, each more for an action cube) or
pass; you may end your turn at any time. When everyone has passed the round ends: depletion is
cleared, action cubes are refilled, and the first player to pass starts the next round."""

from __future__ import annotations

from rules.base import Actor, Result
from rules.errors import IllegalMove
from rules.glory.actions import EndTurn, Pass
from rules.glory.state import Army, GloryState, colour
from rules.guards import seated


def pass_turn(state: GloryState, actor: Actor, action: Pass) -> Result[GloryState]:
    seat = seated(actor)
    if state.maneuvers:
        raise IllegalMove("You have maneuvered this turn: end your turn, and pass on your next one.")
    state.passed.append(seat)
    who = colour(state, seat)
    if len(state.passed) == len(state.seats):
        first = state.passed[0]
        new_round(state)
        text = (f"{who} passed; everyone has passed: round {state.round - 1} ends, depletion is cleared, action cubes "
                f"are refilled; {colour(state, first)} starts round {state.round}")
        return Result(state, text)
    state.turn = following(state, seat)
    state.maneuvers = 0
    return Result(state, f"{who} passed for this round; {colour(state, state.turn)} is next")


def end_turn(state: GloryState, actor: Actor, action: EndTurn) -> Result[GloryState]:
    seat = seated(actor)
    state.turn = following(state, seat)
    state.maneuvers = 0
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


def new_round(state: GloryState) -> None:
    """End the round on `state` (a fork): clear depletion, refill action cubes, start the next
    round with the first player to pass."""
    state.turn = state.passed[0]
    state.passed = []
    state.maneuvers = 0
    state.round += 1
    for player in state.players:
        player.action_cubes = player.action_cubes_per_round
        for name, army in list(player.armies.items()):
            if army.cubes:
                player.armies[name] = Army(army.units, army.packed, 0)
