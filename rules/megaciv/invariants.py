"""`check_state`: the invariants every state must keep, for imports and tests."""

from __future__ import annotations

from itertools import chain

from rules.checks import Problems, table_problems
from rules.errors import InvalidData
from rules.megaciv.board import COLOURS, Board
from rules.megaciv.board_load import MAX_PLAYERS, MIN_PLAYERS, validate
from rules.megaciv.draft import base
from rules.megaciv.settings import SETTINGS
from rules.megaciv.state import CITIES, SHIPS, TOKENS, MegaState, Player

_checked: dict[int, Board] = {}  # boards already validated (by identity; boards are shared and immutable)


def check_state(state: MegaState) -> None:
    """Raise InvalidData naming the first broken invariant ("state.players[1].stock: -1 is negative")."""
    if _checked.get(id(state.board)) is not state.board:
        validate(state.board, "state.board")
        if len(_checked) > 32:
            _checked.clear()
        _checked[id(state.board)] = state.board
    checks = (_table(state), _players(state), _cities(state), _board_pieces(state), _phase(state))
    for field, problem in chain(*checks):
        raise InvalidData(f"state.{field}: {problem}")


def _table(state: MegaState) -> Problems:
    board = state.board.map
    yield from table_problems(state.seats, max(MIN_PLAYERS, board.min_players), min(MAX_PLAYERS, board.max_players),
                              COLOURS, state.settings, SETTINGS, len(state.players))
    for i, (seat, player) in enumerate(zip(state.seats, state.players)):
        civ = state.board.civ_by_colour.get(seat.colour)
        if civ is not None and player.civ != civ.name:
            yield f"players[{i}].civ", f"{player.civ!r} is not {civ.name}, the civilization of {seat.colour}"


def _players(state: MegaState) -> Problems:
    for i, player in enumerate(state.players):
        yield from _player(state, f"players[{i}]", player)
        if state.moving and player.steps and not player.declared:
            try:
                before = base(player)
            except (KeyError, TypeError, ValueError) as error:
                yield f"players[{i}].steps", f"cannot be undone ({error})"
                continue
            for problem in _player(state, f"players[{i}] before its draft", before):
                yield problem[0], f"the draft does not undo to a valid position: {problem[1]}"


def _player(state: MegaState, where: str, p: Player) -> Problems:
    board = state.board
    if p.stock < 0 or p.treasury < 0:
        yield where, f"stock {p.stock} and treasury {p.treasury} cannot be negative"
    for counter in ("tokens", "once", "done"):
        table: dict[str, int] = getattr(p, counter)
        for area, count in table.items():
            info = board.areas.get(area)
            if info is None or info.kind != "land":
                yield f"{where}.{counter}", f"{area!r} is not a land area of the map"
            elif count <= 0:
                yield f"{where}.{counter}.{area}", f"{count} must be positive (zero counts are left out)"
    for area in set(p.once) | set(p.done):
        if p.once.get(area, 0) + p.done.get(area, 0) > p.tokens.get(area, 0):
            yield f"{where}.tokens.{area}", "fewer tokens than have moved there"
    total = p.stock + p.treasury + p.census
    if total != TOKENS:
        yield where, f"stock {p.stock} + treasury {p.treasury} + board {p.census} is {total}, not {TOKENS}"
    if len(p.cities) > CITIES:
        yield f"{where}.cities", f"{len(p.cities)} cities; a player has {CITIES}"
    if len(p.ships) != SHIPS:
        yield f"{where}.ships", f"a player has exactly {SHIPS} ships"
    for j, ship in enumerate(p.ships):
        if ship.area is None:
            if ship.built or ship.maintained or ship.sailed:
                yield f"{where}.ships[{j}]", "a ship in stock was not built, maintained or sailed this turn"
        elif ship.area not in board.areas or not board.has_water(ship.area):
            yield f"{where}.ships[{j}].area", f"{ship.area!r} is not a coastal area or open sea"
    if not 0 <= p.builds <= board.advances.base.ships_per_turn:
        yield f"{where}.builds", f"{p.builds} is outside 0–{board.advances.base.ships_per_turn}"
    for advance in p.advances:
        if advance not in board.advance_by_name:
            yield f"{where}.advances", f"{advance!r} is not an advance of advances.json"
    if len(set(p.advances)) != len(p.advances):
        yield f"{where}.advances", "an advance is listed twice"
    if p.civ not in board.civ_by_name:
        yield f"{where}.civ", f"{p.civ!r} is not a civilization"


def _cities(state: MegaState) -> Problems:
    seen: dict[str, str] = {a: "a pirate city" for a in state.pirates}
    if len(seen) != len(state.pirates):
        yield "pirates", "an area is listed twice"
    for i, p in enumerate(state.players):
        for area in p.cities:
            info = state.board.areas.get(area)
            if info is None or info.kind != "land":
                yield f"players[{i}].cities", f"{area!r} is not a land area of the map"
            elif area in seen:
                yield f"players[{i}].cities", f"{area} already holds {seen[area]}"
            seen[area] = f"{p.civ}'s city"


def _board_pieces(state: MegaState) -> Problems:
    areas = state.board.areas
    for area, count in state.barbarians.items():
        if area not in areas or areas[area].kind != "land":
            yield "barbarians", f"{area!r} is not a land area of the map"
        elif count <= 0:
            yield f"barbarians.{area}", f"{count} must be positive"
    for area in state.pirates:
        if area not in areas or areas[area].kind != "land":
            yield "pirates", f"{area!r} is not a land area of the map"
    for area in state.out_of_play:
        if area not in areas:
            yield "out_of_play", f"{area!r} is not an area of the map"
    if len(set(state.out_of_play)) != len(state.out_of_play):
        yield "out_of_play", "an area is listed twice"


def _phase(state: MegaState) -> Problems:
    if state.turn < 1:
        yield "turn", f"{state.turn} must be at least 1"
    if state.moving:
        if sorted(state.order) != list(range(len(state.seats))):
            yield "order", "must list every seat once"
        if len(state.census) != len(state.seats):
            yield "census", "must give every seat's census"
        if all(p.declared for p in state.players):
            yield "moving", "everyone has declared, so the Movement phase is over"
    else:
        if state.together or state.insisted:
            yield "together", "only a Movement phase has everyone moving at once or someone insisting"
        for i, p in enumerate(state.players):
            if p.steps and not p.declared:
                yield f"players[{i}].steps", "a draft outside a Movement phase"
