"""What /game's options suggest: the games, their boards, free colours, settings, the parts of a
board, your pieces, the answers to your question; each from the table, as the asking user may see it."""

from __future__ import annotations

import discord
from discord import app_commands

from front.replies import channel_of, choices, reader, table_of, user_of
from rules.errors import NoGame
from waypost.channels import players_on
from waypost.i18n import SOURCE, named, translate
from waypost.lobby import settings_of
from waypost.outcome import Status


async def game_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    games = table_of(interaction).games
    return choices([(g.rules.title, key) for key, g in games.items()], current)


async def board_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    game = table_of(interaction).games.get(getattr(interaction.namespace, "game", None) or "")
    if game is None:
        return []
    return choices([(f"{b.info.title} ({players_on(game, b.info)})", name) for name, b in game.boards.items()],
                   current)


async def _status(interaction: discord.Interaction) -> Status | None:
    """The channel's game at a glance; None when it has none."""
    try:
        return await table_of(interaction).status(channel_of(interaction))
    except NoGame:
        return None


async def colour_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    status = await _status(interaction)
    if status is None:
        return []
    taken, language = {s.colour for s in status.seats}, reader(interaction)
    return choices([(c if language == SOURCE else named(c, language), c)  # shown in the player's language
                    for c in table_of(interaction).games[status.game_key].rules.colours if c not in taken], current)


async def setting_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    status = await _status(interaction)
    if status is None:
        return []
    specs = settings_of(table_of(interaction).game(status.game_key))
    return choices([(f"board (now {status.board})", "board"),
                    *((f"{k} (now {specs[k].show(v)})", k) for k, v in status.settings.items() if k in specs)],
                   current)


async def focus_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = await table_of(interaction).focuses(channel_of(interaction), user_of(interaction))
    return choices([(translate(label, reader(interaction)), value) for value, label in found], current)


async def your_pieces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = await table_of(interaction).movers(channel_of(interaction), user_of(interaction))
    return choices([(translate(p.label, reader(interaction)), p.id) for p in found], current)


async def decision_options(interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
    """The answers to your question, in your language (the English value is what is sent)."""
    asked = await table_of(interaction).decision(channel_of(interaction), user_of(interaction))
    language = reader(interaction)
    prompt = translate(asked.prompt, language) if asked else ""
    return choices([(f"{translate(o, language)} — {prompt}", o) for o in asked.options], current) if asked else []
