"""/vikings: Tiny Epic Vikings (sail, place, return, dedicate, end, era, adjust).

The cog reads options, builds the game's actions and formats the rules' own queries
(`rules.vikings.queries`) as autocomplete; it decides nothing about the rules.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import run
from front.replies import channel_of, choices, table_of, user_of
from rules.base import Action
from rules.errors import BadInput
from rules.text import plural
from rules.vikings import GAME, queries
from rules.vikings.actions import Adjust, AdvanceEra, Dedicate, EndTurn, PlaceBoat, ReturnSettlers, Sail
from rules.vikings.state import BOATS, SETTLERS, VikingsState
from waypost.outcome import Seen

ADJUSTABLE = ("wood", "food", "steel", "raided", "settlers", "temples", "boat", "rune", "village", "fury")
DEFAULT_STRENGTH = 3
Boat = app_commands.Range[int, 1, BOATS]
Strength = app_commands.Range[int, 1, 3]
Name = app_commands.Range[str, 1, 100]


async def _seen(interaction: discord.Interaction) -> Seen | None:
    """The channel's game as this player sees it, if it is Tiny Epic Vikings in play."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    return seen if seen is not None and seen.game_key == GAME.key else None


def _state(seen: Seen | None) -> VikingsState | None:
    return seen.state if seen is not None else None


async def _act(interaction: discord.Interaction, action: Action) -> None:
    await run(interaction, table_of(interaction).act(channel_of(interaction), user_of(interaction), GAME.key, action))


# --- autocomplete ------------------------------------------------------------------------

async def your_boats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    seen = await _seen(interaction)
    if seen is None or seen.seat is None:
        return []
    return [app_commands.Choice(name=f"Boat {boat} — at {space}", value=boat)
            for boat, space in queries.sailable(seen.state, seen.seat) if current.strip() in str(boat)][:25]


async def routes(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    boat, strength = interaction.namespace.boat, interaction.namespace.strength
    if seen is None or seen.seat is None or not isinstance(boat, int):
        return []
    assumed = not isinstance(strength, int) or strength not in (1, 2, 3)
    strength = DEFAULT_STRENGTH if assumed else strength
    note = f" (assuming x{strength}: give strength first)" if assumed else ""
    found = queries.routes(seen.state, seen.seat, boat, strength)
    marked = {end: " (village)" if queries.village(seen.state, end) else "" for end, _ in found}
    return choices([(f"{end}{marked[end]} — {plural(len(route), 'move')}: {' '.join(route)}{note}", " ".join(route))
                    for end, route in found], current)


async def empty_docks(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = _state(await _seen(interaction))
    return choices([(f"{dock} ({island})", dock) for dock, island in queries.empty_docks(state)], current) \
        if state else []


async def islands(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = _state(await _seen(interaction))
    return choices([(f"{title} ({name})", name) for name, title in queries.islands(state)], current) if state else []


async def dedication_targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = _state(await _seen(interaction))
    return choices([(label, target) for target, label in queries.dedication_targets(state)], current) \
        if state else []


async def spaces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """For a village: the village docks; for a boat: harbour, then fjords, then docks."""
    state = _state(await _seen(interaction))
    if state is None:
        return []
    if interaction.namespace.what == "village":
        return choices([(d, d) for d in sorted(state.board.village_docks)], current)
    docks = {d.name for d in state.board.docks}
    ordered = sorted(queries.spaces(state), key=lambda s: s in docks)
    return choices([("none (in harbour)", "none"), *((s, s) for s in ordered)], current)


async def gods(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = _state(await _seen(interaction))
    return choices([(g, g) for g in state.board.gods], current) if state else []


# --- commands ----------------------------------------------------------------------------

class Vikings(commands.GroupCog, group_name="vikings", group_description="Tiny Epic Vikings: sail, deploy, raid"):
    """Sailing, deploying, raiding and the table's own bookkeeping for Tiny Epic Vikings."""

    game_key = GAME.key

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(description="Sail one of your boats; at the end dock deploy settlers and raid")
    @app_commands.describe(
        boat="Your boat (1–4)",
        strength="The card's Sail xN (1–3)",
        route="Spaces after the start, e.g. F1 F2 B1; just the end space sails the shortest route; "
              "'stay' sails without moving",
        settlers="Settlers to deploy at the end dock (1 food each, at most N)",
        raid="Raid the village at the end dock (pays the era's steel)",
    )
    @app_commands.autocomplete(boat=your_boats)
    @app_commands.autocomplete(route=routes)
    async def sail(self, interaction: discord.Interaction, boat: Boat, strength: Strength, route: Name,
                   settlers: app_commands.Range[int, 0, SETTLERS] = 0, raid: bool = False) -> None:
        seen = await _seen(interaction)
        steps = self._route(seen, boat, strength, route)
        await _act(interaction, Sail(boat, steps, strength, settlers, raid))

    @staticmethod
    def _route(seen: Seen | None, boat: int, strength: int, route: str) -> tuple[str, ...]:
        """Route text as space names; a lone far end space becomes its shortest route; "stay"
        (or "-") is a sail without moving."""
        if route.strip().lower() in ("stay", "-", "none"):
            return ()
        steps = [s for s in re.split(r"[\s,;>→]+|-+>?", route.strip()) if s]
        if seen is None or seen.seat is None:
            return tuple(steps)
        state, seat = seen.state, seen.seat
        steps = [queries.canon(state, s) for s in steps]
        start = state.players[seat].boats.get(boat)
        if len(steps) > 1 and steps[0] == start:  # the boat's own space typed first: the route is what follows
            steps = steps[1:]
        if len(steps) == 1 and start and steps[0] not in state.board.neighbours.get(start, ()):
            found = dict(queries.routes(state, seat, boat, strength)).get(steps[0])
            if found:
                return found
        return tuple(steps)

    @app_commands.command(description="Setup: put your first boat on an empty dock")
    @app_commands.describe(dock="An empty dock")
    @app_commands.autocomplete(dock=empty_docks)
    async def place(self, interaction: discord.Interaction, dock: Name) -> None:
        state = _state(await _seen(interaction))
        await _act(interaction, PlaceBoat(queries.canon(state, dock) if state else dock.strip()))

    @app_commands.command(name="return", description="Return some of your settlers from an island to your mat")
    @app_commands.describe(island="The island", count="How many settlers")
    @app_commands.autocomplete(island=islands)
    async def return_(self, interaction: discord.Interaction, island: Name,
                      count: app_commands.Range[int, 1, SETTLERS] = 1) -> None:
        state = _state(await _seen(interaction))
        await _act(interaction, ReturnSettlers(queries.island_named(state, island) if state else island, count))

    @app_commands.command(description="Dedicate a raided village (once per turn)")
    @app_commands.describe(target="An era mat action, or a god's +2 fury slot")
    @app_commands.autocomplete(target=dedication_targets)
    async def dedicate(self, interaction: discord.Interaction, target: Name) -> None:
        await _act(interaction, Dedicate(target.strip()))

    @app_commands.command(description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await _act(interaction, EndTurn())

    @app_commands.command(description="Advance to the next era (host)")
    async def era(self, interaction: discord.Interaction) -> None:
        await _act(interaction, AdvanceEra())

    @app_commands.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set", value="The new count (rune/village: 1 yes, 0 no)",
        player="Whose pieces (host only for others; default you)", island="For settlers, temples, rune",
        boat="For boat: which boat (1–4)", space="For boat: the dock or fjord ('none': harbour); village: dock",
        god="For fury: which god",
    )
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in ADJUSTABLE])
    @app_commands.autocomplete(island=islands, space=spaces, god=gods)
    async def adjust(self, interaction: discord.Interaction, what: str,
                     value: app_commands.Range[int, 0, 999] | None = None, player: discord.User | None = None,
                     island: Name | None = None, boat: Boat | None = None, space: Name | None = None,
                     god: Name | None = None) -> None:
        seen = await _seen(interaction)
        state = _state(seen)
        needs = {"boat": ("boat", boat), "village": ("space", space), "fury": ("god", god),
                 "settlers": ("island", island), "temples": ("island", island), "rune": ("island", island)}
        option, given = needs.get(what, ("", True))
        if given is None:
            raise BadInput(f"Adjusting {what} needs the {option} option.")
        if value is None and what != "boat":
            raise BadInput(f"Give the new {what} as value.")
        seat = None
        if player is not None and state is not None:
            seat = next((i for i, s in enumerate(state.seats) if s.player_id == player.id), None)
            if seat is None:
                raise BadInput(f"{player.display_name} is not playing in this game.")
        where = (space or "").strip()
        where = "" if where.lower() in ("none", "harbour", "harbor") else where
        if state is not None and where:
            where = queries.canon(state, where)
        await _act(interaction, Adjust(what, value or 0, seat, queries.island_named(state, island or "") if state
                                       else (island or ""), boat or 0, where, (god or "").strip()))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Vikings(bot))
