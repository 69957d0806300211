"""Who may act: seated players, the player on turn, the host."""

from __future__ import annotations

from rules.base import Actor
from rules.errors import NotAllowed, NotYourTurn
from rules.vikings.state import VikingsState, colour


def seated(actor: Actor) -> int:
    """The actor's seat; only seated players act in a game, the host included."""
    if actor.seat is None:
        raise NotAllowed("Only players seated in this game can act in it.")
    return actor.seat


def hosting(actor: Actor, what: str) -> int:
    """The seat of a seated host; anyone else may not do `what`."""
    seat = seated(actor)
    if not actor.host:
        raise NotAllowed(f"Only the host may {what}.")
    return seat


def on_turn(state: VikingsState, actor: Actor) -> int:
    """The seat of the player whose turn it is, once setup is over."""
    seat = seated(actor)
    if state.placing:
        raise NotYourTurn(f"Setup is not over: {colour(state, state.turn)} places a boat next.")
    if seat != state.turn:
        raise NotYourTurn(f"It is {colour(state, state.turn)}'s turn.")
    return seat
