"""Isle of Skye in the players' languages (issue 29) through the real bot: a game opened and its
first round played with every client and the server in the pseudo-locale `qps` leaves no English
in what the lobby, the flow's prompts, the refusals, the sealed prices and plans, their reveals,
buying, placing and the round's scoring say (only names: players, tile ids, what was typed and
the names the board's data holds); in German and Polish, the same refusals read so."""

from __future__ import annotations

import re

import pytest

from tests.render.legibility import english as data_english
from tests.support.speaking import said_in

CH = "#skye"
USERS = ("@alice", "@bob", "@carl", "@dora")
WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = {"alice", "bob", "carl", "dora", "isle", "skye", "red", "blue", "yellow", "deal", "merchant", "warrior",
         "castle"}
# players, the game's title, seat colours as they are typed (an identity), a setting's name, typed keywords
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


ROUND = [  # the first round of tests/scripts/skye_full_game.txt: sealed prices, buying, a decision, placing, plans
    ("@bob", "/skye price axe:L62 price1:3 price2:1"), ("@carl", "/skye price axe:L06 price1:3 price2:2"),
    ("@alice", "/skye price axe:J2 price1:4 price2:1"), ("@bob", "/skye buy tile:L63"),
    ("@alice", "/game choose choice:warrior"), ("@carl", "/skye place tile:L15 position:0,-1 rotation:2"),
    ("@bob", "/skye place tile:L03 position:0,1 rotation:3"), ("@bob", "/skye place tile:L48 position:0,2 rotation:3"),
    ("@bob", "/skye place tile:L63 position:1,0 rotation:1"),
    ("@carl", "/skye place tile:L45 position:1,-1 rotation:2"),
    ("@bob", "/skye plan first:L48:merchant"), ("@alice", "/skye plan first:castle:warrior"),
    ("@carl", "/skye plan first:L15:warrior"), ("@alice", "/skye advance track:merchant"),
]


def english(text: str, state: object) -> list[str]:
    """The English words left in a text said in `qps`: mentions, typed values, tile ids, seals'
    fingerprints and the names the state's own data holds (tracks, bonus tiles, the board's title)
    aside."""
    text = re.sub(r"<[@#]\d+>|'[^']*'|\b[LJ]\d+\b|\b\w+:\w+\b|\b[0-9a-f]{8}\b", " ", text)  # … fingerprints
    return [w for w in data_english(text, state) if w.casefold() not in NAMES]


async def test_the_lobby_the_prompts_the_refusals_and_a_round_leave_no_english_in_the_pseudo_locale(discord_):
    said, state = await said_in(discord_, "qps", CH, USERS, LINES + ROUND)
    assert state.round == 2  # the round was played to its end
    for line, text in said:
        assert not english(text, state), (line, text, english(text, state))
    assert sum(text.startswith("⛔") for _, text in said) >= len(LINES) - 5  # every lobby line but five refused


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
