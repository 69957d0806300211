"""`/game board focus:` names a player's part of the board the same way in every game: by colour,
by the player's name or by the game's name for them (a civilization), besides the game's own
values ("around Rome"); autocomplete finds each by any of those words (issue 23 §5)."""

from __future__ import annotations

from games import default_games
from waypost.focusing import named, owner


async def test_every_game_takes_a_players_name_as_well_as_a_colour(discord_):
    """Each game's board narrowed to Carl's part by their colour or by their name is the same board
    (or the same refusal, for a game always shown whole); autocomplete offers the same for both."""
    for key, entry in default_games().items():
        channel, colour = f"#{key}", entry.rules.colours[2]
        for line in (f"@alice /game new game:{key}", "@bob /game join", "@carl /game join", "@alice /game start"):
            user, text = line.split(" ", 1)
            assert (await discord_.run(user, channel, text)).ok
        by_colour = await discord_.run("@alice", channel, f"/game board focus:{colour}")
        by_name = await discord_.run("@alice", channel, "/game board focus:Carl")
        assert by_colour.attachments or "always shown whole" in by_colour.content, (key, by_colour.content)
        assert [a.data for a in by_name.attachments] == [a.data for a in by_colour.attachments], key
        offered = [await discord_.run("@alice", channel, f"!complete /game board focus:{typed}")
                   for typed in (colour, "carl")]
        assert [c["value"] for c in offered[1].choices] == [c["value"] for c in offered[0].choices], key
        assert offered[1].choices or not by_colour.attachments, key


async def test_a_game_always_shown_whole_says_so(discord_):
    for line in ("@alice /game new game:vikings board:nordhav", "@bob /game join", "@carl /game join",
                 "@alice /game start"):
        user, text = line.split(" ", 1)
        await discord_.run(user, "#fjord", text)
    rec = await discord_.run("@alice", "#fjord", "/game board focus:red")
    assert rec.ephemeral and "always shown whole" in rec.content


def test_a_player_without_a_part_of_the_board_is_named_in_the_refusal():
    words = [("Rome", "red", "alice"), ("Babylon", "blue", "bob"), ("Egypt", "green", "carl")]
    focuses = [("Red Sea", "Red Sea region (4 areas)"), ("around Rome", "around Rome's pieces (red)")]
    assert named("bob", focuses, words) == (None, 1)  # Babylon: no piece on the board, no focus
    assert named("red", focuses, words) == ("around Rome", 0)  # not the region with red in its name
    assert named("red sea", focuses, words) == ("Red Sea", None)
    assert owner("Red Sea", words) is None
