"""Isle of Skye in the players' languages (issue 29) through the real bot: a game opened and its
first round priced with every client and the server in the pseudo-locale `qps` leaves no English
in what the lobby, the flow's prompts and the refusals say (only names: players, the game's and
board's titles, seat colours, tile ids, and what was typed); in German, the same refusals read
German."""

from __future__ import annotations

import re

import pytest

CH = "#skye"
USERS = ("@alice", "@bob", "@carl", "@dora")
WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = {"alice", "bob", "carl", "dora", "isle", "skye", "with", "the", "journeyman", "four", "red", "blue",
         "yellow", "deal"}  # players, the game's and the board's titles, seat colours, a setting's name
LINES = [
    ("@alice", "/game new game:skye board:journeyman"), ("@bob", "/game join"), ("@carl", "/game join"),
    ("@alice", "/game settings name:deal value:133"),
    ("@bob", "/game start"),  # only the host
    ("@alice", "/game start"),  # and the flow's prompt pings every player
    ("@dora", "/game join"),  # seats are fixed
    ("@bob", "/skye price axe:L99 price1:1 price2:1"),  # not a drawn tile
    ("@bob", "/skye price axe:L62 price1:4 price2:4"),  # more gold than held
    ("@bob", "/skye price axe:L62 price1:0 price2:1"),  # under the floor
    ("@bob", "/skye price axe:none price1:1 price2:1"),  # the axe is needed
    ("@bob", "/skye price axe:L62 price1:1 price2:1 price3:1"),  # a price left over
    ("@dora", "/skye price axe:L62 price1:1 price2:1"),  # not playing
    ("@bob", "/skye buy tile:L63"),  # not in this phase
    ("@bob", "/skye road edge:9,9"),  # no such edge
    ("@carl", "/game choose choice:merchant"),  # nobody asked
]


def english(text: str) -> list[str]:
    """The English words left in a text said in `qps` (mentions, typed values and tile ids aside)."""
    text = re.sub(r"<[@#]\d+>|'[^']*'|\b[LJ]\d+\b", " ", text)
    return [w for w in WORD.findall(text) if w.casefold() not in NAMES]


async def test_the_lobby_the_prompts_and_the_refusals_leave_no_english_in_the_pseudo_locale(discord_):
    discord_.builder.guild_locale = "qps"
    for user in USERS:
        discord_.builder.speaks(user, "qps")
    refused = 0
    for user, line in LINES:
        rec = await discord_.run(user, CH, line)
        refused += rec.content.startswith("⛔")
        for message in rec.messages:
            assert not english(message.content), (line, message.content)
    assert refused == len(LINES) - 5  # every line but the lobby's and the start was refused


@pytest.mark.parametrize(("locale", "said"), [
    ("de", ["⛔ Deine Preise ergeben 8 Gold, du hast aber nur 5.",
            "⛔ Das geht jetzt nicht (ein Plättchen kaufen): Runde 1 von 6: Rot, Blau und Gelb legt Preise fest."]),
    ("pl", ["⛔ Twoje ceny dają razem 8 złota, a masz tylko 5.",
            "⛔ Teraz nie możesz tego zrobić (kupić kafelek): Runda 1 z 6: wycena: Czerwony, Niebieski i Żółty."]),
])
async def test_skyes_refusals_read_in_the_players_language(discord_, locale, said):
    for user, line in LINES[:6]:
        assert (await discord_.run(user, CH, line)).ok
    discord_.builder.speaks("@bob", locale)
    assert (await discord_.run("@bob", CH, LINES[8][1])).content == said[0]
    assert (await discord_.run("@bob", CH, "/skye buy tile:L63")).content == said[1]
