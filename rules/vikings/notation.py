"""Reading what Vikings players type: spaces, islands and routes (the shared tokenizer of
`rules.notation`). Names may be typed in any case; an island by its name or its title."""

from __future__ import annotations

from rules.errors import BadInput
from rules.messages import Msg
from rules.notation import Names, items
from rules.vikings.sail import reach
from rules.vikings.state import DEDICATIONS, VikingsState

STAY = ("stay", "-", "none")  # a sail without moving


def space(state: VikingsState, text: str) -> str:
    """A dock or fjord of the map; an island named instead is refused with its docks (V-S2)."""
    board = state.board
    island = board.island_names.exact(text) if board.space_names.exact(text) is None else None
    if island is not None:
        found = board.island(island)
        named = island if found.title == island else f"{found.title} ({island})"
        docks = ", ".join(sorted(found.docks, key=lambda d: (len(d), d)))
        raise BadInput(Msg("Boats never go onto island {island}, only to its docks: {docks}.", island=named,
                           docks=docks))
    return board.space_names.find(text)


def island(state: VikingsState, text: str) -> str:
    """An island, by its name or its title."""
    return state.board.island_names.find(text)


def god(state: VikingsState, text: str) -> str:
    """A god of the map."""
    return _names(state, "god").find(text)


def target(state: VikingsState, text: str) -> str:
    """Where a raided village is dedicated: an era-mat action (action1–action4) or a god."""
    return _names(state, "target").find(text)


_NAMES: dict[tuple[int, str], tuple[object, Names]] = {}  # a map's gods (and dedications), folded once


def _names(state: VikingsState, which: str) -> Names:
    board = state.board
    found = _NAMES.get((id(board), which))
    if found is None or found[0] is not board:
        if len(_NAMES) > 64:
            _NAMES.clear()
        names = Names(board.gods, Msg("god"), Msg("Gods")) if which == "god" else \
            Names((*DEDICATIONS, *board.gods), Msg("era-mat action or god"), Msg("Era-mat actions and gods"))
        found = _NAMES[(id(board), which)] = (board, names)
    return found[1]


def route(state: VikingsState, seat: int, boat: int, text: str, strength: int,
          docking: bool = False) -> tuple[str, ...]:
    """The spaces a sail passes after its start, as typed: "F1 F2 B1" (the start may lead), "stay"
    for a sail without moving, or just a far end space for its shortest route of `strength` moves.
    A sail `docking` (deploying or raiding) must move (V-S5): 'stay' is not suggested to it."""
    if text.strip().casefold() in STAY:
        return ()
    steps = [space(state, s) for s in items(text)]
    if not steps:
        raise BadInput(Msg("Give the route as the spaces after the boat's start, like 'F1 F2 B1'.") if docking else
                       Msg("Give the route as the spaces after the boat's start, like 'F1 F2 B1', or 'stay'."))
    start = state.players[seat].boats.get(boat)
    if start is not None and steps == [start]:
        back = Msg("the whole way out and back (like '{route}')", route=_out_and_back(state, start))
        raise BadInput(Msg("Boat {boat} is already at {start}. Deploying and raiding need a sail that moves at least "
                           "once: give {back}.", boat=boat, start=start, back=back) if docking else
                       Msg("Boat {boat} is already at {start}: give 'stay' to sail without moving, or {back}.",
                           boat=boat, start=start, back=back))
    if len(steps) > 1 and steps[0] == start:
        steps = steps[1:]
    if len(steps) == 1 and start is not None and steps[0] not in state.board.neighbours.get(start, ()):
        found = reach(state, seat, boat, strength).get(steps[0]) if strength in (1, 2, 3) else None
        if found:
            return found
    return tuple(steps)


def _out_and_back(state: VikingsState, start: str) -> str:
    near = state.board.neighbours.get(start, ())
    return f"{near[0]} {start}" if near else start
