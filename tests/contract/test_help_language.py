"""/game help speaks the reader's language (issue 29): each shipped game's rules summary, proof
help, glossary (terms and meanings), settings' help and phases, and the host's settings' help, are
catalog messages the template holds, so that German, Polish and any later catalog translate them
(tests/bot/test_table_language.py reads one game's help pages through the bot)."""

from __future__ import annotations

from typing import Any

from games import default_games
from rules.messages import Msg
from waypost.i18n import known, translate
from waypost.registry import HOST_SETTINGS


def texts(rules: Any) -> list[str]:
    return [rules.summary, *([rules.proof_help] if rules.proof_help else []),
            *(text for pair in rules.glossary for text in pair), *(s.help for s in rules.settings)]


def test_every_games_help_texts_are_catalog_messages():
    games = default_games()
    assert len(games) >= 4
    found = [(key, text) for key, entry in games.items() for text in texts(entry.rules)]
    found += [("host", s.help) for s in HOST_SETTINGS]
    loose = [(key, text) for key, text in found if not isinstance(text, Msg) or (None, text.template) not in known()]
    assert not loose, loose
    assert all(translate(text, "qps") != text for _, text in found)  # the pseudo-locale reaches every one


def test_every_games_phases_on_the_help_page_are_in_the_catalogs():
    """The rules' page lists each phase's title, prompt and end: text the catalogs hold (the help
    wraps it as a message, `front.help._msg`)."""
    phases = [(key, text) for key, entry in default_games().items() for p in entry.rules.flow.phases
              for text in (p.title, p.prompt, p.ends) if text]
    assert phases
    loose = [(key, text) for key, text in phases if (None, getattr(text, "template", text)) not in known()]
    assert not loose, loose
