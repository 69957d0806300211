"""The tiles a result is about (`Game.places`), named "<colour>:<x>,<y>" (a tile of that clan's
territory): the walks just revealed, each tile each journeyman that went anywhere passed, in turn
order; else the tiles the change placed, turned or built a road on, or the journeyman's new tile."""

from __future__ import annotations

from rules.skye.state import PlayerState, SkyeState


def place(state: SkyeState, seat: int, pos: tuple[int, int]) -> str:
    """A tile of `seat`'s territory as a place."""
    return f"{state.seats[seat].colour}:{pos[0]},{pos[1]}"


def places(before: SkyeState, after: SkyeState) -> tuple[str, ...]:
    """The tiles the change from `before` to `after` is about (see the module doc)."""
    if after.walks and after.walks != before.walks:
        walked = [w for w in after.walks if len(w.path) > 1 or w.collected or w.dropped]
        return tuple(dict.fromkeys(place(after, w.seat, p) for w in walked for p in w.path))
    out: list[str] = []
    for seat, (was, now) in enumerate(zip(before.players, after.players)):
        old, new = _tiles(was), _tiles(now)
        out += [place(after, seat, p) for p in sorted(old.keys() | new.keys()) if old.get(p) != new.get(p)]
        if now.journeyman != was.journeyman:
            out.append(place(after, seat, now.journeyman))
    return tuple(dict.fromkeys(out))


def _tiles(player: PlayerState) -> dict[tuple[int, int], tuple[object, ...]]:
    """What lies on each tile of a territory: the tile and its turn, and the roads across its sides."""
    out: dict[tuple[int, int], tuple[object, ...]] = {(p.x, p.y): (p.tile, p.rotation) for p in player.territory}
    for road in player.roads:
        out[(road.x, road.y)] = (*out.get((road.x, road.y), ()), road.side)
    return out
