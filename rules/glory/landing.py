"""Carrying out a checked maneuver (split, pick up, drop, land, merge, deplete: G-M4–G-M7), the
army that stays after a failed exploration (G-E3), and what a landed army can attack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import hexes
from rules.frozen import FrozenDict
from rules.glory.state import (
    MAX_UNITS,
    Army,
    GloryState,
    LastManeuver,
    Plan,
    army_text,
    changed,
    colour,
    is_water,
    join_armies,
    split_army,
    structure_text,
    terrain,
    units_text,
)
from rules.messages import Msg, Plural, capitalised, listed


def describe(state: GloryState, p: Plan, exploring: bool = False) -> str:
    """ "Red maneuvered 2 cavalrymen D4→E4→F5 (2 of 3 movement points)"; `exploring`: "Red
    maneuvered toward an unexplored province: …"."""
    board = state.board
    who = colour(state, p.seat)
    group = units_text(board, p.group)
    if p.march:
        group = Msg("{units} marching", units=group)
    packing = {"pack": Msg(", packing"), "unpack": Msg(", unpacking")}.get(p.pack, "")
    if len(p.path) == 1:
        return Msg("{name} maneuvered {units} at {hex} without moving{packing}", name=who, units=group, hex=p.start,
                   packing=packing)
    said = {"name": who, "units": group, "path": "→".join(p.path), "cost": p.cost, "budget": p.budget,
            "packing": packing}
    if exploring:
        return Msg("{name} maneuvered toward an unexplored province: {units} {path} ({cost} of {budget} movement "
                   "points{packing})", **said)
    return Msg("{name} maneuvered {units} {path} ({cost} of {budget} movement points{packing})", **said)


def paid(moved: str, left: int | None) -> str:
    """A maneuver's line with what it cost: `left` action cubes after paying one, None when free."""
    return moved if left is None else Msg("{moved} (paid 1 action cube, {n} left)", moved=moved, n=left)


def cubes_for(p: Plan) -> int:
    return 2 if p.march else 1


def oversized(state: GloryState, p: Plan) -> str:
    """Why the plan would leave an army with more than MAX_UNITS of a unit (after picking up, a
    drop joining an army, or the group merging at its end), or ""."""
    board = state.board
    armies = state.players[p.seat].armies
    group = dict(p.group)
    found: list[tuple[str, str, int]] = []
    for stop in p.stops:
        for unit, n in stop.pick.items():
            group[unit] = group.get(unit, 0) + n
        found += [(stop.hex, u, n) for u, n in group.items() if n > MAX_UNITS]
        there = armies.get(stop.hex)
        for unit, n in stop.drop.items():
            group[unit] -= n
            found += [(stop.hex, unit, n + there.units.get(unit, 0))] if there else []
    there = armies.get(p.end) if p.end != p.start else None
    found += [(p.end, u, n + (there.units.get(u, 0) if there else 0)) for u, n in group.items() if n]
    hex_, unit, n = next(((h, u, n) for h, u, n in found if n > MAX_UNITS), ("", "", 0))
    if not n:
        return ""
    return Msg("an army holds at most {most} {units}, and this would put {n} at {hex}", most=MAX_UNITS,
               units=board.unit_types[unit].said, n=n, hex=hex_)


def carry_out(state: GloryState, p: Plan, player: Mapping[str, Any] = FrozenDict(),
              **fields: Any) -> tuple[GloryState, list[str]]:
    """Move the units of a checked plan: split, pick up, drop, land, merge, deplete (G-M4–G-M7).
    Returns the state after (with the moving player's changes `player` and the state's `fields`
    made too: one new state) and a phrase per drop, pick-up and merge."""
    board = state.board
    armies = dict(state.players[p.seat].armies)
    cubes = cubes_for(p)
    rest, group = split_army(board, armies[p.start], p.group)
    if rest is None:
        del armies[p.start]
    else:
        armies[p.start] = rest
    if p.pack == "pack":
        group = Army(group.units, _all_packed(state, group.units), 0)
    phrases: list[str] = []
    for stop in p.stops:
        if stop.pick:
            left, picked = split_army(board, armies[stop.hex], stop.pick)
            if left is None:
                del armies[stop.hex]
            else:
                armies[stop.hex] = left
            group = join_armies(group, picked, 0)
            phrases.append(Msg("picked up {units} at {hex}", units=units_text(board, stop.pick), hex=stop.hex))
        if stop.drop:
            kept, dropped = split_army(board, group, stop.drop)
            assert kept is not None
            group = kept
            there = armies.get(stop.hex)
            armies[stop.hex] = join_armies(there, dropped, max(cubes, there.cubes if there else 0))
            said = {"units": units_text(board, stop.drop), "hex": stop.hex}
            phrases.append(Msg("dropped {units} at {hex} (joining the army there), depleted", **said) if there else
                           Msg("dropped {units} at {hex}, depleted", **said))
    if p.pack == "unpack":
        group = Army(group.units, FrozenDict(), 0)
    there = armies.get(p.end)
    armies[p.end] = join_armies(there, group, max(cubes, there.cubes if there else 0))
    if there is not None:
        phrases.append(Msg("merged with the army at {hex}: {units}", hex=p.end,
                           units=units_text(board, armies[p.end].units)))
    phrases.append(Msg("the army at {hex} is depleted (marched: strength −1 until the round ends)", hex=p.end)
                   if p.march else Msg("the army at {hex} is depleted", hex=p.end))
    last = LastManeuver(p.seat, p.path, tuple(s.hex for s in p.stops if s.drop),
                        tuple(s.hex for s in p.stops if s.pick))
    state = changed(state, p.seat, {**player, "armies": FrozenDict(armies)}, last=last, **fields)
    return state, [capitalised(phrase) for phrase in phrases]


def stay(state: GloryState, p: Plan) -> tuple[GloryState, str]:
    """G-E3: the army could not move onto the claimed hex; it stays where it started and is
    depleted (the whole army on that hex: one hex, one army)."""
    armies = state.players[p.seat].armies
    army = armies[p.start]
    depleted = Army(army.units, army.packed, max(army.cubes, cubes_for(p)))
    state = changed(state, p.seat, {"armies": armies.with_item(p.start, depleted)},
                    last=LastManeuver(p.seat, p.path, stayed=True))
    return state, Msg("The army stays at {hex}, depleted", hex=p.start)


def _all_packed(state: GloryState, units: dict[str, int]) -> FrozenDict[str, int]:
    types = state.board.unit_types
    return FrozenDict({name: n for name, n in units.items() if types[name].packing})


# --- attack ranges ---------------------------------------------------------------------------


def in_range(state: GloryState, seat: int, at: str, army: Army) -> list[tuple[int, str, str]]:
    """Other players' units and structures within attack range of `army` standing on `at`: (distance,
    hex, what is there and which unit types reach it), nearest first. Packed units do not attack;
    melee units cannot attack a target on water."""
    board = state.board
    origin = board.axial(at)
    attackers = []
    for unit in board.units:
        n = army.units.get(unit.name, 0)
        if not n or unit.attack is None or (unit.packing and n <= army.packed.get(unit.name, 0)):
            continue
        attackers.append(unit)
    if not attackers:
        return []
    reach = max(u.attack.max for u in attackers if u.attack)
    cells = terrain(state)
    found = []
    targets: dict[str, list[str]] = {}
    for s, player in enumerate(state.players):
        if s == seat:
            continue
        for name, enemy in player.armies.items():
            if hexes.distance(origin, board.axial(name)) <= reach:
                targets.setdefault(name, []).append(Msg("{name}'s {piece}", name=colour(state, s),
                                                        piece=army_text(board, enemy)))
    for name, structure in state.structures.items():
        if structure.owner != seat and hexes.distance(origin, board.axial(name)) <= reach:
            targets.setdefault(name, []).append(Msg("{name}'s {piece}", name=colour(state, structure.owner),
                                                    piece=structure_text(structure)))
    for name, what in targets.items():
        d = hexes.distance(origin, board.axial(name))
        water = is_water(cells[board.index[name]])
        by = [u.said for u in attackers if u.attack and u.attack.min <= d <= u.attack.max
              and not (u.attack.melee and water)]
        if by:
            away = Plural("{n} hex", "{n} hexes", d)
            found.append((d, name, Msg("{what} at {hex} ({away} away; in range of {units})", what=listed(what),
                                       hex=name, away=away, units=listed(by))))
    return sorted(found)


def reach_report(state: GloryState, seat: int, at: str) -> list[str]:
    """The lines a maneuver's result ends with: what the army on `at` can attack."""
    army = state.players[seat].armies.get(at)
    if army is None:
        return []
    found = in_range(state, seat, at, army)
    if not found:
        return [Msg("No enemy units or structures within attack range of {hex}", hex=at)]
    return [Msg("Within attack range of {hex}: {what}", hex=at, what=text) for _, _, text in found]
