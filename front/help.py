"""/game help, paged: the game's commands (first, when a game is named or played in the channel), its
rules summary, its settings, how to play by post, and the table's commands. No page is ever cut:
a section too long for one message runs over several pages. The buttons between pages are dynamic
items (the custom id names the game and the page), so they work after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from front.clicks import Budgeted
from front.replies import CONTENT_LIMIT, NOBODY, escape, report_error, table_of
from waypost.registry import HOST_SETTINGS

WHO = {"turn": "one player at a time", "together": "everyone at once", "secret": "everyone at once, in secret"}
PAGE_LIMIT = CONTENT_LIMIT - 100  # room for the page's heading
BY_POST = (
    "**Playing by post**",
    "When the game waits for you, the bot pings you and says what to do. Tap **Your turn card** under its message "
    "(or under `/game status`): it lists what you can do now; each action is chosen step by step from menus that "
    "offer only legal choices, then confirmed. The slash commands do the same for those who type.",
    "While it is not your turn, the same commands and card prepare your next one: it plays itself when your turn "
    "comes if nothing it depends on changed; else you are pinged. `/prepared` shows, replays or takes it back.",
    "`/game undo` takes back your last action while nobody has acted since. `/game since` says what happened since "
    "you last acted or looked; `/game recap` replays the last actions; `/game log` is the whole history.",
    "`/game away` stops your clock for some days (with `everywhere:true`, in all your games on this server); "
    "`/game notify` chooses direct messages or the channel, for all your games; `/game mine` lists your games on "
    "this server, with a turn card for each that waits for you.",
    "The channel stays quiet: a board when the map changes, one line a player for their secret moves (edited in "
    "place), a reveal's proof behind its **Verify** button. The host's setting `chatter` can make it loud.",
    "The host may set deadlines (`/game settings name:deadline_hours`), pause the game and hand a seat to a "
    "substitute.",
)


def pages(client: Any, key: str | None) -> list[tuple[str, str]]:
    """Every page of help as (title, text), the named game's first."""
    table = client.table
    sections: list[tuple[str, list[str]]] = []
    if key is not None:
        entry = table.game(key)
        rules = entry.rules
        commands = [f"`/{c.qualified_name}` — {c.description}" for cog in client.cogs.values()
                    if getattr(cog, "game_key", None) == key for c in cog.walk_app_commands()
                    if isinstance(c, app_commands.Command)]
        sections.append((f"{rules.title}: commands", commands))
        phases = [f"*{p.title}* ({WHO[p.who]}): {p.prompt}" + (f" It ends {p.ends}." if p.ends else "")
                  for p in rules.flow.phases]
        sections.append((f"{rules.title}: the rules in short", [rules.summary, *phases]))
        sections.append((f"{rules.title}: words", [f"**{term}** — {meaning}" for term, meaning in rules.glossary]))
        own = [f"`{s.name}` — {s.help} (default {s.show(s.default)}{_range(s)})" for s in rules.settings]
        sections.append((f"{rules.title}: settings", ["`board` — which map (the host, before the start): "
                                                      f"{', '.join(entry.boards)}", *own]))
    sections.append(("Playing by post", list(BY_POST[1:])))
    table_commands = [f"`/game {c.name}` — {c.description}" for c in client.tree.get_command("game").commands]
    sections.append(("The table's commands", table_commands))
    host = [f"`{s.name}` — {s.help} (default {s.show(s.default)}{_range(s)})" for s in HOST_SETTINGS]
    sections.append(("The host's settings (any time)", host))
    sections.append(("Games", [f"{g.rules.title} (`{k}`): `/game help game:{k}`" for k, g in table.games.items()
                               if g.cog is not None]))
    return [(title, text) for title, lines in sections for text in _split(lines)]


def _range(setting: Any) -> str:
    if setting.choices:
        return f"; one of {', '.join(setting.choices)}"
    if setting.minimum is not None and setting.maximum is not None:
        return f"; {setting.minimum} to {setting.maximum}"
    return ""


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


def page_message(client: Any, key: str | None, number: int) -> tuple[str, discord.ui.View]:
    """Page `number` of the help (counted from 0) and the buttons to the others."""
    found = pages(client, key)
    number = max(0, min(number, len(found) - 1))
    title, text = found[number]
    content = f"**{escape(title)}** (page {number + 1} of {len(found)})\n{text}"
    view = discord.ui.View(timeout=None)
    if number > 0:
        view.add_item(HelpButton(key, number - 1, "Previous", "p"))
    if number < len(found) - 1:
        view.add_item(HelpButton(key, number + 1, "Next", "n"))
    firsts: dict[str, int] = {}
    for i, (heading, _) in enumerate(found):
        firsts.setdefault(heading, i)
    for heading, i in list(firsts.items())[:20]:
        if i != number:
            view.add_item(HelpButton(key, i, heading, "s"))
    return content, view


async def show_help(interaction: discord.Interaction, key: str | None, number: int = 0) -> None:
    """The help page, privately: a new message, or the (private) help message clicked edited."""
    content, view = page_message(interaction.client, key, number)
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
