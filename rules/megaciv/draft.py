"""Drafts: a player's movement this phase as steps with exact changes (M-O2).

`commit` applies a new step and appends it; `take_back` undoes the last steps; `base` is the
player as they stood before their draft, which is what the other players see until the draft is
declared (unless everyone moves at once). Undoing is exact arithmetic on the counts a step
changed, never a replay, so it costs the same however long the draft is.
"""

from __future__ import annotations

from rules.frozen import FrozenDict, evolved
from rules.megaciv.state import Counter, MegaState, Player, Ship, Step, with_player


def apply(player: Player, step: Step, sign: int = 1) -> Player:
    """`player` with `step`'s change made (sign 1) or undone (sign -1); steps are not touched."""
    counts: dict[Counter, dict[str, int]] = {}
    for counter, area, change in step.delta:
        table = counts.get(counter)
        if table is None:
            table = counts[counter] = dict(getattr(player, counter))
        value = table.get(area, 0) + sign * change
        if value:
            table[area] = value
        else:
            table.pop(area, None)
    changes: dict[str, object] = {counter: FrozenDict(table) for counter, table in counts.items()}
    if step.stock:
        changes["stock"] = player.stock + sign * step.stock
    if step.treasury:
        changes["treasury"] = player.treasury + sign * step.treasury
    if step.builds:
        changes["builds"] = player.builds + sign * step.builds
    if step.ship:
        ships = list(player.ships)
        ships[step.ship - 1] = (step.after if sign > 0 else step.before) or Ship()
        changes["ships"] = tuple(ships)
    return evolved(player, **changes)


def commit(state: MegaState, seat: int, step: Step) -> MegaState:
    """The state with `step` made by `seat` and added to its draft."""
    player = apply(state.players[seat], step)
    return with_player(state, seat, evolved(player, steps=(*player.steps, step)))


def take_back(player: Player, count: int) -> Player:
    """The player with their last `count` steps undone."""
    for step in reversed(player.steps[len(player.steps) - count:]):
        player = apply(player, step, -1)
    return evolved(player, steps=player.steps[: len(player.steps) - count])


def base(player: Player) -> Player:
    """The player before their draft: every step undone."""
    return take_back(player, len(player.steps)) if player.steps else player


def secret_drafts(state: MegaState) -> bool:
    """Whether drafts are secret until declared now: in strict order, unless the phase began with
    everyone moving at once (someone insisted on order later; the table has watched the drafts)."""
    return state.moving and not state.together and not state.insisted


def hidden(state: MegaState, seat: int | None) -> list[int]:
    """The seats whose drafts `seat` may not see: others' undeclared drafts while drafts are secret."""
    if not secret_drafts(state):
        return []
    return [i for i, p in enumerate(state.players) if i != seat and p.steps and not p.declared]


def view(state: MegaState, seat: int | None) -> MegaState:
    """The state as `seat` (None: an onlooker) may see it: undeclared drafts of others not yet made."""
    secret = hidden(state, seat)
    if not secret:
        return state
    players = list(state.players)
    for i in secret:
        players[i] = base(players[i])
    return evolved(state, players=tuple(players))
