"""One declaration per action: each game's slash commands are made from its actions' and looks'
parameters (`rules.options.Param`), and a parameter left out means its declared default, whether
typed in a command, picked in a menu or chosen by a scripted player."""

from __future__ import annotations

import importlib
import random
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType, app_commands
from discord.ext import commands

from front.cog import GameCog, kind_of
from rules.base import Actor, Game, Seat
from rules.options import Param
from tests.support.walking import walk
from waypost.registry import GameEntry

STEPS = 40  # actions per game


async def _group(entry: GameEntry) -> app_commands.Group:
    assert entry.cog is not None
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await importlib.import_module(entry.cog).setup(bot)
    (cog,) = bot.cogs.values()
    assert isinstance(cog, GameCog)
    group = cog.app_command
    assert isinstance(group, app_commands.Group)
    return group


def _declared(game: Game[Any]) -> dict[str, tuple[str, tuple[Param, ...]]]:
    """The commands a game declares: name → (kind, parameters)."""
    found = {cls.command or cls.kind: (cls.kind, cls.params) for cls in game.actions if cls.describe}
    found.update({look.kind: (look.kind, look.params) for look in game.looks if look.describe})
    return found


def _check_option(option: app_commands.Parameter, param: Param) -> None:
    where = f"{param.name}"
    assert option.required == param.required, where
    assert option.description == (param.describe or param.ask), where
    if param.fixed:
        assert [(c.name, c.value) for c in option.choices] == [(c.label[:100], c.value) for c in param.fixed], where
    elif param.type == "number":
        assert option.type is AppCommandOptionType.integer, where
        assert (option.min_value, option.max_value) == (param.low, param.high), where
    elif param.type == "text":
        assert option.type is AppCommandOptionType.string, where
        assert option.max_value == param.longest, where  # a text option's longest
    elif param.type == "switch":
        assert option.type is AppCommandOptionType.boolean, where
    else:
        assert option.type is AppCommandOptionType.user, where


async def test_every_game_command_is_made_from_its_declaration(games):
    for key, entry in games.items():
        if entry.cog is None or key == "tally":  # the test game declares its commands by hand
            continue
        group = await _group(entry)
        declared = _declared(entry.rules)
        for name, (kind, params) in declared.items():
            command = group.get_command(name)
            assert isinstance(command, app_commands.Command), f"/{key} {name} is declared but not a command"
            assert kind_of(command) == kind
            options = {o.display_name: o for o in command.parameters}
            assert set(options) == {p.name for p in params}, f"/{key} {name}"
            for param in params:
                _check_option(options[param.name], param)
        by_hand = [c for c in group.commands if c.name not in declared]
        for command in by_hand:  # presentation only: each still one of the game's actions or looks
            assert isinstance(command, app_commands.Command)
            assert entry.rules.params_of(kind_of(command)) or any(
                cls.kind == kind_of(command) for cls in entry.rules.actions), f"/{key} {command.name}"


def _setup(entry: GameEntry, players: int, seed: int) -> Any:
    rules = entry.rules
    board = next(iter(entry.boards.values()))
    players = max(players, board.info.min_players)
    seats = [Seat(1000 + i, f"player{i}", colour) for i, colour in enumerate(rules.colours[:players])]
    return rules.setup(board.model, seats, rules.default_settings(), seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_parameter_left_out_is_given_its_declared_default(games, seed):
    rng = random.Random(seed)
    checked = 0
    for entry in games.values():
        game = entry.rules
        state = _setup(entry, 3, seed)
        for _ in range(STEPS):
            if game.ending(state) is not None:
                break
            awaited = [a.seat for a in game.awaiting(state)] or list(range(len(state.seats)))
            actor = Actor(rng.choice(awaited))
            view = game.view(state, actor.seat)
            walked = walk(game, view, actor, rng, leave_out=0.5)
            if walked is None:
                continue
            kind, values, action = walked
            for param in game.params_of(kind):
                if param.default is None or param.name not in values:
                    continue
                if values[param.name] is None:
                    filled = {**values, param.name: param.default}
                    assert game.build(view, actor, kind, filled) == action, f"{game.key} {kind} {param.name}"
                    checked += 1
                elif values[param.name] == param.default:
                    left = {**values, param.name: None}
                    assert game.build(view, actor, kind, left) == action, f"{game.key} {kind} {param.name}"
                    checked += 1
            state = game.apply(state, actor, action).state
    assert checked, "no action left out a parameter with a default"
