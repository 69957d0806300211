"""Random play from the legal options (`rules.options`), as a player would choose from menus: the
random-play and contract tests use it, and the scripted players walk the same way through the bot."""

from __future__ import annotations

import random
from typing import Any

from rules.base import Action, Actor, Game
from rules.options import Value


def walk(game: Game[Any], view: Any, actor: Actor, rng: random.Random, kind: str | None = None,
         leave_out: float = 0.4) -> tuple[str, dict[str, Value | None], Action] | None:
    """A random action `actor` may take on `view` (their view of the state), chosen parameter by
    parameter from the legal options: its kind, the values chosen, the action built. Optional
    parameters are left out with chance `leave_out` when that still completes. None when the seat
    has nothing to do (or not `kind`)."""
    kinds = [k for k in game.kinds(view, actor) if kind in (None, k.kind)]
    if not kinds:
        return None
    chosen_kind = rng.choice(kinds).kind
    chosen: dict[str, Value | None] = {}
    while True:
        param = next((p for p in game.params_now(view, actor, chosen_kind, chosen) if p.name not in chosen), None)
        if param is None:
            break
        if not param.required and rng.random() < leave_out and \
                game.completable(view, actor, chosen_kind, {**chosen, param.name: None}):
            chosen[param.name] = None
            continue
        offered = game.choices(view, actor, chosen_kind, param.name, chosen)
        if not offered:
            assert not param.required, f"{game.key}: {chosen_kind} offered, but nothing legal for {param.name} " \
                                       f"after {chosen}"
            chosen[param.name] = None
            continue
        chosen[param.name] = rng.choice(offered).value
    return chosen_kind, chosen, game.build(view, actor, chosen_kind, chosen)
