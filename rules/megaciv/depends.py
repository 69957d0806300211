"""Prepared turns (issue 30): in strict census order (M-O1) a civilization still to move may
prepare its whole movement draft and its declaration (M-O2) while earlier ones move. Everyone
moving at once has nothing to prepare; after an `insist` the rest of the phase is in order again.

Each step depends on the areas it names or passes through (a land move's source, the area passed
and its target; a voyage's areas; a ship's building area and the areas paying for it): the tokens
of every civilization there, the city, barbarians and ships there, and whether it is out of play;
and on the ship it uses (where it is, whether built or maintained this turn). A declaration
depends on nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import Any

from rules.core import Action, Actor, Footprint, Result
from rules.megaciv.actions import Build, Maintain, Move, Sail, Scrap
from rules.megaciv.moves import move
from rules.megaciv.phase import mover
from rules.megaciv.ships import build, maintain, sail, scrap
from rules.megaciv.state import MegaState, city_owner, name, party_name
from rules.text import plural

PREPARABLE = ("move", "build", "maintain", "scrap", "sail", "declare")
STEPS: dict[type[Action], Callable[[MegaState, Actor, Any], Result[MegaState]]] = {
    Move: move, Build: build, Maintain: maintain, Scrap: scrap, Sail: sail}


def preparable(state: MegaState, seat: int) -> tuple[str, ...]:
    """The draft and the declaration, for a civilization still to move in strict order."""
    if not state.moving or state.together or state.players[seat].declared or mover(state) == seat:
        return ()
    return PREPARABLE


def as_if_turn(state: MegaState, seat: int) -> MegaState:
    """The state with `seat` next in the census order (those declared stay before it)."""
    declared = tuple(s for s in state.order if state.players[s].declared)
    rest = tuple(s for s in state.order if s != seat and s not in declared)
    return dataclasses.replace(state, order=(*declared, seat, *rest))


def depends(state: MegaState, seat: int, action: Action) -> Footprint:
    handler = STEPS.get(type(action))
    if handler is None:
        return Footprint()
    step = handler(state, Actor(seat), action).state.players[seat].steps[-1]
    places = (*step.path, *step.entered, *(area for _, area, _ in step.delta))
    return Footprint(places=tuple(dict.fromkeys(places)), pieces=(f"{seat} ship {step.ship}",) if step.ship else ())


def snapshot(state: MegaState, footprint: Footprint) -> dict[str, Hashable]:
    """Per area: every civilization's tokens, its city's owner, barbarians, ships, out of play; per
    ship of the seat preparing (the only ships a draft uses), its area and this turn's care."""
    found: dict[str, Hashable] = {}
    for area in footprint.places:
        tokens = tuple((s, p.tokens[area]) for s, p in enumerate(state.players) if p.tokens.get(area))
        ships = tuple((s, n) for s, p in enumerate(state.players) for n, ship in enumerate(p.ships, 1)
                      if ship.area == area)
        found[f"place:{area}"] = (tokens, city_owner(state, area), state.barbarians.get(area, 0), ships,
                                  area in state.out_of_play)
    for piece in footprint.pieces:
        seat, _, number = piece.split()
        found[f"piece:{piece}"] = dataclasses.astuple(state.players[int(seat)].ships[int(number) - 1])
    return found


def change_text(state: MegaState, key: str, was: Hashable, now: Hashable) -> str:
    """"Narul now holds 3 Babylon tokens (it held none)"; "Narul is now a city of Egypt"."""
    kind, where = key.split(":", 1)
    if kind == "piece":
        seat, _, number = where.split()
        ship = f"{name(state, int(seat))}'s ship {number}"
        assert isinstance(was, tuple) and isinstance(now, tuple)
        if was[0] != now[0]:
            return f"{ship} is now in {now[0]}" if now[0] else f"{ship} is back in stock"
        done = [what for what, a, b in zip(("built", "maintained", "sailed"), was[1:], now[1:]) if b and not a]
        return f"{ship} was {' and '.join(done)} this turn" if done else f"{ship} changed"
    assert isinstance(was, tuple) and isinstance(now, tuple)
    before, after = dict(was[0]), dict(now[0])
    lines = [_holds(where, f"{name(state, s)} token", before.get(s, 0), after.get(s, 0))
             for s in dict.fromkeys([*before, *after]) if before.get(s, 0) != after.get(s, 0)]
    if was[1] != now[1]:
        lines.append(f"{where} is now a city of {party_name(state, now[1])}" if now[1] is not None
                     else f"{where} has no city now")
    if was[2] != now[2]:
        lines.append(_holds(where, "barbarian token", was[2], now[2]))
    lines += [f"{name(state, s)}'s ship {n} entered {where}" for s, n in now[3] if (s, n) not in was[3]]
    lines += [f"{name(state, s)}'s ship {n} left {where}" for s, n in was[3] if (s, n) not in now[3]]
    if was[4] != now[4]:
        lines.append(f"{where} is {'now' if now[4] else 'no longer'} out of play")
    return "; ".join(lines) or f"{where} changed"


def _holds(where: str, token: str, was: int, now: int) -> str:
    """ "Narul now holds 3 Babylon tokens (it held 1)"."""
    held = str(was) if was else "none"
    return f"{where} now holds {plural(now, token) if now else f'no {token}s'} (it held {held})"
