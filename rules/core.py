"""The small types the host and every game share: seats, actors, results, settings, queries."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Literal, Protocol, TypeVar

from rules.errors import BadInput
from rules.messages import Msg
from rules.options import Param


@dataclass(frozen=True)
class Seat:
    """A player at the table: a stable id (the Discord user id), a display name and a colour."""

    player_id: int
    name: str
    colour: str


class GameState(Protocol):
    """What the contract needs of every game's state: its seats, in seat order."""

    @property
    def seats(self) -> Sequence[Seat]: ...


S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Actor:
    """Who is acting: their seat index (None when not seated) and whether they host the game."""

    seat: int | None
    host: bool = False


@dataclass(frozen=True)
class Awaiting:
    """Someone the game waits for: on turn, asked a decision, or asked for a secret plan.

    A decision lists its `options` and a `key` telling it from the seat's other open questions;
    the answer is the game's answer action with one of them.
    """

    seat: int
    kind: Literal["turn", "decision", "plan"]
    prompt: str
    options: tuple[str, ...] = ()
    key: str = ""


class Action:
    """Base of a game's action dataclasses: `kind` names the action in logs and exports, `verb`
    says what it does in a refusal ("You cannot {verb} now"), `label` names it on a button ("Sail
    a boat"; the verb by default) and `params` are what a player chooses, in order, to make one
    (`rules.options`; the game's `build` turns the chosen values into the action). An action with a
    `describe` is also a slash command of its game's group, named `command` (its kind by default),
    with `describe` as its description and its `params` as its options.

    An action that seals a commitment (a price or plan shown only by its fingerprint until a
    reveal) has a field `salt: str = ""`: the table fills it with fresh randomness every time the
    action is submitted (`salted`), whatever the player sent, so every seal has its own salt and
    the log, which keeps the action whole, replays it exactly.
    """

    kind: ClassVar[str]
    verb: ClassVar[str] = ""
    label: ClassVar[str] = ""
    params: ClassVar[tuple[Param, ...]] = ()
    describe: ClassVar[str] = ""
    command: ClassVar[str] = ""

    @classmethod
    def doing(cls) -> str:
        return cls.verb or cls.kind

    @classmethod
    def named(cls) -> str:
        """What a button or menu calls it."""
        return cls.label or cls.doing().capitalize()


def salted(action: Action, salt: str) -> Action:
    """`action` with its `salt` field set to `salt`; an action without one, unchanged."""
    if not any(f.name == "salt" for f in dataclasses.fields(action)):  # type: ignore[arg-type]
        return action
    return dataclasses.replace(action, salt=salt)  # type: ignore[type-var]


@dataclass(frozen=True)
class Result(Generic[S]):
    """What `apply` returns: the new state and what happened, in plain words that name who acted
    (never "you": the log shows every line to everyone, a secret one after its reveal).

    `undoable` is False when the action revealed something hidden or random. `secret` marks an
    action whose content stays hidden from the other players until a later result `reveals`;
    `public` is what they see of it meanwhile (in the log). `board_changed` is False when nothing drawn on the
    board changed (no new image is posted). `hits` are the other seats whose pieces the action hit
    (bumped, removed, stolen from): they are told in the reply. `said` is what the channel is told
    of a secret action when `public` holds more than players need to read there (a commitment's
    fingerprint); `proof` are lines the log keeps but the channel does not show, which let anyone
    check a reveal against the commitments before it (the salts and the texts sealed): a Verify
    button shows them, and `Game.proof_help` says how to check. `places` are what the change is
    about on the board as everyone sees it (`Game.places`), for the posted view to show.
    """

    state: S
    summary: str
    details: tuple[str, ...] = ()
    board_changed: bool = True
    undoable: bool = True
    secret: bool = False
    reveals: bool = False
    public: str = ""
    hits: tuple[int, ...] = ()
    said: str = ""
    proof: tuple[str, ...] = ()
    places: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ending:
    """How a finished game ended: the winning seats (several on a tie) and the result in words."""

    winners: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class Piece:
    """One of a seat's pieces that can act now: the id commands accept, a label, where it is."""

    id: str
    label: str
    at: str


@dataclass(frozen=True)
class Reach:
    """Where a piece can end a move: the place, the cost, a cheapest route (after the start), and
    what the place holds that a player choosing it wants to know ("village"; "" for nothing)."""

    to: str
    cost: int
    route: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class Highlight:
    """A piece and where it can end a move, drawn over its player's board ("where can this go")."""

    piece: Piece
    reach: tuple[Reach, ...]


@dataclass(frozen=True)
class Posted:
    """Asks a renderer for the posted view: the board as the channel sees it after a change,
    composed to be read at Discord's preview size, showing best what just happened. `action` is
    the action just applied (None: none in particular, as after the start, an undo, or for
    `/game board`) and `seat` whose it was (None: the host's, or nobody's). `places` are the
    places it is about (`Result.places`), most important first: the view shows them."""

    action: Action | None = None
    seat: int | None = None
    places: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardInfo:
    """What the host needs to know of a board (map) to offer it: name, title, player range."""

    name: str
    title: str
    min_players: int
    max_players: int


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
                raise BadInput(Msg("Setting {name} is on or off, not {value}.", name=self.name, value=repr(text[:40])))
            return words[text.lower()]
        if isinstance(self.default, int):
            if not re.fullmatch(r"[+-]?[0-9]{1,12}", text):
                raise BadInput(Msg("Setting {name} takes a whole number, not {value}.", name=self.name,
                                   value=repr(text[:40])))
            return self.check(int(text))
        return self.check(text)

    def check(self, value: object) -> int | bool | str:
        """Return `value` if it is valid for this setting, else raise BadInput saying why."""
        if type(value) is not type(self.default):
            kind = {bool: Msg("on or off"), int: Msg("a whole number"), str: Msg("text")}[type(self.default)]
            raise BadInput(Msg("Setting {name} takes {kind}, not {value}.", name=self.name, kind=kind,
                               value=f"{value!r:.40}"))
        assert isinstance(value, int | str)
        if isinstance(value, int) and self.minimum is not None and value < self.minimum:
            raise BadInput(Msg("Setting {name} is at least {least}.", name=self.name, least=self.minimum))
        if isinstance(value, int) and self.maximum is not None and value > self.maximum:
            raise BadInput(Msg("Setting {name} is at most {most}.", name=self.name, most=self.maximum))
        if self.choices and value not in self.choices:
            raise BadInput(Msg("Setting {name} is one of: {choices}.", name=self.name, choices=", ".join(self.choices)))
        return value

    def show(self, value: object) -> str:
        """A value as players read it: on/off for switches."""
        return ("on" if value else "off") if isinstance(value, bool) else str(value)


# --- prepared turns: a seat's next turn, prepared while another plays (issue 30) ---------------

Mode = Literal["unchanged", "if legal"]


@dataclass(frozen=True)
class Footprint:
    """What a prepared action depends on: the `places` it names or passes through (spaces, hexes,
    areas), the `pieces` it moves (the game's ids) and anything else the game names in `others`
    (an offered tile and its price)."""

    places: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    others: tuple[str, ...] = ()

    def __or__(self, other: Footprint) -> Footprint:
        return Footprint(tuple(dict.fromkeys(self.places + other.places)),
                         tuple(dict.fromkeys(self.pieces + other.pieces)),
                         tuple(dict.fromkeys(self.others + other.others)))


@dataclass(frozen=True)
class Prepared:
    """A seat's next turn prepared while it was not theirs: its `actions` in order and what they
    depend on (`footprint`). `mode` "unchanged" plays them only if nothing in the footprint changed
    meanwhile; "if legal" whenever they are still legal. With `else_pass`, a plan that cannot be
    played plays the game's `fallback` instead ("this tile if still there, else pass"). It never
    enters a state or a view: the table keeps it privately, beside its `snapshot` of the footprint."""

    seat: int
    actions: tuple[Action, ...]
    mode: Mode = "unchanged"
    else_pass: bool = False
    footprint: Footprint = Footprint()


@dataclass(frozen=True)
class Ready:
    """What the table does with a prepared turn when it comes: play `actions` (empty: none), and
    tell the player the `reasons` the plan was not played as prepared (what changed, what is no
    longer legal; with a fallback played, why)."""

    actions: tuple[Action, ...] = ()
    reasons: tuple[str, ...] = ()


def frozen(value: object) -> Hashable:
    """A snapshot's value as compared: lists (what JSON makes of tuples, once the table has stored
    a snapshot) back to tuples, all the way down."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    assert isinstance(value, Hashable)
    return value
