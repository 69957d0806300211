"""Registering commands: Discord's documented rules that the OpenAPI schema cannot express.

The stand-in applies them to a bulk overwrite of the commands (`PUT /applications/{id}/commands`,
and per guild), after the schema (`offline.conformance`): names match Discord's regex and use
lowercase letters, descriptions are 1-100 characters, names are unique, required options come
before optional ones, subcommands are not mixed with options nor groups nested, no autocomplete
with fixed choices, localised names and descriptions within the same rules (localised option
names unique among their siblings in each locale), string choice values of at most 100
characters, a command's text at most 4000 characters, at most 100 slash commands (15 user, 15
message). The schema itself already limits options, choices and subcommands to 25, and names to
32 characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from offline.conformance import JsonPath, Violation

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND, ENTRY_POINT = 1, 2, 3, 4
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER = 1, 2, 3, 4, 10
COMMAND_SIZE_LIMIT = 4000
COMMANDS_PER_TYPE = {CHAT_INPUT: 100, USER_COMMAND: 15, MESSAGE_COMMAND: 15, ENTRY_POINT: 1}
GLOBAL_COMMANDS_ROUTE = "/applications/{application_id}/commands"
GUILD_COMMANDS_ROUTE = "/applications/{application_id}/guilds/{guild_id}/commands"


def valid_name(name: str) -> bool:
    """Discord's name regex `^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$` (Python's `re` has
    no \\p classes: Unicode categories, and Devanagari and Thai by character name)."""
    if not 1 <= len(name) <= 32:
        return False
    for c in name:
        if c in "-_'" or unicodedata.category(c)[0] in "LN":
            continue
        if unicodedata.name(c, "").startswith(("DEVANAGARI ", "THAI ")):
            continue
        return False
    return True


def _longest(text: Any, localizations: Any) -> int:
    """A text's size for the command limit: its longest localization counts."""
    sizes = [len(text) if isinstance(text, str) else 0]
    sizes += [len(v) for v in (localizations or {}).values() if isinstance(v, str)]
    return max(sizes)


def command_size(command: Mapping[str, Any]) -> int:
    """Characters of names, descriptions and choice names and values, through every option."""

    def size(node: Mapping[str, Any]) -> int:
        total = _longest(node.get("name"), node.get("name_localizations"))
        total += _longest(node.get("description"), node.get("description_localizations"))
        for choice in node.get("choices") or []:
            if isinstance(choice, dict):
                total += _longest(choice.get("name"), choice.get("name_localizations"))
                total += len(choice["value"]) if isinstance(choice.get("value"), str) else 0
        return total + sum(size(o) for o in node.get("options") or [] if isinstance(o, dict))

    return size(command)


def command_violations(method: str, route: str, body: Any) -> list[Violation]:
    """Discord's documented rules for registering commands that the schema does not express.

    `body` is the list of a bulk overwrite (PUT) or one command (POST)."""
    commands = body if isinstance(body, list) else [body] if isinstance(body, dict) else []
    out: list[Violation] = []

    def bad(path: JsonPath, rule: str, detail: str, code: str, message: str) -> None:
        out.append(Violation(method, route, "body", path, rule, detail, code, message))

    seen: dict[tuple[int, str], int] = {}
    per_type: dict[int, int] = {}
    for i, command in enumerate(commands):
        if not isinstance(command, dict):
            continue
        at: JsonPath = (i,) if isinstance(body, list) else ()
        kind = command.get("type") or CHAT_INPUT
        name = command.get("name")
        per_type[kind] = per_type.get(kind, 0) + 1
        if isinstance(name, str):
            if (kind, name) in seen:
                bad((*at, "name"), "command names are unique per type", f"{name!r} is also command {seen[kind, name]}",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Application command names must be unique: {name!r}")
            seen.setdefault((kind, name), i)
        if kind in (CHAT_INPUT, ENTRY_POINT):
            _check_name(bad, (*at, "name"), name, "command")
            for locale, text in (command.get("name_localizations") or {}).items():
                _check_name(bad, (*at, "name_localizations", locale), text, "command")
        if kind == CHAT_INPUT:
            _check_description(bad, (*at, "description"), command.get("description"))
            _check_localised_descriptions(bad, at, command)
            _check_options(bad, at, command.get("options"), depth=0)
        elif kind in (USER_COMMAND, MESSAGE_COMMAND):
            if command.get("description"):
                bad((*at, "description"), "user and message commands have an empty description",
                    repr(command["description"]), "APPLICATION_COMMAND_INVALID_DESCRIPTION",
                    "Description must be empty for this command type.")
            if command.get("options"):
                bad((*at, "options"), "user and message commands have no options", "options given",
                    "APPLICATION_COMMAND_OPTIONS_INVALID", "This command type takes no options.")
        size = command_size(command)
        if size > COMMAND_SIZE_LIMIT:
            bad(at, f"a command's names, descriptions and choices total at most {COMMAND_SIZE_LIMIT} characters",
                f"{size} characters", "APPLICATION_COMMAND_TOO_LARGE",
                f"Command exceeds maximum size ({COMMAND_SIZE_LIMIT})")
    for kind, count in per_type.items():
        limit = COMMANDS_PER_TYPE.get(kind)
        if limit is not None and count > limit:
            bad((), f"at most {limit} commands of type {kind}", f"{count} of them",
                "APPLICATION_COMMANDS_TOO_MANY", f"Maximum number of application commands of type {kind} reached "
                f"({limit})")
    return out


def _check_name(bad: Any, path: JsonPath, name: Any, what: str) -> None:
    if not isinstance(name, str):
        return  # the schema reports it
    if not valid_name(name):
        bad(path, "names match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$", repr(name),
            "APPLICATION_COMMAND_INVALID_NAME", f"Invalid {what} name")
    elif name != name.lower():
        bad(path, "names use lowercase letters where there are any", repr(name),
            "APPLICATION_COMMAND_INVALID_NAME", f"{what.capitalize()} name must be lowercase")


def _check_description(bad: Any, path: JsonPath, text: Any) -> None:
    if isinstance(text, str) and not 1 <= len(text) <= 100:
        bad(path, "slash command descriptions are 1-100 characters", f"{len(text)} long",
            "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")


def _check_localised_descriptions(bad: Any, at: JsonPath, node: Mapping[str, Any]) -> None:
    for locale, text in (node.get("description_localizations") or {}).items():
        _check_description(bad, (*at, "description_localizations", locale), text)


def _check_options(bad: Any, at: JsonPath, options: Any, depth: int) -> None:
    if not isinstance(options, list):
        return
    options = [o if isinstance(o, dict) else {} for o in options]
    kinds = [o.get("type") for o in options]
    nested = [k in (SUB_COMMAND, SUB_COMMAND_GROUP) for k in kinds]
    if any(nested) and not all(nested):
        bad((*at, "options"), "subcommands and groups are not mixed with other options", f"types {kinds}",
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-command and sub-command group option types are "
            "mutually exclusive to all other types")
    names: dict[str, int] = {}
    localised: dict[str, dict[str, int]] = {}
    optional_seen = None
    for j, option in enumerate(options):
        here: JsonPath = (*at, "options", j)
        kind, name = option.get("type"), option.get("name")
        _check_name(bad, (*here, "name"), name, "option")
        for locale, text in (option.get("name_localizations") or {}).items():
            _check_name(bad, (*here, "name_localizations", locale), text, "option")
        if isinstance(name, str):
            if name in names:
                bad((*here, "name"), "option names are unique among their siblings", f"{name!r} is also option "
                    f"{names[name]}", "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME", f"Option name {name} is already "
                    "used in these options")
            names.setdefault(name, j)
        for locale, text in (option.get("name_localizations") or {}).items():
            if text in localised.setdefault(locale, {}):
                bad((*here, "name_localizations", locale), "localised option names are unique among their siblings",
                    f"{text!r} is also option {localised[locale][text]}", "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME",
                    f"Option name {text} is already used in these options")
            localised[locale].setdefault(text, j)
        _check_description(bad, (*here, "description"), option.get("description"))
        _check_localised_descriptions(bad, here, option)
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if kind == SUB_COMMAND_GROUP and depth > 0:
                bad((*here, "type"), "groups are not nested", "a group inside a group", "APPLICATION_COMMAND_OPTION_"
                    "TYPE_INVALID", "Sub-command groups cannot be nested")
            _check_options(bad, here, option.get("options"), depth + 1)
            continue
        if option.get("required"):
            if optional_seen is not None:
                bad((*here, "required"), "required options come before optional ones",
                    f"{name!r} is required after optional option {optional_seen}",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options")
        elif optional_seen is None:
            optional_seen = j
        choices = option.get("choices")
        if option.get("autocomplete") and choices:
            bad((*here, "autocomplete"), "autocomplete is not combined with fixed choices",
                f"{len(choices)} choices", "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                "Autocomplete cannot be enabled on options that have choices")
        if option.get("autocomplete") and kind not in (STRING, INTEGER, NUMBER):
            bad((*here, "autocomplete"), "autocomplete only on string, integer and number options",
                f"option type {kind}", "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
                "Autocomplete is only for string, integer and number options")
        if choices and kind not in (STRING, INTEGER, NUMBER):
            bad((*here, "choices"), "choices only on string, integer and number options", f"option type {kind}",
                "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Choices are only for string, integer and number "
                "options")
        for k, choice in enumerate(choices or []):
            for locale, text in (choice.get("name_localizations") or {}).items() if isinstance(choice, dict) else ():
                if isinstance(text, str) and not 1 <= len(text) <= 100:
                    bad((*here, "choices", k, "name_localizations", locale), "choice names are 1-100 characters",
                        f"{len(text)} long", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            value = choice.get("value") if isinstance(choice, dict) else None
            if isinstance(value, str) and len(value) > 100:
                bad((*here, "choices", k, "value"), "string choice values are at most 100 characters",
                    f"{len(value)} long", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
