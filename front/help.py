"""/game help, paged: the game's commands (first, when a game is named or played in the channel), its
rules summary, its settings, how to play by post, and the table's commands. No page is ever cut:
a section too long for one message runs over several pages. Every page speaks the reader's
language. The buttons between pages are dynamic items (the custom id names the game and the page),
so they work after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from front.clicks import Budgeted
from front.replies import CONTENT_LIMIT, NOBODY, escape, reader, report_error, table_of
from rules.base import Setting
from rules.messages import Msg
from waypost.i18n import SOURCE, translate
from waypost.registry import HOST_SETTINGS

WHO = {"turn": Msg("one player at a time"), "together": Msg("everyone at once"),
       "secret": Msg("everyone at once, in secret")}
PAGE_LIMIT = CONTENT_LIMIT - 100  # room for the page's heading
BY_POST = (
    Msg("When the game waits for you, the bot pings you and says what to do. Tap **Your turn card** under its "
        "message (or under `/game status`): it lists what you can do now; each action is chosen step by step from "
        "menus that offer only legal choices, then confirmed. The slash commands do the same for those who type."),
    Msg("While it is not your turn, the same commands and card prepare your next one: it plays itself when your "
        "turn comes if nothing it depends on changed; else you are pinged. `/prepared` shows, replays or takes it "
        "back."),
    Msg("`/game undo` takes back your last action while nobody has acted since. `/game since` says what happened "
        "since you last acted or looked; `/game recap` replays the last actions; `/game log` is the whole history."),
    Msg("`/game away` stops your clock for some days (with `everywhere:true`, in all your games on this server); "
        "`/game notify` chooses direct messages or the channel, for all your games; `/game mine` lists your games "
        "on this server, with a turn card for each that waits for you."),
    Msg("The channel stays quiet: a board when the map changes, one line a player for their secret moves (edited "
        "in place), a reveal's proof behind its **Verify** button. The host's setting `chatter` can make it loud."),
    Msg("The host may set deadlines (`/game settings name:deadline_hours`), pause the game and hand a seat to a "
        "substitute."),
)


def pages(client: Any, key: str | None, language: str = SOURCE) -> list[tuple[str, str]]:
    """Every page of help as (title, text), the named game's first, in `language`."""
    table = client.table
    sections: list[tuple[str, list[str]]] = []
    if key is not None:
        entry = table.game(key)
        rules = entry.rules
        title = rules.title
        commands: list[str] = [Msg("{command} — {description}", command=f"`/{c.qualified_name}`",
                                   description=_msg(c.description))
                               for cog in client.cogs.values() if getattr(cog, "game_key", None) == key
                               for c in cog.walk_app_commands() if isinstance(c, app_commands.Command)]
        sections.append((Msg("{game}: commands", game=title), commands))
        phases = [_phase(p) for p in rules.flow.phases]
        sections.append((Msg("{game}: the rules in short", game=title), [rules.summary, *phases]))
        sections.append((Msg("{game}: words", game=title),
                         [Msg("**{term}** — {meaning}", term=term, meaning=meaning)
                          for term, meaning in rules.glossary]))
        board = Msg("{setting} — which map (the host, before the start): {boards}", setting="`board`",
                    boards=", ".join(entry.boards))
        sections.append((Msg("{game}: settings", game=title), [board, *(_setting(s) for s in rules.settings)]))
    sections.append((Msg("Playing by post"), list(BY_POST)))
    table_commands: list[str] = [Msg("{command} — {description}", command=f"`/game {c.name}`",
                                     description=_msg(c.description)) for c in client.tree.get_command("game").commands]
    sections.append((Msg("The table's commands"), table_commands))
    sections.append((Msg("The host's settings (any time)"), [_setting(s) for s in HOST_SETTINGS]))
    sections.append((Msg("Games"), [Msg("{game} ({key}): {command}", game=g.rules.title, key=f"`{k}`",
                                        command=f"`/game help game:{k}`")
                                    for k, g in table.games.items() if g.cog is not None]))
    return [(translate(title, language), text) for title, lines in sections
            for text in _split([translate(line, language) for line in lines])]


def _phase(phase: Any) -> Msg:
    if phase.ends:
        return Msg("*{phase}* ({who}): {prompt} It ends {ends}.", phase=_msg(phase.title), who=WHO[phase.who],
                   prompt=_msg(phase.prompt), ends=_msg(phase.ends))
    return Msg("*{phase}* ({who}): {prompt}", phase=_msg(phase.title), who=WHO[phase.who], prompt=_msg(phase.prompt))


def _msg(text: str) -> Msg:
    """Fixed text the catalogs hold as it is (a command's description, a phase's words) as a message,
    so that a message it is a value of translates it too."""
    return text if isinstance(text, Msg) else Msg(text)


def _setting(setting: Setting) -> Msg:
    name, default = f"`{setting.name}`", setting.show(setting.default)
    if setting.choices:
        return Msg("{setting} — {help} (default {default}; one of {choices})", setting=name, help=setting.help,
                   default=default, choices=", ".join(setting.choices))
    if setting.minimum is not None and setting.maximum is not None:
        return Msg("{setting} — {help} (default {default}; {least} to {most})", setting=name, help=setting.help,
                   default=default, least=setting.minimum, most=setting.maximum)
    return Msg("{setting} — {help} (default {default})", setting=name, help=setting.help, default=default)


def _split(lines: list[str]) -> list[str]:
    """Lines joined into texts of at most PAGE_LIMIT characters, never cutting a line (a line longer
    than a page, which no help line is, is broken between words)."""
    texts, current = [], ""
    for line in lines:
        while len(line) > PAGE_LIMIT:
            cut = line.rfind(" ", 0, PAGE_LIMIT)
            texts.append(line[:cut])
            line = line[cut + 1:]
        if current and len(current) + 1 + len(line) > PAGE_LIMIT:
            texts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    return [*texts, current] if current else texts


def page_message(client: Any, key: str | None, number: int,
                 language: str = SOURCE) -> tuple[str, discord.ui.View]:
    """Page `number` of the help (counted from 0) and the buttons to the others, in `language`."""
    found = pages(client, key, language)
    number = max(0, min(number, len(found) - 1))
    title, text = found[number]
    page = translate(Msg("(page {number} of {pages})", number=number + 1, pages=len(found)), language)
    content = f"**{escape(title)}** {page}\n{text}"
    view = discord.ui.View(timeout=None)
    if number > 0:
        view.add_item(HelpButton(key, number - 1, translate(Msg("Previous"), language), "p"))
    if number < len(found) - 1:
        view.add_item(HelpButton(key, number + 1, translate(Msg("Next"), language), "n"))
    firsts: dict[str, int] = {}
    for i, (heading, _) in enumerate(found):
        firsts.setdefault(heading, i)
    for heading, i in list(firsts.items())[:20]:
        if i != number:
            view.add_item(HelpButton(key, i, heading, "s"))
    return content, view


async def show_help(interaction: discord.Interaction, key: str | None, number: int = 0) -> None:
    """The help page, privately, in the reader's language: a new message, or the (private) help
    message clicked edited."""
    content, view = page_message(interaction.client, key, number, reader(interaction))
    message = interaction.message
    if message is not None and message.flags.ephemeral and interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(content=content, view=view)
    elif interaction.response.is_done():
        await interaction.followup.send(content, view=view, ephemeral=True, allowed_mentions=NOBODY)
    else:
        await interaction.response.send_message(content, view=view, ephemeral=True, allowed_mentions=NOBODY)


class HelpButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"waypost:help:(?P<game>[\w-]{0,24}):(?P<page>\d{1,3}):(?P<tag>[pns])"):
    """Turns the help to another page: the previous, the next, or a section's first (`tag` p, n, s,
    so that no two buttons of a message share a custom id)."""

    def __init__(self, key: str | None, page: int, label: str = "Next", tag: str = "n"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"waypost:help:{key or ''}:{page}:{tag}"))
        self.key, self.page = key, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HelpButton:
        return cls(match["game"] or None, int(match["page"]), tag=match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            key = self.key if self.key in table_of(interaction).games else None
            await show_help(interaction, key, self.page)
        except Exception as error:  # components bypass the tree's error handler
            await report_error(interaction, error)
