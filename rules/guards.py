"""Who may act, the same for every game: seated players, and the host."""

from __future__ import annotations

from rules.core import Actor
from rules.errors import NotAllowed
from rules.messages import Msg


def seated(actor: Actor) -> int:
    """The actor's seat; only seated players act in a game, the host included."""
    if actor.seat is None:
        raise NotAllowed(Msg("Only players seated in this game can act in it."))
    return actor.seat


def hosting(actor: Actor, what: str) -> int:
    """The seat of a seated host; anyone else may not do `what`."""
    seat = seated(actor)
    if not actor.host:
        raise NotAllowed(Msg("Only the host may {what}.", what=what))
    return seat
