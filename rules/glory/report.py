"""What a player may look up without acting (the game's `looks`, answered privately): every
player's armies, one hex, what armies can attack, the cards and relics. Each takes the state as
the asking seat sees it (the hidden piles' order is gone) and returns the lines to show."""

from __future__ import annotations

from rules import hexes
from rules.errors import BadInput, NotAllowed
from rules.glory import notation, queries, words
from rules.glory.state import GloryState, army_text, colour, structure_text, terrain_at, unexplored_provinces
from rules.messages import Msg, joined


def armies(state: GloryState, phase: str, only: int | None) -> list[str]:
    """The phase, then per player (or only seat `only`) their cubes and relics and armies by hex."""
    board = state.board
    lines: list[str] = [Msg("{phase}.", phase=phase)]
    for seat, p in enumerate(state.players):
        if only is not None and seat != only:
            continue
        said = {"name": colour(state, seat), "player": state.seats[seat].name, "cubes": p.action_cubes,
                "per_round": p.action_cubes_per_round, "votes": p.voting_cubes,
                "relics": ", ".join(p.relics) or Msg("none")}
        lines.append(Msg("{name} ({player}) (passed): {cubes} of {per_round} action cubes, {votes} voting cubes in the "
                         "bank, relics: {relics}", **said) if seat in state.passed else
                     Msg("{name} ({player}): {cubes} of {per_round} action cubes, {votes} voting cubes in the bank, "
                         "relics: {relics}", **said))
        for at, army in queries.armies(state, seat, undepleted=False):
            lines.append(_indented(Msg("{hex} ({terrain}): {army}", hex=at, terrain=_terrain(state, at),
                                       army=army_text(board, army))))
        if not p.armies:
            lines.append(_indented(Msg("no armies")))
    return lines


def _terrain(state: GloryState, at: str) -> str:
    """The hex's terrain named by the catalogs; "" in a face-down province."""
    kind = terrain_at(state, at)
    return words.terrain(kind) if kind else ""


def _indented(line: str) -> str:
    """A line under the one before it (two spaces), translated as it stands."""
    return joined(["  ", line], "")


def look(state: GloryState, text: str) -> list[str]:
    """A hex: its terrain and province, structure, relic, armies and what each can attack, its
    neighbours."""
    board = state.board
    at = notation.hex_(board, text)
    kind = _terrain(state, at)
    p = board.province_of[board.index[at]]
    centre = board.province_names[p] if p >= 0 else ""
    if not centre:
        where = Msg("the ocean field")
    elif centre in unexplored_provinces(state):
        where = Msg("the face-down province {province}", province=centre)
    elif centre in state.explored:
        placed = state.explored[centre]
        where = Msg("the province {province} ({title}, rotation {rotation})", province=centre,
                    title=board.tile_named[placed.tile].title, rotation=placed.rotation + 1)
    else:
        where = Msg("the starting province {province}", province=centre)
    lines: list[str] = [Msg("{hex}: {kind}, in {where}.", hex=at, where=where,
                            kind=kind or Msg("face down (exploring it reveals the province)"))]
    if centre and state.exploring is not None and state.exploring.province == centre:
        lines.append(Msg("Its tile is revealed and waits for its rotation."))
    structure = state.structures.get(at)
    if structure is not None:
        what = Msg("capital (a city)") if structure.capital else structure_text(structure)
        lines.append(Msg("{name}'s {piece}.", name=colour(state, structure.owner), piece=what))
    if at in state.relics:
        relic = board.relic_named[state.relics[at]]
        lines.append(Msg("Relic: {relic} — {text}", relic=relic.name, text=relic.text) if relic.text else
                     Msg("Relic: {relic}", relic=relic.name))
    for seat, player in enumerate(state.players):
        army = player.armies.get(at)
        if army is None:
            continue
        lines.append(Msg("{name}'s army: {army}.", name=colour(state, seat), army=army_text(board, army)))
        found = [_indented(Msg("can attack {target}", target=t)) for t in queries.targets(state, seat, at)]
        lines += found or [_indented(Msg("nothing within its attack range"))]
    around = [board.hex_name(h) for h in hexes.neighbours(board.axial(at)) if h in board.axial_index]
    near = [Msg("{hex} ({terrain})", hex=h, terrain=_terrain(state, h) or Msg("face down")) for h in around]
    lines.append(Msg("Next to it: {hexes}.", hexes=joined(near, ", ")))
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
    lines: list[str] = []
    for at in [start] if start else sorted(mine, key=lambda h: board.index[h]):
        if end and end != at:
            found = queries.targets_after(state, seat, at, end)
            head = Msg("The army at {hex}, after moving to {end}:", hex=at, end=end)
        else:
            found = queries.targets(state, seat, at)
            head = Msg("The army at {hex} ({army}):", hex=at, army=army_text(board, mine[at]))
        lines += [head, *(_indented(t) for t in found)] if found else [
            Msg("{head} nothing within its attack range", head=head)]
    return lines or [Msg("You have no armies.")]


def cards(state: GloryState) -> list[str]:
    """The event rows with each card's line and votes, the relics with their texts, and what is
    left in the piles (counts only: their order is hidden)."""
    board = state.board
    lines: list[str] = [Msg("Events (the table carries out each card's line):")]
    for r, row in enumerate(queries.event_cards(state)):
        for c, (card, title, text, votes) in enumerate(row):
            lines.append(_indented(Msg("row {row}, card {n}: {title} ({card}) — {text} Votes: {votes}.", row=r + 1,
                                       n=c + 1, title=title, card=card, text=text, votes=votes_text(state, votes))))
    if not state.event_rows:
        lines.append(_indented(Msg("none flipped yet")))
    lines.append(Msg("Relics:"))
    for at, name in sorted(state.relics.items(), key=lambda item: board.index[item[0]]):
        lines.append(_indented(Msg("on {hex}: {relic} — {text}", hex=at, relic=name,
                                   text=board.relic_named[name].text)))
    for seat, p in enumerate(state.players):
        lines += [_indented(Msg("held by {name}: {relic} — {text}", name=colour(state, seat), relic=name,
                                text=board.relic_named[name].text)) for name in p.relics]
    lines.append(_indented(Msg("{n} still to be placed this game.", n=max(queries.relic_count(state), 0))))
    lines.append(Msg("Piles: {tiles} province tiles, {cards} event cards (their order is hidden), {provinces} "
                     "face-down provinces.", tiles=len(state.province_deck), cards=len(state.event_deck),
                     provinces=len(unexplored_provinces(state))))
    return lines


def votes_text(state: GloryState, votes: dict[int, int]) -> str:
    """The voting cubes on an event card: "Red 1, Blue 2", or "no votes"."""
    said = [Msg("{name} {n}", name=colour(state, s), n=n) for s, n in sorted(votes.items()) if n]
    return joined(said, ", ") if said else Msg("no votes")
