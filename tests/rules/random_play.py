"""Random play, the same for every game: legal actions picked through the game's queries mixed with
hostile ones (adjustments and decision answers included), made by players and by the host.

After every accepted action the game's invariants hold (`GAME.check`), the state round-trips
through JSON, `apply` left its input as it was, and no line of the result speaks to "you" (the log
shows it to everyone). A refused action is a `PlayerError` and leaves the state as it was. No
result or refusal shows a rule id ("J-T9"). Each
game supplies a `Player`: its two pickers and, if it has them, extra checks.
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
from rules.errors import PlayerError

Pick = tuple[Actor | int | None, Action]  # who acts (a seat: the host now and then) and what
SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
RULE_ID = re.compile(r"\b[A-Z]-[A-Z]{1,2}[0-9]")  # "J-T9": for test names, never for players


def _anything(action: Action, refusal: PlayerError) -> bool:
    return True


def _nothing(state: Any) -> None:
    return None


@dataclass(frozen=True)
class Player:
    """How random play drives one game.

    `legal` picks a likely-legal action of someone the game waits for (None: nothing sensible now);
    `hostile` anything at all. `refusable` says whether a refusal of a legal pick is acceptable
    (queries that promise an action works are held to it); `watch` makes extra checks on each new
    state (views, hidden things)."""

    game: Game[Any]
    legal: Callable[[random.Random, Any], Pick | None]
    hostile: Callable[[random.Random, Any], Pick]
    refusable: Callable[[Action, PlayerError], bool] = _anything
    watch: Callable[[Any], None] = _nothing


def frozen(game: Game[Any], state: Any) -> str:
    """The state as JSON text (its board, which never changes, left out) to compare before and after."""
    data = game.encode_state(state)
    return json.dumps({k: v for k, v in data.items() if k != "board"}, sort_keys=True, default=str)


def check_result(game: Game[Any], result: Result[Any]) -> None:
    """What holds for every accepted action's result."""
    state = result.state
    game.check(state)
    again = game.decode_state(json.loads(json.dumps(game.encode_state(state))))
    assert again == state, "the state does not round-trip through JSON"
    for line in (result.summary, *result.details):
        assert not SECOND_PERSON.search(line), f"the log shows this to everyone, yet it says 'you': {line!r}"
        assert not RULE_ID.search(line), f"a rule id in what players read: {line!r}"


def play(player: Player, start: Callable[[], Any], rng: random.Random, steps: int, legal: float = 0.7,
         host: float = 0.2) -> Counter[str]:
    """`steps` random actions from `start()` (a new game whenever one ends); how many of each kind
    were accepted."""
    game = player.game
    applied: Counter[str] = Counter()
    state = start()
    for _ in range(steps):
        if game.ending(state) is not None:
            state = start()
        pick = player.legal(rng, state) if rng.random() < legal else None
        sensible = pick is not None
        who, action = pick if pick is not None else player.hostile(rng, state)
        if isinstance(who, Actor):
            actor = who
        else:
            actor = Actor(who, host=rng.random() < host or (sensible and action.kind in game.flow.hosted))
        before = frozen(game, state)
        try:
            result = game.apply(state, actor, action)
        except PlayerError as refusal:
            assert frozen(game, state) == before, f"refusing {action} changed the state"
            assert not RULE_ID.search(refusal.message), f"a rule id in a refusal: {refusal.message!r}"
            assert not sensible or player.refusable(action, refusal), f"{action} refused: {refusal.message}"
            continue
        assert frozen(game, state) == before, f"{action} changed the state it was applied to"
        assert result.state is not state
        check_result(game, result)
        player.watch(result.state)
        applied[action.kind] += 1
        state = result.state
    return applied
