"""Registering commands: the real bot's whole command tree synced (per guild and globally) through
the stand-in, checked against the spec and Discord's documented rules; and each rule seen to bite."""

from __future__ import annotations

import logging
from dataclasses import replace

import aiohttp
import discord
import pytest

from front.bot import create_bot
from offline import OfflineDiscord, StandIn
from offline.command_rules import (
    COMMAND_SIZE_LIMIT,
    GLOBAL_COMMANDS_ROUTE,
    GUILD_COMMANDS_ROUTE,
    command_size,
    command_violations,
    valid_name,
)
from offline.payloads import GUILD_ID
from tests.bot.conftest import config  # noqa: F401 - the real bot's configuration on a temporary database


def sync_requests(harness: OfflineDiscord) -> list:
    return [r for r in harness.standin.requests if r.method == "PUT"]


@pytest.mark.parametrize("mode", ["guild", "global"])
async def test_the_real_bots_command_tree_syncs_cleanly(config, games, mode, caplog):  # noqa: F811
    config = replace(config, dev_guild=GUILD_ID)
    with caplog.at_level(logging.INFO, logger="waypost"):
        async with OfflineDiscord(lambda: create_bot(config, games, sync=mode)) as harness:
            harness.assert_clean()
            (put,) = sync_requests(harness)
            route = GUILD_COMMANDS_ROUTE if mode == "guild" else GLOBAL_COMMANDS_ROUTE
            if harness.standin.spec is not None:
                assert put.route == route  # checked against the spec
            assert (put.status, put.violations) == (200, [])
            sent = put.payload
            assert not command_violations("PUT", route, sent)
            expected = harness.bot.tree.get_commands(guild=discord.Object(GUILD_ID) if mode == "guild" else None)
            assert sorted(c["name"] for c in sent) == sorted(c.name for c in expected)
            standin = harness.standin
            registered = standin.guild_commands[GUILD_ID] if mode == "guild" else standin.global_commands
            assert set(registered) == {c["name"] for c in sent}
            assert max(command_size(c) for c in sent) <= COMMAND_SIZE_LIMIT
            assert_localised(sent)
    # discord.py read Discord's answer back: the bot logged how many commands were synced.
    assert f"synced {len(sent)} commands" in caplog.text


def nodes(commands):
    """Every command, subcommand, option and choice of a sync's payload."""
    for node in commands:
        yield node
        yield from node.get("choices") or []
        yield from nodes(node.get("options") or [])


def assert_localised(sent):
    """Every name and description is sent in German and Polish (a name only where it differs from
    the English), within Discord's rules (checked by `command_violations`). Tally, the test-only
    game, has no catalog entries."""
    for node in nodes([c for c in sent if c["name"] != "tally"]):
        if "description" in node:
            assert {"de", "pl"} <= set(node["description_localizations"]), node["name"]
            assert node["description_localizations"]["de"] != node["description"]
    by_name = {c["name"]: c for c in sent}
    assert by_name["game"]["name_localizations"] == {"de": "spiel", "pl": "gra"}
    join = next(o for o in by_name["game"]["options"] if o["name"] == "join")
    assert join["description_localizations"]["pl"] == "Zajmij miejsce w grze na tym kanale"


# -- the documented rules, each seen to bite -------------------------------------------------------


def chat(name="play", description="Play", options=None, **extra):
    command = {"type": 1, "name": name, "description": description, **extra}
    if options is not None:
        command["options"] = options
    return command


def option(name, kind=3, required=False, **extra):
    return {"type": kind, "name": name, "description": f"The {name}", "required": required, **extra}


def problems(*commands):
    return [(v.json_path, v.rule) for v in command_violations("PUT", GUILD_COMMANDS_ROUTE, list(commands))]


def test_a_well_formed_command_has_no_problems():
    group = option("game", 2, options=[option("new", 1, options=[option("board", required=True),
                                                                   option("seats", 4, min_value=2)])])
    sizes = option("size", choices=[{"name": "Small", "value": "s"}])
    user_command = {"type": 2, "name": "Show Profile", "description": ""}
    assert problems(chat(options=[group]), chat("roll", options=[sizes]), user_command) == []


@pytest.mark.parametrize("command, where, rule", [
    (chat("Play"), "[0].name", "names use lowercase letters where there are any"),
    (chat("play now"), "[0].name", "names match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$"),
    (chat("x" * 33), "[0].name", "names match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$"),
    (chat(description=""), "[0].description", "slash command descriptions are 1-100 characters"),
    (chat(options=[option("a"), option("b", required=True)]), "[0].options[1].required",
     "required options come before optional ones"),
    (chat(options=[option("a"), option("a")]), "[0].options[1].name", "option names are unique among their siblings"),
    (chat(options=[option("Route")]), "[0].options[0].name", "names use lowercase letters where there are any"),
    (chat(options=[option("a", autocomplete=True, choices=[{"name": "A", "value": "a"}])]),
     "[0].options[0].autocomplete", "autocomplete is not combined with fixed choices"),
    (chat(options=[option("a", 5, autocomplete=True)]), "[0].options[0].autocomplete",
     "autocomplete only on string, integer and number options"),
    (chat(options=[option("a", 5, choices=[{"name": "yes", "value": True}])]), "[0].options[0].choices",
     "choices only on string, integer and number options"),
    (chat(options=[option("a", choices=[{"name": "long", "value": "v" * 101}])]), "[0].options[0].choices[0].value",
     "string choice values are at most 100 characters"),
    (chat(options=[option("sub", 1), option("a")]), "[0].options",
     "subcommands and groups are not mixed with other options"),
    (chat(options=[option("g", 2, options=[option("h", 2, options=[option("s", 1)])])]),
     "[0].options[0].options[0].type", "groups are not nested"),
    ({"type": 3, "name": "Pin it", "description": "Pins"}, "[0].description",
     "user and message commands have an empty description"),
    (chat(name_localizations={"de": "Spielen"}), "[0].name_localizations.de",
     "names use lowercase letters where there are any"),
    (chat(description_localizations={"pl": "x" * 101}), "[0].description_localizations.pl",
     "slash command descriptions are 1-100 characters"),
    (chat(options=[option("a", name_localizations={"de": "zug zug"})]), "[0].options[0].name_localizations.de",
     "names match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$"),
    (chat(options=[option("a", description_localizations={"de": ""})]),
     "[0].options[0].description_localizations.de", "slash command descriptions are 1-100 characters"),
    (chat(options=[option("a", name_localizations={"pl": "co"}), option("b", name_localizations={"pl": "co"})]),
     "[0].options[1].name_localizations.pl", "localised option names are unique among their siblings"),
    (chat(options=[option("a", choices=[{"name": "A", "value": "a", "name_localizations": {"de": "x" * 101}}])]),
     "[0].options[0].choices[0].name_localizations.de", "choice names are 1-100 characters"),
])  # fmt: skip
def test_each_documented_rule_bites(command, where, rule):
    assert (where, rule) in problems(command)


def test_command_names_are_unique_per_type_and_a_command_has_a_size_limit():
    assert problems(chat("play"), chat("play")) == [("[1].name", "command names are unique per type")]
    assert problems(chat("play"), {"type": 2, "name": "play", "description": ""}) == []
    choices = [{"name": f"choice {i:02}", "value": "v" * 100} for i in range(25)]
    big = chat(options=[option(f"o{i}", choices=choices) for i in range(2)])
    assert command_size(big) > COMMAND_SIZE_LIMIT
    assert problems(big) == [("[0]", f"a command's names, descriptions and choices total at most "
                                     f"{COMMAND_SIZE_LIMIT} characters")]


def test_discords_name_regex():
    for name in ("play", "sail-2", "it's", "ağaç", "村", "नमस्ते", "สวัสดี", "x" * 32):
        assert valid_name(name), name
    for name in ("", "x" * 33, "play now", "play!", "a.b"):
        assert not valid_name(name), name


async def test_the_stand_in_refuses_a_sync_breaking_a_rule_and_keeps_the_old_commands():
    async with StandIn() as standin, aiohttp.ClientSession(headers={"Authorization": "Bot t"}) as session:
        url = f"{standin.api_base}/applications/{standin.application_id}/guilds/{GUILD_ID}/commands"
        async with session.put(url, json=[chat("play")]) as response:
            assert response.status == 200 and (await response.json())[0]["guild_id"] == str(GUILD_ID)
        broken = [chat("play", options=[option("a"), option("b", required=True)])]
        async with session.put(url, json=broken) as response:
            answer = await response.json()
        assert (response.status, answer["code"]) == (400, 50035)
        error = answer["errors"]["0"]["options"]["1"]["required"]["_errors"][0]
        assert error["code"] == "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"
        assert [str(v).split(": ")[0] for v in standin.violations] == [f"PUT {GUILD_COMMANDS_ROUTE}"]
        assert list(standin.guild_commands[GUILD_ID]) == ["play"]
        if standin.spec is not None:  # the schema's own limits: 26 options, 26 choices
            many = [chat(options=[option(f"o{i}") for i in range(26)])]
            async with session.put(url, json=many) as response:
                assert "options" in (await response.json())["errors"]["0"]
            assert standin.violations[-1].rule == "maxItems: 25"
