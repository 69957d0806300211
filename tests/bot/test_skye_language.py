"""Isle of Skye in the players' languages (issue 29) through the real bot: a whole game (the lobby
and its refusals, then tests/scripts/skye_full_game.txt's six rounds to the final scoring and the
game's end: sealed prices and plans and their reveals, buying, decisions, placing, roads, walks,
bonus tiles, every round's scoring) with every client and the server in the pseudo-locale `qps`
leaves no English in the replies, the channel's posts, the direct messages, autocomplete, the turn
card's menus (each action's opened once), the alt text and the text drawn into every board (only
names: players, tile ids, what was typed and the names the board's data holds: its title, tracks,
bonus and scoring tiles); in German and Polish, the same game keeps no catalog sentence in English
and reads so."""

from __future__ import annotations

import re
from typing import Any

import pytest

from render import skye
from render.skye.pieces import BONUS_CODES
from rules.options import Step
from tests.bot.test_skye import play_script, script_lines
from tests.support.speaking import board_labels, drawings, menus, reads_in, said_in, shown

CH = "#skye"
USERS = ("@alice", "@bob", "@carl", "@dora")
WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = {"red", "blue", "yellow", "deal", "merchant", "warrior", "castle", "pass", "iii"}
# seat colours as typed (an identity), a setting's name, typed keywords, a track slot's numeral
# the table's own texts, whose English is another part of issue 29 (docs/i18n.md, "Left" 2): the log's lines, an
# export, the status listing and a take-back quoting the log
TABLE = ("/game log", "/game export", "/game status", "/game undo")
LOBBY = [
    ("@alice", "/game new game:skye board:journeyman"), ("@bob", "/game join"), ("@carl", "/game join"),
    ("@bob", "/game notify turn:true hits:false"),  # Blue is told its turns by direct message
    ("@alice", "/game settings name:deal value:133"),
    ("@bob", "/game start"),  # only the host
]
REFUSED = [
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
CODES = r"\b(" + "|".join(re.escape(c) for c in BONUS_CODES.values()) + r")\b"
TITLE = "Isle of Skye with the Journeyman"  # the game's name, in every language
# the commands whose turn card is opened (every action's menu) before the script's first line of them
OPENED = ("/skye price", "/skye buy", "/skye place", "/skye plan", "/skye road", "/skye use")


def script() -> list[tuple[str, str]]:
    """The full game's lines after its start (the lobby's are played above)."""
    lines = [(user, line) for user, _, line in script_lines()]
    start = next(i for i, (_, line) in enumerate(lines) if line == "/game start")
    return lines[start + 1:]


def names(state: Any) -> list[str]:
    """The names the board's data holds (its title, tracks, bonus and scoring tiles, schedules), the
    game's and the players', longest first: not the rest of its data (terrains, features, texts)."""
    board = state.board
    found = [TITLE, board.title, board.name, *(t.title for side in board.progress.sides for t in side.tracks),
             *(t.name for side in board.progress.sides for t in side.tracks),
             *(b.title for b in board.progress.bonuses), *(t.title for t in board.scoring.tiles),
             *(s.title for s in board.scoring.schedules), *(s.name for s in state.seats)]
    return sorted(set(found), key=len, reverse=True)


def english(text: str, state: Any) -> list[str]:
    """The English words left in a text said in `qps`: mentions, typed values, commands, tile ids,
    seals' fingerprints, bonus tiles' codes (abbreviations the board's key explains) and names
    (whole, in any case: "the" of "The Long Walk" is no name elsewhere) aside."""
    for name in names(state):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.IGNORECASE)
    text = re.sub(CODES, " ", text)
    text = re.sub(r"<[@#]\d+>|'[^']*'|\b[LJ]\d+\b|\b\w+:\w+\b|/\w+( \w+)?|\b[0-9a-f]{8}\b", " ", text)
    return [w for w in WORD.findall(text) if w.casefold() not in NAMES]


def compose(state: Any, viewer: Any, focus: Any = None, highlight: Any = None, posted: Any = None) -> Any:
    """A board as the bot drew it (`render.skye.draw`'s arguments, or `picture`'s: a step's), as an image."""
    if isinstance(focus, Step):
        return skye.compose_picture(state, viewer, focus)
    if highlight is not None:
        return skye.compose_reach(state, viewer, highlight)
    return skye.compose(state, viewer, focus, posted if focus is None else None)


async def played(discord_: Any, locale: str) -> tuple[list[tuple[str, str]], list[tuple[Any, tuple[Any, ...]]]]:
    """The whole game played in `locale`: what was said (replies, posts, direct messages,
    autocomplete, turn cards and their menus, alt text), with what led to it, and every board drawn
    (the last one the game's end: `state`)."""
    boards = drawings(discord_)
    said, _ = await said_in(discord_, locale, CH, USERS, LOBBY + [("@alice", "/game start")] + REFUSED, read=shown)
    opened: set[str] = set()
    reached = False
    for user, line in script():
        kind = next((k for k in OPENED if line.startswith(k) and k not in opened), None)
        if kind:
            opened.add(kind)
            said += [(f"({user}'s card)", text) for text in await menus(discord_, user, CH, least=1)]
        if kind == "/skye plan":  # where the journeyman can go: the reach picture, its piece as suggested
            rec = await discord_.run(user, CH, "!complete /game reach piece:")
            said += [("/game reach", c["name"]) for c in rec.choices or ()]
            rec = await discord_.run(user, CH, f"/game reach piece:{rec.choices[0]['value']}")
            said += [("/game reach", text) for m in rec.messages for text in shown(m)]
            reached = True
        rec = await discord_.run(user, CH, line)
        assert rec.ok, (line, rec.failures)
        said += [(line, text) for m in rec.messages for text in shown(m)]
        said += [(line, c["name"]) for c in rec.choices or ()]
    assert opened == set(OPENED) and reached, opened
    said += [("(posted)", text) for m in discord_.channel_posts for text in shown(m)]
    said += [("(direct message)", text) for m in discord_.standin.direct_messages("@bob") for text in shown(m)]
    return said, boards


def state(boards: list[tuple[Any, tuple[Any, ...]]]) -> Any:
    """The game's last state: the last board's."""
    return boards[-1][1][0]


async def test_a_whole_game_leaves_no_english_in_the_pseudo_locale(discord_):
    said, boards = await played(discord_, "qps")
    end = state(boards)
    assert end.stage == "over"  # played to the final scoring and the game's end
    assert any(line == "(direct message)" for line, _ in said)
    assert any(len(args) > 3 and args[3] is not None for _, args in boards)  # the journeyman's reach, drawn
    said += [("(board)", text) for text in board_labels(boards, compose)]
    left = [(line, text, english(text, end)) for line, text in said if english(text, end) and line not in TABLE]
    assert not left, '\n'.join(f'{line}\n   {text}\n   {words}' for line, text, words in left)


@pytest.mark.parametrize(("locale", "samples"), [
    ("de", ["⛔ Deine Preise ergeben 8 Gold, du hast aber nur 5.",
            "⛔ Das geht jetzt nicht (ein Plättchen kaufen): Runde 1 von 6: Rot, Blau und Gelb legt Preise fest.",
            "Axt auf L63: Gebirge N E, Weide S W; Schriftrolle Broch",
            "Schlusswertung: Rot +1 (L25 (2 SP je Leuchtturm, Gebiet nicht abgeschlossen): 0"]),
    ("pl", ["⛔ Twoje ceny dają razem 8 złota, a masz tylko 5.",
            "⛔ Teraz nie możesz tego zrobić (kupić kafelek): Runda 1 z 6: wycena: Czerwony, Niebieski i Żółty.",
            "topór na L63: góry N E, pastwisko S W; zwój: broch",
            "Punktacja końcowa: Czerwony +1 (L25 (2 PZ za latarnię morską, obszar nieukończony): 0"]),
])
async def test_the_same_game_reads_in_german_and_polish(discord_, locale, samples):
    """The game played in `qps` above, in German and Polish: no sentence of the catalogs is left in
    English (its boards' text too), and a refusal, a tile's words and the final scoring read so."""
    said, boards = await played(discord_, locale)
    assert state(boards).stage == "over"
    said += [("(board)", text) for text in board_labels(boards, compose)]
    text = "\n".join(t for line, t in said if line not in TABLE)
    reads_in(text, samples, (TITLE,))


@pytest.mark.parametrize(("locale", "passing"), [("de", "Passen"), ("pl", "SPASOWAĆ")])
async def test_a_keyword_shown_in_the_players_language_is_taken_typed_in_it(discord_, locale, passing):
    """The buying menu offers "pass: buy nothing" in the player's language ("passen: nichts kaufen"):
    typed so, in any case, it is read as `pass` (issue 29 item 4), and Blue buys nothing."""
    discord_.builder.speaks("@bob", locale)
    lines = script()
    buying = next(i for i, (_, line) in enumerate(lines) if line.startswith("/skye buy"))
    for user, line in [*LOBBY[:3], LOBBY[4], ("@alice", "/game start"), *lines[:buying]]:  # Blue buys first
        assert (await discord_.run(user, CH, line)).ok, line
    rec = await discord_.run("@bob", CH, f"/skye buy tile:{passing}")
    assert not rec.content.startswith("⛔"), rec.content
    state = discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(CH[1:])).state
    assert "L63" not in state.players[1].to_place  # passed: the tile the script has Blue buy is not theirs


@pytest.mark.parametrize(("locale", "labels", "none"), [("de", ["Krieger", "keine"], "KEINE"),
                                                        ("pl", ["wojownik", "brak"], "Brak")])
async def test_a_decisions_options_read_in_the_players_language_and_are_taken_typed_so(discord_, locale, labels, none):
    """The journeyman's question (J-T9) offers "warrior" and "none" in the menu and autocomplete as the
    catalog names them ("Krieger", "keine"), the values still the English words `/game choose` takes;
    the translated word typed (any case) answers it (issue 29)."""
    discord_.builder.guild_locale = locale
    for user in USERS:
        discord_.builder.speaks(user, locale)
    await play_script(discord_, upto="@alice /game choose choice:warrior")
    _, menu = discord_.find_component("waypost:choose:", "@alice", CH, prefix=True)
    assert [(o["label"], o["value"]) for o in menu["options"]] == list(zip(labels, ["warrior", "none"], strict=True))
    rec = await discord_.run("@alice", CH, "!complete /game choose choice:")
    assert [c["name"].split(" — ")[0] for c in rec.choices] == labels
    assert "journeyman symbol" not in rec.choices[0]["name"]  # the question too
    rec = await discord_.run("@alice", CH, f"/game choose choice:{none}")
    assert rec.ok and not rec.content.startswith("⛔"), rec.content
    state = discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(CH[1:])).state
    assert not any(p.seat == 0 for p in state.pending)  # Red's question answered
