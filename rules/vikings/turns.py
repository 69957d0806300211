"""The turn's actions: place (setup), sail, choose, return, dedicate, end, and the host's era.

Each handler takes the state (never changed), the actor and the action, and returns a `Result`
holding the next state, or raises a PlayerError.
"""

from __future__ import annotations

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove
from rules.frozen import FrozenDict, evolved
from rules.guards import seated
from rules.messages import Msg, Plural, capitalised, joined
from rules.vikings.actions import AdvanceEra, Choose, Dedicate, EndTurn, PlaceBoat, ReturnSettlers, Sail
from rules.vikings.control import add_fury, settle_control
from rules.vikings.landing import check_landing, land
from rules.vikings.sail import check_route, move, path_text
from rules.vikings.state import (
    DEDICATIONS,
    ERAS,
    LastSail,
    VikingsState,
    boat_label,
    changed,
    colour,
    dedication_title,
    island_title,
    known_island,
    known_space,
    occupant,
    raid_cost,
    with_boat,
    with_player,
)

Outcome = Result[VikingsState]


def place(state: VikingsState, actor: Actor, action: PlaceBoat) -> Outcome:
    """Setup: the placing player's boat 1 goes to an empty dock; seats place in reverse order."""
    seat = seated(actor)
    dock = known_space(state, action.dock)
    if state.board.kind(dock) != "dock":
        raise IllegalMove(Msg("{dock} is not a dock; place your boat on an empty dock.", dock=dock))
    held = occupant(state, dock)
    if held is not None:
        raise IllegalMove(Msg("{dock} already holds {boat}.", dock=dock, boat=boat_label(state, *held)))
    if seat == 0:
        state = with_boat(state, seat, 1, dock, placing=False)
        after = Msg("play begins with {name}'s turn", name=colour(state, 0))
    else:
        state = with_boat(state, seat, 1, dock, turn=seat - 1)
        after = Msg("{name} places next", name=colour(state, seat - 1))
    island = island_title(state, state.board.island_of(dock))
    return Result(state, Msg("{boat} placed at {dock} ({island}); {after}", boat=boat_label(state, seat, 1), dock=dock,
                             island=island, after=after))


def sails_left(state: VikingsState) -> None:
    """Refuse any sail once the turn's sails (the `sails_per_turn` setting) are spent: checked with
    the flow (`VikingsGame.permit`), before a sail's values are read or offered."""
    allowed = int(state.settings["sails_per_turn"])
    if state.sails >= allowed:
        raise IllegalMove(Plural("You have already sailed {n} time this turn.",
                                 "You have already sailed {n} times this turn.", allowed))


def sail(state: VikingsState, actor: Actor, action: Sail) -> Outcome:
    """V-S1–V-S5, V-D1, V-D2, V-R1, then control (V-C2, V-C3): one sail and all it triggers (the
    turn's sails left are checked with the flow: `sails_left`)."""
    seat = seated(actor)
    start = check_route(state, seat, action.boat, action.route, action.strength)
    path = (start, *action.route)
    check_landing(state, seat, action, path[-1])
    last = LastSail(seat=seat, boat=action.boat, path=path)
    state, phrases = move(state, seat, action.boat, action.route, sails=state.sails + 1, last_sail=last)
    state, landed, supply = land(state, seat, action, path[-1])
    state, settled = settle_control(state)
    phrases += landed + settled
    said = {"name": colour(state, seat), "boat": action.boat, "path": path_text(path), "strength": action.strength}
    moved = (Msg("{name} sailed boat {boat} {path} (x{strength})", **said) if action.route else
             Msg("{name} sailed boat {boat} {path} (x{strength}) without moving", **said))
    details = tuple(capitalised(line) for line in (moved, *phrases, *supply))
    return Result(state, joined([moved, *phrases], ", "), details)


def choose(state: VikingsState, actor: Actor, action: Choose) -> Outcome:
    """The owner of a bumped boat picks its fjord (V-S4); the oldest matching decision is answered."""
    seat = seated(actor)
    mine = [b for b in state.pending if b.seat == seat]
    if action.key:
        mine = [b for b in mine if str(b.boat) == action.key]
        if not mine:
            raise BadInput(Msg("Your boat {boat} is not waiting for you to choose a fjord.", boat=action.key[:4]))
    bump = next((b for b in mine if action.choice in b.options), None)
    if bump is None:
        raise BadInput(Msg("Choose one of: {options}.", options=", ".join(mine[0].options)))
    state = with_boat(state, seat, bump.boat, action.choice, pending=tuple(b for b in state.pending if b is not bump))
    label = boat_label(state, seat, bump.boat)
    return Result(state, Msg("{boat} moved from {dock} to {fjord} after its bump", boat=label, dock=bump.dock,
                             fjord=action.choice))


def return_settlers(state: VikingsState, actor: Actor, action: ReturnSettlers) -> Outcome:
    """V-D3: on your turn, return settlers from an island to your mat, free; then control."""
    seat = seated(actor)
    island = known_island(state, action.island)
    name = island_title(state, island)
    player = state.players[seat]
    if action.count < 1:
        raise BadInput(Msg("Return at least one settler."))
    if action.count > player.settlers[island]:
        raise IllegalMove(Plural("You have only {n} settler on {island}.", "You have only {n} settlers on {island}.",
                                 player.settlers[island], island=name))
    state = with_player(state, seat, settlers=player.settlers.with_item(island, player.settlers[island] - action.count),
                        mat_settlers=player.mat_settlers + action.count)
    state, settled = settle_control(state)
    settlers = Plural("{n} settler", "{n} settlers", action.count)
    returned = Msg("{name} returned {settlers} from {island} to the mat", name=colour(state, seat), settlers=settlers,
                   island=name)
    phrases = [returned, *settled]
    return Result(state, joined(phrases, ", "), tuple(phrases))


def dedicating(state: VikingsState, seat: int) -> None:
    """V-R2's refusals whatever the target: a village once per turn, and one raided to dedicate;
    checked with the flow (`VikingsGame.permit`), before a dedication's target is read or offered."""
    if state.dedicated:
        raise IllegalMove(Msg("You have already dedicated a village this turn."))
    if state.players[seat].raided < 1:
        raise IllegalMove(Msg("You have no raided village to dedicate."))


def dedicate(state: VikingsState, actor: Actor, action: Dedicate) -> Outcome:
    """V-R2: once per turn, dedicate a raided village to an era-mat action or a god's +2 fury (the
    once per turn and the raided village are checked with the flow: `dedicating`)."""
    seat = seated(actor)
    target = action.target
    dedications = state.dedications
    if target in DEDICATIONS:
        used, limit = dedications[target], len(state.seats)
        if used >= limit:
            raise IllegalMove(Plural("{title} has been used {n} time this era, one per player.",
                                     "{title} has been used {n} times this era, one per player.", limit,
                                     title=capitalised(dedication_title(target))))
        dedications = dedications.with_item(target, used + 1)
        done = Msg("{title} ({n} of {limit} this era; the table carries it out)", title=dedication_title(target),
                   n=used + 1, limit=limit)
    elif target in state.board.gods:
        state, fury = add_fury(state, target, 2)
        done = Msg("{god}'s fury slot: {fury}", god=target, fury=fury)
    else:
        raise BadInput(Msg("Dedicate to one of: {targets}.", targets=", ".join((*DEDICATIONS, *state.board.gods))))
    state = changed(state, seat, {"raided": state.players[seat].raided - 1}, dedicated=True, dedications=dedications)
    summary = Msg("{name} dedicated a village to {done}", name=colour(state, seat), done=done)
    return Result(state, summary)


def end_turn(state: VikingsState, actor: Actor, action: EndTurn) -> Outcome:
    """End your turn: the next seat plays; the turn's counters reset."""
    seat = seated(actor)
    state = evolved(state, turn=(seat + 1) % len(state.seats), sails=0, dedicated=False)
    summary = Msg("{name} ended their turn; {next} is next", name=colour(state, seat), next=colour(state, state.turn))
    return Result(state, summary)


def advance_era(state: VikingsState, actor: Actor, action: AdvanceEra) -> Outcome:
    """Host: start the next era. Raid cost changes; dedication counts reset; the turn stays."""
    if state.placing:
        raise IllegalMove(Msg("Boats are still being placed; the first era has not begun."))
    if state.era >= ERAS:
        raise IllegalMove(Msg("Era {n} is the last era.", n=ERAS))
    state = evolved(state, era=state.era + 1, dedications=FrozenDict(dict.fromkeys(DEDICATIONS, 0)))
    return Result(state, Msg("Era {era} begins: raids cost {cost} steel and the dedication actions are open again",
                             era=state.era, cost=raid_cost(state)))
