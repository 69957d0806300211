"""What a seat may do now, for commands, autocomplete, overlays and scripted players.

Every query takes the state as the seat sees it (`VikingsGame.view`; Vikings hides nothing) and
answers in the names the map uses; the cog only formats the answers.
"""

from __future__ import annotations

from rules.errors import PlayerError
from rules.messages import Msg
from rules.vikings import sail
from rules.vikings.state import DEDICATIONS, VikingsState, dedication_title, is_aside


def sailable(state: VikingsState, seat: int) -> list[tuple[int, str]]:
    """The seat's boats on the board that can sail (not aside after a bump), with their space."""
    return [(boat, space) for boat, space in state.players[seat].boats.items()
            if space is not None and not is_aside(state, seat, boat)]


def reach(state: VikingsState, seat: int, boat: int, strength: int) -> list[tuple[str, tuple[str, ...]]]:
    """Every end a sail of `strength` can reach with a shortest route, nearest first; [] when the
    boat cannot sail."""
    try:
        ends = sail.reach(state, seat, boat, strength)
    except PlayerError:
        return []
    return sorted(ends.items(), key=lambda item: (len(item[1]), item[0]))


def empty_docks(state: VikingsState) -> list[tuple[str, str]]:
    """Docks holding no boat, each with its island's title and "village" when a village stands
    there (where setup may place a boat)."""
    board = state.board
    held = {space for seat in range(len(state.players)) for _, space in sailable(state, seat)}  # as `occupant` counts
    return [(d.name, board.island(board.island_of(d.name)).title + (", village" if village(state, d.name) else ""))
            for d in board.docks if d.name not in held]


def village(state: VikingsState, space: str) -> str:
    """ "village" when a village stands at the dock `space` (a sail ending there may raid it), else ""."""
    return "village" if space in state.villages else ""


def islands(state: VikingsState) -> list[tuple[str, str]]:
    """Every island as (name, title)."""
    return [(i.name, i.title) for i in state.board.islands]


def dedication_targets(state: VikingsState) -> list[tuple[str, str]]:
    """Where a raided village can be dedicated: the era mat's actions still open, then the gods."""
    limit = len(state.seats)
    mat: list[tuple[str, str]] = [
        (d, Msg("{title} ({n} of {limit} used this era)", title=dedication_title(d), n=state.dedications[d],
                limit=limit)) for d in DEDICATIONS if state.dedications[d] < limit]
    return mat + [(g, Msg("{god}'s +2 fury", god=g)) for g in state.board.gods]


def spaces(state: VikingsState) -> list[str]:
    """Every dock and fjord, docks first."""
    return [d.name for d in state.board.docks] + [f.name for f in state.board.fjords]


def canon(state: VikingsState, name: str) -> str:
    """A space or island name as the map spells it (players may type any case); unknown names stay."""
    lowered = {n.lower(): n for n in state.board.kinds}
    return lowered.get(name.strip().lower(), name.strip())
