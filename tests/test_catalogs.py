"""The catalogs (locale/<lang>/LC_MESSAGES/waypost.po): complete, with the English placeholders,
holding every name and description of the command tree and every message marked in the source."""

from __future__ import annotations

import ast
import re

import pytest
from babel.messages.pofile import read_po

from front.bot import command_tree
from front.translator import command_strings, question_strings
from games import default_games
from tools.catalogs import KEYWORDS, SOURCES
from waypost.i18n import DOMAIN, LOCALE_DIR, languages, placeholders

CATALOGS = ("de", "pl")
ROOT = LOCALE_DIR.parent


def catalog(language):
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def test_german_and_polish_have_catalogs():
    assert set(CATALOGS) <= set(languages())
    assert catalog("pl").num_plurals == 3 and catalog("de").num_plurals == 2


@pytest.mark.parametrize("language", CATALOGS)
def test_every_message_is_translated_with_the_english_placeholders(language):
    problems = []
    for message in catalog(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(placeholders(e) for e in english))
        if message.fuzzy or not all(forms):
            problems.append(f"untranslated: {english[0]!r}")
        for form in forms:
            try:
                found = placeholders(form)
            except ValueError as e:  # an unbalanced brace
                problems.append(f"broken {form!r}: {e}")
                continue
            if form and found != wanted:
                problems.append(f"{form!r} has {sorted(found)}, the English {sorted(wanted)}")
    assert problems == []


@pytest.mark.parametrize("language", CATALOGS)
async def test_the_catalogs_hold_every_name_and_description_of_the_commands(language):
    po = catalog(language)
    missing = [(context, text) for context, text in command_strings(await command_tree())
               if po.get(text, context=context) is None or not po.get(text, context=context).string]
    assert missing == [], "run `make catalogs` and translate the new entries"


@pytest.mark.parametrize("language", CATALOGS)
def test_the_catalogs_hold_every_question_the_games_ask(language):
    """The turn cards' and menus' words the rules declare (actions' names, parameters' questions,
    defaults and fixed choices) are translated: `front.cards` looks them up as msgids."""
    po = catalog(language)
    missing = [text for text in question_strings(default_games().values())
               if po.get(text) is None or not po.get(text).string]
    assert missing == [], "run `make catalogs` and translate the new entries"


@pytest.mark.parametrize("language", CATALOGS)
def test_the_catalogs_hold_the_looks_labels_and_questions(language):
    """Issue 29: the read-only looks (`Game.looks`: `/megaciv area`, `/glory look` …) have their labels,
    parameters' questions and defaults translated like an action's, in every game."""
    po = catalog(language)
    looks = [look for entry in default_games().values() for look in entry.rules.looks]
    texts = [text for look in looks for text in (look.label, *(p.ask for p in look.params),
                                                  *(p.omitted() for p in look.params if not p.required))]
    assert len(looks) >= 6
    missing = [text for text in texts if po.get(text) is None or not po.get(text).string]
    assert missing == [], "run `make catalogs` and translate the new entries"


def test_every_marked_message_reaches_the_template():
    """Every `Msg`, `Plural` and `say` with a literal template in the source is in the catalog
    template: Babel's extractor drops a marker nested in a call inside another marker's values
    (`Msg("… {gains}", gains=joined([Msg("…")]))`), which would then never be translated."""
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as f:
        known = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    missing = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS \
                        and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value not in known:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.args[0].value!r}")
    assert missing == [], "hoist the nested message into a name of its own, then run `make catalogs`"


@pytest.mark.parametrize("language", CATALOGS)
def test_command_and_option_names_keep_discords_rules(language):
    """A command's or an option's name in a catalog is what Discord takes: lowercase letters, digits,
    '-' and '_', 1 to 32 (a menu's word of the same spelling may take a capital, the name may not)."""
    bad = [(m.context, m.id, m.string) for m in catalog(language)
           if m.context in ("command", "option") and m.string
           and not (re.fullmatch(r"[-_\w]{1,32}", m.string) and m.string == m.string.lower())]
    assert not bad, bad
