"""Moving one boat: route checks (V-S1–V-S3), reachability, and bumps on entering docks (V-S4)."""

from __future__ import annotations

from typing import Any

from rules.errors import BadInput, IllegalMove
from rules.frozen import evolved
from rules.messages import Msg, listed
from rules.vikings.state import Bump, VikingsState, boat_label, colour, is_aside, known_boat, occupant, with_boat

STRENGTHS = (1, 2, 3)


def path_text(path: tuple[str, ...]) -> str:
    """A path as players read it: "A1→F1→F2"."""
    return "→".join(path)


def sailing_start(state: VikingsState, seat: int, boat: int) -> str:
    """Where `seat`'s boat starts a sail; refuses a boat number, a boat in harbour or aside."""
    space = state.players[seat].boats[known_boat(boat)]
    if space is None:
        raise IllegalMove(Msg("Your boat {boat} is not on the board (it is in harbour). When the game gives you a "
                              "boat, launch it onto an empty dock with adjust boat (boat {boat}, space: the dock); "
                              "then it sails.", boat=boat))
    for bump in state.pending:
        if (bump.seat, bump.boat) == (seat, boat):
            options = " or ".join(bump.options)
            raise IllegalMove(Msg("Your boat {boat} was bumped from {dock}; choose its fjord first ({options}).",
                                  boat=boat, dock=bump.dock, options=options))
    return space


def check_route(state: VikingsState, seat: int, boat: int, route: tuple[str, ...], strength: int) -> str:
    """Refuse a sail that breaks V-S1–V-S3, naming the bad step; return the boat's start."""
    if strength not in STRENGTHS:
        raise BadInput(Msg("A sail is x1, x2 or x3, not x{strength}.", strength=strength))
    start = here = sailing_start(state, seat, boat)
    board = state.board
    if len(route) > 1 and route[0] == start:
        raise IllegalMove(Msg("Leave out {start}, where boat {boat} starts: name the spaces after it ({route}).",
                              start=start, boat=boat, route=" ".join(route[1:])))
    for step in route:
        kind = board.kind(step)
        if kind is None:
            raise BadInput(Msg("There is no space {space} on this map.", space=repr(step)))
        if kind == "island":
            raise IllegalMove(Msg("{space} is an island; boats sail only on fjords and docks.", space=step))
        if step not in board.neighbours[here]:
            if board.is_ferry(here, step):
                raise IllegalMove(Msg("{one}–{other} is a ferry route; boats never sail on ferry routes.", one=here,
                                      other=step))
            if len(route) == 1:
                raise IllegalMove(_far(state, seat, boat, start, step, strength))
            raise IllegalMove(Msg("{space} is not next to {here}.", space=step, here=here))
        if kind == "dock":
            held = occupant(state, step, ignore=(seat, boat))
            if held is not None and held[0] == seat:
                raise IllegalMove(Msg("Your boat {boat} is at {dock}; a dock holds only one boat.", boat=held[1],
                                      dock=step))
        here = step
    if len(route) > strength:
        target = route[-1]
        best = _search(state, seat, boat, len(route))[target]
        if len(best) > strength:
            raise IllegalMove(Msg("Boat {boat} must move {n} times to reach {target} but the sail is x{strength}.",
                                  boat=boat, n=len(best), target=target, strength=strength))
        raise IllegalMove(Msg("This route makes {moves} moves but the sail is x{strength}; boat {boat} reaches "
                              "{target} in {n}: {path}.", moves=len(route), strength=strength, boat=boat, target=target,
                              n=len(best), path=path_text((start, *best))))
    return start


def _far(state: VikingsState, seat: int, boat: int, start: str, end: str, strength: int) -> str:
    """Why a lone space that is not next to the boat is no route: how far it is, and how to get there."""
    best = _search(state, seat, boat, len(state.board.kinds)).get(end)
    if best is None:
        return Msg("Boat {boat} cannot reach {end} from {start} by water.", boat=boat, end=end, start=start)
    path = path_text((start, *best))
    if len(best) > strength:
        return Msg("{end} is {n} moves from {start} ({path}); the sail is x{strength}.", end=end, n=len(best),
                   start=start, path=path, strength=strength)
    return Msg("{end} is {n} moves from {start} ({path}): give the route, e.g. {route}.", end=end, n=len(best),
               start=start, path=path, route=" ".join(best))


def reach(state: VikingsState, seat: int, boat: int, strength: int) -> dict[str, tuple[str, ...]]:
    """Every space `seat`'s `boat` can end a sail of `strength` moves on, each with a shortest
    route (the spaces after the start), preferring routes that bump nobody on the way. A boat may
    end where it started after going out and back (two moves)."""
    sailing_start(state, seat, boat)
    return _search(state, seat, boat, strength)


def _search(state: VikingsState, seat: int, boat: int, limit: int) -> dict[str, tuple[str, ...]]:
    """Breadth-first search over water, layer by layer, keeping the fewest pass-through bumps."""
    board = state.board
    start = state.players[seat].boats[boat]
    assert start is not None
    own: set[str] = set()
    others: set[str] = set()
    for s, player in enumerate(state.players):
        for b, space in player.boats.items():
            if space is None or board.kind(space) != "dock" or (s, b) == (seat, boat) or is_aside(state, s, b):
                continue
            (own if s == seat else others).add(space)
    parent: dict[str, str] = {}
    bumps = {start: 0}
    frontier = [start]
    for _ in range(limit):
        if not frontier:
            break
        layer: dict[str, int] = {}
        for here in frontier:
            cost = bumps[here] + (here in others and here != start)
            for there in board.neighbours[here]:
                if there in bumps or there in own:
                    continue
                if there not in layer or cost < layer[there]:
                    layer[there] = cost
                    parent[there] = here
        bumps.update(layer)
        frontier = list(layer)
    routes = {space: _path(parent, space, start) for space in parent}
    firsts = [n for n in board.neighbours[start] if n in parent and parent[n] == start]
    if limit >= 2 and firsts:
        routes[start] = (min(firsts, key=lambda n: n in others), start)
    return routes


def _path(parent: dict[str, str], space: str, start: str) -> tuple[str, ...]:
    path = [space]
    while (space := parent[space]) != start:
        path.append(space)
    return tuple(reversed(path))


def move(state: VikingsState, seat: int, boat: int, route: tuple[str, ...],
         **fields: Any) -> tuple[VikingsState, list[str]]:
    """The state with the boat moved along a checked `route`, bumping other players' boats on every
    dock it enters, passed through or not (V-S4), and its own `fields` changed; a phrase per bump."""
    bumps = []
    for step in route:
        if state.board.kind(step) == "dock":
            held = occupant(state, step, ignore=(seat, boat))
            if held is not None:
                state, bumped = _bump(state, *held, step)
                bumps.append(bumped)
    moved = with_boat(state, seat, boat, route[-1], **fields) if route else evolved(state, **fields)
    return moved, bumps


def _bump(state: VikingsState, seat: int, boat: int, dock: str) -> tuple[VikingsState, str]:
    """Move a bumped boat to the only fjord next to `dock`, or set it aside for its owner."""
    options = state.board.fjords_next_to(dock)
    label = boat_label(state, seat, boat)
    if len(options) == 1:
        return with_boat(state, seat, boat, options[0]), Msg("bumped {boat} to {fjord}", boat=label, fjord=options[0])
    aside = Bump(seat=seat, boat=boat, dock=dock, options=options)
    return (evolved(state, pending=(*state.pending, aside)),
            Msg("bumped {boat} ({name} chooses {fjords})", boat=label, name=colour(state, seat),
                fjords=listed(options, "or")))
