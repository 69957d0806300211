"""A member's own games on a server, privately: /game mine's list (those waiting for them first, each
with a link to its channel) with a turn-card button for each game that waits for them, and what a
setting for all their games covered (`/game away everywhere:true`, `/game notify`); in the
member's language."""

from __future__ import annotations

import discord

from front.cards import CardButton
from front.replies import escape, fit
from rules.messages import Msg, Plural, joined
from waypost.i18n import translate
from waypost.outcome import Covered, Mine

CARDS = 20  # turn-card buttons in one answer (Discord allows 25 components)


def mine_message(guild: discord.Guild | None, user_id: int, found: list[Mine],
                 language: str) -> tuple[str, discord.ui.View]:
    """The list, and a "Your turn card" button for each game waiting for `user_id` (its card opens
    here; what is played from it is posted in the game's channel)."""
    lines = [translate(_line(m), language) for m in found]
    view = discord.ui.View(timeout=None)
    for number, m in enumerate([m for m in found if m.waiting][:CARDS], start=1):
        channel = guild.get_channel_or_thread(m.channel_id) if guild is not None else None
        label = Msg("Your turn card: {game} in #{channel}", game=m.game_title, channel=channel.name) \
            if channel is not None else Msg("Your turn card: {game} ({number})", game=m.game_title, number=number)
        view.add_item(CardButton(m.channel_id, user_id, translate(label, language)))
    return fit(lines), view


def _line(m: Mine) -> Msg:
    game, channel = escape(m.game_title), f"<#{m.channel_id}>"
    if m.deadline and m.waiting:
        return Msg("**Your move** — {game} in {channel}, deadline {when}", game=game, channel=channel,
                   when=discord.utils.format_dt(m.deadline, "R"))
    if m.waiting:
        return Msg("**Your move** — {game} in {channel}", game=game, channel=channel)
    return Msg("Waiting for others — {game} in {channel}", game=game, channel=channel)


def covered_text(done: str, covered: list[Covered], language: str) -> str:
    """What a setting for all of a member's games did: `done` in the games it reached, and in the
    others why their table refused."""
    reached = [c for c in covered if not c.refused]
    games = Plural("{n} game", "{n} games", len(reached))
    lines = [translate(Msg("{done} in {games}:", done=done, games=games) if reached else
                       Msg("{done} in {games}.", done=done, games=games), language)]
    lines += [translate(Msg("• {game} in {channel}", game=escape(c.game_title), channel=f"<#{c.channel_id}>"),
                        language) for c in reached]
    refused = [c for c in covered if c.refused]
    if refused:
        lines.append(translate(Msg("Not changed in:"), language))
        lines += [translate(Msg("• {game} in {channel}: {why}", game=escape(c.game_title),
                                channel=f"<#{c.channel_id}>", why=escape(translate(c.said, language))), language)
                  for c in refused]
    return fit(lines)


def games_text(found: list[Mine]) -> str:
    """A member's games on a server in a few words: "Glory of Civilizations in #glory, …"."""
    named: list[str] = [Msg("{game} in {channel}", game=escape(m.game_title), channel=f"<#{m.channel_id}>")
                        for m in found[:CARDS]]
    more = [Plural("{n} more game", "{n} more games", len(found) - CARDS)] if len(found) > CARDS else []
    return joined([*named, *more], ", ") if found else Msg("no game yet")
