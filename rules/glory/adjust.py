"""Adjustments: what the rules leave to the table (battles and their losses, recruiting, building,
technologies, the achievement vote, event effects).

Players adjust their own units, cubes and relics; the host adjusts anyone's, and alone builds or
removes cities and castles. Every adjustment says what it changed, before → after, and keeps the
state's invariants (no two players' pieces on one hex, vessels on water, nothing in a province
still face down).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove, NotAllowed, NotYourTurn
from rules.frozen import FrozenDict
from rules.glory import words
from rules.glory.actions import ADJUSTING, Adjust
from rules.glory.state import (
    MAX_CUBES,
    MAX_UNITS,
    Army,
    GloryState,
    Structure,
    changed,
    colour,
    is_water,
    occupant,
    structure_text,
    terrain_at,
    with_player,
)
from rules.guards import hosting, seated
from rules.messages import Msg, Plural, capitalised
from rules.text import owner

MAX_VOTING = 50
STRUCTURES = ("city", "castle", "capital")
MAX_TEXT = 60


def adjust(state: GloryState, actor: Actor, action: Adjust) -> Result[GloryState]:
    """Check who may adjust what, then make the change. Nothing is adjusted while a tile
    waits for its rotation, not even by the host: the waiting maneuver's army must stay as it is."""
    seat = seated(actor)
    for field in ("hex", "unit", "name"):
        text = getattr(action, field)
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise BadInput(Msg("Adjust's {field} is a name of at most {most} characters.", field=field, most=MAX_TEXT))
    whose = adjusted(state, actor, action.seat)
    change = ADJUSTERS.get(action.what) if isinstance(action.what, str) else None
    if change is None:
        raise BadInput(Msg("Adjust one of: {names}.", names=", ".join(ADJUSTERS)))
    state, what = change(state, actor, whose, action)
    return Result(state, Msg("{name} adjusted {what}", name=colour(state, seat), what=what))


def _owner(state: GloryState, actor: Actor, whose: int) -> str:
    return owner(colour(state, whose), whose == seated(actor))


def adjusted(state: GloryState, actor: Actor, seat: int | None) -> int:
    """Whose pieces `actor` adjusts (`seat`, None: their own), or the refusal saying why they may not now
    (nothing is adjusted while a tile waits for its rotation)."""
    own = seated(actor)
    pending = state.exploring
    if pending is not None:
        raise NotYourTurn(Msg("Waiting for {name} to choose the rotation of the tile revealed at {province}; adjust "
                              "after it is placed.", name=colour(state, pending.plan.seat), province=pending.province))
    whose = own if seat is None else seat
    if isinstance(whose, bool) or not isinstance(whose, int) or whose not in range(len(state.seats)):
        raise BadInput(Msg("There is no seat {seat} in this game.", seat=f"{whose!r:.10}"))
    if whose != own and not actor.host:
        raise NotAllowed(Msg("Only the host may adjust another player's pieces."))
    if state.turn != own and not actor.host and not state.settings["adjust_off_turn"]:
        raise NotYourTurn(Msg("At this table players adjust their pieces on their own turn only."))
    return whose


Adjuster = Callable[[GloryState, Actor, int, Adjust], tuple[GloryState, str]]  # the state after, what changed


def _hex(state: GloryState, text: str) -> str:
    name = state.board.parse(text)
    if terrain_at(state, name) is None:
        raise IllegalMove(Msg("{hex} is in a province still face down.", hex=name))
    return name


def _count(value: int, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadInput(Msg("{what} is between {low} and {high}, not {value}.", what=what, low=low, high=high,
                           value=f"{value!r:.12}"))
    return value


def _units(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
    board = state.board
    at = _hex(state, action.hex)
    unit = board.unit_types[board.unit_named(action.unit)]
    value = _count(action.value, 0, MAX_UNITS, Msg("A count of {units}", units=unit.said))
    held = occupant(state, at)
    if held is not None and held != whose:
        raise IllegalMove(Msg("{hex} holds {name}'s units: remove them first.", hex=at, name=colour(state, held)))
    structure = state.structures.get(at)
    if structure is not None and structure.owner != whose:
        raise IllegalMove(Msg("{hex} holds {name}'s {structure}.", hex=at, name=colour(state, structure.owner),
                              structure=structure.kind))
    armies = dict(state.players[whose].armies)
    army = armies.get(at, Army(FrozenDict()))
    before = army.units.get(unit.name, 0)
    if before == value:
        raise IllegalMove(Plural("There is already {units} of {name}'s at {hex}.",
                                 "There are already {units} of {name}'s at {hex}.", value, units=unit.count(value),
                                 name=colour(state, whose), hex=at))
    units = {**army.units, unit.name: value}
    units = {k: v for k, v in units.items() if v}
    packed = {k: min(v, units.get(k, 0)) for k, v in army.packed.items() if units.get(k)}
    check_standing(state, at, units)
    if units:
        armies[at] = Army(FrozenDict(units), FrozenDict(packed), army.cubes)
    else:
        del armies[at]
    return changed(state, whose, {"armies": FrozenDict(armies)}), Msg(
        "{owner} {units} at {hex} {before} → {value}", owner=_owner(state, actor, whose), units=unit.said, hex=at,
        before=before, value=value)


def check_standing(state: GloryState, at: str, units: dict[str, int]) -> None:
    """Refuse `units` standing together on hex `at`: vessels on land, land units on water not aboard."""
    t = terrain_at(state, at)
    types = state.board.unit_types
    vessel = any(types[n].kind == "vessel" for n in units)
    for name in units:
        unit = types[name]
        if unit.kind == "vessel" and not is_water(t):
            raise IllegalMove(Msg("{hex} is {terrain}: vessels stay on sea and ocean hexes.", hex=at,
                                  terrain=words.terrain(t or "")))
        if unit.kind == "land" and is_water(t) and not vessel and not (t == "sea" and unit.sea_cost):
            raise IllegalMove(Msg("{hex} is {terrain}: {units} stand there only aboard a vessel.", hex=at,
                                  terrain=words.terrain(t or ""),
                                  units=unit.said))


def _packed(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
    board = state.board
    at = _hex(state, action.hex)
    unit = board.unit_types[board.unit_named(action.unit)]
    if not unit.packing:
        raise IllegalMove(Msg("{units} do not pack.", units=capitalised(unit.said)))
    armies = state.players[whose].armies
    army = armies.get(at)
    have = army.units.get(unit.name, 0) if army else 0
    if army is None or not have:
        raise IllegalMove(Msg("{name} has no {units} at {hex}.", name=colour(state, whose), units=unit.said, hex=at))
    value = _count(action.value, 0, have, Msg("Packed {units} at {hex}", units=unit.said, hex=at))
    before = army.packed.get(unit.name, 0)
    if before == value:
        raise IllegalMove(Msg("{n} of those {units} are already packed.", n=value, units=unit.said))
    packed = {**army.packed, unit.name: value}
    now = Army(army.units, FrozenDict({k: v for k, v in packed.items() if v}), army.cubes)
    return changed(state, whose, {"armies": armies.with_item(at, now)}), Msg(
        "{owner} packed {units} at {hex} {before} → {value}", owner=_owner(state, actor, whose), units=unit.said,
        hex=at, before=before, value=value)


def _depletion(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
    at = _hex(state, action.hex)
    armies = state.players[whose].armies
    army = armies.get(at)
    if army is None:
        raise IllegalMove(Msg("{name} has no army at {hex}.", name=colour(state, whose), hex=at))
    value = _count(action.value, 0, 2, "Depletion cubes")
    if army.cubes == value:
        raise IllegalMove(Plural("That army already has {n} depletion cube.",
                                 "That army already has {n} depletion cubes.", value))
    now = Army(army.units, army.packed, value)
    return changed(state, whose, {"armies": armies.with_item(at, now)}), Msg(
        "{owner} depletion cubes at {hex} {before} → {value}", owner=_owner(state, actor, whose), hex=at,
        before=army.cubes, value=value)


def _number(field: str, label: str, high: int) -> Adjuster:
    def change(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
        player = state.players[whose]
        value = _count(action.value, 0, high, capitalised(label))
        before = getattr(player, field)
        if before == value:
            values = {"name": colour(state, whose), "what": label, "value": value}
            raise IllegalMove(Msg("{name}'s {what} are already {value}.", **values) if label.endswith("s") else
                              Msg("{name}'s {what} is already {value}.", **values))
        return with_player(state, whose, **{field: value}), Msg("{owner} {what} {before} → {value}",
                                                                 owner=_owner(state, actor, whose), what=label,
                                                                 before=before, value=value)

    return change


def _votes(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
    for r, row in enumerate(state.event_rows):
        for c, slot in enumerate(row):
            if slot.card == action.name:
                player = state.players[whose]
                value = _count(action.value, 0, MAX_VOTING, "Voting cubes on a card")
                before = slot.votes.get(whose, 0)
                if before == value:
                    raise IllegalMove(Msg("{name} already has {n} voting cubes on {card}.", name=colour(state, whose),
                                          n=value, card=slot.card))
                if value - before > player.voting_cubes:
                    raise IllegalMove(Msg("{name} has only {n} voting cubes in the bank.", name=colour(state, whose),
                                          n=player.voting_cubes))
                bank = player.voting_cubes - (value - before)
                if bank > MAX_VOTING:
                    raise IllegalMove(Msg("Taking {n} voting cubes off {card} would leave {name} {bank} in the bank, "
                                          "more than the {most} a bank holds: adjust the bank first.", n=before - value,
                                          card=slot.card, name=colour(state, whose), bank=bank, most=MAX_VOTING))
                votes = {**slot.votes, whose: value}
                now = type(slot)(slot.card, FrozenDict({k: v for k, v in votes.items() if v}))
                rows = list(state.event_rows)
                rows[r] = (*row[:c], now, *row[c + 1:])
                state = changed(state, whose, {"voting_cubes": bank}, event_rows=tuple(rows))
                title = state.board.event_named[slot.card].title
                return state, Msg("{owner} voting cubes on {title} ({card}, row {row}) {before} → {value} (bank "
                                  "{was} → {now})", owner=_owner(state, actor, whose), title=title, card=slot.card,
                                  row=r + 1, before=before, value=value, was=player.voting_cubes, now=bank)
    shown = [s.card for row in state.event_rows for s in row]
    raise BadInput(Msg("No event card {card} is in the rows. Cards: {cards}.", card=repr(action.name[:20]),
                       cards=", ".join(shown) or Msg("none yet")))


def _relic(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
    name = action.name
    if name not in state.board.relic_named:
        raise BadInput(Msg("There is no relic {relic}. Relics: {relics}.", relic=repr(name[:40]),
                           relics=", ".join(r.name for r in state.board.relics)))
    on_hex = next((h for h, r in state.relics.items() if r == name), None)
    holder = next((s for s, p in enumerate(state.players) if name in p.relics), None)
    if on_hex is None and holder is None:
        raise IllegalMove(Msg("{relic} is still in the bag: relics come out only by exploring.", relic=name))
    if holder is not None and holder != whose and not actor.host:
        raise NotAllowed(Msg("{name} holds {relic}; only the host may take it from them.", name=colour(state, holder),
                             relic=name))
    before = (Msg("on {hex}", hex=on_hex) if on_hex else
              Msg("held by {name}", name=colour(state, holder)))  # type: ignore[arg-type]
    if action.hex:
        at = _hex(state, action.hex)
        if at == on_hex:
            raise IllegalMove(Msg("{relic} is already on {hex}.", relic=name, hex=at))
        if at in state.relics:
            raise IllegalMove(Msg("{hex} already holds the relic {relic}.", hex=at, relic=state.relics[at]))
        after = Msg("on {hex}", hex=at)
    else:
        if holder == whose:
            raise IllegalMove(Msg("{name} already holds {relic}.", name=colour(state, whose), relic=name))
        after = Msg("held by {name}", name=colour(state, whose))
    if on_hex is not None:
        state = replace(state, relics=state.relics.without(on_hex))
    if holder is not None:
        held = list(state.players[holder].relics)
        held.remove(name)
        state = with_player(state, holder, relics=tuple(held))
    if action.hex:
        state = replace(state, relics=state.relics.with_item(at, name))
    else:
        state = with_player(state, whose, relics=(*state.players[whose].relics, name))
    return state, Msg("the relic {relic}: {before} → {after}", relic=name, before=before, after=after)


def _structure(state: GloryState, actor: Actor, whose: int, action: Adjust) -> tuple[GloryState, str]:
    hosting(actor, "build or remove cities and castles")
    at = _hex(state, action.hex)
    before = state.structures.get(at)
    if action.name == "":
        if before is None:
            raise IllegalMove(Msg("There is no city or castle at {hex}.", hex=at))
        return (replace(state, structures=state.structures.without(at)),
                Msg("the {kind} at {hex}: {name}'s → gone", kind=structure_text(before), hex=at,
                    name=colour(state, before.owner)))
    if action.name not in STRUCTURES:
        raise BadInput(Msg("A structure is {kinds} or '' (remove), not {name}.", kinds=", ".join(STRUCTURES),
                           name=repr(action.name[:20])))
    if is_water(terrain_at(state, at)):
        raise IllegalMove(Msg("{hex} is water: cities and castles stand on land.", hex=at))
    held = occupant(state, at)
    if held is not None and held != whose:
        raise IllegalMove(Msg("{hex} holds {name}'s units: a structure there must be theirs.", hex=at,
                              name=colour(state, held)))
    kind = "city" if action.name == "capital" else action.name
    after = Structure(kind, whose, action.name == "capital")  # type: ignore[arg-type]
    if before == after:
        raise IllegalMove(Msg("{hex} already holds that {structure}.", hex=at, structure=action.name))
    was = (Msg("{name}'s {piece}", name=colour(state, before.owner), piece=structure_text(before)) if before else
           Msg("nothing"))
    now = Msg("{name}'s {piece}", name=colour(state, whose), piece=structure_text(after))
    return (replace(state, structures=state.structures.with_item(at, after)),
            Msg("{hex}: {was} → {now}", hex=at, was=was, now=now))



ADJUSTERS: dict[str, Adjuster] = {
    "units": _units,
    "packed": _packed,
    "depletion": _depletion,
    "cubes": _number("action_cubes", Msg("action cubes"), MAX_CUBES),
    "cubes_per_round": _number("action_cubes_per_round", Msg("action cubes per round"), MAX_CUBES),
    "voting": _number("voting_cubes", Msg("voting cubes in the bank"), MAX_VOTING),
    "votes": _votes,
    "relic": _relic,
    "structure": _structure,
}


assert set(ADJUSTING) == set(ADJUSTERS), "every adjustment says what it needs"
