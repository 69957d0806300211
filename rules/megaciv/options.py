"""What a Mega Civilization seat may do now, step by step (`rules.options`): the values of each
parameter worth offering given those chosen before it, from the queries the handlers' own checks
answer (`rules.megaciv.queries`), and the action built from what was chosen or typed
(`rules.megaciv.notation`). Everything is computed on the state as the asking seat sees it, so
another seat's secret draft is never in a value or a label.

A free parameter (a voyage, a list of areas) may see what has been typed of it so far
(`chosen[param]`, autocomplete only): its values then continue it one step or one area more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial
from typing import Any

from rules.base import Action, Actor
from rules.errors import BadInput, PlayerError
from rules.megaciv import notation, queries
from rules.megaciv.actions import NEEDS, Adjust, Build, Expand, Maintain, Move, Scrap, TakeBack
from rules.megaciv.adjust import HOST_ONLY, PIECES, barred, drafting
from rules.megaciv.board import fold
from rules.megaciv.glossary import ADVANCES
from rules.megaciv.notation import NOWHERE
from rules.megaciv.phase import growth
from rules.megaciv.state import TOKENS, MegaState, name, powers
from rules.messages import Msg, Plural, joined
from rules.options import SHOWN, Choice, Kept, Param, Value, Values, given, joint, listed, number, text, what_of
from rules.text import adjusting

Lister = Callable[[MegaState, Actor, Values], list[Choice]]
BUILT = ("move", "build", "maintain", "scrap", "sail", "takeback", "expand", "adjust")  # the rest: the contract
_LEFT_OUT = {what: frozenset({p.name for p in Adjust.params} - {"what", *needs}
                             - (set() if what in HOST_ONLY else {"player"}))
             for what, needs in NEEDS.items()}  # the parameters an adjustment does not take
DEFAULTED = {"tax": "value", "ship": "area"}  # may be left out: a tax of 2 per city, a ship back to stock
FLAGS = {"city": (Msg("remove the city"), Msg("build a city")), "advance": (Msg("lose it"), Msg("gain it")),
         "pirate": (Msg("remove the pirate city"), Msg("put a pirate city")),
         "out_of_play": (Msg("back in play"), Msg("out of play"))}  # what value 0 and 1 do
COUNTED = ("barbarians", "treasury", "tokens")  # adjustments of a count, asked with the count now
LONGEST = 100  # a value Discord can hold
WAY = Param("way", Msg("Which tokens, to where?"))  # the menus' move: its area and where they go as one choice
VOYAGE = Param("voyage", Msg("Which ship, to where?"))  # the menus' sail: the ship and where it ends as one choice
JOINED = {"move": (WAY, ("from", "to")), "sail": (VOYAGE, ("ship", "route"))}  # (the joint choice, what it joins)


def candidates(state: MegaState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
    """The values of `param` of `kind` worth offering given `chosen` (the contract keeps those the
    rules accept); [] when what was chosen before cannot be read."""
    if kind == "adjust" and param not in ("what", "player") and chosen.get("what") is not None:
        try:
            barred(state, actor, _what(chosen), _whose(actor, chosen))  # refused whatever the values: nothing to try
        except PlayerError:
            return []
    return listed(LISTERS, state, actor, kind, param, chosen)


def completable(state: MegaState, actor: Actor, kind: str, chosen: Values) -> bool | None:
    """Whether the rules' own checks accept some completion of `chosen`, where that is known without
    trying each (None: try them; the flow is checked apart): a move's source is completable when any
    token there can move (what trying each destination would find, without counting how many may
    go), and a move when some source is."""
    named = {param for param, value in chosen.items() if value is not None}
    if kind != "move" or named not in (set(), {"from"}) or actor.seat is None:
        return None
    if not named:  # some token can move: the areas tried until one can (not every area's every destination listed)
        return any(queries.can_move(state, actor.seat, area) for area, _, _ in queries.movable(state, actor.seat))
    try:
        return queries.can_move(state, actor.seat, notation.area(state, text(chosen, "from")))
    except PlayerError:
        return False


def params_now(state: MegaState, actor: Actor, kind: str, params: tuple[Param, ...],
               chosen: Values) -> tuple[Param, ...]:
    """The parameters as they stand once `chosen` are chosen. A parameter whose default is not
    always legal is required when its default would be refused (paying with treasury one lacks,
    a tax of 2 per city without cities); one that does not apply is left out (the area of a token
    paid with treasury); an adjustment needs what its `what` needs."""
    if kind == "adjust":
        return _adjust_params(state, actor, params, chosen)
    if kind in JOINED and _joined(state, actor, kind, chosen):
        return joint(params, *JOINED[kind])
    if kind == "expand":
        return _shape(params, frozenset({"areas"}), frozenset() if _short(state, actor) else frozenset({"areas"}))
    pay = chosen.get("pay")
    if kind == "build":
        afford = _treasury(state, actor) >= state.board.advances.base.ship_cost
        needed = {"area", *(() if afford else ("pay",)), *(("tokens_from",) if pay == "tokens" else ())}
        return _shape(params, frozenset(needed), frozenset(() if pay in ("mixed", "tokens") else ("tokens_from",)))
    if kind == "maintain":
        afford = _treasury(state, actor) >= state.board.advances.base.upkeep
        needed = {"ship", "area", *(() if afford else ("pay",))}
        return _shape(params, frozenset(needed), frozenset(() if pay == "token" else ("area",)))
    return params


def build(state: MegaState, actor: Actor, kind: str, values: Values) -> Action:
    """The action from what was chosen or typed, on the state as the actor sees it."""
    seat, values = actor.seat, typed(kind, values)
    if kind == "move":
        source, target = notation.area(state, text(values, "from")), notation.area(state, text(values, "to"))
        count = number(values, "count")
        via = notation.area(state, text(values, "via")) if given(values, "via") else \
            _via(state, seat, source, target, count)
        return Move(source, target, count, via)
    if kind == "build":
        paid = notation.areas(state, text(values, "tokens_from"), Msg("area of a token paid")) \
            if given(values, "tokens_from") else ()
        return Build(notation.area(state, text(values, "area")), text(values, "pay"), paid)
    if kind == "maintain":
        where = notation.area(state, text(values, "area")) if given(values, "area") else ""
        return Maintain(number(values, "ship"), text(values, "pay"), where)
    if kind == "scrap":
        return Scrap(number(values, "ship"))
    if kind == "sail":
        ship, take = number(values, "ship"), number(values, "take")
        return notation.sail(state, seat, ship, text(values, "route"), take)
    if kind == "takeback":
        return TakeBack(number(values, "steps"))
    if kind == "expand":
        grown = notation.areas(state, text(values, "areas"), Msg("area to grow")) if given(values, "areas") else ()
        return Expand(grown)
    if kind == "adjust":
        return _adjust(state, values)
    raise BadInput(Msg("Mega Civilization has no action {kind}.", kind=repr(kind[:40])))


# --- reading values --------------------------------------------------------------------------

def typed(kind: str, values: Values) -> dict[str, Value | None]:
    """A move's or a sail's joint choice from a menu ("Athsa>Dulpyr": from Athsa to Dulpyr; "1:G H": ship 1
    by G to H) as the two values a command types."""
    joint = JOINED.get(kind)
    if joint is None or not given(values, joint[0].name):
        return dict(values)
    first, sep, second = str(values[joint[0].name]).partition(">" if kind == "move" else ":")
    if not sep or kind == "sail" and not first.isdigit():
        raise BadInput("That is not one of the choices offered.")
    found = {k: v for k, v in values.items() if k != joint[0].name}
    found.update(zip(joint[1], (first, second) if kind == "move" else (int(first), second), strict=True))
    return found


def _via(state: MegaState, seat: int | None, source: str, target: str, count: int) -> str:
    """The area a move to an area two steps away passes (Roadbuilding): the first that lets `count`
    go, else the first at all; "" when the target is next to the source or nothing passes."""
    if seat is None or target in state.board.land_next[source]:
        return ""
    found = queries.vias(state, seat, source, target)
    return next((via for via, most in found if most >= count), found[0][0] if found else "")


def _adjust(state: MegaState, values: Values) -> Adjust:
    what = what_of(values, NEEDS)
    needs = NEEDS[what]
    for option in needs:
        if option != "value" and DEFAULTED.get(what) != option and not given(values, option):
            raise BadInput(Msg("Adjusting {what} needs the {option} option.", what=what, option=option))
    if values.get("value") is None and DEFAULTED.get(what) != "value" and "value" in needs:
        raise BadInput(Msg("Give the new {what} as value.", what=what) if what not in FLAGS
                       else Msg("For {what}, give value 1 to add or 0 to remove.", what=what))
    seat = values.get("player")
    where = str(values.get("area") or "").strip()
    area = "" if where.casefold() in NOWHERE else notation.area(state, where) if where else ""
    return Adjust(what, number(values, "value", 0), seat if isinstance(seat, int) and not isinstance(seat, bool)
                  else None, area, str(values.get("advance") or "").strip(), number(values, "ship", 0))


# --- the values worth offering, parameter by parameter ----------------------------------------

def _move_from(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(area, Msg("{area} — {free} of {tokens} free to move", area=area, free=free,
                             tokens=_tokens_said(total)))
            for area, free, total in queries.movable(state, _seat(actor))]


def _move_to(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    source = notation.area(state, text(chosen, "from"))
    found = []
    for d in queries.destinations(state, _seat(actor), source):
        said = {"area": d.area, "tokens": _tokens_said(d.count), "via": d.via}  # a land move is 1 step unless said
        found.append(Choice(d.area, Msg("{area} — up to {tokens}", **said) if d.steps == 1 else
                            Msg("{area} — up to {tokens} (2 steps, via {via})", **said)))
    return found


def _move_way(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every area with free tokens and every area they can go to, as one choice saying how many may go."""
    seat = _seat(actor)
    found = []
    for source, _free, _total in queries.movable(state, seat):
        for d in queries.destinations(state, seat, source):
            said = {"source": source, "area": d.area, "via": d.via, "tokens": _tokens_said(d.count)}
            found.append(Choice(f"{source}>{d.area}", Msg("{source} → {area} — up to {tokens}", **said) if d.steps == 1
                                else Msg("{source} → {area} (via {via}) — up to {tokens}", **said)))
    return found


def _move_count(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    seat, chosen = _seat(actor), typed("move", chosen)
    source, target = notation.area(state, text(chosen, "from")), notation.area(state, text(chosen, "to"))
    if given(chosen, "via"):
        most = dict(queries.vias(state, seat, source, target)).get(notation.area(state, text(chosen, "via")), 0)
    else:
        most = next((d.count for d in queries.destinations(state, seat, source) if d.area == target), 0)
    return [Choice(n, Msg("{tokens} (all that may go)", tokens=_tokens_said(n)) if n == most else _tokens_said(n))
            for n in range(most, 0, -1)]


def _move_via(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    chosen = typed("move", chosen)
    source, target = notation.area(state, text(chosen, "from")), notation.area(state, text(chosen, "to"))
    return [Choice(via, Msg("{source} → {via} → {area} — up to {tokens}", source=source, via=via, area=target,
                            tokens=_tokens_said(most)))
            for via, most in queries.vias(state, _seat(actor), source, target)]


def _build_area(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    board, seat = state.board, _seat(actor)
    return [Choice(area, Msg("{area} — coastal, {tokens}", area=area, tokens=_tokens_said(count)))
            for area, count in _tokens(state, seat) if board.areas[area].coastal and area not in state.out_of_play]


def _build_pay(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """The ways to pay for a ship, with the board's cost and what the seat has."""
    cost, have = state.board.advances.base.ship_cost, _treasury(state, actor)
    return [Choice("treasury", Msg("{n} treasury (you have {have})", n=cost, have=have)),
            Choice("mixed", Msg("{n} treasury and 1 token from the ship's area (you have {have})", n=cost - 1,
                                have=have)),
            Choice("tokens", Msg("{tokens} (at least one from the ship's area)", tokens=_tokens_said(cost)))]


def _build_tokens_from(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """Mixed: the ship's area; tokens: the ship's area and one more (or the ship's area twice)."""
    home = notation.area(state, text(chosen, "area"))
    if chosen.get("pay") == "mixed":
        return [Choice(home, Msg("1 token from {area}", area=home))]
    found = []
    for area, count in _tokens(state, _seat(actor)):
        if area != home or count >= 2:
            found.append(Choice(f"{home}, {area}", Msg("1 token from {home} and 1 from {area}", home=home, area=area)
                                if area != home else Msg("2 tokens from {area}", area=home)))
    return found


def _upkeep_ships(state: MegaState, actor: Actor, note: str) -> list[Choice]:
    return [Choice(s.number, Msg("Ship {n} at {area} — {note}", n=s.number, area=s.area, note=note))
            for s in queries.ships(state, _seat(actor)) if s.status == "needs upkeep"]


def _maintain_ship(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    return _upkeep_ships(state, actor, Msg("needs upkeep (sinks at your declaration otherwise)"))


def _maintain_pay(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """The ways to pay a ship's upkeep, with the board's cost and what the seat has."""
    upkeep = state.board.advances.base.upkeep
    return [Choice("treasury", Msg("{n} treasury (you have {have})", n=upkeep, have=_treasury(state, actor))),
            Choice("token", Msg("{tokens} (name its area)", tokens=_tokens_said(upkeep)))]


def _maintain_area(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(area, Msg("{area} — {tokens}", area=area, tokens=_tokens_said(count)))
            for area, count in _tokens(state, _seat(actor))]


def _tokens_said(n: int) -> str:
    return Plural("{n} token", "{n} tokens", n)


def _scrap_ship(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    return _upkeep_ships(state, actor, Msg("old and not maintained: scrap it to build it anew"))


def _sail_ship(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    seat = _seat(actor)
    found = []
    for s in queries.ships(state, seat):
        reach = queries.ship_reach(state, seat, s.number)
        if reach:
            areas = Plural("{n} area", "{n} areas", len(reach))
            found.append(Choice(s.number, Msg("Ship {n} at {area} ({status}) — reaches {areas}", n=s.number,
                                              area=s.area, status=s.status, areas=areas)))
    return found


def _sail_route(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every area the ship can end in with a shortest route (coastal land first, where tokens go
    off, nearest first); after a route typed so far, the ways on from its last stop first."""
    seat, ship = _seat(actor), number(chosen, "ship")
    reach = queries.ship_reach(state, seat, ship)
    if not reach:
        return []
    found = _routes(state, "", reach, "")
    typed = str(chosen.get("route") or "")
    if typed.strip():
        head = _head(typed)
        try:
            sofar = notation.voyage(state, head)
        except PlayerError:
            return found
        start = state.players[seat].ships[ship - 1].area
        stops = sofar.stops[1:] if sofar.stops[:1] == (start,) else sofar.stops
        left = powers(state, seat).ship_steps - len(stops)
        if stops:
            on = {end: path for end, path in queries.water_paths(state, seat, stops[-1]).items() if len(path) <= left}
            typed_so_far = Choice(head.strip(), Msg("{route} — as typed", route=head.strip()))
            found = [*_routes(state, head, on, " more"), typed_so_far, *found]
    return found


def _routes(state: MegaState, head: str, paths: dict[str, tuple[str, ...]], more: str) -> list[Choice]:
    """Voyages going on from what is typed (`head`, "" or ending in a space or separator) along each
    path, land ends first, nearest first."""
    ranked = sorted(paths.items(), key=lambda item: (state.board.areas[item[0]].kind == "sea", len(item[1]), item[0]))
    found = []
    for end, path in ranked:
        route = head + " ".join(path)
        where = Msg("{area} (open sea)", area=end) if state.board.areas[end].kind == "sea" else end  # else a coast
        steps = (Plural("{n} more step", "{n} more steps", len(path)) if more else
                 Plural("{n} step", "{n} steps", len(path)))
        if len(route) <= LONGEST:
            found.append(Choice(route, Msg("{end} — {steps}: {route}", end=where, steps=steps, route=route)))
    return found


def _sail_voyage(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every ship that can sail with every area it can end in (`_sail_route`'s), as one choice."""
    seat = _seat(actor)
    found = []
    for s in queries.ships(state, seat):
        reach = queries.ship_reach(state, seat, s.number)
        for c in _routes(state, "", reach, "") if reach else ():
            found.append(Choice(f"{s.number}:{c.value}", Msg("Ship {n} from {area} to {end}", n=s.number, area=s.area,
                                                             end=c.label)))
    return found


def _sail_take(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    chosen = typed("sail", chosen)
    seat, ship = _seat(actor), number(chosen, "ship")
    player = state.players[seat]
    start = player.ships[ship - 1].area if 1 <= ship <= len(player.ships) else None
    if start is None:
        return []
    most = min(player.unmoved(start), powers(state, seat).ship_capacity)
    aboard = [Choice(n, Msg("{tokens} aboard at {area}", tokens=_tokens_said(n), area=start))
              for n in range(1, most + 1)]
    return [Choice(0, Msg("none aboard")), *aboard]


def _takeback_steps(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    player = state.players[_seat(actor)]
    steps = () if player.declared else player.steps
    found = []
    for count in range(1, len(steps) + 1):
        last = steps[len(steps) - count]
        found.append(Choice(count, Msg("{n}: take back {step} and {later} later", n=count, step=last.text,
                                       later=count - 1) if count > 1 else
                            Msg("{n}: take back {step}", n=count, step=last.text)))
    return found


def _expand_areas(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """Lists that use the whole stock: each area first, the others after it in map order; after
    areas typed so far, each area that may come next."""
    seat = _seat(actor)
    wanted, stock = growth(state, seat), state.players[seat].stock
    order = sorted(wanted, key=state.board.area_index.__getitem__)
    head = _head(str(chosen.get("areas") or ""))
    listed = list(notation.areas(state, head)) if head.strip() else []
    if any(a not in wanted for a in listed) or len(set(listed)) < len(listed):
        return []
    found = []
    for first in (a for a in order if a not in listed):
        grown, left = [], stock - sum(wanted[a] for a in listed)
        for area in (first, *(a for a in order if a not in listed and a != first)):
            if left <= 0:
                break
            grown.append((area, min(wanted[area], left)))
            left -= wanted[area]
        if grown and left <= 0:
            value = head + ", ".join(a for a, _ in grown)
            said = ", ".join(f"+{n} {a}" for a, n in grown)
            if len(value) <= LONGEST:
                found.append(Choice(value, said))  # every list uses the whole stock, as the question says
    return found


ADJUSTED = {"treasury": Msg("treasury"), "tax": Msg("tax"), "tokens": Msg("tokens"), "city": Msg("city"),
            "advance": Msg("advance"), "ship": Msg("ship"), "barbarians": Msg("barbarians"),
            "pirate": Msg("pirate city"), "out_of_play": Msg("out of play")}  # the adjustment menu's words


def _adjust_what(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(what, adjusting(ADJUSTED[what], needs)) for what, needs in NEEDS.items()]


def _adjust_player(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """Whose pieces: your own; the host may adjust anyone's."""
    return [Choice(seat, name(state, seat)) for seat in range(len(state.seats)) if seat == actor.seat or actor.host]


def _adjust_area(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    """A ship: back to stock, or a coastal area or open sea; out of play: any area; else land. Those
    around the pieces first; once some of a name is typed, the areas whose names hold it."""
    what, board = _what(chosen), state.board
    if what == "ship":
        names = [a for a in board.areas if board.has_water(a)]
    elif what == "out_of_play":
        names = list(board.areas)
    else:
        names = list(board.land_areas)
    typed = fold(str(chosen.get("area") or ""))
    if typed:
        names = [a for a in names if typed in fold(a)]
    found = [Choice("none", Msg("none (back to stock)"))] if what == "ship" else []
    return found + [Choice(a, partial(describe, state, a)) for a in near_first(state, _whose(actor, chosen), names)]


def _adjust_advance(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    held = state.players[_whose(actor, chosen)].advances
    return [Choice(a.name, Msg("{advance} (held) — {text}", advance=a.name, text=ADVANCES.get(a.text, a.text))
                   if a.name in held else Msg("{advance} — {text}", advance=a.name, text=ADVANCES.get(a.text, a.text)))
            for a in state.board.advances.advances]


def _adjust_ship(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    ships = state.players[_whose(actor, chosen)].ships
    return [Choice(n, Msg("Ship {n} — {where}", n=n, where=Msg("at {area}", area=s.area) if s.area else
                          Msg("in stock"))) for n, s in enumerate(ships, 1)]


def _adjust_value(state: MegaState, actor: Actor, chosen: Values) -> list[Choice]:
    what = _what(chosen)
    if what in FLAGS:
        off, on = FLAGS[what]
        return [Choice(1, Msg("1: {what}", what=on)), Choice(0, Msg("0: {what}", what=off))]
    player = state.players[_whose(actor, chosen)]
    if what == "tax":
        return [Choice(0, Msg("0: 2 per city ({n})", n=2 * len(player.cities))),
                *(Choice(n, str(n)) for n in range(1, player.stock + 1))]
    now = _now(state, actor, chosen)
    top = TOKENS if what == "barbarians" else min(TOKENS, now + player.stock)  # the player's own: from or to stock
    return list(_counts(now, top))


def _now(state: MegaState, actor: Actor, chosen: Values) -> int:
    """The count a counted adjustment (barbarians, treasury, tokens) changes, as it is now."""
    what, player = _what(chosen), state.players[_whose(actor, chosen)]
    if what == "barbarians":
        return state.barbarians.get(_area(state, chosen), 0)
    return player.treasury if what == "treasury" else player.tokens.get(_area(state, chosen), 0)


@lru_cache(maxsize=4096)
def _counts(now: int, top: int) -> tuple[Choice, ...]:
    """The counts from 0 to `top` but the one there is now (a change is never to the same count: the
    question says what it is now)."""
    return tuple(Choice(n, str(n)) for n in range(top + 1) if n != now)


# --- shared -----------------------------------------------------------------------------------

def describe(state: MegaState, area: str) -> str:
    """An area for a list: "Arzu (limit 3, city site, coastal)", "Arzu-Sea (open sea)"."""
    a = state.board.areas[area]
    if a.kind == "sea":
        return Msg("{area} (open sea)", area=area)
    bits = [Msg("limit {n}", n=a.limit), *([Msg("city site")] if a.city_site else []),
            *([Msg("coastal")] if a.coastal else [])]
    return Msg("{area} ({bits})", area=area, bits=joined(bits, ", "))


def near_first(state: MegaState, seat: int | None, names: list[str]) -> list[str]:
    """`names` with those around the seat's pieces first (in map order otherwise)."""
    if seat is None:
        return names
    near = set(queries.nearby(state, seat))
    return [a for a in names if a in near] + [a for a in names if a not in near]


def _tokens(state: MegaState, seat: int) -> list[tuple[str, int]]:
    """The seat's (area, tokens) in map order."""
    tokens = state.players[seat].tokens
    return [(a, tokens[a]) for a in sorted(tokens, key=state.board.area_index.__getitem__)]


def _head(typed: str) -> str:
    """The finished part of what is typed, without the word being typed ("Arzu, Kes" → "Arzu, "),
    kept as typed so that what goes on from it still matches what is typed."""
    return typed[:max(typed.rfind(c) for c in (" ", ",", ";", ">", "→")) + 1]



def _seat(actor: Actor) -> int:
    if actor.seat is None:
        raise BadInput(Msg("You are not playing in this game."))
    return actor.seat


def _treasury(state: MegaState, actor: Actor) -> int:
    return state.players[actor.seat].treasury if actor.seat is not None else 0


def _short(state: MegaState, actor: Actor) -> bool:
    """Whether the seat's stock cannot cover a whole population expansion (areas must be listed)."""
    if actor.seat is None:
        return False
    return state.players[actor.seat].stock < sum(growth(state, actor.seat).values())


def _area(state: MegaState, chosen: Values) -> str:
    return notation.area(state, text(chosen, "area"))


def _what(chosen: Values) -> str:
    return str(chosen.get("what") or "").strip().casefold()


def _whose(actor: Actor, chosen: Values) -> int:
    whose = chosen.get("player")
    return whose if isinstance(whose, int) and not isinstance(whose, bool) else _seat(actor)


def _joined(state: MegaState, actor: Actor, kind: str, chosen: Values) -> bool:
    """Whether a move or a sail is chosen by its joint choice: chosen so already, or nothing of it
    chosen or typed yet and every pair fits on one menu (else its two steps are asked apart)."""
    joined, parts = JOINED[kind]
    if joined.name in chosen:
        return True
    if any(p in chosen for p in parts) or actor.seat is None:
        return False
    return bool(_FITS.get(state, (kind, actor.seat), lambda: _fits(state, actor, kind)))


def _fits(state: MegaState, actor: Actor, kind: str) -> bool:
    """Whether the joint choices of `kind` are at most what a card's menus show at once (counted until
    they are more)."""
    seat = _seat(actor)
    if kind == "sail":
        counts = (len(queries.ship_reach(state, seat, s.number)) for s in queries.ships(state, seat))
    else:
        counts = (len(queries.destinations(state, seat, area)) for area, _, _ in queries.movable(state, seat))
    total = 0
    for count in counts:
        total += count
        if total > SHOWN:
            return False
    return True


_FITS = Kept()  # whether a move's and a sail's pairs fit on one menu, on the last state asked about


def _adjust_params(state: MegaState, actor: Actor, params: tuple[Param, ...], chosen: Values) -> tuple[Param, ...]:
    """`_adjust_shape`, kept for the state it was asked on (a search asks it at every turn)."""
    if _KEPT.get("state") is not state:
        _KEPT.clear()
        _KEPT["state"] = state
    key = (actor.seat, actor.host, id(params), tuple(sorted(chosen.items())))
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = (params, _adjust_shape(state, actor, params, chosen))
    return found[1] if found[0] is params else _adjust_shape(state, actor, params, chosen)


_KEPT: dict[object, Any] = {}  # the last state's adjustment parameters, by who asks and what was chosen


def _adjust_shape(state: MegaState, actor: Actor, params: tuple[Param, ...], chosen: Values) -> tuple[Param, ...]:
    """An adjustment's parameters once `what` is chosen: those it needs become required (a tax's
    value and a ship's area only when their default would be refused), the others are left out.
    Whose pieces is optional (your own), required for the host while their own pieces wait for
    their draft, and left out for the host's own markers."""
    what = _what(chosen)
    needs = NEEDS.get(what)
    if needs is None:
        return params
    needed = {"what", *(n for n in needs if not _defaulted(state, actor, what, n, chosen))}
    if actor.host and actor.seat is not None and what in PIECES and drafting(state, actor.seat):
        needed.add("player")
    shaped = _shape(params, frozenset(needed), _LEFT_OUT[what])
    counted = what in COUNTED and (what == "treasury" or chosen.get("area")) and actor.seat is not None
    if counted and _whose(actor, chosen) in range(len(state.players)):  # the menu's question says what it is now
        try:
            asked = Msg("The new number (now {n})?", n=_now(state, actor, chosen))
        except PlayerError:
            return shaped
        return _asking(shaped, asked)
    return shaped


def _asking(params: tuple[Param, ...], asked: str) -> tuple[Param, ...]:
    """`params` with the value's question `asked` (made once: steps are asked at every turn of a search)."""
    key = (id(params), asked)
    made = _ASKED.get(key)
    if made is None or made[0] is not params:
        made = _ASKED[key] = (params, tuple(replace(p, ask=asked) if p.name == "value" else p for p in params))
    return made[1]


_ASKED: dict[tuple[int, str], tuple[tuple[Param, ...], tuple[Param, ...]]] = {}


def _shape(params: tuple[Param, ...], needed: frozenset[str], left_out: frozenset[str]) -> tuple[Param, ...]:
    """`params` without those `left_out`, required exactly when `needed` (made once: steps are asked
    at every turn of a search)."""
    key = (id(params), needed, left_out)
    made = _SHAPES.get(key)
    if made is None or made[0] is not params:
        made = _SHAPES[key] = (params, tuple(replace(p, required=p.name in needed) for p in params
                                             if p.name not in left_out))
    return made[1]


_SHAPES: dict[tuple[int, frozenset[str], frozenset[str]], tuple[tuple[Param, ...], tuple[Param, ...]]] = {}


def _defaulted(state: MegaState, actor: Actor, what: str, param: str, chosen: Values) -> bool:
    """Whether `param` of adjustment `what` may be left out now: its default is then legal (a tax of
    2 per city the stock covers; a ship on the board going back to stock)."""
    if DEFAULTED.get(what) != param or actor.seat is None:
        return False
    player = state.players[_whose(actor, chosen)]
    if what == "tax":
        return 0 < 2 * len(player.cities) <= player.stock
    ship = chosen.get("ship")
    return isinstance(ship, int) and 1 <= ship <= len(player.ships) and player.ships[ship - 1].area is not None



LISTERS: dict[tuple[str, str], Lister] = {
    ("move", "way"): _move_way,
    ("move", "from"): _move_from,
    ("move", "to"): _move_to,
    ("move", "count"): _move_count,
    ("move", "via"): _move_via,
    ("build", "area"): _build_area,
    ("build", "pay"): _build_pay,
    ("build", "tokens_from"): _build_tokens_from,
    ("maintain", "ship"): _maintain_ship,
    ("maintain", "pay"): _maintain_pay,
    ("maintain", "area"): _maintain_area,
    ("scrap", "ship"): _scrap_ship,
    ("sail", "voyage"): _sail_voyage,
    ("sail", "ship"): _sail_ship,
    ("sail", "route"): _sail_route,
    ("sail", "take"): _sail_take,
    ("takeback", "steps"): _takeback_steps,
    ("expand", "areas"): _expand_areas,
    ("adjust", "what"): _adjust_what,
    ("adjust", "player"): _adjust_player,
    ("adjust", "area"): _adjust_area,
    ("adjust", "advance"): _adjust_advance,
    ("adjust", "ship"): _adjust_ship,
    ("adjust", "value"): _adjust_value,
}
