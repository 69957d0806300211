"""Adjustments: what the rules leave to the table (cards, battles, building, harvesting).

Players adjust their own pieces (at any time unless the table setting says otherwise); the host
may adjust anyone's, and alone moves villages, fury and runes held by others. Every adjustment is
checked against the same limits as play and is followed by a control check (V-C2).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove, NotAllowed, NotYourTurn
from rules.frozen import evolved
from rules.guards import hosting, seated
from rules.messages import Msg, joined
from rules.text import owner, plural
from rules.vikings.actions import NEEDS, Adjust
from rules.vikings.control import fury_text, settle_control
from rules.vikings.state import (
    RESOURCE_MAX,
    RESOURCES,
    VikingsState,
    boat_label,
    colour,
    island_title,
    known_boat,
    known_island,
    known_space,
    occupant,
    with_boat,
    with_player,
)

FIELDS = {"wood": Msg("wood"), "food": Msg("food"), "steel": Msg("steel"), "raided": Msg("raided"),
          "settlers": Msg("settlers"), "temples": Msg("temples")}  # the adjustable counts, as a change names them


def adjust(state: VikingsState, actor: Actor, action: Adjust) -> Result[VikingsState]:
    """Check who may adjust what, make the change, then settle control."""
    seat = seated(actor)
    whose = seat if action.seat is None else action.seat
    if whose not in range(len(state.seats)):
        raise BadInput(Msg("There is no seat {seat} in this game.", seat=whose))
    if whose != seat and not actor.host:
        raise NotAllowed(Msg("Only the host may adjust another player's pieces."))
    off_turn = state.placing or state.turn != seat
    if off_turn and not actor.host and not state.settings["adjust_off_turn"]:
        raise NotYourTurn(Msg("At this table players adjust their pieces on their own turn only."))
    change = ADJUSTERS.get(action.what)
    if change is None:
        raise BadInput(Msg("Adjust one of: {names}.", names=", ".join(ADJUSTERS)))
    state, what = change(state, actor, whose, action)
    state, settled = settle_control(state)
    phrases = [Msg("{name} adjusted {what}", name=colour(state, seat), what=what), *settled]
    return Result(state, joined(phrases, ", "), tuple(phrases))


def _owner(state: VikingsState, actor: Actor, whose: int) -> str:
    return owner(colour(state, whose), whose == seated(actor))


Adjuster = Callable[[VikingsState, Actor, int, Adjust], tuple[VikingsState, str]]  # the state after; what changed


def _resource(state: VikingsState, actor: Actor, whose: int, action: Adjust) -> tuple[VikingsState, str]:
    player, field, value = state.players[whose], action.what, action.value
    limit = RESOURCE_MAX if field in RESOURCES else len(state.board.village_docks)
    if not 0 <= value <= limit:
        raise BadInput(Msg("{what} is between {low} and {high}, not {value}.", what=field.capitalize(), low=0,
                           high=limit, value=value))
    before = getattr(player, field)
    if before == value:
        raise IllegalMove(Msg("{name}'s {what} is already {value}.", name=colour(state, whose), what=field,
                              value=value))
    return with_player(state, whose, **{field: value}), Msg("{owner} {what} {before} → {value}", owner=_owner(
        state, actor, whose), what=FIELDS[field], before=before, value=value)


def _pieces(state: VikingsState, actor: Actor, whose: int, action: Adjust) -> tuple[VikingsState, str]:
    island = known_island(state, action.island)
    player = state.players[whose]
    on_island = getattr(player, action.what)
    mat_field = f"mat_{action.what}"
    mat = getattr(player, mat_field)
    if action.value < 0:
        raise BadInput(Msg("A count of {what} cannot be negative.", what=action.what))
    added = action.value - on_island[island]
    if added == 0:
        raise IllegalMove(Msg("That is already the number of {what} on {island}.", what=action.what,
                              island=island_title(state, island)))
    if added > mat:
        raise IllegalMove(Msg("{name} has only {pieces} on the mat.", name=colour(state, whose),
                              pieces=plural(mat, action.what[:-1])))
    before = on_island[island]
    changes = {action.what: on_island.with_item(island, action.value), mat_field: mat - added}
    state = with_player(state, whose, **changes)
    where = island_title(state, island)
    return state, Msg("{owner} {what} on {island} {before} → {value} (mat {mat} → {left})",
                      owner=_owner(state, actor, whose), what=FIELDS[action.what], island=where, before=before,
                      value=action.value, mat=mat, left=mat - added)


def _boat(state: VikingsState, actor: Actor, whose: int, action: Adjust) -> tuple[VikingsState, str]:
    if state.placing:
        raise IllegalMove(Msg("Boats cannot be adjusted until every starting boat is placed."))
    known_boat(action.boat)
    target = known_space(state, action.space) if action.space else None
    if target is not None:
        if state.board.kind(target) == "island":
            raise IllegalMove(Msg("{space} is an island; boats go on docks and fjords.", space=target))
        held = occupant(state, target, ignore=(whose, action.boat)) if state.board.kind(target) == "dock" else None
        if held is not None:
            raise IllegalMove(Msg("{dock} already holds {boat}.", dock=target, boat=boat_label(state, *held)))
    boats = state.players[whose].boats
    before = boats[action.boat]
    if before == target:
        boat = boat_label(state, whose, action.boat)
        raise IllegalMove(Msg("{boat} is already in harbour.", boat=boat) if target is None else
                          Msg("{boat} is already at {space}.", boat=boat, space=target))
    pending = tuple(b for b in state.pending if (b.seat, b.boat) != (whose, action.boat))
    state = with_boat(state, whose, action.boat, target, pending=pending)
    return state, Msg("{owner} boat {boat}: {before} → {after}", owner=_owner(state, actor, whose), boat=action.boat,
                      before=_where(before), after=_where(target))


def _rune(state: VikingsState, actor: Actor, whose: int, action: Adjust) -> tuple[VikingsState, str]:
    island = known_island(state, action.island)
    name = island_title(state, island)
    holder = state.runes[island]
    if action.value == 1:
        if holder == whose:
            raise IllegalMove(Msg("{name} already holds {island}'s rune.", name=colour(state, whose), island=name))
        if holder is not None and not actor.host:
            raise NotAllowed(Msg("{name} holds {island}'s rune; only the host may take it from them.",
                                 name=colour(state, holder), island=name))
        state = evolved(state, runes=state.runes.with_item(island, whose))
        _stays(state, island)
        return state, Msg("{island}'s rune: {before} → {after}", island=name, before=_holder(state, holder),
                          after=colour(state, whose))
    if action.value == 0:
        if holder != whose:
            raise IllegalMove(Msg("{name} does not hold {island}'s rune.", name=colour(state, whose), island=name))
        state = evolved(state, runes=state.runes.with_item(island, None))
        _stays(state, island)
        return state, Msg("{island}'s rune: {before} → {after}", island=name, before=colour(state, whose),
                          after=_holder(state, None))
    raise BadInput(Msg("For a rune, value 1 takes it and 0 puts it back on its island."))


def _stays(state: VikingsState, island: str) -> None:
    """Refuse a rune adjustment that control (V-C2) would undo at once, raising fury: runes moved
    by adjustment change no fury (ruling 13), so adjust the pieces on the island instead."""
    settled, change = settle_control(state)
    if settled.runes[island] != state.runes[island]:
        said = next((line for line in change if state.board.island(island).title in line), "")
        raise IllegalMove(Msg("Control would undo that at once ({said}); adjust the pieces on {island} instead.",
                              said=said, island=state.board.island(island).title))


def _village(state: VikingsState, actor: Actor, whose: int, action: Adjust) -> tuple[VikingsState, str]:
    hosting(actor, "put or remove villages")
    dock = known_space(state, action.space)
    if dock not in state.board.village_docks:
        raise IllegalMove(Msg("{dock} has no village space on this map.", dock=dock))
    if action.value not in (0, 1):
        raise BadInput(Msg("For a village, value 1 puts it on its dock and 0 removes it."))
    before = dock in state.villages
    if before == bool(action.value):
        raise IllegalMove(Msg("The village at {dock} is already there.", dock=dock) if before else
                          Msg("The village at {dock} is already gone.", dock=dock))
    state = evolved(state, villages=state.villages | {dock} if action.value else state.villages - {dock})
    return state, (Msg("the village at {dock}: there → gone", dock=dock) if before else
                   Msg("the village at {dock}: gone → there", dock=dock))


def _fury(state: VikingsState, actor: Actor, whose: int, action: Adjust) -> tuple[VikingsState, str]:
    hosting(actor, "adjust a god's fury")
    if action.god not in state.board.gods:
        raise BadInput(Msg("There is no god {god} on this map. Gods: {gods}.", god=repr(action.god),
                           gods=", ".join(state.board.gods)))
    if action.value < 0:
        raise BadInput(Msg("Fury cannot be negative."))
    before = state.fury[action.god]
    if before == action.value:
        raise IllegalMove(Msg("{god}'s fury is already {fury}.", god=action.god, fury=fury_text(before)))
    state = evolved(state, fury=state.fury.with_item(action.god, action.value))
    return state, Msg("{god} fury {before} → {after}", god=action.god, before=fury_text(before),
                      after=fury_text(action.value))


def _where(space: str | None) -> str:
    return Msg("in harbour") if space is None else Msg("at {space}", space=space)


def _holder(state: VikingsState, holder: int | None) -> str:
    return Msg("on the island") if holder is None else colour(state, holder)


ADJUSTERS: dict[str, Adjuster] = {
    **dict.fromkeys((*RESOURCES, "raided"), _resource),
    "settlers": _pieces,
    "temples": _pieces,
    "boat": _boat,
    "rune": _rune,
    "village": _village,
    "fury": _fury,
}
assert set(NEEDS) == set(ADJUSTERS)
