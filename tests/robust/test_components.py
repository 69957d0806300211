"""Forged clicks (issue 27): a custom id is the client's to send. Every persistent button and menu
(every `DynamicItem` of front/ and cogs/, found by importing them, so a new one cannot be left out)
is clicked in one channel's game with custom ids naming another channel's game, numbers beyond any
id, and values no menu offered: each is refused privately, and neither game changes nor shows
anything. Turn card ids fit Discord's 100 characters in every game of the registry."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

import cogs
import front
from front.answering import DecisionSelect
from front.cards import ActButton, CardButton, OptionsSelect, StepButton, StepSelect
from front.clicks import CUSTOM_ID_LIMIT, ELSEWHERE, MALFORMED, NOT_ON_MENU
from games import default_games
from tests.robust.helpers import MANAGER, OUTSIDER, PLAYERS, import_scene, refused, reply_problems, stored

HUGE = "9" * 30  # a number beyond any id (a forged custom id stays within Discord's 100 characters)
SNOWFLAKE = 2**63 - 1  # the longest id Discord makes (19 digits)


def dynamic_items() -> set[type]:
    """Every DynamicItem class of the bot's packages."""
    for package in (front, cogs):
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    found, todo = set(), [discord.ui.DynamicItem]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.split(".")[0] in ("front", "cogs"):
                found.add(sub)
    return found


@dataclass(frozen=True)
class Ids:
    here: int  # the channel clicked in
    there: int  # another channel's game
    me: int  # the clicker
    game: int  # the other game's row id
    version: int  # the other game's version


# forged custom ids by item class: (custom id, the values picked when it is a menu)
FORGED: dict[str, Callable[[Ids], list[tuple[str, list[str] | None]]]] = {
    "DecisionSelect": lambda i: [(f"waypost:choose:{i.there}:{i.me}:1:k", ["yes"]),
                                 (f"waypost:choose:{i.there}:{i.me}:", ["0"]),
                                 (f"waypost:choose:{i.here}:{i.me}:{HUGE}:k", ["yes"]),
                                 (f"waypost:choose:{HUGE}:{i.me}:k", ["yes"])],
    "BoardButton": lambda i: [(f"waypost:do:{i.there}:{what}", None) for what in ("end", "undo", "board")]
    + [(f"waypost:do:{HUGE}:board", None)],
    "EndButton": lambda i: [(f"waypost:end:{i.there}:{i.me}:{i.game}", None),
                            (f"waypost:end:{i.here}:{i.me}:{HUGE}", None)],
    "VerifyButton": lambda i: [(f"waypost:verify:{i.there}:{seq}", None) for seq in (1, 2, 999999999)]
    + [(f"waypost:verify:{HUGE}:1", None)],
    "CardButton": lambda i: [(f"waypost:card:{i.there}:{who}", None) for who in (0, i.me)]
    + [(f"waypost:card:{HUGE}:0", None), (f"waypost:card:{i.here}:{HUGE}", None)],
    "ActButton": lambda i: [(f"waypost:act:{i.there}:{i.me}:{kind}", None) for kind in ("sail", "end", "zz-top")]
    + [(f"waypost:act:{i.here}:{HUGE}:end", None)],
    "StepSelect": lambda i: [(f"waypost:pick:{i.there}:{i.version}:sail::0", ["0"]),
                             (f"waypost:pick:{i.there}:{i.version}:sail:0.-.999:999", ["999"]),
                             (f"waypost:pick:{HUGE}:{i.version}:sail::0", ["0"]),
                             (f"waypost:pick:{i.here}:{HUGE}:sail::0", ["0"])],
    "OptionsSelect": lambda i: [(f"waypost:opts:{i.there}:{i.version}:sail:0", ["-.-"]),
                                (f"waypost:opts:{i.there}:{i.version}:sail:0.-.999", ["999.-"]),
                                (f"waypost:opts:{HUGE}:{i.version}:sail:0", ["-"]),
                                (f"waypost:opts:{i.here}:{HUGE}:sail:0", ["-"])],
    "StepButton": lambda i: [(f"waypost:step:{i.there}:{i.version}:{kind}::0:{do}", None)
                             for kind in ("end", "sail", "zz") for do in ("to", "go")]
    + [(f"waypost:step:{HUGE}:{i.version}:end::0:go", None), (f"waypost:step:{i.here}:{HUGE}:end::0:go", None)],
    "AheadButton": lambda i: [(f"waypost:ahead:{i.there}:{who}:{do}", None) for who in (i.me, 1)
                              for do in ("replay", "legal", "clear", "show")]
    + [(f"waypost:ahead:{HUGE}:{i.me}:show", None), (f"waypost:ahead:{i.here}:{HUGE}:replay", None)],
    "HelpButton": lambda i: [(f"waypost:help:{key}:{page}:{tag}", None)
                             for key, page, tag in (("zz", 999, "p"), ("", 0, "n"), (FIRST_GAME, 999, "s"))],
}
UNBOUND = {"HelpButton"}  # acts on no channel's game: it need not refuse, only show nothing of one
FIRST_GAME = next(iter(default_games()))
TEMPLATE_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def from_template(cls: type) -> Callable[[Ids], list[tuple[str, list[str] | None]]]:
    """Forged ids for an item whose custom id is only numbers named in its template (a game's own
    button): one naming the other channel's game, one with a number beyond any id."""
    template = cls.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
    names = TEMPLATE_GROUP.findall(template)
    assert "channel" in names, f"{cls.__name__}: give it forged cases in FORGED"

    def filled(i: Ids, huge: str) -> str:
        values = {"channel": i.there, "user": i.me, "game": i.game, "version": i.version}
        numbers = {name: str(values.get(name, 1)) for name in names}
        if huge:
            numbers = {**numbers, "channel": str(i.here), names[-1]: huge}
        return TEMPLATE_GROUP.sub(lambda m: numbers[m.group(1)], template).replace("\\", "")

    return lambda i: [(filled(i, ""), None), (filled(i, HUGE), None)]


def forged(cls: type) -> Callable[[Ids], list[tuple[str, list[str] | None]]]:
    return FORGED.get(cls.__name__) or from_template(cls)


def test_every_dynamic_item_is_forged():
    assert set(FORGED) <= {c.__name__ for c in dynamic_items()}
    for cls in dynamic_items():
        assert forged(cls)(Ids(1, 2, 3, 4, 5)), cls.__name__


def forged_message(raw: dict[str, Any], custom_id: str, values: list[str] | None) -> dict[str, Any]:
    """`raw` (a message in the channel clicked in) carrying the forged component."""
    if values is None:
        component = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
    else:
        component = {"type": 3, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]}
    return {**raw, "components": [{"type": 1, "components": [component]}]}


@pytest.fixture
async def two(vikings_export, discord_):
    """Two channels holding the scene's game (bob seated and on turn in both), and a message in the first."""
    discord_.grant(MANAGER, manage_channels=True)
    here = await import_scene(discord_, "#here", vikings_export)
    there = await import_scene(discord_, "#there", vikings_export)
    for channel in (here, there):  # bob claims his seat: it is his turn
        rec = await discord_.run(PLAYERS[1], channel, "/game join")
        assert not refused(rec), rec.content
    rec = await discord_.run(PLAYERS[0], here, "/game board public:true")  # a message everyone sees
    assert rec.original is not None
    return discord_, here, there, discord_.standin.messages[rec.original.id]


async def test_a_forged_click_changes_and_shows_nothing(two):
    """Clicked in one channel, an item naming another channel's game (or a number beyond any id)
    is refused privately, even for a moderator or that game's own player; neither game changes,
    nothing is posted, no board or log entry is shown. (A turn card travels: it acts for the
    clicker in its own channel, so its clickers here play nowhere there.)"""
    harness, here, there, raw = two
    store, directory = harness.bot.table.store, harness.builder.directory
    known = {directory.user_id(n) for n in (*PLAYERS, MANAGER, OUTSIDER)}
    row = await store.open_game(there)
    problems = []
    for cls in sorted(dynamic_items(), key=lambda c: c.__name__):
        travels = getattr(cls, "travels", False)
        for who in (MANAGER, OUTSIDER, *(() if travels else (PLAYERS[1],))):
            ids = Ids(here, there, directory.user_id(who), row.id, row.version)
            for custom_id, values in forged(cls)(ids):
                assert len(custom_id) <= CUSTOM_ID_LIMIT, custom_id  # what Discord could send
                before = [await stored(store, c) for c in (here, there)]
                payload = harness.builder.component(who, forged_message(raw, custom_id, values), custom_id, values,
                                                    checks=False)
                rec = await harness.inject(payload)
                found = reply_problems(rec, known)
                if [await stored(store, c) for c in (here, there)] != before:
                    found.append("a game changed")
                if cls.__name__ not in UNBOUND and not refused(rec):
                    found.append(f"not refused: {rec.content[:120]!r}")
                if not all(m.ephemeral for m in rec.messages) or rec.attachments or rec.posts:
                    found.append("something was shown in the open, or a board")
                if cls.__name__ in UNBOUND and str(there) in rec.content:
                    found.append("the other channel was shown")
                problems += [f"{custom_id} by {who}: {p}" for p in found]
    assert not problems, "\n".join(problems)


async def test_an_item_of_another_channel_says_so(two):
    harness, here, there, raw = two
    custom_id = f"waypost:verify:{there}:1"
    rec = await harness.inject(harness.builder.component(MANAGER, forged_message(raw, custom_id, None), custom_id,
                                                         checks=False))
    assert rec.ephemeral and rec.content == f"⛔ {ELSEWHERE}"
    custom_id = f"waypost:do:{HUGE}:board"
    rec = await harness.inject(harness.builder.component(MANAGER, forged_message(raw, custom_id, None), custom_id,
                                                         checks=False))
    assert rec.ephemeral and rec.content == f"⛔ {MALFORMED}"


@pytest.mark.parametrize("value", ["abc", "1e5", "9" * 5000, "-1", " 1", "99999"])
async def test_a_step_menu_value_is_parsed_never_trusted(two, value):
    """A turn card's menu offers the candidates' numbers: anything else picked is refused
    privately as not on the menu, and the game stays as it was."""
    harness, here, _, _ = two
    bob = PLAYERS[1]
    await harness.run(bob, here, "/game mine")
    card = f"waypost:card:{here}:{harness.builder.directory.user_id(bob)}"  # in /game mine's answer
    rec = await harness.click(bob, here, None, card)
    sail = next(c["custom_id"] for row in rec.components for c in row["components"] if ":sail:" in c["custom_id"])
    rec = await harness.click(bob, here, rec.original, sail)
    menu = next(c for row in rec.components for c in row["components"] if c["type"] == 3)
    assert menu["custom_id"].startswith("waypost:pick:") and value not in {o["value"] for o in menu["options"]}
    before = await stored(harness.bot.table.store, here)
    rec = await harness.click(bob, here, rec.original, menu["custom_id"], [value], checks=False)
    assert rec.ephemeral and rec.content == f"⛔ {NOT_ON_MENU}", rec.content
    assert not rec.failures and await stored(harness.bot.table.store, here) == before


@pytest.mark.parametrize("value", ["abc", "1e5", "9" * 5000, "-1", " 1", "1..2", "1.2.", "1234", ".".join(["1"] * 21)])
async def test_an_options_menu_value_is_parsed_never_trusted(two, value):
    """The menu setting an action's optional steps in one pick offers the picks each way adds ("0.-.1"):
    anything else picked is refused privately as not on the menu, and the game stays as it was."""
    harness, here, _, raw = two
    bob = PLAYERS[1]
    version = (await harness.bot.table.store.open_game(here)).version
    custom_id = f"waypost:opts:{here}:{version}:sail:0"
    before = await stored(harness.bot.table.store, here)
    rec = await harness.inject(harness.builder.component(bob, forged_message(raw, custom_id, ["0.-"]), custom_id,
                                                         [value], checks=False))
    assert rec.ephemeral and rec.content == f"⛔ {NOT_ON_MENU}", rec.content
    assert not rec.failures and await stored(harness.bot.table.store, here) == before


@pytest.mark.parametrize("value", ["abc", "1e5", "9" * 5000])
async def test_a_decision_menu_value_is_one_it_offered(two, value):
    harness, here, _, raw = two
    bob = PLAYERS[1]
    custom_id = f"waypost:choose:{here}:{harness.builder.directory.user_id(bob)}:1:k"
    forged = forged_message(raw, custom_id, ["yes", "no"])
    before = await stored(harness.bot.table.store, here)
    rec = await harness.inject(harness.builder.component(bob, forged, custom_id, [value], checks=False))
    assert rec.ephemeral and rec.content == f"⛔ {NOT_ON_MENU}", rec.content
    assert not rec.failures and await stored(harness.bot.table.store, here) == before


@pytest.mark.parametrize("key", default_games())
def test_the_longest_card_of_every_game_fits_discords_custom_ids(key):
    """Every action of the game with its most picks (one per parameter, each the widest number a
    menu numbers), the longest ids Discord makes, the game's longest log as the version: every
    custom id of its turn card, step buttons and menus is at most 100 characters."""
    rules = default_games()[key].rules
    version = rules.log_per_seat * rules.max_players  # the most log entries a real game reaches
    ids = []
    for cls in rules.actions:
        most: list[int | None] = [999] * len(cls.params)
        for picks in (most, most[:-1]):
            ids += [StepSelect(SNOWFLAKE, version, cls.kind, picks, 999, hold=True).custom_id,
                    OptionsSelect(SNOWFLAKE, version, cls.kind, picks).custom_id,
                    *(StepButton(SNOWFLAKE, version, cls.kind, picks, 999, do).custom_id for do in ("to", "go"))]
        ids.append(ActButton(SNOWFLAKE, SNOWFLAKE, cls.kind).custom_id)
    ids += [CardButton(SNOWFLAKE, SNOWFLAKE).custom_id,
            DecisionSelect(SNOWFLAKE, SNOWFLAKE, "k" * 40, ("yes",), asked=version).custom_id]
    assert max(map(len, ids)) <= CUSTOM_ID_LIMIT, max(ids, key=len)
