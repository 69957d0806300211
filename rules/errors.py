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


class UnknownBoard(InvalidData):
    """A stored state names its board (by name and digest) and no board loaded so far has that
    digest: the caller loads the game's board (its file, or the game's start entry) and tries again."""

    def __init__(self, name: str, digest: str):
        super().__init__(f"state.board: the board {name[:40]!r} with digest {digest[:16]}… is not one Waypost knows.")
        self.name, self.digest = name, digest
