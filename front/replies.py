"""Turning table-layer outcomes into Discord replies, shared by every cog.

Board-changing replies draw in a worker process and answer with the image in one response when
the drawing is ready by the reply's deadline (`send_outcome`'s `answer_by`), else acknowledge
("thinking") first and follow up with it; when the drawing fails after the change was saved, the
reply says so truthfully. Refusals (PlayerError) and crashes are handled by the bot's tree error
handler (`report_error`), which says that nothing was changed only when nothing was: what fails
once the change is saved is `front.recovery`'s.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord import app_commands

from rules.errors import PlayerError
from waypost.fairness import Payer
from waypost.outage import StoreUnavailable
from waypost.outcome import ALT_LIMIT, Outcome, User
from waypost.records import CommitUnknown
from waypost.table import Table

if TYPE_CHECKING:  # discord.types cannot be imported first at run time (its modules import each other)
    from discord.types.message import AllowedMentions as AllowedMentionsPayload

CONTENT_LIMIT = 2000
POSTED_BESIDE = "Done: the answer is posted in the channel."  # a private "thinking" answered in public
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


def pinging(user_ids: Iterable[int]) -> Mentions:
    """Mentions that ping only these users (none if there are none)."""
    users = [discord.Object(uid) for uid in dict.fromkeys(user_ids)]
    return Mentions(everyone=False, roles=False, users=users, replied_user=False) if users else NOBODY


def user_of(interaction: discord.Interaction) -> User:
    """The acting user, with their Manage Channels permission in this channel."""
    return User(interaction.user.id, interaction.user.display_name, interaction.permissions.manage_channels)


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


def pages(lines: list[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """Lines joined into as many messages of at most `limit` characters as they need, nothing
    left out: a message breaks between lines, and only a line longer than a whole message is
    broken inside."""
    found: list[str] = []
    page = ""
    for line in lines:
        while len(line) > limit:
            if page:
                found.append(page)
                page = ""
            found.append(line[:limit])
            line = line[limit:]
        if page and len(page) + 1 + len(line) > limit:
            found.append(page)
            page = ""
        page = f"{page}\n{line}" if page else line
    return [*found, page] if page or not found else found


def mentions(user_ids: tuple[int, ...]) -> str:
    return " ".join(f"<@{uid}>" for uid in user_ids)


def render_text(outcome: Outcome) -> list[str]:
    """The reply's text, in as many messages as it needs: what happened, the details not already
    said, whom it concerns."""
    said = outcome.text.casefold()
    lines = [escape(outcome.text), *(f"• {escape(d)}" for d in outcome.details if d.casefold() not in said)]
    if outcome.hits:
        lines.append("Hit by this move: " + mentions(outcome.hits))
    if outcome.told:
        lines.append("For: " + mentions(outcome.told))
    asked = {t.user_id for t in outcome.turns}
    lines += [f"<@{t.user_id}> {_your_turn(t.prompt)}" for t in outcome.turns]
    if rest := tuple(uid for uid in outcome.ping if uid not in asked):
        lines.append("Your move: " + mentions(rest))
    return pages(lines)


def mentioning(outcome: Outcome, quiet: Iterable[int] = ()) -> Mentions:
    """Whom an outcome's answer pings: whom it hit, concerns or asks to move, but those in `quiet`
    (they are told by direct message)."""
    silent = set(quiet)
    return pinging(uid for uid in (*outcome.hits, *outcome.told, *outcome.ping) if uid not in silent)


def _your_turn(prompt: str) -> str:
    """ "your turn: sail (2 left) or end", from the game's prompt for the player."""
    said = escape(prompt.strip())
    said = said[len("your turn:"):].strip() if said.casefold().startswith("your turn:") else said
    return f"your turn: {said[:1].lower()}{said[1:]}" if said else "your turn"


async def send_outcome(interaction: discord.Interaction, outcome: Outcome, thinking: bool | None = None,
                       view: discord.ui.View | None = None, quiet: Iterable[int] = (),
                       answer_by: float | None = None, channel_id: int | None = None) -> None:
    """Reply with an outcome: text and the board image (drawn in a worker process), then the rest of
    a text too long for one message; what the channel is told of a private answer is `front.lines`'.
    `thinking` is whether the interaction was already acknowledged with a private "thinking" (True)
    or a public one (False). An interaction not yet acknowledged is answered with the image in one
    response if it is drawn by `answer_by` (the event loop's clock), else acknowledged ("thinking")
    first. Players in `quiet` are named but not pinged (they are told by direct message). A public
    outcome goes to the game's channel, `channel_id`, when the interaction came from another one
    (a turn card opened from /game mine): the clicker is told privately where."""
    content, *more = render_text(outcome)
    allowed = mentioning(outcome, quiet)
    elsewhere = not outcome.private and channel_id not in (None, interaction.channel_id)
    file = None
    if outcome.drawing is not None:
        drawing = asyncio.ensure_future(table_of(interaction).draw(outcome.drawing, payer_of(interaction)))
        if not interaction.response.is_done() and not await _drawn_by(drawing, answer_by):
            await interaction.response.defer(ephemeral=outcome.private or elsewhere, thinking=True)
            thinking = outcome.private or elsewhere
        try:
            png = await drawing
            file = discord.File(io.BytesIO(png), filename="board.png", description=outcome.drawing.alt[:ALT_LIMIT])
        except Exception as error:  # the change is saved: say so, and that the picture failed
            ref = secrets.token_hex(4)
            log.error("drawing failed (ref %s) in %s", ref, what(interaction), exc_info=error)
            content = fit([content, f"⚠ The move is recorded, but the board could not be drawn (ref {ref})."])
    extra: dict[str, Any] = {"file": file} if file is not None else {}
    if view is not None:
        extra["view"] = view
    if elsewhere and channel_id is not None:
        await _elsewhere(interaction, channel_id, thinking, [content, *more], allowed, extra)
        return
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=outcome.private, allowed_mentions=allowed, **extra)
    elif thinking and not outcome.private:  # a private "thinking" cannot become public: answer beside it
        await interaction.edit_original_response(content=POSTED_BESIDE)
        await interaction.followup.send(content, allowed_mentions=allowed, **extra)
    else:
        await interaction.followup.send(content, ephemeral=outcome.private, allowed_mentions=allowed, **extra)
    for page in more:
        await interaction.followup.send(page, ephemeral=outcome.private, allowed_mentions=allowed)


async def _drawn_by(drawing: asyncio.Future[bytes], deadline: float | None) -> bool:
    """Whether `drawing` is done by `deadline` (None: it is not waited for)."""
    if deadline is not None:
        await asyncio.wait((drawing,), timeout=max(0.0, deadline - asyncio.get_running_loop().time()))
    return drawing.done()


async def _elsewhere(interaction: discord.Interaction, channel_id: int, thinking: bool | None, texts: list[str],
                     allowed: discord.AllowedMentions, extra: dict[str, Any]) -> None:
    """A public answer posted in the game's channel, away from the interaction's: the clicker is told
    privately where it went (or that Waypost may not post there: the move stands all the same)."""
    note = f"Done: the answer is posted in <#{channel_id}>."
    try:
        for i, text in enumerate(texts):
            await post(interaction, channel_id, text, allowed_mentions=allowed, **(extra if i == 0 else {}))
    except discord.Forbidden:
        note = f"Done, but Waypost may not post in <#{channel_id}>: the players there see it in /game log."
    if not interaction.response.is_done():
        await interaction.response.send_message(note, ephemeral=True, allowed_mentions=NOBODY)
    elif thinking:
        await interaction.edit_original_response(content=note)


async def post(interaction: discord.Interaction, channel_id: int, content: str, **message: Any) -> None:
    """A public message in a game's channel: a follow-up of the interaction when it came from that
    channel, else (a turn card opened in another channel, or Discord failing the follow-up: the
    interaction's answer failed, or its webhook is rate limited) a message of the bot's own there."""
    if channel_id == interaction.channel_id:
        try:
            await interaction.followup.send(content, **message)
            return
        except discord.HTTPException as error:
            log.warning("a follow-up in %s failed (%s); posted in the channel instead", what(interaction), error)
            if isinstance(message.get("file"), discord.File):
                message["file"].reset()  # read by the failed request
    await interaction.client.get_partial_messageable(channel_id).send(content, **message)


async def say_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral message, whether or not the interaction was already answered. A public
    "thinking" is taken down first: the first followup would fill it in, for the channel to see."""
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        thinking = await interaction.original_response()
        if thinking.flags.loading and not thinking.flags.ephemeral:
            await thinking.delete()
    await respond(interaction, content=fit([text]), ephemeral=True)


async def respond(interaction: discord.Interaction, **message: Any) -> None:
    """Answer the interaction with a message (mentioning nobody), or follow up its acknowledgement
    if it was acknowledged already (`front.answering.awaited`)."""
    if interaction.response.is_done():
        await interaction.followup.send(allowed_mentions=NOBODY, **message)
    else:
        await interaction.response.send_message(allowed_mentions=NOBODY, **message)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """A refusal names the problem privately, as does the store being unavailable (its outage is
    logged once, by the store); anything else is logged with a reference."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.CommandNotFound):
        await say_privately(interaction, "⛔ That command no longer exists; your Discord app will catch up shortly.")
        return
    if isinstance(error, (PlayerError, app_commands.TransformerError, app_commands.CheckFailure)):
        await say_privately(interaction, f"⛔ {escape(str(error))}")
        return
    if isinstance(error, StoreUnavailable):
        await say_privately(interaction, str(error))
        return
    ref = secrets.token_hex(4)
    log.error("unexpected error (ref %s) in %s", ref, what(interaction), exc_info=error)
    if isinstance(error, CommitUnknown):
        await say_privately(interaction, f"⚠ The database failed while saving this (ref {ref}): it may or may not "
                                         "have been recorded. Check /game log before you do it again.")
        return
    await say_privately(interaction, f"Something went wrong (ref {ref}). Nothing was changed; "
                                     "please tell the bot's operator this reference.")


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
