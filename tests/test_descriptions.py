"""Every description players read in Discord's command picker — each command's and group's, each
option's and each fixed choice's name — fits Discord's 100 characters and is a whole phrase, never
one cut short: not discord.py's "…" for an option nobody described, no dangling "e.g." or "like",
no open parenthesis or quotation (issue 23 §5)."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from front.bot import extensions

LIMIT = 100  # Discord's, for a description and a choice's name
DANGLING = {"a", "an", "the", "and", "or", "nor", "but", "of", "like", "e.g.", "i.e.", "eg", "ie", "such", "than",
            "whose", "which", "etc"}  # a phrase may end with "from" ("the area it comes from"), never with these
APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")  # player's, don't: not a quotation mark


def problem(text: str) -> str | None:
    """Why `text` is not a whole description, or None."""
    if not text.strip():
        return "empty"
    if len(text) > LIMIT:
        return f"{len(text)} characters (at most {LIMIT})"
    if text.rstrip().endswith(("…", "...", ",", ":", ";", "(", "—", "-", "/")):
        return "ends mid-phrase"
    last = text.rstrip(" .").split()[-1].casefold() if text.rstrip(" .") else ""
    if last in DANGLING or text.rstrip().casefold().endswith(("e.g.", "i.e.")):
        return f"ends with a dangling {last!r}"
    for opening, closing in ("()", "[]", "{}"):
        if text.count(opening) != text.count(closing):
            return f"an unclosed {opening}"
    if text.count('"') % 2 or APOSTROPHE.sub("", text).count("'") % 2:
        return "an unclosed quotation"
    return None


async def described(games) -> list[tuple[str, str]]:
    """(where, text) for every description and choice name of the real bot's command tree."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for extension in extensions(games):
        await bot.load_extension(extension)
    found = []
    for command in bot.tree.walk_commands():
        found.append((f"/{command.qualified_name}", command.description))
        if isinstance(command, app_commands.Command):
            for p in command.parameters:
                found.append((f"/{command.qualified_name} {p.display_name}:", p.description))
                found += [(f"/{command.qualified_name} {p.display_name}: choice", c.name) for c in p.choices]
    return found


async def test_every_description_fits_and_is_a_whole_phrase(games):
    found = await described(games)
    assert len(found) > 150  # every game's commands were seen
    bad = [f"{where} {text!r}: {why}" for where, text in found if (why := problem(text))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("text", ["…", "x" * 101, "Areas like", "Tiles, e.g.", "The hex (default: where it is",
                                  "Which 'tile", "Whose pieces (the host only for others; default", ""])
def test_a_cut_description_is_found(text):
    assert problem(text) is not None


@pytest.mark.parametrize("text", ["The player's tiles ('none': keep them all)", "How many tokens (default 1)",
                                  "Spend it (default) or stop spending it", "Gold on your first tile (0 if none)."])
def test_a_whole_description_passes(text):
    assert problem(text) is None
