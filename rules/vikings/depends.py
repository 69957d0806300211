"""Prepared turns (issue 30): what a Viking may prepare while another clan plays (the turn's
sails and its end), what each depends on, and how a change to it is told.

A sail depends on its boat (where it is) and on every space of its route, the start included:
the boats on each and, at a dock, its village (a raid's target). Ending the turn depends on nothing.
"""

from __future__ import annotations

from collections.abc import Hashable

from rules.core import Action, Footprint
from rules.frozen import evolved
from rules.messages import Msg, joined
from rules.vikings.actions import Sail
from rules.vikings.state import VikingsState, boat_label

PREPARABLE = ("sail", "end")


def preparable(state: VikingsState, seat: int) -> tuple[str, ...]:
    """The turn's sails and its end, for a seat not on turn once setup is over (a bumped boat's
    owner answers first)."""
    if state.placing or state.turn == seat or any(b.seat == seat for b in state.pending):
        return ()
    return PREPARABLE


def as_if_turn(state: VikingsState, seat: int) -> VikingsState:
    """The state with `seat` starting its turn: no sail or dedication made yet."""
    return evolved(state, turn=seat, sails=0, dedicated=False)


def depends(state: VikingsState, seat: int, action: Action) -> Footprint:
    if not isinstance(action, Sail):
        return Footprint()
    start = state.players[seat].boats.get(action.boat)
    route = tuple(dict.fromkeys(((start,) if start else ()) + tuple(action.route)))
    return Footprint(places=route, pieces=(f"{seat}/{action.boat}",))


def snapshot(state: VikingsState, footprint: Footprint) -> dict[str, Hashable]:
    """Per place, the boats on it (seat, number; but those sailing, kept apart) and whether it holds
    a village; per boat sailing, its space (so its move is said once)."""
    found: dict[str, Hashable] = {}
    moved = set(footprint.pieces)
    for place in footprint.places:
        boats = tuple(sorted((s, n) for s, p in enumerate(state.players) for n, at in p.boats.items()
                             if at == place and f"{s}/{n}" not in moved))
        found[f"place:{place}"] = (boats, place in state.villages)
    for piece in footprint.pieces:
        seat, boat = (int(part) for part in piece.split("/"))
        found[f"piece:{piece}"] = state.players[seat].boats.get(boat)
    return found


def change_text(state: VikingsState, key: str, was: Hashable, now: Hashable) -> str:
    """"Yellow boat 2 moved into F4 on your route"; "Red boat 1 moved from A1 to F1"."""
    kind, name = key.split(":", 1)
    if kind == "piece":
        seat, boat = (int(part) for part in name.split("/"))
        return Msg("{boat} moved from {was} to {now}", boat=boat_label(state, seat, boat), was=was or _HARBOUR,
                   now=now or _HARBOUR)
    assert isinstance(was, tuple) and isinstance(now, tuple)
    (before, village_before), (after, village_after) = was, now
    lines = [Msg("{boat} moved into {space} on your route", boat=boat_label(state, *b), space=name)
             for b in after if b not in before]
    lines += [Msg("{boat} left {space} on your route", boat=boat_label(state, *b), space=name)
              for b in before if b not in after]
    if village_before != village_after:
        lines.append(Msg("the village at {dock} was raided", dock=name) if village_before else
                     Msg("the village at {dock} was put back", dock=name))
    return joined(lines, "; ") if lines else Msg("{space} on your route changed", space=name)


_HARBOUR = Msg("harbour")
