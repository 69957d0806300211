"""What a Vikings seat may do now, step by step (`rules.options`): the values of each parameter
worth offering given those chosen before it (the contract keeps those the rules accept: legality is
the handlers' and `VikingsGame.permit`'s alone), and the action built from what was chosen or typed
(`rules.vikings.notation`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from rules.base import Action, Actor
from rules.errors import BadInput
from rules.messages import Msg, Plural, joined
from rules.notation import items
from rules.options import Choice, Lister, Param, Value, Values, defaulted, given, listed, number, text, what_of
from rules.text import adjusting
from rules.vikings import notation
from rules.vikings.actions import NEEDS, Adjust, Dedicate, PlaceBoat, ReturnSettlers, Sail
from rules.vikings.adjust import FIELDS
from rules.vikings.queries import dedication_targets, empty_docks, islands, reach, sailable, spaces
from rules.vikings.state import (
    RESOURCE_MAX,
    SETTLERS,
    TEMPLES,
    VikingsState,
    boat_label,
    colour,
    occupant,
    raid_cost,
)

STRENGTHS = (1, 2, 3)
FURY_VALUES = 30  # a god's fury offered by an adjustment: 0 to 30 (the track wraps past 20)
BUILT = ("place", "sail", "return", "dedicate", "adjust")  # the kinds `build` makes (the rest: the contract)


def candidates(state: VikingsState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
    """The values of `param` of `kind` worth offering given `chosen` (the contract keeps those the
    rules accept); [] when what was chosen before cannot be read."""
    return listed(LISTERS, state, actor, kind, param, chosen)


STRONGEST = Msg("To where (as far as an x{n} sail reaches)?", n=max(STRENGTHS))
TRIP = Param("trip", Msg("Which boat, to where?"))  # the menus' boat and end as one choice (typed: boat, route)
# what an adjustment sets, in the menu's words
ADJUSTED = FIELDS | {"boat": Msg("boat"), "rune": Msg("rune"), "village": Msg("village"), "fury": Msg("fury")}
SMALLEST = Msg("With which sail card (the smallest that does by default)?")
BY_SMALLEST = Msg("The smallest that does")  # its button: what leaving the sail card out means


def params_now(kind: str, params: tuple[Param, ...], chosen: Values) -> tuple[Param, ...]:
    """A sail chosen in menus (nothing typed of its boat or route): the boat and where it ends as
    one choice, then the sail card, the smallest that does by default. An adjustment's parameters
    once `what` is chosen: those it needs become required, the others are left out (whose pieces
    stays optional)."""
    what = str(chosen.get("what", "")).strip().casefold()
    if kind == "sail" and "boat" not in chosen and "route" not in chosen:
        return (TRIP, *(replace(p, required=False, ask=SMALLEST, omitting=BY_SMALLEST) if p.name == "strength" else p
                        for p in params if p.name not in ("boat", "route")))
    if kind == "sail" and chosen.get("strength") is None:  # the ends offered are an x3 sail's: said once
        return tuple(replace(p, ask=STRONGEST) if p.name == "route" else p for p in params)
    if kind != "adjust" or what not in NEEDS:
        return params
    return tuple(replace(p, required=p.name in ("what", *NEEDS[what])) for p in params
                 if p.name in ("what", "player", *NEEDS[what]))


def build(state: VikingsState, actor: Actor, kind: str, values: Values) -> Action:
    """The action from what was chosen or typed (the declared defaults filled in)."""
    seat = actor.seat if actor.seat is not None else -1
    if kind == "place":
        return PlaceBoat(notation.space(state, text(values, "dock")))
    if kind == "sail":
        values = typed(kind, values)
        boat, strength = number(values, "boat"), number(values, "strength")
        settlers, raid = number(values, "settlers"), bool(values["raid"])
        steps = notation.route(state, seat, boat, text(values, "route"), strength, docking=bool(settlers) or raid)
        return Sail(boat, steps, strength, settlers, raid)
    if kind == "return":
        return ReturnSettlers(notation.island(state, text(values, "island")), number(values, "count"))
    if kind == "dedicate":
        return Dedicate(notation.target(state, text(values, "target")))
    if kind == "adjust":
        return _adjust(state, values)
    raise BadInput(Msg("Tiny Epic Vikings has no action {kind}.", kind=repr(kind[:40])))


# --- reading values --------------------------------------------------------------------------

def typed(kind: str, values: Values) -> dict[str, Value | None]:
    """A sail's trip chosen in a menu ("1:F1 A1": boat 1 by F1 to A1) as its boat and route, and
    its sail card left out as the smallest that makes its moves and deploys its settlers."""
    if kind != "sail" or not given(values, "trip"):
        return dict(values)
    found = {k: v for k, v in values.items() if k != "trip"}
    found.update(_trip(values))
    if not given(found, "strength"):
        route = str(found["route"])
        moves = 0 if route.strip().casefold() in notation.STAY else len(items(route))
        found["strength"] = max(min(STRENGTHS), moves, number(defaulted(Sail.params, found), "settlers"))
    return found


def _trip(values: Values) -> dict[str, Value | None]:
    boat, _, route = str(values["trip"]).partition(":")
    if not boat.isdigit():
        raise BadInput(Msg("That is not one of the boats and ends offered."))
    return {"boat": int(boat), "route": route}


def _adjust(state: VikingsState, values: Values) -> Adjust:
    what = what_of(values, NEEDS)
    needs = NEEDS[what]
    for option in needs:
        if values.get(option) in (None, ""):
            raise BadInput(Msg("Give the new {what} as value.", what=what) if option == "value" else
                           Msg("Adjusting {what} needs the {option} option.", what=what, option=option))
    seat = values.get("player")
    where = str(values.get("space") or "").strip()
    space = "" if where.casefold() in ("none", "harbour", "harbor") else notation.space(state, where) if where else ""
    island = notation.island(state, str(values["island"])) if values.get("island") else ""
    god = notation.god(state, str(values["god"])) if values.get("god") else ""
    return Adjust(what, number(values, "value", 0), seat if isinstance(seat, int) and not isinstance(seat, bool)
                  else None, island, number(values, "boat", 0), space, god)


# --- the values worth offering, parameter by parameter ----------------------------------------

def _place_dock(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(dock, f"{dock} ({island})") for dock, island in empty_docks(state)]


def _sail_boat(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(boat, Msg("Boat {boat} — at {space}", boat=boat, space=space))
            for boat, space in sailable(state, _seat(actor))]


def _sail_trip(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every boat with every end it reaches (the strongest sail), each saying what it does: its
    moves and the sail card they need, whom it bumps, a village to raid and at what cost."""
    return list(trips(state, _seat(actor)))


def trips(state: VikingsState, seat: int) -> Iterator[Choice]:
    """`_sail_trip`'s choices made one boat at a time (`Game.trials`: the search for a legal one
    stops at the first)."""
    if state.sails >= int(state.settings["sails_per_turn"]):
        return
    for boat, start in sailable(state, seat):
        for end, route in reach(state, seat, boat, max(STRENGTHS)):
            if not route:
                yield Choice(f"{boat}:stay", Msg("Boat {boat} stays at {end} — sails without moving, sail x1",
                                                 boat=boat, end=end))
                continue
            yield Choice(f"{boat}:{' '.join(route)}", partial(_trip_said, state, seat, boat, start, end, route))


def _trip_said(state: VikingsState, seat: int, boat: int, start: str, end: str, route: tuple[str, ...]) -> str:
    """A boat's trip as a menu says it: its moves and sail card, whom it bumps, a village to raid."""
    bumped = [colour(state, held[0]) for step in route  # a boat is bumped off a dock only (V-S4): fjords share
              if state.board.kind(step) == "dock" and (held := occupant(state, step)) is not None and held[0] != seat]
    moves = Plural("{n} move", "{n} moves", len(route))
    said = [Msg("{moves}: {route}, sail x{n}", moves=moves, route=" ".join(route), n=len(route)),
            *([Msg("bumps {names}", names=joined(list(dict.fromkeys(bumped)), ", "))] if bumped else []),
            *([Msg("may raid its village ({cost} steel)", cost=raid_cost(state))] if end in state.villages else [])]
    trip = {"boat": boat, "end": end, "start": start, "said": joined(said, "; ")}
    return Msg("Boat {boat} to {end} and back (from {start}) — {said}", **trip) if end == start \
        else Msg("Boat {boat} to {end} (from {start}) — {said}", **trip)


def _sail_route(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every end the boat reaches (with the strength chosen, else the strongest sail), nearest first."""
    seat, boat = _seat(actor), number(chosen, "boat")
    strength = number(chosen, "strength", max(STRENGTHS))
    start = state.players[seat].boats.get(boat)
    found = []
    for end, route in reach(state, seat, boat, strength):
        if not route:
            found.append(Choice(route_value(route), Msg("stay at {end} — sail without moving", end=end)))
            continue
        found.append(Choice(route_value(route), partial(_route, state, start, end, route)))
    return found


def _route(state: VikingsState, start: str | None, end: str, route: tuple[str, ...]) -> str:
    """A route as a menu says it: "F2 (village) — 2 moves: F1 F2"."""
    where = Msg("{end} (village)", end=end) if end in state.villages else end
    if end == start:
        where = Msg("{end} and back", end=where)
    moves = Plural("{n} move", "{n} moves", len(route))
    return Msg("{end} — {moves}: {route}", end=where, moves=moves, route=" ".join(route))


def route_value(route: tuple[str, ...]) -> str:
    """A sail's route as its choice's value: the spaces entered, or "stay"."""
    return " ".join(route) if route else "stay"


def _sail_strength(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    """The sails long enough for the route typed or the trip chosen (a lone far end: any)."""
    chosen = typed("sail", chosen)
    moves = len(items(text(chosen, "route"))) if text(chosen, "route").strip().casefold() not in notation.STAY else 0
    return [Choice(strength, f"x{strength}") for strength in STRENGTHS if strength >= moves or moves == 1]


def _sail_settlers(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(n, Msg("{settlers} ({n} food)", settlers=Plural("{n} settler", "{n} settlers", n), n=n))
            for n in range(SETTLERS + 1)]


def _sail_raid(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(False, Msg("no raid")), Choice(True, Msg("raid the village ({cost} steel)", cost=raid_cost(state)))]


def _return_island(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    player = state.players[_seat(actor)]
    return [Choice(name, Msg("{island} ({settlers})", island=title,
                             settlers=Plural("{n} settler", "{n} settlers", player.settlers[name])))
            for name, title in islands(state) if player.settlers[name]]


def _return_count(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    island = notation.island(state, text(chosen, "island"))
    return [Choice(n, Plural("{n} settler", "{n} settlers", n))
            for n in range(1, state.players[_seat(actor)].settlers[island] + 1)]


def _dedicate_target(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(target, label) for target, label in dedication_targets(state)]


def _adjust_what(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(what, adjusting(ADJUSTED.get(what, what), needs)) for what, needs in NEEDS.items()]


def _adjust_player(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    """Whose pieces: your own; the host may adjust anyone's."""
    return [Choice(seat, colour(state, seat)) for seat in range(len(state.seats)) if seat == actor.seat or actor.host]


def _adjust_island(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(name, f"{title} ({name})") for name, title in islands(state)]


def _adjust_boat(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    whose = chosen.get("player")
    seat = whose if isinstance(whose, int) and not isinstance(whose, bool) else _seat(actor)
    return [Choice(b, Msg("{boat} — {where}", boat=boat_label(state, seat, b),
                          where=Msg("at {space}", space=at) if at else Msg("in harbour")))
            for b, at in state.players[seat].boats.items()]


def _adjust_space(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    """For a village: the village docks; for a boat: harbour, then fjords, then docks."""
    if str(chosen.get("what", "")).strip().casefold() == "village":
        return [Choice(d, Msg("{dock} (village dock)", dock=d)) for d in sorted(state.board.village_docks)]
    docks = {d.name for d in state.board.docks}
    ordered = sorted(spaces(state), key=lambda s: s in docks)
    return [Choice("none", Msg("none (in harbour)")),
            *(Choice(s, Msg("{space} (dock)", space=s) if s in docks else Msg("{space} (fjord)", space=s))
              for s in ordered)]


def _adjust_god(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(g, Msg("{god} (fury {fury})", god=g, fury=state.fury[g])) for g in state.board.gods]


def _adjust_value(state: VikingsState, actor: Actor, chosen: Values) -> list[Choice]:
    what = str(chosen.get("what", "")).strip().casefold()
    top = {"rune": 1, "village": 1, "raided": len(state.board.village_docks), "settlers": SETTLERS,
           "temples": TEMPLES, "fury": FURY_VALUES}.get(what, RESOURCE_MAX)
    return [Choice(v, str(v)) for v in range(top + 1)]


def _seat(actor: Actor) -> int:
    if actor.seat is None:
        raise BadInput(Msg("You are not playing in this game."))
    return actor.seat


LISTERS: dict[tuple[str, str], Lister] = {
    ("place", "dock"): _place_dock,
    ("sail", "trip"): _sail_trip,
    ("sail", "boat"): _sail_boat,
    ("sail", "route"): _sail_route,
    ("sail", "strength"): _sail_strength,
    ("sail", "settlers"): _sail_settlers,
    ("sail", "raid"): _sail_raid,
    ("return", "island"): _return_island,
    ("return", "count"): _return_count,
    ("dedicate", "target"): _dedicate_target,
    ("adjust", "what"): _adjust_what,
    ("adjust", "player"): _adjust_player,
    ("adjust", "island"): _adjust_island,
    ("adjust", "boat"): _adjust_boat,
    ("adjust", "space"): _adjust_space,
    ("adjust", "god"): _adjust_god,
    ("adjust", "value"): _adjust_value,
}
