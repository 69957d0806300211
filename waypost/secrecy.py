"""What has been revealed so far: the one place the host decides which log entries a viewer may
read in full. A secret entry (a sealed plan, or taking one back) reads as its public text to
everyone but its author until a later entry reveals the plans."""

from __future__ import annotations

from collections.abc import Iterable

from rules.messages import Msg
from waypost.records import LogEntry


def revealed_up_to(entries: Iterable[LogEntry]) -> int:
    """The seq of the latest entry that revealed the plans (0: none yet)."""
    return max((e.seq for e in entries if e.reveals), default=0)


def visible(entry: LogEntry, seat: int | None, revealed: int) -> bool:
    """Whether a viewer in `seat` (None: not seated) may read `entry` in full."""
    return not entry.secret or entry.seq <= revealed or (seat is not None and entry.seat == seat)


def shown(entry: LogEntry, seat: int | None, revealed: int) -> str:
    """The entry's text as that viewer may read it."""
    return entry.summary if visible(entry, seat, revealed) else (entry.public or Msg("A player made a secret move."))


def numbered(seq: int, text: str) -> Msg:
    """A log entry's line as /game log shows it: its number and its text."""
    # TRANSLATORS: a line of /game log: the entry's number, then what happened
    return Msg("{seq}. {text}", seq=seq, text=text)


def withdrawn(entries: list[LogEntry]) -> set[int]:
    """The secret entries not revealed yet that hold a seal taken back: the sealing action and the
    undo taking it back (which repeats it). They hide nothing in play any more, but what they held
    stays the author's until the next reveal, as every secret entry's does."""
    revealed = revealed_up_to(entries)
    undone = {e.undoes for e in entries if e.kind == "undo"}
    return {e.seq for e in entries if e.secret and e.seq > revealed and (e.kind == "undo" or e.seq in undone)}


def first_hidden(entries: list[LogEntry]) -> LogEntry | None:
    """The first secret entry not revealed yet whose seal is live, not taken back (None: no seal is
    hidden in play)."""
    revealed, gone = revealed_up_to(entries), withdrawn(entries)
    return next((e for e in entries if e.secret and e.seq > revealed and e.seq not in gone), None)
