"""Settings read from the environment (and a `.env` file)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

from waypost.fairness import Allowance, Share
from waypost.shards import Shards

DEFAULT_DB = "var/waypost.sqlite3"
UNBUDGETED: dict[str, float] = {"user_rate": 1e6, "user_burst": 10**6, "user_in_flight": 10**6, "work_rate": 1e6,
                                 "work_burst": 1e6, "server_work_rate": 1e6, "server_work_burst": 1e6}
"""Config fields lifting every user's budgets: for scripts, tests and benchmarks, which send far
faster than people and spend on heavy work as they need."""


@dataclass(frozen=True)
class Config:
    """The bot's settings. `user_rate` and `user_burst` bound what one user may send: so many
    commands and autocompletes a second on average, in bursts of so many; `user_in_flight` how many
    of their commands may be being answered at once; `work_rate` and `work_burst` what one user
    may spend on heavy work (drawing, replaying, exports: `waypost.fairness`), in CPU seconds a
    second on average and in bursts of so many seconds, and `server_work_…` what one server may
    (ten users' worth by default: a core's worth, so one server alone cannot saturate a bot on two
    cores). Every `tick_seconds` the table's clocks are looked at (reminders, deadlines); 0 turns
    that off (tests turn the clock). `db` is a SQLite file's path or a `postgresql://` URL
    (`waypost.stores`); `shards`, when set, is the slice of the bot's shards this process serves
    (`waypost.shards`)."""

    token: str
    db: str
    dev_guild: int | None
    log_level: str
    user_rate: float = 10.0
    user_burst: float = 40
    user_in_flight: float = 3
    work_rate: float = 0.1
    work_burst: float = 8.0
    server_work_rate: float = 1.0
    server_work_burst: float = 80.0
    tick_seconds: float = 30.0
    shards: Shards | None = None

    def allowance(self) -> Allowance:
        """What each user and each server may spend on heavy work."""
        return Allowance(Share(self.work_rate, self.work_burst), Share(self.server_work_rate, self.server_work_burst))

    @classmethod
    def from_env(cls, env_file: str | None = ".env") -> Config:
        """Read `.env` (if present, without overriding the environment) and build a Config."""
        if env_file:
            load_dotenv(env_file, override=False)
        guild = os.environ.get("WAYPOST_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise SystemExit(f"WAYPOST_DEV_GUILD must be a server id (digits), not {guild!r}.")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db=os.environ.get("WAYPOST_DB", "").strip() or DEFAULT_DB,
            dev_guild=int(guild) if guild else None,
            log_level=os.environ.get("WAYPOST_LOG_LEVEL", "INFO").strip().upper() or "INFO",
        )
