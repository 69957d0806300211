"""What a Skye seat may do now, step by step (`rules.options`): the values worth offering for each
parameter given those chosen before it, from the rules' own queries (`rules.skye.queries`), and the
action built from what was chosen or typed (`rules.skye.notation`).

Everything is answered on the asking seat's view (`SkyeGame.view`), where other seats' sealed prices
and plans are absent: no candidate or label can show them. A plan is built marker by marker: each
marker parameter offers the tiles in reach after the markers before it, with every advance allowed
there; once a marker is left out, the plan ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations, product

from rules.base import Action, Actor
from rules.errors import BadInput, NotAllowed
from rules.messages import Msg, Plural, joined
from rules.messages import listed as said_list
from rules.notation import fold
from rules.options import MENU, SHOWN, Choice, Kept, Param, Value, Values, joint, listed, number, text
from rules.skye import notation, queries
from rules.skye.actions import LIMITS, MARKERS, WHATS, Adjust, Buy, Choose, Keep, Place, Plan, Price, Road, Use
from rules.skye.land import step
from rules.skye.model import EDGES, TRACKS
from rules.skye.progress import entry_vp, next_space, price, side_of
from rules.skye.state import SkyeState, name
from rules.skye.turns import MAX_PRICE
from rules.text import adjusting

Lister = Callable[[SkyeState, Actor, Values], list[Choice]]
NEAR = 10  # adjusting gold or VP suggests values this far either side of the current one
YES = ("true", "yes", "on", "1")
PRICES = Param("prices", Msg("Which prices?"))  # the menus' prices as one choice (typed: price1, price2, price3)
PRICED = Param("priced", Msg("Which tile to axe, and your prices?"))  # the axe and the prices as one choice
EACH = "each"  # the joint price choice asking each price apart (a lone number: the first, the others apart)
# what an adjustment sets, in the menu's words (the tracks are named by the board's data)
FIELDS = {"gold": Msg("gold"), "vp": Msg("VP"), "roads": Msg("roads in hand"), "markers": Msg("waypoint markers"),
          "journeyman": Msg("journeyman")}
SPOT = Param("spot", Msg("Which tile, where (x,y)?"))  # the menus' tile and position as one choice (typed apart)


def candidates(state: SkyeState, actor: Actor, kind: str, param: str, chosen: Values) -> list[Choice]:
    """The values of `param` of `kind` worth offering given `chosen` (the contract keeps those the
    rules accept); [] for someone without a seat, or when what was chosen before cannot be read."""
    return [] if actor.seat is None else listed(LISTERS, state, actor, kind, param,
                                                typed(kind, chosen) if param != "prices" else _axed_now(chosen))


def params_now(state: SkyeState, actor: Actor, kind: str, params: tuple[Param, ...],
               chosen: Values) -> tuple[Param, ...]:
    """The parameters as they stand once `chosen` are: in menus, the axe and the prices as one choice
    (or the axe alone in it, then the prices as one choice of splits, or each apart past a menu);
    typed, a third price only with No Axe, needed unless a tile is axed; a tile and where it goes as
    one choice when every pair fits on a menu; a plan's markers up to the seat's markers, none after
    one left out, Extra Movement only with a tile to spend; an adjustment's value or position, by
    what is adjusted."""
    if kind == "price" and actor.seat is not None:
        if "priced" in chosen or not any(k in chosen for k in ("axe", "prices", "price1", "price2", "price3")):
            axe, _, prices = str(chosen.get("priced") or "").partition(" ")
            if not axe or prices:  # not chosen yet, or the axe and the prices in one pick
                return joint(params, PRICED, ("axe", "price1", "price2", "price3"))
            rest = params_now(state, actor, kind, params, _axed_now(chosen))  # the axe alone: the prices after it
            return tuple(PRICED if p.name == "axe" else p for p in rest)
        axed = chosen.get("axe")
        no_axe = queries.may_skip_axe(state, actor.seat) if axed is None else notation.nothing(str(axed))
        each = tuple(replace(p, required=True) if p.name == "price3" else p for p in params
                     if no_axe or p.name != "price3")
        joined = str(chosen.get("prices") or "")
        if joined == EACH or len(joined.split()) == 1:  # each price apart, or the first price and the others apart
            return (each[0], PRICES, *(p for p in each[1:] if joined == EACH or p.name != "price1"))
        typed_ = any(p.name in chosen for p in each[1:])
        return each if typed_ else joint(params, PRICES, ("price1", "price2", "price3"))
    if kind == "plan" and actor.seat is not None:
        seat = actor.seat
        shown = [p for p in params if p.name == "extra" and queries.points(state, seat)[1]]
        for i, marker in enumerate(MARKERS[:queries.markers(state, seat)]):
            if i and MARKERS[i - 1] in chosen and _blank(chosen[MARKERS[i - 1]]):
                break  # the marker before was left out: the plan ends there
            shown += [p for p in params if p.name == marker]
        return tuple(shown)
    if kind == "place" and _spotted(state, actor, chosen):
        return joint(params, SPOT, ("tile", "position"))
    what = fold(str(chosen.get("what") or ""))
    if kind == "adjust" and what in WHATS:
        need, now = _needs(what), _now(state, actor, chosen) if actor.seat is not None else None
        asked = Msg("The new {what} (now {now})?", what=what, now=now) if now is not None else ""
        return tuple(replace(p, required=True, ask=asked or p.ask) if p.name == need else p for p in params
                     if p.name in ("what", "player", need))
    return params


def build(state: SkyeState, actor: Actor, kind: str, values: Values) -> Action:
    """The action from what was chosen or typed, read on the seat's view."""
    seat = _seat(actor)
    builder = BUILDERS.get(kind)
    if builder is None:
        raise BadInput(Msg("Isle of Skye has no action {kind}.", kind=repr(kind[:40])))
    return builder(state, seat, typed(kind, values))


def typed(kind: str, values: Values) -> dict[str, Value | None]:
    """A tile and its position chosen in a menu as one ("T12@1,0"), or prices as one ("2 3"), with
    the axe before them ("L12 2 3"), as the values a command types."""
    if kind == "price" and values.get("priced") is not None:
        axe, _, prices = str(values["priced"]).partition(" ")
        return typed(kind, {**_axed_now(values), **({"prices": prices} if prices else {})})
    if kind == "price" and values.get("prices") is not None:
        found = {k: v for k, v in values.items() if k != "prices"}
        if values["prices"] != EACH:
            found.update({f"price{i + 1}": number({"price": v}, "price")
                          for i, v in enumerate(str(values["prices"]).split())})
        return found
    if kind != "place" or values.get("spot") is None:
        return dict(values)
    tile, at, position = str(values["spot"]).partition("@")
    if not at:
        raise BadInput(Msg("That is not one of the tiles and positions offered."))
    return {**{k: v for k, v in values.items() if k != "spot"}, "tile": tile, "position": position}


def _spotted(state: SkyeState, actor: Actor, chosen: Values) -> bool:
    """Whether a placing is chosen by its joint choice: chosen so already, or nothing of it chosen or
    typed yet and every tile with every position fits what a card's menus show at once (else tile,
    then position)."""
    if "spot" in chosen:
        return True
    if "tile" in chosen or "position" in chosen or actor.seat is None:
        return False
    return bool(_FITS.get(state, actor.seat, lambda: len(_place_spot(state, actor, {})) <= SHOWN))


def _axed_now(values: Values) -> dict[str, Value | None]:
    """`values` with the axe of a joint choice of the axe and the prices as chosen apart."""
    if values.get("priced") is None:
        return dict(values)
    return {**{k: v for k, v in values.items() if k != "priced"}, "axe": str(values["priced"]).partition(" ")[0]}


_FITS = Kept()  # whether the tiles and positions to place fit a card's menus, on the last state asked about


# --- building actions --------------------------------------------------------------------------------


def _price(state: SkyeState, seat: int, values: Values) -> Price:
    """The prices go on the drawn tiles without the axe, in the order drawn; a price left over must
    be 0 (the rules say why an axe is needed, or an axe name is wrong)."""
    hand = queries.hand(state, seat)
    typed = text(values, "axe")
    axe = "" if notation.nothing(typed) else notation.tile(typed, hand)
    tiles = tuple(t for t in hand if t != axe)
    given = [number(values, "price1"), number(values, "price2"), *([number(values, "price3")]
                                                              if values.get("price3") is not None else [])]
    if (axe and axe not in hand) or (not axe and not queries.may_skip_axe(state, seat)):
        return Price(axe, tiles, tuple((given + [0, 0, 0])[:len(tiles)]))
    if len(given) < len(tiles):
        raise BadInput(Msg("Give a price for each of {tiles}: price3 is for the third with No Axe.",
                           tiles=", ".join(tiles)))
    if any(given[len(tiles):]):
        raise BadInput(Plural("You have {n} tile to price ({tiles}); leave the other prices at 0.",
                              "You have {n} tiles to price ({tiles}); leave the other prices at 0.", len(tiles),
                              tiles=", ".join(tiles) or Msg("none")))
    return Price(axe, tiles, tuple(given[:len(tiles)]))


def _buy(state: SkyeState, seat: int, values: Values) -> Buy:
    typed = text(values, "tile")
    return Buy("" if notation.nothing(typed) else notation.tile(typed, tuple(t for t, _o, _p in queries.offers(state))))


def _keep(state: SkyeState, seat: int, values: Values) -> Keep:
    return Keep(notation.tiles(str(values.get("discard") or ""), _own_offers(state, seat)))


def _place(state: SkyeState, seat: int, values: Values) -> Place:
    """Without a rotation: the first that fits at that position."""
    x, y = notation.position(text(values, "position"))
    tile = notation.tile(text(values, "tile"), queries.to_place(state, seat))
    if values.get("rotation") is not None:
        return Place(tile, x, y, number(values, "rotation"))
    fits = next((turns for at_x, at_y, turns in queries.placements(state, seat, tile) if (at_x, at_y) == (x, y)), ())
    return Place(tile, x, y, fits[0] if fits else 0)


def _road(state: SkyeState, seat: int, values: Values) -> Road:
    return Road(*notation.edge(state, seat, text(values, "edge")))


def _plan(state: SkyeState, seat: int, values: Values) -> Plan:
    return Plan(_markers(values, MARKERS), _switch(values.get("extra")))


def _use(state: SkyeState, seat: int, values: Values) -> Use:
    return Use(text(values, "bonus"), _switch(values.get("on")))


def _choose(state: SkyeState, seat: int, values: Values) -> Choose:
    return Choose(text(values, "track").strip().lower())


def _adjust(state: SkyeState, seat: int, values: Values) -> Adjust:
    what = fold(text(values, "what"))
    whose = values.get("player")
    player = whose if isinstance(whose, int) and not isinstance(whose, bool) else None
    if what == "journeyman":
        typed = values.get("position")
        if _blank(typed):
            raise BadInput(Msg("Moving the journeyman needs position: x,y of a tile of that territory."))
        x, y = notation.position(str(typed))
        return Adjust(what, 0, player, x, y)
    if what in WHATS and values.get("value") is None:
        raise BadInput(Msg("Give the new {what} as value.", what=what))
    return Adjust(what, number(values, "value") if values.get("value") is not None else 0, player)


# --- the values worth offering, parameter by parameter ------------------------------------------------


def _price_axe(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    seat = _seat(actor)
    found = [Choice(t, Msg("axe {tile}", tile=queries.tile_text(state, t))) for t in queries.hand(state, seat)]
    if queries.may_skip_axe(state, seat):
        found.append(Choice("none", Msg("none: No Axe, price every tile")))
    return found


def _price_of(which: int) -> Lister:
    """The prices the seat can pay for its `which`-th tile without the axe, given the other prices
    chosen (those not chosen yet at the lowest price)."""
    def lister(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
        seat = _seat(actor)
        hand = queries.hand(state, seat)
        typed = chosen.get("axe")
        axe = None if typed is None else "" if notation.nothing(str(typed)) else notation.tile(str(typed), hand)
        tiles = hand[1:] if axe is None else tuple(t for t in hand if t != axe)
        if which >= len(tiles):
            return [Choice(0, Msg("0 (you have no tile to price here)"))]
        floor = queries.price_floor(state, seat, len(tiles))
        others = [chosen.get(f"price{i + 1}") for i in range(len(tiles)) if i != which]
        spent = sum(number({"price": v}, "price") for v in others if v is not None)
        room = state.players[seat].gold - spent - floor * sum(1 for v in others if v is None)
        return [Choice(v, Msg("{n} gold", n=v) if axe is None else Msg("{n} gold for {tile}", n=v, tile=tiles[which]))
                for v in range(floor, min(room, MAX_PRICE) + 1)]
    return lister


def _price_prices(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """The prices of the tiles without the axe as one choice, the seat's gold covering them all:
    every split when they fit on a menu, else the lowest (by the dearest tile, then the total) and
    each price of the first tile with the others asked after it (or, past a menu, a choice to give
    each price apart)."""
    seat = _seat(actor)
    hand = queries.hand(state, seat)
    axe = "" if notation.nothing(text(chosen, "axe")) else notation.tile(text(chosen, "axe"), hand)
    tiles = tuple(t for t in hand if t != axe)
    gold, floor = state.players[seat].gold, queries.price_floor(state, seat, len(tiles))
    top = min(gold, MAX_PRICE)
    splits = _splits(floor, top, gold, len(tiles))
    firsts = range(floor, min(gold - floor * (len(tiles) - 1), MAX_PRICE) + 1) if len(tiles) > 1 else range(0)
    if len(splits) <= MENU:
        shown, rest = splits, []
    elif len(firsts) < MENU:  # the first tile's price, the others asked after it
        shown = splits[:MENU - len(firsts)]
        then = (Msg("{tile}'s price", tile=tiles[1]) if len(tiles) == 2 else
                Msg("the prices of {tiles}", tiles=said_list(tiles[1:])))
        rest = [Choice(str(v), Msg("{tile} {n} gold, then {then}…", tile=tiles[0], n=v, then=then)) for v in firsts]
    else:
        shown, rest = splits[:MENU - 1], [Choice(EACH, Msg("other prices: give each tile's price apart"))]
    found = []
    for p in shown:
        priced = joined([Msg("{tile} {n} gold", tile=t, n=v) for t, v in zip(tiles, p, strict=True)], ", ") if p \
            else Msg("no tile to price")
        value = " ".join(map(str, (*p, *(0,) * (2 - len(p)))))  # the first two prices are always given
        said = {"prices": priced, "left": gold - sum(p), "gold": gold}
        short = queries.short_of_buying(state, seat, p)
        found.append(Choice(value, Msg("{prices} ({left} of your {gold} gold left)", **said) if not short else
                            Msg("{prices} ({left} of your {gold} gold left) — no gold left to buy", **said)
                            if gold <= sum(p) else
                            Msg("{prices} ({left} of your {gold} gold left) — too little left to buy", **said)))
    return found + rest


def warned(values: Values) -> bool:
    """Whether prices were picked as a split in a menu, whose label says when they leave too little
    gold to buy (the pick is the answer to the question a turn card would ask)."""
    split = (str(values.get("priced") or "").partition(" ")[2] or str(values.get("prices") or "")).split()
    return len(split) > 1


def _price_priced(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """The axe and the prices as one choice: each tile to axe (or none, with No Axe) with every split
    of the others' prices, as the prices' own menu says them, where they all fit a card's two menus
    (5 gold: 3 axes × 10 splits); else, for each axe, its cheapest splits and "other prices", the
    axe alone, the prices asked after it."""
    axes = _price_axe(state, actor, chosen)
    splits = {a.value: [c for c in _price_prices(state, actor, {"axe": a.value}) if len(str(c.value).split()) > 1]
              for a in axes}
    every = sum(map(len, splits.values())) <= SHOWN and all(
        len(found) == len(_price_prices(state, actor, {"axe": a})) for a, found in splits.items())
    kept = SHOWN if every else (SHOWN - len(axes)) // max(len(axes), 1)
    found = []
    for axe in axes:
        said = _axed(str(axe.value))
        found += [Choice(f"{axe.value} {c.value}", Msg("{axe}: {prices}", axe=said, prices=c.label))
                  for c in splits[axe.value][:kept]]
        found += [] if every else [Choice(str(axe.value), Msg("{axe}: other prices…", axe=said))]
    return found


def _axed(axe: str) -> Msg:
    return Msg("No Axe") if notation.nothing(axe) else Msg("axe {tile}", tile=axe)


def _splits(floor: int, top: int, gold: int, count: int) -> list[tuple[int, ...]]:
    """The prices of `count` tiles (each `floor` to `top`, together at most `gold`), the cheapest
    first (by the dearest, then the total): all of them, or the first ones, more than a menu holds."""
    if not count:
        return [()]
    found: list[tuple[int, ...]] = []
    for dearest in range(floor, top + 1):
        found += sorted((p for p in product(range(floor, dearest + 1), repeat=count)
                         if max(p) == dearest and sum(p) <= gold), key=lambda p: (sum(p), p))
        if len(found) > MENU:
            break
    return found


def _buy_tile(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """Other players' tiles (those you cannot pay are ruled out by trial), each marked when it fits
    nowhere in your territory as it is now; then passing."""
    seat = _seat(actor)
    found = []
    for tile, owner, cost, _affordable in queries.buyable(state, seat):
        said = {"tile": tile, "name": name(state, owner), "cost": cost, "words": queries.tile_words(state, tile)}
        found.append(Choice(tile, Msg("{tile} from {name} for {cost} gold — {words}", **said)
                            if queries.placements(state, seat, tile) else
                            Msg("{tile} from {name} for {cost} gold (fits nowhere in your territory now) — {words}",
                                **said)))
    return [*found, Choice("pass", Msg("pass: buy nothing"))]


def _keep_discard(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """Keeping every unbought tile, or discarding any of them (their price back)."""
    seat = _seat(actor)
    prices = {tile: cost for tile, owner, cost in queries.offers(state) if owner == seat}
    found = [Choice("none", Msg("none: keep them all"))]
    for count in range(1, len(prices) + 1):
        for group in combinations(prices, count):
            back = sum(prices[t] for t in group)
            found.append(Choice(" ".join(group), Msg("discard {tiles} (take back {n} gold)", tiles=said_list(group),
                                                     n=back)))
    return found


def _place_tile(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(t, queries.tile_text(state, t)) for t in queries.to_place(state, _seat(actor))]


def _place_spot(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every tile to place with every position where it fits, saying the turns that fit there."""
    seat = _seat(actor)
    found = []
    for tile in queries.to_place(state, seat):
        words = queries.tile_words(state, tile)
        for x, y, turns in queries.placements(state, seat, tile):
            found.append(Choice(f"{tile}@{x},{y}", Msg("{tile} at {x},{y} (fits turned {turns}) — {words}", tile=tile,
                                                       x=x, y=y, turns=", ".join(map(str, turns)), words=words)))
    return found


def _placing(state: SkyeState, seat: int, chosen: Values) -> tuple[str, ...]:
    """The tile chosen to place, or (none chosen yet) every tile waiting to be placed."""
    waiting = queries.to_place(state, seat)
    typed = chosen.get("tile")
    return waiting if typed is None else tuple(t for t in waiting if t == notation.tile(str(typed), waiting))


def _place_position(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """Every position where the tile fits, with the turns that fit there."""
    seat = _seat(actor)
    spots: dict[tuple[int, int], list[str]] = {}
    for tile in _placing(state, seat, chosen):
        for x, y, turns in queries.placements(state, seat, tile):
            spots.setdefault((x, y), []).append(Msg("{tile} fits turned {turns}", tile=tile,
                                                    turns=", ".join(map(str, turns))))
    return [Choice(f"{x},{y}", Msg("{x},{y} — {fits}", x=x, y=y, fits=joined(fits, "; ")))
            for (x, y), fits in spots.items()]


def _place_rotation(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """The turns that fit at the position chosen (or anywhere), each described."""
    seat, chosen = _seat(actor), typed("place", chosen)
    where = chosen.get("position")
    at = None if where is None else notation.position(str(where))
    tiles = _placing(state, seat, chosen)
    found: dict[int, str] = {}
    for tile in tiles:
        for x, y, turns in queries.placements(state, seat, tile):
            for turn in turns if at in (None, (x, y)) else ():
                words = (queries.tile_text if len(tiles) > 1 else queries.tile_words)(state, tile, turn)
                found.setdefault(turn, Msg("{turn}: {words}", turn=turn, words=words))
    return [Choice(turn, found[turn]) for turn in sorted(found)]


def _road_edge(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """The edges between two of your tiles without a road, when a road in hand may be placed."""
    seat = _seat(actor)
    if not queries.roads_ready(state, seat)[0]:
        return []
    found = []
    for x, y, side in queries.road_spots(state, seat):
        there = step((x, y), EDGES.index(side))
        found.append(Choice(f"{x},{y} {side}", Msg("between {first} and {second}",
                                                   first=queries.tile_label(state, seat, (x, y)),
                                                   second=queries.tile_label(state, seat, there))))
    return found


def _plan_extra(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    more = queries.points(state, _seat(actor))[1]
    points = Plural("{n} more movement point", "{n} more movement points", more)
    spend = [Choice(True, Msg("yes: {points}", points=points))] if more else []
    return [Choice(False, Msg("no: your own movement points")), *spend]


def _plan_marker(which: int) -> Lister:
    """Where marker `which` could go after the markers before it: the tiles in reach, each with
    every advance allowed there and without one."""
    def lister(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
        seat = _seat(actor)
        before = _markers(chosen, MARKERS[:which])
        found = []
        for o in queries.marker_options(state, seat, before, _switch(chosen.get("extra"))):
            if o.track:
                costs = [Msg("castle cost {n}", n=o.castle)] if o.castle else []
                costs += [Msg("fee {n}", n=o.fee)] if o.fee else []
                costs += [Msg("+{n} VP", n=o.vp)] if o.vp else []
                what = Msg("{track} → {space} ({costs})", track=o.track.capitalize(), space=o.space,
                           costs=joined(costs, ", ") if costs else o.need)
            else:
                what = Msg("collect without advancing")
            where = queries.tile_label(state, seat, (o.x, o.y))
            moves = Plural("{n} move", "{n} moves", o.cost)
            found.append(Choice(o.marker, Msg("{where}: {what} — {moves}, {left} left", where=where, what=what,
                                              moves=moves, left=o.left)))
        return found
    return lister


def _use_bonus(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """Extra Movement, once a plan is sealed and the tile may be spent."""
    seat = _seat(actor)
    if state.players[seat].plan is None or not queries.points(state, seat)[1]:
        return []
    return list(Use.params[0].fixed)


def _use_on(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(True, Msg("spend it on your sealed plan")),
            Choice(False, Msg("stop spending it on your sealed plan"))]


def _choose_track(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """The answers to the seat's oldest decision: each track it could advance on, and none."""
    seat = _seat(actor)
    asked = queries.decisions(state, seat)
    if not asked:
        return []
    player, side = state.players[seat], side_of(state)
    found = []
    for option in asked[0][1]:
        if option not in TRACKS:
            found.append(Choice(option, Msg("{option}: do not advance", option=option)))
            continue
        i = TRACKS.index(option)
        track, at = side.tracks[i], player.tracks[i]
        to = next_space(track, at)
        fee, vp = price(state, seat, i, "free").fee, entry_vp(track, at, to)
        moved = Msg("{option}: {track} {at} → {to}", option=option, track=track.title, at=at, to=to)
        costs = [Msg("Herald fee {n} gold", n=fee)] if fee else []
        costs += [Msg("+{n} VP", n=vp)] if vp else []
        found.append(Choice(option, joined([moved, *costs], ", ")))
    return found


def _adjust_what(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    return [Choice(what, adjusting(FIELDS.get(what, what), [_needs(what)])) for what in WHATS]


def _adjust_player(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """Whose: your own; the host may adjust anyone's."""
    return [Choice(seat, name(state, seat)) for seat in range(len(state.seats)) if seat == actor.seat or actor.host]


def _adjust_value(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """New values for what is adjusted (any number may be typed): a track's spaces, the markers and
    roads allowed, gold and VP near their value now; never the value it has."""
    what, now = fold(str(chosen.get("what") or "")), _now(state, actor, chosen)
    if now is None:
        return []
    if what in TRACKS:
        values = range(len(side_of(state).tracks[TRACKS.index(what)].spaces) + 1)
    else:
        low, high = LIMITS[what]
        values = range(max(low, now - NEAR), min(high, now + NEAR) + 1) if what in ("gold", "vp") else \
            range(low, high + 1)
    return [Choice(v, str(v)) for v in values if v != now]  # the question says what it is now


def _now(state: SkyeState, actor: Actor, chosen: Values) -> int | None:
    """What a numbered adjustment (a track, gold, VP, markers, roads) sets, as it is now; None for others."""
    what = fold(str(chosen.get("what") or ""))
    player = state.players[_whose(state, actor, chosen)]
    if what in TRACKS:
        return player.tracks[TRACKS.index(what)]
    if what in LIMITS:
        return len(player.road_stock) if what == "roads" else int(getattr(player, what))
    return None


def _adjust_position(state: SkyeState, actor: Actor, chosen: Values) -> list[Choice]:
    """The tiles of that territory the journeyman is not on (when it is the journeyman that moves)."""
    if fold(str(chosen.get("what") or "journeyman")) != "journeyman":
        return []
    whose = _whose(state, actor, chosen)
    player = state.players[whose]
    return [Choice(f"{p.x},{p.y}", queries.tile_label(state, whose, (p.x, p.y))) for p in player.territory
            if (p.x, p.y) != player.journeyman]


# --- reading values ---------------------------------------------------------------------------------------


def _seat(actor: Actor) -> int:
    if actor.seat is None:
        raise NotAllowed(Msg("You are not playing in this game."))
    return actor.seat


def _whose(state: SkyeState, actor: Actor, chosen: Values) -> int:
    """The seat whose things are adjusted: the player chosen, else the actor's own."""
    whose = chosen.get("player")
    if isinstance(whose, int) and not isinstance(whose, bool) and whose in range(len(state.seats)):
        return whose
    return _seat(actor)


def _needs(what: str) -> str:
    return "position" if what == "journeyman" else "value"


def _blank(value: Value | None) -> bool:
    return value is None or not str(value).strip()


def _switch(value: Value | None) -> bool:
    """A switch as chosen or typed ("yes", "on", …); off when left out."""
    if value is None:
        return False
    return value if isinstance(value, bool) else fold(str(value)) in YES


def _markers(values: Values, names: tuple[str, ...]) -> tuple[str, ...]:
    """A plan's markers as typed, in order, those left out skipped."""
    return tuple(str(values[n]).strip() for n in names if not _blank(values.get(n)))


def _own_offers(state: SkyeState, seat: int) -> tuple[str, ...]:
    return tuple(tile for tile, owner, _p in queries.offers(state) if owner == seat)


Builder = Callable[[SkyeState, int, Values], Action]
BUILDERS: dict[str, Builder] = {
    "price": _price, "buy": _buy, "keep": _keep, "place": _place, "road": _road, "plan": _plan, "use": _use,
    "choose": _choose, "adjust": _adjust,
}
LISTERS: dict[tuple[str, str], Lister] = {
    ("price", "axe"): _price_axe,
    ("price", "priced"): _price_priced,
    ("price", "prices"): _price_prices,
    **{("price", f"price{i + 1}"): _price_of(i) for i in range(3)},
    ("buy", "tile"): _buy_tile,
    ("keep", "discard"): _keep_discard,
    ("place", "spot"): _place_spot,
    ("place", "tile"): _place_tile,
    ("place", "position"): _place_position,
    ("place", "rotation"): _place_rotation,
    ("road", "edge"): _road_edge,
    ("plan", "extra"): _plan_extra,
    **{("plan", marker): _plan_marker(i) for i, marker in enumerate(MARKERS)},
    ("use", "bonus"): _use_bonus,
    ("use", "on"): _use_on,
    ("choose", "track"): _choose_track,
    ("adjust", "what"): _adjust_what,
    ("adjust", "player"): _adjust_player,
    ("adjust", "value"): _adjust_value,
    ("adjust", "position"): _adjust_position,
}
