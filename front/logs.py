"""Logging for the bot: one format, and interaction and webhook tokens never written out.

discord.py logs request URLs at DEBUG level, and an interaction's token sits in those URLs
(`/interactions/<id>/<token>/callback`, `/webhooks/<app>/<token>/…`): anyone holding it can answer
in the bot's name for 15 minutes. Every handler gets a filter that replaces tokens with `<token>`.
"""

from __future__ import annotations

import logging
import re

_TOKENS = (
    re.compile(r"(/interactions/\d+/)[^/\s?\"']+"),
    re.compile(r"(/webhooks/\d+/)[^/\s?\"']+"),
    re.compile(r"""(["']token["']\s*:\s*["'])[^"']+"""),
)


def redact(text: str) -> str:
    """`text` with every interaction or webhook token replaced by `<token>`."""
    for pattern in _TOKENS:
        text = pattern.sub(r"\1<token>", text)
    return text


class RedactTokens(logging.Filter):
    """Rewrites each record's message with its tokens redacted (arguments already merged in)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def setup_logging(level: str) -> None:
    """Log to standard error at `level`, tokens redacted."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactTokens())
