"""The contract every game's rules implement.

A game is a `Game` object: it builds a state from a board, seats, settings and a seed, declares
its turn `flow` and says where a state stands in it (`position`), and `apply`s typed actions,
returning a `Result` or raising a `rules.errors.PlayerError`. From the flow the contract derives
whom the table waits for, the phase line, and the refusals "not now" and "not your turn"; the
game's own `play` sees only actions the flow allows.

What each seat may see is `view(state, seat)` (boardgame.io's `playerView`): the host passes every
state through it before anything leaves the table. The legal options (`kinds`, `choices`, and
`movers`, `reach` derived from them) are answered on such a view. States and actions are
dataclasses that round-trip through `rules.serial`. Nothing here knows about Discord, SQL, files or
clocks.

One state discipline (python-chess's positions, boardgame.io's immutable states): a state is a
frozen dataclass holding only immutable values (tuples, frozensets, `rules.frozen.FrozenDict`,
other frozen dataclasses, its board). `play` never changes the state it is given: it builds the
next one with `dataclasses.replace` (keyword fields, never a constructor's positions), sharing
whatever did not change, so trying an action on a state (`accepts`, `completable`) costs no copy.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, get_args

from rules import serial
from rules.core import (
    Action,
    Actor,
    Awaiting,
    BoardInfo,
    Ending,
    Footprint,
    GameState,
    Highlight,
    Mode,
    Piece,
    Posted,
    Prepared,
    Reach,
    Ready,
    Result,
    S,
    Seat,
    Setting,
    frozen,
)
from rules.errors import BadInput, IllegalMove, InvalidData, NotYourTurn, PlayerError
from rules.flow import Flow, Position
from rules.guards import hosting, seated
from rules.messages import Msg, capitalised, joined, listed
from rules.options import MENU, Choice, Kind, Moving, Param, Step, Value, Values, defaulted
from rules.text import either, players

PREPARED_STEPS = 200  # the most steps a prepared turn holds (a long Mega Civilization draft is well under)

__all__ = [
    "Action", "Actor", "Awaiting", "BoardInfo", "Ending", "Game", "GameState", "Highlight", "Piece", "Posted", "Reach",
    "Result", "Seat", "Setting",
]


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses fill the class attributes and the abstract methods.

    `parts` names the shared data files (`data/<game>/<part>.json`, beside the `maps/` folder) that
    every board of the game is combined with: `load_board` then receives `{"map": <the board file>,
    "<part>": <that file>, …}` and names a part's file with `part_source(source, part)`.

    `hidden_randomness` says whether the seed decides something players must not learn before it
    is revealed (a deck's order): then exports seal the seed and an import reshuffles with
    `reseed`.

    `log_per_seat` is the most log entries a real game reaches per player, with ample room for
    undos and adjustments: an import of a longer log is refused (it bounds the cost of replaying
    an imported game, and of every later look back at it).
    """

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    colours: ClassVar[tuple[str, ...]]
    settings: ClassVar[tuple[Setting, ...]]
    state_type: ClassVar[type]
    actions: ClassVar[tuple[type[Action], ...]]
    flow: ClassVar[Flow]
    summary: ClassVar[str]  # a short rules summary for /game help
    glossary: ClassVar[tuple[tuple[str, str], ...]] = ()  # (term, meaning): the game's words, in /game help
    hidden_randomness: ClassVar[bool] = False
    log_per_seat: ClassVar[int] = 1_000
    parts: ClassVar[tuple[str, ...]] = ()
    looks: ClassVar[tuple[Kind, ...]] = ()  # read-only reports a player may ask for (`report`)
    # per option, the English keywords it takes typed ("none"), which the menus show in the player's
    # language: typed in it, they are read as the English (`waypost.play.typed_in`, with `words`)
    keywords: ClassVar[dict[str, tuple[str, ...]]] = {}
    pictured: ClassVar[frozenset[str]] = frozenset()  # action kinds a turn card shows a picture of at each step
    moving: ClassVar[tuple[Moving, ...]] = ()  # the kinds that move a piece (`movers`, `reach`)
    proof_help: ClassVar[str] = ""  # how anyone checks a reveal against the commitments before it

    # --- what each game supplies ------------------------------------------------------------

    @abstractmethod
    def load_board(self, raw: Any, source: str) -> Any:
        """Validate a board's parsed JSON (with its parts, if the game has any); raise InvalidData
        naming the file (`source`, or `part_source(source, part)`), the field and the fault."""

    @abstractmethod
    def board_info(self, board: Any) -> BoardInfo:
        """The board's name, title and player range."""

    @abstractmethod
    def setup(self, board: Any, seats: list[Seat], settings: dict[str, Any], seed: int) -> S:
        """The state at the start of play."""

    @abstractmethod
    def position(self, state: S) -> Position:
        """Where the state stands in the game's flow."""

    @abstractmethod
    def play(self, state: S, actor: Actor, action: Action) -> Result[S]:
        """Carry out an action the flow allows now, or raise PlayerError. The result holds the new
        state, built with `dataclasses.replace`: `state` itself is never changed."""

    @abstractmethod
    def check(self, state: S) -> None:
        """Raise InvalidData if the state breaks an invariant (used on import and in tests)."""

    def view(self, state: S, seat: int | None) -> S:
        """The state as `seat` (None: an onlooker) may see it: what others keep secret removed."""
        return state

    def reseat(self, state: S, seats: Sequence[Seat]) -> S:
        """The state with its seats' players changed (a substitute took a seat): pieces, secrets and
        the rest stay with the seat. States keep their seats in a field named `seats`."""
        current = state.seats
        return dataclasses.replace(state, seats=type(current)(seats))  # type: ignore[type-var, call-arg]

    def reseed(self, state: S, seed: int) -> S:
        """The state with everything still hidden that the seed decided drawn again from `seed`."""
        return state

    def ending(self, state: S) -> Ending | None:
        """How the game ended, once it has; games the bot does not play to the end never end."""
        return None

    def seat_name(self, state: S, seat: int) -> str:
        """How the game names a seat in its texts (a colour, a civilization, a name)."""
        return state.seats[seat].name

    def identity(self, board: Any, colour: str) -> str:
        """Who a seat of `colour` is on `board`, told to its player when they join, when the game
        starts and in /game status ("green — Celt, starting in Thrace"). By default the colour."""
        return colour

    def timeout(self, state: S, seat: int) -> Action | None:
        """What the game plays for an awaited seat whose time ran out (its safe default: end the turn,
        pass, an empty plan), or None when it has none for this situation."""
        return None

    def focuses(self, state: S) -> list[tuple[str, str]]:
        """What a board view can be narrowed to (a region, a player's territory) as (value, label);
        the renderer draws `draw(state, viewer, focus)` for one of the values."""
        return []


    def compare(self, before: S, actor: Actor, result: Result[S]) -> Result[S]:
        """What only comparing the states before and after `actor`'s action tells, added to its
        result: the places it is about (`places`), whether the map changed (`map_of`); games add
        more (whom it hit)."""
        was, now = self.view(before, None), self.view(result.state, None)  # the channel's board is everyone's view
        places = self.places(was, now)
        if places:
            result = dataclasses.replace(result, places=places)
        shown = self.map_of(was)
        if shown is None or not result.board_changed:
            return result
        return dataclasses.replace(result, board_changed=shown != self.map_of(now))

    def places(self, before: S, after: S) -> tuple[str, ...]:
        """The places (as the game's renderer names them) a change from `before` to `after` is
        about, both as everyone sees them, most important first: those it changed and those its
        text names (a conflict, a walk). The posted view shows them (`Posted.places`)."""
        return ()

    def map_of(self, state: S) -> Any:
        """What the board's map shows of `state` (pieces, markers, the last move), compared on
        everyone's view before and after each action: one that changes none of it posts no new board,
        its words are enough (a pass, the end of a turn). None: every action is drawn unless its
        result says otherwise."""
        return None

    # --- legal options (rules/options.py): what a seat may do now, step by step -----------------

    def kinds(self, state: S, actor: Actor) -> list[Kind]:
        """The action kinds `actor` may take now on `state` (their view): those the flow allows that
        some choice of values completes into an action the rules accept."""
        return [kind for cls in self.actions if (kind := self._open(state, actor, cls)) is not None]

    def _open(self, state: S, actor: Actor, cls: type[Action]) -> Kind | None:
        """Action kind `cls` if it is open to `actor` now (`kinds`), else None."""
        if not self._opens(state, actor, cls):
            return None
        return Kind(cls.kind, cls.named(), self.params_now(state, actor, cls.kind, {}))

    def _opens(self, state: S, actor: Actor, cls: type[Action]) -> bool:
        """Whether action kind `cls` is open to `actor` now (its parameters not worked out)."""
        if dataclasses.fields(cls) and not cls.params:  # type: ignore[arg-type]  # not offered: no parameters
            return False
        try:
            self.permit(state, actor, cls)
        except PlayerError:
            return False
        return self.completable(state, actor, cls.kind, {})

    def usual(self, state: S, actor: Actor, most: int = 4) -> list[tuple[str, str]]:
        """The actions of the phase in play open to `actor` now (`kinds`, on their view) as (kind,
        label), in the phase's order, its main one first, at most `most`: past that, the first ones
        and the phase's last (which ends the turn or the movement, as Mega Civilization's declare).
        A ping's buttons: only the phase's actions are looked at, no more of them than it shows, and
        not their parameters (a button names the action; its card works out the steps)."""
        by_kind = {cls.kind: cls for cls in self.actions}
        kinds = [by_kind[k] for k in self.flow.phase(self.positioned(state).phase).actions if k in by_kind]
        last = next((cls for cls in reversed(kinds) if self._opens(state, actor, cls)), None)
        if last is None:
            return []
        first: list[type[Action]] = []
        for cls in kinds[:kinds.index(last)]:
            if self._opens(state, actor, cls):
                first.append(cls)
                if len(first) == most - 1:
                    break
        return [(cls.kind, cls.named()) for cls in (*first, last)]

    def params_now(self, state: S, actor: Actor, kind: str, chosen: Values) -> tuple[Param, ...]:
        """The parameters of `kind` as they stand once `chosen` are chosen (a game may make some
        needed, or leave some out, by what was chosen: an adjustment of boats needs the boat)."""
        return self.action_class(kind).params

    def choices(self, state: S, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        """The legal values of `param` of action `kind` for `actor` now, given the values `chosen`
        before it: the game's `candidates` that some choice of the parameters still open completes
        into an action the rules accept. So an option offered is an option accepted. For a look,
        its candidates."""
        found = self.candidates(state, actor, kind, param, chosen)
        if any(look.kind == kind for look in self.looks) or self.all_legal_if_one(kind, param, chosen) and found and \
                self.completable(state, actor, kind, {**chosen, param: found[0].value}):
            return found
        return [c for c in found if self.completable(state, actor, kind, {**chosen, param: c.value})]

    def all_legal_if_one(self, kind: str, param: str, chosen: Values) -> bool:
        """Whether the game promises that its candidates of `param`, given `chosen`, are all legal when
        any of them is (they come from the handler's own search: a sail's reachable ends), so that
        `choices` tries only the first; the random play checks the promise."""
        return False

    def params_of(self, kind: str) -> tuple[Param, ...]:
        """Every parameter an action kind or a look may take (() for neither)."""
        look = next((look for look in self.looks if look.kind == kind), None)
        if look is not None:
            return look.params
        cls = next((c for c in self.actions if c.kind == kind), None)
        return cls.params if cls is not None else ()

    def movers(self, state: S, seat: int) -> list[Piece]:
        """The seat's pieces that can move now (on the seat's view): each `moving` kind's piece values
        its `choices` offer (the candidates some choice of the rest completes), as the game shows
        them (`mover`)."""
        return [piece for _, _, piece in self._movers(state, seat)]

    def reach(self, state: S, seat: int, piece: str, options: Mapping[str, Any]) -> list[Reach]:
        """Where `piece` (a mover's id, any case) can end a move now: the destinations its moving
        kind's `choices` offer given the piece and `options` (values of the parameters before the
        destination: a sail's strength, a march), as the game shows them (`reached`: the cost and a
        cheapest route of each). [] for a piece that cannot move."""
        for move, choice, _ in self._movers(state, seat, piece.strip().casefold()):
            chosen = {**options, **({move.piece: choice.value} if choice is not None else {})}
            ends = self.choices(state, Actor(seat), move.kind, move.to, chosen) if move.to else []
            return self.reached(state, seat, move.kind, chosen, ends)
        return []

    def _movers(self, state: S, seat: int, wanted: str | None = None) -> list[tuple[Moving, Choice | None, Piece]]:
        """Each moving kind open to `seat` now with each piece it offers (its choice, None for the
        kind's one piece, and how it is shown); only the piece whose id is `wanted` (casefolded), if given."""
        actor = Actor(seat)
        found: list[tuple[Moving, Choice | None, Piece]] = []
        for move in self.moving:
            try:
                self.permit(state, actor, self.action_class(move.kind))
            except PlayerError:
                continue
            listed = self.candidates(state, actor, move.kind, move.piece, {}) if move.piece else [None]
            for choice in listed:
                piece = self.mover(state, seat, move.kind, choice)
                if wanted not in (None, piece.id.casefold()):
                    continue
                if self.completable(state, actor, move.kind, {move.piece: choice.value} if choice is not None else {}):
                    found.append((move, choice, piece))
        return found

    def mover(self, state: S, seat: int, kind: str, choice: Choice | None) -> Piece:
        """How `/game reach` and a highlighted board show a piece `kind` moves, offered as `choice`
        (None: the kind's one piece): by default the choice's value and label."""
        value = str(choice.value) if choice is not None else kind
        return Piece(value, choice.label if choice is not None else value, value)

    def reached(self, state: S, seat: int, kind: str, chosen: Values, ends: list[Choice]) -> list[Reach]:
        """The destinations `ends` offered for the piece in `chosen`, with their costs and routes
        (by default one step each)."""
        return [Reach(str(c.value), 1, (str(c.value),)) for c in ends]

    def confirmation(self, state: S, actor: Actor, kind: str, chosen: Values | None = None) -> str:
        """What to ask before `actor` takes an action of `kind` with the values `chosen` (None: not
        known yet) that cannot be taken back or has consequences worth a second look ("" for none):
        a menu shows it beside Confirm."""
        return ""

    def report(self, state: S, actor: Actor, look: str, values: Values) -> list[str]:
        """The lines of one of the game's `looks` for `actor` on `state` (their view)."""
        raise BadInput(Msg("{game} has no look {look}.", game=self.title, look=repr(look[:40])))

    def step(self, state: S, actor: Actor, kind: str, picks: Sequence[int | None]) -> Step:
        """Where a choice of `kind` stands after picking, parameter by parameter, the candidate
        numbered by each of `picks` (None: an optional parameter left out), and the legal values of
        the next parameter with their numbers (`ready` when only optional ones are left and the
        game asks no confirmation: the action may be played with their defaults). A step with one
        possible answer is not asked: a required parameter with a single legal value is chosen
        without a pick (it is in `chosen`, not in the picks), an optional one with a single legal
        value, its default, is left out (the left-out is added to the picks returned). The picks
        made are read from the candidates, and a pick that is not legal after all is refused when
        the action is played. BadInput when a pick is out of range or leaves out a required
        parameter, or `kind` is not open now."""
        cls = self.action_class(kind)
        self.permit(state, actor, cls)
        found = Kind(kind, cls.named(), self.params_now(state, actor, kind, {}))
        chosen: list[tuple[Param, Choice | None]] = []
        values: dict[str, Value | None] = {}
        made: list[int | None] = []
        left = list(picks)
        while True:
            param = next((p for p in self.params_now(state, actor, kind, values) if p.name not in values), None)
            if param is None:
                if left:
                    raise BadInput(Msg("That choice is already complete."))
                return Step(found, tuple(chosen), None, question=self.confirmation(state, actor, kind, values),
                            picks=tuple(made))
            listed = self.candidates(state, actor, kind, param.name, values)
            if not left:
                legal = [(i, c) for i, c in enumerate(listed)
                         if self.completable(state, actor, kind, {**values, param.name: c.value})]
                if len(legal) > 1 or param.required and not legal:
                    open_ = [p for p in self.params_now(state, actor, kind, values) if p.name not in values]
                    ready = not any(p.required for p in open_) and not self.confirmation(state, actor, kind)
                    return Step(found, tuple(chosen), param, tuple(c for _, c in legal),
                                numbers=tuple(i for i, _ in legal), picks=tuple(made), ready=ready)
                only = legal[0][0] if param.required else None
            else:
                only = self._only(state, actor, kind, param, values, listed) if param.required else None
            if only is not None:  # one possible answer: chosen without asking
                chosen.append((param, listed[only]))
                values[param.name] = listed[only].value
                continue
            if not left:
                left.append(None)  # nothing to choose: left out
            pick = left.pop(0)
            if pick is None and param.required or pick is not None and pick not in range(len(listed)):
                raise BadInput(Msg("That is not one of the choices offered: {question}", question=param.ask))
            choice = listed[pick] if pick is not None else None
            chosen.append((param, choice))
            values[param.name] = choice.value if choice is not None else None
            made.append(pick)

    def completions(self, state: S, actor: Actor, kind: str, picks: Sequence[int | None],
                    most: int = MENU) -> list[Step] | None:
        """Every way of choosing at once the steps left of `kind` after `picks` (its optional ones, and
        any they make needed), each a complete `Step` whose picks say them all, left-outs included:
        the defaults kept first, then each legal value of a step in turn (a value that is its
        default said once, as left out). Each is legal, as each pick is one its step offers. None
        when they are more than `most` (one menu), or when a required step is still open before."""
        found: list[Step] = []

        def walk(made: Sequence[int | None]) -> bool:
            step = self.step(state, actor, kind, made)
            if step.param is None:
                found.append(step)
                return len(found) <= most
            if len(made) == len(picks) and not step.ready:
                return False
            default = step.param.default
            numbers = [n for n, c in zip(step.numbers, step.choices) if default is None or c.value != default]
            return all(walk([*step.picks, n]) for n in ([] if step.param.required else [None]) + numbers)

        return found if walk(picks) else None

    def _only(self, state: S, actor: Actor, kind: str, param: Param, values: Values,
              listed: list[Choice]) -> int | None:
        """The number of the one legal candidate of `param`, or None when it has none or several
        (trying candidates until a second legal one is found)."""
        if len(listed) > 1 and self.all_legal_if_one(kind, param.name, values):
            return None  # all legal when any is: several
        legal = (i for i, c in enumerate(listed)
                 if self.completable(state, actor, kind, {**values, param.name: c.value}))
        first, second = next(legal, None), next(legal, None)
        return first if second is None else None

    def completable(self, state: S, actor: Actor, kind: str, chosen: Values) -> bool:
        """Whether some choice of the required parameters not in `chosen` (the optional ones left
        to their defaults) makes an action of `kind` the rules accept now: a depth-first search over
        the candidates that stops at the first. An optional parameter's default must therefore be
        legal whenever any of its values is (else the game makes it required)."""
        params = [p for p in self.params_now(state, actor, kind, chosen) if p.name not in chosen]
        required = next((p for p in params if p.required), None)
        if required is None:
            return self._built(state, actor, kind, chosen)
        return any(self.completable(state, actor, kind, {**chosen, required.name: c.value})
                   for c in self.trials(state, actor, kind, required.name, chosen))

    def _built(self, state: S, actor: Actor, kind: str, values: Values) -> bool:
        try:
            return self.accepts(state, actor, self.build(state, actor, kind, values))
        except PlayerError:
            return False

    def candidates(self, state: S, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
        """The values of `param` worth offering given `chosen`, each with a label for people: every
        legal one, and others only if cheap to rule out (`choices` tries each). The flow's answer
        kind is answered here (the seat's open decisions); games list their own kinds' values."""
        if kind == self.flow.answer and actor.seat is not None:
            asked = [d for d in self.positioned(state).decisions if d.seat == actor.seat]
            if param == "key":
                return [Choice(d.key, d.prompt) for d in asked]
            key = chosen.get("key")
            return [Choice(o, o) for d in asked if key in (None, d.key) for o in d.options]
        return []

    def trials(self, state: S, actor: Actor, kind: str, param: str, chosen: Values) -> Iterable[Choice]:
        """The candidates of `param` as `completable` tries them, which stops at the first legal
        one: `candidates`, or a game's lazier way to them (the same values in the same order)."""
        return self.candidates(state, actor, kind, param, chosen)

    def typed(self, kind: str, values: Values) -> dict[str, Value | None]:
        """The values chosen in menus as the command's options type them: a game whose menus
        join two parameters into one choice (a Vikings boat and its end) splits it here."""
        return dict(values)

    def words(self, state: S) -> Mapping[str, Sequence[str]]:
        """The words players type that the rules take in English (a unit type), each with the
        catalog messages that name it: typed in the player's language, they are read as the
        English word (`waypost.i18n.english`). None by default."""
        return {}

    def build(self, state: S, actor: Actor, kind: str, values: Values) -> Action:
        """The action of `kind` from the values a player chose or typed, on `state` as they see it:
        the parameters left out given their declared defaults (`Param.default`), then `make`;
        BadInput (or Ambiguous) when a value cannot be read."""
        return self.make(state, actor, kind, defaulted(self.params_of(kind), values))

    def make(self, state: S, actor: Actor, kind: str, values: Values) -> Action:
        """The action of `kind` from `values` (defaults filled in; the game's notation reads text).
        The answer kind and kinds without parameters are made here; games make their own."""
        if kind == self.flow.answer:
            return self.answer(str(values.get("choice") or "").strip(), str(values.get("key") or ""))
        cls = self.action_class(kind)
        if cls.params:
            raise NotImplementedError(f"{self.title} does not build {kind!r} actions")
        return cls()

    def accepts(self, state: S, actor: Actor, action: Action) -> bool:
        """Whether the rules accept `action` by `actor` now (tried on the state itself, which `play`
        never changes). As `apply`, without `compare`: what the comparison adds never refuses."""
        try:
            self._permitted_play(state, actor, action)
        except PlayerError:
            return False
        return True

    def action_class(self, kind: str) -> type[Action]:
        """The action class of `kind`; BadInput if the game has none."""
        for cls in self.actions:
            if cls.kind == kind:
                return cls
        raise BadInput(Msg("{game} has no action {kind}.", game=self.title, kind=repr(kind[:40])))

    # --- derived from the flow -------------------------------------------------------------

    def apply(self, state: S, actor: Actor, action: Action) -> Result[S]:
        """Check the flow lets `actor` take `action` now, then `play` it. Never mutates `state`.

        An action of a type this game does not have is a bug in the caller (TypeError), not a
        player's mistake.
        """
        return self.compare(state, actor, self._permitted_play(state, actor, action))

    def _permitted_play(self, state: S, actor: Actor, action: Action) -> Result[S]:
        """The game's `play` of `action`, once the flow allows it (a state is never changed in place:
        it is handed over as it is)."""
        if type(action) not in self.actions:
            raise TypeError(f"{self.title} has no action of type {type(action).__name__}")
        self.permit(state, actor, action)
        return self.play(state, actor, action)

    def __getstate__(self) -> dict[str, Any]:
        """A game is sent to a drawing process without the position it keeps for the last state."""
        return {k: v for k, v in self.__dict__.items() if k != "_positioned"}

    def positioned(self, state: S) -> Position:
        """`position(state)`, worked out once for the last state asked (states never change: the
        legal-options search permits hundreds of trials on one view)."""
        last = self.__dict__.get("_positioned")
        if last is None or last[0] is not state:
            last = self.__dict__["_positioned"] = (state, self.position(state))
        return last[1]

    def permit(self, state: S, actor: Actor, action: Action | type[Action]) -> None:
        """Refuse, with the reason, an action (or any action of a kind) the flow does not allow
        `actor` now."""
        flow = self.flow
        seat = seated(actor)
        ending = self.ending(state)
        if ending is not None:
            raise IllegalMove(Msg("The game is over: {text}", text=ending.text))
        kind = action.kind
        if kind in flow.hosted:
            hosting(actor, action.doing())
            return
        pos = self.positioned(state)
        if kind == flow.answer:
            if not any(d.seat == seat for d in pos.decisions):
                raise NotYourTurn(Msg("Nobody asked you to decide anything."))
            return
        if pos.holding and not (actor.host and kind in flow.anytime):  # the host may still fix things
            asked = pos.holding
            held = next((d.holds for d in asked if d.holds), "")  # the decision's own words for what it holds
            if held:
                raise NotYourTurn(held)
            deciding = self._deciding(state, pos)
            raise NotYourTurn(Msg("Waiting for {names} to decide: {prompt}", names=deciding, prompt=asked[0].prompt)
                              if len(asked) == 1 else Msg("Waiting for {names} to decide.", names=deciding))
        if kind in flow.anytime:
            return
        phase = flow.phase(pos.phase)
        if kind not in phase.actions:
            raise IllegalMove(Msg("You cannot {doing} now: {status}.", doing=action.doing(),
                                  status=self.status_line(state)))
        if seat not in pos.allowed:
            if phase.who == "turn" and seat not in pos.finished:
                raise NotYourTurn(Msg("It is {names}'s turn.", names=self._names(state, pos.acting)))
            raise NotYourTurn(Msg("{done}; waiting for {names}.", done=phase.done,
                                  names=self._names(state, pos.acting)))

    def awaiting(self, state: S) -> list[Awaiting]:
        """Everyone the game is waiting for right now."""
        if self.ending(state) is not None:
            return []
        pos = self.positioned(state)
        phase = self.flow.phase(pos.phase)
        kind: Literal["turn", "plan"] = "plan" if phase.who == "secret" else "turn"
        waiting = [Awaiting(seat, kind, pos.prompt or phase.prompt) for seat in pos.awaited]
        waiting += [Awaiting(d.seat, "decision", d.prompt, d.options, d.key) for d in pos.decisions]
        return waiting

    def status_line(self, state: S) -> str:
        """The phase in a few words, for /game status ("Era 2: Red's turn")."""
        ending = self.ending(state)
        if ending is not None:
            return Msg("Game over: {text}", text=ending.text)
        pos = self.positioned(state)
        phase = self.flow.phase(pos.phase)
        if pos.holding and phase.actions:  # a decision holding up a phase (a phase of deciding says its own words)
            doing = Msg("{names} to decide", names=self._deciding(state, pos))
        else:  # the phase's words are the catalog's (marked where the game declares its flow)
            doing = Msg(phase.doing, who=self._names(state, pos.acting)) if pos.acting else Msg(phase.title)
        return Msg("{heading}: {doing}", heading=pos.heading, doing=doing) if pos.heading else doing

    def _names(self, state: S, seats: tuple[int, ...]) -> str:
        return listed([self.seat_name(state, s) for s in seats]) or Msg("nobody")

    def _deciding(self, state: S, pos: Position) -> str:
        """The names of the seats whose blocking decisions hold play."""
        return self._names(state, tuple(dict.fromkeys(d.seat for d in pos.holding)))

    def answer(self, choice: str, key: str = "") -> Action:
        """The action answering the decision `key` (or the seat's first, if "") with `choice`: the
        flow's `answer` kind, built from fields `choice` and, if it has one, `key`."""
        for cls in self.actions:
            if cls.kind == self.flow.answer:
                fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
                return cls(choice=choice, **({"key": key} if "key" in fields else {}))  # type: ignore[call-arg]
        raise NotYourTurn(Msg("{game} asks no questions to answer.", game=self.title))

    def answering(self, state: S, actor: Actor, choice: str, key: str = "") -> Action:
        """`actor`'s answer `choice` (any case) to the decision `key` (their first it answers, if ""),
        on `state` as they see it: one of the choices of the answer kind's first parameter (and its
        `key`, if it has one), built from the value offered. Refused with the rules' reason (or,
        should they have none, the answers offered) otherwise."""
        cls = next((c for c in self.actions if c.kind == self.flow.answer), None)
        if cls is None:
            raise NotYourTurn(Msg("{game} asks no questions to answer.", game=self.title))
        kind, named = cls.kind, [p.name for p in cls.params]
        self.permit(state, actor, cls)
        answer = next(name for name in named if name != "key")  # "choice" (or the game's own: "track")
        chosen: dict[str, Value | None] = {"key": key} if key and "key" in named else {}
        offered = self.choices(state, actor, kind, answer, chosen)
        typed = choice.strip()
        found = next((c for c in offered if str(c.value).casefold() == typed.casefold()), None)
        action = self.build(state, actor, kind, {**chosen, answer: found.value if found is not None else typed})
        if found is None:
            self._permitted_play(state, actor, action)  # the rules' reason
            answers = either([str(c.value) for c in offered], 'or')
            raise BadInput(Msg("Answer with one of: {answers}.", answers=answers) if answers else
                           Msg("Answer with one of: nothing now."))
        return action

    def finish(self) -> Action | None:
        """The action ending a player's turn (the flow's `finish` kind), for a button; None if none."""
        cls = next((c for c in self.actions if c.kind == self.flow.finish), None)
        return cls() if cls is not None else None

    def describe(self, state: S) -> str:
        """The position in a few sentences for someone who cannot see the board (alt text): the
        phase and whom the game waits for; games add what a player needs (scores, pieces)."""
        waiting = sorted({self.seat_name(state, a.seat) for a in self.awaiting(state)})
        said = [Msg("{status}.", status=self.status_line(state))]
        return joined([*said, Msg("Waiting for {names}.", names=listed(waiting))] if waiting else said)

    # --- settings, actions and states as data -------------------------------------------

    def default_settings(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.settings}

    def opening_settings(self, title: str, low: int, high: int, seats: Sequence[Seat],
                         settings: Mapping[str, Any]) -> dict[str, Any]:
        """What every setup checks first: from `low` to `high` players for board `title`, each with
        a different colour of the game's; returns the settings parsed over the defaults."""
        if not low <= len(seats) <= high:
            raise BadInput(Msg("{board} is for {players}, not {n}.", board=title, players=players(low, high),
                               n=len(seats)))
        colours = [s.colour for s in seats]
        if any(c not in self.colours or colours.count(c) > 1 for c in colours):
            raise BadInput(Msg("Each player needs a different colour among {colours}.",
                               colours=", ".join(self.colours)))
        values = self.default_settings()
        for name, value in settings.items():
            values[name] = self.setting(name).parse(str(value))
        return values

    def setting(self, name: str) -> Setting:
        for s in self.settings:
            if s.name == name:
                return s
        names = ", ".join(s.name for s in self.settings) or "none"
        raise BadInput(Msg("{game} has no setting {name}. Settings: {names}.", game=self.title, name=repr(name[:40]),
                           names=names))

    def encode_action(self, action: Action) -> dict[str, Any]:
        return {"kind": action.kind, **serial.dump(action)}

    def decode_action(self, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InvalidData("action: expected an object with a 'kind'")
        for cls in self.actions:
            if cls.kind == data["kind"]:
                body = {k: v for k, v in data.items() if k != "kind"}
                action: Action = serial.load(cls, body, f"action {cls.kind}")
                return action
        raise InvalidData(f"action: {self.title} has no action {data['kind'][:40]!r}")

    def encode_state(self, state: S) -> dict[str, Any]:
        data: dict[str, Any] = serial.dump(state)
        return data

    def decode_state(self, data: Any) -> S:
        state: S = serial.load(self.state_type, data, "state")
        return state

    # --- prepared turns (issue 30): a seat's next turn, prepared while another plays ------------

    def preparable(self, state: S, seat: int) -> tuple[str, ...]:
        """The action kinds `seat` may prepare now, while it is not their turn (their view); () when
        the game or its phase has none."""
        return ()

    def as_if_turn(self, state: S, seat: int) -> S:
        """`state` (a seat's view) as if it were now `seat`'s turn, for checking a prepared turn:
        only whose turn it is changes, nothing hidden is touched."""
        return state

    def depends(self, state: S, seat: int, action: Action) -> Footprint:
        """What `action` by `seat`, legal on `state`, depends on: the places it names or passes
        through, the pieces it moves, and whatever else the game names."""
        return Footprint()

    def snapshot(self, state: S, footprint: Footprint) -> dict[str, Hashable]:
        """What is at each place and piece of `footprint` on `state` (a seat's view), by key."""
        return {}

    def change_text(self, state: S, key: str, was: Hashable, now: Hashable) -> str:
        """A line for the player saying what changed at `key` of a snapshot (`state`: now)."""
        return f"{key} changed"

    def fallback(self, state: S, seat: int) -> Action | None:
        """What a prepared turn with `else_pass` plays when it cannot be played (a pass); None: none."""
        return None

    def prepare(self, view: S, actor: Actor, actions: Sequence[Action], mode: Mode = "unchanged",
                else_pass: bool = False) -> Prepared:
        """Check a turn `actor` prepares while it is not theirs, on their `view`: each step applied
        in turn as if it were their turn now, refused with the usual reason (naming the step).
        The table keeps the plan privately, with `snapshot(view, plan.footprint)`."""
        seat = seated(actor)
        open_kinds = self.preparable(view, seat)
        if not open_kinds:
            raise IllegalMove(Msg("There is nothing to prepare now: {status}.", status=self.status_line(view)))
        if not actions or len(actions) > PREPARED_STEPS:
            raise BadInput(Msg("Prepare from 1 to {most} steps.", most=PREPARED_STEPS))
        if mode not in get_args(Mode):
            raise BadInput(Msg("A prepared turn is played {modes}, not {mode}.",
                               modes=either(list(get_args(Mode)), "or"), mode=f"{mode!r:.20}"))
        if else_pass and self.fallback(self.as_if_turn(view, seat), seat) is None:
            raise BadInput(Msg("{game} has no pass to fall back on.", game=self.title))
        state, footprint = self.as_if_turn(view, seat), Footprint()
        for number, action in enumerate(actions, 1):
            try:
                if action.kind not in open_kinds:
                    raise IllegalMove(Msg("You cannot prepare to {doing}; you may prepare: {kinds}.",
                                          doing=action.doing(), kinds=", ".join(open_kinds)))
                after = self.apply(state, actor, action).state
            except PlayerError as error:
                if len(actions) > 1:
                    raise type(error)(Msg("Step {number} ({doing}): {error}", number=number, doing=action.doing(),
                                         error=error.message)) from error
                raise
            footprint |= self.depends(state, seat, action)
            state = after
        return Prepared(seat, tuple(actions), mode, else_pass, footprint)

    def encode_prepared(self, prepared: Prepared) -> dict[str, Any]:
        """A prepared turn as JSON data, for the table to keep privately."""
        data: dict[str, Any] = serial.dump(dataclasses.replace(prepared, actions=()))
        return {**data, "actions": [self.encode_action(a) for a in prepared.actions]}

    def decode_prepared(self, data: Any) -> Prepared:
        if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
            raise InvalidData("prepared turn: expected an object with a list of 'actions'")
        plan: Prepared = serial.load(Prepared, {**data, "actions": []}, "prepared turn")
        return dataclasses.replace(plan, actions=tuple(self.decode_action(a) for a in data["actions"]))

    def changed(self, before: S, after: S, footprint: Footprint) -> list[str]:
        """What changed in `footprint` between two states (views), in lines for the player."""
        return self.differences(self.snapshot(before, footprint), after, footprint)

    def differences(self, then: Mapping[str, Any], state: S, footprint: Footprint) -> list[str]:
        """What changed in `footprint` since the snapshot `then` (as taken, or back from JSON), on
        `state` now (a view)."""
        now = self.snapshot(state, footprint)
        pairs = {key: (frozen(then.get(key)), frozen(now.get(key))) for key in dict.fromkeys([*then, *now])}
        lines = [self.change_text(state, key, was, is_) for key, (was, is_) in pairs.items() if was != is_]
        return [capitalised(line) for line in lines]

    def ready(self, state: S, prepared: Prepared, then: Mapping[str, Any]) -> Ready:
        """When the turn comes: the prepared steps to play at once if each is still legal in turn
        and (mode "unchanged") nothing in their footprint changed since the snapshot `then`; else
        none, with the reasons, or, with `else_pass`, the game's fallback if legal."""
        seat, actor = prepared.seat, Actor(prepared.seat)
        reasons = self.differences(then, self.view(state, seat), prepared.footprint) \
            if prepared.mode == "unchanged" else []
        if not reasons:
            now = state
            for number, action in enumerate(prepared.actions, 1):
                try:
                    now = self.apply(now, actor, action).state
                except PlayerError as error:
                    reasons = [f"Step {number} ({action.doing()}) is no longer legal: {error}"]
                    break
        if not reasons:
            return Ready(prepared.actions)
        instead = self.fallback(state, seat) if prepared.else_pass else None
        if instead is not None:
            try:
                self.apply(state, actor, instead)
            except PlayerError:
                instead = None
        return Ready((instead,) if instead is not None else (), tuple(reasons))


def part_source(source: str, part: str) -> str:
    """How to name a part's file in an error, given the board's `source` (a map file, or an import)."""
    if source.endswith(".json") and "/maps/" in source:
        return f"{source.rsplit('/maps/', 1)[0]}/{part}.json"
    return f"{source}: {part}"


def flow_problems(game: Game[Any]) -> list[str]:
    """What is inconsistent between a game's flow and its actions (checked by the tests)."""
    kinds = {a.kind for a in game.actions}
    problems = [f"flow names action {k!r}, which {game.title} does not have" for k in game.flow.kinds() - kinds]
    problems += [f"action {k!r} is in no phase" for k in kinds - game.flow.kinds()]
    names = [p.name for p in game.flow.phases]
    problems += [f"phase {n!r} is declared twice" for n in set(names) if names.count(n) > 1]
    return problems

