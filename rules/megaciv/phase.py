"""The Movement phase's frame: census order (M-O1), taking back and declaring (M-O2, M-S5), the
host starting each phase, insisting on order, and population expansion between phases."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove
from rules.frozen import FrozenDict
from rules.guards import seated
from rules.megaciv.actions import Declare, Expand, Insist, StartMovement, TakeBack
from rules.megaciv.draft import secret_drafts
from rules.megaciv.draft import take_back as undo_steps
from rules.megaciv.report import lines, report
from rules.megaciv.state import MegaState, Player, Ship, civ, count_in_range, land_area, name, powers, with_player
from rules.messages import Msg, Plural, joined

MAX_LIST = 500


def census(state: MegaState) -> tuple[int, ...]:
    """Tokens on the board per seat."""
    return tuple(p.census for p in state.players)


def movement_order(state: MegaState) -> tuple[int, ...]:
    """M-O1: census order, highest first; ties by A.S.T. rank; holders of Military after everyone else."""
    counts = census(state)
    return tuple(sorted(range(len(state.players)),
                        key=lambda s: (powers(state, s).moves_last, -counts[s], civ(state, s).ast)))


def mover(state: MegaState) -> int | None:
    """The seat on turn in strict order (the first in order not yet declared), None if none."""
    return next((s for s in state.order if not state.players[s].declared), None)


def start(state: MegaState, actor: Actor, action: StartMovement) -> Result[MegaState]:
    if state.moving:
        raise IllegalMove(Msg("The Movement phase of turn {turn} is under way; it ends when everyone has declared.",
                              turn=state.turn))
    order = movement_order(state)
    players = tuple(replace(p, once=FrozenDict(), done=FrozenDict(), builds=0, steps=(), declared=False,
                            ships=tuple(replace(s, built=False, maintained=False, sailed=False) for s in p.ships))
                    for p in state.players)
    state = replace(state, players=players, moving=True, order=order, census=census(state),
                    together=bool(state.settings["simultaneous"]), insisted=False)
    ordered = ", ".join(f"{name(state, s)} {state.census[s]}" for s in order)  # civilizations' names and numbers
    how = Msg("everyone moves at once") if state.together else Msg("{name} moves first", name=name(state, order[0]))
    return Result(state, Msg("Turn {turn}: the Movement phase begins; {how}. Census order: {order}.", turn=state.turn,
                             how=how, order=ordered), undoable=False)


def take_back(state: MegaState, actor: Actor, action: TakeBack) -> Result[MegaState]:
    seat = seated(actor)
    player = state.players[seat]
    if not player.steps:
        raise IllegalMove(Msg("Your draft has no steps to take back."))
    count = count_in_range(action.count, 1, len(player.steps), "The number of steps to take back")
    gone = player.steps[len(player.steps) - count:]
    state = with_player(state, seat, undo_steps(player, count))
    texts = joined([s.text for s in reversed(gone)], "; ")
    return Result(state, Msg("{name} took back: {steps}", name=name(state, seat), steps=texts))


def declare(state: MegaState, actor: Actor, action: Declare) -> Result[MegaState]:
    """M-O2, M-S5: the draft becomes final; ships neither built nor maintained this turn are destroyed."""
    seat = seated(actor)
    was_secret = secret_drafts(state)
    player = state.players[seat]
    lost = sinking(player)
    ships = tuple(Ship() if i + 1 in lost else s for i, s in enumerate(player.ships))
    state = with_player(state, seat, replace(player, declared=True, ships=ships))
    who = name(state, seat)
    details: list[str] = [Msg("{name}: {step}", name=who, step=s.text) for s in player.steps]
    steps = Plural("{n} step", "{n} steps", len(player.steps))
    summary = Msg("{name} declared their movement ended ({steps})", name=who, steps=steps)
    if lost:
        phrase = Plural("ship {ships} destroyed (not maintained)", "ships {ships} destroyed (not maintained)",
                        len(lost), ships=", ".join(map(str, lost)))
        summary = joined([summary, phrase], "; ")
        details.append(Msg("{name}'s {what}", name=who, what=phrase))
    nxt = mover(state)
    if nxt is None:
        state = replace(state, moving=False, together=False, insisted=False, turn=state.turn + 1,
                        players=tuple(replace(p, expanded=False) for p in state.players))
        found = report(state)
        conflicts = Plural("{n} conflict situation", "{n} conflict situations", len(found.conflicts))
        spots = Plural("{n} area", "{n} areas", len(found.spots))
        summary = Msg("{said}. The Movement phase of turn {turn} is over: {conflicts}, {areas} where a city could be "
                      "built", said=summary, turn=state.turn - 1, conflicts=conflicts, areas=spots)
        details += [Msg("Phase-end report:"), *lines(state, found)]
    elif not state.together:
        summary = Msg("{said}; {name} moves next", said=summary, name=name(state, nxt))
    return Result(state, summary, tuple(details), undoable=False, reveals=was_secret)


def sinking(player: Player) -> list[int]:
    """The player's ships on the board neither built nor maintained this turn: they sink when the
    player declares (M-S5)."""
    return [i + 1 for i, s in enumerate(player.ships) if s.area is not None and not (s.built or s.maintained)]


def declaring(state: MegaState, seat: int) -> str:
    """What a player is asked before declaring, which is final: how many steps become final and
    which ships will sink."""
    player = state.players[seat]
    if player.steps:
        parts = [Plural("Declare your movement ended? It is final: your {n} step cannot be taken back, and the others "
                        "see them.", "Declare your movement ended? It is final: your {n} steps cannot be taken back, "
                        "and the others see them.", len(player.steps))]
    else:
        parts = [Msg("Declare your movement ended without moving anything? It is final.")]
    lost = sinking(player)
    if lost:
        parts.append(Plural("Ship {ships} (not maintained this turn) will sink.",
                            "Ships {ships} (not maintained this turn) will sink.", len(lost),
                            ships=", ".join(map(str, lost))))
    return joined(parts)


def insist(state: MegaState, actor: Actor, action: Insist) -> Result[MegaState]:
    seat = seated(actor)
    state = replace(state, together=False, insisted=True)
    nxt = mover(state)
    who = name(state, nxt) if nxt is not None else Msg("nobody")
    return Result(state, Msg("{name} insists on census order for the rest of this phase; {who} moves now, the others "
                             "wait for their turn", name=name(state, seat), who=who), board_changed=False)


def growth(state: MegaState, seat: int) -> dict[str, int]:
    """Population expansion: +1 where the seat has one token, +2 where it has two or more."""
    return {area: 1 if count == 1 else 2 for area, count in state.players[seat].tokens.items() if count > 0}


def expand(state: MegaState, actor: Actor, action: Expand) -> Result[MegaState]:
    seat = seated(actor)
    player = state.players[seat]
    if player.expanded:
        raise IllegalMove(Msg("You have already expanded this turn."))
    wanted = growth(state, seat)
    need = sum(wanted.values())
    if need == 0:
        raise IllegalMove(Msg("You have no tokens on the board to expand from."))
    if not isinstance(action.areas, (tuple, list)) or len(action.areas) > MAX_LIST:
        raise BadInput(Msg("List at most {most} areas.", most=MAX_LIST))
    if player.stock >= need:
        if action.areas:
            raise IllegalMove(Msg("Your stock ({stock}) covers the whole expansion ({need}); every area grows, so "
                                  "expand without listing areas.", stock=player.stock, need=need))
        placed = wanted
    else:
        if not action.areas:
            raise IllegalMove(Msg("Expansion needs {need} tokens but your stock has {stock}: list the areas to grow, "
                                  "in order, until the stock runs out.", need=need, stock=player.stock))
        placed, left = {}, player.stock
        for text in action.areas:
            area = land_area(state, text, Msg("area to grow"))
            if area not in wanted:
                raise IllegalMove(Msg("You have no tokens in {area} to expand from.", area=area))
            if area in placed:
                raise BadInput(Msg("{area} is listed twice.", area=area))
            if left:
                placed[area] = min(wanted[area], left)
                left -= placed[area]
        if left:
            raise IllegalMove(Msg("The listed areas take {n} tokens; list more until your stock of {stock} is used "
                                  "up.", n=player.stock - left, stock=player.stock))
    tokens = dict(player.tokens)
    for area, count in placed.items():
        tokens[area] += count
    added = sum(placed.values())
    state = with_player(state, seat, replace(player, tokens=FrozenDict(tokens), stock=player.stock - added,
                                             expanded=True))
    grown = ", ".join(f"+{n} {a}" for a, n in placed.items())
    return Result(state, Msg("{name} expanded: {grown} (stock {before} → {after}, census {was} → {now})",
                             name=name(state, seat), grown=grown, before=player.stock, after=player.stock - added,
                             was=player.census, now=player.census + added), board_changed=expanded_all(state))


def expanded_all(state: MegaState) -> bool:
    """Whether population expansion is done: every player with tokens on the board has expanded.
    The expansions fold into one board, posted with the last of them (or with the Movement phase's
    start, which clears the last phase's moves, when someone does not expand)."""
    return all(p.expanded or not any(p.tokens.values()) for p in state.players)
