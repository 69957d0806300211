"""What a Glory seat may do now, step by step (`rules.options`): the values of each parameter worth
offering given those chosen before it, found with the handlers' own functions (the movement search,
the stops reader, the adjustments' checks), and the action built from what was chosen or typed
(`rules.glory.notation`). The contract keeps the values some completion makes an action the rules
accept. Everything here runs on the asking seat's view, where the hidden piles are "?".

While a player types a free parameter (drops, pick-ups), `chosen` holds what they typed so far under
its own name: the stops offered then follow the ones already typed ("E5: 1 archer; F6: …").
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from functools import lru_cache, partial

from rules.base import Action, Actor
from rules.errors import BadInput, PlayerError
from rules.frozen import FrozenDict
from rules.glory import explore, notation, queries, words
from rules.glory.actions import ADJUSTING, PACKING, Adjust, Maneuver
from rules.glory.adjust import MAX_VOTING, adjusted, check_standing
from rules.glory.maneuver import read_stops
from rules.glory.moves import Route, reach
from rules.glory.report import votes_text
from rules.glory.state import (
    MAX_CUBES,
    MAX_UNITS,
    Army,
    GloryState,
    Units,
    add_units,
    army_text,
    colour,
    structure_text,
    terrain,
    terrain_at,
    units_text,
)
from rules.guards import hosting, seated
from rules.messages import Msg, joined
from rules.options import SHOWN, Choice, Kept, Lister, Param, Value, Values, listed, number, text, what_of
from rules.text import plural

MARCH = Msg("march: +1 movement point, two depletion cubes (strength −1 this round)")
SPLITS = 24  # the parts of an army a menu lists besides the whole (a page holds 25)


def candidates(state: GloryState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
    """The values of `param` of `kind` worth offering given `chosen`; [] when what was chosen
    before cannot be read, or the seat may not do this at all now."""
    return listed(LISTERS, state, actor, kind, param, typed(kind, chosen))


MARCHING = "+march"  # a menu's end reached only by marching: "F6+march"
ENDS_FIRST = ("army", "to")  # a maneuver chosen in menus: the army and where it ends, then the rest
MOVE = Param("move", Msg("Which army, to where?"))  # the menus' army and end as one choice (typed: army, to)


def params_now(state: GloryState, actor: Actor, kind: str, params: tuple[Param, ...],
               chosen: Values) -> tuple[Param, ...]:
    """A maneuver's army and where it ends (as one choice when every army's ends fit on a menu), then
    what it takes along (units, march, trebuchets, pick-ups on its way, path, drops), as players think
    of it; march not asked of an end chosen as reached by marching. An adjustment's parameters once
    `what` is chosen: those it needs become required, those it may take stay optional, the others are
    left out (whose pieces stays optional)."""
    if kind == "maneuver":
        marching = str(_split(chosen).get("to") or "").endswith(MARCHING)
        rest = tuple(p for p in params if p.name not in ENDS_FIRST and not (marching and p.name == "march"))
        if _moving_joined(state, actor, chosen):
            return _joined(rest)
        return (*(p for n in ENDS_FIRST for p in params if p.name == n), *rest)
    what = _what(chosen) if kind == "adjust" else ""
    return _adjusting(what, params) if what in ADJUSTING else params


def typed(kind: str, values: Values) -> dict[str, Value | None]:
    """A maneuver's army and end chosen as one ("E5>F6") as its army and end, and an end chosen as
    reached by marching ("F6+march") as its end and march typed."""
    if kind != "maneuver":
        return dict(values)
    values = _split(values)
    to = str(values.get("to") or "")
    if not to.endswith(MARCHING):
        return dict(values)
    return {**values, "to": to.removesuffix(MARCHING), "march": True}


def _split(values: Values) -> dict[str, Value | None]:
    """A maneuver's joint choice of army and end ("E5>F6+march") as the army and the end chosen."""
    if values.get("move") is None:
        return dict(values)
    army, sign, to = str(values["move"]).partition(">")
    if not sign:
        raise BadInput("That is not one of the armies and ends offered.")
    return {**{k: v for k, v in values.items() if k != "move"}, "army": army, "to": to}


def _moving_joined(state: GloryState, actor: Actor, chosen: Values) -> bool:
    """Whether a maneuver is chosen by its joint choice of army and end: chosen so already, or nothing
    of it chosen or typed yet and every army's ends fit on one menu (else the army, then its end)."""
    if "move" in chosen:
        return True
    if any(p in chosen for p in ENDS_FIRST) or actor.seat is None:
        return False
    return bool(_FITS.get(state, actor.seat, lambda: _fits(state, actor)))


def _fits(state: GloryState, actor: Actor) -> bool:
    """Whether every army's ends are at most what a card's menus show at once (counted until they are more)."""
    total = 0
    for army in _maneuver_army(state, actor, {}):
        total += len(_maneuver_to(state, actor, {"army": army.value}))
        if total > SHOWN:
            return False
    return True


_FITS = Kept()  # whether every army's ends fit on one menu, on the last state asked about


@lru_cache(maxsize=8)
def _joined(rest: tuple[Param, ...]) -> tuple[Param, ...]:
    return (MOVE, *rest)


@lru_cache(maxsize=32)
def _adjusting(what: str, params: tuple[Param, ...]) -> tuple[Param, ...]:
    adjusting = ADJUSTING[what]
    kept = ("what", "player", *adjusting.needs, *adjusting.may)
    return tuple(replace(p, required=p.name in ("what", *adjusting.needs)) for p in params if p.name in kept)


def build(state: GloryState, actor: Actor, kind: str, values: Values) -> Action:
    """The action from what was chosen or typed."""
    if kind == "maneuver":
        return _maneuver(state, values)
    if kind == "adjust":
        return _adjust(state, values)
    raise BadInput(Msg("Glory of Civilizations has no action {kind}.", kind=repr(kind[:40])))


# --- reading values --------------------------------------------------------------------------

def _optional(values: Values, name: str) -> str:
    value = values.get(name)
    return "" if value is None else str(value)


def _switch(values: Values, name: str) -> bool:
    value = values.get(name)
    return value is True or str(value).strip().casefold() in ("true", "yes", "on", "1")


def _maneuver(state: GloryState, values: Values) -> Maneuver:
    board, values = state.board, typed("maneuver", values)
    army, to = notation.hex_(board, text(values, "army")), notation.hex_(board, text(values, "to"))
    return Maneuver(army, to, notation.units(board, _optional(values, "units")),
                    notation.path(board, army, to, _optional(values, "path")),
                    notation.stops(board, _optional(values, "drops")),
                    notation.stops(board, _optional(values, "pickups")), _switch(values, "march"),
                    _optional(values, "pack").strip().casefold())


def _adjust(state: GloryState, values: Values) -> Adjust:
    board = state.board
    what = what_of(values, ADJUSTING)
    adjusting = ADJUSTING[what]
    for option in adjusting.needs:
        if values.get(option) is None or str(values[option]).strip() == "":
            raise BadInput(Msg("Adjusting {what} needs the {option} option ({sets}).", what=what, option=option,
                               sets=adjusting.sets))
    seat = values.get("player")
    at = notation.hex_(board, str(values["hex"])) if values.get("hex") else ""
    unit = board.unit_names.find(str(values["unit"])) if values.get("unit") else ""
    name = _optional(values, "name")
    if what == "votes":
        name = notation.card(state, name)
    elif what == "relic":
        name = notation.relic(board, name)
    elif what == "structure":
        name = notation.structure(name)
    return Adjust(what, number(values, "value", 0), seat if isinstance(seat, int) and not isinstance(seat, bool)
                  else None, at, unit, name)


# --- a maneuver's values so far -----------------------------------------------------------------

def _army(state: GloryState, actor: Actor, chosen: Values) -> tuple[str, Army]:
    at = notation.hex_(state.board, text(chosen, "army"))
    army = state.players[seated(actor)].armies.get(at)
    if army is None:
        raise BadInput(Msg("You have no army at {hex}.", hex=at))
    return at, army


def _ends(state: GloryState, actor: Actor, chosen: Values, **replaced: str) -> dict[str, Route]:
    """Where the army can end with the values chosen (some `replaced`), by the movement search the
    maneuver itself checks with."""
    board = state.board
    given = {**chosen, **replaced}
    at, _ = _army(state, actor, chosen)
    stops = read_stops(state, notation.stops(board, _optional(given, "drops")),
                       notation.stops(board, _optional(given, "pickups")))
    return reach(state, seated(actor), at, notation.group(board, _optional(given, "units")), stops,
                 _switch(given, "march"), _optional(given, "pack").strip().casefold())


def _moving(state: GloryState, actor: Actor, chosen: Values) -> Units:
    """The units moving along the way: the group and everything picked up."""
    at, army = _army(state, actor, chosen)
    group = notation.group(state.board, _optional(chosen, "units")) or dict(army.units)
    for _, unit, n in notation.stops(state.board, _optional(chosen, "pickups")):
        group = add_units(group, {unit: n})
    return group


def _typed(state: GloryState, chosen: Values, param: str) -> tuple[str, tuple[tuple[str, str, int], ...]]:
    """What a player typed of drops or pick-ups before their last stop ("E5: 1 archer; "), read,
    to offer one more stop after it; ("", ()) when nothing (readable) was."""
    head, semicolon, _ = _optional(chosen, param).rpartition(";")
    if not semicolon or not head.strip():
        return "", ()
    try:
        return f"{head.strip()}; ", notation.stops(state.board, head)
    except PlayerError:
        return "", ()


def _groups(army: Army) -> list[Units]:
    """Groups worth offering: the whole army ({}) first; then every part of it when they fit one
    menu (`SPLITS`: 2 peasants and a swordsman split 5 ways), else each type (all of it, or one)
    and all but one type."""
    names = list(army.units)
    if math.prod(n + 1 for n in army.units.values()) - 2 <= SPLITS:
        every = ({k: c for k, c in zip(names, counts, strict=True) if c}
                 for counts in itertools.product(*(range(army.units[k], -1, -1) for k in names)))
        return [{}, *(g for g in every if g and g != army.units)]
    groups: list[Units] = [{}]
    for name, n in army.units.items():
        groups.append({name: n})
        if n > 1:
            groups.append({name: 1})
    if len(army.units) > 2:
        groups += [{k: v for k, v in army.units.items() if k != name} for name in army.units]
    return groups


def _route_text(route: Route, start: str) -> str:
    if not route.route:
        return Msg("stay at {hex} (0 hexes)", hex=start)
    said = {"cost": route.cost, "route": " ".join(route.route)}
    return Msg("{cost} MP, EXPLORES: {route}", **said) if route.explore else Msg("{cost} MP: {route}", **said)


# --- a maneuver's values, parameter by parameter --------------------------------------------------

def _maneuver_army(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    seat = seated(actor)
    if queries.can_maneuver(state, seat) is not None:
        return []
    return [Choice(at, _at(at, army_text(state.board, army))) for at, army in queries.armies(state, seat)]


def _at(at: str, what: str) -> str:
    """A hex's choice: "E5: 2 swordsmen" (the hex's name, then what is there)."""
    return Msg("{hex}: {what}", hex=at, what=what)


def _maneuver_units(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """The whole army, a few groups of it, and first the group being typed (once it reads as one)."""
    _, army = _army(state, actor, chosen)
    board, typed = state.board, _optional(chosen, "units").strip()
    try:
        read = [notation.group(board, typed) or {}]
    except PlayerError:
        read = []
    labels = {units_text(board, g) if g else "all": "" for g in (*read, *_groups(army))}
    if read and typed:  # what is typed, in the words it was typed (autocomplete keeps what contains them)
        labels[units_text(board, read[0]) if read[0] else "all"] = typed
    return [Choice(str(g), f"{said} → {g}" if said else Msg("all: {army}", army=army_text(board, army)) if g == "all"
                   else g) for g, said in labels.items()]


def _maneuver_march(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(False, Msg("no march")), Choice(True, MARCH)]


def _maneuver_pack(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    types = state.board.unit_types
    if not any(types[u].packing for u in _moving(state, actor, chosen)):
        return []
    return list(PACKING)


def _maneuver_pickups(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    start, _ = _army(state, actor, chosen)
    board = state.board
    head, before = _typed(state, chosen, "pickups")
    taken = {at for at, _, _ in before}
    found = []
    way = None  # once the end is chosen: only the units on the way there (its cheapest route)
    if chosen.get("to") is not None:
        to = notation.hex_(board, text(chosen, "to"))
        route = _ends(state, actor, {**chosen, "pickups": None}).get(to)
        way = set(route.route) if route is not None else set()
    for at, source in queries.pickup_sources(state, seated(actor), start):
        if at not in taken and (way is None or at in way):
            found += [_stop(head, at, units_text(board, group or source.units)) for group in _groups(source)]
    return [Choice(str(stop), stop) for stop in dict.fromkeys(found)]


def _stop(head: str, at: str, units: str) -> str:
    """One more stop of drops or pick-ups after those typed (`head`, as typed): "E5: 1 archer", its
    units named in the reader's language on a menu, in English as its value."""
    return Msg("{typed}{hex}: {units}", typed=head, hex=at, units=units)


def _maneuver_move(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every army with every end it reaches (`_maneuver_to`'s, those only marching reaches too)."""
    found = []
    for army in _maneuver_army(state, actor, {}):
        for end in _maneuver_to(state, actor, {"army": army.value}):
            found.append(Choice(f"{army.value}>{end.value}", partial(_army_to, army, end)))
    return found


def _maneuver_to(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """Where the army can end; before march is chosen, also the ends only marching reaches (G-M4)."""
    start, _ = _army(state, actor, chosen)
    ends = _ends(state, actor, chosen)
    found = [Choice(at, partial(_end_text, at, route, start)) for at, route in ends.items()]
    if chosen.get("march") is None:
        try:
            farther = _ends(state, actor, chosen, march="true")
        except PlayerError:
            farther = {}
        found += [Choice(f"{at}{MARCHING}", partial(_end_text, at, route, start, marching=True))
                  for at, route in farther.items() if at not in ends]
    return found


def _army_to(army: Choice, end: Choice) -> str:
    return Msg("{army} to {end}", army=army.label, end=end.label)


def _end_text(at: str, route: Route, start: str, marching: bool = False) -> str:
    """Where an army ends, and how: "F4 — 2 MP: E4 F4" (made when a menu shows it)."""
    if marching:
        return Msg("{hex} — marching (two depletion cubes), {route}", hex=at, route=_route_text(route, start))
    return Msg("{hex} — {route}", hex=at, route=_route_text(route, start))


def _maneuver_path(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """The cheapest route to where the army ends (to every end, before that is chosen)."""
    ends = _ends(state, actor, chosen)
    if chosen.get("to") is not None:
        to = notation.hex_(state.board, text(chosen, "to"))
        ends = {to: ends[to]} if to in ends else {}
    return [Choice(" ".join(r.route), Msg("{route} ({cost} MP, explores)", route=" ".join(r.route), cost=r.cost)
                   if r.explore else Msg("{route} ({cost} MP)", route=" ".join(r.route), cost=r.cost))
            for r in ends.values() if r.route]


def _maneuver_drops(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """Each unit type moving, one or all of it, on each hex of the way before its end."""
    board = state.board
    start, _ = _army(state, actor, chosen)
    to = notation.hex_(board, text(chosen, "to"))
    head, before = _typed(state, chosen, "drops")
    if chosen.get("path"):
        route = notation.path(board, start, to, text(chosen, "path"))
    else:
        found = _ends(state, actor, chosen, drops=head).get(to)
        route = found.route if found is not None else ()
    group = _moving(state, actor, chosen)
    offered = []
    for at in dict.fromkeys(route[:-1]):
        if at == start or terrain_at(state, at) is None:
            continue
        for name, n in group.items():
            offered += [_stop(head, at, board.unit_types[name].count(count)) for count in dict.fromkeys((1, n))
                        if not any(h == at and u == name for h, u, _ in before)]
    return [Choice(str(stop), stop) for stop in dict.fromkeys(offered) if len(stop) <= 100]


def _choose_choice(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """The rotations allowed for the tile the seat revealed, each saying whether the army lands."""
    pending = state.exploring
    if pending is None or pending.plan.seat != actor.seat:
        return []
    found = []
    for preview in explore.previews(state):
        lands = Msg("the army lands") if preview["lands"] else Msg("the army stays at {hex}", hex=pending.plan.start)
        if not preview["seas_joined"]:
            lands = Msg("{lands}; its seas do not join the others", lands=lands)
        found.append(Choice(preview["label"], Msg("{rotation}: {lands}", rotation=preview["label"], lands=lands)))
    return found


# --- an adjustment's values -------------------------------------------------------------------------

def _whose(state: GloryState, actor: Actor, chosen: Values) -> int:
    """Whose pieces are adjusted, if the actor may adjust them now (else the refusal)."""
    seat = chosen.get("player")
    return adjusted(state, actor, seat if isinstance(seat, int) and not isinstance(seat, bool) else None)


def _what(chosen: Values) -> str:
    return str(chosen.get("what", "")).strip().casefold()


def _adjust_what(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    _whose(state, actor, chosen)
    return list(Adjust.params[0].fixed)


def _adjust_player(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """Whose pieces: your own; the host may adjust anyone's."""
    return [Choice(seat, colour(state, seat)) for seat in range(len(state.seats)) if seat == actor.seat or actor.host]


def _adjust_hex(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """The seat's armies (for units, packed trebuchets, depletion), then the hexes where one may
    be set up, a relic put or a structure built."""
    what, whose, board = _what(chosen), _whose(state, actor, chosen), state.board
    if what == "structure":
        hosting(actor, "build or remove cities and castles")
    armies = state.players[whose].armies
    found = []
    if what in ("units", "packed", "depletion"):
        found = [Choice(at, _at(at, army_text(board, army))) for at, army in queries.armies(state, whose, False)
                 if what != "packed" or any(board.unit_types[u].packing for u in army.units)]
    if what in ("units", "structure", "relic"):
        taken = set() if what == "relic" else {h for s, p in enumerate(state.players) if s != whose for h in p.armies}
        if what == "units":  # the seat's armies are listed already; others' structures keep units out
            taken |= set(armies) | {h for h, s in state.structures.items() if s.owner != whose}
        for at, kind in zip(board.names, terrain(state), strict=True):
            if kind is None or at in taken or (what == "structure" and kind in ("sea", "ocean")) \
                    or (what == "relic" and at in state.relics):
                continue
            held = state.structures.get(at)
            note = Msg("{name}'s {structure}", name=colour(state, held.owner), structure=structure_text(held)) \
                if held else words.terrain(kind)
            found.append(Choice(at, Msg("{hex}: {note}", hex=at, note=note)))
    return found


def _adjust_unit(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """Unit types (packing ones for packed trebuchets); on a hex chosen, those the army has and
    those that may stand there with it."""
    board = state.board
    packing = _what(chosen) == "packed"
    types = [u for u in board.units if u.packing or not packing]
    if chosen.get("hex") is not None:
        at = notation.hex_(board, text(chosen, "hex"))
        army = state.players[_whose(state, actor, chosen)].armies.get(at, Army(FrozenDict()))
        types = [u for u in types if u.name in army.units or _stands(state, at, {**army.units, u.name: 1})]
    return [Choice(u.name, Msg("{name} ({plural})", name=words.singular(u.name), plural=u.said))
            for u in types]


def _stands(state: GloryState, at: str, units: Units) -> bool:
    try:
        check_standing(state, at, units)
    except PlayerError:
        return False
    return True


def _adjust_name(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    what = _what(chosen)
    if what == "structure":
        hosting(actor, "build or remove cities and castles")
        return [Choice(s, s) for s in (*notation.STRUCTURES, "none")]
    if what == "votes":
        return [Choice(card, Msg("{title} ({card}, row {row}): {votes}", title=title, card=card, row=r + 1,
                                 votes=votes_text(state, votes)))
                for r, row in enumerate(queries.event_cards(state)) for card, title, _, votes in row]
    if what == "relic":  # only relics out of the bag: on the map or held
        found = [Choice(name, Msg("{relic} — on {hex}", relic=name, hex=at)) for at, name in state.relics.items()]
        return found + [Choice(name, Msg("{relic} — held by {name}", relic=name, name=colour(state, s)))
                        for s, p in enumerate(state.players)
                        for name in p.relics]
    return []


def _adjust_value(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """The numbers a setting may take: packed trebuchets at most those there, votes on a card at
    most those on it and in the bank."""
    what, whose = _what(chosen), _whose(state, actor, chosen)
    player = state.players[whose]
    top = {"units": MAX_UNITS, "packed": MAX_UNITS, "depletion": 2, "cubes": MAX_CUBES, "cubes_per_round": MAX_CUBES,
           "voting": MAX_VOTING}.get(what, 0)
    if what == "packed" and chosen.get("hex") and chosen.get("unit"):
        army = player.armies.get(notation.hex_(state.board, text(chosen, "hex")), Army(FrozenDict()))
        top = army.units.get(state.board.unit_names.find(text(chosen, "unit")), 0)
    if what == "votes":
        cards = [notation.card(state, text(chosen, "name"))] if chosen.get("name") else None
        placed = [s.votes.get(whose, 0) for row in state.event_rows for s in row if cards is None or s.card in cards]
        top = min(MAX_VOTING, max(placed, default=0) + player.voting_cubes)
    return list(_numbers(top, "depletion cube" if what == "depletion" else ""))


@lru_cache(maxsize=64)
def _numbers(top: int, unit: str) -> tuple[Choice, ...]:
    """0 to `top`, each labelled as a count of `unit` (or just the number)."""
    return tuple(Choice(v, plural(v, unit) if unit else str(v)) for v in range(top + 1))


# --- the looks' values ------------------------------------------------------------------------------

def _armies_player(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(seat, Msg("{name} ({player})", name=colour(state, seat), player=s.name))
            for seat, s in enumerate(state.seats)]


def _look_hex(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    """Hexes holding something first (armies, structures, relics), then the rest, in map order."""
    board = state.board
    notes: dict[str, list[str]] = {}
    for seat, player in enumerate(state.players):
        for at, army in player.armies.items():
            notes.setdefault(at, []).append(Msg("{name}: {army}", name=colour(state, seat),
                                                army=army_text(board, army)))
    for at, structure in state.structures.items():
        notes.setdefault(at, []).append(Msg("{name}'s {piece}", name=colour(state, structure.owner),
                                            piece=structure_text(structure)))
    for at, relic in state.relics.items():
        notes.setdefault(at, []).append(Msg("relic {relic}", relic=relic))
    busy = [Choice(h, Msg("{hex} — {what}", hex=h, what=joined(notes[h], "; ")))
            for h in sorted(notes, key=lambda h: board.index[h])]
    rest = [(h, kind) for h, kind in zip(board.names, terrain(state), strict=True) if h not in notes]
    return busy + [Choice(h, Msg("{hex} — {what}", hex=h, what=kind or Msg("face down"))) for h, kind in rest]


def _targets_army(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(at, _at(at, army_text(state.board, army)))
            for at, army in queries.armies(state, seated(actor), undepleted=False)]


def _targets_to(state: GloryState, actor: Actor, chosen: Values) -> list[Choice]:
    start, _ = _army(state, actor, chosen)
    return [Choice(at, Msg("{hex} — {route}", hex=at, route=_route_text(route, start)))
            for at, route in queries.reach(state, seated(actor), start).items()]


LISTERS: dict[tuple[str, str], Lister] = {
    ("maneuver", "move"): _maneuver_move,
    ("maneuver", "army"): _maneuver_army,
    ("maneuver", "units"): _maneuver_units,
    ("maneuver", "march"): _maneuver_march,
    ("maneuver", "pack"): _maneuver_pack,
    ("maneuver", "pickups"): _maneuver_pickups,
    ("maneuver", "to"): _maneuver_to,
    ("maneuver", "path"): _maneuver_path,
    ("maneuver", "drops"): _maneuver_drops,
    ("choose", "choice"): _choose_choice,
    ("adjust", "what"): _adjust_what,
    ("adjust", "player"): _adjust_player,
    ("adjust", "hex"): _adjust_hex,
    ("adjust", "unit"): _adjust_unit,
    ("adjust", "name"): _adjust_name,
    ("adjust", "value"): _adjust_value,
    ("armies", "player"): _armies_player,
    ("look", "hex"): _look_hex,
    ("targets", "army"): _targets_army,
    ("targets", "to"): _targets_to,
}
