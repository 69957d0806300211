"""The one hierarchy of player-facing errors.

Every refusal a player can cause is a `PlayerError` whose message says, in plain words,
what is wrong. Raising one changes nothing: callers discard any half-built state.
"""


class PlayerError(Exception):
    """A refusal the player can read and act on."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class BadInput(PlayerError):
    """A value that is malformed, unknown or out of range."""


class IllegalMove(PlayerError):
    """A well-formed action the rules do not allow."""


class NotYourTurn(PlayerError):
    """The game's flow does not ask this player to act now."""


class NotAllowed(PlayerError):
    """The player lacks the role the action needs (seat, host, manager)."""


class NoGame(PlayerError):
    """There is no game (or not the right kind of game) in this channel."""


class InvalidData(PlayerError):
    """A data file or an imported game that fails validation; names where and what."""


class Ambiguous(BadInput):
    """Typed text that could mean several things; the message lists them."""
