"""The players' actions: price, buy, keep, place, plan, use, road and choose (adjust is apart).

Each handler gets the state (never changed: every change is a new state), the acting seat and the
action, and returns a `Result`; the flow has already checked the phase and the seat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.base import Result
from rules.errors import BadInput, IllegalMove, NotYourTurn
from rules.messages import Msg, Plural, joined
from rules.skye import words
from rules.skye.actions import EXTRA_MOVEMENT, Buy, Choose, Keep, Place, Plan, Road, Use
from rules.skye.actions import Price as PriceAction
from rules.skye.land import land, normal_piece, road_key, step
from rules.skye.model import EDGES, TRACKS
from rules.skye.plans import cheapest_order, check, label, read_markers
from rules.skye.progress import advance, free_options, price, usable
from rules.skye.rounds import Log, discard_unplaceable, keep_offers, reveal_plans, reveal_prices, settle, take
from rules.skye.sealing import fingerprint, plan_text, price_text
from rules.skye.state import (
    JourneyPlan,
    Pending,
    Placed,
    Pricing,
    SkyeState,
    name,
    phase_number,
    sealed_all,
    with_player,
)
from rules.text import either

Outcome = Result[SkyeState]
MAX_PRICE = 99
MAX_COORD = 40
SIDE_WORDS = ("north", "east", "south", "west")


def _finish(state: SkyeState, log: Log, summary: str, undoable: bool = True, **extra: Any) -> Outcome:
    """Settle the state and build the result: the summary, then every line of what followed."""
    state = settle(state, log)
    return Result(state, summary, tuple(log.lines), undoable=undoable and not log.drew, proof=tuple(log.proof),
                  **extra)


def _tile_id(state: SkyeState, text: str, among: tuple[str, ...], what: str) -> str:
    """A tile id among `among` typed in any case, or BadInput listing them."""
    key = text.strip().lower()
    for tile in among:
        if tile.lower() == key:
            return tile
    listed = ", ".join(among) or Msg("none")
    raise BadInput(Msg("{tile} is not one of {what} ({tiles}).", tile=repr(text[:30]), what=what, tiles=listed))


# --- phase 2: sealed prices ----------------------------------------------------------------------------------


def price_tiles(state: SkyeState, seat: int, action: PriceAction) -> Outcome:
    player = state.players[seat]
    if not player.hand:
        raise IllegalMove(Msg("You drew no tiles this round; there is nothing to price."))
    if len(action.tiles) != len(action.prices):
        raise BadInput(Msg("Give one price per tile: {tiles} tiles but {prices} prices.", tiles=len(action.tiles),
                           prices=len(action.prices)))
    drawn = Msg("your drawn tiles")
    axe = _tile_id(state, action.axe, player.hand, drawn) if action.axe.strip() else ""
    if not axe and usable(state, seat, "no_axe") is None:
        raise IllegalMove(Msg("Put the axe on one of your tiles (only the No Axe bonus tile lets you price all "
                              "three)."))
    tiles = tuple(_tile_id(state, t, player.hand, drawn) for t in action.tiles)
    rest = tuple(t for t in player.hand if t != axe)
    if sorted(tiles) != sorted(rest):
        raise BadInput(Msg("Price exactly the tiles without the axe: {tiles}.", tiles=", ".join(rest)))
    floor = int(state.settings["min_price"])
    if floor * len(tiles) > player.gold:
        floor = 0
    for tile, amount in zip(tiles, action.prices):
        if not floor <= amount <= MAX_PRICE:
            raise BadInput(Msg("The price of {tile} must be between {low} and {high} gold, not {amount}.", tile=tile,
                               low=floor, high=MAX_PRICE, amount=amount))
    if sum(action.prices) > player.gold:
        raise IllegalMove(Msg("Your prices add up to {total} gold but you have only {gold}.", total=sum(action.prices),
                              gold=player.gold))
    pricing = Pricing(axe, tiles, tuple(action.prices))
    mark = fingerprint(action.salt or state.salt, seat, price_text(pricing))
    again = player.pricing is not None
    state = with_player(state, seat, pricing=pricing, fingerprint=mark, salt=action.salt)
    public, said = _committed(state, seat, mark)
    priced = joined([Msg("{tile} {n} gold", tile=t, n=p) for t, p in zip(tiles, action.prices)], ", ") \
        if tiles else Msg("nothing priced")
    axed = Msg("axe on {tile}", tile=axe) if axe else Msg("no axe")
    mine = (Msg("{name} changed their prices: {axe}; {priced} (fingerprint {mark}).", name=name(state, seat),
                axe=axed, priced=priced, mark=mark) if again else
            Msg("{name} sealed their prices: {axe}; {priced} (fingerprint {mark}).", name=name(state, seat),
                axe=axed, priced=priced, mark=mark))
    if sealed_all(state):
        log = Log()
        state = reveal_prices(state, log)
        return _finish(state, log, joined([said, log.lines.pop(0)]), undoable=False, reveals=True)
    return Result(state, mine, (), board_changed=False, secret=True, public=public, said=said)


# --- phase 4: buying, keeping, decisions ---------------------------------------------------------------------


def buy(state: SkyeState, seat: int, action: Buy) -> Outcome:
    log = Log()
    who = name(state, seat)
    player = state.players[seat]
    second = player.buys >= 1
    if not action.tile.strip():
        state = with_player(replace(state, queue=state.queue[1:]), seat, buys=player.buys + 1)
        return _finish(state, log, Msg("{name} passes on a second buy.", name=who) if second else
                       Msg("{name} passes.", name=who))
    others = tuple(o.tile for o in state.offers if o.owner != seat)
    own = tuple(o.tile for o in state.offers if o.owner == seat)
    key = action.tile.strip().lower()
    if key in [t.lower() for t in own]:
        raise IllegalMove(Msg("You cannot buy your own tile; unbought tiles are kept at the end of the phase."))
    tile = _tile_id(state, action.tile, others, Msg("the tiles other players offer"))
    offer = next(o for o in state.offers if o.tile == tile)
    bank = usable(state, seat, "bank_pays") is not None
    if not bank and offer.price > player.gold:
        raise IllegalMove(Msg("{tile} costs {price} gold but you have only {gold}.", tile=tile, price=offer.price,
                              gold=player.gold))
    seller = offer.owner
    paid = 0 if bank else offer.price
    state = replace(state, offers=tuple(o for o in state.offers if o.tile != tile), queue=state.queue[1:])
    state = with_player(state, seat, gold=player.gold - paid, buys=player.buys + 1)
    state = with_player(state, seller, gold=state.players[seller].gold + 2 * offer.price)
    payer = Msg("the bank pays") if bank else Msg("pays {n} gold", n=offer.price)
    values = {"name": who, "tile": tile, "seller": name(state, seller), "price": offer.price, "payer": payer}
    summary = Msg("{name} buys {tile} from {seller} for {price} gold ({payer}; {seller} also takes back the {price} "
                  "gold set on it) as a second buy.", **values) if second else \
        Msg("{name} buys {tile} from {seller} for {price} gold ({payer}; {seller} also takes back the {price} gold "
            "set on it).", **values)
    state = replace(state, pending=(*state.pending, Pending(seller, "sold", tile)))
    log.add(Msg("{name} may advance on the Warrior track.", name=name(state, seller)))
    state = take(state, seat, tile, log)
    return _finish(state, log, summary)


def keep(state: SkyeState, seat: int, action: Keep) -> Outcome:
    mine = tuple(o.tile for o in state.offers if o.owner == seat)
    if not mine:
        raise NotYourTurn(Msg("You have no unbought tiles to keep or discard."))
    discard = tuple(_tile_id(state, t, mine, Msg("your unbought tiles")) for t in action.discard)
    if len(set(discard)) != len(discard):
        raise BadInput(Msg("Name each tile to discard once."))
    log = Log()
    state = keep_offers(state, seat, discard, log)
    return _finish(state, log, log.lines.pop(0) if log.lines else Msg("{name} keeps nothing.", name=name(state, seat)))


def pending_options(state: SkyeState, pending: Pending) -> tuple[str, ...]:
    """The answers a pending decision allows now (J-T9: Warrior only for a sold tile)."""
    tracks = ("warrior",) if pending.why == "sold" else TRACKS
    return (*free_options(state, pending.seat, tracks), "none")


def pending_prompt(pending: Pending) -> str:
    if pending.why == "sold":
        return Msg("Your tile {tile} was sold: advance on the Warrior track regardless of its requirement?",
                   tile=pending.tile)
    if pending.why == "journeyman":
        return Msg("You took {tile} with the journeyman symbol: advance on any track regardless of requirement "
                   "(Herald fees apply)?", tile=pending.tile)
    return Msg("Advance on a Track bonus: choose a track to advance on (Herald fees apply).")


def choose(state: SkyeState, seat: int, action: Choose) -> Outcome:
    pending = next((p for p in state.pending if p.seat == seat), None)
    if pending is None:
        raise NotYourTurn(Msg("Nobody asked you to decide anything."))
    options = pending_options(state, pending)
    choice = action.choice.strip().lower()
    if choice not in options:
        if choice in TRACKS:
            try:
                price(state, seat, TRACKS.index(choice), "free")
            except IllegalMove as refusal:
                raise IllegalMove(refusal.message) from None
            raise IllegalMove(Msg("This decision offers only {options}.", options=either(options)))
        raise BadInput(Msg("Answer {options}, not {choice}.", options=either(options), choice=repr(action.choice[:20])))
    rest = list(state.pending)
    rest.remove(pending)
    state = replace(state, pending=tuple(rest))
    who = name(state, seat)
    log = Log()
    if choice == "none":
        return _finish(state, log, Msg("{name} does not advance.", name=who))
    track_i = TRACKS.index(choice)
    cost = price(state, seat, track_i, "free")
    state, said = advance(state, seat, track_i, cost)
    return _finish(state, log, Msg("{name} advances: {what}.", name=who, what=said))


# --- phase 5: placing tiles ------------------------------------------------------------------------------------


def place(state: SkyeState, seat: int, action: Place) -> Outcome:
    player = state.players[seat]
    tile_id = _tile_id(state, action.tile, player.to_place, "your tiles to place")
    if not (abs(action.x) <= MAX_COORD and abs(action.y) <= MAX_COORD):
        raise BadInput(Msg("Positions run from -{most} to {most}.", most=MAX_COORD))
    if action.rotation not in range(4):
        raise BadInput(Msg("Rotation is 0, 1, 2 or 3 quarter turns clockwise, not {rotation}.",
                           rotation=action.rotation))
    lnd = land(state.board, player)
    tile = state.board.tile(tile_id)
    if not lnd.can_place(tile):
        others = either([t for t in player.to_place if t != tile_id])
        raise IllegalMove(Msg("{tile} fits nowhere in your territory yet: place {others} first (a tile that still "
                              "fits nowhere once your other tiles are placed is discarded).", tile=tile_id,
                              others=others))
    cell = (action.x, action.y)
    if cell in lnd.cells:
        raise IllegalMove(Msg("{tile} is already there.", tile=label(lnd, cell)))
    if cell not in lnd.frontier:
        raise IllegalMove(Msg("{x},{y} is not next to your territory; a tile must touch one you have.", x=action.x,
                              y=action.y))
    if action.rotation not in lnd.fits(tile, cell):
        shows = tile.turned[action.rotation]
        for side, need in enumerate(lnd.frontier[cell]):
            if need and shows[side] != need:
                other = step(cell, side)
                clash = Msg("{tile} turned {rotation} shows {shows} on its {side} side, but {other} shows {need} "
                            "there.", tile=tile_id, rotation=action.rotation, shows=words.terrain(shows[side]),
                            side=words.SIDE_NAMES[side], other=label(lnd, other), need=words.terrain(need))
                fitting = lnd.fits(tile, cell)
                raise IllegalMove(joined([clash, Msg("Turns that fit here: {turns}.",
                                                     turns=", ".join(map(str, fitting)))]) if fitting else clash)
    left = list(player.to_place)
    left.remove(tile_id)
    state = with_player(state, seat, territory=(*player.territory, Placed(tile_id, *cell, action.rotation)),
                        to_place=tuple(left))
    log = Log()
    state = discard_unplaceable(state, seat, log)
    done = not any(p.to_place for p in state.players)  # the placements fold into one board, with the last
    return _finish(state, log, Msg("{name} places {tile} at {x},{y} (turned {rotation}).", name=name(state, seat),
                                   tile=tile_id, x=cell[0], y=cell[1], rotation=action.rotation), board_changed=done)


# --- phase 5: the sealed plan ------------------------------------------------------------------------------------


def _seal(state: SkyeState, seat: int, plan: JourneyPlan, salt: str) -> Outcome:
    """Seal `plan` with its own `salt` (the round's when the table gave none)."""
    outcome = check(state, seat, plan)
    mark = fingerprint(salt or state.salt, seat, plan_text(plan))
    again = state.players[seat].plan is not None
    state = with_player(state, seat, plan=plan, fingerprint=mark, salt=salt)
    public, said = _committed(state, seat, mark)
    if sealed_all(state):
        log = Log()
        state = reveal_plans(state, log)
        return _finish(state, log, joined([said, log.lines.pop(0)]), undoable=False, reveals=True)
    lnd = land(state.board, state.players[seat])
    stops = [Msg("{tile} → {track}", tile=label(lnd, (m.x, m.y)), track=m.track) if m.track else label(lnd, (m.x, m.y))
             for m in plan.markers]
    route = joined(stops, "; ") if stops else Msg("no markers")
    values = {"name": name(state, seat), "route": route, "used": outcome.used, "points": outcome.points, "mark": mark}
    if plan.extra:
        sealed = Msg("{name} changed their plan: {route}, spending Extra Movement — {used} of {points} movement "
                     "points (fingerprint {mark}).", **values) if again else \
            Msg("{name} sealed their plan: {route}, spending Extra Movement — {used} of {points} movement points "
                "(fingerprint {mark}).", **values)
    else:
        sealed = Msg("{name} changed their plan: {route} — {used} of {points} movement points (fingerprint {mark}).",
                     **values) if again else \
            Msg("{name} sealed their plan: {route} — {used} of {points} movement points (fingerprint {mark}).",
                **values)
    said_more: list[str] = [sealed]
    if outcome.lines:
        said_more.append(Msg("If nothing changes, their journeyman {walk}.", walk=joined(outcome.lines, "; ")))
    spots = [(m.x, m.y) for m in plan.markers]
    order, cost = cheapest_order(lnd, state.players[seat].journeyman, spots)
    if len(spots) > 1 and cost < outcome.used:
        said_more.append(Msg("The markers are collected in the order given; in the order {order} they would cost "
                             "{cost} movement points.", order=", ".join(label(lnd, p) for p in order), cost=cost))
    mine = joined(said_more) if len(said_more) > 1 else sealed
    return Result(state, mine, (), board_changed=False, secret=True, public=public, said=said)


def _committed(state: SkyeState, seat: int, mark: str) -> tuple[str, str]:
    """What the channel is told of a seal: with its fingerprint (the log), and without (the line)."""
    return (Msg("{name} committed (fingerprint {mark}).", name=name(state, seat), mark=mark),
            Msg("{name} committed.", name=name(state, seat)))


def plan(state: SkyeState, seat: int, action: Plan) -> Outcome:
    markers = read_markers(state, seat, action.markers)
    return _seal(state, seat, JourneyPlan(markers, bool(action.extra)), action.salt)


def use(state: SkyeState, seat: int, action: Use) -> Outcome:
    if action.bonus.strip().lower().replace(" ", "_") not in (EXTRA_MOVEMENT, "extra", "movement"):
        raise BadInput(Msg("The only bonus tile you use by hand is {tile}, not {bonus}.", tile=EXTRA_MOVEMENT,
                           bonus=repr(action.bonus[:30])))
    sealed = state.players[seat].plan
    if sealed is None:
        raise IllegalMove(Msg("Seal a plan first (or plan with extra), then you can spend Extra Movement on it."))
    if sealed.extra == bool(action.on):
        raise IllegalMove(Msg("Your sealed plan already spends Extra Movement.") if action.on else
                          Msg("Your sealed plan already does not spend Extra Movement."))
    try:
        return _seal(state, seat, replace(sealed, extra=bool(action.on)), action.salt)
    except IllegalMove as refusal:
        if action.on:
            raise
        raise IllegalMove(Msg("Without Extra Movement your sealed plan no longer fits ({why}) Plan again first.",
                              why=refusal.message)) from None


# --- roads (J-T8) -------------------------------------------------------------------------------------------------


def road(state: SkyeState, seat: int, action: Road) -> Outcome:
    player = state.players[seat]
    side = action.side.strip().lower()[:1]
    if side not in EDGES or action.side.strip().lower() not in (side, SIDE_WORDS[EDGES.index(side)]):
        raise BadInput(Msg("A side is n, e, s or w, not {side}.", side=repr(action.side[:20])))
    if not player.road_stock:
        raise IllegalMove(Msg("You have no road to place."))
    now = phase_number(state)
    ready = [i for i, gained in enumerate(player.road_stock) if gained < now]
    if not ready:
        raise IllegalMove(Plural("Your {n} road was gained in this phase; place roads from the next phase on "
                                 "(Golden Rule).", "Your {n} roads were gained in this phase; place roads from the "
                                 "next phase on (Golden Rule).", len(player.road_stock)))
    lnd = land(state.board, player)
    here = (action.x, action.y)
    there = step(here, EDGES.index(side)) if abs(action.x) <= MAX_COORD and abs(action.y) <= MAX_COORD else here
    if here not in lnd.cells or there not in lnd.cells or here == there:
        raise IllegalMove(Msg("A road goes across the edge between two of your tiles; {x},{y} {side} is not such "
                              "an edge.", x=action.x, y=action.y, side=SIDE_WORDS[EDGES.index(side)]))
    if road_key(here, there) in lnd.placed_roads:
        raise IllegalMove(Msg("A road already lies between {one} and {other}.", one=label(lnd, here),
                              other=label(lnd, there)))
    stock = list(player.road_stock)
    del stock[ready[0]]
    piece = normal_piece(action.x, action.y, side)
    state = with_player(state, seat, roads=(*player.roads, piece), road_stock=tuple(stock))
    return Result(state, Plural("{name} places a road between {one} and {other} ({n} road left).",
                                "{name} places a road between {one} and {other} ({n} roads left).", len(stock),
                                name=name(state, seat), one=label(lnd, here), other=label(lnd, there)))

