"""Random play, the same for every game: legal actions chosen from the game's legal options (as a
player chooses from menus: `tests/support/walking.py`) mixed with hostile ones a game's tests supply
(adjustments and decision answers included), made by players and by the host.

After every accepted action the game's invariants hold (`GAME.check`), the state round-trips
through JSON, `apply` left its input as it was, every view is idempotent and shows onlookers no
more than onlookers see, and no line of the result speaks to "you" (the log shows it to everyone)
or shows a rule id ("J-T9"). An option offered is accepted, and an action accepted is offered
(`unoffered`: a move a player can type is one they can tap); a value a game lists but does not
offer is refused; a refused action is a `PlayerError` and leaves the state as it was.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.base import Action, Actor, Game, Result
from rules.core import salted
from rules.errors import PlayerError
from rules.options import Value
from tests.support.walking import walk

Pick = tuple[Actor | int | None, Action]  # who acts (a seat: the host now and then) and what
SEARCH = 400  # the most actions `unoffered` builds for one accepted action
SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
RULE_ID = re.compile(r"\b[A-Z]-[A-Z]{1,2}[0-9]")  # "J-T9": for test names, never for players


def _nothing(state: Any) -> None:
    return None


@dataclass(frozen=True)
class Player:
    """How random play drives one game: `hostile` picks anything at all (None: legal options only);
    `watch` makes extra checks on each new state (what a view must hide)."""

    game: Game[Any]
    hostile: Callable[[random.Random, Any], Pick] | None = None
    watch: Callable[[Any], None] = _nothing


def frozen(game: Game[Any], state: Any) -> str:
    """The state as JSON text (its board, which never changes, left out) to compare before and after."""
    data = game.encode_state(state)
    return json.dumps({k: v for k, v in data.items() if k != "board"}, sort_keys=True, default=str)


def check_state(game: Game[Any], state: Any) -> None:
    """What holds of every state: invariants, a JSON round trip, views idempotent and telling
    onlookers nothing a seat's view would not."""
    game.check(state)
    again = game.decode_state(json.loads(json.dumps(game.encode_state(state))))
    assert again == state, "the state does not round-trip through JSON"
    public = game.encode_state(game.view(state, None))
    for seat in (None, *range(len(state.seats))):
        seen = game.view(state, seat)
        assert game.encode_state(game.view(seen, seat)) == game.encode_state(seen), f"the view of {seat} changes"
        assert game.encode_state(game.view(seen, None)) == public, f"seat {seat}'s view shows onlookers more"


def check_result(game: Game[Any], result: Result[Any]) -> None:
    """What holds for every accepted action's result."""
    check_state(game, result.state)
    for line in (result.summary, *result.details):
        assert not SECOND_PERSON.search(line), f"the log shows this to everyone, yet it says 'you': {line!r}"
        assert not RULE_ID.search(line), f"a rule id in what players read: {line!r}"


def legal(game: Game[Any], state: Any, rng: random.Random, host: float) -> tuple[Actor, Action] | None:
    """An action someone the game waits for (or now and then any seat, as host) chooses from their
    legal options on their own view; None when they have none."""
    awaited = [a.seat for a in game.awaiting(state)]
    seats = awaited if awaited and rng.random() < 0.85 else list(range(len(state.seats)))
    seat = rng.choice(seats)
    actor = Actor(seat, host=rng.random() < host)
    walked = walk(game, game.view(state, seat), actor, rng)
    return (actor, walked[2]) if walked is not None else None


def refuses_what_is_not_offered(game: Game[Any], state: Any, actor: Actor, rng: random.Random) -> None:
    """A value a game lists but does not offer (no choice of the rest completes it) is refused."""
    view = game.view(state, actor.seat)
    for kind in game.kinds(view, actor):
        first = next((p for p in kind.params if p.required and not p.free), None)
        if first is None:
            continue
        offered = {c.value for c in game.choices(view, actor, kind.kind, first.name, {})}
        others = [c for c in game.candidates(view, actor, kind.kind, first.name, {}) if c.value not in offered]
        if not others:
            continue
        chosen: dict[str, Any] = {first.name: rng.choice(others).value}
        for param in game.params_now(view, actor, kind.kind, chosen):
            if param.required and param.name not in chosen:
                listed = game.candidates(view, actor, kind.kind, param.name, chosen)
                if not listed:
                    break
                chosen[param.name] = rng.choice(listed).value
        before = frozen(game, state)
        try:
            game.apply(state, actor, game.build(view, actor, kind.kind, chosen))
        except PlayerError:
            assert frozen(game, state) == before
            continue
        raise AssertionError(f"{game.key}: {kind.kind} {chosen} was not offered, yet the rules accept it")


def accepted_from_candidates(game: Game[Any], state: Any, actor: Actor, rng: random.Random) -> None:
    """An action built from values the game lists (`candidates`, each parameter in turn, optional
    ones left out now and then), whatever `choices` keeps: when the rules accept it, the options
    offer it (`unoffered`)."""
    view = game.view(state, actor.seat)
    for cls in game.actions:
        if not cls.params or any(look.kind == cls.kind for look in game.looks):
            continue
        values: dict[str, Value | None] = {}
        while (param := next((p for p in game.params_now(view, actor, cls.kind, values) if p.name not in values),
                             None)) is not None:
            listed = game.candidates(view, actor, cls.kind, param.name, values)
            values[param.name] = rng.choice(listed).value if listed and (param.required or rng.random() < 0.7) \
                else None
        try:
            action = game.build(view, actor, cls.kind, values)
            game.apply(state, actor, action)
        except PlayerError:
            continue
        missing = unoffered(game, state, actor, action)
        assert not missing, f"{game.key}: {action} built from {values} was accepted, yet not offered: {missing}"


def unoffered(game: Game[Any], state: Any, actor: Actor, action: Action) -> str:
    """What of `action`, which the rules accept from `actor` on `state`, the legal options do not
    offer on the actor's view ("" when they offer it all): its kind among `kinds`, then, parameter by
    parameter in `steps` order, a value among `choices` given those before (an optional one may be
    left out), such that the action built from them does what `action` does (the same state after
    it: canonical forms, and fields a kind ignores, do not matter).

    A free parameter (a route, a count: `Param.free`) also takes what a player would type from the
    action: its field of the same name (a list of names joined by commas). A free parameter whose
    values the game cannot list and the action's fields cannot spell (Mega Civ's voyage, with what
    each stop takes on and puts off; Glory's units, pick-ups and drops as typed) is checked through
    its choices only: the search tries at most `SEARCH` actions, and an action it could not settle
    within them is not counted against the options."""
    view = game.view(state, actor.seat)
    if action.kind not in {k.kind for k in game.kinds(view, actor)}:
        return f"{action.kind} is not among the kinds offered"
    target = salted(action, "")
    aim = frozen(game, game.apply(state, actor, target).state)
    budget = [SEARCH]

    def does(values: dict[str, Value | None]) -> bool:
        budget[0] -= 1
        try:
            built = salted(game.build(view, actor, action.kind, values), "")
            return built == target or frozen(game, game.apply(state, actor, built).state) == aim
        except PlayerError:
            return False

    def search(values: dict[str, Value | None]) -> bool:
        param = next((p for p in game.params_now(view, actor, action.kind, values) if p.name not in values), None)
        if param is None:
            return does(values)
        field = getattr(target, param.name, None)
        offered = [c.value for c in game.choices(view, actor, action.kind, param.name, values)]
        typed = _typed(field) if param.free else None
        tries: list[Value | None] = [*offered, *([typed] if typed is not None and typed not in offered else [])]
        tries.sort(key=lambda v: v != field and v != typed)  # the action's own value first
        tries += [] if param.required else [None]
        return any(budget[0] > 0 and search({**values, param.name: v}) for v in tries)

    if search({}) or budget[0] <= 0:
        return ""
    return f"no choice of the values offered makes {action}"


def _typed(field: Any) -> Value | None:
    """An action's field as a player types it: a name, a number, a list of names joined by commas."""
    if isinstance(field, str):
        return field or None
    if isinstance(field, int):
        return field
    if isinstance(field, tuple) and field and all(isinstance(x, str) for x in field):
        return ", ".join(field)
    return None


def play(player: Player, start: Callable[[], Any], rng: random.Random, steps: int, legal_share: float = 0.7,
         host: float = 0.2, probe: float = 0.05) -> Counter[str]:
    """`steps` random actions from `start()` (a new game whenever one ends); how many of each kind
    were accepted."""
    game = player.game
    applied: Counter[str] = Counter()
    state = start()
    check_state(game, state)
    for _ in range(steps):
        if game.ending(state) is not None:
            state = start()
        pick = legal(game, state, rng, host) if player.hostile is None or rng.random() < legal_share else None
        sensible = pick is not None
        if pick is None:
            if player.hostile is None:
                continue
            who, action = player.hostile(rng, state)
            actor = who if isinstance(who, Actor) else Actor(who, host=rng.random() < host)
        else:
            actor, action = pick
        if sensible and rng.random() < probe:
            refuses_what_is_not_offered(game, state, actor, rng)
            accepted_from_candidates(game, state, actor, rng)
        before = frozen(game, state)
        try:
            result = game.apply(state, actor, action)
        except PlayerError as refusal:
            assert frozen(game, state) == before, f"refusing {action} changed the state"
            assert not RULE_ID.search(refusal.message), f"a rule id in a refusal: {refusal.message!r}"
            assert not sensible, f"{game.key}: {action} was offered, yet refused: {refusal.message}"
            continue
        assert frozen(game, state) == before, f"{action} changed the state it was applied to"
        if not sensible:  # an action found by other means than the options: the options offer it too
            missing = unoffered(game, state, actor, action)
            assert not missing, f"{game.key}: {action} by {actor} was accepted, yet not offered: {missing}"
        check_result(game, result)
        player.watch(result.state)
        applied[action.kind] += 1
        state = result.state
    return applied
