"""INTERACTION_CREATE payloads built from the bot's command tree, as Discord's client would send them.

Names stand for stable fake ids: `@alice` is the same user id on every run, `#lobby` the same channel
id, all in one fixed guild. Option values may be given as text (as typed in Discord) and are
converted per the option's Discord type. The client-side checks Discord's client does (required
options, choices, ranges, lengths, number parsing, what can be clicked) raise `ClientRefusal`;
`checks=False` skips them so a test can send what a real client never would.
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
import secrets
import shlex
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

DISCORD_EPOCH_MS = 1420070400000
GUILD_ID = 612345678901234567
DEFAULT_SIZE_LIMIT = 10 * 1024 * 1024
MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
)
APP_PERMISSIONS = discord.Permissions.text() | discord.Permissions(view_channel=True)

# Discord option types (AppCommandOptionType values).
SUB_COMMAND, SUB_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
)  # fmt: skip
OPTION_NAME = re.compile(r"[-\w]{1,32}")
TRUE_WORDS, FALSE_WORDS = {"true", "yes", "y", "on", "1"}, {"false", "no", "n", "off", "0"}

Upload = Callable[[str, bytes, str | None], dict[str, Any]]


class ClientRefusal(ValueError):
    """What Discord's client would refuse to send (a missing option, a value out of range...)."""


class Snowflakes:
    """Time-based, strictly increasing snowflake ids."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = (time.time_ns() // 1_000_000 - DISCORD_EPOCH_MS) << 22
        self._last = max(self._last + 1, now)
        return self._last


next_id = Snowflakes()


def stable_id(kind: str, name: str) -> int:
    """A snowflake-sized id that depends only on `kind` and the (case-folded) name."""
    digest = hashlib.sha256(f"{kind}:{name.casefold()}".encode()).digest()
    return 10**17 + int.from_bytes(digest[:8], "big") % (9 * 10**17)


class Directory:
    """Fake users and channels: names to stable ids, and ids back to names."""

    def __init__(self) -> None:
        self.users: dict[int, str] = {}
        self.channels: dict[int, str] = {}

    def user_id(self, user: str | int) -> int:
        if isinstance(user, int):
            return user
        name = user.removeprefix("@")
        return self._remember(self.users, stable_id("user", name), name)

    def channel_id(self, channel: str | int) -> int:
        if isinstance(channel, int):
            return channel
        name = channel.removeprefix("#")
        return self._remember(self.channels, stable_id("channel", name), name)

    @staticmethod
    def _remember(names: dict[int, str], id_: int, name: str) -> int:
        names.setdefault(id_, name)
        return id_

    def user(self, user: str | int, *, bot: bool = False) -> dict[str, Any]:
        id_ = self.user_id(user)
        name = self.users.get(id_, f"user{id_}")
        return {
            "id": str(id_),
            "username": name.lower(),
            "global_name": name,
            "discriminator": "0",
            "avatar": None,
            "bot": bot,
            "public_flags": 0,
        }

    def guild(self, guild_id: int = GUILD_ID) -> dict[str, Any]:
        """A guild as GUILD_CREATE gives it to a bot with the guilds intent: its @everyone role with
        a member's permissions; its channels come one by one (CHANNEL_CREATE)."""
        everyone = {"id": str(guild_id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS.value)}
        everyone |= {"position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False}
        return {"id": str(guild_id), "name": "Offline", "owner_id": str(self.user_id("owner")), "roles": [everyone],
                "channels": [], "members": [], "features": []}

    def channel(self, channel: str | int, guild_id: int = GUILD_ID) -> dict[str, Any]:
        id_ = self.channel_id(channel)
        return {
            "id": str(id_),
            "type": 0,
            "name": self.channels.get(id_, f"channel-{id_}"),
            "position": list(self.channels).index(id_) if id_ in self.channels else 0,
            "guild_id": str(guild_id),
            "parent_id": None,
            "nsfw": False,
            "permission_overwrites": [],
        }


class PayloadBuilder:
    """Builds interaction payloads for one bot's command tree."""

    def __init__(
        self,
        tree: app_commands.CommandTree,
        *,
        application_id: int,
        directory: Directory,
        upload: Upload,
        guild_id: int = GUILD_ID,
        attachment_size_limit: int = DEFAULT_SIZE_LIMIT,
        checks: bool = True,
    ) -> None:
        self.tree = tree
        self.application_id = application_id
        self.directory = directory
        self.upload = upload
        self.guild_id = guild_id
        self.attachment_size_limit = attachment_size_limit
        self.checks = checks
        self.permissions: dict[int, int] = {}
        self.guild_locale = "en-US"  # the server's preferred locale, as Discord sends it with every interaction
        self.locales: dict[int, str] = {}  # user id -> their client's locale (`speaks`); en-US for the others
        self._schemas: dict[tuple[str, int], tuple[dict[str, Any], bool]] = {}  # the tree is built once

    # -- people and places -------------------------------------------------------------------------

    def grant(self, user: str | int, permissions: discord.Permissions) -> None:
        """Add `permissions` to what `user` has in every channel (e.g. manage_channels)."""
        uid = self.directory.user_id(user)
        self.permissions[uid] = self.permissions.get(uid, MEMBER_PERMISSIONS.value) | permissions.value

    def speaks(self, user: str | int, locale: str) -> None:
        """Set the locale of `user`'s Discord client ("de", "pl", "qps"), sent with their interactions."""
        self.locales[self.directory.user_id(user)] = locale

    def revoke(self, user: str | int, permissions: discord.Permissions) -> None:
        uid = self.directory.user_id(user)
        self.permissions[uid] = self.permissions.get(uid, MEMBER_PERMISSIONS.value) & ~permissions.value

    def member(self, user: str | int) -> dict[str, Any]:
        """A guild member payload, including the resolved `permissions` bitfield string."""
        uid = self.directory.user_id(user)
        return {
            "user": self.directory.user(uid),
            "roles": [],
            "flags": 0,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "nick": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "permissions": str(self.permissions.get(uid, MEMBER_PERMISSIONS.value)),
        }

    def _envelope(self, type_: int, user: str | int, channel: str | int, data: dict[str, Any]) -> dict[str, Any]:
        channel_payload = self.directory.channel(channel, self.guild_id)
        member = self.member(user)
        channel_payload["permissions"] = member["permissions"]
        return {
            "id": str(next_id()),
            "application_id": str(self.application_id),
            "type": type_,
            "token": secrets.token_urlsafe(24),
            "version": 1,
            "data": data,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": self.guild_locale, "features": []},
            "channel_id": channel_payload["id"],
            "channel": channel_payload,
            "member": member,
            "locale": self.locales.get(int(member["user"]["id"]), "en-US"),
            "guild_locale": self.guild_locale,
            "app_permissions": str(APP_PERMISSIONS.value),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": self.attachment_size_limit,
        }

    # -- slash commands ----------------------------------------------------------------------------

    def schema(self, name: str) -> tuple[dict[str, Any], bool]:
        """The Discord schema of top-level command `name` and whether it is a guild command (read
        once: building it walks the whole group)."""
        key = (name, self.guild_id)
        if key not in self._schemas:
            self._schemas[key] = self._schema(name)
        return self._schemas[key]

    def _schema(self, name: str) -> tuple[dict[str, Any], bool]:
        guild_cmd = self.tree.get_command(name, guild=discord.Object(self.guild_id))
        cmd = guild_cmd or self.tree.get_command(name)
        if not isinstance(cmd, app_commands.Command | app_commands.Group):
            raise ClientRefusal(f"/{name} is not a command of this bot")
        return cmd.to_dict(self.tree), guild_cmd is not None

    def _walk(self, words: list[str]) -> tuple[str, dict[str, Any], bool, list[dict[str, Any]]]:
        """Take the command path off the front of `words`: (path, top schema, guild?, schemas to the leaf)."""
        path = [words.pop(0)]
        schema, guild = self.schema(path[0])
        chain = [schema]
        while subs := {o["name"]: o for o in chain[-1].get("options", []) if o["type"] in (SUB_COMMAND, SUB_GROUP)}:
            if not words or ":" in words[0]:
                raise ClientRefusal(f"/{' '.join(path)} needs one of: {', '.join(subs)}")
            if words[0] not in subs:
                raise ClientRefusal(f"/{' '.join(path)} has no subcommand {words[0]!r}")
            path.append(words.pop(0))
            chain.append(subs[path[-1]])
        return " ".join(path), schema, guild, chain

    def parse(self, text: str) -> tuple[str, dict[str, str], str | None]:
        """Split `/game new game:vikings board:"Two Shores"` into path, options and the last option name.

        Words after the path that are not `name:...` continue the previous value, so `route:F1 F2 B1`
        and `route:"F1 F2 B1"` mean the same (a value containing `word:` needs quotes).
        """
        words = split_words(text.strip().removeprefix("/"))
        if not words:
            raise ClientRefusal("no command given")
        path, _, _, _ = self._walk(words)
        options: dict[str, str] = {}
        last: str | None = None
        for word in words:
            name, colon, value = word.partition(":")
            if colon and OPTION_NAME.fullmatch(name):
                options[name] = value
                last = name
            elif last is not None:
                options[last] += " " + word
            else:
                raise ClientRefusal(f"expected name:value, got {word!r}")
        return path, options, last

    def command(
        self,
        user: str | int,
        channel: str | int,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        checks: bool | None = None,
    ) -> dict[str, Any]:
        """A slash command interaction (type 2) for `name` (e.g. "game new") with these options."""
        check = self.checks if checks is None else checks
        data = self._command_data(name, options or {}, check, focused=None)
        return self._envelope(2, user, channel, data)

    def autocomplete(
        self,
        user: str | int,
        channel: str | int,
        name: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        checks: bool | None = None,
    ) -> dict[str, Any]:
        """An autocomplete interaction (type 4); `options[focused]` is the text typed so far."""
        check = self.checks if checks is None else checks
        data = self._command_data(name, options, check, focused=focused)
        return self._envelope(4, user, channel, data)

    def _command_data(
        self, path: str, given: Mapping[str, Any], check: bool, focused: str | None
    ) -> dict[str, Any]:
        words = path.split()
        path, schema, guild, chain = self._walk(words)
        if words:
            raise ClientRefusal(f"/{path} has no subcommand {words[0]!r}")
        resolved: dict[str, dict[str, Any]] = {}
        options = self._options(path, chain[-1], dict(given), check, focused, resolved)
        for sub in reversed(chain[1:]):
            options = [{"type": sub["type"], "name": sub["name"], "options": options}]
        data: dict[str, Any] = {
            "id": str(stable_id("command", schema["name"])),
            "name": schema["name"],
            "type": 1,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if guild:
            data["guild_id"] = str(self.guild_id)
        return data

    def _options(
        self,
        path: str,
        leaf: dict[str, Any],
        given: dict[str, Any],
        check: bool,
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
    ) -> list[dict[str, Any]]:
        specs = {o["name"]: o for o in leaf.get("options", [])}
        where = f"/{path}"
        if check:
            unknown = [n for n in given if n not in specs]
            if unknown:
                raise ClientRefusal(f"{where} has no option {unknown[0]!r} (options: {', '.join(specs) or 'none'})")
            if focused is not None and not specs.get(focused, {}).get("autocomplete"):
                raise ClientRefusal(f"option {focused!r} of {where} has no autocomplete")
            if focused is None:
                missing = [n for n, s in specs.items() if s.get("required") and n not in given]
                if missing:
                    raise ClientRefusal(f"{where} needs option {missing[0]!r}")
        out = []
        for name, raw in given.items():
            spec = specs.get(name, {"name": name, "type": STRING})
            if name == focused:
                out.append({"type": spec["type"], "name": name, "value": str(raw), "focused": True})
                continue
            value = self._value(spec, raw, check, resolved)
            out.append({"type": spec["type"], "name": name, "value": value})
        return out

    def _value(self, spec: dict[str, Any], raw: Any, check: bool, resolved: dict[str, dict[str, Any]]) -> Any:
        kind, name = spec["type"], spec["name"]
        if kind == USER:
            uid = self.directory.user_id(raw if isinstance(raw, str | int) else raw.id)
            resolved.setdefault("users", {})[str(uid)] = self.directory.user(uid)
            member = self.member(uid)
            del member["user"]
            resolved.setdefault("members", {})[str(uid)] = member
            return str(uid)
        if kind == CHANNEL:
            channel = self.directory.channel(raw if isinstance(raw, str | int) else raw.id, self.guild_id)
            channel["permissions"] = str(MEMBER_PERMISSIONS.value)
            resolved.setdefault("channels", {})[channel["id"]] = channel
            return channel["id"]
        if kind == ATTACHMENT:
            attachment = self._attachment(name, raw, check)
            resolved.setdefault("attachments", {})[attachment["id"]] = attachment
            return attachment["id"]
        if kind in (ROLE, MENTIONABLE):
            raise ClientRefusal(f"option {name!r}: role and mentionable options are not emulated offline")
        value = self._choice(spec, raw, check)
        if check:
            self._check_range(spec, value)
        return value

    def _choice(self, spec: dict[str, Any], raw: Any, check: bool) -> Any:
        choices = spec.get("choices") or []
        for choice in choices:
            if raw == choice["value"] or str(raw) == str(choice["value"]):
                return choice["value"]
            if isinstance(raw, str) and raw.casefold() == choice["name"].casefold():
                return choice["value"]
        value = convert(spec, raw, check)
        if choices and check:
            names = ", ".join(c["name"] for c in choices)
            raise ClientRefusal(f"option {spec['name']!r} must be one of: {names}")
        return value

    @staticmethod
    def _check_range(spec: dict[str, Any], value: Any) -> None:
        name = spec["name"]
        if spec["type"] == STRING:
            low, high, size, unit = spec.get("min_length"), spec.get("max_length"), len(value), " characters"
        elif spec["type"] in (INTEGER, NUMBER):
            low, high, size, unit = spec.get("min_value"), spec.get("max_value"), value, ""
        else:
            return
        if low is not None and size < low:
            raise ClientRefusal(f"option {name!r} must be at least {low}{unit}")
        if high is not None and size > high:
            raise ClientRefusal(f"option {name!r} must be at most {high}{unit}")

    def _attachment(self, option: str, raw: Any, check: bool) -> dict[str, Any]:
        """Upload `raw` (a path, bytes, or (filename, bytes)) to the stand-in; return the attachment."""
        if isinstance(raw, tuple):
            filename, data = raw
        elif isinstance(raw, bytes):
            filename, data = f"{option}.bin", raw
        else:
            path = Path(raw)
            filename, data = path.name, path.read_bytes()
        if check and len(data) > self.attachment_size_limit:
            raise ClientRefusal(f"{filename} is larger than {self.attachment_size_limit} bytes")
        return self.upload(filename, data, mimetypes.guess_type(filename)[0])

    # -- components --------------------------------------------------------------------------------

    def component(
        self,
        user: str | int,
        message: Mapping[str, Any],
        custom_id: str,
        values: list[str] | None = None,
        *,
        checks: bool | None = None,
    ) -> dict[str, Any]:
        """A component interaction (type 3): a click on button `custom_id`, or picking `values`."""
        check = self.checks if checks is None else checks
        component = find_component(message, custom_id)
        if component is None and check:
            raise ClientRefusal(f"message {message['id']} has no component {custom_id!r}")
        ctype = component["type"] if component else (2 if values is None else 3)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype != 2:
            data["values"] = list(values or [])
        if check and component:
            check_component(component, data.get("values"))
        payload = self._envelope(3, user, int(message["channel_id"]), data)
        payload["message"] = dict(message)
        return payload

    def in_direct_message(self, payload: dict[str, Any], user: str | int) -> dict[str, Any]:
        """`payload` as Discord sends it from the bot's direct message with `user`: no server, the
        user without a member, the DM channel (its id the message's), the bot-DM context."""
        uid = self.directory.user_id(user)
        dm = {"id": payload["channel_id"], "type": 1, "flags": 0, "last_message_id": None,
              "recipients": [self.directory.user(uid)]}
        out = {k: v for k, v in payload.items() if k not in ("guild_id", "guild", "member", "guild_locale")}
        return {**out, "user": self.directory.user(uid), "channel": dm, "context": 1,
                "app_permissions": str(APP_PERMISSIONS.value),
                "authorizing_integration_owners": {"0": str(self.guild_id)}}

    def modal_submit(
        self,
        user: str | int,
        channel: str | int,
        modal: Mapping[str, Any],
        values: Mapping[str, str],
        message: Mapping[str, Any] | None = None,
        *,
        checks: bool | None = None,
    ) -> dict[str, Any]:
        """A modal submission (type 5): `values` by text input custom_id, for the `modal` the bot
        opened (its callback data); `message` when the modal was opened from a component."""
        check = self.checks if checks is None else checks
        inputs = {c["custom_id"]: c for c in iter_modal_inputs(modal.get("components", []))}
        if check:
            for custom_id, item in inputs.items():
                value = values.get(custom_id, "")
                label = item.get("label") or custom_id
                if item.get("required", True) and not value:
                    raise ClientRefusal(f"{label!r} is required")
                low, high = item.get("min_length") or 0, item.get("max_length") or 4000
                if value and not low <= len(value) <= high:
                    raise ClientRefusal(f"{label!r} takes {low} to {high} characters, not {len(value)}")
            unknown = set(values) - set(inputs)
            if unknown:
                raise ClientRefusal(f"the modal has no text input {sorted(unknown)[0]!r}")

        def answered(component: Mapping[str, Any]) -> dict[str, Any]:
            if component.get("type") == 4:
                return {"type": 4, "custom_id": component["custom_id"], "value": values.get(component["custom_id"], "")}
            if component.get("type") == 18:
                return {"type": 18, "component": answered(component["component"])}
            return {"type": component.get("type"), "components": [answered(c) for c in component.get("components", [])]}

        data = {"custom_id": modal["custom_id"], "components": [answered(c) for c in modal.get("components", [])]}
        payload = self._envelope(5, user, channel, data)
        if message is not None:
            payload["message"] = dict(message)
        return payload


def iter_modal_inputs(components: list[dict[str, Any]]):
    """The text inputs of a modal (in action rows or labels)."""
    for component in components:
        if component.get("type") == 4:
            yield component
        yield from iter_modal_inputs(component.get("components", []))
        if "component" in component:
            yield from iter_modal_inputs([component["component"]])


def split_words(text: str) -> list[str]:
    """Shell-style words; unbalanced quotes are refused like any other bad line."""
    try:
        return shlex.split(text)
    except ValueError as error:
        raise ClientRefusal(f"cannot read {text!r}: {error}") from None


def convert(spec: dict[str, Any], raw: Any, check: bool) -> Any:
    """Convert typed text to the option's JSON type; unparsable text is refused (or kept when unchecked)."""
    kind, name = spec["type"], spec["name"]
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    try:
        if kind == INTEGER:
            return int(text)
        if kind == NUMBER:
            number = float(text)
            return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number
        if kind == BOOLEAN:
            if text.lower() in TRUE_WORDS | FALSE_WORDS:
                return text.lower() in TRUE_WORDS
            raise ValueError(text)
    except ValueError:
        if check:
            expected = {INTEGER: "a whole number", NUMBER: "a number", BOOLEAN: "true or false"}[kind]
            raise ClientRefusal(f"option {name!r} must be {expected}, not {raw!r}") from None
    return raw


def iter_components(components: list[dict[str, Any]]):
    """Every component in a message's component tree (action rows and v2 containers included)."""
    for component in components:
        yield component
        yield from iter_components(component.get("components", []))
        if "accessory" in component:
            yield component["accessory"]


def find_component(message: Mapping[str, Any], custom_id: str) -> dict[str, Any] | None:
    return next((c for c in iter_components(message.get("components", [])) if c.get("custom_id") == custom_id), None)


def check_component(component: dict[str, Any], values: list[str] | None) -> None:
    """What the client allows: no disabled items; select values among the options, within min/max."""
    label = component.get("label") or component.get("placeholder") or component["custom_id"]
    if component.get("disabled"):
        raise ClientRefusal(f"{label!r} is disabled")
    if values is None:
        return
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise ClientRefusal(f"{label!r} takes {low} to {high} values, not {len(values)}")
    if component["type"] == 3:
        allowed = {o["value"] for o in component.get("options", [])}
        bad = [v for v in values if v not in allowed]
        if bad:
            raise ClientRefusal(f"{label!r} has no option {bad[0]!r} (options: {', '.join(sorted(allowed))})")
