"""Tiny Epic Vikings: /sail and /vikings (place, return, dedicate, end, era, adjust)."""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from front.replies import channel_of, choices, run, table_of, user_of
from rules.errors import BadInput, PlayerError
from rules.vikings import GAME
from rules.vikings.sail import reachable
from rules.vikings.state import DEDICATIONS, VikingsState
from waypost.outcome import Seen

ADJUSTABLE = ("wood", "food", "steel", "raided", "settlers", "temples", "boat", "rune", "village", "fury")
ROUTE_LIMIT = 200


async def _seen(interaction: discord.Interaction) -> Seen | None:
    """The channel's game if it is Tiny Epic Vikings in play (for autocomplete), else None."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    return seen if seen is not None and seen.game_key == GAME.key else None


def _canon(state: VikingsState, name: str) -> str:
    """A space name as the map spells it (players may type any case)."""
    lowered = {n.lower(): n for n in state.board.kinds}
    return lowered.get(name.lower(), name)


def _island(seen: Seen | None, text: str) -> str:
    """An island's name from its name or title in any case ("" stays "")."""
    text = text.strip()
    if seen is None or not text:
        return text
    return next((i.name for i in seen.state.board.islands if text.lower() in (i.name.lower(), i.title.lower())),
                text)


async def _act(interaction: discord.Interaction, action: dict) -> None:
    await run(interaction, table_of(interaction).act(channel_of(interaction), user_of(interaction), action))


def _bounded(value: int, low: int, high: int, what: str) -> int:
    if not low <= value <= high:
        raise BadInput(f"The {what} is {low} to {high}, not {value}.")
    return value


# --- autocomplete ------------------------------------------------------------------------

async def your_boats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    seen = await _seen(interaction)
    if seen is None or seen.seat is None:
        return []
    boats = seen.state.players[seen.seat].boats
    return [app_commands.Choice(name=f"Boat {n} — at {space}", value=n)
            for n, space in boats.items() if space is not None and current.strip() in str(n)][:25]


async def routes(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    boat, strength = interaction.namespace.boat, interaction.namespace.strength or 3
    if seen is None or seen.seat is None or not isinstance(boat, int) or strength not in (1, 2, 3):
        return []
    try:
        ends = reachable(seen.state, seen.seat, boat, strength)
    except PlayerError:
        return []
    ordered = sorted(ends.items(), key=lambda item: (len(item[1]), item[0]))
    return choices([(f"{end} — {len(route)} move{'s' * (len(route) > 1)}: {' '.join(route)}", " ".join(route))
                    for end, route in ordered], current)


async def empty_docks(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    used = {space for p in seen.state.players for space in p.boats.values()}
    board = seen.state.board
    return choices([(f"{d.name} ({board.island(board.island_of(d.name)).title})", d.name)
                    for d in board.docks if d.name not in used], current)


async def islands(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    return choices([(f"{i.title} ({i.name})", i.name) for i in seen.state.board.islands], current)


async def dedication_targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    return choices([(f"era mat {d}", d) for d in DEDICATIONS] +
                   [(f"{g}'s +2 fury", g) for g in seen.state.board.gods], current)


async def spaces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    board = seen.state.board
    return choices([(d.name, d.name) for d in board.docks] + [(f.name, f.name) for f in board.fjords], current)


async def gods(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    return choices([(g, g) for g in seen.state.board.gods], current) if seen else []


# --- commands ----------------------------------------------------------------------------

class Vikings(commands.Cog):
    """Sailing, deploying, raiding and the table's own bookkeeping for Tiny Epic Vikings."""

    game_key = GAME.key
    vikings = app_commands.Group(name="vikings", description="Tiny Epic Vikings: setup, turns and bookkeeping")

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(description="Sail one of your boats; at the end dock deploy settlers and raid")
    @app_commands.describe(
        boat="Your boat (1–4)",
        route="Spaces after the start, e.g. F1 F2 B1 (or just the end space: the shortest route)",
        strength="The card's Sail xN (1–3)",
        settlers="Settlers to deploy at the end dock (1 food each, at most N)",
        raid="Raid the village at the end dock (pays the era's steel)",
    )
    @app_commands.autocomplete(boat=your_boats, route=routes)
    async def sail(self, interaction: discord.Interaction, boat: int, route: str, strength: int,
                   settlers: int = 0, raid: bool = False) -> None:
        _bounded(boat, 1, 4, "boat number")
        _bounded(strength, 1, 3, "sail strength")
        _bounded(settlers, 0, 6, "number of settlers")
        steps = self._route(await _seen(interaction), boat, strength, route)
        await _act(interaction, {"kind": "sail", "boat": boat, "route": steps, "strength": strength,
                                 "settlers": settlers, "raid": raid})

    @staticmethod
    def _route(seen: Seen | None, boat: int, strength: int, route: str) -> list[str]:
        """Route text as space names; a lone far end space becomes its shortest route."""
        if len(route) > ROUTE_LIMIT:
            raise BadInput(f"The route is too long ({len(route)} characters).")
        steps = [s for s in re.split(r"[\s,;>→]+|-+>?", route.strip()) if s]
        if not steps:
            raise BadInput("The route is empty: name the spaces after the start, e.g. F1 F2 B1.")
        if seen is None or seen.seat is None:
            return steps
        steps = [_canon(seen.state, s) for s in steps]
        start = seen.state.players[seen.seat].boats.get(boat)
        if len(steps) == 1 and start and steps[0] not in seen.state.board.neighbours.get(start, ()):
            try:
                found = reachable(seen.state, seen.seat, boat, strength).get(steps[0])
            except PlayerError:
                found = None
            if found:
                return list(found)
        return steps

    @vikings.command(description="Setup: put your first boat on an empty dock")
    @app_commands.describe(dock="An empty dock")
    @app_commands.autocomplete(dock=empty_docks)
    async def place(self, interaction: discord.Interaction, dock: str) -> None:
        seen = await _seen(interaction)
        await _act(interaction, {"kind": "place", "dock": _canon(seen.state, dock) if seen else dock})

    @vikings.command(name="return", description="Return some of your settlers from an island to your mat")
    @app_commands.describe(island="The island", count="How many settlers")
    @app_commands.autocomplete(island=islands)
    async def return_(self, interaction: discord.Interaction, island: str, count: int = 1) -> None:
        _bounded(count, 1, 6, "number of settlers")
        await _act(interaction, {"kind": "return", "island": _island(await _seen(interaction), island),
                                 "count": count})

    @vikings.command(description="Dedicate a raided village (once per turn)")
    @app_commands.describe(target="An era mat action, or a god's +2 fury slot")
    @app_commands.autocomplete(target=dedication_targets)
    async def dedicate(self, interaction: discord.Interaction, target: str) -> None:
        await _act(interaction, {"kind": "dedicate", "target": target.strip()})

    @vikings.command(description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await _act(interaction, {"kind": "end"})

    @vikings.command(description="Advance to the next era (host)")
    async def era(self, interaction: discord.Interaction) -> None:
        await _act(interaction, {"kind": "era"})

    @vikings.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set", value="The new count (rune/village: 1 yes, 0 no)",
        player="Whose pieces (host only for others; default you)", island="For settlers, temples, rune",
        boat="For boat: which boat (1–4)", space="For boat: the dock or fjord ('none': harbour); village: dock",
        god="For fury: which god",
    )
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in ADJUSTABLE])
    @app_commands.autocomplete(island=islands, space=spaces, god=gods)
    async def adjust(self, interaction: discord.Interaction, what: str, value: int = 0,
                     player: discord.User | None = None, island: str = "", boat: int = 0, space: str = "",
                     god: str = "") -> None:
        _bounded(value, 0, 999, "value")
        _bounded(boat, 0, 4, "boat number")
        seen = await _seen(interaction)
        seat = None
        if player is not None and seen is not None:
            seat = next((i for i, s in enumerate(seen.state.seats) if s.player_id == player.id), None)
            if seat is None:
                raise BadInput(f"{player.display_name} is not playing in this game.")
        space = "" if space.strip().lower() in ("none", "harbour", "harbor") else space.strip()
        if seen is not None and space:
            space = _canon(seen.state, space)
        await _act(interaction, {"kind": "adjust", "what": what.strip(), "value": value, "seat": seat,
                                 "island": _island(seen, island), "boat": boat, "space": space, "god": god.strip()})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Vikings(bot))
