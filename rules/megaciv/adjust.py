"""Adjustments: what the table keeps by hand (taxes, treasury, tokens, cities, advances, ships,
barbarians, pirate cities, out-of-play markers). Players adjust their own pieces; the host anyone's
and alone the pieces of no player. Every summary shows the value before → after. A player's
tokens, treasury and ships are not adjusted while they draft (its steps must stay exact to be taken
back): while drafts are secret, that is the player on turn, whether or not they have moved yet, so
a refusal says nothing about a draft nobody else may see."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove, NotAllowed
from rules.frozen import FrozenDict, evolved
from rules.guards import hosting, seated
from rules.megaciv.actions import Adjust
from rules.megaciv.draft import secret_drafts
from rules.megaciv.phase import mover
from rules.megaciv.ships import destroy
from rules.megaciv.state import (
    CITIES,
    SHIPS,
    TOKENS,
    MegaState,
    Ship,
    count_in_range,
    known_area,
    known_seat,
    land_area,
    name,
    with_player,
)
from rules.messages import Msg

PIECES = ("treasury", "tax", "tokens", "ship")  # refused during the seat's undeclared draft
NO_BOARD = ("treasury", "tax", "advance")  # nothing drawn on the map changes


def adjust(state: MegaState, actor: Actor, action: Adjust) -> Result[MegaState]:
    seat = seated(actor)
    change = ADJUSTERS.get(action.what) if isinstance(action.what, str) else None
    if change is None:
        raise BadInput(Msg("Adjust one of: {names}.", names=", ".join(ADJUSTERS)))
    whose = known_seat(state, action.seat, seat)
    if whose != seat and not actor.host:
        raise NotAllowed(Msg("Only the host may adjust another player's pieces."))
    barred(state, actor, action.what, whose)
    state, what = change(state, actor, whose, action)
    if action.what not in HOST_ONLY:
        what = Msg("{name}'s {piece}", name=name(state, whose), piece=what)
    summary = Msg("{name} adjusted {what}", name=name(state, seat), what=what)
    return Result(state, summary, board_changed=action.what not in NO_BOARD)


def barred(state: MegaState, actor: Actor, what: str, whose: int) -> None:
    """Refuse an adjustment of `what` (of `whose` pieces) whatever its values: the host's own markers
    for anyone else, a player's pieces while they draft. The options ask it before listing values."""
    if what in HOSTED:
        hosting(actor, HOSTED[what])
    if what in PIECES and drafting(state, whose):
        raise IllegalMove(Msg("{name} is drafting their movement: adjust tokens, treasury or ships once they have "
                              "declared it (or taken its steps back).", name=name(state, whose)))


def drafting(state: MegaState, seat: int) -> bool:
    """Whether the seat's pieces are in a draft now, as everyone may know it: while drafts are
    secret, the seat on turn (whether they have moved yet is theirs alone); otherwise a seat with
    an undeclared draft (everyone sees it)."""
    player = state.players[seat]
    if not state.moving or player.declared:
        return False
    return seat == mover(state) if secret_drafts(state) else bool(player.steps)


Adjuster = Callable[[MegaState, Actor, int, Adjust], tuple[MegaState, str]]


def _set(state: MegaState, whose: int, **changes: object) -> MegaState:
    return with_player(state, whose, evolved(state.players[whose], **changes))


def _treasury(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    p = state.players[whose]
    value = count_in_range(action.value, 0, TOKENS, "Treasury")
    added = value - p.treasury
    if added == 0:
        raise IllegalMove(Msg("{name}'s treasury is already {value}.", name=name(state, whose), value=value))
    if added > p.stock:
        raise IllegalMove(Msg("{name} has only {n} tokens in stock to add to the treasury.", name=name(state, whose),
                              n=p.stock))
    state = _set(state, whose, treasury=value, stock=p.stock - added)
    return state, Msg("treasury {before} → {value} (stock {was} → {now})", before=p.treasury, value=value, was=p.stock,
                      now=p.stock - added)


def _tax(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    p = state.players[whose]
    amount = count_in_range(action.value, 0, TOKENS, "Tax") or 2 * len(p.cities)
    if amount == 0:
        raise IllegalMove(Msg("{name} has no cities to tax; give the amount as the value.", name=name(state, whose)))
    if amount > p.stock:
        raise IllegalMove(Msg("Tax of {n} needs {n} tokens in stock; {name} has {stock}.", n=amount,
                              name=name(state, whose), stock=p.stock))
    state = _set(state, whose, treasury=p.treasury + amount, stock=p.stock - amount)
    return state, Msg("treasury {before} → {value} by a tax of {n} (stock {was} → {now})", before=p.treasury,
                      value=p.treasury + amount, n=amount, was=p.stock, now=p.stock - amount)


def _tokens(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    p = state.players[whose]
    area = land_area(state, action.area)
    value = count_in_range(action.value, 0, TOKENS, "Tokens")
    before = p.tokens.get(area, 0)
    added = value - before
    if added == 0:
        raise IllegalMove(Msg("{name} already has {n} tokens in {area}.", name=name(state, whose), n=value, area=area))
    if added > p.stock:
        raise IllegalMove(Msg("{name} has only {n} tokens in stock.", name=name(state, whose), n=p.stock))
    if added > 0 and area in state.out_of_play:
        raise IllegalMove(Msg("{area} is out of play; tokens cannot be put there.", area=area))
    tokens, once, done = dict(p.tokens), dict(p.once), dict(p.done)
    if added < 0:
        for counter, where, change in destroy(p, area, -added)[1:]:
            table = once if counter == "once" else done
            table[where] += change
            if not table[where]:
                del table[where]
    tokens[area] = value
    if not value:
        del tokens[area]
    state = _set(state, whose, tokens=FrozenDict(tokens), once=FrozenDict(once), done=FrozenDict(done),
                 stock=p.stock - added)
    return state, Msg("tokens in {area} {before} → {value} (stock {was} → {now})", area=area, before=before,
                      value=value, was=p.stock, now=p.stock - added)


def _city(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    p = state.players[whose]
    area = land_area(state, action.area)
    if action.value == 1:
        if area in p.cities:
            raise IllegalMove(Msg("{name} already has a city in {area}.", name=name(state, whose), area=area))
        other = next((name(state, i) for i, q in enumerate(state.players) if area in q.cities), None)
        if other or area in state.pirates:
            raise IllegalMove(Msg("{area} already holds a pirate city.", area=area) if other is None else
                              Msg("{area} already holds {name}'s city.", area=area, name=other))
        if len(p.cities) >= CITIES:
            raise IllegalMove(Msg("{name} has all {n} cities on the board.", name=name(state, whose), n=CITIES))
        cities = tuple(sorted((*p.cities, area), key=state.board.area_index.__getitem__))
    elif action.value == 0:
        if area not in p.cities:
            raise IllegalMove(Msg("{name} has no city in {area}.", name=name(state, whose), area=area))
        cities = tuple(c for c in p.cities if c != area)
    else:
        raise BadInput(Msg("For a city, value 1 builds it and 0 removes it."))
    state = _set(state, whose, cities=cities)
    said = {"area": area, "was": len(p.cities), "now": len(cities)}
    return state, (Msg("city in {area}: none → built (cities {was} → {now})", **said) if action.value else
                   Msg("city in {area}: built → none (cities {was} → {now})", **said))


def _advance(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    p = state.players[whose]
    board = state.board
    found = board.advance_named(action.name) if isinstance(action.name, str) else None
    if found is None:
        names = ", ".join(a.name for a in board.advances.advances)
        raise BadInput(Msg("There is no movement advance {advance}. Advances: {names}.",
                           advance=repr(str(action.name)[:40]), names=names))
    if action.value == 1:
        if found in p.advances:
            raise IllegalMove(Msg("{name} already holds {advance}.", name=name(state, whose), advance=found))
        advances = tuple(sorted((*p.advances, found), key=board.advance_order.__getitem__))
        text = Msg("{advance}: not held → held", advance=found)
    elif action.value == 0:
        if found not in p.advances:
            raise IllegalMove(Msg("{name} does not hold {advance}.", name=name(state, whose), advance=found))
        advances = tuple(a for a in p.advances if a != found)
        text = Msg("{advance}: held → not held", advance=found)
    else:
        raise BadInput(Msg("For an advance, value 1 gains it and 0 loses it."))
    return _set(state, whose, advances=advances), text


def _ship(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    p = state.players[whose]
    number = count_in_range(action.ship, 1, SHIPS, "A ship number")
    ship = p.ships[number - 1]
    if action.area:
        area = known_area(state, action.area)
        if not state.board.has_water(area):
            raise IllegalMove(Msg("{area} has no water; ships go in coastal areas and open seas.", area=area))
    else:
        area = None
    if ship.area == area:
        raise IllegalMove(Msg("Ship {n} is already in stock.", n=number) if area is None else
                          Msg("Ship {n} is already at {area}.", n=number, area=area))
    ships = list(p.ships)
    ships[number - 1] = Ship() if area is None else replace(ship, area=area)
    return _set(state, whose, ships=tuple(ships)), Msg(
        "ship {n}: {before} → {after}", n=number, before=_where(ship.area), after=_where(area))


def _barbarians(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    area = land_area(state, action.area)
    value = count_in_range(action.value, 0, TOKENS, "Barbarian tokens")
    before = state.barbarians.get(area, 0)
    if before == value:
        raise IllegalMove(Msg("{area} already holds {n} barbarian tokens.", area=area, n=value))
    barbarians = dict(state.barbarians)
    barbarians[area] = value
    if not value:
        del barbarians[area]
    return replace(state, barbarians=FrozenDict(barbarians)), Msg(
        "barbarians in {area} {before} → {value}", area=area, before=before, value=value)


def _pirate(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    area = land_area(state, action.area)
    if action.value == 1:
        if area in state.pirates:
            raise IllegalMove(Msg("{area} already holds a pirate city.", area=area))
        holder = next((name(state, i) for i, q in enumerate(state.players) if area in q.cities), None)
        if holder:
            raise IllegalMove(Msg("{area} already holds {name}'s city.", area=area, name=holder))
        pirates = (*state.pirates, area)
    elif action.value == 0:
        if area not in state.pirates:
            raise IllegalMove(Msg("{area} holds no pirate city.", area=area))
        pirates = tuple(a for a in state.pirates if a != area)
    else:
        raise BadInput(Msg("For a pirate city, value 1 puts it and 0 removes it."))
    return replace(state, pirates=pirates), (Msg("pirate city in {area}: none → there", area=area) if action.value
                                             else Msg("pirate city in {area}: there → none", area=area))


def _out_of_play(state: MegaState, actor: Actor, whose: int, action: Adjust) -> tuple[MegaState, str]:
    area = known_area(state, action.area)
    if action.value == 1:
        if area in state.out_of_play:
            raise IllegalMove(Msg("{area} is already out of play.", area=area))
        markers = (*state.out_of_play, area)
    elif action.value == 0:
        if area not in state.out_of_play:
            raise IllegalMove(Msg("{area} is not out of play.", area=area))
        markers = tuple(a for a in state.out_of_play if a != area)
    else:
        raise BadInput(Msg("For an out-of-play marker, value 1 puts it and 0 removes it."))
    return replace(state, out_of_play=markers), (Msg("{area}: in play → out of play", area=area) if action.value
                                                 else Msg("{area}: out of play → in play", area=area))


def _where(area: str | None) -> str:
    return Msg("in stock") if area is None else Msg("at {area}", area=area)


ADJUSTERS: dict[str, Adjuster] = {
    "treasury": _treasury,
    "tax": _tax,
    "tokens": _tokens,
    "city": _city,
    "advance": _advance,
    "ship": _ship,
    "barbarians": _barbarians,
    "pirate": _pirate,
    "out_of_play": _out_of_play,
}
HOSTED = {"barbarians": "place barbarians", "pirate": "place pirate cities",
          "out_of_play": "place out-of-play markers"}  # the host's alone: what only the host may do
HOST_ONLY = tuple(HOSTED)
