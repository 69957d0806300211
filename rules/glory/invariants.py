"""`check_state`: the invariants every state must keep, for imports and tests."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from rules import hexes
from rules.checks import Problems, table_problems
from rules.errors import InvalidData
from rules.glory.board_load import MAX_PLAYERS, MIN_PLAYERS, validate
from rules.glory.settings import SETTINGS
from rules.glory.state import HIDDEN, MAX_CUBES, MAX_UNITS, ROW, Army, GloryState, is_water, relics_to_place, terrain


def check_state(state: GloryState, colours: tuple[str, ...]) -> None:
    """Raise InvalidData naming the first broken invariant ("state.players[1].armies.D4.cubes: 3 …")."""
    validate(state.board, "state.board")
    checks = (_table(state, colours), _hidden(state), _map(state), _armies(state), _structures(state),
              _relics(state), _events(state), _turn(state), _exploring(state))
    for field, problem in chain(*checks):
        raise InvalidData(f"state.{field}: {problem}")


def _table(state: GloryState, colours: tuple[str, ...]) -> Problems:
    board = state.board
    yield from table_problems(state.seats, max(MIN_PLAYERS, board.min_players), min(MAX_PLAYERS, board.max_players),
                              colours, state.settings, SETTINGS, len(state.players))
    for p, player in enumerate(state.players):
        for field, high in (("action_cubes", MAX_CUBES), ("action_cubes_per_round", MAX_CUBES),
                            ("voting_cubes", 50)):
            value = getattr(player, field)
            if not 0 <= value <= high:
                yield f"players[{p}].{field}", f"{value} is outside 0–{high}"


def _hidden(state: GloryState) -> Problems:
    """Each hidden pile holds known names, or only "?" (a player's view)."""
    board = state.board
    piles = (("province_deck", state.province_deck, board.tile_named),
             ("relic_bag", state.relic_bag, board.relic_named),
             ("event_deck", state.event_deck, board.event_named))
    for field, pile, known in piles:
        if all(x == HIDDEN for x in pile):
            continue
        for i, name in enumerate(pile):
            if name not in known:
                yield f"{field}[{i}]", f"{name!r} is not one of the board's"
        twice = [name for name, n in Counter(pile).items() if n > 1]
        if twice:
            yield field, f"{twice[0]!r} is in it twice"


def _map(state: GloryState) -> Problems:
    board = state.board
    down = {board.province_names[p] for p in board.face_down(len(state.seats))}
    used = [placed.tile for placed in state.explored.values()]
    if state.exploring is not None:
        used.append(state.exploring.tile)
    for centre, placed in state.explored.items():
        if centre not in down:
            yield f"explored.{centre}", "is not a province that starts face down"
        if placed.tile not in board.tile_named:
            yield f"explored.{centre}.tile", f"unknown tile {placed.tile!r}"
        if placed.rotation not in range(hexes.ROTATIONS):
            yield f"explored.{centre}.rotation", f"{placed.rotation} is outside 0–5"
    for name, n in Counter(used).items():
        if n > 1:
            yield "explored", f"tile {name!r} is placed twice"
    if all(x != HIDDEN for x in state.province_deck):
        overlap = set(used) & set(state.province_deck)
        if overlap:
            yield "province_deck", f"tile {sorted(overlap)[0]!r} is also on the map"
        if len(used) + len(state.province_deck) != len(board.tiles):
            yield "province_deck", f"{len(state.province_deck)} tiles left and {len(used)} placed: " \
                                   f"the board has {len(board.tiles)}"
    elif len(used) + len(state.province_deck) != len(board.tiles):
        yield "province_deck", "the hidden deck's size does not match the tiles placed"


def _armies(state: GloryState) -> Problems:
    board = state.board
    cells = terrain(state)
    seen: dict[str, int] = {}
    for p, player in enumerate(state.players):
        for name, army in player.armies.items():
            field = f"players[{p}].armies.{name}"
            if name not in board.index:
                yield field, "is not a hex of the map"
                continue
            t = cells[board.index[name]]
            if t is None:
                yield field, "is in a province still face down"
            if name in seen:
                yield field, f"the hex also holds seat {seen[name]}'s units"
            seen[name] = p
            if not army.units:
                yield f"{field}.units", "an army has at least one unit"
            for unit, n in army.units.items():
                if unit not in board.unit_types:
                    yield f"{field}.units", f"unknown unit {unit!r}"
                elif not 1 <= n <= MAX_UNITS:
                    yield f"{field}.units.{unit}", f"{n} is outside 1–{MAX_UNITS}"
                elif board.unit_types[unit].kind == "vessel" and not is_water(t):
                    yield f"{field}.units.{unit}", f"a vessel on {t}"
            yield from _aboard(state, field, army, t)
            for unit, n in army.packed.items():
                if unit not in board.unit_types or not board.unit_types[unit].packing:
                    yield f"{field}.packed", f"{unit!r} does not pack"
                elif not 1 <= n <= army.units.get(unit, 0):
                    yield f"{field}.packed.{unit}", f"{n} packed of {army.units.get(unit, 0)}"
            if army.cubes not in (0, 1, 2):
                yield f"{field}.cubes", f"{army.cubes} is not 0, 1 or 2"


def _aboard(state: GloryState, field: str, army: Army, t: str | None) -> Problems:
    """Land units on water stand aboard one of the army's vessels, or are peasants on sea (ruling 8)."""
    types = state.board.unit_types
    if not is_water(t) or any(types[u].kind == "vessel" for u in army.units if u in types):
        return
    for unit in army.units:
        if unit in types and not (t == "sea" and types[unit].sea_cost):
            yield f"{field}.units.{unit}", f"{types[unit].plural} on {t} without a vessel"


def _structures(state: GloryState) -> Problems:
    board = state.board
    cells = terrain(state)
    for name, structure in state.structures.items():
        field = f"structures.{name}"
        if name not in board.index:
            yield field, "is not a hex of the map"
            continue
        t = cells[board.index[name]]
        if t is None or is_water(t):
            yield field, f"a {structure.kind} stands on land, not on {t or 'a face-down province'}"
        if structure.owner not in range(len(state.seats)):
            yield f"{field}.owner", f"no seat {structure.owner}"
        if structure.capital and structure.kind != "city":
            yield f"{field}.capital", "a capital is a city"
        for p, player in enumerate(state.players):
            if name in player.armies and p != structure.owner:
                yield field, f"seat {p}'s units stand on another player's {structure.kind}"


def _relics(state: GloryState) -> Problems:
    board = state.board
    cells = terrain(state)
    out = [*state.relics.values(), *(r for p in state.players for r in p.relics)]
    for name, relic in state.relics.items():
        if name not in board.index or cells[board.index[name]] is None:
            yield f"relics.{name}", "is not an explored hex"
        if relic not in board.relic_named:
            yield f"relics.{name}", f"unknown relic {relic!r}"
    for name, n in Counter(out).items():
        if n > 1:
            yield "relics", f"{name!r} is in two places"
    if all(x != HIDDEN for x in state.relic_bag) and set(out) & set(state.relic_bag):
        yield "relic_bag", "holds a relic that is also out of it"
    if len(out) + len(state.relic_bag) != len(board.relics):
        yield "relic_bag", f"{len(state.relic_bag)} in the bag and {len(out)} out: the board has {len(board.relics)}"
    if relics_to_place(state) < 0:
        yield "relic_bag", f"more than {len(state.seats) + 1} relics were drawn"


def _events(state: GloryState) -> Problems:
    board = state.board
    shown = [slot.card for row in state.event_rows for slot in row]
    for r, row in enumerate(state.event_rows):
        if not 1 <= len(row) <= ROW or (len(row) < ROW and r < len(state.event_rows) - 1):
            yield f"event_rows[{r}]", f"{len(row)} cards; rows hold {ROW}, only the last may hold fewer"
        for c, slot in enumerate(row):
            if slot.card not in board.event_named:
                yield f"event_rows[{r}][{c}].card", f"unknown event {slot.card!r}"
            for seat, n in slot.votes.items():
                if seat not in range(len(state.seats)) or n < 1:
                    yield f"event_rows[{r}][{c}].votes", f"seat {seat}: {n}"
    for name, n in Counter(shown).items():
        if n > 1:
            yield "event_rows", f"{name!r} is shown twice"
    if all(x != HIDDEN for x in state.event_deck) and set(shown) & set(state.event_deck):
        yield "event_deck", "holds a card that is also in the rows"
    if len(shown) + len(state.event_deck) != len(board.events):
        yield "event_deck", f"{len(state.event_deck)} in the deck and {len(shown)} shown: " \
                            f"the board has {len(board.events)}"


def _turn(state: GloryState) -> Problems:
    n = len(state.seats)
    if state.round < 1:
        yield "round", f"{state.round} is below 1"
    if state.turn not in range(n):
        yield "turn", f"no seat {state.turn}"
    if len(set(state.passed)) != len(state.passed) or any(s not in range(n) for s in state.passed):
        yield "passed", "lists a seat twice or an unknown seat"
    elif len(state.passed) >= n:
        yield "passed", "everyone has passed but the round did not end"
    elif state.turn in state.passed:
        yield "turn", "the seat on turn has passed"
    if state.maneuvers < 0:
        yield "maneuvers", f"{state.maneuvers} is negative"


def _exploring(state: GloryState) -> Problems:
    pending = state.exploring
    if pending is None:
        return
    board = state.board
    if pending.province not in board.province_index or pending.province in state.explored:
        yield "exploring.province", f"{pending.province!r} is not a face-down province"
        return
    if pending.tile not in board.tile_named:
        yield "exploring.tile", f"unknown tile {pending.tile!r}"
    if not pending.options or any(k not in range(hexes.ROTATIONS) for k in pending.options):
        yield "exploring.options", "must list rotations 0–5"
    p = pending.plan
    if p.seat not in range(len(state.seats)) or p.start not in state.players[p.seat].armies:
        yield "exploring.plan", "the exploring army is not on its start hex"
    elif any(h not in board.index for h in p.path) or _province(state, p.end) != pending.province:
        yield "exploring.plan.path", f"does not end in the province at {pending.province}"


def _province(state: GloryState, name: str) -> str:
    p = state.board.province_of[state.board.index[name]]
    return "" if p < 0 else state.board.province_names[p]
