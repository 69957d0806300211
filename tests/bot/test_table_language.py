"""The table's own texts in the players' languages (issue 29) through the real bot, in an Isle of
Skye game (its sealed prices give a reveal to verify): with the server and every client in the
pseudo-locale `qps`, /game help (every page), /game settings (the listing and a change), /game
status, /game mine, the Verify button, /game log, /game since, /game recap, /game export and the
import of a bad file leave no English (only names: players, the game's and board's titles, tile
ids, setting names and values, commands and options as typed); in German and Polish the same lines
keep no sentence of the catalogs in English, and the log says what English players read in theirs."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import default_games
from offline.payloads import iter_components
from tests.render.legibility import english as data_english
from tests.support.speaking import reads_in

CH = "#skye"
USERS = ("@alice", "@bob", "@carl")
NAMES = {"alice", "bob", "carl", "isle", "skye", "journeyman", "red", "blue", "yellow", "waypost", "json", "utf",
         "gzip", "sha", "python", "format", "first", "game", "standard", "tally",
         "off", "quiet", "loud", "every", "turn", "live", "notify", "default", "count", "random", "shared", "keep",
         "choose", "barrel", "tile", "classic", "steady", "finale", "chatter",
         *(w.casefold() for g in default_games().values() for w in re.findall(r"\w+", g.rules.title))}
# players, the games' titles (the help lists them all, the test-only Tally too) and boards, seat
# colours, the bot's name, the file formats, the hash and language of the proof's recipe, an
# export's field; setting values and names as typed
TITLES = {"Isle of Skye with the Journeyman"}
LOBBY = [
    ("@alice", "/game new game:skye board:journeyman"), ("@bob", "/game join"), ("@carl", "/game join"),
    ("@alice", "/game settings"), ("@alice", "/game settings name:deal value:133"),
    ("@alice", "/game settings name:deadline_hours value:48"), ("@alice", "/game start"),
    ("@bob", "/skye price axe:L62 price1:3 price2:1"), ("@carl", "/skye price axe:L06 price1:3 price2:2"),
    ("@alice", "/skye price axe:J2 price1:4 price2:1"),  # the prices revealed: a Verify button
]
LOOKS = [("@bob", "/game status"), ("@bob", "/game status public:true"), ("@alice", "/game mine"),
         ("@bob", "/game log"), ("@carl", "/game since"), ("@alice", "/game recap actions:2"),
         ("@alice", "/game export"), ("@alice", "/game settings")]


def text_of(message: Any) -> list[str]:
    """What a message says: its content, its embeds' words and its buttons' labels."""
    said = [message.content]
    for embed in message.embeds:
        said += [embed.get("title", ""), embed.get("description", "")]
        said += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", ())]
    said += [c.get("label") or "" for c in iter_components(message.components)]
    return [s for s in said if s]


def english(text: str, state: object) -> list[str]:
    """The English words left in a text said in `qps`: mentions and timestamps, code and commands
    (in backticks, a call, or typed with their options), quoted values, tile ids, setting names and the
    names the state's own data holds aside."""
    text = re.sub(r"\w+\.\w+\(\S*|<[@#]\d+>|<t:\d+:\w>|`[^`]*`|'[^']*'|\"[^\"]*\"|/\w+( \w+)?|\b[LJ]\d+\b|\b\w+:\w+\b|"
                  r"\b[0-9a-f]{8,16}\b|\b\w+(\\?_\w+)+\b", " ", text)
    return [w for w in data_english(text, state) if w.casefold() not in NAMES]


async def said(discord_: Any, locale: str) -> tuple[list[tuple[str, str]], Any]:
    """The lines above, every page of /game help and the Verify button's answer, and the import of
    a bad file elsewhere, with the server and every client speaking `locale`: each text the bot
    said, with the line that led to it; and the game's state."""
    discord_.builder.guild_locale = locale
    for user in (*USERS, "@dora"):
        discord_.builder.speaks(user, locale)
    out: list[tuple[str, str]] = []

    async def run(user: str, line: str, channel: str = CH) -> Any:
        rec = await discord_.run(user, channel, line)
        assert rec.ok, (line, rec.content)
        out.extend((line, t) for m in rec.messages for t in text_of(m))
        return rec

    for user, line in LOBBY:
        await run(user, line)
    message, button = discord_.find_component("waypost:verify:", "@carl", CH, prefix=True)
    rec = await discord_.click("@carl", CH, message, button["custom_id"])
    out.extend(("Verify", t) for m in rec.messages for t in text_of(m))
    for user, line in LOOKS:
        await run(user, line)
    await run("@alice", "/game settings name:away_days value:3")  # a change, told to the channel
    page = await run("@carl", "/game help")
    nexts = 0
    while nxt := next((c for c in iter_components(page.components) if c.get("custom_id", "").endswith(":n")), None):
        page = await discord_.click("@carl", CH, page.original, nxt["custom_id"])
        out.extend(("/game help", t) for t in text_of(discord_.standin.message(page.original.id)))
        page.original = discord_.standin.message(page.original.id)
        nexts += 1
    assert nexts >= 7  # every page: the game's commands, rules, words and settings, and the table's
    rec = await discord_.command("@dora", "#copy", "game import", {"file": ("x.json", b'{"format": 1}')})
    assert rec.ephemeral and rec.content.startswith("⛔")
    out.extend(("/game import", t) for m in rec.messages for t in text_of(m))
    state = discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(CH[1:])).state
    return out, state


async def test_the_tables_texts_and_help_leave_no_english_in_the_pseudo_locale(discord_):
    out, state = await said(discord_, "qps")
    lines = {line for line, _ in out}
    assert {"/game log", "/game since", "/game mine", "/game help", "Verify", "/game import"} <= lines
    left = [(line, text, english(text, state)) for line, text in out if english(text, state)]
    assert not left, "\n".join(map(repr, left))


@pytest.mark.parametrize(("locale", "samples"), [
    ("de", ["Protokoll, Seite 1 von 1 (das Neueste zuerst):", "8. Gelb hat die Preise versiegelt: Axt auf L06",
            "Preise von Rot: axe=J2;L52=4;L63=1 mit Salt", "Jeder Spieler höchstens 7 Tage am Stück"]),
    ("pl", ["Dziennik, strona 1 z 1 (od najnowszych):", "8. Żółty pieczętuje swoje ceny: topór na L06",
            "Ceny gracza Czerwony: axe=J2;L52=4;L63=1 z solą", "Każdy gracz najwyżej 7 dni naraz"]),
])
async def test_the_same_lines_read_in_german_and_polish(discord_, locale, samples):
    """The same lines in German and Polish: no sentence of the catalogs is left in English; the
    log, written before anyone read it, speaks the reader's language."""
    out, _ = await said(discord_, locale)
    text = "\n".join(t for _, t in out)
    reads_in(text, samples, TITLES)
