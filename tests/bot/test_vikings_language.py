"""Tiny Epic Vikings in the players' languages (issue 29) through the real bot: a whole game (the
lobby and its refusals, tests/scripts/vikings_full_game.txt's setup and sails that bump, deploy,
attack, raid and take and steal runes, a bumped boat's fjord chosen, a dedication, a return taken
back, adjustments, then every era to the last, a sail that stays, a boat adjusted back to harbour,
and the host ending the game) with every client and the server in the pseudo-locale `qps` leaves
no English in the replies, the channel's posts, the direct messages, autocomplete, the turn card's
menus (each action's opened), the alt text and the text drawn into every board (only names:
players, spaces, islands, gods, the board's title, what was typed); in German and Polish, the same
game keeps no catalog sentence in English and reads so."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from offline.payloads import iter_components
from render import vikings
from tests.bot.test_skye import script_lines
from tests.support.speaking import board_labels, drawings, menus, reads_in, said_in, shown
from waypost.i18n import pseudo

CH = "#fjord"
USERS = ("@alice", "@bob", "@carl", "@dora")
SCRIPT = Path(__file__).parent.parent / "scripts" / "vikings_full_game.txt"
WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = {"red", "blue", "yellow", "food", "steel", "boat", "none", "stay"}
# seat colours, adjusted fields and keywords as they are typed
LOBBY = [
    ("@alice", "/game new game:vikings board:nordhav"), ("@bob", "/game join colour:blue"), ("@carl", "/game join"),
    ("@carl", "/game notify turn:true hits:false"),  # Yellow is told its turns by direct message
    ("@bob", "/game start"),  # only the host
    ("@alice", "/game start"),
]
REFUSED = [
    ("@dora", "/game join"),  # seats are fixed
    ("@alice", "/vikings place dock:A2"),  # Yellow places first
    ("@carl", "/vikings place dock:Z9"),  # no such dock
    ("@carl", '/vikings sail boat:1 route:"F4 D1" strength:2'),  # boats are still being placed
    ("@alice", "/vikings era"),  # not during setup
    ("@bob", "/vikings adjust what:food player:@alice value:3"),  # only the host adjusts another's
    ("@carl", "/game choose choice:F4"),  # nobody asked
]
LAST_ERA = [  # after the script: the second era's turns, the last era, the host ending the game
    ("@bob", "/vikings sail boat:1 route:stay strength:1"),  # a sail that stays
    ("@bob", "/vikings end"), ("@carl", "/vikings end"),
    ("@alice", "/vikings era"),  # era 3, the last
    ("@alice", "/vikings era"),  # no era after it
    ("@alice", "!complete /game reach piece:"), ("@alice", "/game reach piece:1"),  # where boat 1 can sail
    ("@alice", "/vikings adjust what:boat boat:1 space:none"),  # back to harbour
    ("@alice", "!complete /vikings adjust what:boat boat:1 space:"),
    ("@alice", "!complete /vikings sail boat:1 route:"), ("@alice", "!complete /vikings dedicate target:"),
    ("@alice", "/vikings end"),
]
# the commands whose turn card is opened (every action's menu) before the first line of them
OPENED = ("/vikings place", "/vikings sail", "/vikings dedicate", "/vikings return", "/vikings end")
TITLE = "Tiny Epic Vikings"  # the game's name, in every language
PLAYING = ("end", "era")  # actions that ask nothing: a tap on the card plays them
# the table's own texts, whose English is another part of issue 29 (docs/i18n.md, "Left" 2): the log's lines,
# the status listing and a take-back quoting the log
TABLE = ("/game log page:2", "/game status", "/game undo")


def names(state: Any) -> list[str]:
    """The names the board's data holds (spaces, islands, gods, its title), the game's and the
    players', longest first: not the rest of its data."""
    board = state.board
    found = [TITLE, board.title, board.name, *(i.name for i in board.islands), *(i.title for i in board.islands),
             *board.gods, *(s.name for s in state.seats)]
    return sorted(set(found), key=len, reverse=True)


def english(text: str, state: Any) -> list[str]:
    """The English words left in a text said in `qps`: mentions, typed values, commands and names
    (whole, in any case) aside."""
    for name in names(state):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.IGNORECASE)
    text = re.sub(r"<[@#]\d+>|'[^']*'|\b\w+:\w+\b|/\w+( \w+)?", " ", text)
    return [w for w in WORD.findall(text) if w.casefold() not in NAMES]


def compose(state: Any, viewer: Any, focus: Any = None, highlight: Any = None, posted: Any = None) -> Any:
    """A board as the bot drew it (`render.vikings.draw`'s arguments), as an image."""
    if highlight is not None:
        return vikings.compose_reach(state, viewer, highlight)
    return vikings.compose(state, viewer, posted)


Boards = list[tuple[Any, tuple[Any, ...]]]  # every board drawn: the work and its arguments


async def played(discord_: Any, locale: str) -> tuple[list[tuple[str, str]], Boards, Any]:
    """The whole game played in `locale`: what was said (replies, posts, direct messages,
    autocomplete, turn cards and their menus, alt text, the end's confirmation), with what led to
    it, every board drawn and the state the game ended in."""
    boards = drawings(discord_)
    said, _ = await said_in(discord_, locale, CH, USERS, LOBBY + REFUSED, read=shown)
    lines = [(user, line) for user, _, line in script_lines(SCRIPT)]
    start = next(i for i, (_, line) in enumerate(lines) if line == "/game start")
    opened: set[str] = set()
    for user, line in lines[start + 1:] + LAST_ERA:
        kind = next((k for k in OPENED if line.startswith(k) and k not in opened), None)
        if kind:
            opened.add(kind)
            said += [(f"({user}'s card)", text) for text in await menus(discord_, user, CH, 1, PLAYING)]
        rec = await discord_.run(user, CH, line)
        assert rec.ok, (line, rec.failures)
        said += [(line, text) for m in rec.messages for text in shown(m)]
        said += [(line, c["name"]) for c in rec.choices or ()]
    assert opened == set(OPENED), opened
    state = discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(CH[1:])).state
    rec = await discord_.run("@alice", CH, "/game end")
    said += [("/game end", text) for m in rec.messages for text in shown(m)]
    button = next(c for c in iter_components(rec.original.components)
                  if c.get("custom_id", "").startswith("waypost:end"))
    rec = await discord_.click("@alice", CH, rec.original, button["custom_id"])
    said += [("(End)", text) for m in [*rec.messages, rec.original] for text in shown(m)]
    said += [("(posted)", text) for m in discord_.channel_posts for text in shown(m)]
    said += [("(direct message)", text) for m in discord_.standin.direct_messages("@carl") for text in shown(m)]
    return said, boards, state


async def test_a_whole_game_leaves_no_english_in_the_pseudo_locale(discord_):
    said, boards, end = await played(discord_, "qps")
    assert end.era == 3  # every era was played
    assert any(line == "(direct message)" for line, _ in said)
    assert any(args[3] is not None for _, args in boards)  # boat 1's reach, drawn
    said += [("(board)", text) for text in board_labels(boards, compose)]
    left = [(line, text, english(text, end)) for line, text in said if english(text, end) and line not in TABLE]
    assert not left, '\n'.join(f'{line}\n   {text}\n   {words}' for line, text, words in left)


@pytest.mark.parametrize(("locale", "samples"), [
    ("de", ["Rot segelte Boot 1 A2→F4→D1 (x2), verdrängte Gelb Boot 1 (Gelb wählt F4 oder F5), setzte 2 Siedler auf "
            "Dagmarsey ein", "⛔ Feld 'Z9' gibt es auf diesem Plan nicht",
            "Zeitalter 3 beginnt: Plündern kostet 3 Stahl", "Holz: die neue Zahl"]),
    ("pl", ["Czerwony żegluje łodzią 1 A2→F4→D1 (x2), wypycha Żółty łódź 1 (Żółty wybiera F4 lub F5), wysadza na "
            "wyspę Dagmarsey: 2 osadnicy", "⛔ Na tej mapie nie ma: pole 'Z9'",
            "Zaczyna się era 3: najazd kosztuje 3 stali", "drewno: nowa liczba"]),
])
async def test_the_same_game_reads_in_german_and_polish(discord_, locale, samples):
    """The game played in `qps` above, in German and Polish: no sentence of the catalogs is left in
    English (its boards' text too), and a sail's result, a refusal, the era's start and an
    adjustment menu's label read so."""
    said, boards, end = await played(discord_, locale)
    assert end.era == 3
    said += [("(board)", text) for text in board_labels(boards, compose)]
    text = "\n".join(t for line, t in said if line not in TABLE)
    reads_in(text, samples, (TITLE,))


@pytest.mark.parametrize(("locale", "none", "stay"), [("de", "Keine", "bleiben"), ("pl", "BRAK", "zostań")])
async def test_keywords_shown_in_the_players_language_are_taken_typed_in_them(discord_, locale, none, stay):
    """The menus offer a boat "none (in harbour)" and a sail that stays ("stay at D1") in the
    player's language ("keine (im Hafen)", "bei D1 bleiben"): typed so, in any case, they are read
    as `none` and `stay` (issue 29 item 4)."""
    discord_.builder.speaks("@alice", locale)
    for user, line in [*LOBBY[:3], LOBBY[-1], ("@carl", "/vikings place dock:D1"), ("@bob", "/vikings place dock:B1"),
                       ("@alice", "/vikings place dock:A2")]:
        assert (await discord_.run(user, CH, line)).ok, line
    rec = await discord_.run("@alice", CH, f"/vikings sail boat:1 route:{stay} strength:1")
    assert not rec.content.startswith("⛔"), rec.content
    rec = await discord_.run("@alice", CH, f"/vikings adjust what:boat boat:1 space:{none}")
    assert not rec.content.startswith("⛔"), rec.content
    state = discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(CH[1:])).state
    assert state.players[0].boats[1] is None and state.sails == 1  # back in harbour after one sail, stayed


async def test_the_sail_cards_default_reads_in_the_pseudo_locale(discord_):
    """A sail chosen in the menu beside the turn card's trips (its options set too) asks for the sail
    card next, the smallest that does by default: the choice says so through the catalogs
    (`Param.omitting`), not in English."""
    for user, line in [*LOBBY[:3], LOBBY[-1], ("@carl", "/vikings place dock:D1"), ("@bob", "/vikings place dock:B1"),
                       ("@alice", "/vikings place dock:A2")]:
        assert (await discord_.run(user, CH, line)).ok, line
    discord_.builder.speaks("@alice", "qps")
    message, button = discord_.find_component("waypost:card:", "@alice", CH, prefix=True)
    card = (await discord_.click("@alice", CH, message, button["custom_id"])).original
    sail = next(c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":sail::0:to"))
    assert (await discord_.click("@alice", CH, card.id, sail["custom_id"])).ok
    trips = next(c for c in iter_components(discord_.standin.message(card.id).components)
                 if c.get("custom_id", "").endswith(":h"))  # the menu beside the trips': its options asked too
    assert (await discord_.click("@alice", CH, card.id, trips["custom_id"], [trips["options"][0]["value"]])).ok
    found = list(iter_components(discord_.standin.message(card.id).components))
    labels = [c.get("label") or "" for c in found] + [o["label"] for c in found for o in c.get("options", ())]
    assert pseudo("The smallest that does") in labels, labels
