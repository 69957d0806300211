"""Token moves by land (M-T1, M-T2, M-T3, M-X1, M-X2).

A token moves at most once a phase: one land step, or with Roadbuilding two, but not past an area
where its first step put it into a conflict situation. A two-step move goes through `via` with
each token alone (tokens are interchangeable, so a group passing through is the same as its tokens
passing one by one): entering `via` with one token must be allowed and cause no conflict
situation. A Roadbuilding holder's one-step move leaves the tokens able to take their second step
later (`once`), unless that step put them into a conflict situation; a later one-step move from
that area uses those tokens first (leaving unmoved tokens their full choice, ships included).
"""

from __future__ import annotations

from rules.base import Actor, Result
from rules.errors import IllegalMove
from rules.guards import seated
from rules.megaciv.actions import Move
from rules.megaciv.conflict import advances_with, entering
from rules.megaciv.draft import commit
from rules.megaciv.state import TOKENS, Counter, MegaState, Step, count_in_range, land_area, name, powers
from rules.messages import Msg, Plural
from rules.text import either


def move(state: MegaState, actor: Actor, action: Move) -> Result[MegaState]:
    seat = seated(actor)
    step = plan_move(state, seat, action)
    return Result(commit(state, seat, step), Msg("{name} moved {step}", name=name(state, seat), step=step.text))


def plan_move(state: MegaState, seat: int, action: Move) -> Step:
    """Check a land move and return the step it makes, or raise a PlayerError saying why not."""
    count = count_in_range(action.count, 1, TOKENS, "The number of tokens to move")
    source = land_area(state, action.source, Msg("area to move from"))
    target = land_area(state, action.target, Msg("area to move to"))
    via = land_area(state, action.via, Msg("area to move through")) if action.via else None
    board, player, mover = state.board, state.players[seat], powers(state, seat)
    if target == source:
        raise IllegalMove(Msg("A move ends in another area than it starts."))
    if via is not None and mover.land_steps < 2:
        raise IllegalMove(Msg("Moving two steps ({source} → {via} → {target}) needs {advances}; a token moves one "
                              "step by land.", source=source, via=via, target=target,
                              advances=either(advances_with(state, 'land_steps'))))
    first = via or target
    if first not in board.land_next[source]:
        raise IllegalMove(Msg("{area} is not next to {here} by land.", area=first, here=source))
    if via is not None and target not in board.land_next[via]:
        raise IllegalMove(Msg("{area} is not next to {here} by land.", area=target, here=via))
    for area in (a for a in (via, target) if a):
        if area in state.out_of_play:
            raise IllegalMove(Msg("{area} is out of play: no token may enter it by land.", area=area))
    unmoved, once = player.unmoved(source), player.once.get(source, 0)
    usable = unmoved if via else unmoved + once
    if count > usable:
        raise IllegalMove(_shortage(player.tokens.get(source, 0), usable, count, source, via is not None))
    if via is not None:
        if entering(state, seat, via, 1, how="move"):
            raise IllegalMove(Msg("Your tokens cannot move on past {area}: entering it puts them into a conflict "
                                  "situation, and a token stops where its first step causes conflict.", area=via))
    conflict = entering(state, seat, target, count, how="move")
    from_once = 0 if via else min(once, count)
    fresh = count - from_once
    goes_on = via is None and mover.land_steps >= 2 and not conflict
    delta: list[tuple[Counter, str, int]] = [("tokens", source, -count), ("tokens", target, count)]
    if from_once:
        delta.append(("once", source, -from_once))
    finished = from_once + (0 if goes_on else fresh)
    if finished:
        delta.append(("done", target, finished))
    if goes_on and fresh:
        delta.append(("once", target, fresh))
    path = (source, via, target) if via else (source, target)
    said = {"tokens": Plural("{n} token", "{n} tokens", count), "path": " → ".join(path), "area": target}
    text = Msg("{tokens} {path}: conflict situation in {area}", **said) if conflict else Msg("{tokens} {path}", **said)
    return Step("move", text, path, count, (target,), tuple(delta))


def _shortage(total: int, usable: int, count: int, source: str, two_steps: bool) -> str:
    if total == 0:
        return Msg("You have no tokens in {area}.", area=source)
    moved = total - usable
    said = {"usable": usable, "tokens": Plural("{n} token", "{n} tokens", total), "area": source, "count": count}
    if not moved:
        return Msg("You have {usable} of {tokens} in {area} free to move, not {count}.", **said)
    if two_steps:
        return Plural("You have {usable} of {tokens} in {area} free to move ({n} has moved this phase or taken a step "
                      "already), not {count}. A token moves once a phase: to move one back, take its move back instead "
                      "(takeback).",
                      "You have {usable} of {tokens} in {area} free to move ({n} have moved this phase or taken a step "
                      "already), not {count}. A token moves once a phase: to move one back, take its move back instead "
                      "(takeback).", moved, **said)
    return Plural("You have {usable} of {tokens} in {area} free to move ({n} has moved this phase), not {count}. A "
                  "token moves once a phase: to move one back, take its move back instead (takeback).",
                  "You have {usable} of {tokens} in {area} free to move ({n} have moved this phase), not {count}. A "
                  "token moves once a phase: to move one back, take its move back instead (takeback).", moved, **said)
