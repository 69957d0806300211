"""/game status as an embed: the game, its seats, the phase, who is away now and until when, whom
the game waits for and until when; every field within Discord's embed limits."""

from __future__ import annotations

import discord

from front.replies import escape, fit
from rules.text import players, plural
from waypost.deadlines import left
from waypost.outcome import Status, Waiting
from waypost.registry import HOST_SETTINGS

HOST_DEFAULTS = {s.name: s.default for s in HOST_SETTINGS}


def status_embed(status: Status) -> discord.Embed:
    embed = discord.Embed(title=f"{status.game_title} — {status.board_title}"[:256], colour=0x2B6CB0)
    shown = {"lobby": f"waiting to start ({players(*status.seat_range)})", "active": "in play"}
    embed.add_field(name="Status", value=shown.get(status.status, status.status))
    embed.add_field(name="Host", value=f"<@{status.host_id}>")
    embed.add_field(name="Phase", value=escape(status.phase)[:1024], inline=False)
    who = status.identities or tuple(s.colour for s in status.seats)
    seats = "\n".join(f"{i + 1}. {escape(s.name)} — {who[i]} (<@{s.player_id}>)" for i, s in enumerate(status.seats))
    embed.add_field(name="Seats", value=fit([seats], 1024) or "nobody", inline=False)
    if status.status == "active":
        at_once, total = (status.settings.get(name, HOST_DEFAULTS[name]) for name in ("away_days", "away_total_days"))
        spent = [f"<@{player}> {left(seconds)}" for player, seconds in status.away_spent if seconds >= 60]
        now = [f"<@{player}> until {discord.utils.format_dt(until, 'f')}" for player, until in status.away]
        lines = [*(["Away now: " + ", ".join(now)] if now else []),
                 f"Each player at most {plural(at_once, 'day')} at once, {plural(total, 'day')} in all.",
                 *(["Away so far: " + ", ".join(spent)] if spent else [])]
        embed.add_field(name="Away", value=fit(lines, 1024), inline=False)
    if status.waiting:
        waiting = [f"<@{w.user_id}> — {escape(w.prompt)}{_when(w)}" for w in status.waiting]
        embed.add_field(name="Waiting for", value=fit(waiting, 1024), inline=False)
    if status.paused:
        embed.add_field(name="Paused", value="The host paused the game: every clock is stopped and nobody moves until "
                        "it resumes.", inline=False)
    return embed


def _when(waiting: Waiting) -> str:
    if waiting.away_until:
        return f" (away until {discord.utils.format_dt(waiting.away_until, 'f')})"
    if waiting.deadline:
        return f" (deadline {discord.utils.format_dt(waiting.deadline, 'R')})"
    return ""
