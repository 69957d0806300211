"""What happens at the dock where a sail ends: deploy (V-D1), attack (V-D2), raid (V-R1).
Docking effects need a sail that moved and ended at a dock (V-S5)."""

from __future__ import annotations

from rules.errors import BadInput, IllegalMove
from rules.frozen import evolved
from rules.messages import Msg, Plural, joined
from rules.vikings.actions import Sail
from rules.vikings.state import VikingsState, changed, colour, island_title, raid_cost, with_player


def check_landing(state: VikingsState, seat: int, action: Sail, end: str) -> None:
    """Refuse a deploy or raid at `end` that the rules or the player's supply do not allow."""
    settlers, strength, raid = action.settlers, action.strength, action.raid
    if settlers < 0:
        raise BadInput(Msg("The number of settlers to deploy cannot be negative."))
    if not (settlers or raid):
        return
    if not action.route:
        raise IllegalMove(Msg("Deploying and raiding need a sail that moves at least once."))
    if state.board.kind(end) != "dock":
        raise IllegalMove(Msg("The sail ends at {end}, a fjord; deploying and raiding happen at a dock.", end=end))
    player = state.players[seat]
    if settlers > strength:
        raise IllegalMove(Msg("A sail x{strength} deploys at most {settlers}.", strength=strength,
                              settlers=Plural("{n} settler", "{n} settlers", strength)))
    if settlers > player.mat_settlers:
        raise IllegalMove(Plural("You have only {n} settler on your mat.", "You have only {n} settlers on your mat.",
                                 player.mat_settlers))
    if settlers > player.food:
        raise IllegalMove(Plural("Deploying {n} settler costs {n} food; you have {food}.",
                                 "Deploying {n} settlers costs {n} food; you have {food}.", settlers, food=player.food))
    if raid:
        if end not in state.villages:
            raise IllegalMove(Msg("There is no village at {end} to raid.", end=end))
        cost = raid_cost(state)
        if player.steel < cost:
            raise IllegalMove(Msg("Raiding costs {cost} steel in era {era}; you have {steel}.", cost=cost,
                                  era=state.era, steel=player.steel))


def land(state: VikingsState, seat: int, action: Sail, dock: str) -> tuple[VikingsState, list[str], list[str]]:
    """Deploy, attack and raid at `dock` (already checked): the state after, what happened as
    phrases and the player's supply changes as lines."""
    settlers, raid = action.settlers, action.raid
    phrases: list[str] = []
    supply: list[str] = []
    if not (settlers or raid):
        return state, phrases, supply
    island = state.board.island_of(dock)
    if settlers:
        player = state.players[seat]
        supply.append(Msg("{name} food {before} → {after}", name=colour(state, seat), before=player.food,
                          after=player.food - settlers))
        state = with_player(state, seat, food=player.food - settlers, mat_settlers=player.mat_settlers - settlers,
                            settlers=player.settlers.with_item(island, player.settlers[island] + settlers))
        deployed = Plural("{n} settler", "{n} settlers", settlers)
        phrases.append(Msg("deployed {settlers} on {island}", settlers=deployed, island=island_title(state, island)))
        state, hit = _attack(state, seat, island)
        phrases.extend(hit)
    if raid:
        cost = raid_cost(state)
        player = state.players[seat]
        supply.append(Msg("{name} steel {before} → {after}", name=colour(state, seat), before=player.steel,
                          after=player.steel - cost))
        state = changed(state, seat, {"steel": player.steel - cost, "raided": player.raided + 1},
                        villages=state.villages - {dock})
        phrases.append(Msg("raided the village at {dock}", dock=dock))
    return state, phrases, supply


def _attack(state: VikingsState, seat: int, island: str) -> tuple[VikingsState, list[str]]:
    """V-D2: with more settlers there than each other player, every other player there loses one."""
    mine = state.players[seat].settlers[island]
    others = [s for s in range(len(state.players)) if s != seat]
    if any(state.players[s].settlers[island] >= mine for s in others):
        return state, []
    players = list(state.players)
    hit: list[str] = []
    for s in others:
        victim = players[s]
        count = victim.settlers[island]
        if count:
            players[s] = evolved(victim, settlers=victim.settlers.with_item(island, count - 1),
                                 mat_settlers=victim.mat_settlers + 1)
            hit.append(Msg("{name} {before}→{after}", name=colour(state, s), before=count, after=count - 1))
    if not hit:
        return state, []
    return evolved(state, players=tuple(players)), [Msg("removed a settler each: {hit}", hit=joined(hit, ", "))]
