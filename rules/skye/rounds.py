"""The base game's round around the journeyman: income (1), drawing and sealed pricing (2), the
reveal (3), buying and keeping (4), placing and the journeyman (5), scoring (6), and the end.

`settle` moves play on through everything that needs nobody (income, draws, auto-passes, keeps,
discarding unplaceable tiles, bonus tiles at the end of a phase, scoring, the next round) until a
player is awaited, a decision is pending or the game is over. Each step appends plain lines to a
`Log`; the caller turns them into the action's result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from rules.messages import Msg, Plural, joined
from rules.skye.land import land
from rules.skye.plans import carry_out
from rules.skye.progress import banner, resolve_bonuses, usable, vp_per_round
from rules.skye.scoring import letters_now, score_tile, scroll_points, variant
from rules.skye.sealing import plan_text, price_text, salt
from rules.skye.state import Marker, Offer, Pending, Pricing, SkyeState, name, turn_order, with_player

HAND = 3
LETTERS = "ABCD"


@dataclass
class Log:
    """What happened while settling: lines in order, and whether hidden things came out."""

    lines: list[str] = field(default_factory=list)
    drew: bool = False
    proof: list[str] = field(default_factory=list)  # what lets anyone check a reveal (salts, texts sealed)

    def add(self, *lines: str) -> None:
        self.lines.extend(line for line in lines if line)


def marker_text(marker: Marker) -> str:
    """A marker as players write it: "1,0:merchant", "0,0"."""
    return f"{marker.x},{marker.y}" + (f":{marker.track}" if marker.track else "")


def names(state: SkyeState) -> list[str]:
    return [name(state, s) for s in range(len(state.seats))]


def dealer(seed: int, settings: dict[str, Any]) -> str:
    """What the game's public randomness (the bag, bonus layouts, drawn scoring tiles) follows: the
    hidden seed, or the table's `deal` number when it sets one. The salts of seals never follow it
    (`rules.skye.sealing`)."""
    deal = int(settings.get("deal", 0) or 0)
    return f"deal-{deal}" if deal else str(seed)


def shuffled(state: SkyeState, tiles: tuple[str, ...]) -> SkyeState:
    """The state with `tiles` as the bag, shuffled by the seed (or the deal) and the shuffle count."""
    bag = list(tiles)
    random.Random(f"{dealer(state.seed, state.settings)}:bag:{state.shuffles}").shuffle(bag)
    return replace(state, bag=tuple(bag), shuffles=state.shuffles + 1)


# --- phase 1 and 2: income, drawing ------------------------------------------------------------------


def income(state: SkyeState, seat: int) -> tuple[int, list[str]]:
    """Phase 1 income: castle, barrels joined by road, Merchant banner, No Axe, catch-up."""
    board = state.board
    parts: list[str] = [Msg("castle {n}", n=board.castle_income)]
    total = board.castle_income
    lnd = land(board, state.players[seat])
    tiles = [lnd.cells[pos][0] for pos in lnd.castle_network]
    barrels = sum(t.barrel for t in tiles) if state.settings["barrel_income"] == "barrel" else sum(
        1 for t in tiles if t.barrel)
    if barrels:
        parts.append(Msg("barrels {n}", n=barrels))
        total += barrels
    merchant = banner(state, state.players[seat], "merchant", "income")
    if merchant:
        parts.append(Msg("Merchant {n}", n=merchant))
        total += merchant
    no_axe = usable(state, seat, "no_axe")
    if no_axe is not None:
        extra = board.progress.bonus_by_id[no_axe.bonus].income
        parts.append(Msg("No Axe {n}", n=extra))
        total += extra
    if state.settings["catch_up"]:
        ahead = sum(1 for p in state.players if p.vp > state.players[seat].vp)
        per = variant(state).catch_up[state.round - 1]
        if ahead and per:
            parts.append(Msg("catch-up {per}×{ahead}", per=per, ahead=ahead))
            total += per * ahead
    return total, parts


def start_round(state: SkyeState, log: Log) -> SkyeState:
    """Phases 1 and 2 of a round: income, then each player draws three tiles in turn order."""
    who = names(state)
    state = replace(state, stage="price", offers=(), queue=(), salt=salt(state.seed, state.round, "price"))
    gains = []
    for seat in range(len(state.seats)):
        amount, parts = income(state, seat)
        gains.append((seat, amount, parts))
    for seat, amount, _parts in gains:
        player = state.players[seat]
        state = with_player(state, seat, gold=player.gold + amount, hand=(), pricing=None, plan=None, fingerprint="",
                            salt="", buys=0, kept=False)
    earned = [Msg("{name} +{n} ({parts})", name=who[s], n=a, parts=joined(p, ", ")) for s, a, p in gains]
    log.add(Msg("Round {n} of {rounds} begins; {name} starts.", n=state.round, rounds=state.rounds,
                name=who[state.first]),
            Msg("Income: {gains}.", gains=joined(earned, "; ")))
    bag = state.bag
    for seat in turn_order(state):
        hand, bag = bag[:HAND], bag[HAND:]
        state = with_player(state, seat, hand=hand)
        log.add(Msg("{name} draws {tiles}.", name=who[seat], tiles=", ".join(hand)) if hand else
                Msg("{name} draws nothing: the bag is empty.", name=who[seat]))
    log.drew = True
    state = replace(state, bag=bag)
    for seat in range(len(state.seats)):
        if not state.players[seat].hand:
            state = with_player(state, seat, pricing=Pricing("", (), ()))
    return state


# --- phase 3: the reveal -------------------------------------------------------------------------------


def sealed_with(state: SkyeState, seat: int) -> str:
    """The salt of the seat's sealed prices or plan: its own, or the round's for a seal made
    without one (`rules.skye.sealing`)."""
    return state.players[seat].salt or state.salt



def reveal_prices(state: SkyeState, log: Log) -> SkyeState:
    """All prices at once: axed tiles back to the bag (shuffled), priced tiles on offer, the price
    gold set aside from each owner's gold."""
    who = names(state)
    shown = []
    back: list[str] = []
    offers: list[Offer] = []
    for seat in turn_order(state):
        player = state.players[seat]
        pricing = player.pricing
        assert pricing is not None
        if player.hand:
            priced = joined([Msg("{tile} {n} gold", tile=t, n=p) for t, p in zip(pricing.tiles, pricing.prices)],
                            ", ") if pricing.tiles else Msg("nothing priced")
            axe = Msg("axe on {tile}", tile=pricing.axe) if pricing.axe else Msg("no axe")
            shown.append(Msg("{name}: {axe}; {priced}", name=who[seat], axe=axe, priced=priced))
            log.proof.append(Msg("{name}'s prices: {sealed} with salt {salt} → fingerprint {fingerprint}",
                                 name=who[seat], sealed=price_text(pricing), salt=sealed_with(state, seat),
                                 fingerprint=player.fingerprint))
        if pricing.axe:
            back.append(pricing.axe)
        offers += [Offer(t, seat, p) for t, p in zip(pricing.tiles, pricing.prices)]
        state = with_player(state, seat, gold=player.gold - sum(pricing.prices), hand=(), pricing=None,
                            fingerprint="", salt="")
    log.add(Msg("Prices revealed: {prices}.", prices=joined(shown, " | ")))
    if back:
        state = shuffled(state, (*state.bag, *back))
        log.add(Msg("Axed tiles {tiles} go back into the bag.", tiles=", ".join(back)))
    state = replace(state, offers=tuple(offers), stage="buy")
    order = turn_order(state)
    seconds = tuple(s for s in order if usable(state, s, "two_buys") is not None)
    return replace(state, queue=order + seconds)


# --- phase 4: buying and keeping ----------------------------------------------------------------------


def can_buy(state: SkyeState, seat: int) -> bool:
    bank = usable(state, seat, "bank_pays") is not None
    gold = state.players[seat].gold
    return any(o.owner != seat and (bank or o.price <= gold) for o in state.offers)


def take(state: SkyeState, seat: int, tile: str, log: Log) -> SkyeState:
    """The seat takes a tile to place (bought or kept); J-T9 for the journeyman symbol. A tile that
    fits nowhere in the territory as it is now is said to be at risk of discard."""
    if not land(state.board, state.players[seat]).can_place(state.board.tile(tile)):
        log.add(Msg("{tile} fits nowhere in {name}'s territory now: it is discarded unless their other new tiles "
                    "make room for it.", tile=tile, name=name(state, seat)))
    state = with_player(state, seat, to_place=(*state.players[seat].to_place, tile))
    if state.board.tile(tile).journeyman:
        state = replace(state, pending=(*state.pending, Pending(seat, "journeyman", tile)))
        log.add(Msg("{name} took {tile} with the journeyman symbol and may advance on any track.",
                    name=name(state, seat), tile=tile))
    return state


def keep_offers(state: SkyeState, seat: int, discard: tuple[str, ...], log: Log) -> SkyeState:
    """The seat keeps its unbought tiles (their price already with the bank) but those discarded
    (out of the game, their price given back)."""
    kept, dropped, refund = [], [], 0
    for offer in [o for o in state.offers if o.owner == seat]:
        if offer.tile in discard:
            dropped.append(offer.tile)
            refund += offer.price
        else:
            kept.append(offer)
    state = replace(state, offers=tuple(o for o in state.offers if o.owner != seat), box=(*state.box, *dropped))
    state = with_player(state, seat, gold=state.players[seat].gold + refund, kept=True)
    if kept:
        paid = [Msg("{tile} (paid {n} gold to the bank)", tile=o.tile, n=o.price) for o in kept]
        log.add(Msg("{name} keeps {tiles}.", name=name(state, seat), tiles=joined(paid, ", ")))
    if dropped:
        log.add(Msg("{name} discards {tiles} and takes back {n} gold.", name=name(state, seat),
                    tiles=", ".join(dropped), n=refund))
    for offer in kept:
        state = take(state, seat, offer.tile, log)
    return state


def keep_all(state: SkyeState, log: Log) -> SkyeState:
    for seat in turn_order(state):
        if any(o.owner == seat for o in state.offers):
            state = keep_offers(state, seat, (), log)
    return state


# --- phase 5: placing, the journeyman ---------------------------------------------------------------


def discard_unplaceable(state: SkyeState, seat: int, log: Log) -> SkyeState:
    """The seat's tiles leave the game, said in the log, once none of them fits anywhere: while one
    fits, placing it may make room for the others (players place in any order)."""
    player = state.players[seat]
    lnd = land(state.board, player)
    stuck = [t for t in player.to_place if not lnd.can_place(state.board.tile(t))]
    if stuck and len(stuck) == len(player.to_place):
        state = with_player(state, seat, to_place=tuple(t for t in player.to_place if t not in stuck))
        state = replace(state, box=(*state.box, *stuck))
        log.add(Msg("{name} cannot place {tiles} anywhere: discarded.", name=name(state, seat), tiles=", ".join(stuck)))
    return state


def reveal_plans(state: SkyeState, log: Log) -> SkyeState:
    """All plans at once, then each journeyman walks in turn order (J-M1)."""
    who = names(state)
    shown = []
    for seat in turn_order(state):
        player = state.players[seat]
        assert player.plan is not None
        marks = " > ".join(marker_text(m) for m in player.plan.markers)
        route = marks or Msg("no markers")
        shown.append(Msg("{name}: {plan} with Extra Movement", name=who[seat], plan=route) if player.plan.extra else
                     Msg("{name}: {plan}", name=who[seat], plan=route))
        log.proof.append(Msg("{name}'s plan: {sealed} with salt {salt} → fingerprint {fingerprint}", name=who[seat],
                             sealed=plan_text(player.plan), salt=sealed_with(state, seat),
                             fingerprint=player.fingerprint))
    log.add(Msg("Plans revealed: {plans}.", plans=joined(shown, " | ")))
    walks = []
    for seat in turn_order(state):
        plan = state.players[seat].plan
        assert plan is not None
        state, walk, lines = carry_out(state, seat, plan, who[seat])
        walks.append(walk)
        log.add(*lines)
    for seat in range(len(state.seats)):
        state = with_player(state, seat, plan=None, fingerprint="", salt="")
    return replace(state, walks=tuple(walks), stage="walk_end")


# --- phase 6 and the end --------------------------------------------------------------------------------


def score_round(state: SkyeState, log: Log) -> SkyeState:
    """VP per round from the Warrior and Herald banners, then the round's scoring tiles."""
    who = names(state)
    letters = letters_now(state)
    titles = [f"{c} {state.board.scoring.tile_by_id[state.scoring[LETTERS.index(c)]].title}" for c in letters]
    parts = []
    gains = []
    for seat in range(len(state.seats)):
        warrior, herald = vp_per_round(state, seat)
        tiles = [(c, score_tile(state, seat, state.scoring[LETTERS.index(c)])) for c in letters]
        total = warrior + herald + sum(v for _c, v in tiles)
        gains.append(total)
        bits: list[str] = [Msg("Warrior {n}", n=warrior)] if warrior else []
        bits += [Msg("Herald {n}", n=herald)] if herald else []
        bits += [f"{c} {v}" for c, v in tiles]
        parts.append(Msg("{name} +{n} ({bits})", name=who[seat], n=total, bits=joined(bits, ", ")) if bits else
                     Msg("{name} +{n}", name=who[seat], n=total))
    for seat, total in enumerate(gains):
        state = with_player(state, seat, vp=state.players[seat].vp + total)
    log.add(Msg("Round {n} scoring ({tiles}): {gains}.", n=state.round, tiles=", ".join(titles),
                gains=joined(parts, "; ")) if titles else
            Msg("Round {n} scoring (no scoring tile this round): {gains}.", n=state.round, gains=joined(parts, "; ")))
    return state


def final_scoring(state: SkyeState, log: Log) -> SkyeState:
    """After the last round: scrolls in completed areas, then gold (1 VP per `gold_per_vp`)."""
    who = names(state)
    notes = []
    per = state.board.gold_per_vp
    for seat in range(len(state.seats)):
        player = state.players[seat]
        scrolls = scroll_points(state, seat)
        from_scrolls = sum(v for _t, v in scrolls)
        from_gold = player.gold // per if per else 0
        state = with_player(state, seat, vp=player.vp + from_scrolls + from_gold)
        bits = [Msg("{what}: {n}", what=t, n=v) for t, v in scrolls]
        bits += [Msg("{gold} gold: {n}", gold=player.gold, n=from_gold)] if per else []
        notes.append(Msg("{name} +{n} ({bits}) = {vp} VP", name=who[seat], n=from_scrolls + from_gold,
                         bits=joined(bits, "; ") if bits else Msg("nothing"), vp=state.players[seat].vp))
    log.add(Msg("Final scoring: {notes}.", notes=joined(notes, " | ")))
    return replace(state, stage="over", notes=tuple(str(n) for n in notes), queue=(), offers=())


# --- moving on --------------------------------------------------------------------------------------------


def settle(state: SkyeState, log: Log) -> SkyeState:
    """Move on through every step that waits for nobody (see the module doc)."""
    who = names(state)
    for _guard in range(1000):
        if state.pending or state.stage in ("price", "plan", "over"):
            return state
        if state.stage == "buy":
            while state.queue and not can_buy(state, state.queue[0]):
                seat = state.queue[0]
                log.add(Msg("{name} cannot buy anything and passes.", name=who[seat]))
                state = replace(state, queue=state.queue[1:])
            if state.queue:
                return state
            if state.settings["unbought"] == "choose" and state.offers:
                state = replace(state, stage="keep")
                continue
            state = replace(keep_all(state, log), stage="buy_end")
            continue
        if state.stage == "keep":
            if state.offers:
                return state
            state = replace(state, stage="buy_end")
            continue
        if state.stage in ("buy_end", "walk_end"):
            if any(p.unlocked for p in state.players):
                state, lines = resolve_bonuses(state, who)
                log.add(*lines)
                continue
            if state.stage == "buy_end":
                state = replace(state, stage="place")
                for seat in turn_order(state):
                    state = discard_unplaceable(state, seat, log)
                continue
            state = score_round(state, log)
            if state.round >= state.rounds:
                return final_scoring(state, log)
            state = replace(state, round=state.round + 1, first=(state.first + 1) % len(state.seats))
            state = start_round(state, log)
            if all(p.pricing is not None for p in state.players):
                state = reveal_prices(state, log)
            continue
        if state.stage == "place":
            if any(p.to_place for p in state.players):
                return state
            state = replace(state, stage="plan", salt=salt(state.seed, state.round, "plan"))
            counts = joined([Msg("{name} {markers}", name=who[s], markers=Plural("{n} marker", "{n} markers",
                                                                               state.players[s].markers))
                             for s in turn_order(state)], ", ")
            log.add(Msg("Everyone has placed their tiles: each player now plans their journeyman's walk in secret "
                        "({counts}).", counts=counts))
            return state
    raise RuntimeError("settle did not come to rest")

