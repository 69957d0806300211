"""/megaciv: Mega Civilization's Movement phase (move, build, maintain, scrap, sail, takeback,
declare, insist), the table's phases (expand, adjust, start) and looking things up (report, area).

The cog reads options, builds the game's actions and formats the rules' own queries
(`rules.megaciv.queries`, on the state as the asking seat sees it) as autocomplete and look-ups;
it decides nothing about the rules. Declaring is final, so `/megaciv declare` first posts a
private confirmation button (`DeclareButton`, a dynamic item: it works after a restart).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import post_prompts, run
from front.replies import (
    NOBODY,
    channel_of,
    choices,
    escape,
    fit,
    report_error,
    say_privately,
    send_outcome,
    table_of,
    user_of,
)
from rules.base import Action, Actor
from rules.errors import BadInput, NoGame, NotAllowed
from rules.megaciv import GAME, queries
from rules.megaciv.actions import (
    Adjust,
    Build,
    Declare,
    Expand,
    Insist,
    Maintain,
    Move,
    Sail,
    Scrap,
    StartMovement,
    TakeBack,
)
from rules.megaciv.adjust import ADJUSTERS
from rules.megaciv.board import fold
from rules.megaciv.report import lines as report_lines
from rules.megaciv.state import SHIPS, TOKENS, MegaState
from rules.text import plural
from waypost.outcome import Seen

Area = app_commands.Range[str, 1, 60]
Text = app_commands.Range[str, 1, 400]
Ship = app_commands.Range[int, 1, SHIPS]
Count = app_commands.Range[int, 1, TOKENS]
PAYMENTS = [app_commands.Choice(name="2 treasury", value="treasury"),
            app_commands.Choice(name="1 treasury and 1 token from the ship's area", value="mixed"),
            app_commands.Choice(name="2 tokens (at least one from the ship's area)", value="tokens")]
UPKEEP = [app_commands.Choice(name="1 treasury", value="treasury"),
          app_commands.Choice(name="1 token (name its area)", value="token")]
NOWHERE = ("none", "stock", "-")
LIMIT = 25


# --- the game as the asking player sees it ----------------------------------------------------------


async def _seen(interaction: discord.Interaction) -> Seen[Any] | None:
    """The channel's game as this user sees it, if it is Mega Civilization in play."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    return seen if seen is not None and seen.game_key == GAME.key else None


async def _mine(interaction: discord.Interaction) -> tuple[MegaState, int] | None:
    """The state and the user's seat, for autocomplete (None: not seated at a Mega Civilization game)."""
    seen = await _seen(interaction)
    return (seen.state, seen.seat) if seen is not None and seen.seat is not None else None


async def _game(interaction: discord.Interaction) -> Seen[Any]:
    """The channel's Mega Civilization game as this user sees it; NoGame otherwise."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    if seen is None:
        raise NoGame("There is no Mega Civilization game in play in this channel.")
    if seen.game_key != GAME.key:
        title = table_of(interaction).game(seen.game_key).rules.title
        raise NoGame(f"The game in this channel is {title}, not Mega Civilization.")
    return seen


async def _act(interaction: discord.Interaction, action: Action) -> None:
    await run(interaction, table_of(interaction).act(channel_of(interaction), user_of(interaction), GAME.key, action))


def _area(seen: Seen[Any] | None, typed: str) -> str:
    """An area's name as the map spells it, or what was typed (the rules refuse it, saying why)."""
    text = typed.strip()
    return (queries.canon(seen.state, text) or text) if seen is not None else text


def _areas(seen: Seen[Any] | None, typed: str) -> tuple[str, ...]:
    """A list of areas typed with commas (or spaces, for one-word names)."""
    parts = [p for p in re.split(r"\s*[,;]\s*", typed.strip()) if p]
    if seen is not None and len(parts) == 1 and not queries.canon(seen.state, parts[0]):
        parts = parts[0].split()
    return tuple(_area(seen, p) for p in parts)


# --- autocomplete -----------------------------------------------------------------------------------


def area_choices(state: MegaState, seat: int | None, typed: str, pool: dict[str, str] | None = None,
                 kind: str | None = None) -> list[app_commands.Choice[str]]:
    """At most 25 areas matching what was typed (any case; names starting with it first), those
    around the player's pieces first. `pool` limits them, giving each its label."""
    near = set(queries.nearby(state, seat)) if seat is not None else set()
    wanted = fold(typed)[:40]
    found = []
    for name in queries.area_names(state, typed, kind, limit=10_000):
        if pool is not None and name not in pool:
            continue
        found.append((not fold(name).startswith(wanted), name not in near, name))
    found.sort()
    out = []
    for _, _, name in found[:LIMIT]:
        out.append(app_commands.Choice(name=(pool[name] if pool is not None else _describe(state, name))[:100],
                                       value=name))
    return out


def _describe(state: MegaState, name: str) -> str:
    a = state.board.areas[name]
    if a.kind == "sea":
        return f"{name} (open sea)"
    bits = [f"limit {a.limit}"] + (["city site"] if a.city_site else []) + (["coastal"] if a.coastal else [])
    return f"{name} ({', '.join(bits)})"


async def any_area(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    return area_choices(seen.state, seen.seat, current) if seen is not None else []


async def token_sources(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    pool = {a: f"{a} — {free} of {plural(total, 'token')} free to move" for a, free, total in
            queries.movable(state, seat)}
    return area_choices(state, seat, current, pool)


async def token_targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    source = getattr(interaction.namespace, "from", None)
    if mine is None or not isinstance(source, str):
        return []
    state, seat = mine
    found = queries.canon(state, source)
    if found is None:
        return []
    pool = {}
    for d in queries.destinations(state, seat, found):
        how = "1 step" if d.steps == 1 else f"2 steps, via {d.via}"
        pool[d.area] = f"{d.area} — up to {plural(d.count, 'token')} ({how})"
    return area_choices(state, seat, current, pool)


async def via_areas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Roadbuilding: the areas a two-step move from `from` to `to` may pass through now."""
    mine = await _mine(interaction)
    ns = interaction.namespace
    source, target = getattr(ns, "from", None), getattr(ns, "to", None)
    if mine is None or not isinstance(source, str) or not isinstance(target, str):
        return []
    state, seat = mine
    a, b = queries.canon(state, source), queries.canon(state, target)
    if a is None or b is None:
        return []
    pool = {via: f"{a} → {via} → {b} — up to {plural(n, 'token')}" for via, n in queries.vias(state, seat, a, b)}
    return area_choices(state, seat, current, pool)


async def counts(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """How many tokens may make the move given so far (from, to and via)."""
    mine = await _mine(interaction)
    ns = interaction.namespace
    source, target, via = getattr(ns, "from", None), getattr(ns, "to", None), getattr(ns, "via", None)
    if mine is None or not isinstance(source, str) or not isinstance(target, str):
        return []
    state, seat = mine
    a, b = queries.canon(state, source), queries.canon(state, target)
    if a is None or b is None:
        return []
    if isinstance(via, str) and via.strip():
        most = dict(queries.vias(state, seat, a, b)).get(queries.canon(state, via) or "", 0)
    else:
        most = next((d.count for d in queries.destinations(state, seat, a) if d.area == b), 0)
    return [app_commands.Choice(name=f"{plural(n, 'token')} (of {most} that may go)", value=n)
            for n in range(most, 0, -1) if current.strip() in str(n)][:LIMIT]


async def your_token_areas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    tokens = state.players[seat].tokens
    return area_choices(state, seat, current, {a: f"{a} — {plural(n, 'token')}" for a, n in tokens.items()})


async def build_areas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    board, tokens = state.board, state.players[seat].tokens
    pool = {a: f"{a} — coastal, {plural(n, 'token')}" for a, n in tokens.items()
            if board.areas[a].coastal and a not in state.out_of_play}
    return area_choices(state, seat, current, pool)


def _ship_choices(state: MegaState, seat: int, current: str, wanted: tuple[str, ...],
                  note: dict[str, str]) -> list[app_commands.Choice[int]]:
    out = []
    for s in queries.ships(state, seat):
        if s.status in wanted and current.strip() in str(s.number):
            out.append(app_commands.Choice(name=f"Ship {s.number} at {s.area} — {note[s.status]}"[:100],
                                           value=s.number))
    return out[:LIMIT]


async def unkept_ships(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    mine = await _mine(interaction)
    note = {"needs upkeep": "needs upkeep (sinks at your declaration otherwise)"}
    return _ship_choices(*mine, current, ("needs upkeep",), note) if mine else []


async def old_ships(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    mine = await _mine(interaction)
    note = {"needs upkeep": "old and not maintained: scrap it to build it anew"}
    return _ship_choices(*mine, current, ("needs upkeep",), note) if mine else []


async def sailing_ships(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    out = []
    for s in queries.ships(state, seat):
        reach = queries.ship_reach(state, seat, s.number)
        if reach and current.strip() in str(s.number):
            out.append(app_commands.Choice(name=f"Ship {s.number} at {s.area} ({s.status}) — reaches "
                                                f"{plural(len(reach), 'area')}"[:100], value=s.number))
    return out


async def voyages(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The areas the ship can end its voyage in, each with a shortest route (the areas after the
    ship's own); coastal land first (where tokens can be put off), nearest first."""
    mine = await _mine(interaction)
    ship = getattr(interaction.namespace, "ship", None)
    if mine is None or not isinstance(ship, int):
        return []
    state, seat = mine
    reach = queries.ship_reach(state, seat, ship)
    ranked = sorted(reach.items(), key=lambda item: (state.board.areas[item[0]].kind == "sea", len(item[1]), item[0]))
    typed = fold(current)
    found = []
    for end, path in ranked:
        route = " ".join(path)
        if typed and typed not in fold(end) and typed not in fold(route):
            continue
        kind = "open sea" if state.board.areas[end].kind == "sea" else "land"
        found.append(app_commands.Choice(name=f"{end} ({kind}) — {plural(len(path), 'step')}: {route}"[:100],
                                         value=route[:100]))
    return found[:LIMIT]


async def draft_steps(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    steps = queries.draft_steps(state, seat) if not state.players[seat].declared else ()
    out = []
    for count in range(1, len(steps) + 1):
        last = steps[len(steps) - count]
        text = f"{count}: take back {last.text}" + (f" and {count - 1} later" if count > 1 else "")
        if current.strip() in str(count):
            out.append(app_commands.Choice(name=text[:100], value=count))
    return out[:LIMIT]


async def growth_areas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The areas to grow in when the stock is short: what is typed so far, then one more area."""
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    wanted, stock = queries.expansion(state, seat)
    if not wanted or stock >= sum(wanted.values()):
        return []
    parts = [p.strip() for p in current.split(",")]
    chosen = [queries.canon(state, p) for p in parts[:-1]]
    if any(c is None or c not in wanted for c in chosen):
        return []
    used = sum(wanted[c] for c in chosen if c)
    left = stock - used
    if left <= 0:
        return []
    head = ", ".join(c for c in chosen if c)
    out = []
    for choice in area_choices(state, seat, parts[-1], {a: a for a in wanted if a not in chosen}):
        grows = min(wanted[choice.value], left)
        value = f"{head}, {choice.value}" if head else choice.value
        name = f"{value} (+{grows} in {choice.value}; {left - grows} of {stock} left)"
        out.append(app_commands.Choice(name=name[-100:], value=value[:400]))
    return out


async def advances(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    return choices([(f"{a.name} — {a.text}"[:100], a.name) for a in seen.state.board.advances.advances], current)


# --- the declaration's confirmation ---------------------------------------------------------------


class DeclareButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"megaciv:declare:(?P<channel>\d+):(?P<user>\d+):(?P<game>\d+):(?P<turn>\d+)"):
    """Confirms one player's declaration that their movement has ended, for the game and the turn
    it was asked in."""

    def __init__(self, channel_id: int, user_id: int, game_id: int, turn: int):
        super().__init__(discord.ui.Button(label="Declare", style=discord.ButtonStyle.danger,
                                           custom_id=f"megaciv:declare:{channel_id}:{user_id}:{game_id}:{turn}"))
        self.channel_id, self.user_id, self.game_id, self.turn = channel_id, user_id, game_id, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DeclareButton:
        return cls(int(match["channel"]), int(match["user"]), int(match["game"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._declare(interaction)
        except Exception as error:  # buttons bypass the tree's error handler
            await report_error(interaction, error)

    async def _declare(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            await say_privately(interaction, "⛔ Only the player who asked to declare can confirm it.")
            return
        table = table_of(interaction)
        seen = await table.view(self.channel_id, user_of(interaction))
        if seen is None or seen.game_id != self.game_id or seen.game_key != GAME.key \
                or seen.state.turn != self.turn or not seen.state.moving:
            await interaction.response.edit_message(content="This confirmation has expired: ask again with "
                                                            "/megaciv declare.", view=None)
            return
        await interaction.response.edit_message(content="Declaring your movement ended…", view=None)
        outcome = await table.act(self.channel_id, user_of(interaction), GAME.key, Declare())
        await send_outcome(interaction, outcome)
        await post_prompts(interaction, outcome)
        await interaction.edit_original_response(content="Declared.")


async def game_id(interaction: discord.Interaction) -> int:
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    if seen is None or seen.game_key != GAME.key:
        raise NoGame("There is no Mega Civilization game in play in this channel.")
    return seen.game_id


# --- commands ---------------------------------------------------------------------------------------


class MegaCiv(commands.GroupCog, group_name="megaciv",
              group_description="Mega Civilization: move, ships, declare, expand, adjust, look up"):
    """The Movement phase, the table's bookkeeping and look-ups for Mega Civilization."""

    game_key = GAME.key

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DeclareButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(DeclareButton)

    @app_commands.command(description="Move tokens by land (one step; two with Roadbuilding)")
    @app_commands.rename(from_="from")
    @app_commands.describe(from_="The area your tokens leave", to="Where they go",
                           count="How many tokens (default 1)",
                           via="Roadbuilding: the area passed through (found for you when there is one)")
    @app_commands.autocomplete(count=counts)  # one decorator per choice type (str, int)
    @app_commands.autocomplete(from_=token_sources, to=token_targets, via=via_areas)
    async def move(self, interaction: discord.Interaction, from_: Area, to: Area, count: Count = 1,
                   via: Area | None = None) -> None:
        seen = await _seen(interaction)
        source, target = _area(seen, from_), _area(seen, to)
        middle = _area(seen, via) if via else ""
        if not middle and seen is not None and seen.seat is not None:
            board = seen.state.board
            if source in board.land_next and target not in board.land_next[source]:
                found = {d.area: d.via for d in queries.destinations(seen.state, seen.seat, source) if d.via}
                middle = found.get(target, "")
        await _act(interaction, Move(source, target, count, middle))

    @app_commands.command(description="Build a ship in a coastal area holding one of your tokens")
    @app_commands.describe(area="A coastal area with one of your tokens", pay="How to pay (default: 2 treasury)",
                           tokens_from="For tokens: the areas of the tokens paid, e.g. 'Arzu, Kesdor' "
                                       "(default: all from the ship's area)")
    @app_commands.choices(pay=PAYMENTS)
    @app_commands.autocomplete(area=build_areas, tokens_from=your_token_areas)
    async def build(self, interaction: discord.Interaction, area: Area, pay: str = "treasury",
                    tokens_from: Text | None = None) -> None:
        seen = await _seen(interaction)
        await _act(interaction, Build(_area(seen, area), pay, _areas(seen, tokens_from) if tokens_from else ()))

    @app_commands.command(description="Maintain a ship built in an earlier turn (else it sinks when you declare)")
    @app_commands.describe(ship="Your ship (1–4)", pay="How to pay (default: 1 treasury)",
                           area="For a token: the area it comes from")
    @app_commands.choices(pay=UPKEEP)
    @app_commands.autocomplete(ship=unkept_ships)  # one decorator per choice type (int, str)
    @app_commands.autocomplete(area=your_token_areas)
    async def maintain(self, interaction: discord.Interaction, ship: Ship, pay: str = "treasury",
                       area: Area | None = None) -> None:
        seen = await _seen(interaction)
        await _act(interaction, Maintain(ship, pay, _area(seen, area) if area else ""))

    @app_commands.command(description="Return an old ship not maintained this turn to stock, to build it anew")
    @app_commands.describe(ship="Your ship (1–4)")
    @app_commands.autocomplete(ship=old_ships)
    async def scrap(self, interaction: discord.Interaction, ship: Ship) -> None:
        await _act(interaction, Scrap(ship))

    @app_commands.command(description="Sail a ship, taking tokens on and putting them off along the way")
    @app_commands.describe(
        ship="Your ship (1–4)",
        route="The areas after the ship's own, e.g. 'Arzu-Sea Kesdor'; +n takes n on there, -n puts n off, "
              "e.g. 'Arzu+2 Sea Kesdor'; just the end sails the shortest route. All aboard go off at the end.",
        take="Tokens taken on where the ship starts (default 0)",
    )
    @app_commands.autocomplete(ship=sailing_ships)  # one decorator per choice type (int, str)
    @app_commands.autocomplete(route=voyages)
    async def sail(self, interaction: discord.Interaction, ship: Ship, route: Text,
                   take: app_commands.Range[int, 0, TOKENS] = 0) -> None:
        seen = await _seen(interaction)
        await _act(interaction, self._voyage(seen, ship, route, take))

    @staticmethod
    def _voyage(seen: Seen[Any] | None, ship: int, route: str, take: int) -> Sail:
        """The Sail action for a typed route: the ship's own area is added in front unless typed; a
        lone far end sails its shortest route; `take` is taken on at the start."""
        if seen is None or seen.seat is None:
            return Sail(ship, tuple(route.split()), (take,) if take else ())
        state, seat = seen.state, seen.seat
        start = state.players[seat].ships[ship - 1].area
        voyage = queries.parse_voyage(state, route)
        stops, takes, puts = list(voyage.stops), list(voyage.take), list(voyage.put)
        if start is not None and (not stops or stops[0] != start):
            stops, takes, puts = [start, *stops], [0, *takes], [0, *puts]
        if take:
            if takes and takes[0]:
                raise BadInput(f"Say how many tokens go aboard at {start} once: with take, or with +n in the route.")
            takes[0] = take
        if start is not None and len(stops) == 2 and stops[1] not in state.board.water_next.get(start, ()):
            path = queries.ship_reach(state, seat, ship).get(stops[1])
            if path:
                end_take, end_put = takes[1], puts[1]
                stops = [start, *path]
                takes = [takes[0], *[0] * (len(path) - 1), end_take]
                puts = [puts[0], *[0] * (len(path) - 1), end_put]
        if not any(takes) and not any(puts):
            return Sail(ship, tuple(stops[1:]))
        return Sail(ship, tuple(stops[1:]), tuple(takes), tuple(puts))

    @app_commands.command(name="takeback", description="Take back the last step(s) of your movement draft")
    @app_commands.describe(steps="How many of your last steps (default 1)")
    @app_commands.autocomplete(steps=draft_steps)
    async def take_back(self, interaction: discord.Interaction,
                        steps: app_commands.Range[int, 1, 100] = 1) -> None:
        await _act(interaction, TakeBack(steps))

    @app_commands.command(description="Declare your movement ended: final (asks you to confirm)")
    @app_commands.describe(confirm="True: declare at once, without the confirmation button")
    async def declare(self, interaction: discord.Interaction, confirm: bool = False) -> None:
        if confirm:
            await _act(interaction, Declare())
            return
        seen = await _game(interaction)
        if seen.seat is None:
            raise NotAllowed("You are not playing in this game.")
        state, seat = seen.state, seen.seat
        GAME.permit(state, Actor(seat), Declare())  # refused now rather than after the click
        player = state.players[seat]
        lost = [s.number for s in queries.ships(state, seat) if s.status == "needs upkeep"]
        if player.steps:
            parts = [f"Declare your movement ended? It is final: your {plural(len(player.steps), 'step')} "
                     "cannot be taken back, and the others see them."]
        else:
            parts = ["Declare your movement ended without moving anything? It is final."]
        if lost:
            parts.append(f"Ship{'s' if len(lost) > 1 else ''} {', '.join(map(str, lost))} "
                         f"(not maintained this turn) will sink.")
        view = discord.ui.View(timeout=None)
        view.add_item(DeclareButton(channel_of(interaction), interaction.user.id, await game_id(interaction),
                                    state.turn))
        await interaction.response.send_message(" ".join(parts), ephemeral=True, view=view, allowed_mentions=NOBODY)

    @app_commands.command(description="Everyone moving at once: insist on census order for the rest of this phase")
    async def insist(self, interaction: discord.Interaction) -> None:
        await _act(interaction, Insist())

    @app_commands.command(description="Start the next Movement phase (host): census order is fixed now")
    async def start(self, interaction: discord.Interaction) -> None:
        await _act(interaction, StartMovement())

    @app_commands.command(description="Population expansion, once a turn between Movement phases")
    @app_commands.describe(areas="Only when your stock is short: the areas to grow in, in order, "
                                 "e.g. 'Arzu, Kesdor'")
    @app_commands.autocomplete(areas=growth_areas)
    async def expand(self, interaction: discord.Interaction, areas: Text | None = None) -> None:
        seen = await _seen(interaction)
        await _act(interaction, Expand(_areas(seen, areas) if areas else ()))

    @app_commands.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set", value="The new count; tax: the amount (0: 2 per city); city, advance, pirate, "
                                  "out_of_play: 1 adds, 0 removes",
        player="Whose pieces (the host only for others; default you)", area="The area (tokens, city, ship, "
        "barbarians, pirate, out_of_play); for ship 'none' is back to stock", advance="For advance: which",
        ship="For ship: which (1–4)",
    )
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in ADJUSTERS])
    @app_commands.autocomplete(area=any_area, advance=advances)
    async def adjust(self, interaction: discord.Interaction, what: str,
                     value: app_commands.Range[int, 0, TOKENS] | None = None, player: discord.User | None = None,
                     area: Area | None = None, advance: Area | None = None, ship: Ship | None = None) -> None:
        seen = await _seen(interaction)
        needs = {"tokens": "area", "city": "area", "barbarians": "area", "pirate": "area", "out_of_play": "area",
                 "advance": "advance", "ship": "ship"}
        given = {"area": area, "advance": advance, "ship": ship}
        if what in needs and given[needs[what]] is None:
            raise BadInput(f"Adjusting {what} needs the {needs[what]} option.")
        if value is None and what not in ("tax", "ship"):
            raise BadInput(f"Give the new {what} as value." if what in ("treasury", "tokens", "barbarians")
                           else f"For {what}, give value 1 to add or 0 to remove.")
        seat = None
        if player is not None and seen is not None:
            seat = next((i for i, s in enumerate(seen.state.seats) if s.player_id == player.id), None)
            if seat is None:
                raise BadInput(f"{player.display_name} is not playing in this game.")
        where = "" if area is None or area.strip().lower() in NOWHERE else _area(seen, area)
        await _act(interaction, Adjust(what, value or 0, seat, where, (advance or "").strip(), ship or 0))

    @app_commands.command(description="The phase-end report now: conflict situations, city attacks, city spots")
    @app_commands.describe(private="Only you see it, with your own undeclared draft counted")
    async def report(self, interaction: discord.Interaction, private: bool = False) -> None:
        seen = await _game(interaction)
        state = seen.state if private else GAME.view(seen.state, None)
        found = queries.phase_report(state)
        movers = ", ".join(f"{m.name} {m.census}{' (declared)' if m.declared else ''}" for m in queries.order(state))
        head = (f"Turn {state.turn}, Movement phase — order and census: {movers}" if state.moving
                else f"Turn {state.turn}, between Movement phases — next order and census now: {movers}")
        text = fit([escape(head), *(f"• {escape(line)}" for line in report_lines(state, found))])
        await interaction.response.send_message(text, ephemeral=private, allowed_mentions=NOBODY)

    @app_commands.command(description="What is in an area, and who can enter it")
    @app_commands.describe(name="The area, as the map spells it (any case)")
    @app_commands.autocomplete(name=any_area)
    async def area(self, interaction: discord.Interaction, name: Area) -> None:
        seen = await _game(interaction)
        info = queries.area_info(seen.state, seen.seat, name)
        if info is None:
            close = queries.area_names(seen.state, name, limit=5)
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            raise BadInput(f"There is no area {name.strip()[:40]!r} on {seen.state.board.map.title}.{hint}")
        await say_privately(interaction, fit(area_lines(info)))


def area_lines(info: queries.AreaInfo) -> list[str]:
    """An area look-up in words (markdown: the area's name in bold, everything else escaped)."""
    if info.kind == "sea":
        rest = f" — open sea ({info.region}): ships enter it only with Astronavigation."
    else:
        bits = [f"population limit {info.limit}"] + (["a city site"] if info.city_site else []) + \
               (["coastal"] if info.coastal else ["inland"])
        rest = f" — land ({info.region}): {', '.join(bits)}."
    return [f"**{escape(info.name)}**{escape(rest)}", *(escape(line) for line in _area_details(info))]


def _area_details(info: queries.AreaInfo) -> list[str]:
    out = []
    if info.out_of_play:
        out.append("Out of play.")
    tokens = ", ".join(f"{who} {n}" for who, n in info.tokens) or "none"
    out.append(f"Tokens: {tokens}." + (" A conflict situation exists here." if info.conflict else ""))
    if info.city:
        out.append("City: a pirate city." if info.city == "pirates" else f"City: {info.city}'s.")
    if info.ships:
        out.append("Ships: " + ", ".join(f"{who} {n}" for who, n in info.ships) + ".")
    out += [f"Entering: {r}." for r in info.restrictions]
    if info.kind == "land":
        land = [f"from {a} ({plural(n, 'token')}, {plural(steps, 'step')})" for a, steps, n in info.from_land]
        boats = [f"ship {n}" for n in info.by_ship]
        if land or boats:
            out.append("You can enter it now: " + "; ".join([*land, *(["by " + ", ".join(boats)] if boats else [])])
                       + ".")
        else:
            out.append("None of your tokens or ships can enter it now.")
    return out


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MegaCiv(bot))
