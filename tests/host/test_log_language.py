"""The log keeps its texts as messages (issue 29): an entry's summary, public text and details are
stored with their catalog templates and values (column `said`, migration 008), so that /game log,
/game since and recaps say them in the reader's language; an entry from before (no `said`) is
shown as stored."""

from __future__ import annotations

from rules.messages import Msg, Plural, capitalised, joined
from waypost.i18n import translate
from waypost.records import LogEntry, log_entry, log_row

SUMMARY = Msg("{name} took back their last action: {action}", name=Msg("The host"),
              action=joined([capitalised(Msg("prices revealed: {prices}.", prices="J2")),
                             Plural("{n} gold", "{n} gold", 3)]))


def test_an_entrys_messages_are_stored_and_read_back_translatable():
    entry = LogEntry("2026-01-01T00:00:00+00:00", 1, "undo", {}, SUMMARY, [Msg("Back")], 0, True,
                     public=Msg("{name} took back a secret move.", name="Red"))
    read = log_entry(log_row(7, entry)[1:])
    assert read.summary == SUMMARY and translate(read.summary, "qps") == translate(SUMMARY, "qps") != SUMMARY
    assert translate(read.public, "qps") == translate(entry.public, "qps") != entry.public
    assert [translate(d, "qps") for d in read.details] == ["[Ɓáćķ]"]


def test_an_entry_from_before_is_shown_as_stored():
    row = log_row(7, LogEntry("2026-01-01T00:00:00+00:00", 1, "lobby", {}, "bob joined.", ["a line"]))
    assert row[-1] == ""  # no message in it: nothing kept beside the text
    read = log_entry(row[1:])
    assert (read.summary, read.details) == ("bob joined.", ["a line"]) and not isinstance(read.summary, Msg)
