"""Tiny Epic Vikings in the players' languages (issue 29) through the real bot: a game opened and a
round played (sails that bump, deploy, attack, raid and take and steal runes, a bumped boat's
fjord chosen, a dedication, adjustments, the ends of turns) with every client and the server in the
pseudo-locale `qps` leaves no English in the replies and the channel's posts (only names: players,
spaces, what was typed and the names the board's data holds); in German and Polish, a sail's result
reads so."""

from __future__ import annotations

import re

import pytest

from offline.payloads import iter_components
from tests.render.legibility import english as data_english
from tests.support.speaking import said_in

CH = "#fjord"
USERS = ("@alice", "@bob", "@carl")
NAMES = {"alice", "bob", "carl", "tiny", "epic", "vikings", "red", "blue", "yellow", "food", "steel"}
# players, the game's title, seat colours and adjusted fields as they are typed
LOBBY = [
    ("@alice", "/game new game:vikings board:nordhav"), ("@bob", "/game join colour:blue"), ("@carl", "/game join"),
    ("@alice", "/game start"),
    ("@carl", "/vikings place dock:D1"), ("@bob", "/vikings place dock:B1"), ("@alice", "/vikings place dock:A2"),
    *((user, f"/vikings adjust what:{what} value:{n}") for what, n in (("food", 6), ("steel", 3)) for user in USERS),
]
ROUND = [  # the round of tests/scripts/rounds/vikings.txt
    ("@alice", '/vikings sail boat:1 route:"F4 D1" strength:2 settlers:2'), ("@carl", "/game choose choice:F5"),
    ("@alice", "/vikings end"),
    ("@bob", '/vikings sail boat:1 route:"F1 A1" strength:2 settlers:1 raid:true'),
    ("@bob", "/vikings dedicate target:Odin"), ("@bob", "/vikings end"),
    ("@carl", "/vikings sail boat:1 route:D1 strength:3 settlers:3"), ("@alice", "/game choose choice:F4"),
    ("@carl", "/vikings end"),
]


def english(text: str, state: object) -> list[str]:
    """The English words left in a text said in `qps`: mentions, typed values and the names the
    state's own data holds (spaces, islands, gods, the board's title) aside."""
    text = re.sub(r"<[@#]\d+>|'[^']*'|\b\w+:\w+\b", " ", text)
    return [w for w in data_english(text, state) if w.casefold() not in NAMES]


async def test_the_lobby_and_a_round_of_sails_leave_no_english_in_the_pseudo_locale(discord_):
    said, state = await said_in(discord_, "qps", CH, USERS, LOBBY + ROUND, accepted=True)
    assert state.turn == 0 and 2 in state.runes.values()  # the round was played: Yellow stole a rune
    left = [(line, text, english(text, state)) for line, text in said if english(text, state)]
    assert not left, left


@pytest.mark.parametrize(("locale", "said"), [
    ("de", "Rot segelte Boot 1 A2→F4→D1 (x2), verdrängte Gelb Boot 1 (Gelb wählt F4 oder F5), setzte 2 Siedler auf "
           "Dagmarsey ein"),
    ("pl", "Czerwony żegluje łodzią 1 A2→F4→D1 (x2), wypycha Żółty łódź 1 (Żółty wybiera F4 lub F5), wysadza na "
           "wyspę Dagmarsey: 2 osadnicy"),
])
async def test_a_sails_result_reads_in_the_games_language(discord_, locale, said):
    discord_.builder.guild_locale = locale
    for user, line in LOBBY:
        assert (await discord_.run(user, CH, line)).ok, line
    discord_.builder.speaks("@alice", locale)
    rec = await discord_.run("@alice", CH, ROUND[0][1])
    assert any(said in m.content for m in rec.messages), [m.content for m in rec.messages]


async def test_the_turn_cards_sail_menu_leaves_no_english_in_the_pseudo_locale(discord_):
    """The turn card's questions, buttons and the sail's trips (boats, ends, moves, bumps, raids)
    are translated: the menu's labels go through the catalogs too."""
    discord_.builder.guild_locale = "qps"
    for user in USERS:
        discord_.builder.speaks(user, "qps")
    for user, line in LOBBY[:7]:
        assert (await discord_.run(user, CH, line)).ok, line
    message, button = discord_.find_component("waypost:card:", "@alice", CH, prefix=True)
    card = (await discord_.click("@alice", CH, message, button["custom_id"])).original
    assert card is not None and card.ephemeral
    sail = next(c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":sail::0:to"))
    assert (await discord_.click("@alice", CH, card.id, sail["custom_id"])).ok
    shown = discord_.standin.message(card.id)
    found = list(iter_components(shown.components))
    trips = [o["label"] for c in found if c.get("type") == 3 for o in c["options"]]
    assert len(trips) > 3  # every boat's ends
    said = [shown.content, *trips, *(c.get("label") or "" for c in found if c.get("type") == 2)]
    state = discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(CH[1:])).state
    left = [(text, english(text, state)) for text in said if english(text, state)]
    assert not left, left
