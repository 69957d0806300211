"""Turn cards: acting by taps. A player's card (private) says who they are in the game, what it waits
for from them and, as buttons, the actions open to them now; an action is then chosen step by step
in menus of its legal values (`Table.step`: the game's legal options on the player's own view). The
pick that completes it plays it at once, as a click on the board does (Take back undoes it), unless
the game asks a question first (then Confirm). Beside the menu of an action with optional steps still
to come, a second menu of the same choices picks and goes on to them: all in one choice (every legal
way of setting them, the defaults first, where they fit one menu; else one step after another),
whose pick plays it. While it is not their turn, what the game lets them prepare is prepared
instead (issue 30), and the card says so. A menu never offers an illegal choice and never shows a secret.

Every button and menu is a dynamic item whose custom id says everything it needs — channel, the
game's version, the action and the picks so far as numbers (`Game.step`; the card's buttons, the
player too) — so cards work after a restart; each fits Discord's 100 characters (`front.clicks.checked`).
A card is private, and what it plays is the clicker's own action: a card button of someone else's
is refused privately; a menu made before the game moved on says so and shows the current card. A
card acts in its game's channel from any other (a card opened from /game mine), for the clicker as
the table sees them there. A card speaks its clicker's language (`front.replies.reader`).
"""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import replace
from typing import Any

import discord

from front.clicks import NOT_ON_MENU, Budgeted, checked, chosen
from front.replies import NOBODY, escape, fit, payer_of, reader, report_error, say_privately, table_of, user_of
from front.sender import CHOOSE, YOUR_CARD, ahead_button, board_button, card_button, logged, run, send
from rules.errors import PlayerError
from rules.messages import Msg
from rules.options import MENU, MENUS, Choice, Param, Step
from waypost.i18n import SOURCE, translate
from waypost.offering import Card, Stale
from waypost.outcome import ALT_LIMIT

PAGE = MENU * MENUS  # choices a step shows at once: in MENUS menus of MENU (Discord's most in one)
PICTURE_WAIT = 1.5  # seconds a step's picture may take before the card's answer is deferred (or goes without it)
LEFT_OUT = "-"
HOLD = Msg("…or choose here, then set its options too")  # the menu going on to the optional steps
READY = Msg("Ready: confirm to play it.")
_PICKS = r"(?P<picks>(?:\d{1,3}|-)(?:\.(?:\d{1,3}|-)){0,19})?"
_WHERE = r"(?P<channel>\d+):(?P<version>\d+):(?P<kind>[\w-]{1,24})"
_PICK = re.compile(r"\d{1,3}")
_SET = re.compile(r"(?:\d{1,3}|-)(?:\.(?:\d{1,3}|-)){0,19}")  # an options menu's value: the picks it adds
SET = " · "  # between the options one choice sets


def picks_text(picks: list[int | None]) -> str:
    return ".".join(LEFT_OUT if p is None else str(p) for p in picks)


def back(picks: list[int | None]) -> list[int | None]:
    """The picks one choice back: the last value picked taken off, with what was left out after it."""
    kept = list(picks)
    while kept and kept[-1] is None:
        kept.pop()
    return kept[:-1]


def picks_of(text: str | None) -> list[int | None]:
    return [None if p == LEFT_OUT else int(p) for p in text.split(".")] if text else []


# --- the card --------------------------------------------------------------------------------------

def said(text: str, language: str) -> str:
    """Text from the table or the rules as a card shows it: in `language`, made safe."""
    return escape(translate(text, language))


def card_text(card: Card, language: str = SOURCE) -> str:
    name = said(card.name, language)
    head = Msg("**Your turn card** — you play {name} ({who}).", name=name, who=said(card.who, language)) \
        if card.who else Msg("**Your turn card** — you play {name}.", name=name)
    if card.prompt:
        doing = Msg("The game waits for you: {what}", what=said(card.prompt, language))
    elif card.others:
        doing = Msg("The game is not waiting for you now; it waits for {names}.", names=said(card.others, language))
    elif card.between:
        doing = Msg("The game waits for nobody now. {what}", what=said(card.between, language))
    else:
        doing = Msg("The game is not waiting for you now.")
    can = Msg("What you can do now:") if card.kinds else Msg("There is nothing you can do now.")
    return "\n".join(translate(line, language) for line in (head, doing, can))


def card_view(channel_id: int, user_id: int, card: Card, language: str = SOURCE) -> discord.ui.View:
    """The actions open now as buttons, the phase's own first (highlighted) in its order, its main
    action first, then the table's bookkeeping; labelled in `language`."""
    view = discord.ui.View(timeout=None)
    order = {kind: n for n, kind in enumerate(card.usual)}  # the phase's, its main action first
    for kind in sorted(card.kinds, key=lambda k: order.get(k.kind, len(order)))[:20]:
        style = discord.ButtonStyle.primary if kind.kind in card.usual else discord.ButtonStyle.secondary
        view.add_item(StepButton(channel_id, card.version, kind.kind, [], 0, "to", translate(kind.label, language),
                                 style))
    view.add_item(CardButton(channel_id, user_id, translate(Msg("Refresh"), language), discord.ButtonStyle.secondary))
    return view


async def show_card(interaction: discord.Interaction, channel_id: int, note: str = "") -> None:
    """The clicker's own card, privately (a new message, or this one edited when it is a card's)."""
    user, language = user_of(interaction), reader(interaction)
    card = await table_of(interaction).card(channel_id, user)
    away = [translate(Msg("This game is in {channel}: what you play here is posted there.",
                          channel=f"<#{channel_id}>"), language)] if channel_id != interaction.channel_id else []
    text = fit([*([note] if note else []), card_text(card, language), *away])
    view = card_view(channel_id, user.id, card, language)
    message = interaction.message
    if message is not None and message.flags.ephemeral:  # without a step's picture
        extra: dict[str, Any] = {"attachments": []} if message.attachments else {}
        await interaction.response.edit_message(content=text, view=view, **extra)
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True, allowed_mentions=NOBODY)


class CardButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"waypost:card:(?P<channel>\d+):(?P<user>\d+)"):
    """Opens a player's turn card (user 0: whoever clicks, of those playing)."""

    travels = True

    def __init__(self, channel_id: int, user_id: int = 0, label: str = YOUR_CARD,
                 style: discord.ButtonStyle = discord.ButtonStyle.success):
        super().__init__(card_button(channel_id, user_id, label, style))
        self.channel_id, self.user_id = channel_id, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> CardButton:
        return cls(int(match["channel"]), int(match["user"]))

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        return await _owner(interaction, self.user_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await show_card(interaction, self.channel_id)
        except Exception as error:  # components bypass the tree's error handler
            await report_error(interaction, error)


class ActButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"waypost:act:(?P<channel>\d+):(?P<user>\d+):(?P<kind>[\w-]{1,24})"):
    """One of the usual actions of a player's turn, under the message that pinged them (user 0: the
    players a phase played together pinged, whichever clicks): its menus (or, taking no choices,
    the action itself); when it is not possible now, the card says why. (`front.plan.components`
    asks for these buttons; this answers their clicks.)"""

    from_dm = True

    def __init__(self, channel_id: int, user_id: int, kind: str):
        super().__init__(discord.ui.Button(label=kind, custom_id=f"waypost:act:{channel_id}:{user_id}:{kind}"))
        self.channel_id, self.user_id, self.kind = channel_id, user_id, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActButton:
        return cls(int(match["channel"]), int(match["user"]), match["kind"])

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        return await _owner(interaction, self.user_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            table, user = table_of(interaction), user_of(interaction)
            card = await table.card(self.channel_id, user)
            kind = next((k for k in card.kinds if k.kind == self.kind), None)
            if kind is None:
                why = await _why_not(interaction, self, card.version)
                await show_card(interaction, self.channel_id, note=f"⛔ {said(why, reader(interaction))}")
            elif not kind.params:
                await run(interaction, table.command(self.channel_id, user, card.game_key, kind.kind, {}),
                          self.channel_id)
            else:
                await show_step(interaction, self.channel_id, card.version, kind.kind, [], 0)
        except Exception as error:
            await report_error(interaction, error)


async def _why_not(interaction: discord.Interaction, button: ActButton, version: int) -> str:
    """Why the action of a ping's button is not open to its clicker now (at the game's `version`):
    the rules' refusal (not now, not your turn), or that none of its choices is allowed."""
    try:
        await table_of(interaction).step(button.channel_id, user_of(interaction), version, button.kind, [])
    except PlayerError as refused:
        return str(refused)
    return Msg("That is not possible now: none of its choices is allowed.")


# --- choosing an action step by step -------------------------------------------------------------

def step_text(step: Step, language: str = SOURCE, done: str = READY) -> str:
    """What a step of a card says, in `language`; `done` the last line once nothing is left to
    choose (ready to confirm; or playing, played)."""
    lines = [f"**{said(step.kind.label, language)}**"]
    lines += _lines(step.chosen, language)
    if step.param is None:
        lines.append(translate(Msg("{question} Confirm to play it.", question=said(step.question, language))
                               if step.question else done, language))
    else:
        asked = f"**{said(step.param.ask, language)}**"
        if not step.param.required:
            asked = translate(Msg("{ask} (optional)", ask=asked), language)
        if step.ready:
            asked = translate(Msg("{ask} Or confirm to play it as it is.", ask=asked), language)
        lines.append(asked)
        if not step.choices:
            lines.append(translate(Msg("Nothing can be chosen here now: go back, or leave it out."), language))
    return "\n".join(lines)


def _optional_ahead(step: Step) -> bool:
    """Whether `step` asks a required parameter and optional ones of its action are still to come."""
    done = {p.name for p, _ in step.chosen}
    return step.param is not None and step.param.required and \
        any(not p.required and p.name not in done for p in step.kind.params)


def step_view(channel_id: int, user_id: int, version: int, step: Step, page: int,
              hold: bool = False, language: str = SOURCE) -> discord.ui.View:
    """The menu of the next parameter and the buttons beside it, in `language` (and, before optional
    steps, the same menu going on to them); `hold` when the player chose to set the optional steps
    too: a pick ready to play goes on to them rather than playing at once."""
    def t(text: str) -> str:
        return translate(text, language)

    view = discord.ui.View(timeout=None)
    where = (channel_id, version, step.kind.kind)
    picks = list(step.picks)
    pages = max(1, -(-len(step.choices) // PAGE))
    page = min(page, pages - 1)
    to = "ho" if hold else "to"
    if step.param is not None and step.choices:
        listed = list(zip(step.numbers, step.choices))
        menus = [(n, tuple(listed[n * MENU:(n + 1) * MENU])) for n in range(page * MENUS, (page + 1) * MENUS)
                 if listed[n * MENU:(n + 1) * MENU]]
        for held in (hold, *((True,) if not hold and _optional_ahead(step) else ())):  # then the same, going on
            for n, shown in menus:  # to the optional steps; each menu its own number, one id in the message
                span = (n * MENU + 1, min((n + 1) * MENU, len(listed))) if len(listed) > MENU else None
                view.add_item(StepSelect(*where, picks, n, shown, held, language, span))
    if step.param is None or step.ready:  # the optional choices left keep their defaults
        view.add_item(StepButton(*where, picks, 0, "go", t(Msg("Confirm")), discord.ButtonStyle.success))
    if any(p is not None for p in picks):
        view.add_item(StepButton(*where, back(picks), 0, to, t(Msg("Back"))))
    if step.param is not None and not step.param.required:
        view.add_item(StepButton(*where, [*picks, None], 0, to, t(step.param.omitted())))
    if page > 0:
        view.add_item(StepButton(*where, picks, page - 1, to, t(Msg("Earlier choices"))))
    if page < pages - 1:
        view.add_item(StepButton(*where, picks, page + 1, to, t(Msg("More choices"))))
    view.add_item(CardButton(channel_id, user_id, t(Msg("Your card")), discord.ButtonStyle.secondary))
    return view


def plays_now(step: Step, picked: bool) -> bool:
    """Whether the tap that led to `step` plays the action at once: it completed it and the game asks
    nothing more, or (`picked`: a choice from a menu) only optional steps with defaults are left."""
    return step.param is None and not step.question or picked and step.ready


def _lines(chosen: tuple[tuple[Param, Choice | None], ...], language: str) -> list[str]:
    """A card's lines saying what was chosen: each question and its answer (or what leaving it out means)."""
    return [f"• {said(p.ask, language)} {_answer(p, c, language)}" for p, c in chosen]


def _answer(param: Param, choice: Choice | None, language: str) -> str:
    return said(choice.label if choice is not None else param.omitted(), language)


Setting = tuple[Param, Choice | None]


def _ways(step: Step, ways: list[Step], language: str) -> tuple[list[Setting], list[Param], list[tuple[str, str]]]:
    """The optional steps left of `step` set in one choice (`ways`): what every way sets alike, the
    steps whose answer differs, and each way's value (the picks it adds) and label (its answers to
    those, in order)."""
    sets = [{p.name: (p, c) for p, c in w.chosen[len(step.chosen):]} for w in ways]
    alike = [name for name, (p, c) in sets[0].items()
             if all(name in s and _answer(*s[name], language) == _answer(p, c, language) for s in sets)]
    if all(set(s) <= set(alike) for s in sets):  # ways that read alike (a value said as its default): said whole
        alike = []
    asked = list({name: p for s in sets for name, (p, _) in s.items() if name not in alike}.values())
    shown = [(picks_text(list(w.picks[len(step.picks):])),
              SET.join(_answer(p, c, language) for name, (p, c) in s.items() if name not in alike))
             for w, s in zip(ways, sets)]
    return [sets[0][name] for name in alike], asked, shown


def options_text(step: Step, ways: list[Step], language: str = SOURCE) -> str:
    """What a step says whose optional steps left are one menu (`ways`, the defaults first): the
    action, what was chosen and what every way sets alike, and the questions each choice answers."""
    alike, asked, _ = _ways(step, ways, language)
    asks = SET.join(said(p.ask, language) for p in asked)
    return "\n".join([f"**{said(step.kind.label, language)}**", *_lines((*step.chosen, *alike), language),
                      translate(Msg("**Its options, all in one choice:** {asks}", asks=asks), language)])


def options_view(channel_id: int, user_id: int, version: int, step: Step, ways: list[Step],
                 language: str = SOURCE) -> discord.ui.View:
    """The menu of every way of setting the optional steps left (`ways`: its pick plays the action),
    Back and the card."""
    view = discord.ui.View(timeout=None)
    picks = list(step.picks)
    view.add_item(OptionsSelect(channel_id, version, step.kind.kind, picks, tuple(_ways(step, ways, language)[2]),
                                language))
    if any(p is not None for p in picks):
        view.add_item(StepButton(channel_id, version, step.kind.kind, back(picks), 0, "ho",
                                 translate(Msg("Back"), language)))
    view.add_item(CardButton(channel_id, user_id, translate(Msg("Your card"), language),
                             discord.ButtonStyle.secondary))
    return view


async def show_step(interaction: discord.Interaction, channel_id: int, version: int, kind: str,
                    picks: list[int | None], page: int, *, hold: bool = False, picked: bool = False) -> None:
    """The menu for the next parameter of `kind` after `picks`, in this message if it is private; or,
    when the tap completed the action (`plays_now`; while `hold`, only once nothing is left to
    choose), the action played. While `hold`, the optional steps left are one menu where they fit."""
    user, language = user_of(interaction), reader(interaction)
    table = table_of(interaction)
    try:
        step = await table.step(channel_id, user, version, kind, picks)
        ways = await table.completions(channel_id, user, version, kind, step.picks) \
            if hold and step.ready and step.param is not None else None
    except (Stale, PlayerError) as moved:
        await show_card(interaction, channel_id, note=_moved(moved, language))
        return
    if plays_now(step, picked and not hold):
        await _play(interaction, channel_id, step)
        return
    if ways:
        text = fit([options_text(step, ways, language)])
        view = options_view(channel_id, user.id, version, step, ways, language)
    else:
        text = fit([step_text(step, language)])
        view = step_view(channel_id, user.id, version, step, page, hold, language)
    picture = await _picture(interaction, channel_id, step)
    drawn = picture is None or await _drawn(picture)
    message = interaction.message
    extra: dict[str, Any] = {}
    if message is not None and message.flags.ephemeral:
        if not drawn:  # the card is edited once its picture is drawn
            await interaction.response.defer()
        file = await picture if picture is not None else None
        if file is not None or message.attachments:  # the picture of this step, or none left of an earlier
            extra["attachments"] = [file] if file is not None else []
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text, view=view, **extra)
        else:
            await interaction.response.edit_message(content=text, view=view, **extra)
    else:  # a new message: without the picture if it is not drawn in time
        file = picture.result() if picture is not None and drawn else None
        if file is not None:
            extra["file"] = file
        await interaction.response.send_message(text, view=view, ephemeral=True, allowed_mentions=NOBODY, **extra)


async def _picture(interaction: discord.Interaction, channel_id: int,
                   step: Step) -> asyncio.Task[discord.File | None] | None:
    """The game's picture of this step (`Table.picture`) being drawn for the card's private message;
    None when the game draws none. The task gives None if drawing failed (logged: the menus work
    without it)."""
    table = table_of(interaction)
    drawing = await table.picture(channel_id, user_of(interaction), step)
    if drawing is None:
        return None

    async def drawn() -> discord.File | None:
        try:
            drawn = await table.draw(drawing, payer_of(interaction))
        except Exception as error:
            logged(interaction, error, "drawing a turn card's picture")
            return None
        return discord.File(io.BytesIO(drawn.png), filename="choice.png", description=drawn.alt[:ALT_LIMIT])

    return asyncio.ensure_future(drawn())


async def _drawn(picture: asyncio.Task[discord.File | None]) -> bool:
    """Whether the picture is drawn within PICTURE_WAIT seconds (Discord waits 3 for an answer)."""
    await asyncio.wait((picture,), timeout=PICTURE_WAIT)
    return picture.done()


async def play_step(interaction: discord.Interaction, channel_id: int, version: int, kind: str,
                    picks: list[int | None]) -> None:
    """Play the action chosen (Confirm)."""
    try:
        step = await table_of(interaction).step(channel_id, user_of(interaction), version, kind, picks)
    except (Stale, PlayerError) as moved:
        await show_card(interaction, channel_id, note=_moved(moved, reader(interaction)))
        return
    await _play(interaction, channel_id, step)


def _moved(refused: PlayerError, language: str) -> str:
    """A card's note when its step is refused: the reason, and that the card shows what is open now."""
    return translate(Msg("⛔ {why} Here is your card now.", why=said(refused.message, language)), language)


async def _play(interaction: discord.Interaction, channel_id: int, step: Step) -> None:
    """Play the action `step` chose: the menu closes, the outcome is answered as a command's, and the
    card says what was played, offering Take back and the next actions."""
    table, user, kind = table_of(interaction), user_of(interaction), step.kind.kind
    language = reader(interaction)
    played = replace(step, param=None, question="")  # a step `ready` is played with the optional ones left
    here = channel_id == interaction.channel_id
    there = f"<#{channel_id}>"
    playing = fit([step_text(played, language, Msg("Playing…") if here else Msg("Playing in {channel}…",
                                                                                   channel=there))])
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(content=playing, view=None)
    else:  # from a ping's button: the card opens privately
        await interaction.response.send_message(playing, ephemeral=True, allowed_mentions=NOBODY)
    game_key = (await table.status(channel_id)).game_key
    try:
        outcome = await table.command(channel_id, user, game_key, kind, step.values)
    except PlayerError as refused:  # said on the card, which stays open for another try
        await _next(interaction, channel_id, f"⛔ {said(refused.message, language)}")
        return
    await send(interaction, outcome, channel_id=channel_id)
    done = said(outcome.text, language) if outcome.prepared else \
        Msg("Played.") if here else Msg("Played in {channel}.", channel=there)  # not their turn: prepared (issue 30)
    await _next(interaction, channel_id, step_text(played, language, done), played=True, prepared=outcome.prepared)


async def _next(interaction: discord.Interaction, channel_id: int, told: str, played: bool = False,
                prepared: bool = False) -> None:
    """After an action played from a card (or refused), the card says so and shows what can be done
    now (sail again, end the turn, the next tile), so the next action starts here, and (`played`)
    Take back, or for a step `prepared` (issue 30) Show prepared turn and Take back (the prepared
    turn); a game over leaves only what was said."""
    try:
        card, language = await table_of(interaction).card(channel_id, user_of(interaction)), reader(interaction)
        user_id = user_of(interaction).id
        content = fit([told, card_text(card, language)])
        view = card_view(channel_id, user_id, card, language)
        if prepared:  # what is taken back is the prepared turn, not the last action played
            view.add_item(ahead_button(channel_id, user_id, "show", language))
            view.add_item(ahead_button(channel_id, user_id, "clear", language))
        elif played:
            view.add_item(board_button(channel_id, "undo", language))
    except PlayerError:  # the action ended the game
        content, view = fit([told]), None
    try:
        await interaction.edit_original_response(content=content, view=view)
    except discord.HTTPException as error:  # the action is saved and answered: only the card is not shown
        logged(interaction, error, "showing the card after an action")


class StepSelect(Budgeted, discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=rf"waypost:pick:{_WHERE}:{_PICKS}:(?P<page>\d{{1,3}})(?P<hold>:h)?"):
    """A menu of the legal values of an action's next parameter (the `page`th MENU of them, `span` their
    numbers when there are several); its pick plays the action when that completes it, unless
    `hold` (`show_step`)."""

    travels = True

    def __init__(self, channel_id: int, version: int, kind: str, picks: list[int | None], page: int,
                 choices: tuple[tuple[int, Choice], ...] = (), hold: bool = False, language: str = SOURCE,
                 span: tuple[int, int] | None = None):
        placeholder = translate(HOLD if hold and choices else CHOOSE, language)
        if span is not None:  # one of several menus of the step's choices: which of them it holds
            placeholder = translate(Msg("{menu} ({first}–{last})", menu=placeholder, first=span[0], last=span[1]),
                                    language)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=checked(f"waypost:pick:{channel_id}:{version}:{kind}:{picks_text(picks)}:{page}"
                              + (":h" if hold else "")),
            placeholder=placeholder,
            options=[discord.SelectOption(label=translate(c.label, language)[:100], value=str(n)) for n, c in choices]
            or [discord.SelectOption(label="…")],
        )
        super().__init__(select)
        self.channel_id, self.version, self.kind, self.picks, self.page = channel_id, version, kind, picks, page
        self.hold = hold

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> StepSelect:
        return cls(int(match["channel"]), int(match["version"]), match["kind"], picks_of(match["picks"]),
                   int(match["page"]), hold=bool(match["hold"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(interaction, self.custom_id) or ""
            if not _PICK.fullmatch(value):  # the menu's values are the candidates' numbers
                await say_privately(interaction, NOT_ON_MENU, refused=True)
                return
            await show_step(interaction, self.channel_id, self.version, self.kind, [*self.picks, int(value)], 0,
                            hold=self.hold, picked=True)
        except Exception as error:
            await report_error(interaction, error)


class OptionsSelect(Budgeted, discord.ui.DynamicItem[discord.ui.Select[Any]],
                    template=rf"waypost:opts:{_WHERE}:{_PICKS}"):
    """A menu of every way of setting an action's optional steps left after its picks: each value
    the picks it adds (left-outs included), each label the values they set; its pick plays it."""

    travels = True

    def __init__(self, channel_id: int, version: int, kind: str, picks: list[int | None],
                 ways: tuple[tuple[str, str], ...] = (), language: str = SOURCE):
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=checked(f"waypost:opts:{channel_id}:{version}:{kind}:{picks_text(picks)}"),
            placeholder=translate(CHOOSE, language),
            options=[discord.SelectOption(label=label[:100], value=value, description=label[100:200] or None)
                     for value, label in ways] or [discord.SelectOption(label="…")],
        )
        super().__init__(select)
        self.channel_id, self.version, self.kind, self.picks = channel_id, version, kind, picks

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OptionsSelect:
        return cls(int(match["channel"]), int(match["version"]), match["kind"], picks_of(match["picks"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(interaction, self.custom_id) or ""
            if not _SET.fullmatch(value):  # the menu's values are picks
                await say_privately(interaction, NOT_ON_MENU, refused=True)
                return
            await show_step(interaction, self.channel_id, self.version, self.kind, [*self.picks, *picks_of(value)], 0,
                            hold=True, picked=True)
        except Exception as error:
            await report_error(interaction, error)


class StepButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"waypost:step:{_WHERE}:{_PICKS}:(?P<page>\d{{1,3}}):(?P<do>to|ho|go)"):
    """A step of choosing an action: show the menu after some picks ("to"; "ho": the optional steps
    to be set too, so the action waits for Confirm), or play it ("go")."""

    travels = True

    def __init__(self, channel_id: int, version: int, kind: str, picks: list[int | None], page: int,
                 do: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        custom_id = checked(f"waypost:step:{channel_id}:{version}:{kind}:{picks_text(picks)}:{page}:{do}")
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=custom_id))
        self.channel_id, self.version, self.kind, self.picks, self.page, self.do = \
            channel_id, version, kind, picks, page, do

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> StepButton:
        return cls(int(match["channel"]), int(match["version"]), match["kind"], picks_of(match["picks"]),
                   int(match["page"]), match["do"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.do == "go":
                await play_step(interaction, self.channel_id, self.version, self.kind, self.picks)
            else:
                await show_step(interaction, self.channel_id, self.version, self.kind, self.picks, self.page,
                                hold=self.do == "ho")
        except Exception as error:
            await report_error(interaction, error)


async def _owner(interaction: discord.Interaction, user_id: int) -> bool:
    """Whether the clicker may use a card made for `user_id` (0: anyone); else refused privately."""
    if user_id in (0, interaction.user.id):
        return True
    await say_privately(interaction, Msg("This card is {owner}'s, not yours: open your own with the Your turn card "
                                         "button, or from /game status or /game mine.", owner=f"<@{user_id}>"),
                        refused=True)
    return False
