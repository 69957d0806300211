"""What a user can see of a game through the bot, for the secrecy tests: every text of a record,
the boards drawn for them, and everything every command, autocomplete, turn card and menu shows
them."""

from __future__ import annotations

import json
from collections.abc import Iterable

from front.cards import picks_of, plays_now
from offline import OfflineDiscord, Record
from offline.payloads import iter_components
from tests.robust.helpers import filled, leaf_commands
from waypost.outcome import User


def texts(rec: Record) -> list[str]:
    """Everything a record shows as text: messages, embeds, autocomplete choices, attached files
    other than images."""
    out = [json.dumps(m.embeds) + json.dumps(m.components) + m.content for m in rec.messages]
    out += [f"{c['name']} {c['value']}" for c in rec.choices or []]
    out += [a.data.decode("utf-8", "replace") for m in rec.messages for a in m.attachments
            if not a.filename.endswith(".png")]
    return out


async def images(discord_: OfflineDiscord, user: str, channel: str, looks: Iterable[str]) -> list[bytes]:
    """The board images `user` gets from each of the `looks` commands."""
    return [(await discord_.run(user, channel, line)).attachments[0].data for line in looks]


async def cards_seen_by(discord_: OfflineDiscord, user: str, channel: str) -> list[str]:
    """`user`'s turn card and, for each action on it, every menu met choosing it (the first value
    of each, parameter by parameter, up to the pick that would play it, which is not made, or
    Confirm, which is not pressed)."""
    where = discord_.builder.directory.channel_id(channel)
    who = User(discord_.builder.directory.user_id(user), user.lstrip("@"))

    async def plays(custom_id: str, value: str | None = None) -> bool:  # whether the tap would play the action
        _, _, _, version, kind, picks, *_ = custom_id.split(":")
        picked = [*picks_of(picks), *([] if value is None else [int(value)])]
        return plays_now(await discord_.bot.table.step(where, who, int(version), kind, picked), value is not None)

    status = await discord_.run(user, where, "/game status public:true")  # its button opens the card of whoever clicks

    async def card() -> Record:
        return await discord_.click(user, where, status.original, f"waypost:card:{where}:0")

    first = await card()
    assert first.ephemeral and ("Your turn card" in first.content or first.content.startswith("⛔")), first.content
    seen = texts(first)  # the card, or (for an onlooker) why there is none
    actions = [c["custom_id"] for c in iter_components(first.original.components if first.original else [])
               if c.get("custom_id", "").endswith(":to")]
    for action in actions:
        if await plays(action):  # nothing to choose
            continue
        opened = (await card()).original
        assert opened is not None
        rec = await discord_.click(user, where, opened.id, action)
        for _ in range(12):
            seen += texts(rec)
            select = next((c for c in iter_components(discord_.standin.message(opened.id).components)
                           if c.get("type") == 3), None)
            if select is None or rec.failures or await plays(select["custom_id"], select["options"][0]["value"]):
                break
            rec = await discord_.click(user, where, opened.id, select["custom_id"], [select["options"][0]["value"]])
    return seen


async def everything_seen_by(discord_: OfflineDiscord, user: str, channel: str, skipped: Iterable[str]) -> list[str]:
    """Every autocomplete of every command, then every command but `skipped` (filled as `user`
    would), then their turn card and its menus, as `user`."""
    seen: list[str] = []
    where = discord_.builder.directory.channel_id(channel)
    commands = leaf_commands(discord_.bot.tree)
    for command in commands:
        for param in command.parameters:
            if param.autocomplete:
                seen += texts(await discord_.autocomplete(user, where, command.qualified_name,
                                                          {param.display_name: ""}, param.display_name))
    for command in commands:
        if command.qualified_name not in skipped:
            options = await filled(discord_, user, where, command)
            seen += texts(await discord_.command(user, where, command.qualified_name, options))
    return seen + await cards_seen_by(discord_, user, channel)
