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


@pytest.mark.parametrize(("locale", "refusals"), [
    ("de", ["⛔ Nur der Gastgeber kann das Spiel starten.", "⛔ Gelb ist am Zug."]),
    ("pl", ["⛔ Tylko gospodarz może rozpocząć grę.", "⛔ Teraz kolej: Żółty."]),
])
async def test_a_refusal_speaks_the_readers_language_while_the_channel_speaks_the_games(discord_, locale, refusals):
    """Who reads what: bob's client speaks German (Polish); in an English game his refusals (the
    table's, and the rules' flow's) are his language, what the channel is told stays English."""
    await _opened(discord_, "en-US")
    discord_.builder.speaks("@bob", locale)
    rec = await discord_.run("@bob", CH, "/game start")
    assert rec.ephemeral and rec.content == refusals[0]
    rec = await discord_.run("@alice", CH, "/game start")
    assert not rec.ephemeral and rec.content.startswith("Tiny Epic Vikings begins with alice (red), bob (blue)")
    rec = await discord_.run("@bob", CH, "/vikings place dock:B1")  # carl places first
    assert rec.ephemeral and rec.content == refusals[1]
    rec = await discord_.run("@carl", CH, "/game leave")  # a public post, though bob's client is German
    assert not rec.ephemeral and rec.content.startswith("carl (Yellow) asks to leave the game.")


async def test_a_polish_games_channel_posts_and_pings_read_polish(timed):
    """The game's language is Polish (the server's): what the channel is told, its pings and its
    reminders are Polish, whatever the clients of those who act speak (English here)."""
    await _opened(timed, "pl")
    rec = await timed.run("@bob", CH, "/game leave")
    assert not rec.ephemeral and rec.content == "bob opuszcza stół (przy stole: 2)."
    assert (await timed.run("@bob", CH, "/game join")).ok
    assert (await timed.run("@alice", CH, "/game settings name:deadline_hours value:10")).ok
    rec = await timed.run("@alice", CH, "/game start")
    first, ping = rec.content.split("\n")[:2]
    assert first == "Tiny Epic Vikings się zaczyna: alice (red), carl (yellow), bob (blue)."
    assert " twoja kolej: " in ping
    timed.clock.turn(hours=6)
    await timed.bot.keep_time()
    await timed.bot.keep_time()
    assert [m.content.split(" ", 1)[1] for m in timed.channel_posts if "gra Tiny" in m.content] == [
        "Przypomnienie: gra Tiny Epic Vikings tutaj czeka na ciebie; zostało: 4 godziny."]


@pytest.mark.parametrize(("locale", "yellow"), [("de", "Gelb"), ("pl", "Żółty")])
async def test_a_colour_is_suggested_and_typed_in_the_players_language(discord_, locale, yellow):
    """Typed input (issue item 4): /game join suggests the free colours by their names in the
    player's language, its value the colour the rules take, and a colour typed in that language
    (any case) is taken as typed in English."""
    discord_.builder.guild_locale = "en-US"
    await discord_.run("@alice", CH, "/game new game:vikings board:nordhav")
    discord_.builder.speaks("@bob", locale)
    offered = {c["value"]: c["name"] for c in (await discord_.run("@bob", CH, "!complete /game join colour:")).choices}
    assert offered["yellow"] == yellow and "red" not in offered
    rec = await discord_.run("@bob", CH, f"/game join colour:{yellow.lower()}")
    assert rec.ok and not rec.ephemeral and rec.content.startswith("bob joined as yellow (2 seated)")
    rec = await discord_.run("@carl", CH, "/game join colour:blue")  # English is understood as before
    assert rec.ok and rec.content.startswith("carl joined as blue")
