"""The posted view (issue 20): the table asks for it after every change, with the action just
taken; `/game board` shows it, `full` the whole board; alt text describes the position within
Discord's 1,024 characters, whole sentences only."""

from __future__ import annotations

from rules.base import Posted
from rules.vikings.actions import PlaceBoat
from tests.support.tally import Add
from waypost.outcome import ALT_LIMIT, MORE, User, alt_text

CH = 100
ALICE, BOB, CARL = User(1, "alice"), User(2, "bob"), User(3, "carl")


async def test_a_move_is_drawn_as_the_posted_view_of_that_action(table):
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    started = await table.start(CH, ALICE)
    assert started.drawing is not None and started.drawing.posted == Posted()
    out = await table.act(CH, BOB if started.ping == (BOB.id,) else ALICE, "tally", Add(2))
    assert out.drawing is not None and out.drawing.posted is not None
    assert out.drawing.posted.action == Add(2) and out.drawing.posted.seat is not None


async def test_game_board_shows_the_posted_view_full_the_whole_board_focus_a_part(table):
    await table.new(CH, 9, ALICE, "vikings", "nordhav")
    for user in (BOB, CARL):
        await table.join(CH, user)
    await table.start(CH, ALICE)
    posted = await table.board(CH, ALICE)
    whole = await table.board(CH, ALICE, full=True)
    assert posted.drawing is not None and posted.drawing.posted == Posted()
    assert whole.drawing is not None and whole.drawing.posted is None
    assert width((await table.draw(posted.drawing)).png) == 1100  # read at the 550-px preview
    assert width((await table.draw(whole.drawing)).png) == 1500


async def test_a_placement_is_posted_with_the_placement(table):
    await table.new(CH, 9, ALICE, "vikings", "nordhav")
    for user in (BOB, CARL):
        await table.join(CH, user)
    await table.start(CH, ALICE)
    out = await table.act(CH, CARL, "vikings", PlaceBoat("D1"))
    assert out.drawing is not None and out.drawing.posted == Posted(PlaceBoat("D1"), 2)
    alt = (await table.draw(out.drawing)).alt  # the position described where it is drawn
    assert alt.startswith("Yellow boat 1 placed at D1") and "Gods' fury" in alt


def width(png: bytes) -> int:
    """A PNG's width, from its header."""
    return int.from_bytes(png[16:20], "big")


def test_alt_text_keeps_whole_sentences_within_the_limit():
    assert alt_text("Red sailed", "Era 2. Red's turn.") == "Red sailed — Era 2. Red's turn."
    position = " ".join(f"Player {n} has {n} tokens." for n in range(200))
    text = alt_text("Rome moved", position)
    assert len(text) <= ALT_LIMIT and text.endswith(MORE)
    kept = text.removeprefix("Rome moved — ").removesuffix(MORE)
    assert kept.endswith("tokens.") and kept in position  # the first sentences, each whole
    assert len(alt_text("x" * 2000, "Era 2.")) <= ALT_LIMIT

