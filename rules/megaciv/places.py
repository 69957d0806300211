"""The areas a result is about (`Game.places`), most important first: the conflict situations a
phase-end report names, else every area whose pieces changed (tokens, cities, ships, barbarians,
pirates, out of play) in the order the mover passed them."""

from __future__ import annotations

from collections.abc import Hashable

from rules.megaciv.report import report
from rules.megaciv.state import MegaState


def places(before: MegaState, after: MegaState) -> tuple[str, ...]:
    """The areas the change from `before` to `after` is about (see the module doc)."""
    if before.moving and not after.moving:
        conflicts = tuple(c.area for c in report(after).conflicts)
        if conflicts:
            return conflicts
    was, now = _pieces(before), _pieces(after)
    changed = {a for a in was.keys() | now.keys() if was.get(a) != now.get(a)}
    walked = [a for p, q in zip(before.players, after.players) if p.steps != q.steps
              for s in q.steps[-1:] for a in s.path if a in changed]
    return tuple(dict.fromkeys([*walked, *sorted(changed, key=after.board.area_index.__getitem__)]))


def _pieces(state: MegaState) -> dict[str, tuple[Hashable, ...]]:
    """What stands in each area that holds anything: every seat's tokens, city and ships there,
    the barbarians, a pirate city, whether it is out of play."""
    areas: dict[str, list[Hashable]] = {}
    for seat, p in enumerate(state.players):
        for area, n in p.tokens.items():
            areas.setdefault(area, []).append(("tokens", seat, n))
        for area in p.cities:
            areas.setdefault(area, []).append(("city", seat))
        for i, ship in enumerate(p.ships):
            if ship.area is not None:
                areas.setdefault(ship.area, []).append(("ship", seat, i))
    for area, n in state.barbarians.items():
        areas.setdefault(area, []).append(("barbarians", n))
    for area in state.pirates:
        areas.setdefault(area, []).append(("pirate",))
    for area in state.out_of_play:
        areas.setdefault(area, []).append(("out",))
    return {a: tuple(sorted(v, key=repr)) for a, v in areas.items()}
