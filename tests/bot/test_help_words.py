"""/game help explains each game's words (issue 28 §7): every term of a game's glossary, with its
meaning, is on the help's words pages (that the glossary covers the game's menus:
tests/contract/test_words.py)."""

from __future__ import annotations

import shlex

CH = "#help"


async def test_the_help_explains_every_glossary_term(discord_, games):
    explained = 0
    for key, entry in games.items():
        rules = entry.rules
        if not rules.glossary:
            continue  # the test-only game has no words of its own
        await discord_.run("@alice", CH, f"/game help game:{key}")
        heading = f"**{rules.title}: words**"
        page = await discord_.run("@alice", CH, f"!click {shlex.quote(f'{rules.title}: words')}")
        text = ""
        while page.content.startswith(heading):
            text += page.content + "\n"
            if "Next" not in [c.get("label") for row in page.original.components for c in row["components"]]:
                break
            page = await discord_.run("@alice", CH, "!click Next")
        missing = [term for term, meaning in rules.glossary if f"**{term}** — {meaning}" not in text]
        assert text and missing == [], key
        explained += 1
    assert explained >= 4  # every shipped game has a glossary
