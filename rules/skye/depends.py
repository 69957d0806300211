"""Prepared turns (issue 30): in the buying phase a player not yet on turn may prepare their buy,
or their pass. A buy depends on the tile still being offered at its price; with `else_pass`
("this tile if still there, else pass") it falls back to passing."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

from rules.core import Action, Footprint
from rules.skye.actions import Buy
from rules.skye.state import SkyeState, name

PREPARABLE = ("buy",)


def preparable(state: SkyeState, seat: int) -> tuple[str, ...]:
    """A buy (or a pass) for a seat still to buy, not first in line."""
    return PREPARABLE if state.stage == "buy" and seat in state.queue[1:] and seat not in state.queue[:1] else ()


def as_if_turn(state: SkyeState, seat: int) -> SkyeState:
    """The state with `seat` first in the buying queue; the other seats' open questions (a seller's
    Warrior advance) are answered before then and do not hold it."""
    queue = list(state.queue)
    queue.remove(seat)
    return dataclasses.replace(state, queue=(seat, *queue), pending=tuple(p for p in state.pending if p.seat == seat))


def depends(state: SkyeState, seat: int, action: Action) -> Footprint:
    if not isinstance(action, Buy) or not action.tile.strip():
        return Footprint()
    key = action.tile.strip().lower()
    tile = next((o.tile for o in state.offers if o.tile.lower() == key), action.tile.strip())
    return Footprint(others=(tile,))


def snapshot(state: SkyeState, footprint: Footprint) -> dict[str, Hashable]:
    """Per tile, its offer (owner and price), or None once it is no longer offered."""
    offers = {o.tile: (o.owner, o.price) for o in state.offers}
    return {f"offer:{tile}": offers.get(tile) for tile in footprint.others}


def change_text(state: SkyeState, key: str, was: Hashable, now: Hashable) -> str:
    tile = key.split(":", 1)[1]
    if now is None:
        buyer = next((s for s, p in enumerate(state.players) if tile in p.to_place), None)
        return f"{tile} is no longer offered" + (f": {name(state, buyer)} bought it" if buyer is not None else "")
    assert isinstance(was, tuple) and isinstance(now, tuple)
    if was[0] == now[0]:
        return f"{tile} is now offered at {now[1]} gold (it was {was[1]})"
    return f"the offer of {tile} changed"


def fallback() -> Action:
    """Passing: "this tile if still there, else pass"."""
    return Buy("")
