"""Each awaited player's clock: when the game started waiting for them, what was already spent,
which reminders went out, and when the game next needs looking at.

A clock runs while the game waits for its player, and stops while the game is paused or the player
is away (what ran before is kept in `spent`; how long each player has been away in all is
`away_spent`, from the log). A player the game no longer waits for has no clock;
when it waits for them again, a new one starts. From the table's settings (`deadline_hours`,
`remind_percent`, `remind_hours`) a running clock has points: a reminder part-way, a reminder some
hours before the end, and the deadline. Pure: the table passes the time in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

HALF, LAST, DEADLINE = "part-way", "last", "deadline"


@dataclass(frozen=True)
class Clock:
    """One player's clock: running `since` (None: stopped), `spent` seconds before that, and the
    points already dealt with."""

    since: str | None
    spent: float = 0.0
    reminded: tuple[str, ...] = ()

    def used(self, now: datetime) -> float:
        """Seconds counted so far."""
        return self.spent + ((now - datetime.fromisoformat(self.since)).total_seconds() if self.since else 0.0)


@dataclass(frozen=True)
class Timing:
    """The table's deadline settings."""

    hours: int = 0
    remind_percent: int = 0
    remind_hours: int = 0

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Timing:
        return cls(int(settings.get("deadline_hours", 0)), int(settings.get("remind_percent", 0)),
                   int(settings.get("remind_hours", 0)))


@dataclass
class Clocks:
    """Every awaited player's clock, by player id."""

    running: dict[int, Clock] = field(default_factory=dict)

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Clocks:
        return cls({int(k): Clock(v["since"], float(v["spent"]), tuple(v["reminded"])) for k, v in data.items()})

    def dump(self) -> dict[str, Any]:
        return {str(k): {"since": c.since, "spent": c.spent, "reminded": list(c.reminded)}
                for k, c in sorted(self.running.items())}

    def settle(self, awaited: Iterable[int], now: datetime, stopped: set[int],
               resumed: Mapping[int, datetime] | None = None) -> Clocks:
        """The clocks after a change: players newly awaited start now; those no longer awaited have
        none; `stopped` players' clocks (away, or everyone while paused) do not run; a stopped clock
        runs again from now, or from when its player came back (`resumed`)."""
        stamp = now.isoformat()
        out: dict[int, Clock] = {}
        for player in awaited:
            clock = self.running.get(player, Clock(stamp))
            if player in stopped and clock.since is not None:
                clock = replace(clock, since=None, spent=clock.used(now))
            elif player not in stopped and clock.since is None:
                clock = replace(clock, since=(resumed or {}).get(player, now).isoformat())
            out[player] = clock
        return Clocks(out)

    def points(self, player: int, timing: Timing, now: datetime) -> list[tuple[str, datetime]]:
        """The player's points not yet dealt with, each with when it falls (a stopped clock: none)."""
        clock = self.running.get(player)
        if clock is None or clock.since is None or timing.hours <= 0:
            return []
        total = timing.hours * 3600.0
        start = now - timedelta(seconds=clock.used(now))  # where the clock would have started, unstopped
        marks = [(DEADLINE, total)]
        if 0 < timing.remind_percent < 100:
            marks.append((HALF, total * timing.remind_percent / 100))
        if 0 < timing.remind_hours * 3600 < total:
            marks.append((LAST, total - timing.remind_hours * 3600))
        return sorted(((name, start + timedelta(seconds=at)) for name, at in marks if name not in clock.reminded),
                      key=lambda point: point[1])

    def deadline(self, player: int, timing: Timing, now: datetime) -> datetime | None:
        """When the player's time runs out (None: no deadline, or their clock is stopped)."""
        clock = self.running.get(player)
        if clock is None or clock.since is None or timing.hours <= 0:
            return None
        return now + timedelta(seconds=timing.hours * 3600.0 - clock.used(now))

    def next_due(self, timing: Timing, now: datetime) -> datetime | None:
        """The earliest point any clock has left."""
        due = [when for player in self.running for _, when in self.points(player, timing, now)]
        return min(due, default=None)

    def mark(self, player: int, point: str) -> None:
        clock = self.running[player]
        self.running[player] = replace(clock, reminded=(*clock.reminded, point))


def away_spent(settings: Iterable[tuple[int, str, int]], now: datetime) -> dict[int, float]:
    """Seconds each player has been away so far, from their away settings in log order (player,
    when, days; 0 days: back): each lasts its days, or until the player's next setting or now."""
    spent: dict[int, float] = {}
    last: dict[int, tuple[datetime, datetime]] = {}  # each player's latest setting: from, until
    for player, at, days in settings:
        when = datetime.fromisoformat(at)
        if player in last:
            start, until = last[player]
            spent[player] = spent.get(player, 0.0) + max(0.0, (min(until, when) - start).total_seconds())
        last[player] = (when, when + timedelta(days=days))
    for player, (start, until) in last.items():
        spent[player] = spent.get(player, 0.0) + max(0.0, (min(until, now) - start).total_seconds())
    return spent
