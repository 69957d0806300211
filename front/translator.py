"""Discord's own localisation of the commands: names and descriptions from the catalogs.

discord.py asks the tree's translator for every command, group, option and choice name and
description in every Discord locale as it syncs; `CatalogTranslator` answers from the catalog of
the locale's language (`waypost.i18n`), nothing for English. Names are looked up in their own
msgctxt ("command", "option", "choice": a name is a word, not the sentence that may share its
spelling), descriptions without one. `command_strings` lists what a tree asks for, which
`tools/catalogs.py` extracts and the conformance test checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from waypost.i18n import PSEUDO, SOURCE, language_of, pseudo, translate
from waypost.registry import GameEntry

NAMES = {Where.command_name: "command", Where.group_name: "command", Where.parameter_name: "option",
         Where.choice_name: "choice"}
LONGEST = {"command": 32, "option": 32, "choice": 100, None: 100}  # Discord's limits; a description's is 100


class CatalogTranslator(app_commands.Translator):
    """Names and descriptions in each Discord locale's catalog language; `languages` maps a Discord
    locale to another language (the tests' pseudo-locale)."""

    def __init__(self, languages: Mapping[str, str] | None = None):
        self.languages = dict(languages or {})

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = self.languages.get(locale.value) or language_of(locale.value)
        if language == SOURCE:
            return None
        ctxt = NAMES.get(context.location)
        if language == PSEUDO:
            text = pseudo(string.message, bracket=ctxt not in ("command", "option"))
            return text if len(text) <= LONGEST[ctxt] else pseudo(string.message, bracket=False)
        found = translate(string.message, language, ctxt)
        return found if found != string.message else None


def command_strings(tree: app_commands.CommandTree[Any]) -> Iterator[tuple[str | None, str]]:
    """Every (msgctxt, msgid) the tree's commands ask a translator for, in tree order."""
    for command in tree.walk_commands():
        yield "command", command.name
        yield None, command.description
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                yield "option", param.display_name
                yield None, param.description
                for choice in param.choices:
                    yield "choice", choice.name


def question_strings(entries: Iterable[GameEntry]) -> Iterator[str]:
    """Every action's and look's name and every question, default and fixed choice their parameters
    declare: the words of turn cards, menus and commands (translated as msgids), in game order."""
    for entry in entries:
        kinds = [(action.named(), action.params) for action in entry.rules.actions]
        for label, params in kinds + [(look.label, look.params) for look in entry.rules.looks]:
            yield label
            for param in params:
                yield param.ask
                if not param.required:
                    yield param.omitted()
                yield from (choice.label for choice in param.fixed)
