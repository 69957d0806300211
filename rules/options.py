"""Legal options: what a seat may do now, step by step, with a label for people.

python-chess answers "which moves are legal" with one generator that `is_legal` and `parse_san`
share; boardgame.io's `ai.enumerate` lists a bot's moves. Waypost's games answer the same
question in three steps, on the state as the asking seat sees it (`Game.view`):

- `Game.kinds(view, actor)`: the action kinds open now (`Kind`: the action's `kind`, a label and its
  parameters in the order a player chooses them);
- `Game.choices(view, actor, kind, param, chosen)`: the legal values of one parameter given those
  already chosen (`Choice`: the value and a label): the game's candidates that some choice of the
  rest completes into an action the rules accept (tried on a copy), so an option offered is an
  option accepted;
- `Game.build(view, actor, kind, values)`: the typed action from the values chosen or typed (the
  game's notation reads what players type).

The pieces that can move and where they can go (`Game.movers`, `Game.reach`, for `/game reach`)
are the choices of a moving kind's parameters (`Moving`), and a decision is answered with the
choices of the flow's answer kind: nothing decides legality on its own.

Autocomplete, turn cards, scripted players and the random-play tests all choose from these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from rules.errors import BadInput, PlayerError
from rules.messages import Msg

Value = str | int | bool
Values = Mapping[str, Value | None]  # None: an optional parameter left out
ParamType = Literal["text", "number", "switch", "seat"]


class Choice:
    """One legal value of a parameter: what is chosen (and what a command's option holds) and how
    people read it ("F2 — 2 moves: F1 F2"). The label may be given as a function making it: made
    when first read, as the search for legal options reads only values (a label is a message in
    the catalogs, dearer to make than the search it would slow)."""

    __slots__ = ("value", "_label")

    def __init__(self, value: Value, label: str | Callable[[], str]):
        self.value, self._label = value, label

    @property
    def label(self) -> str:
        if callable(self._label):
            self._label = self._label()
        return self._label

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Choice) and (self.value, self.label) == (other.value, other.label)

    def __hash__(self) -> int:
        return hash((self.value, self.label))

    def __repr__(self) -> str:
        return f"Choice({self.value!r}, {self.label!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # sent to a drawing process with its label made
        return (Choice, (self.value, self.label))


@dataclass(frozen=True)
class Param:
    """A parameter of an action kind, in the order players choose them.

    `type` is how a command takes it ("seat": a player of the game). A `free` parameter takes
    values beyond its choices (a route through other spaces, a count typed by hand): its choices
    are suggestions, each still legal; autocomplete gives the game what is typed of it so far (in
    `chosen`, under its own name), so they may go on from it (a voyage step by step, a list one
    item more). An optional parameter (`required=False`) may be left out; `ask` is the question a
    menu puts ("Which boat?").

    The rest declares the parameter as a slash command's option (`front.cog.GameCog` makes each
    game's commands from its actions): `describe` says what it takes, `low`..`high` bound a number
    (and `longest` a text), `fixed` are the only values it takes (with their names), and `default`
    is what leaving it out means: `Game.build` fills it in before the game reads the values.
    """

    name: str
    ask: str
    type: ParamType = "text"
    required: bool = True
    free: bool = False
    describe: str = ""
    low: int | None = None
    high: int | None = None
    longest: int = 100
    fixed: tuple[Choice, ...] = ()
    default: Value | None = None
    omitting: str = ""  # what leaving it out means, where `omitted` cannot read it from the declaration

    def omitted(self) -> str:
        """What leaving this optional parameter out means, in a few words for a button, from its
        declaration: "Don't raid the village" (a switch), its default's name among its fixed values,
        what its question or description says it is by default ("All", "The cheapest route"), "No
        settlers" (how many, 0 by default); else "Leave out"."""
        if self.omitting:
            return self.omitting
        if self.type == "switch":
            doing = self.ask.split(" (")[0].rstrip("?")
            return "Yes (the default)" if self.default else f"Don't {doing[:1].lower()}{doing[1:]}"
        said = _BY_DEFAULT.search(self.ask) or _DEFAULT_IS.search(self.describe)
        text = next((c.label for c in self.fixed if c.value == self.default), said[1] if said else None)
        if text is not None:
            return f"{text[:1].upper()}{text[1:]}"
        many = _HOW_MANY.search(self.ask)
        if many is not None and self.default == 0:
            return f"No {many[1]}"
        return "Leave out" if self.default is None else f"{self.default} (the default)"


@dataclass(frozen=True)
class Kind:
    """An action kind open now (or a look): its `kind` (the action's), a label for a button ("Sail
    a boat") and its parameters in choosing order; `describe` is its slash command's description
    (a look without one is no command)."""

    kind: str
    label: str
    params: tuple[Param, ...] = ()
    describe: str = ""

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass(frozen=True)
class Step:
    """Where a choice of an action stands: the values picked so far (None: an optional parameter left
    out), and the next parameter with its legal values and their numbers among its candidates
    (what a menu sends back); None when the action is complete: then `question` is what to ask
    before it is played, if anything. `picks` are the picks that led here, left-outs included;
    `ready` when the action may be played already, the parameters still open (all optional) left
    to their defaults."""

    kind: Kind
    chosen: tuple[tuple[Param, Choice | None], ...]
    param: Param | None
    choices: tuple[Choice, ...] = ()
    numbers: tuple[int, ...] = ()
    question: str = ""
    picks: tuple[int | None, ...] = ()
    ready: bool = False

    @property
    def values(self) -> dict[str, Value | None]:
        return {p.name: c.value if c is not None else None for p, c in self.chosen}


@dataclass(frozen=True)
class Moving:
    """An action kind that moves a piece (`Game.moving`): its parameter naming the piece ("" when
    the kind moves the seat's one piece) and the one naming where it ends ("" when it names none: a
    walk by waypoints). `Game.movers` and `Game.reach` answer from their choices, so `/game reach`
    shows what the menus offer."""

    kind: str
    piece: str
    to: str


MENU = 25  # the most choices one menu shows (Discord's select)
MENUS = 2  # the menus a card shows one step's choices in at once (each a page of them)
SHOWN = MENU * MENUS  # the most choices a step shows at once: steps joined into one choice past it stay apart

ANSWER = (Param("choice", "Your answer?"), Param("key", "To which question?", required=False))  # a decision's


def joint(params: tuple[Param, ...], joined: Param, parts: tuple[str, ...]) -> tuple[Param, ...]:
    """`params` with a menu's joint choice `joined` in place of the parameters it joins (`parts`: a piece
    and where it ends), where the first of them was; made once per `params` (steps are asked at every
    turn of a search)."""
    key = (id(params), joined.name, parts)
    made = _JOINTS.get(key)
    if made is None or made[0] is not params:
        first = next(i for i, p in enumerate(params) if p.name in parts)
        kept = [p for p in params if p.name not in parts]
        made = _JOINTS[key] = (params, (*kept[:first], joined, *kept[first:]))
    return made[1]


_JOINTS: dict[tuple[int, str, tuple[str, ...]], tuple[tuple[Param, ...], tuple[Param, ...]]] = {}


class Kept:
    """Answers kept for the last state asked about, by key (a search asks the same at every turn).
    The state and its answers are replaced together, so menus worked out in several threads at once
    never read an answer kept for another state."""

    def __init__(self) -> None:
        self.kept: tuple[object, dict[Hashable, Any]] = (None, {})

    def get(self, state: object, key: Hashable, make: Callable[[], Any]) -> Any:
        kept = self.kept
        if kept[0] is not state:
            kept = self.kept = (state, {})
        answers = kept[1]
        if key not in answers:
            answers[key] = make()
        return answers[key]


def matching(choices: Iterable[Choice], typed: str, limit: int = 25) -> list[Choice]:
    """The choices whose value or label contains what was typed so far (any case; spaces, hyphens,
    underscores and apostrophes do not matter: "vaga sea" finds Vaga-Sea), those whose value starts
    with it first; at most `limit` (Discord lists 25)."""
    typed = _loose(typed)
    found = [c for c in choices if typed in _loose(str(c.value)) or typed in _loose(c.label)]
    found.sort(key=lambda c: not _loose(str(c.value)).startswith(typed))
    return found[:limit]


Lister = Callable[[Any, Any, Values], list[Choice]]  # (state, actor, chosen) → the candidates of one parameter


def listed(listers: Mapping[tuple[str, str], Lister], state: Any, actor: Any, kind: str, param: str,
           chosen: Values) -> list[Choice]:
    """A game's candidates of `param` of `kind` from its table of listers by (kind, param): [] when
    it lists none, or when what was chosen before cannot be read (the lister's PlayerError)."""
    lister = listers.get((kind, param))
    if lister is None:
        return []
    try:
        return lister(state, actor, chosen)
    except PlayerError:
        return []


def text(values: Values, name: str) -> str:
    """A required value as text; BadInput when it was not given."""
    if not given(values, name):
        raise BadInput(Msg("Give the {what}.", what=name))
    return str(values[name])


def number(values: Values, name: str, default: int | None = None) -> int:
    """A value as a whole number (typed or chosen), `default` when it was not given; BadInput when
    it is not one, or was not given and has no default."""
    value = values.get(name)
    value = default if value is None else value
    if value is None:
        raise BadInput(Msg("Give the {what}.", what=name))
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(str(value).strip())
        except ValueError:
            raise BadInput(Msg("The {what} is a whole number, not {value}.", what=name,
                               value=repr(str(value)[:20]))) from None
    return value


def what_of(values: Values, table: Mapping[str, Any]) -> str:
    """An adjustment's `what` as chosen or typed (any case), one of the game's `table` of what may
    be adjusted; BadInput listing them otherwise."""
    what = text(values, "what").strip().casefold()
    if what not in table:
        raise BadInput(Msg("Adjust one of: {names}.", names=", ".join(table)))
    return what


def defaulted(params: Iterable[Param], values: Values) -> dict[str, Value | None]:
    """`values` with each parameter left out (or blank) that declares a `default` given it."""
    filled = dict(values)
    for param in params:
        if param.default is not None and not given(filled, param.name):
            filled[param.name] = param.default
    return filled


def given(values: Values, name: str) -> bool:
    """Whether `name` was chosen or typed (not left out, not blank)."""
    value = values.get(name)
    return value is not None and str(value).strip() != ""


def _loose(text: str) -> str:
    return _SEPARATORS.sub("", text).casefold()


_SEPARATORS = re.compile(r"[\s_'’-]+")
_BY_DEFAULT = re.compile(r"\(([^()]+) by default\)")  # "Which units move (all by default)?"
_DEFAULT_IS = re.compile(r"\(default: ([^()]+)\)")  # "(default: from your treasury)"
_HOW_MANY = re.compile(r"\bhow many (\w+)", re.IGNORECASE)
