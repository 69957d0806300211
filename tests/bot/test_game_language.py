"""The game's language (issue 29, "who reads what"): a game opened on a server whose preferred
locale has a catalog speaks it in the channel's boards and their alt text (setting `language`,
which the host may change); English where no catalog exists. Through the real bot, Tiny Epic Vikings."""

from __future__ import annotations

import pytest

CH = "#table"


async def _opened(discord_, locale: str) -> None:
    discord_.builder.guild_locale = locale
    await discord_.run("@alice", CH, "/game new game:vikings board:nordhav")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@carl", CH, "/game join")


@pytest.mark.parametrize(("locale", "language"), [("de", "de"), ("pl", "pl"), ("pt-BR", "en"), ("en-GB", "en")])
async def test_a_game_speaks_the_servers_preferred_language(discord_, locale, language):
    await _opened(discord_, locale)
    rec = await discord_.run("@alice", CH, "/game settings")
    assert f"language = {language} —" in rec.content


async def test_the_board_is_drawn_in_the_games_language_and_the_host_may_change_it(discord_):
    await _opened(discord_, "de")
    assert (await discord_.run("@alice", CH, "/game start")).ok
    german = (await discord_.run("@carl", CH, "/game board")).attachments[0]
    assert "Aufbau" in german.description and "Es wird auf" in german.description  # the alt text too
    rec = await discord_.run("@alice", CH, "/game settings name:language value:en")
    assert rec.ok and not rec.ephemeral
    english = (await discord_.run("@carl", CH, "/game board")).attachments[0]
    assert "Waiting for" in english.description
    assert german.data != english.data  # the same position, its labels in another language
    rec = await discord_.run("@alice", CH, "/game settings name:language value:fr")
    assert rec.ephemeral and "language is one of: en, de, pl" in rec.content
