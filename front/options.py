"""Checking a slash command's options against its signature before it runs.

Discord's client validates options, but a client whose commands are out of sync (or a forged
request) can send a missing option, text for a number or an unknown snowflake; nothing may crash
on it, so the tree refuses such a command privately, naming the option.
"""

from __future__ import annotations

import math

import discord
from discord import app_commands

Option = discord.AppCommandOptionType
OPTION_KINDS = {  # what Discord guarantees each option type's value to be, and how a refusal says it
    Option.string: (lambda v: isinstance(v, str) and len(v) <= 6000, "text of at most 6000 characters"),
    Option.integer: (lambda v: type(v) is int and abs(v) <= 2**53, "a whole number"),
    Option.number: (lambda v: type(v) in (int, float) and math.isfinite(v) and abs(v) <= 2**53, "a number"),
    Option.boolean: (lambda v: type(v) is bool, "true or false"),
}
RESOLVED = {Option.user: ("users", "a member"), Option.channel: ("channels", "a channel"),
            Option.role: ("roles", "a role"), Option.mentionable: ("users", "a member"),
            Option.attachment: ("attachments", "a file")}


def option_problem(interaction: discord.Interaction) -> str | None:
    """What is wrong with a command's options against its signature, if anything."""
    command, data = interaction.command, interaction.data or {}
    if not isinstance(command, app_commands.Command):
        return None
    options = data.get("options", [])
    while options and options[0].get("type") in (Option.subcommand.value, Option.subcommand_group.value):
        options = options[0].get("options", [])
    given = {o.get("name"): o for o in options}
    for param in command.parameters:
        name, option = param.display_name, given.get(param.display_name)
        if option is None:
            if param.required:
                return f"The option {name} is missing."
            continue
        value = option.get("value")
        if param.type in OPTION_KINDS:
            valid, what = OPTION_KINDS[param.type]
            ok = valid(value)
        else:
            key, what = RESOLVED[param.type]
            ok = isinstance(value, str) and value in data.get("resolved", {}).get(key, {})
        if option.get("type") != param.type.value or not ok:
            return f"The option {name} must be {what}."
    return None
