"""Adjustments: the table's bookkeeping, at any time. Players adjust their own things, the host
anyone's; every change is said publicly with its value before and after.

An adjustment that touches what a sealed move was checked against withdraws it, whatever the
move holds (the bot must not say whether it still fits): gold while sealed prices wait; gold,
markers, a track or the journeyman while a sealed plan waits (not VP, nor roads in hand). The
player seals again.
Markers moved by adjust take no bonus tile and score no VP.
"""

from __future__ import annotations

from typing import Any

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove, NotAllowed
from rules.guards import seated
from rules.messages import Msg
from rules.skye.actions import LIMITS, WHATS, Adjust
from rules.skye.model import TRACKS
from rules.skye.progress import side_of
from rules.skye.state import SkyeState, name, phase_number, with_player
from rules.text import owner

SEALED_ON = {"price": ("gold",), "plan": ("gold", "markers", *TRACKS, "journeyman")}  # what a seal was checked on


def adjust(state: SkyeState, actor: Actor, action: Adjust) -> Result[SkyeState]:
    seat = seated(actor)
    whose = seat if action.seat is None else action.seat
    if whose not in range(len(state.seats)):
        raise BadInput(Msg("There is no seat {seat} in this game (seats 0–{last}).", seat=whose,
                           last=len(state.seats) - 1))
    if whose != seat and not actor.host:
        raise NotAllowed(Msg("Only the host may adjust another player's things."))
    what = action.what.strip().lower()
    if what not in WHATS:
        raise BadInput(Msg("Adjust one of: {names}.", names=", ".join(WHATS)))
    player = state.players[whose]
    whose_ = owner(name(state, whose), whose == seat)
    if what == "journeyman":
        cell = (action.x, action.y)
        if not any((p.x, p.y) == cell for p in player.territory):
            raise IllegalMove(Msg("{name} has no tile at {x},{y}.", name=name(state, whose), x=action.x, y=action.y))
        was = player.journeyman
        if was == cell:
            raise IllegalMove(Msg("{name}'s journeyman is already at {x},{y}.", name=name(state, whose), x=cell[0],
                                  y=cell[1]))
        change = Msg("{owner} journeyman {x0},{y0} → {x},{y}", owner=whose_, x0=was[0], y0=was[1], x=cell[0],
                     y=cell[1])
        return _changed(state, seat, whose, what, change, {"journeyman": cell})
    value = action.value
    if what in TRACKS:
        top = len(side_of(state).tracks[0].spaces)
        low, high = 0, top
    else:
        low, high = LIMITS[what]
    if not low <= value <= high:
        raise BadInput(Msg("{what} is between {low} and {high}, not {value}.", what=what.capitalize(), low=low,
                           high=high, value=value))
    if what in TRACKS:
        i = TRACKS.index(what)
        before = player.tracks[i]
        tracks, best = list(player.tracks), list(player.best)
        tracks[i] = best[i] = value
        changes: dict[str, Any] = {"tracks": tuple(tracks), "best": tuple(best)}
    elif what == "roads":
        before = len(player.road_stock)
        kept = player.road_stock[:value]
        changes = {"road_stock": kept + (phase_number(state) - 1,) * (value - len(kept))}
    else:
        before = getattr(player, what)
        changes = {what: value}
    if before == value:
        raise IllegalMove(Msg("{name}'s {what} is already {value}.", name=name(state, whose), what=what, value=value))
    return _changed(state, seat, whose, what, Msg("{owner} {what} {before} → {value}", owner=whose_, what=what,
                                                  before=before, value=value), changes)


def _changed(state: SkyeState, seat: int, whose: int, what: str, change: str,
             changes: dict[str, Any]) -> Result[SkyeState]:
    """Make the change, withdrawing a sealed move it touches (saying so, never what it held)."""
    player = state.players[whose]
    lines = [change]
    if what in SEALED_ON.get(state.stage, ()):
        if state.stage == "price" and player.pricing is not None and player.hand:
            changes.update(pricing=None, fingerprint="")
            lines.append(Msg("{name}'s sealed prices are withdrawn because their {what} changed; they price again.",
                             name=name(state, whose), what=what))
        if state.stage == "plan" and player.plan is not None:
            changes.update(plan=None, fingerprint="")
            lines.append(Msg("{name}'s sealed plan is withdrawn because their {what} changed; they plan again.",
                             name=name(state, whose), what=what))
    state = with_player(state, whose, **changes)
    return Result(state, Msg("{name} adjusted {change}.", name=name(state, seat), change=change), tuple(lines),
                  board_changed=what != "markers")
