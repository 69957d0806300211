"""Discord's own localisation of the commands in the pseudo-locale: every name and description of
the real command tree goes through the translator, within Discord's rules."""

from __future__ import annotations

import re

from front.bot import command_tree
from front.translator import CatalogTranslator
from offline.command_rules import GUILD_COMMANDS_ROUTE, command_violations
from tests.offline.test_command_sync import nodes

ENGLISH = re.compile(r"[A-Za-z]{2,}")  # the pseudo-locale accents every letter of the English text


async def test_the_command_tree_in_the_pseudo_locale_has_no_english_left():
    tree = await command_tree()
    translator = CatalogTranslator({"de": "qps"})  # Discord has no pseudo-locale: it stands in for German
    sent = [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
    left = []
    for node in nodes(sent):
        for field in ("name", "description"):
            if field in node:
                text = (node.get(f"{field}_localizations") or {}).get("de", node[field])
                if ENGLISH.search(text):
                    left.append(text)
    assert left == []
    assert command_violations("PUT", GUILD_COMMANDS_ROUTE, sent) == []
