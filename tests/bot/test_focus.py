"""`/game board focus:` names a player's part of the board the same way in every game: by colour,
by the player's name or by the game's name for them (a civilization), besides the game's own
values ("around Rome"); autocomplete finds each by any of those words (issue 23 §5)."""

from __future__ import annotations

from tests.bot.test_megaciv import SETUP, complete, play
from waypost.focusing import named, owner

CH = "#delta"  # the channel test_megaciv's helpers play in


async def board(discord_, user: str, focus: str) -> bytes:
    rec = await play(discord_, f'{user} /game board focus:"{focus}"')
    return rec.attachments[0].data


async def test_mega_civilization_takes_a_colour_a_name_or_a_civilization(discord_):
    await play(discord_, "@alice /game new game:megaciv board:pelagos", "@bob /game join", "@carl /game join",
               "@alice /game start", *SETUP)
    around = await board(discord_, "@bob", "around Rome")
    for said in ("red", "RED", "alice", "Rome", "around rome"):
        assert await board(discord_, "@bob", said) == around, said
    assert await board(discord_, "@bob", "Northeast") != around  # a region is still a region
    assert await board(discord_, "@bob", "blue") == await board(discord_, "@bob", "around Babylon")
    refused = await discord_.run("@bob", CH, "/game board focus:purple")
    assert refused.ephemeral and "cannot be narrowed to 'purple'" in refused.content
    assert "around Rome" in refused.content  # the choices
    for typed in ("red", "alice", "rome"):
        offered = await complete(discord_, "@bob", f"/game board focus:{typed}")
        assert [c["value"] for c in offered] == ["around Rome"], typed
        assert "red" in offered[0]["name"] and "alice" in offered[0]["name"]


async def test_glory_and_skye_take_a_players_name_as_well_as_a_colour(discord_):
    for game, channel in (("glory", "#glory"), ("skye", "#skye")):
        for line in (f"@alice /game new game:{game}", "@bob /game join", "@carl /game join", "@alice /game start"):
            user, text = line.split(" ", 1)
            assert (await discord_.run(user, channel, text)).ok
        by_colour = await discord_.run("@alice", channel, "/game board focus:yellow")
        by_name = await discord_.run("@alice", channel, "/game board focus:Carl")
        assert by_colour.attachments and by_name.attachments[0].data == by_colour.attachments[0].data, game
        offered = await discord_.run("@alice", channel, "!complete /game board focus:carl")
        assert [c["value"] for c in offered.choices] == ["yellow"], game


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
