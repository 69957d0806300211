"""`check_state`: the invariants every state must keep, for imports and tests."""

from __future__ import annotations

from itertools import chain

from rules.checks import Problems, table_problems
from rules.errors import InvalidData
from rules.vikings.board_load import MAX_PLAYERS, MIN_PLAYERS, validate
from rules.vikings.settings import SETTINGS
from rules.vikings.state import (
    BOATS,
    DEDICATIONS,
    ERAS,
    RESOURCE_MAX,
    RESOURCES,
    SETTLERS,
    TEMPLES,
    VikingsState,
    is_aside,
)


def check_state(state: VikingsState, colours: tuple[str, ...]) -> None:
    """Raise InvalidData naming the first broken invariant ("state.players[1].food: 9 is above 7")."""
    validate(state.board, "state.board")
    checks = (_table(state, colours), _players(state), _boats(state), _board_state(state), _turn(state))
    for field, problem in chain(*checks):
        raise InvalidData(f"state.{field}: {problem}")


def _table(state: VikingsState, colours: tuple[str, ...]) -> Problems:
    board = state.board
    yield from table_problems(state.seats, max(MIN_PLAYERS, board.min_players), min(MAX_PLAYERS, board.max_players),
                              colours, state.settings, SETTINGS, len(state.players))


def _players(state: VikingsState) -> Problems:
    islands = [i.name for i in state.board.islands]
    for p, player in enumerate(state.players):
        where = f"players[{p}]"
        for name in RESOURCES:
            value = getattr(player, name)
            if not 0 <= value <= RESOURCE_MAX:
                yield f"{where}.{name}", f"{value} is outside 0–{RESOURCE_MAX}"
        if player.raided < 0:
            yield f"{where}.raided", f"{player.raided} is negative"
        for pieces, total in (("settlers", SETTLERS), ("temples", TEMPLES)):
            counts: dict[str, int] = getattr(player, pieces)
            mat = getattr(player, f"mat_{pieces}")
            if sorted(counts) != sorted(islands):
                yield f"{where}.{pieces}", f"must list exactly the islands {', '.join(islands)}"
            negative = [f"{i} {n}" for i, n in counts.items() if n < 0]
            if negative or mat < 0:
                yield f"{where}.{pieces}", f"negative count ({', '.join(negative) or f'mat {mat}'})"
            if sum(counts.values()) + mat != total:
                yield f"{where}.{pieces}", f"{sum(counts.values())} on islands + {mat} on the mat is not {total}"


def _boats(state: VikingsState) -> Problems:
    board = state.board
    docked: dict[str, str] = {}
    for p, player in enumerate(state.players):
        if sorted(player.boats) != list(range(1, BOATS + 1)):
            yield f"players[{p}].boats", f"boats must be numbered 1 to {BOATS}"
        for boat, space in player.boats.items():
            field = f"players[{p}].boats.{boat}"
            if space is None:
                continue
            kind = board.kind(space)
            if kind not in ("dock", "fjord"):
                yield field, f"{space!r} is not a dock or fjord of the map"
            elif kind == "dock" and not is_aside(state, p, boat):
                if space in docked:
                    yield field, f"dock {space} also holds {docked[space]}"
                docked[space] = f"seat {p} boat {boat}"
    for i, bump in enumerate(state.pending):
        field = f"pending[{i}]"
        if bump.seat not in range(len(state.players)) or bump.boat not in range(1, BOATS + 1):
            yield field, f"no boat {bump.boat} of seat {bump.seat}"
        elif state.players[bump.seat].boats[bump.boat] != bump.dock:
            yield field, f"the bumped boat is not at {bump.dock}"
        elif bump.options != board.fjords_next_to(bump.dock):
            yield f"{field}.options", f"must be the fjords next to {bump.dock}"
        elif (bump.seat, bump.boat) in [(b.seat, b.boat) for b in state.pending[:i]]:
            yield field, "the same boat is waiting twice"


def _board_state(state: VikingsState) -> Problems:
    board = state.board
    if not state.villages <= board.village_docks:
        yield "villages", f"{', '.join(sorted(state.villages - board.village_docks))} has no village space"
    if sorted(state.runes) != sorted(i.name for i in board.islands):
        yield "runes", "must list exactly the map's islands"
    for island, holder in state.runes.items():
        if holder is not None and holder not in range(len(state.seats)):
            yield f"runes.{island}", f"no seat {holder}"
    if sorted(state.fury) != sorted(board.gods):
        yield "fury", "must list exactly the map's gods"
    for god, total in state.fury.items():
        if total < 0:
            yield f"fury.{god}", f"{total} is negative"
    if sorted(state.dedications) != sorted(DEDICATIONS):
        yield "dedications", f"must list exactly {', '.join(DEDICATIONS)}"
    for name, used in state.dedications.items():
        if not 0 <= used <= len(state.seats):
            yield f"dedications.{name}", f"{used} is outside 0–{len(state.seats)}"
    last = state.last_sail
    if last is not None:
        if last.seat not in range(len(state.seats)) or last.boat not in range(1, BOATS + 1):
            yield "last_sail", f"no boat {last.boat} of seat {last.seat}"
        steps = zip(last.path, last.path[1:], strict=False)
        water = all(board.kind(space) in ("dock", "fjord") for space in last.path)
        if not (last.path and water) or any(b not in board.neighbours[a] for a, b in steps):
            yield "last_sail.path", "is not a path of moves on the map"


def _turn(state: VikingsState) -> Problems:
    if state.era not in range(1, ERAS + 1):
        yield "era", f"{state.era} is outside 1–{ERAS}"
    if state.turn not in range(len(state.seats)):
        yield "turn", f"no seat {state.turn}"
    if not 0 <= state.sails <= int(state.settings["sails_per_turn"]):
        yield "sails", f"{state.sails} is outside 0 to the sails allowed per turn"
    if state.placing:
        for p, player in enumerate(state.players):
            launched = sum(space is not None for space in player.boats.values())
            if launched != int(p > state.turn):
                yield f"players[{p}].boats", "during setup, only seats after the one placing have a boat out"
