"""/game status as an embed: the game, its seats, the phase, who is away now and until when, whom
the game waits for and until when; every field within Discord's embed limits, in the reader's
language (the game's, when posted)."""

from __future__ import annotations

import discord

from front.replies import escape, fit
from rules.messages import Msg, Plural, joined
from rules.text import players
from waypost.deadlines import left
from waypost.i18n import translate
from waypost.outcome import Status, Waiting
from waypost.registry import HOST_SETTINGS

HOST_DEFAULTS = {s.name: s.default for s in HOST_SETTINGS}
SHOWN = {"active": Msg("in play"), "ended": Msg("ended")}


def status_embed(status: Status, language: str) -> discord.Embed:
    def say(text: str) -> str:
        return translate(text, language)

    embed = discord.Embed(title=f"{status.game_title} — {status.board_title}"[:256], colour=0x2B6CB0)
    shown = Msg("waiting to start ({players})", players=players(*status.seat_range)) if status.status == "lobby" \
        else SHOWN.get(status.status, status.status)
    embed.add_field(name=say(Msg("Status")), value=say(shown))
    embed.add_field(name=say(Msg("Host")), value=f"<@{status.host_id}>")
    embed.add_field(name=say(Msg("Phase")), value=escape(say(status.phase))[:1024], inline=False)
    who = status.identities or tuple(s.colour for s in status.seats)
    seats = "\n".join(f"{i + 1}. {escape(s.name)} — {who[i]} (<@{s.player_id}>)" for i, s in enumerate(status.seats))
    embed.add_field(name=say(Msg("Seats")), value=fit([seats], 1024) or say(Msg("nobody")), inline=False)
    if status.status == "active":
        at_once, total = (status.settings.get(name, HOST_DEFAULTS[name]) for name in ("away_days", "away_total_days"))
        spent = [f"<@{player}> {say(left(seconds))}" for player, seconds in status.away_spent if seconds >= 60]
        now = [say(Msg("{player} until {when}", player=f"<@{player}>", when=discord.utils.format_dt(until, "f")))
               for player, until in status.away]
        lines = [*([say(Msg("Away now: {players}", players=", ".join(now)))] if now else []),
                 say(Msg("Each player at most {once} at once, {total} in all.",
                         once=Plural("{n} day", "{n} days", at_once), total=Plural("{n} day", "{n} days", total))),
                 *([say(Msg("Away so far: {players}", players=", ".join(spent)))] if spent else [])]
        embed.add_field(name=say(Msg("Away")), value=fit(lines, 1024), inline=False)
    if status.waiting:
        waiting = [f"<@{w.user_id}> — {escape(say(w.prompt))}{say(_when(w))}" for w in status.waiting]
        embed.add_field(name=say(Msg("Waiting for")), value=fit(waiting, 1024), inline=False)
    if status.paused:
        embed.add_field(name=say(Msg("Paused")), value=say(Msg(
            "The host paused the game: every clock is stopped and nobody moves until it resumes.")), inline=False)
    return embed


def _when(waiting: Waiting) -> str:
    if waiting.away_until:
        return joined(["", Msg("(away until {when})", when=discord.utils.format_dt(waiting.away_until, "f"))])
    if waiting.deadline:
        return joined(["", Msg("(deadline {when})", when=discord.utils.format_dt(waiting.deadline, "R"))])
    return ""
