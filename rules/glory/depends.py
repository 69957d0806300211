"""Prepared turns (issue 30): a player not on turn, and not passed this round, may prepare their
next maneuver (then the end of their turn), or their pass.

A maneuver depends on the hexes of its path (the cheapest route when none was given), the start
and the stops included: the armies on each, its city or castle, a relic lying there, whether it is
explored; and on the armies it moves (the one maneuvering and those picked up). A pass or the end
of a turn depends on nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

from rules.core import Action, Footprint
from rules.glory.actions import Maneuver
from rules.glory.maneuver import planned
from rules.glory.state import Army, GloryState, colour, terrain_at, units_text
from rules.messages import Msg, Plural, joined

PREPARABLE = ("maneuver", "pass", "end")


def preparable(state: GloryState, seat: int) -> tuple[str, ...]:
    return () if seat == state.turn or seat in state.passed else PREPARABLE


def as_if_turn(state: GloryState, seat: int) -> GloryState:
    """The state with `seat` starting its turn: no maneuver made yet."""
    return dataclasses.replace(state, turn=seat, maneuvers=0)


def depends(state: GloryState, seat: int, action: Action) -> Footprint:
    if not isinstance(action, Maneuver):
        return Footprint()
    plan = planned(state, seat, action)
    pieces = (plan.start, *(s.hex for s in plan.stops if s.pick))
    return Footprint(places=plan.path, pieces=tuple(f"{seat}@{h}" for h in dict.fromkeys(pieces)))


def _army(army: Army | None) -> Hashable:
    if army is None:
        return None
    return tuple(sorted(army.units.items())), tuple(sorted(army.packed.items())), army.cubes


def snapshot(state: GloryState, footprint: Footprint) -> dict[str, Hashable]:
    """Per hex: the armies on it (but those moved, kept apart), its structure, its relic, its
    terrain; per army moved, its units (so a change to it is said once)."""
    found: dict[str, Hashable] = {}
    moved = set(footprint.pieces)
    for hex_ in footprint.places:
        armies = tuple((s, _army(p.armies[hex_])) for s, p in enumerate(state.players)
                       if hex_ in p.armies and f"{s}@{hex_}" not in moved)
        built = state.structures.get(hex_)
        found[f"place:{hex_}"] = (armies, built and (built.kind, built.owner), state.relics.get(hex_),
                                  terrain_at(state, hex_))
    for piece in footprint.pieces:
        seat, hex_ = piece.split("@", 1)
        found[f"piece:{piece}"] = _army(state.players[int(seat)].armies.get(hex_))
    return found


def _units(state: GloryState, army: Hashable) -> str:
    assert isinstance(army, tuple)
    units = units_text(state.board, dict(army[0]))
    return Plural("{units}, {n} depletion cube", "{units}, {n} depletion cubes", army[2], units=units) if army[2] \
        else units


def change_text(state: GloryState, key: str, was: Hashable, now: Hashable) -> str:
    """"Blue's army moved into E5 on your path"; "Red's army at D5 now: 2 archers"."""
    kind, name = key.split(":", 1)
    if kind == "piece":
        seat, hex_ = name.split("@", 1)
        whose = colour(state, int(seat))
        return Msg("{name}'s army at {hex} is gone", name=whose, hex=hex_) if now is None else \
            Msg("{name}'s army at {hex} changed: now {units}", name=whose, hex=hex_, units=_units(state, now))
    assert isinstance(was, tuple) and isinstance(now, tuple)
    before, after = dict(was[0]), dict(now[0])
    lines = []
    for seat in dict.fromkeys([*before, *after]):
        whose = colour(state, seat)
        if seat not in before:
            lines.append(Msg("{name}'s army moved into {hex} on your path", name=whose, hex=name))
        elif seat not in after:
            lines.append(Msg("{name}'s army left {hex} on your path", name=whose, hex=name))
        elif before[seat] != after[seat]:
            lines.append(Msg("{name}'s army at {hex} on your path changed: now {units}", name=whose, hex=name,
                             units=_units(state, after[seat])))
    what = (Msg("the city or castle at {hex} on your path changed", hex=name),
            Msg("the relic at {hex} on your path changed", hex=name),
            Msg("the terrain at {hex} on your path changed", hex=name))
    lines += [said for said, a, b in zip(what, was[1:], now[1:], strict=True) if a != b]
    return joined(lines, "; ") if lines else Msg("{hex} on your path changed", hex=name)
