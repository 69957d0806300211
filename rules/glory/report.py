"""What a player may look up without acting (the game's `looks`, answered privately): every
player's armies, one hex, what armies can attack, the cards and relics. Each takes the state as
the asking seat sees it (the hidden piles' order is gone) and returns the lines to show."""

from __future__ import annotations

from rules import hexes
from rules.errors import BadInput, NotAllowed
from rules.glory import notation, queries
from rules.glory.state import GloryState, army_text, colour, terrain_at, unexplored_provinces
from rules.messages import Msg


def armies(state: GloryState, phase: str, only: int | None) -> list[str]:
    """The phase, then per player (or only seat `only`) their cubes and relics and armies by hex."""
    board = state.board
    lines = [f"{phase}."]
    for seat, p in enumerate(state.players):
        if only is not None and seat != only:
            continue
        status = " (passed)" if seat in state.passed else ""
        lines.append(f"{colour(state, seat)} ({state.seats[seat].name}){status}: {p.action_cubes} of "
                     f"{p.action_cubes_per_round} action cubes, {p.voting_cubes} voting cubes in the bank, relics: "
                     f"{', '.join(p.relics) or 'none'}")
        for at, army in queries.armies(state, seat, undepleted=False):
            lines.append(f"  {at} ({terrain_at(state, at)}): {army_text(board, army)}")
        if not p.armies:
            lines.append("  no armies")
    return lines


def look(state: GloryState, text: str) -> list[str]:
    """A hex: its terrain and province, structure, relic, armies and what each can attack, its
    neighbours."""
    board = state.board
    at = notation.hex_(board, text)
    kind = terrain_at(state, at)
    p = board.province_of[board.index[at]]
    centre = board.province_names[p] if p >= 0 else ""
    if not centre:
        where = "the ocean field"
    elif centre in unexplored_provinces(state):
        where = f"the face-down province {centre}"
    elif centre in state.explored:
        placed = state.explored[centre]
        where = f"the province {centre} ({board.tile_named[placed.tile].title}, rotation {placed.rotation + 1})"
    else:
        where = f"the starting province {centre}"
    lines = [f"{at}: {kind or 'face down (exploring it reveals the province)'}, in {where}."]
    if centre and state.exploring is not None and state.exploring.province == centre:
        lines.append("Its tile is revealed and waits for its rotation.")
    structure = state.structures.get(at)
    if structure is not None:
        what = "capital (a city)" if structure.capital else structure.kind
        lines.append(f"{colour(state, structure.owner)}'s {what}.")
    if at in state.relics:
        relic = board.relic_named[state.relics[at]]
        lines.append(f"Relic: {relic.name}{f' — {relic.text}' if relic.text else ''}")
    for seat, player in enumerate(state.players):
        army = player.armies.get(at)
        if army is None:
            continue
        lines.append(f"{colour(state, seat)}'s army: {army_text(board, army)}.")
        found = [f"  can attack {t}" for t in queries.targets(state, seat, at)]
        lines += found or ["  nothing within its attack range"]
    around = [board.hex_name(h) for h in hexes.neighbours(board.axial(at)) if h in board.axial_index]
    near = [f"{h} ({terrain_at(state, h) or 'face down'})" for h in around]
    lines.append(f"Next to it: {', '.join(near)}.")
    return lines


def targets(state: GloryState, seat: int | None, army: str, to: str) -> list[str]:
    """What each of the seat's armies (or the one at `army`) can attack now, or that army after a
    maneuver to `to`."""
    if seat is None:
        raise NotAllowed(Msg("You are not playing in this game."))
    board = state.board
    if to and not army:
        raise BadInput(Msg("Name the army that would move (army option)."))
    mine = state.players[seat].armies
    start = notation.hex_(board, army) if army else ""
    if start and start not in mine:
        raise BadInput(Msg("You have no army at {hex}.", hex=start))
    end = notation.hex_(board, to) if to else ""
    lines = []
    for at in [start] if start else sorted(mine, key=lambda h: board.index[h]):
        if end and end != at:
            found = queries.targets_after(state, seat, at, end)
            head = f"The army at {at}, after moving to {end}:"
        else:
            found = queries.targets(state, seat, at)
            head = f"The army at {at} ({army_text(board, mine[at])}):"
        lines += [head, *(f"  {t}" for t in found)] if found else [f"{head} nothing within its attack range"]
    return lines or ["You have no armies."]


def cards(state: GloryState) -> list[str]:
    """The event rows with each card's line and votes, the relics with their texts, and what is
    left in the piles (counts only: their order is hidden)."""
    board = state.board
    lines = ["Events (the table carries out each card's line):"]
    for r, row in enumerate(queries.event_cards(state)):
        for c, (card, title, text, votes) in enumerate(row):
            lines.append(f"  row {r + 1}, card {c + 1}: {title} ({card}) — {text} Votes: {votes_text(state, votes)}.")
    if not state.event_rows:
        lines.append("  none flipped yet")
    lines.append("Relics:")
    for at, name in sorted(state.relics.items(), key=lambda item: board.index[item[0]]):
        lines.append(f"  on {at}: {name} — {board.relic_named[name].text}")
    for seat, p in enumerate(state.players):
        lines += [f"  held by {colour(state, seat)}: {name} — {board.relic_named[name].text}" for name in p.relics]
    lines.append(f"  {max(queries.relic_count(state), 0)} still to be placed this game.")
    lines.append(f"Piles: {len(state.province_deck)} province tiles, {len(state.event_deck)} event cards "
                 f"(their order is hidden), {len(unexplored_provinces(state))} face-down provinces.")
    return lines


def votes_text(state: GloryState, votes: dict[int, int]) -> str:
    """The voting cubes on an event card: "Red 1, Blue 2", or "no votes"."""
    return ", ".join(f"{colour(state, s)} {n}" for s, n in sorted(votes.items()) if n) or "no votes"
