"""Bad input to every command and autocomplete of the tree, sent as Discord's client never would.

Values are generated per option from its Discord type (wrong types, empty, huge, unicode,
markdown and mention injection), mixed with what the bot itself offers, and sometimes written
straight into the payload (any JSON, a wrong option type, an unknown option). Each goes to a
channel with a Vikings game in play, one in the lobby and one with no game, from players, the
host, an outsider, a moderator and users with hostile names. Every answer must be clean (no
crash, within Discord's limits, no mass mention); a refusal private, readable and harmless.
"""

from __future__ import annotations

import asyncio

import pytest
from discord import AppCommandOptionType as T
from discord.app_commands import Choice
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from front.bot import create_bot
from offline import OfflineDiscord
from rules.errors import NoGame
from tests.robust.helpers import (
    MANAGER,
    OUTSIDER,
    PLAYERS,
    Scenes,
    command,
    filled,
    offered,
    reply_problems,
    shipped_commands,
    user,
)
from waypost.transfer import MAX_BYTES

COMMANDS = shipped_commands()
COMPLETED = [(path, name) for path, options in COMMANDS for name, completes in options if completes]
EXAMPLES = settings(max_examples=30, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
USERS = (*PLAYERS, OUTSIDER, MANAGER, "@@everyone", "@<@&1>", "@**b** `x` ||y||", "@\u202eevil\u200b", "@" + "w" * 80)
NASTY = (
    "", " ", "\n\t ", "x" * 10_000, "y" * 5000, "@everyone " * 500, "👨‍👩‍👧‍👦" * 300, "🐉⚓🌊",
    "\u202eevil\u202c", "\u200b", "a\u200bb\u200d", "@everyone", "@here", "<@&1>", "<@&612345678901234567>",
    "<@123456789012345678>", "<#1>", "**bold** __u__ ~~s~~ ||spoiler||", "```py\nprint(1)\n```",
    "`", "> quote", "# heading", "\\", "'\"", "%s {0} {}", "None", "null", "-1", "1e309", "NaN", "\x00",
    "\ufeff", "١٢٣", "ＦＵＬＬ", "F1 F2 F3 F4 F5 F6", "->", "A1,,;;", "ODIN", " vikings ", "e" * 101,
)
TEXT = st.one_of(st.sampled_from(NASTY), st.text(max_size=30),
                 st.text(st.characters(categories=("Cf", "Mn", "So", "Zs", "Lo", "Sm")), max_size=12))
WHOLE = st.one_of(st.integers(-3, 10), st.sampled_from([2**31, 2**53, 2**53 + 1, 2**63, -(2**63), 10**30]))
WRONG = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(),
                  st.sampled_from(["", "abc", "1.5", "1e3", "١٢", "0x10", " 7 "]))
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)
FILES = st.one_of(
    st.binary(max_size=64),
    st.sampled_from([b"", b"{}", b"null", b"\xff\xfe", b'{"format": "waypost-game"}', b"[" * 5000,
                     b" " * (MAX_BYTES + 1)]),
    st.tuples(st.sampled_from(["@everyone.json", "\u202enosj.exe", "a" * 300 + ".json", "..json"]),
              st.binary(max_size=16)),
)


def values(kind: T, offers: list) -> st.SearchStrategy:
    """Values for an option of this Discord type: what the bot offers, hostile ones, wrong types."""
    mine = [st.sampled_from(offers)] if offers else []
    if kind is T.string:
        return st.one_of(*mine, TEXT, WHOLE)
    if kind in (T.integer, T.number):
        return st.one_of(*mine, WHOLE, TEXT, WRONG)
    if kind is T.boolean:
        return st.one_of(st.booleans(), TEXT, WHOLE, st.none())
    if kind is T.user:
        return st.one_of(st.sampled_from(USERS), st.integers(1, 2**64))
    if kind is T.attachment:
        return FILES
    return st.one_of(*mine, TEXT)


def leaf(payload: dict) -> list[dict]:
    """The options of the command itself, below any group and subcommand."""
    options = payload["data"]["options"]
    while options and options[0]["type"] in (1, 2):
        options = options[0]["options"]
    return options


async def attempt(scenes: Scenes, kind: str, payload: dict) -> list[str]:
    """Send a payload; what is wrong with the answer or the stored game, with the payload shown."""
    rec, problems = await scenes.attempt(kind, payload, set(scenes.harness.builder.directory.users))
    return [f"{kind} {rec.payload['data']} -> {rec.content[:200]!r}: {p}" for p in problems]


SWEEP = {T.string: NASTY, T.integer: (0, -1, 2**53, 10**30, "12", "abc", 1.5, True, None),
         T.boolean: ("yes", 1, None), T.user: (OUTSIDER, "@@everyone", 2**64), T.attachment: (b"", b"[" * 5000)}
ACTOR = {"play": PLAYERS[1], "lobby": PLAYERS[0], "none": PLAYERS[0]}  # on turn in play; the host


@pytest.mark.parametrize("path", [path for path, options in COMMANDS if options])
async def test_every_hostile_value_in_every_option_is_refused_cleanly(scenes, path):
    """Each hostile value in each option, the others filled as offered, from whoever gets furthest."""
    harness = scenes.harness
    cmd = command(harness, path)
    kinds = ("play",) if getattr(cmd.binding, "game_key", None) else Scenes.KINDS
    problems = []
    for kind in kinds:
        for param in cmd.parameters:
            for value in SWEEP.get(param.type, ()):
                channel = await scenes.channel(kind)
                options = await filled(harness, ACTOR[kind], channel, cmd) | {param.display_name: value}
                payload = harness.builder.command(ACTOR[kind], channel, path, options, checks=False)
                problems += await attempt(scenes, kind, payload)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", [path for path, _ in COMMANDS])
@EXAMPLES
@given(data=st.data())
async def test_bad_input_is_refused_privately_and_changes_nothing(scenes, path, data):
    """Any mix of hostile values, wrong types, raw JSON and unknown options, from anyone."""
    harness = scenes.harness
    kind = data.draw(st.sampled_from(Scenes.KINDS), label="channel")
    channel = await scenes.channel(kind)
    who = data.draw(st.sampled_from(USERS), label="user")
    options = {}
    for param in command(harness, path).parameters:
        if data.draw(st.integers(0, 5) if param.required else st.integers(0, 1), label="given"):
            offers = await offered(harness, who, channel, path, param)
            options[param.display_name] = data.draw(values(param.type, offers), label=param.display_name)
    payload = harness.builder.command(who, channel, path, options, checks=False)
    given_ = leaf(payload)
    if given_ and data.draw(st.booleans(), label="tamper"):
        option = data.draw(st.sampled_from(given_))
        option["value"] = data.draw(JSON, label="raw value")
        option["type"] = data.draw(st.sampled_from([option["type"], 3, 4, 5, 6, 10, 11]), label="raw type")
    if data.draw(st.booleans(), label="unknown option"):
        given_.append({"type": 3, "name": "bogus", "value": "x"})
    problems = await attempt(scenes, kind, payload)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("path", "focused"), COMPLETED)
@EXAMPLES
@given(data=st.data())
async def test_autocomplete_with_garbage_never_raises(scenes, path, focused, data):
    """Garbage typed into an autocompleted option (and in the others): some choices, never a crash."""
    harness = scenes.harness
    channel = await scenes.channel(data.draw(st.sampled_from(Scenes.KINDS), label="channel"))
    who = data.draw(st.sampled_from(USERS), label="user")
    options = {p.display_name: data.draw(st.one_of(TEXT, WHOLE, WRONG), label=p.display_name)
               for p in command(harness, path).parameters
               if p.type in (T.string, T.integer, T.boolean) and data.draw(st.booleans(), label="given")}
    options[focused] = data.draw(TEXT, label="typed")
    rec = await harness.autocomplete(who, channel, path, options, focused, checks=False)
    assert rec.ok, rec.failures
    assert rec.callback_type == 8 and isinstance(rec.choices, list) and len(rec.choices) <= 25


def _slow(seconds: float):
    async def status(self, channel_id):
        await asyncio.sleep(seconds)
        raise NoGame("late")
    return status


BREACHES = {  # what to patch so that a command breaks one of Discord's limits, and the command
    "2001 characters": ("front.replies.fit", lambda lines, limit=0: "x" * 2001, "/game mine"),
    "embed of 7000 characters": ("discord.Embed.to_dict", lambda self: {"description": "d" * 7000}, "/game status"),
    "26 choices": ("front.suggestions.choices", lambda values, current: [Choice(name=str(i), value=str(i))
                                                                     for i in range(26)], "!complete /game new game:"),
    "acknowledged after 3 s": ("waypost.table.Table.status", _slow(0.3), "/game status"),
}


@pytest.mark.parametrize("breach", BREACHES)
async def test_a_reply_breaking_discords_limits_is_a_failure(config, games, monkeypatch, breach):
    """The checks above see a breach: the stand-in refuses it as Discord does (3 s shortened to 0.2 s)."""
    target, replacement, line = BREACHES[breach]
    monkeypatch.setattr(target, replacement)  # before the bot loads its cogs
    async with OfflineDiscord(lambda: create_bot(config, games), ack_timeout=0.2) as harness:
        await harness.bot.table.new(harness.builder.directory.channel_id("#t"), None, user(harness, "@alice"), "tally")
        rec = await harness.run("@alice", "#t", line)
        assert reply_problems(rec, set()), breach
