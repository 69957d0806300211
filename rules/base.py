"""The contract every game's rules implement, and the small types the host shares with them.

A game is a `Game` object: it builds a state from a board, seats, settings and a seed, says who
must act (`awaiting`), and `apply`s typed actions, returning a `Result` or raising a
`rules.errors.PlayerError`. States and actions are dataclasses that round-trip through
`rules.serial`. Nothing here knows about Discord, SQL, files or clocks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from rules import serial
from rules.errors import BadInput, InvalidData

S = TypeVar("S")


@dataclass(frozen=True)
class Seat:
    """A player at the table: a stable id (the Discord user id), a display name and a colour."""

    player_id: int
    name: str
    colour: str


@dataclass(frozen=True)
class Actor:
    """Who is acting: their seat index (None when not seated) and whether they host the game."""

    seat: int | None
    host: bool = False


@dataclass(frozen=True)
class Awaiting:
    """Someone the game waits for: on turn, asked a decision, or asked for a secret plan.

    A decision lists its `options`; the answer is the game's `choose` action with one of them.
    """

    seat: int
    kind: Literal["turn", "decision", "plan"]
    prompt: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result(Generic[S]):
    """What `apply` returns: the new state and what happened, in plain words.

    `undoable` is False when the action revealed something hidden or random. `secret` marks an
    action whose content stays hidden from the other players until a later result `reveals`.
    """

    state: S
    summary: str
    details: tuple[str, ...] = ()
    board_changed: bool = True
    undoable: bool = True
    secret: bool = False
    reveals: bool = False


@dataclass(frozen=True)
class Setting:
    """A table setting: a name, its default and the values it may take."""

    name: str
    default: int | bool | str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def parse(self, text: str) -> int | bool | str:
        """Turn a player's text into a valid value for this setting, or refuse it."""
        text = text.strip()
        if isinstance(self.default, bool):
            words = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
            if text.lower() not in words:
                raise BadInput(f"Setting {self.name} is on or off, not {text[:40]!r}.")
            return words[text.lower()]
        if isinstance(self.default, int):
            try:
                return self.check(int(text))
            except ValueError:
                raise BadInput(f"Setting {self.name} takes a whole number, not {text[:40]!r}.") from None
        return self.check(text)

    def check(self, value: object) -> int | bool | str:
        """Return `value` if it is valid for this setting, else raise BadInput saying why."""
        if type(value) is not type(self.default):
            kind = {bool: "on or off", int: "a whole number", str: "text"}[type(self.default)]
            raise BadInput(f"Setting {self.name} takes {kind}, not {value!r:.40}.")
        if self.minimum is not None and value < self.minimum:
            raise BadInput(f"Setting {self.name} is at least {self.minimum}.")
        if self.maximum is not None and value > self.maximum:
            raise BadInput(f"Setting {self.name} is at most {self.maximum}.")
        if self.choices and value not in self.choices:
            raise BadInput(f"Setting {self.name} is one of: {', '.join(self.choices)}.")
        return value


class Action:
    """Base of a game's action dataclasses; `kind` names the action in logs and exports."""

    kind: ClassVar[str]


@dataclass(frozen=True)
class BoardInfo:
    """What the host needs to know of a board (map) to offer it: name, title, player range."""

    name: str
    title: str
    min_players: int
    max_players: int


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses fill the class attributes and the abstract methods."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    colours: ClassVar[tuple[str, ...]]
    settings: ClassVar[tuple[Setting, ...]]
    state_type: ClassVar[type]
    actions: ClassVar[tuple[type[Action], ...]]
    summary: ClassVar[str]  # a short rules summary for /game help

    @abstractmethod
    def load_board(self, raw: Any, source: str) -> Any:
        """Validate a board file's parsed JSON; raise InvalidData naming `source` and the field."""

    @abstractmethod
    def board_info(self, board: Any) -> BoardInfo:
        """The board's name, title and player range."""

    @abstractmethod
    def setup(self, board: Any, seats: list[Seat], settings: dict[str, Any], seed: int) -> S:
        """The state at the start of play."""

    @abstractmethod
    def apply(self, state: S, actor: Actor, action: Action) -> Result[S]:
        """Check `actor` may take `action` now and return the new state, or raise PlayerError.

        Must not mutate `state`.
        """

    @abstractmethod
    def awaiting(self, state: S) -> list[Awaiting]:
        """Everyone the game is waiting for right now."""

    @abstractmethod
    def phase(self, state: S) -> str:
        """The phase, round or era in a few words, for /game status."""

    @abstractmethod
    def check(self, state: S) -> None:
        """Raise InvalidData if the state breaks an invariant (used on import and in tests)."""

    def is_over(self, state: S) -> bool:
        """Whether play has finished. Games without an end kept by the bot never finish."""
        return False

    # --- settings, actions and states as data -------------------------------------------

    def default_settings(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.settings}

    def setting(self, name: str) -> Setting:
        for s in self.settings:
            if s.name == name:
                return s
        names = ", ".join(s.name for s in self.settings) or "none"
        raise BadInput(f"{self.title} has no setting {name[:40]!r}. Settings: {names}.")

    def encode_action(self, action: Action) -> dict[str, Any]:
        return {"kind": action.kind, **serial.dump(action)}

    def decode_action(self, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InvalidData("action: expected an object with a 'kind'")
        for cls in self.actions:
            if cls.kind == data["kind"]:
                body = {k: v for k, v in data.items() if k != "kind"}
                return serial.load(cls, body, f"action {cls.kind}")
        raise InvalidData(f"action: {self.title} has no action {data['kind']!r}")

    def encode_state(self, state: S) -> dict[str, Any]:
        return serial.dump(state)

    def decode_state(self, data: Any) -> S:
        return serial.load(self.state_type, data, "state")
