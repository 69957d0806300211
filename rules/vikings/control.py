"""Influence, island control, runes and god fury (V-C1, V-C2, V-C3)."""

from __future__ import annotations

from collections import Counter

from rules.frozen import evolved
from rules.messages import Msg
from rules.vikings.state import VikingsState, colour, island_title

SETTLER_INFLUENCE = 1
TEMPLE_INFLUENCE = 4
DOCKED_BOAT_INFLUENCE = 2
FURY_TRACK = 20


def influence(state: VikingsState, island: str) -> dict[int, int]:
    """Every seat's influence on `island` (V-C1): settler 1, temple 4, own boat at one of its
    docks 2 (boats aside after a bump count nothing)."""
    return influences(state)[island]


def influences(state: VikingsState) -> dict[str, dict[int, int]]:
    """`influence` on every island, in one pass over the clans."""
    board = state.board
    aside = {(b.seat, b.boat) for b in state.pending}
    found: dict[str, dict[int, int]] = {i.name: {} for i in board.islands}
    for seat, player in enumerate(state.players):
        docked = Counter(board.island_of(space) for boat, space in player.boats.items()
                         if space is not None and board.kind(space) == "dock" and (seat, boat) not in aside)
        settlers, temples = player.settlers, player.temples
        for island, totals in found.items():
            totals[seat] = (SETTLER_INFLUENCE * settlers[island] + TEMPLE_INFLUENCE * temples[island]
                            + DOCKED_BOAT_INFLUENCE * docked[island])
    return found


def has_boots(state: VikingsState, seat: int, island: str) -> bool:
    """Boots on the ground: at least one settler or temple on the island."""
    player = state.players[seat]
    return player.settlers[island] > 0 or player.temples[island] > 0


def fury_text(total: int) -> str:
    """A god's fury as the track shows it: "7", "20", or "20+3" once it has wrapped."""
    if total <= FURY_TRACK:
        return str(total)
    return f"{FURY_TRACK}+{total - FURY_TRACK}"


def settle_control(state: VikingsState) -> tuple[VikingsState, list[str]]:
    """Apply V-C2 and V-C3 to every island in map order: the state after, and a line per change."""
    powers = influences(state)  # control moves runes and fury only: influence stays as it is
    lines = []
    for island in state.board.islands:
        state, line = _settle(state, island.name, powers[island.name])
        if line:
            lines.append(line)
    return state, lines


def _settle(state: VikingsState, island: str, power: dict[int, int]) -> tuple[VikingsState, str | None]:
    holder = state.runes[island]
    name = island_title(state, island)
    if holder is None:
        best = max(power.values())
        leaders = [s for s in power if power[s] == best]
        if best > 0 and len(leaders) == 1 and has_boots(state, leaders[0], island):
            state, fury = _take(state, island, leaders[0])
            return state, Msg("{name} took {island}'s rune ({fury})", name=colour(state, leaders[0]), island=name,
                              fury=fury)
        return state, None
    stealers = [s for s in power if s != holder and power[s] > power[holder] and has_boots(state, s, island)]
    if stealers:
        best = max(power[s] for s in stealers)
        top = [s for s in stealers if power[s] == best]
        if len(top) == 1:
            thief = top[0]
            state, fury = _take(state, island, thief)
            return state, Msg("{name} stole {island}'s rune from {holder} ({fury})", name=colour(state, thief),
                              island=name, holder=colour(state, holder), fury=fury)
    if power[holder] == 0:
        state = evolved(state, runes=state.runes.with_item(island, None))
        return state, Msg("{name} lost {island}'s rune: it returns to the island", name=colour(state, holder),
                          island=name)
    return state, None


def _take(state: VikingsState, island: str, seat: int) -> tuple[VikingsState, str]:
    """Give `island`'s rune to `seat` and raise its god's fury by 1 (V-C3)."""
    state = evolved(state, runes=state.runes.with_item(island, seat))
    return add_fury(state, state.board.island(island).god, 1)


def add_fury(state: VikingsState, god: str, amount: int) -> tuple[VikingsState, str]:
    """Raise `god`'s fury: the state after, and what changed ("Odin fury 4 → 5")."""
    before = state.fury[god]
    state = evolved(state, fury=state.fury.with_item(god, before + amount))
    return state, Msg("{god} fury {before} → {after}", god=god, before=fury_text(before),
                      after=fury_text(before + amount))
