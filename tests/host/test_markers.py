"""Who a turn card says a seat is: its marker on the boards, told from where the board is drawn."""

from __future__ import annotations

from render.markers import described
from render.megaciv.sprites import styles
from waypost.outcome import User
from waypost.table import Table

CH = 100


async def test_every_civilizations_card_names_the_marker_its_pieces_are_drawn_with(table: Table):
    """Issue 27: a Mega Civilization card said Celt was "a diamond marked G" and Maurya "a star
    marked O" (the shared styles of their colours) while the board drew a pentagon "C" and a
    triangle "Y". Every civilization's card names the shape and letter the renderer draws its
    tokens, cities and ships with (`render.megaciv.sprites.styles`)."""
    entry = table.games["megaciv"]
    board = entry.board("oikumene").model
    users = [User(i + 1, f"p{i + 1}") for i in range(len(entry.rules.colours))]
    await table.new(CH, 9, users[0], "megaciv", "oikumene")
    for user in users[1:]:
        await table.join(CH, user)
    await table.start(CH, users[0])
    drawn = styles(board)
    seen = {}
    for user in users:
        card = await table.card(CH, user)
        civ = board.civ_by_colour[(await table.status(CH)).seats[user.id - 1].colour]
        style = drawn[civ.name]
        assert card.who.endswith(f"; on the boards {described(style.shape, style.letter)}"), (civ.name, card.who)
        seen[civ.name] = card.who
    assert seen["Celt"].endswith("on the boards a pentagon marked C")
    assert seen["Maurya"].endswith("on the boards a triangle marked Y")
    assert len(seen) == 18
