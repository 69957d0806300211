"""/skye: Isle of Skye with the Journeyman (price, buy, keep, place, road, plan, use, advance, adjust).

The cog reads options, builds the game's actions and formats the rules' own queries
(`rules.skye.queries`, each on the asking player's view) as autocomplete; it decides nothing about
the rules. Tiles are named by id ("L12", "J3"), a tile of your territory also by "castle" or its
position "x,y" (north is +y, east is +x, the castle at 0,0).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import run
from front.replies import channel_of, choices, table_of, user_of
from rules.base import Action
from rules.errors import BadInput
from rules.skye import GAME, queries
from rules.skye.actions import Adjust, Buy, Choose, Keep, Place, Plan, Price, Road, Use
from rules.skye.adjust import WHATS
from rules.skye.plans import MAX_MARKERS, tile_at
from rules.skye.state import SkyeState, name
from waypost.outcome import Seen

Name = app_commands.Range[str, 1, 100]
T = TypeVar("T", int, str)
Completer = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[T]]]]
Gold = app_commands.Range[int, 0, 99]
Rotation = app_commands.Range[int, 0, 3]
POSITION = re.compile(r"\s*\(?\s*(-?\d{1,3})\s*[, ]\s*(-?\d{1,3})\s*\)?\s*")
SIDE_WORDS = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w", "west": "w"}
NOTHING = ("", "-", "none", "nothing", "pass", "no")
ORDINALS = ("first", "second", "third", "fourth", "fifth")


async def _seen(interaction: discord.Interaction) -> Seen[Any] | None:
    """The channel's game as this user sees it, if it is Isle of Skye in play."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    return seen if seen is not None and seen.game_key == GAME.key else None


async def _mine(interaction: discord.Interaction) -> tuple[SkyeState, int] | None:
    """The state as the user's seat sees it, and the seat, if they play Skye here."""
    seen = await _seen(interaction)
    if seen is None or seen.seat is None:
        return None
    return seen.state, seen.seat


async def _act(interaction: discord.Interaction, action: Action) -> None:
    await run(interaction, table_of(interaction).act(channel_of(interaction), user_of(interaction), GAME.key, action))


def _given(interaction: discord.Interaction, option: str) -> str:
    """An option the user has filled in already (autocomplete sees them), as text."""
    value = getattr(interaction.namespace, option, None)
    return value.strip() if isinstance(value, str) else ""


def _number(interaction: discord.Interaction, option: str) -> int | None:
    value = getattr(interaction.namespace, option, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _position(text: str) -> tuple[int, int] | None:
    found = POSITION.fullmatch(text)
    return (int(found.group(1)), int(found.group(2))) if found else None


def _pick(text: str, among: tuple[str, ...]) -> str:
    """One of `among` typed in any case, else the text as typed (the rules name the fault)."""
    key = text.strip().lower()
    return next((t for t in among if t.lower() == key), text.strip())


def _where(state: SkyeState, seat: int, pos: tuple[int, int]) -> str:
    return queries.tile_label(state, seat, pos)


# --- autocomplete ------------------------------------------------------------------------------------


async def hand_tiles(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    found = [(f"axe {queries.tile_text(state, t)}", t) for t in queries.hand(state, seat)]
    if queries.may_skip_axe(state, seat):
        found.append(("none: No Axe, price every tile", "none"))
    return choices(found, current)


def _to_price(state: SkyeState, seat: int, axe: str) -> tuple[str, ...]:
    """The drawn tiles left to price once `axe` is chosen, in the order drawn."""
    hand = queries.hand(state, seat)
    chosen = _pick(axe, hand) if axe and axe.lower() not in NOTHING else ""
    return tuple(t for t in hand if t != chosen)


def _prices_for(which: int) -> Completer[int]:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        mine = await _mine(interaction)
        if mine is None:
            return []
        state, seat = mine
        tiles = _to_price(state, seat, _given(interaction, "axe"))
        if which >= len(tiles):
            return [app_commands.Choice(name="0 (you have no tile to price here)", value=0)]
        floor = queries.price_floor(state, seat)
        spent = sum(_number(interaction, f"price{i + 1}") or 0 for i in range(which))
        room = state.players[seat].gold - spent - floor * (len(tiles) - which - 1)
        values = range(floor, max(floor, min(room, 99)) + 1)
        typed = current.strip()
        return [app_commands.Choice(name=f"{v} gold for {tiles[which]}", value=v) for v in values
                if typed in str(v)][:25]
    return complete


async def offered_tiles(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    found = [(f"{tile} from {name(state, owner)} for {price} gold"
              f"{'' if ok else ' (you cannot pay it)'} — {queries.tile_text(state, tile).split(': ', 1)[-1]}", tile)
             for tile, owner, price, ok in queries.buyable(state, seat) if ok]
    return choices([*found, ("pass: buy nothing", "pass")], current)


async def own_offers(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    found = [(f"discard {tile} (take back {price} gold)", tile) for tile, owner, price in queries.offers(state)
             if owner == seat]
    return choices([("none: keep them all", "none"), *found], current)


async def tiles_to_place(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    return choices([(queries.tile_text(state, t), t) for t in queries.to_place(state, seat)], current)


def _placing(state: SkyeState, seat: int, tile: str) -> str:
    waiting = queries.to_place(state, seat)
    return _pick(tile, waiting) if tile else (waiting[0] if waiting else "")


async def spots(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    tile = _placing(state, seat, _given(interaction, "tile"))
    found = []
    for x, y, rotations in queries.placements(state, seat, tile):
        turns = ", ".join(map(str, rotations))
        found.append((f"{x},{y} — {tile} fits turned {turns}", f"{x},{y}"))
    return choices(found, current)


async def rotations(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    tile = _placing(state, seat, _given(interaction, "tile"))
    at = _position(_given(interaction, "position"))
    fits = [r for x, y, turns in queries.placements(state, seat, tile) if at in (None, (x, y)) for r in turns]
    typed = current.strip()
    out = []
    for r in sorted(set(fits)):
        text = queries.tile_text(state, tile, r).split(": ", 1)[-1]
        out.append(app_commands.Choice(name=f"{r}: {text}"[:100], value=r))
    return [c for c in out if typed in str(c.value)][:25]


async def road_edges(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    if not queries.roads_ready(state, seat)[0]:
        return []
    found = []
    for x, y, side in queries.road_spots(state, seat):
        dx, dy = {"n": (0, 1), "e": (1, 0)}[side]
        found.append((f"between {_where(state, seat, (x, y))} and {_where(state, seat, (x + dx, y + dy))}",
                      f"{x},{y} {side}"))
    return choices(found, current)


def _plan_so_far(interaction: discord.Interaction, upto: int) -> tuple[str, ...]:
    return tuple(t for t in (_given(interaction, ORDINALS[i]) for i in range(upto)) if t)


def _marker_choices(which: int) -> Completer[str]:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        mine = await _mine(interaction)
        if mine is None:
            return []
        state, seat = mine
        extra = getattr(interaction.namespace, "extra", None) is True
        found = []
        for o in queries.marker_options(state, seat, _plan_so_far(interaction, which), extra):
            where = _where(state, seat, (o.x, o.y))
            if o.track:
                costs = [f"castle cost {o.castle}"] if o.castle else []
                costs += [f"fee {o.fee}"] if o.fee else []
                costs += [f"+{o.vp} VP"] if o.vp else []
                what = f"{o.track.capitalize()} → {o.space} ({', '.join(costs) or o.need})"
            else:
                what = "collect without advancing"
            found.append((f"{where}: {what} — {o.cost} move{'s' * (o.cost != 1)}, {o.left} left", o.marker))
        return choices(found, current)
    return complete


async def decision_tracks(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    asked = queries.decisions(state, seat)
    if not asked:
        return []
    prompt, options = asked[0]
    return choices([(f"{o} — {prompt}", o) for o in options], current)


async def territory_tiles(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    mine = await _mine(interaction)
    if mine is None:
        return []
    state, seat = mine
    whose = seat
    player = getattr(interaction.namespace, "player", None)
    if player is not None and hasattr(player, "id"):
        whose = next((i for i, s in enumerate(state.seats) if s.player_id == player.id), seat)
    cells = [(p.x, p.y) for p in state.players[whose].territory]
    return choices([(_where(state, whose, c), f"{c[0]},{c[1]}") for c in cells], current)


# --- commands ----------------------------------------------------------------------------------------


class Skye(commands.GroupCog, group_name="skye", group_description="Isle of Skye with the Journeyman"):
    """Pricing, buying, placing, roads, the journeyman's plans and the table's bookkeeping."""

    game_key = GAME.key

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(description="In secret: axe one tile, price the others")
    @app_commands.describe(
        axe="The drawn tile you discard ('none' only with the No Axe bonus tile)",
        price1="Gold on your first tile without the axe, in the order drawn (0 if none is left)",
        price2="Gold on your second tile without the axe (0 if none is left)",
        price3="With No Axe: gold on your third tile",
    )
    @app_commands.autocomplete(axe=hand_tiles)  # one decorator per choice type (str, int)
    @app_commands.autocomplete(price1=_prices_for(0), price2=_prices_for(1), price3=_prices_for(2))
    async def price(self, interaction: discord.Interaction, axe: Name, price1: Gold, price2: Gold,
                    price3: Gold | None = None) -> None:
        mine = await _mine(interaction)
        given = [price1, price2] + ([price3] if price3 is not None else [])
        if mine is None:
            await _act(interaction, Price(axe.strip(), (), tuple(given)))
            return
        state, seat = mine
        hand = queries.hand(state, seat)
        chosen = "" if axe.strip().lower() in NOTHING else _pick(axe, hand)
        tiles = tuple(t for t in hand if t != chosen)
        if chosen and chosen not in hand:
            raise BadInput(f"{axe[:30]!r} is not one of your drawn tiles ({', '.join(hand) or 'none'}).")
        if not chosen and not queries.may_skip_axe(state, seat):  # the rules say why the axe is needed
            await _act(interaction, Price("", tiles, tuple((given + [0, 0, 0])[:len(tiles)])))
            return
        if len(given) < len(tiles):
            raise BadInput(f"Give a price for each of {', '.join(tiles)}: price3 is for the third with No Axe.")
        extra = given[len(tiles):]
        if any(extra):
            raise BadInput(f"You have {len(tiles)} tile{'s' * (len(tiles) != 1)} to price "
                           f"({', '.join(tiles) or 'none'}); leave the other prices at 0.")
        await _act(interaction, Price(chosen, tiles, tuple(given[:len(tiles)])))

    @app_commands.command(description="Buy another player's tile, or pass")
    @app_commands.describe(tile="The tile to buy, or 'pass'")
    @app_commands.autocomplete(tile=offered_tiles)
    async def buy(self, interaction: discord.Interaction, tile: Name) -> None:
        await _act(interaction, Buy("" if tile.strip().lower() in NOTHING else tile.strip()))

    @app_commands.command(description="Keep or discard your unbought tiles")
    @app_commands.describe(discard="Tiles to discard, taking back their price ('none': keep them all)")
    @app_commands.autocomplete(discard=own_offers)
    async def keep(self, interaction: discord.Interaction, discard: Name | None = None) -> None:
        words = [w for w in re.split(r"[\s,;]+", discard or "") if w and w.lower() not in NOTHING]
        await _act(interaction, Keep(tuple(words)))

    @app_commands.command(description="Place a new tile")
    @app_commands.describe(tile="One of your tiles to place",
                           position="x,y next to your territory (north is +y, east is +x, the castle at 0,0)",
                           rotation="Quarter turns clockwise, 0–3 (default: the first that fits there)")
    @app_commands.autocomplete(tile=tiles_to_place, position=spots)
    @app_commands.autocomplete(rotation=rotations)
    async def place(self, interaction: discord.Interaction, tile: Name, position: Name,
                    rotation: Rotation | None = None) -> None:
        at = _position(position)
        if at is None:
            raise BadInput(f"A position is x,y such as 1,0 or -2,3, not {position[:30]!r}.")
        mine = await _mine(interaction)
        if mine is not None:
            state, seat = mine
            tile = _pick(tile, queries.to_place(state, seat))
            if rotation is None:
                fits = next((turns for x, y, turns in queries.placements(state, seat, tile) if (x, y) == at), ())
                rotation = fits[0] if fits else 0
        await _act(interaction, Place(tile.strip(), at[0], at[1], rotation or 0))

    @app_commands.command(description="Place a road from your hand")
    @app_commands.describe(edge="'x,y side' (side n, e, s or w) or two tiles, e.g. '0,0 e' or 'castle L12'")
    @app_commands.autocomplete(edge=road_edges)
    async def road(self, interaction: discord.Interaction, edge: Name) -> None:
        words = [w for w in re.split(r"[\s;]+", edge.strip()) if w]
        mine = await _mine(interaction)
        if len(words) == 2 and words[1].lower() in SIDE_WORDS:
            here = _position(words[0])
            if here is None and mine is not None:
                here = tile_at(mine[0], mine[1], words[0])
            if here is None:
                raise BadInput(f"Name the tile as x,y, its id or 'castle', not {words[0][:30]!r}.")
            await _act(interaction, Road(here[0], here[1], SIDE_WORDS[words[1].lower()]))
            return
        if len(words) == 2 and mine is not None:
            a, b = (tile_at(mine[0], mine[1], w) for w in words)
            delta = (b[0] - a[0], b[1] - a[1])
            sides = {(0, 1): "n", (1, 0): "e", (0, -1): "s", (-1, 0): "w"}
            if delta not in sides:
                raise BadInput(f"{words[0]} and {words[1]} are not next to each other.")
            await _act(interaction, Road(a[0], a[1], sides[delta]))
            return
        raise BadInput(f"Give the edge as 'x,y side' (side n, e, s or w) or as two tiles, not {edge[:40]!r}.")

    @app_commands.command(description="In secret: journeyman markers in order")
    @app_commands.describe(
        first="First waypoint marker: a tile ('L12', 'castle', '2,1'), ':track' to advance (L12:merchant)",
        second="Second marker, collected after the first", third="Third marker (with the Third Waypoint Marker)",
        fourth="Fourth marker", fifth="Fifth marker",
        extra="Spend your Extra Movement tile on this walk",
    )
    @app_commands.autocomplete(first=_marker_choices(0), second=_marker_choices(1), third=_marker_choices(2),
                               fourth=_marker_choices(3), fifth=_marker_choices(4))
    async def plan(self, interaction: discord.Interaction, first: Name | None = None, second: Name | None = None,
                   third: Name | None = None, fourth: Name | None = None, fifth: Name | None = None,
                   extra: bool = False) -> None:
        markers = tuple(m.strip() for m in (first, second, third, fourth, fifth) if m and m.strip())
        assert len(markers) <= MAX_MARKERS
        await _act(interaction, Plan(markers, extra))

    @app_commands.command(description="In secret: spend Extra Movement")
    @app_commands.describe(bonus="The bonus tile", on="Spend it (default) or stop spending it")
    @app_commands.choices(bonus=[app_commands.Choice(name="Extra Movement", value="extra_movement")])
    async def use(self, interaction: discord.Interaction, bonus: str, on: bool = True) -> None:
        await _act(interaction, Use(bonus, on))

    @app_commands.command(description="Take or refuse an advance offered")
    @app_commands.describe(track="The track to advance on, or 'none'")
    @app_commands.autocomplete(track=decision_tracks)
    async def advance(self, interaction: discord.Interaction, track: Name) -> None:
        await _act(interaction, Choose(track.strip().lower()))

    @app_commands.command(description="Bookkeeping (host: anyone's)")
    @app_commands.describe(what="What to set", value="The new number (gold, VP, roads in hand, markers, a space 0–12)",
                           player="Whose (host only for others; default you)",
                           position="For the journeyman: x,y of a tile of that territory")
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in WHATS])
    @app_commands.autocomplete(position=territory_tiles)
    async def adjust(self, interaction: discord.Interaction, what: str,
                     value: app_commands.Range[int, 0, 999] | None = None, player: discord.User | None = None,
                     position: Name | None = None) -> None:
        seen = await _seen(interaction)
        state = seen.state if seen is not None else None
        seat = None
        if player is not None and state is not None:
            seat = next((i for i, s in enumerate(state.seats) if s.player_id == player.id), None)
            if seat is None:
                raise BadInput(f"{player.display_name} is not playing in this game.")
        if what == "journeyman":
            at = _position(position or "")
            if at is None:
                raise BadInput("Moving the journeyman needs position: x,y of a tile of that territory.")
            await _act(interaction, Adjust(what, 0, seat, at[0], at[1]))
            return
        if value is None:
            raise BadInput(f"Give the new {what} as value.")
        await _act(interaction, Adjust(what, value, seat))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Skye(bot))

