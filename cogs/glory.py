"""/glory: Glory of Civilizations (maneuver, pass, end, adjust; armies, look, cards to inspect).

The cog reads options, builds the game's actions and formats the rules' own queries
(`rules.glory.queries`, on the asking seat's view) as autocomplete; it decides nothing about the
rules. Exploring's rotation is a decision the host asks with a menu (or `/game choose`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, TypedDict, TypeVar, Unpack

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import run
from front.replies import NOBODY, channel_of, choices, escape, fit, table_of, user_of
from rules import hexes
from rules.base import Action
from rules.errors import BadInput, IllegalMove, NoGame, NotAllowed, PlayerError
from rules.glory import GAME, queries
from rules.glory.actions import Adjust, EndTurn, Maneuver, Pass
from rules.glory.adjust import ADJUSTERS
from rules.glory.board import Board
from rules.glory.state import Army, GloryState, Units, colour, terrain_at, unexplored_provinces
from waypost.outcome import Seen

HexName = app_commands.Range[str, 1, 12]
Text = app_commands.Range[str, 1, 100]
Stops = app_commands.Range[str, 1, 300]
Count = app_commands.Range[int, 0, 99]
CHOICES = 25
T = TypeVar("T")

ADJUSTING = {  # what: (the options it needs, what it sets)
    "units": (("hex", "unit", "value"), "a unit count on a hex (0 removes them)"),
    "packed": (("hex", "unit", "value"), "how many trebuchets on a hex are packed"),
    "depletion": (("hex", "value"), "an army's depletion cubes (0-2)"),
    "cubes": (("value",), "action cubes left this round"),
    "cubes_per_round": (("value",), "action cubes each round"),
    "voting": (("value",), "voting cubes in the bank"),
    "votes": (("name", "value"), "voting cubes on an event card"),
    "relic": (("name",), "a relic: to its holder, or onto a hex"),
    "structure": (("hex", "name"), "host: a city, castle or capital (none removes)"),
}
assert set(ADJUSTING) == set(ADJUSTERS), "the cog offers every adjustment the rules know"
STRUCTURES = ("city", "castle", "capital", "none")
_HEX = re.compile(r"\(\s*[+-]?\d{1,4}\s*,\s*[+-]?\d{1,4}\s*\)|[+-]?\d{1,4}\s*,\s*[+-]?\d{1,4}|[A-Za-z]{1,2}\s*\d{1,3}")


# --- reading the channel's game ------------------------------------------------------------------

async def _seen(interaction: discord.Interaction) -> Seen[Any] | None:
    """The channel's game as this player sees it, if it is Glory in play."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    return seen if seen is not None and seen.game_key == GAME.key else None


async def _playing(interaction: discord.Interaction) -> Seen[Any]:
    """The channel's Glory game in play (as this player sees it), or a refusal saying why not."""
    seen = await _seen(interaction)
    if seen is not None:
        return seen
    status = await table_of(interaction).status(channel_of(interaction))  # NoGame when there is none
    if status.game_key != GAME.key:
        raise NoGame(f"The game in this channel is {status.game_title}, not {GAME.title}.")
    raise IllegalMove("The game has not started yet. The host starts it with /game start.")


async def _act(interaction: discord.Interaction, action: Action) -> None:
    await run(interaction, table_of(interaction).act(channel_of(interaction), user_of(interaction), GAME.key, action))


async def _tell(interaction: discord.Interaction, lines: list[str]) -> None:
    """A private answer (looking changes nothing, so it does not disturb the channel)."""
    await interaction.response.send_message(fit([escape(line) for line in lines]), ephemeral=True,
                                            allowed_mentions=NOBODY)


def _seat_of(state: GloryState, user: discord.abc.User | None, default: int | None) -> int | None:
    if user is None:
        return default
    seat = next((i for i, s in enumerate(state.seats) if s.player_id == user.id), None)
    if seat is None:
        raise BadInput(f"{user.display_name} is not playing in this game.")
    return seat


# --- reading what players type ---------------------------------------------------------------------

def hex_list(board: Board, text: str) -> tuple[str, ...]:
    """Hex names from a path as typed ("D5 E5 F6", "d5, e5 → f6", "(3,-1) (4,-1)")."""
    found, rest = [], text
    for match in _HEX.finditer(text):
        found.append(board.parse(match.group()))
        rest = rest.replace(match.group(), " ", 1)
    if re.search(r"[^\s,;>→\-]", rest) or not found:
        raise BadInput("Give the path as hex names in order, separated by spaces, like 'D5 E5 F6'.")
    return tuple(found)


def path_of(board: Board, army: str, to: str, text: str | None) -> tuple[str, ...]:
    """The path option as the action takes it: the hexes after the start, ending at `to` (added
    when the typed path stops short of it; a leading start hex is dropped)."""
    if not text or text.strip().lower() in ("", "cheapest", "auto"):
        return ()
    path = list(hex_list(board, text))
    if path and path[0] == army and len(path) > 1:
        path = path[1:]
    if path[-1] != to:
        path.append(to)
    return tuple(path)


def units_of(board: Board, text: str | None) -> tuple[tuple[str, int], ...]:
    """ "2 cavalrymen, archer" as (unit, count) pairs; () for all."""
    return tuple(queries.parse_units(board, text or "").items())


def stops_of(board: Board, text: str | None) -> tuple[tuple[str, str, int], ...]:
    if not text or text.strip().lower() in ("", "none", "-"):
        return ()
    return queries.parse_stops(board, text)


def stop_map(triples: Iterable[tuple[str, str, int]]) -> dict[str, Units]:
    found: dict[str, Units] = {}
    for at, unit, n in triples:
        found.setdefault(at, {})[unit] = found.get(at, {}).get(unit, 0) + n
    return found


class _Reach(TypedDict, total=False):
    """What `queries.reachable` takes beside the army (any of it may replace `_Options`' own)."""

    units: Units | None
    pickups: dict[str, Units]
    drops: dict[str, Units]
    march: bool
    pack: str


class _Options:
    """A maneuver's options as filled so far (for autocomplete): each read if it can be, else None."""

    def __init__(self, state: GloryState, namespace: app_commands.Namespace):
        board = state.board
        self.army = self._try(lambda: board.parse(namespace.army)) if isinstance(namespace.army, str) else None
        self.to = self._try(lambda: board.parse(namespace.to)) if isinstance(namespace.to, str) else None
        units = self._try(lambda: queries.parse_units(board, namespace.units or ""))
        self.units: Units | None = units or None
        self.march = namespace.march is True
        self.pack = namespace.pack if namespace.pack in ("pack", "unpack") else ""
        self.drops = stop_map(self._try(lambda: stops_of(board, namespace.drops)) or ())
        self.pickups = stop_map(self._try(lambda: stops_of(board, namespace.pickups)) or ())
        self.path_text = namespace.path if isinstance(namespace.path, str) else None

    @staticmethod
    def _try(read: Callable[[], T]) -> T | None:
        try:
            return read()
        except PlayerError:
            return None

    def reach(self, state: GloryState, seat: int, **changed: Unpack[_Reach]) -> dict[str, queries.Route]:
        """Where the army can end with these options (some replaced by `changed`)."""
        options: _Reach = {"units": self.units, "pickups": self.pickups, "drops": self.drops, "march": self.march,
                           "pack": self.pack, **changed}
        if self.army is None:
            return {}
        return queries.reachable(state, seat, self.army, **options)


def _you(seen: Seen[Any] | None) -> tuple[GloryState, int] | None:
    if seen is None or seen.seat is None:
        return None
    return seen.state, seen.seat


# --- autocomplete ----------------------------------------------------------------------------------

async def your_armies(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    return choices([(f"{at}: {queries.army_text(state.board, army)}", at) for at, army in queries.armies(state, seat)],
                   current)


async def all_your_armies(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    return choices([(f"{at}: {queries.army_text(state.board, army)}", at)
                    for at, army in queries.armies(state, seat, undepleted=False)], current)


def _route_text(route: queries.Route, start: str) -> str:
    if not route.route:
        return f"stay at {start} (0 hexes)"
    steps = " ".join(route.route)
    return f"{route.cost} MP{', EXPLORES' if route.explore else ''}: {steps}"


async def destinations(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    options = _Options(state, interaction.namespace)
    ends = options.reach(state, seat)
    index = state.board.index
    typed = current.strip().upper()
    ordered = sorted(ends.items(), key=lambda item: (item[0] != typed, item[1].cost, index[item[0]]))
    return choices([(f"{at} — {_route_text(route, options.army or '')}", at) for at, route in ordered], current)


def _groups(board: Board, army: Army) -> list[Units]:
    """Groups worth offering: the whole army, each type (all of it, or one), all but one type."""
    groups: list[Units] = [{}]
    for name, n in army.units.items():
        groups.append({name: n})
        if n > 1:
            groups.append({name: 1})
    if len(army.units) > 2:
        groups += [{k: v for k, v in army.units.items() if k != name} for name in army.units]
    return groups


async def unit_groups(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    options = _Options(state, interaction.namespace)
    army = state.players[seat].armies.get(options.army or "")
    if army is None:
        return []
    board = state.board
    offered: list[tuple[str, str]] = []
    typed = options._try(lambda: queries.parse_units(board, current))
    candidates = ([typed] if typed else []) + _groups(board, army)
    seen_values = set()
    for group in candidates:
        value = queries.units_text(board, group) if group else "all"
        if value in seen_values:
            continue
        seen_values.add(value)
        if options.to is not None and options.to not in options.reach(state, seat, units=group or None):
            continue
        name = f"all: {queries.army_text(board, army)}" if not group else value
        offered.append((name, value))
        if len(offered) >= CHOICES:
            break
    return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in offered]


async def paths(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    options = _Options(state, interaction.namespace)
    ends = options.reach(state, seat)
    if options.to is not None:
        ends = {options.to: ends[options.to]} if options.to in ends else {}
    index = state.board.index
    ordered = sorted(((at, r) for at, r in ends.items() if r.route), key=lambda item: (item[1].cost, index[item[0]]))
    return choices([(f"{' '.join(r.route)} ({r.cost} MP{', explores' if r.explore else ''})", " ".join(r.route))
                    for _, r in ordered], current)


def _chained(current: str) -> str:
    """What the player typed before their last stop ("E5: 1 archer; "), to offer one more after it."""
    head, semicolon, _ = current.rpartition(";")
    return f"{head.strip()}; " if semicolon and head.strip() else ""


def _route_for(state: GloryState, seat: int, options: _Options) -> tuple[str, ...]:
    if options.army is None or options.to is None:
        return ()
    if options.path_text:
        try:
            return path_of(state.board, options.army, options.to, options.path_text)
        except PlayerError:
            return ()
    route = options.reach(state, seat).get(options.to)
    return route.route if route else ()


async def drop_stops(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    options = _Options(state, interaction.namespace)
    army = state.players[seat].armies.get(options.army or "")
    route = _route_for(state, seat, options)
    if army is None or len(route) < 2:
        return []
    board = state.board
    group = dict(options.units or army.units)
    for units in options.pickups.values():
        for name, n in units.items():
            group[name] = group.get(name, 0) + n
    head = _chained(current)
    already = stop_map(options._try(lambda: stops_of(board, head.rstrip("; "))) or ()) if head else {}
    offered: list[tuple[str, str]] = []
    for at in dict.fromkeys(route[:-1]):
        if terrain_at(state, at) is None:
            continue
        for name, n in group.items():
            for count in dict.fromkeys((1, n)):
                text = f"{at}: {board.unit_types[name].count(count)}"
                drops = stop_map([*((h, u, k) for h, us in already.items() for u, k in us.items()), (at, name, count)])
                if options.to not in options.reach(state, seat, drops=drops):
                    continue
                if len(head + text) <= 100:
                    offered.append((head + text, head + text))
    return choices(offered, current)


async def pickup_stops(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _you(await _seen(interaction))
    if found is None:
        return []
    state, seat = found
    options = _Options(state, interaction.namespace)
    if options.army is None:
        return []
    board = state.board
    head = _chained(current)
    already = stop_map(options._try(lambda: stops_of(board, head.rstrip("; "))) or ()) if head else {}
    offered: list[tuple[str, str]] = []
    for at, source in queries.pickup_sources(state, seat, options.army):
        if at in already:
            continue
        for group in _groups(board, source):
            units = group or dict(source.units)
            text = f"{at}: {queries.units_text(board, units)}"
            ends = options.reach(state, seat, pickups={**already, at: units})
            if not ends or (options.to is not None and options.to not in ends):
                continue
            if len(head + text) <= 100:
                offered.append((head + text, head + text))
    offered = list(dict.fromkeys(offered))
    return choices(offered, current)


def _hex_choices(values: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """Hexes offered as (name, hex): once a hex name is typed, that hex first, then those starting like it."""
    typed = current.strip().upper()
    if typed:
        values = sorted(values, key=lambda v: (v[1] != typed, not v[1].startswith(typed)))
    return choices(values, current)


async def any_hex(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Hexes to look at: those holding something first (armies, structures, relics), then the rest."""
    seen = await _seen(interaction)
    if seen is None:
        return []
    state: GloryState = seen.state
    board = state.board
    notes: dict[str, list[str]] = {}
    for seat, player in enumerate(state.players):
        for at, army in player.armies.items():
            notes.setdefault(at, []).append(f"{colour(state, seat)}: {queries.army_text(board, army)}")
    for at, structure in state.structures.items():
        kind = "capital" if structure.capital else structure.kind
        notes.setdefault(at, []).append(f"{colour(state, structure.owner)}'s {kind}")
    for at, relic in state.relics.items():
        notes.setdefault(at, []).append(f"relic {relic}")
    busy = sorted(notes, key=lambda h: board.index[h])
    rest = [h for h in board.names if h not in notes]
    values = [(f"{h} — {'; '.join(notes[h])}", h) for h in busy]
    values += [(f"{h} — {terrain_at(state, h) or 'face down'}", h) for h in rest]
    return _hex_choices(values, current)


async def adjust_hexes(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None or seen.seat is None:
        return []
    state: GloryState = seen.state
    board = state.board
    what = interaction.namespace.what
    try:
        seat = _seat_of(state, interaction.namespace.player, seen.seat)
    except PlayerError:
        return []
    assert seat is not None
    armies = state.players[seat].armies
    values: list[tuple[str, str]] = []
    if what in ("units", "packed", "depletion"):
        for at, army in queries.armies(state, seat, undepleted=False):
            if what == "packed" and not any(board.unit_types[u].packing for u in army.units):
                continue
            values.append((f"{at}: {queries.army_text(board, army)}", at))
    if what in ("units", "structure", "relic"):
        taken = {h for s, p in enumerate(state.players) if s != seat for h in p.armies}
        for at in board.names:
            kind = terrain_at(state, at)
            if kind is None or at in armies or (what == "units" and at in taken):
                continue
            if what == "structure" and kind in ("sea", "ocean"):
                continue
            if what == "relic" and at in state.relics:
                continue
            held = state.structures.get(at)
            note = f"{colour(state, held.owner)}'s {'capital' if held.capital else held.kind}" if held else kind
            values.append((f"{at}: {note}", at))
    return _hex_choices(values, current)


async def adjust_units(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    state: GloryState = seen.state
    board = state.board
    packing = interaction.namespace.what == "packed"
    return choices([(f"{u.name} ({u.plural})", u.name) for u in board.units if u.packing or not packing], current)


async def adjust_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    seen = await _seen(interaction)
    if seen is None:
        return []
    state: GloryState = seen.state
    what = interaction.namespace.what
    if what == "structure":
        return choices([(s, s) for s in STRUCTURES], current)
    if what == "votes":
        values = []
        for r, row in enumerate(queries.event_cards(state)):
            for card, title, _, votes in row:
                shown = ", ".join(f"{colour(state, s)} {n}" for s, n in sorted(votes.items()) if n) or "no votes"
                values.append((f"{title} ({card}, row {r + 1}): {shown}", card))
        return choices(values, current)
    if what == "relic":  # only relics out of the bag: on the map or held
        values = [(f"{name} — on {at}", name) for at, name in state.relics.items()]
        values += [(f"{name} — held by {colour(state, s)}", name) for s, p in enumerate(state.players)
                   for name in p.relics]
        return choices(values, current)
    return []


# --- commands ----------------------------------------------------------------------------------------

class Glory(commands.GroupCog, group_name="glory", group_description="Glory of Civilizations: maneuver and explore"):
    """Maneuvers, exploring, turns and the table's own bookkeeping for Glory of Civilizations."""

    game_key = GAME.key

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(description="Move an undepleted army (split, drop, pick up, merge, march); "
                                      "into a face-down province it explores")
    @app_commands.describe(
        army="The hex of your undepleted army that maneuvers",
        to="Where it ends (its own hex: a 0-hex maneuver); a face-down province's hex: explore it",
        units="Which units move, like '2 cavalrymen, archer' (default: all of them)",
        path="The hexes on the way, like 'D5 E5 F6' (default: the cheapest route)",
        drops="Units left along the path, like 'E5: 1 archer; F6: 2 spearmen'",
        pickups="Your undepleted units taken along, like 'E5: 2 archers'",
        march="March: +1 movement point, two depletion cubes (strength -1 this round)",
        pack="Trebuchets: pack them at the start, or unpack at the end (1 movement point)",
    )
    @app_commands.choices(pack=[app_commands.Choice(name="pack (at the start)", value="pack"),
                                app_commands.Choice(name="unpack (at the end)", value="unpack")])
    @app_commands.autocomplete(army=your_armies, to=destinations, units=unit_groups, path=paths, drops=drop_stops,
                               pickups=pickup_stops)
    async def maneuver(self, interaction: discord.Interaction, army: HexName, to: HexName, units: Text | None = None,
                       path: Stops | None = None, drops: Stops | None = None, pickups: Stops | None = None,
                       march: bool = False, pack: str | None = None) -> None:
        seen = await _seen(interaction)
        if seen is None:
            await _act(interaction, Maneuver(army.strip(), to.strip()))  # the table says why not
            return
        board: Board = seen.state.board
        start, end = board.parse(army), board.parse(to)
        await _act(interaction, Maneuver(start, end, units_of(board, units), path_of(board, start, end, path),
                                         stops_of(board, drops), stops_of(board, pickups), march, pack or ""))

    @app_commands.command(name="pass", description="Pass: no action this turn and no more turns this round")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await _act(interaction, Pass())

    @app_commands.command(description="End your turn (free); you play again later this round")
    async def end(self, interaction: discord.Interaction) -> None:
        await _act(interaction, EndTurn())

    @app_commands.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set", value="The new number", player="Whose (the host, for another player; default you)",
        hex="The hex (units, packed, depletion, structure; relic: put it there)", unit="The unit type",
        name="Event card (votes: title, id or 'row 1, card 3'), relic, or city/castle/capital/none (structure)",
    )
    @app_commands.choices(what=[app_commands.Choice(name=f"{w}: {text}"[:100], value=w)
                                for w, (_, text) in ADJUSTING.items()])
    @app_commands.autocomplete(hex=adjust_hexes, unit=adjust_units, name=adjust_names)
    async def adjust(self, interaction: discord.Interaction, what: str, value: Count | None = None,
                     player: discord.User | None = None, hex: HexName | None = None, unit: Text | None = None,
                     name: Text | None = None) -> None:
        given = {"value": value, "hex": hex, "unit": unit, "name": name}
        for option in ADJUSTING[what][0]:
            if given[option] is None:
                raise BadInput(f"Adjusting {what} needs the {option} option ({ADJUSTING[what][1]}).")
        seen = await _seen(interaction)
        seat = _seat_of(seen.state, player, None) if seen is not None else None
        text = (name or "").strip()
        if seen is not None:
            text = self._named(seen.state, what, text)
        await _act(interaction, Adjust(what, value or 0, seat, (hex or "").strip(), (unit or "").strip(), text))

    @staticmethod
    def _named(state: GloryState, what: str, text: str) -> str:
        """A card, relic or structure as the rules name it, from what the player typed (any case;
        a card by id, title or place: "row 1, card 3"; a relic by its name or the start of it)."""
        folded = text.casefold()
        if what == "structure":
            return "" if folded in ("none", "remove", "-", "") else folded
        if what == "votes":
            at = re.fullmatch(r"row\s*(\d+)\W*(?:card)?\s*(\d+)", folded)
            rows = state.event_rows
            if at and 1 <= int(at[1]) <= len(rows) and 1 <= int(at[2]) <= len(rows[int(at[1]) - 1]):
                return rows[int(at[1]) - 1][int(at[2]) - 1].card
            for card in state.board.events:
                if folded in (card.name.casefold(), card.title.casefold()):
                    return card.name
        if what == "relic":
            names = [r.name for r in state.board.relics]
            exact = [n for n in names if n.casefold() == folded]
            starting = [n for n in names if n.casefold().startswith(folded)]
            if exact or len(starting) == 1:
                return (exact or starting)[0]
        return text

    @app_commands.command(description="Every player's armies, cubes and relics (or one player's)")
    @app_commands.describe(player="Only this player")
    async def armies(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        seen = await _playing(interaction)
        state: GloryState = seen.state
        board = state.board
        only = _seat_of(state, player, None)
        lines = [f"{GAME.phase(state)}."]
        for seat, p in enumerate(state.players):
            if only is not None and seat != only:
                continue
            status = " (passed)" if seat in state.passed else ""
            lines.append(f"{colour(state, seat)} ({state.seats[seat].name}){status}: {p.action_cubes} of "
                         f"{p.action_cubes_per_round} action cubes, {p.voting_cubes} voting cubes in the bank, relics: "
                         f"{', '.join(p.relics) or 'none'}")
            for at, army in queries.armies(state, seat, undepleted=False):
                lines.append(f"  {at} ({terrain_at(state, at)}): {queries.army_text(board, army)}")
            if not p.armies:
                lines.append("  no armies")
        await _tell(interaction, lines)

    @app_commands.command(description="What is on a hex, and what an army there can attack")
    @app_commands.describe(hex="A hex, like D7")
    @app_commands.autocomplete(hex=any_hex)
    async def look(self, interaction: discord.Interaction, hex: HexName) -> None:
        seen = await _playing(interaction)
        state: GloryState = seen.state
        board = state.board
        at = board.parse(hex)
        kind = terrain_at(state, at)
        p = board.province_of[board.index[at]]
        centre = board.province_names[p] if p >= 0 else ""
        if not centre:
            where = "the ocean field"
        elif centre in unexplored_provinces(state):
            where = f"the face-down province {centre}"
        elif centre in state.explored:
            placed = state.explored[centre]
            where = f"the province {centre} ({board.tile_named[placed.tile].title}, rotation {placed.rotation + 1})"
        else:
            where = f"the starting province {centre}"
        lines = [f"{at}: {kind or 'face down (exploring it reveals the province)'}, in {where}."]
        if centre and state.exploring is not None and state.exploring.province == centre:
            lines.append("Its tile is revealed and waits for its rotation.")
        structure = state.structures.get(at)
        if structure is not None:
            what = "capital (a city)" if structure.capital else structure.kind
            lines.append(f"{colour(state, structure.owner)}'s {what}.")
        if at in state.relics:
            relic = board.relic_named[state.relics[at]]
            lines.append(f"Relic: {relic.name}{f' — {relic.text}' if relic.text else ''}")
        for seat, player in enumerate(state.players):
            army = player.armies.get(at)
            if army is None:
                continue
            lines.append(f"{colour(state, seat)}'s army: {queries.army_text(board, army)}.")
            targets = queries.targets(state, seat, at)
            lines += [f"  can attack {t}" for t in targets] or ["  nothing within its attack range"]
        near = [f"{h} ({terrain_at(state, h) or 'face down'})" for h in _around(board, at)]
        lines.append(f"Next to it: {', '.join(near)}.")
        await _tell(interaction, lines)

    @app_commands.command(description="What your armies can attack now, or one army after moving to a hex")
    @app_commands.describe(army="One of your armies (default: all of them)",
                           to="Where that army would end a maneuver (default: where it is)")
    @app_commands.autocomplete(army=all_your_armies, to=destinations)
    async def targets(self, interaction: discord.Interaction, army: HexName | None = None,
                      to: HexName | None = None) -> None:
        seen = await _playing(interaction)
        state: GloryState = seen.state
        if seen.seat is None:
            raise NotAllowed("You are not playing in this game.")
        board = state.board
        if to is not None and army is None:
            raise BadInput("Name the army that would move (army option).")
        mine = state.players[seen.seat].armies
        if army is not None and board.parse(army) not in mine:
            raise BadInput(f"You have no army at {board.parse(army)}.")
        lines = []
        for at in ([board.parse(army)] if army else sorted(mine, key=lambda h: board.index[h])):
            if to is not None and board.parse(to) != at:
                end = board.parse(to)
                found = queries.targets_after(state, seen.seat, at, end)
                head = f"The army at {at}, after moving to {end}:"
            else:
                found = queries.targets(state, seen.seat, at)
                head = f"The army at {at} ({queries.army_text(board, mine[at])}):"
            lines += [head, *(f"  {t}" for t in found)] if found else [f"{head} nothing within its attack range"]
        await _tell(interaction, lines or ["You have no armies."])

    @app_commands.command(description="The event rows (with their texts), the relics, the piles left")
    async def cards(self, interaction: discord.Interaction) -> None:
        seen = await _playing(interaction)
        state: GloryState = seen.state
        board = state.board
        lines = ["Events (the table carries out each card's line):"]
        for r, row in enumerate(queries.event_cards(state)):
            for c, (card, title, text, votes) in enumerate(row):
                shown = ", ".join(f"{colour(state, s)} {n}" for s, n in sorted(votes.items()) if n) or "no votes"
                lines.append(f"  row {r + 1}, card {c + 1}: {title} ({card}) — {text} [{shown}]")
        if not state.event_rows:
            lines.append("  none flipped yet")
        lines.append("Relics:")
        for at, name in sorted(state.relics.items(), key=lambda item: board.index[item[0]]):
            lines.append(f"  on {at}: {name} — {board.relic_named[name].text}")
        for seat, p in enumerate(state.players):
            lines += [f"  held by {colour(state, seat)}: {name} — {board.relic_named[name].text}" for name in p.relics]
        lines.append(f"  {max(queries.relic_count(state), 0)} still to be placed this game.")
        lines.append(f"Piles: {len(state.province_deck)} province tiles, {len(state.event_deck)} event cards "
                     f"(their order is hidden), {len(unexplored_provinces(state))} face-down provinces.")
        await _tell(interaction, lines)


def _around(board: Board, at: str) -> list[str]:
    h = board.axial(at)
    return [board.hex_name(n) for n in hexes.neighbours(h) if n in board.axial_index]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Glory(bot))

