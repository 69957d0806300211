"""What every reply shares: the interaction's table and user, text made safe and fit to Discord's
limits, whom a message may ping, private answers, and refusals and crashes, handled by the bot's
tree error handler (`report_error`), which says that nothing was changed only when nothing was:
what fails once the change is saved is `front.sender`'s. An outcome's reply is planned by
`front.plan` and sent by `front.sender`.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord import app_commands

from rules.errors import PlayerError
from rules.messages import Msg
from waypost.fairness import Payer
from waypost.i18n import language_of, translate
from waypost.outage import StoreUnavailable
from waypost.outcome import User
from waypost.records import CommitUnknown
from waypost.table import Table

if TYPE_CHECKING:  # discord.types cannot be imported first at run time (its modules import each other)
    from discord.types.message import AllowedMentions as AllowedMentionsPayload

CONTENT_LIMIT = 2000
POSTED_BESIDE = Msg("Done: the answer is posted in the channel.")  # a private "thinking" answered in public
log = logging.getLogger("waypost")


class Mentions(discord.AllowedMentions):
    """Allowed mentions whose listed ids go out as strings, as Discord's API describes them
    (discord.py sends numbers); merging with the bot's default keeps the class."""

    def to_dict(self) -> AllowedMentionsPayload:
        data = super().to_dict()
        if "users" in data:
            data["users"] = [str(uid) for uid in data["users"]]
        return data

    def merge(self, other: discord.AllowedMentions) -> Mentions:
        merged = super().merge(other)
        return Mentions(everyone=merged.everyone, users=merged.users, roles=merged.roles,
                        replied_user=merged.replied_user)


USERS_ONLY = Mentions(everyone=False, roles=False, users=True, replied_user=False)
NOBODY = Mentions.none()


def user_of(interaction: discord.Interaction) -> User:
    """The acting user, with their Manage Channels permission in this channel."""
    return User(interaction.user.id, interaction.user.display_name, interaction.permissions.manage_channels)


def reader(interaction: discord.Interaction) -> str:
    """The language of the one who clicked or typed: their Discord client's (English without a catalog)."""
    return language_of(str(interaction.locale) if interaction.locale else None)


def payer_of(interaction: discord.Interaction) -> Payer:
    """Whom the heavy work an interaction asks for is charged to: its user, in its server."""
    return Payer(interaction.user.id, interaction.guild_id)


class _Hosting(Protocol):
    table: Table


def table_of(interaction: discord.Interaction) -> Table:
    """The table of the bot that received the interaction."""
    return cast(_Hosting, interaction.client).table


def channel_of(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


def escape(text: str) -> str:
    """Neutralise markdown (masked links included) and mentions in text that came from players."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def fit(lines: list[str], limit: int = CONTENT_LIMIT) -> str:
    """Join lines, dropping the last ones (with a note) if they would exceed Discord's limit;
    a first line too long on its own is cut short."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line])) > limit - 40:
            break
        kept.append(line)
    if not kept:
        return text[:limit - 1] + "…"
    return "\n".join([*kept, f"… ({len(lines) - len(kept)} more lines)"])[:limit]


async def say_privately(interaction: discord.Interaction, text: str, refused: bool = False) -> None:
    """An ephemeral message, whether or not the interaction was already answered, in the reader's
    language (a `Msg` is translated; other text goes as it is), after ⛔ when it is a refusal. A
    public "thinking" is taken down first: the first followup would fill it in, for the channel to see."""
    if isinstance(text, Msg):
        text = translate(text, reader(interaction))
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        thinking = await interaction.original_response()
        if thinking.flags.loading and not thinking.flags.ephemeral:
            await thinking.delete()
    await respond(interaction, content=fit([f"⛔ {text}" if refused else text]), ephemeral=True)


async def respond(interaction: discord.Interaction, **message: Any) -> None:
    """Answer the interaction with a message (mentioning nobody), or follow up its acknowledgement
    if it was acknowledged already (`front.sender.awaited`)."""
    if interaction.response.is_done():
        await interaction.followup.send(allowed_mentions=NOBODY, **message)
    else:
        await interaction.response.send_message(allowed_mentions=NOBODY, **message)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """A refusal names the problem privately, in the reader's language, as does the store being
    unavailable (its outage is logged once, by the store); anything else is logged with a reference."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.CommandNotFound):
        await say_privately(interaction, Msg("That command no longer exists; your Discord app will catch up shortly."),
                            refused=True)
        return
    if isinstance(error, (PlayerError, app_commands.TransformerError, app_commands.CheckFailure)):
        said = error.args[0] if error.args and isinstance(error.args[0], Msg) else str(error)  # a check's Msg too
        await say_privately(interaction, escape(translate(said, reader(interaction))), refused=True)
        return
    if isinstance(error, StoreUnavailable):
        await say_privately(interaction, str(error))
        return
    ref = secrets.token_hex(4)
    log.error("unexpected error (ref %s) in %s", ref, what(interaction), exc_info=error)
    if isinstance(error, CommitUnknown):
        await say_privately(interaction, Msg("⚠ The database failed while saving this (ref {ref}): it may or may "
                                             "not have been recorded. Check /game log before you do it again.",
                                             ref=ref))
        return
    await say_privately(interaction, Msg("Something went wrong (ref {ref}). Nothing was changed; please tell the "
                                         "bot's operator this reference.", ref=ref))


def what(interaction: discord.Interaction) -> str:
    """The interaction in a log line: command or component, user, channel."""
    data = cast(dict[str, Any], interaction.data or {})
    name = interaction.command.qualified_name if interaction.command else data.get("custom_id")
    return f"{name!r} by user {interaction.user.id} in channel {interaction.channel_id}"


def choices(values: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete choices (name, value) matching what the user typed, at most 25."""
    typed = current.lower().strip()
    found: list[app_commands.Choice[str]] = []
    for n, v in values:
        if typed in n.lower() or typed in v.lower():
            found.append(app_commands.Choice(name=n[:100], value=v[:100]))
            if len(found) == 25:
                break
    return found
