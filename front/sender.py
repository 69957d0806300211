"""Carrying out a reply plan (`front.plan`) in one pass: the answer, the quiet channel's line, the
live board, the decision menus, the direct messages, the export — for commands and taps alike.

`run` awaits a table call; one that takes longer than `DEFER_AFTER` is acknowledged with a private
"thinking" first, so Discord's 3-second window is never missed and a refusal stays private. A
board drawn (in a worker process) within what is left of `DEFER_AFTER` goes out in the first
response, with its text; else the answer acknowledges first. Refusals and crashes before the
change is saved are the tree's (`front.replies.report_error`). After it is saved, the player is
never told that nothing changed (issue 27 §10): an answer Discord fails goes again by a
follow-up, else in the game's channel (a private one: by direct message), and anything else
failing is logged and said privately (`after_saving`).

The components under a message are made here from the plan's (`view_of`), as the dynamic items
answering their clicks make them (`front.answering`, `front.verify`, `front.cards`); the view is
stopped before it is sent, so discord.py keeps nothing of it: the clicks go to those items.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager, suppress
from typing import Any, Protocol, TypeVar, cast
from weakref import WeakKeyDictionary

import discord
from discord.http import HTTPClient

from front.clicks import CUSTOM_ID_LIMIT
from front.plan import (
    EXPORT,
    AheadKey,
    BoardKey,
    CardKey,
    Component,
    Context,
    Menu,
    Post,
    Quick,
    ReplyPlan,
    Verify,
    closed,
    plan,
)
from front.replies import (
    NOBODY,
    POSTED_BESIDE,
    Mentions,
    escape,
    fit,
    payer_of,
    reader,
    say_privately,
    table_of,
    user_of,
    what,
)
from rules.messages import Msg
from waypost.i18n import SOURCE, game_language, translate
from waypost.outcome import ALT_LIMIT, Drawn, Outcome

T = TypeVar("T")
DEFER_AFTER = 1.5  # seconds a table call may take before the interaction is acknowledged
YOUR_CARD = Msg("Your turn card")
CHOOSE = Msg("Choose…")
BOARD_LABELS = {"end": Msg("End turn"), "undo": Msg("Take back"), "board": Msg("My board")}
AHEAD_LABELS = {"replay": Msg("Replay as prepared"), "legal": Msg("If still legal"), "clear": Msg("Take back"),
                "show": Msg("Show prepared turn")}  # a prepared turn's buttons (issue 30)
LINES_KEPT = 10_000  # quiet channels' lines remembered (the oldest forgotten first); a forgotten one is posted anew
DMS_KEPT = 10_000  # members' direct-message channels remembered (the oldest forgotten first: opened again)
log = logging.getLogger("waypost")
_lines: OrderedDict[tuple[int, str, str], tuple[int, int]] = OrderedDict()  # (channel, key, text) -> (message, n)
_order = itertools.count()
_shown: dict[int, int] = {}  # channel id -> the order number of the newest live board shown there
_dms: WeakKeyDictionary[Any, OrderedDict[int, int]] = WeakKeyDictionary()  # bot -> user id -> its DM channel


class _Messaging(Protocol):
    http: HTTPClient

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...


class _Posting(Protocol):
    async def post_now(self) -> None: ...


# --- from a table call to the plan -----------------------------------------------------------------

async def run(interaction: discord.Interaction, call: Awaitable[Outcome], channel_id: int | None = None) -> None:
    """Await a table call and answer with its outcome, about `channel_id`'s game (None: the
    interaction's channel); refusals propagate to the tree's handler."""
    answer_by = asyncio.get_running_loop().time() + DEFER_AFTER
    outcome, late = await timely(call, lambda: interaction.response.defer(ephemeral=True, thinking=True))
    await send(interaction, outcome, thinking=True if late else None, answer_by=answer_by, channel_id=channel_id)


async def awaited(interaction: discord.Interaction, call: Awaitable[T], private: bool = True) -> T:
    """A table call's result (one that may wait: on the store, behind another command), the
    interaction acknowledged first, privately or in the open, if it takes longer than DEFER_AFTER.
    Answer it with `front.replies.respond`, which follows up an acknowledgement."""
    result, _ = await timely(call, lambda: interaction.response.defer(ephemeral=private, thinking=True))
    return result


async def timely(call: Awaitable[T], acknowledge: Callable[[], Awaitable[Any]]) -> tuple[T, bool]:
    """The call's result, and whether it took so long that `acknowledge` was awaited meanwhile
    (Discord failing the acknowledgement does not stop the call: what it changes is answered
    another way)."""
    task = asyncio.ensure_future(call)
    if (await asyncio.wait({task}, timeout=DEFER_AFTER))[0]:  # not wait_for: in 3.11 it can swallow a cancellation
        return task.result(), False
    try:
        await acknowledge()
    except discord.HTTPException as error:
        log.warning("Discord failed an acknowledgement; the call goes on: %s", error)
    return await task, True


async def send(interaction: discord.Interaction, outcome: Outcome, thinking: bool | None = None,
               answer_by: float | None = None, channel_id: int | None = None) -> None:
    """Plan the saved outcome's reply and carry it out, in the game's channel, `channel_id`, when
    the interaction came from another (a turn card opened from /game mine). `thinking` is whether
    the interaction was already acknowledged with a private "thinking" (True) or a public one
    (False); `answer_by` (the event loop's clock) how long a board may take to go in the first
    response."""
    async with after_saving(interaction):
        turn = next(_order)  # taken as soon as the table has answered: an older board never covers a newer one
        channel = channel_id or interaction.channel_id or 0
        reply = plan(outcome, await _context(interaction, outcome, channel))
        await _carry_out(interaction, reply, turn, thinking, answer_by)
        if outcome.posted:  # prepared turns played after it: their posts now, not at the next tick
            await cast(_Posting, interaction.client).post_now()


async def _context(interaction: discord.Interaction, outcome: Outcome, channel: int) -> Context:
    """What the plan needs to know first: the direct-message choices of those the outcome concerns
    (but the actor, who is told in the answer), the game's end-turn action under a board, the
    actor's language and the game's."""
    table, actor = table_of(interaction), interaction.user.id
    turn_dms: set[int] = set()
    hit_dms: set[int] = set()
    if not outcome.private:
        for uid in {*outcome.hits, *outcome.ping, *(p.user_id for p in outcome.prompts)} - {actor}:
            turn, hits = await table.member(uid)
            if turn:
                turn_dms.add(uid)
            if hits:
                hit_dms.add(uid)
    finish = None
    if outcome.drawing is not None:
        rules = table.games[outcome.drawing.game_key].rules
        finish = rules.flow.finish if rules.finish() is not None else None
    return Context(channel, interaction.channel_id or 0, frozenset(turn_dms), frozenset(hit_dms), finish, actor,
                   reader(interaction), await spoken(interaction, channel))


async def spoken(interaction: discord.Interaction, channel: int) -> str:
    """The language `channel`'s game speaks (its host setting), else the server's preferred one."""
    setting = await table_of(interaction).language(channel)
    return setting or game_language(None, str(interaction.guild_locale) if interaction.guild_locale else None)


async def _carry_out(interaction: discord.Interaction, reply: ReplyPlan, turn: int, thinking: bool | None,
                     answer_by: float | None) -> None:
    """The plan's messages, in its order; an answer Discord fails goes again another way."""
    channel = reply.channel_id
    try:
        await _answer(interaction, reply, thinking, answer_by)
    except discord.HTTPException as error:
        await _redeliver(interaction, reply, error)
    if reply.line is not None:
        await _announce(interaction, channel, reply.line.text, reply.line.key, reply.language)
    if reply.live is not None:
        await _show_live(interaction, reply, turn)
    for menu in reply.menus:
        await _post(interaction, channel, menu, reply.language)
    bot = cast(Any, interaction.client)
    shut = [d.user_id for d in reply.direct
            if not await told(bot, d.user_id, d.text, view_of(d.components, reply.language))]
    if shut:
        await _post(interaction, channel, closed(shut, reply.language), reply.language)
    if reply.export:  # the final board and the result are posted: the whole game goes with them
        name, data = await table_of(interaction).export(channel, user_of(interaction))
        await post(interaction, channel, translate(EXPORT, reply.language),
                   file=discord.File(io.BytesIO(data), name), allowed_mentions=NOBODY)


# --- the answer ------------------------------------------------------------------------------------

async def _answer(interaction: discord.Interaction, reply: ReplyPlan, thinking: bool | None,
                  answer_by: float | None) -> None:
    """The text and the board image (drawn in a worker process), then the rest of a text too long
    for one message. A public answer for another channel goes there, the clicker told privately
    where."""
    answer = reply.answer
    content, *more = answer.texts
    allowed = pinging(answer.pings)
    file = None
    if answer.drawing is not None:
        drawing = asyncio.ensure_future(table_of(interaction).draw(answer.drawing, payer_of(interaction)))
        if not interaction.response.is_done() and not await _drawn_by(drawing, answer_by):
            await interaction.response.defer(ephemeral=answer.private or answer.elsewhere, thinking=True)
            thinking = answer.private or answer.elsewhere
        try:
            drawn = await drawing
            file = discord.File(io.BytesIO(drawn.png), filename="board.png", description=drawn.alt[:ALT_LIMIT])
        except Exception as error:  # the change is saved: say so, and that the picture failed
            ref = secrets.token_hex(4)
            log.error("drawing failed (ref %s) in %s", ref, what(interaction), exc_info=error)
            content = fit([content, translate(Msg("⚠ The move is recorded, but the board could not be drawn "
                                                  "(ref {ref}).", ref=ref), answer.language)])
    extra: dict[str, Any] = {"file": file} if file is not None else {}
    view = view_of(answer.components, answer.language)
    if view is not None:
        extra["view"] = view
    if answer.elsewhere:
        await _elsewhere(interaction, reply.channel_id, thinking, [content, *more], allowed, extra)
        return
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=answer.private, allowed_mentions=allowed, **extra)
    elif thinking and not answer.private:  # a private "thinking" cannot become public: answer beside it
        await interaction.edit_original_response(content=translate(POSTED_BESIDE, reader(interaction)))
        await interaction.followup.send(content, allowed_mentions=allowed, **extra)
    else:
        await interaction.followup.send(content, ephemeral=answer.private, allowed_mentions=allowed, **extra)
    for page in more:
        await interaction.followup.send(page, ephemeral=answer.private, allowed_mentions=allowed)


async def _drawn_by(drawing: asyncio.Future[Drawn], deadline: float | None) -> bool:
    """Whether `drawing` is done by `deadline` (None: it is not waited for)."""
    if deadline is not None:
        await asyncio.wait((drawing,), timeout=max(0.0, deadline - asyncio.get_running_loop().time()))
    return drawing.done()


async def _elsewhere(interaction: discord.Interaction, channel_id: int, thinking: bool | None, texts: list[str],
                     allowed: discord.AllowedMentions, extra: dict[str, Any]) -> None:
    """A public answer posted in the game's channel, away from the interaction's: the clicker is told
    privately where it went (or that Waypost may not post there: the move stands all the same), in
    their language."""
    note: str = Msg("Done: the answer is posted in {channel}.", channel=f"<#{channel_id}>")
    try:
        for i, text in enumerate(texts):
            await post(interaction, channel_id, text, allowed_mentions=allowed, **(extra if i == 0 else {}))
    except discord.Forbidden:
        note = Msg("Done, but Waypost may not post in {channel}: the players there see it in /game log.",
                   channel=f"<#{channel_id}>")
    note = translate(note, reader(interaction))
    if not interaction.response.is_done():
        await interaction.response.send_message(note, ephemeral=True, allowed_mentions=NOBODY)
    elif thinking:
        await interaction.edit_original_response(content=note)


async def _redeliver(interaction: discord.Interaction, reply: ReplyPlan, error: Exception) -> None:
    """The answer's text again after Discord failed it (`error`): in public by a follow-up, else as
    a message in the game's channel; a private one by a private follow-up, else by direct message
    (never in the channel: it may hold what others must not see)."""
    logged(interaction, error, "the answer")
    answer = reply.answer
    if not answer.private:
        for i, text in enumerate(answer.texts):
            await _post(interaction, reply.channel_id,
                        Post(text, answer.pings, answer.components if i == 0 else ()), answer.language)
        return
    try:
        for text in answer.texts:
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NOBODY)
    except discord.HTTPException as failed:
        logged(interaction, failed, "a private follow-up")
        for text in answer.texts:
            await direct_message(cast(Any, interaction.client), interaction.user.id, text)


# --- what goes to the channel --------------------------------------------------------------------

async def _post(interaction: discord.Interaction, channel_id: int, message: Post, language: str) -> None:
    view = view_of(message.components, language)
    await post(interaction, channel_id, message.content, allowed_mentions=pinging(message.pings),
               **({"view": view} if view is not None else {}))


def pinging(user_ids: Iterable[int]) -> Mentions:
    """Mentions that ping only these users (none if there are none)."""
    users = [discord.Object(uid) for uid in dict.fromkeys(user_ids)]
    return Mentions(everyone=False, roles=False, users=users, replied_user=False) if users else NOBODY


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


async def _announce(interaction: discord.Interaction, channel_id: int, text: str, key: str,
                    language: str = SOURCE) -> None:
    """Tell the game's channel `text` (in its `language`); with a `key`, as the line kept for it,
    edited in place ("Rome changed their movement draft (3 times)"). The line is a message of the
    bot's own, so it can be edited later; where the bot may not post on its own, it is the
    answer's follow-up, a new one each time."""
    content = fit([escape(text)])
    if not key:
        await post(interaction, channel_id, content, allowed_mentions=NOBODY)
        return
    channel = interaction.client.get_partial_messageable(channel_id)
    found = _lines.get((channel_id, key, text))
    if found is not None:
        message_id, times = found
        try:
            again = translate(Msg("{text} ({n} times)", text=escape(text), n=times + 1), language)
            await channel.get_partial_message(message_id).edit(content=fit([again]), allowed_mentions=NOBODY)
            _lines[channel_id, key, text] = (message_id, times + 1)
            _lines.move_to_end((channel_id, key, text))
            return
        except discord.NotFound:  # deleted: post it anew
            log.info("announcement line %s in channel %s is gone; posting a new one", message_id, channel_id)
    try:
        message = await channel.send(content, allowed_mentions=NOBODY)
    except discord.Forbidden:  # the bot may not post here on its own: the line goes with the answer
        if channel_id == interaction.channel_id:
            await interaction.followup.send(content, allowed_mentions=NOBODY)
        return
    _lines[channel_id, key, text] = (message.id, 1)
    while len(_lines) > LINES_KEPT:
        _lines.popitem(last=False)


async def _show_live(interaction: discord.Interaction, reply: ReplyPlan, turn: int) -> None:
    """The board in the live board message of the game's channel (setting board_images: live), one
    message per game edited in place, its id stored so it is found after a restart; when it is
    gone, a new one is posted and remembered. An older board never goes over a newer one."""
    assert reply.live is not None
    live, channel_id = reply.live, reply.channel_id
    table = table_of(interaction)
    png, alt = await table.draw(live.drawing, payer_of(interaction))
    if _shown.get(channel_id, -1) > turn:  # a newer board is already shown
        return
    _shown[channel_id] = turn
    alt = alt[:ALT_LIMIT]
    view = view_of(live.components, reply.language)
    channel = interaction.client.get_partial_messageable(channel_id)
    message_id = await table.live_board(channel_id)
    if message_id is not None:
        try:
            await channel.get_partial_message(message_id).edit(
                content=live.content, attachments=[discord.File(io.BytesIO(png), "board.png", description=alt)],
                view=view, allowed_mentions=NOBODY)
            return
        except discord.NotFound:  # deleted: post a new one
            log.info("live board %s in channel %s is gone; posting a new one", message_id, channel_id)
    file = discord.File(io.BytesIO(png), "board.png", description=alt)
    buttons: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        message = await channel.send(live.content, file=file, allowed_mentions=NOBODY, **buttons)
    except discord.Forbidden:  # the bot may not post here on its own: the board goes with the answer
        if channel_id == interaction.channel_id:
            file.reset()
            await interaction.followup.send(live.content, file=file, allowed_mentions=NOBODY, **buttons)
        return
    await table.keep_live_board(channel_id, message.id)


# --- direct messages -------------------------------------------------------------------------------

async def told(bot: _Messaging, user_id: int, content: str, view: discord.ui.View | None = None) -> bool:
    """A direct message to a member (with the buttons of `view`); False if their messages are closed
    to the bot (50007), or they are gone."""
    try:
        await direct_message(bot, user_id, fit([content]), view)
    except discord.HTTPException:
        return False
    return True


async def direct_message(bot: _Messaging, user_id: int, content: str, view: discord.ui.View | None = None) -> None:
    """A direct message to a member. The channel is opened once (Discord keeps one per member, so
    its id is remembered: one request a message, not two), with the member's id as a string, as
    Discord's API describes it (discord.py's `User.send` sends a number)."""
    known = _dms.setdefault(bot, OrderedDict())
    channel_id = known.get(user_id)
    if channel_id is None:
        channel_id = int((await bot.http.start_private_message(str(user_id)))["id"])
        known[user_id] = channel_id
        while len(known) > DMS_KEPT:
            known.popitem(last=False)
    known.move_to_end(user_id)
    buttons: dict[str, Any] = {"view": view} if view is not None else {}
    await bot.get_partial_messageable(channel_id).send(content, allowed_mentions=NOBODY, **buttons)


# --- after the change is saved ---------------------------------------------------------------------

def logged(interaction: discord.Interaction, error: Exception, doing: str) -> str:
    """Log a failure after the change was saved, with a reference for the player: Discord failing
    a request as a warning, anything else as the bug it is."""
    ref = secrets.token_hex(4)
    if isinstance(error, discord.HTTPException):
        log.warning("Discord failed %s (ref %s) in %s: %s", doing, ref, what(interaction), error)
    else:
        log.error("%s failed (ref %s) in %s", doing, ref, what(interaction), exc_info=error)
    return ref


@asynccontextmanager
async def after_saving(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Around what answers a saved change: whatever fails is logged, and the player is told,
    privately where Discord still takes it, that it was done all the same."""
    try:
        yield
    except Exception as error:
        ref = logged(interaction, error, "the answer")
        with suppress(discord.HTTPException):
            await say_privately(interaction, Msg("⚠ Done, but part of the answer could not be sent (ref {ref}): "
                                                 "/game log shows what happened.", ref=ref))


# --- components ------------------------------------------------------------------------------------

def view_of(components: tuple[Component, ...], language: str = SOURCE) -> discord.ui.View | None:
    """The plan's components as Discord's, labelled in `language` (None: none); their clicks are
    answered by the dynamic items registered with the bot, which make the same custom ids."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for component in components:
        view.add_item(_item(component, language))
    view.stop()  # nothing to keep: the registered dynamic items answer the clicks, after a restart too
    return view


def _item(component: Component, language: str) -> discord.ui.Item[Any]:
    if isinstance(component, Quick):
        return discord.ui.Button(label=component.label[:80], style=discord.ButtonStyle.primary,
                                 custom_id=f"waypost:act:{component.channel_id}:{component.user_id}:{component.kind}")
    if isinstance(component, CardKey):
        return card_button(component.channel_id, label=translate(YOUR_CARD, language))
    if isinstance(component, Verify):
        return verify_button(component.channel_id, component.seq, language)
    if isinstance(component, BoardKey):
        return board_button(component.channel_id, component.what, language)
    if isinstance(component, AheadKey):
        return ahead_button(component.channel_id, component.user_id, component.do, language)
    assert isinstance(component, Menu)
    prompt = component.prompt
    custom_id, _ = menu_id(prompt.channel_id, prompt.user_id, prompt.key, prompt.asked)
    return decision_menu(custom_id, prompt.options, language)


def card_button(channel_id: int, user_id: int = 0, label: str = YOUR_CARD,
                style: discord.ButtonStyle = discord.ButtonStyle.success) -> discord.ui.Button[Any]:
    """The button opening a player's turn card (user 0: whoever of the players clicks it); its clicks
    are answered by `front.cards.CardButton`, which matches this custom id."""
    return discord.ui.Button(label=label[:80], style=style, custom_id=f"waypost:card:{channel_id}:{user_id}")


def verify_button(channel_id: int, seq: int, language: str = SOURCE) -> discord.ui.Button[Any]:
    """The Verify button under a reveal (`front.verify.VerifyButton`)."""
    return discord.ui.Button(label=translate(Msg("Verify"), language), style=discord.ButtonStyle.secondary,
                             custom_id=f"waypost:verify:{channel_id}:{seq}")


def board_button(channel_id: int, what: str, language: str = SOURCE) -> discord.ui.Button[Any]:
    """A button under a board (`front.answering.BoardButton`): end the turn, take back, my board."""
    style = discord.ButtonStyle.primary if what == "end" else discord.ButtonStyle.secondary
    return discord.ui.Button(label=translate(BOARD_LABELS[what], language), style=style,
                             custom_id=f"waypost:do:{channel_id}:{what}")


def ahead_button(channel_id: int, user_id: int, do: str, language: str = SOURCE) -> discord.ui.Button[Any]:
    """A button of `user_id`'s prepared turn (`front.prepared.AheadButton`): replay, if still legal,
    take back, show (its label in `language`)."""
    style = discord.ButtonStyle.primary if do == "replay" else discord.ButtonStyle.secondary
    return discord.ui.Button(label=translate(AHEAD_LABELS[do], language), style=style,
                             custom_id=f"waypost:ahead:{channel_id}:{user_id}:{do}")


def menu_id(channel_id: int, user_id: int, key: str, asked: int) -> tuple[str, int]:
    """A decision menu's custom id, and the log entry it names as the one that asked (0 when not
    known, or when naming it would make the id too long)."""
    custom_id = f"waypost:choose:{channel_id}:{user_id}:{asked}:{key}"
    if not asked or len(custom_id) > CUSTOM_ID_LIMIT:
        return f"waypost:choose:{channel_id}:{user_id}:{key}", 0
    return custom_id, asked


def decision_menu(custom_id: str, options: tuple[str, ...], language: str = SOURCE) -> discord.ui.Select[Any]:
    """A decision's menu (`front.answering.DecisionSelect`), its placeholder and its options' labels
    in `language` (their values are the English ones `/game choose` takes: "none", shown "keine")."""
    return discord.ui.Select(custom_id=custom_id, placeholder=translate(CHOOSE, language),
                             options=[discord.SelectOption(label=translate(o, language)[:100], value=o[:100])
                                      for o in options[:25]]
                             or [discord.SelectOption(label="…")])
