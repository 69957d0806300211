"""The base of every game's cog: what each would otherwise repeat, written once.

A game's slash commands are made here from its declarations: every action with a `describe` is a
command named like its kind (or its `command`), every look with one too, their options the
parameters (`rules.options.Param`: type, bounds, fixed choices, description). A command's body is
`act` or `look`: the options given are read by the game's notation on the player's own view
(`Table.command`), the parameters left out given their declared defaults by the rules. A game cog
declares by hand only a command that is truly presentation (Mega Civ's declare asks to confirm
with a button), named like its kind (or `extras={"kind": …}`). Every option of a command that is a
parameter of its kind is autocompleted from the game's legal options (`Table.choices`), so
suggestions, menus and scripted players share one source.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Awaitable, Callable, Coroutine
from types import MethodType
from typing import Any, ClassVar, Generic, Optional, TypeVar

import discord
from discord import AppCommandOptionType, app_commands
from discord.ext import commands

from front.replies import NOBODY, channel_of, escape, fit, reader, table_of, user_of
from front.sender import run, spoken
from rules.base import Game
from rules.errors import BadInput, PlayerError
from rules.messages import Msg
from rules.options import Param, Value, matching
from waypost.i18n import translate
from waypost.outcome import Seen

S = TypeVar("S")
SUGGESTED = (AppCommandOptionType.string, AppCommandOptionType.integer, AppCommandOptionType.number)
Suggest = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]]


def kind_of(command: app_commands.Command[Any, ..., Any]) -> str:
    """The action kind (or look) a game command gives: its `extras["kind"]`, else its name."""
    return str(command.extras.get("kind", command.name))


class GameCog(commands.GroupCog, Generic[S]):
    """One game's commands. Subclasses set `rules` (the game's `Game`) and declare commands whose
    bodies call `act` or `look`."""

    rules: ClassVar[Game[Any]]

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self._declare()
        for command in self.walk_app_commands():
            if isinstance(command, app_commands.Command):
                self._suggest_for(command)

    def _declare(self) -> None:
        """Add a command for every action and look the game describes (those not declared by hand)."""
        group = self.__cog_app_commands_group__
        assert group is not None
        taken = {c.name for c in group.commands}
        made = [_command(self, cls.command or cls.kind, cls.kind, cls.describe, cls.params, GameCog.act)
                for cls in self.rules.actions if cls.describe]
        made += [_command(self, look.kind, look.kind, look.describe, look.params, GameCog.look)
                 for look in self.rules.looks if look.describe]
        for command in made:
            if command.name not in taken:
                group.add_command(command)
                self.__cog_app_commands__.append(command)

    @property
    def game_key(self) -> str:
        return self.rules.key

    def _suggest_for(self, command: app_commands.Command[Any, ..., Any]) -> None:
        """Autocomplete every option of `command` that is a parameter of its kind (and has neither
        fixed choices nor an autocomplete of its own) from the game's legal options."""
        kind = kind_of(command)
        known = {p.name: p for p in self.rules.params_of(kind)}
        for option in command.parameters:  # an option is named on Discord like the parameter (`display_name`)
            param = known.get(option.display_name)
            if param is not None and option.type in SUGGESTED and not option.choices and not option.autocomplete:
                command.autocomplete(option.name)(self._suggester(kind, param, option.type))

    def _suggester(self, kind: str, param: Param, type_: AppCommandOptionType) -> Suggest:
        async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
            seen = await self.seen(interaction)
            if seen is None:
                return []
            try:
                chosen = self._values(interaction, seen, leave_out=param.name)
            except PlayerError:  # a member who does not play: nothing to suggest
                return []
            if param.free and current.strip():  # what is typed so far, which suggestions may go on from
                chosen[param.name] = current
            found = await table_of(interaction).choices(channel_of(interaction), user_of(interaction), self.game_key,
                                                        kind, param.name, chosen)
            language = reader(interaction)
            return [app_commands.Choice(name=translate(c.label, language)[:100], value=_as(c.value, type_))
                    for c in matching(found, current)
                    if type_ is AppCommandOptionType.string or isinstance(c.value, int)]
        return suggest

    # --- what commands share ---------------------------------------------------------------------

    async def seen(self, interaction: discord.Interaction) -> Seen[S] | None:
        """The channel's game as this user may see it, if it is this game in play."""
        seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
        return seen if seen is not None and seen.game_key == self.game_key else None

    async def act(self, interaction: discord.Interaction) -> None:
        """Play the command's action kind with the options given (read on the user's own view)."""
        command = interaction.command
        assert isinstance(command, app_commands.Command)
        seen = await self.seen(interaction)
        values = self._values(interaction, seen)
        table = table_of(interaction)
        await run(interaction, table.command(channel_of(interaction), user_of(interaction), self.game_key,
                                             kind_of(command), values, reader(interaction)))

    async def look(self, interaction: discord.Interaction, *, public: bool = False) -> None:
        """Answer with one of the game's read-only looks, on the user's own view: privately, unless
        `public` (a look the whole table reads, such as a report as everyone sees it)."""
        command = interaction.command
        assert isinstance(command, app_commands.Command)
        seen = await self.seen(interaction)
        lines = await table_of(interaction).look(channel_of(interaction), user_of(interaction), self.game_key,
                                                 kind_of(command), self._values(interaction, seen))
        await self.tell(interaction, lines, public=public)

    @staticmethod
    async def tell(interaction: discord.Interaction, lines: list[str], *, public: bool = False) -> None:
        """An answer, private unless `public` (looking changes nothing, so it does not disturb the channel),
        in the reader's language (public: the game's)."""
        language = await spoken(interaction, channel_of(interaction)) if public else reader(interaction)
        await interaction.response.send_message(fit([escape(translate(line, language)) for line in lines]),
                                                ephemeral=not public,
                                                allowed_mentions=NOBODY)

    @staticmethod
    def _values(interaction: discord.Interaction, seen: Seen[Any] | None, leave_out: str = "") -> dict[str, Value]:
        """The options given so far as values for the game: a member becomes their seat."""
        values: dict[str, Value] = {}
        for name, value in interaction.namespace:
            if name == leave_out or value is None:
                continue
            if isinstance(value, str | int | bool):  # first: discord.abc.User is a Protocol, slow to check
                values[name] = value
            elif isinstance(value, discord.abc.User | discord.Object):
                values[name] = _seat(seen, value.id, getattr(value, "display_name", "That member"))
        return values


def _command(cog: GameCog[Any], name: str, kind: str, describe: str, params: tuple[Param, ...],
             body: Callable[[Any, discord.Interaction], Awaitable[None]]) -> app_commands.Command[Any, ..., None]:
    """A slash command of `cog` (its binding, as a command declared in the class would have) for
    action kind (or look) `kind`, whose options are its parameters, required first (Discord's
    order), each with its declared type, bounds, choices and description."""
    async def callback(self: Any, interaction: discord.Interaction, **_: Any) -> None:
        await body(self, interaction)

    signature = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                 inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                   annotation=discord.Interaction)]
    described: dict[str, str] = {}
    renamed: dict[str, str] = {}
    fixed: dict[str, list[app_commands.Choice[Any]]] = {}
    for param in sorted(params, key=lambda p: not p.required):
        python = f"{param.name}_" if keyword.iskeyword(param.name) else param.name
        if python != param.name:
            renamed[python] = param.name
        option = _option_type(param)
        signature.append(inspect.Parameter(
            python, inspect.Parameter.KEYWORD_ONLY, annotation=option if param.required else Optional[option],  # noqa: UP045
            default=inspect.Parameter.empty if param.required else None))
        described[python] = param.describe or param.ask
        if param.fixed:
            fixed[python] = [app_commands.Choice(name=c.label[:100], value=c.value) for c in param.fixed]
    callback.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = described  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_rename__ = renamed  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_choices__ = fixed  # type: ignore[attr-defined]
    callback.__name__ = f"{kind}_command"
    callback.__qualname__ = f"{type(cog).__name__}.{callback.__name__}"  # a method of the cog's
    return app_commands.Command(name=name, description=describe, callback=MethodType(callback, cog),
                                extras={"kind": kind})


def _option_type(param: Param) -> Any:
    """What a parameter is as a command's option: a member, a switch, a bounded number or text."""
    if param.type == "seat":
        return discord.User
    if param.type == "switch":
        return bool
    if param.fixed:
        return str if isinstance(param.fixed[0].value, str) else int
    if param.type == "number":
        return int if param.low is None and param.high is None else app_commands.Range[int, param.low, param.high]
    return app_commands.Range[str, 1, param.longest]


def _seat(seen: Seen[Any] | None, user_id: int, name: str) -> int:
    seats = seen.state.seats if seen is not None else ()
    seat = next((i for i, s in enumerate(seats) if s.player_id == user_id), None)
    if seat is None:
        raise BadInput(Msg("{name} is not playing in this game.", name=name))
    return seat


def _as(value: Value, type_: AppCommandOptionType) -> Any:
    """A choice's value as the option's type takes it."""
    return str(value)[:100] if type_ is AppCommandOptionType.string else value
