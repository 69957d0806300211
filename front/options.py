"""Checking a slash command's options against its signature before it runs: the one place
option values are checked against their declared type, bounds, lengths and choices.

Discord's client enforces these, but a client whose commands are out of sync (or a forged
request) can send a missing option, text for a number, a number out of range or an unknown
snowflake; nothing may crash on it, so the tree refuses such a command privately, naming the
option. Commands declare their bounds to Discord (`app_commands.Range`, `choices`); cogs never
check them again.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

import discord
from discord import app_commands

from rules.messages import Msg

Option = discord.AppCommandOptionType
OPTION_KINDS: dict[Option, tuple[Callable[[Any], bool], str]] = {  # what Discord guarantees each option type's
    # value to be, and how a refusal says it
    Option.string: (lambda v: isinstance(v, str) and len(v) <= 6000, Msg("text of at most 6000 characters")),
    Option.integer: (lambda v: type(v) is int and abs(v) <= 2**53, Msg("a whole number")),
    Option.number: (lambda v: type(v) in (int, float) and math.isfinite(v) and abs(v) <= 2**53, Msg("a number")),
    Option.boolean: (lambda v: type(v) is bool, Msg("true or false")),
}
RESOLVED = {Option.user: ("users", Msg("a member")), Option.channel: ("channels", Msg("a channel")),
            Option.role: ("roles", Msg("a role")), Option.mentionable: ("users", Msg("a member")),
            Option.attachment: ("attachments", Msg("a file"))}
GUILDS_ONLY = Msg("Waypost games are played in server channels and threads, not in direct messages.")


def option_problem(interaction: discord.Interaction) -> str | None:
    """What is wrong with a command's place or options against its signature, if anything."""
    command, data = interaction.command, cast(dict[str, Any], interaction.data or {})
    if interaction.guild_id is None:
        return GUILDS_ONLY
    if not isinstance(command, app_commands.Command):
        return None
    options: list[dict[str, Any]] = list(data.get("options", []))
    while options and options[0].get("type") in (Option.subcommand.value, Option.subcommand_group.value):
        options = options[0].get("options", [])
    given = {o.get("name"): o for o in options}
    for param in command.parameters:
        name, option = param.display_name, given.get(param.display_name)
        if option is None:
            if param.required:
                return Msg("The option {name} is missing.", name=name)
            continue
        problem = _value_problem(name, param, option, data)
        if problem:
            return problem
    return None


def _value_problem(name: str, param: app_commands.Parameter, option: dict[str, Any], data: Any) -> str | None:
    value = option.get("value")
    if param.type in OPTION_KINDS:
        valid, what = OPTION_KINDS[param.type]
        ok = valid(value)
    else:
        key, what = RESOLVED[param.type]
        ok = isinstance(value, str) and value in data.get("resolved", {}).get(key, {})
    if option.get("type") != param.type.value or not ok:
        return Msg("The option {name} must be {what}.", name=name, what=what)
    if param.choices and value not in [c.value for c in param.choices]:
        return Msg("The option {name} must be one of: {choices}.", name=name,
                   choices=", ".join(str(c.value) for c in param.choices))
    if isinstance(value, str):
        return _text_problem(name, param, value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        low, high = param.min_value, param.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            return Msg("The option {name} is {bounds}, not {value}.", name=name, bounds=_bounds(low, high),
                       value=value)
    return None


def _text_problem(name: str, param: app_commands.Parameter, value: str) -> str | None:
    if param.type is not Option.string:
        return None
    if not value.strip():
        return Msg("The option {name} is empty.", name=name)
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return Msg("The option {name} has characters that are not valid text.", name=name)
    low, high = param.min_value, param.max_value
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        return Msg("The option {name} is {bounds} characters long, not {n}.", name=name, bounds=_bounds(low, high),
                   n=len(value))
    return None


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return Msg("{low} to {high}", low=f"{low:g}", high=f"{high:g}")
    return Msg("at least {n}", n=f"{low:g}") if low is not None else Msg("at most {n}", n=f"{high:g}")
