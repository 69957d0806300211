"""The base game's round around the journeyman: setup, income, sealed prices and the reveal,
buying and keeping, placing, scoring, the end and the winner."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.base import Actor
from rules.errors import BadInput, IllegalMove, NotYourTurn
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Adjust, Buy, Choose, Keep, Place, Plan, Price
from rules.skye.model import Scroll
from rules.skye.rounds import Log, final_scoring, income, score_round
from rules.skye.sealing import fingerprint, price_text, salt
from rules.skye.state import Held, Offer, Pricing, with_player
from tests.rules import skye_fixtures
from tests.rules.skye_fixtures import (
    BLUE,
    GREEN,
    RED,
    SCENARIO_PLACES,
    YELLOW,
    act,
    new_game,
    scenario,
    tile,
)

BARRELS = tile("B2", "w", barrel=2)
BARREL = tile("B1", "w", barrel=1)
SCROLLED = tile("SCR", zones="W: P:nesw", sheep=1, scroll=Scroll("sheep", 0))
OPEN_SCROLL = tile("SCO", zones="W:n P:esw", sheep=2, scroll=Scroll("sheep", 0))


def game(placed=None, stage="plan", players=3, **settings):
    return scenario(players, placed, stage, [BARRELS, BARREL, SCROLLED, OPEN_SCROLL], **settings)


def buying(offers: list[Offer], queue: tuple[int, ...], players: int = 3, **settings):
    state = game(stage="buy", players=players, **settings)
    tiles = {o.tile for o in offers}
    return replace(state, offers=tuple(offers), queue=queue, bag=tuple(t for t in state.bag if t not in tiles))


# --- setup and income ---------------------------------------------------------------------------------


def test_setup_deals_three_tiles_each_after_the_first_income():
    state = new_game(3)
    GAME.check(state)
    assert state.round == 1 and state.rounds == 6 and state.stage == "price" and state.first == RED
    assert [p.gold for p in state.players] == [5, 5, 5]
    assert [len(p.hand) for p in state.players] == [3, 3, 3]
    assert len(state.bag) == len(state.board.tiles.landscapes) - 9
    assert len(state.scoring) == 4 and len(set(state.scoring)) == 4
    assert new_game(5).rounds == 5 and new_game(2).rounds == 6 and new_game(3, rounds=4).rounds == 4
    assert GAME.status_line(state) == "Round 1 of 6: Red, Blue and Yellow to price"


@pytest.mark.parametrize(("settings", "message"), [
    ({"schedule": "steady", "rounds": 3}, "Schedule steady has no 3-round game"),
    ({"scoring": "lochs,peaks"}, "Setting scoring needs four different scoring tiles"),
    ({"scoring": "lochs,peaks,glen,nope"}, "'nope' is not one"),
    ({"unbought": "burn"}, "Setting unbought is one of: keep, choose"),
    ({"fog": 1}, "has no setting 'fog'"),
])
def test_setup_refuses_bad_settings(settings, message):
    with pytest.raises(BadInput, match=message):
        new_game(3, **settings)


def test_settings_choose_scoring_tiles_schedule_and_start_gold():
    state = new_game(3, scoring="lochs,peaks,glen,roads", schedule="finale", start_gold=4)
    assert state.scoring == ("lochs", "peaks", "glen", "roads")
    assert [p.gold for p in state.players] == [9, 9, 9]
    assert new_game(3, name="journeyman").scoring == ("jm_distance", "jm_brochs", "jm_rows", "jm_bridges")


def test_bonus_layouts_are_shuffled_per_player_or_shared():
    assert len({p.layout for p in new_game(5, seed=3).players}) > 1
    assert len({p.layout for p in new_game(5, seed=3, bonus_layout="shared").players}) == 1


def test_income_castle_barrels_by_road_merchant_no_axe_and_catch_up():
    placed = [*SCENARIO_PLACES, ("B2", -1, 0, 0), ("B1", -1, 1, 0)]  # B2's stub meets nothing: not joined
    state = game(placed)
    assert income(state, RED) == (5, ["castle 5"])
    joined = game([*SCENARIO_PLACES, ("B2", -1, 0, 2)])  # turned: its stub faces the castle's west stub
    assert income(joined, RED) == (7, ["castle 5", "barrels 2"])
    assert income(game([*SCENARIO_PLACES, ("B2", -1, 0, 2)], barrel_income="tile"), RED)[0] == 6
    rich = with_player(joined, RED, tracks=(0, 7, 0), best=(0, 7, 0), taken=("no_axe",), held=(Held("no_axe", 0),))
    rich = replace(rich, round=4)
    rich = with_player(with_player(rich, BLUE, vp=9), YELLOW, vp=3)
    assert income(rich, RED) == (7 + 4 + 3 + 2 * 2, ["castle 5", "barrels 2", "Merchant 4", "No Axe 3",
                                                       "catch-up 2×2"])
    assert income(replace(rich, settings=rich.settings.with_item("catch_up", False)), RED)[0] == 14


# --- sealed prices and the reveal ------------------------------------------------------------------------


def test_prices_are_sealed_changeable_and_revealed_together():
    state = new_game(3)
    hands = [p.hand for p in state.players]
    first = act(state, RED, Price(hands[RED][0], hands[RED][1:], (2, 3)))
    assert first.secret and not first.board_changed and first.public.startswith("Red committed (fingerprint ")
    assert hands[RED][1] not in first.public and "2" not in first.public.split("fingerprint")[0]
    again = act(first.state, RED, Price(hands[RED][2], hands[RED][:2], (1, 1)))
    assert again.public != first.public and again.summary.startswith("Red changed their prices")
    assert GAME.position(again.state).acting == (BLUE, YELLOW) and GAME.position(again.state).may_act == (0, 1, 2)
    state = act(again.state, BLUE, Price(hands[BLUE][0], hands[BLUE][1:], (1, 4))).state
    result = act(state, YELLOW, Price(hands[YELLOW][0], hands[YELLOW][1:], (3, 1)))
    assert result.reveals and not result.undoable and result.board_changed
    salt_ = salt(state.seed, 1, "price")
    assert f"salt {salt_}" not in result.summary  # the proof is kept apart: the log holds it, a button shows it
    red = Pricing(hands[RED][2], hands[RED][:2], (1, 1))
    proof = " ".join(result.proof)
    assert f"salt {salt_}" in proof and fingerprint(salt_, RED, price_text(red)) in proof and price_text(red) in proof
    assert first.said == "Red committed."  # the channel hears that Red committed; the log keeps the fingerprint
    after = result.state
    assert [p.gold for p in after.players] == [3, 0, 1] and after.stage == "buy" and after.queue[0] == RED
    assert sorted(o.tile for o in after.offers) == sorted([*hands[RED][:2], *hands[BLUE][1:], *hands[YELLOW][1:]])
    assert {hands[RED][2], hands[BLUE][0], hands[YELLOW][0]} <= set(after.bag)


@pytest.mark.parametrize(("axe", "tiles", "prices", "error", "message"), [
    ("Q9", None, (1, 1), BadInput, "'Q9' is not one of your drawn tiles"),
    ("", None, (1, 1, 1), IllegalMove, "Put the axe on one of your tiles"),
    (0, "same", (1, 1), BadInput, "Price exactly the tiles without the axe"),
    (0, None, (0, 1), BadInput, "must be between 1 and 99 gold, not 0"),
    (0, None, (3, 3), IllegalMove, "add up to 6 gold but you have only 5"),
    (0, None, (1,), BadInput, "Give one price per tile"),
])
def test_price_refusals(axe, tiles, prices, error, message):
    state = new_game(3)
    hand = state.players[RED].hand
    axe_id = hand[axe] if isinstance(axe, int) else axe
    priced = hand[:2] if tiles == "same" else tuple(t for t in hand if t != axe_id)[: max(len(prices), 2)]
    with pytest.raises(error, match=message):
        act(state, RED, Price(axe_id, priced, prices))


def test_no_axe_lets_a_player_price_all_three_and_the_minimum_is_waived_when_unaffordable():
    state = new_game(3)
    state = with_player(state, RED, taken=("no_axe",), held=(Held("no_axe", 0),))
    hand = state.players[RED].hand
    assert q.may_skip_axe(state, RED)
    assert act(state, RED, Price("", hand, (1, 1, 1))).state.players[RED].pricing.axe == ""
    poor = with_player(state, BLUE, gold=1)
    assert q.price_floor(poor, BLUE) == 0
    act(poor, BLUE, Price(poor.players[BLUE].hand[0], poor.players[BLUE].hand[1:], (0, 1)))


def test_adjusting_gold_withdraws_sealed_prices():
    state = new_game(3)
    hand = state.players[RED].hand
    state = act(state, RED, Price(hand[0], hand[1:], (2, 2))).state
    result = act(state, RED, Adjust("gold", value=3))
    assert result.state.players[RED].pricing is None and "withdrawn" in result.details[1]
    assert GAME.position(result.state).acting == (RED, BLUE, YELLOW)


@pytest.mark.parametrize("what", [Adjust("markers", value=1), Adjust("markers", value=3), Adjust("gold", value=1),
                                  Adjust("merchant", value=2), Adjust("journeyman", x=1, y=0)])
def test_an_adjustment_withdraws_a_sealed_plan_whatever_it_holds_J_M2(what):
    """Issue 18.5: adjusting Red's markers withdrew a 2-marker plan and kept a 1-marker one, so the
    host learnt the plan's size. Every sealed plan is withdrawn alike; VP and roads in hand touch no plan."""
    said = set()
    for markers in ((), ("castle",), ("castle", "T1")):
        state = act(scenario(3), RED, Plan(markers)).state
        result = act(state, BLUE, replace(what, seat=RED), host=True)
        assert result.state.players[RED].plan is None and result.state.players[RED].fingerprint == ""
        said.add(result.details)
    assert len(said) == 1 and "Red's sealed plan is withdrawn because their" in next(iter(said))[1]
    state = act(scenario(3), RED, Plan(("castle",))).state
    for other in (Adjust("vp", value=3, seat=RED), Adjust("roads", value=2, seat=RED)):
        kept = act(state, BLUE, other, host=True)
        assert kept.state.players[RED].plan is not None and len(kept.details) == 1


# --- buying and keeping -----------------------------------------------------------------------------------


def test_buying_pays_the_seller_who_also_takes_back_the_price_gold():
    state = buying([Offer("B1", BLUE, 3), Offer("B2", RED, 2)], (RED, BLUE, YELLOW))
    state = with_player(with_player(state, RED, gold=4), BLUE, gold=0)
    result = act(state, RED, Buy("b1"))
    assert "Red buys B1 from Blue for 3 gold" in result.summary
    assert (result.state.players[RED].gold, result.state.players[BLUE].gold) == (1, 6)
    assert result.state.players[RED].to_place == ("B1",)


@pytest.mark.parametrize(("tile", "error", "message"), [
    ("B2", IllegalMove, "You cannot buy your own tile"),
    ("Q1", BadInput, "'Q1' is not one of the tiles other players offer (B1)"),
])
def test_buy_refusals(tile, error, message):
    state = buying([Offer("B1", BLUE, 3), Offer("B2", RED, 2)], (RED, BLUE, YELLOW))
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        act(state, RED, Buy(tile))


def test_a_buyer_who_cannot_afford_anything_passes_and_unbought_tiles_are_kept():
    state = buying([Offer("B1", BLUE, 3), Offer("B2", RED, 2)], (RED, BLUE, YELLOW))
    state = with_player(with_player(state, RED, gold=2), YELLOW, gold=0)
    with pytest.raises(IllegalMove, match="B1 costs 3 gold but you have only 2"):
        act(state, RED, Buy("B1"))
    state = act(state, RED, Buy("")).state
    with pytest.raises(NotYourTurn, match="It is Blue's turn"):
        act(state, YELLOW, Buy(""))
    result = act(state, BLUE, Buy(""))
    assert "Yellow cannot buy anything and passes." in result.details
    assert "Red keeps B2 (paid 2 gold to the bank)." in result.details
    assert result.state.stage == "place" and result.state.players[BLUE].to_place == ("B1",)


def test_bank_pays_and_two_buys():
    held = (Held("bank_pays", 0), Held("two_buys", 0))
    state = game(stage="price")
    state = with_player(state, RED, taken=("bank_pays", "two_buys"), held=held, gold=0)
    state = replace(state, stage="buy")
    from rules.skye.rounds import can_buy

    state = replace(state, offers=(Offer("B1", BLUE, 3), Offer("B2", BLUE, 4)), queue=(RED, BLUE, YELLOW, RED),
                    bag=tuple(t for t in state.bag if t not in ("B1", "B2")))
    assert can_buy(state, RED)
    state = act(state, RED, Buy("B1")).state
    assert state.players[RED].gold == 0  # the bank paid
    state = act(state, BLUE, Choose("none")).state  # Blue has nothing to buy: passes at once
    state = act(state, YELLOW, Buy("")).state
    assert GAME.position(state).prompt == "Two Buys: buy a second tile, or pass."
    result = act(state, RED, Buy("B2"))
    assert "as a second buy" in result.summary and result.state.players[RED].gold == 0
    assert result.state.players[BLUE].gold == state.players[BLUE].gold + 8


def test_unbought_choose_lets_owners_discard_for_their_gold_back():
    state = buying([Offer("B1", BLUE, 3), Offer("B2", BLUE, 2)], (RED,), unbought="choose")
    state = act(state, RED, Buy("")).state
    assert state.stage == "keep" and GAME.position(state).acting == (BLUE,)
    gold = state.players[BLUE].gold
    with pytest.raises(NotYourTurn):
        act(state, RED, Keep())
    result = act(state, BLUE, Keep(("B2",)))
    assert result.state.players[BLUE].gold == gold + 2 and "B2" in result.state.box
    assert result.state.players[BLUE].to_place == ("B1",)


# --- placing --------------------------------------------------------------------------------------------------


def test_placing_needs_a_free_cell_next_to_the_territory_and_matching_terrain():
    state = game([], stage="place")
    state = with_player(state, RED, to_place=("SCO", "B1"))
    state = replace(state, bag=tuple(t for t in state.bag if t not in ("SCO", "B1")))
    assert q.placements(state, RED, "SCO") == [(-1, 0, (0, 2, 3)), (0, -1, (1, 2, 3)), (0, 1, (0, 1, 3)),
                                               (1, 0, (0, 1, 2))]
    with pytest.raises(IllegalMove, match="0,0 .* already there|the castle is already there"):
        act(state, RED, Place("SCO", 0, 0, 0))
    with pytest.raises(IllegalMove, match="not next to your territory"):
        act(state, RED, Place("SCO", 2, 2, 0))
    with pytest.raises(IllegalMove, match="shows water on its west side, but the castle shows pasture there"):
        act(state, RED, Place("SCO", 1, 0, 3))
    with pytest.raises(BadInput, match="Rotation is 0, 1, 2 or 3"):
        act(state, RED, Place("SCO", 1, 0, 4))
    result = act(state, RED, Place("SCO", 1, 0, 0))
    assert result.summary == "Red places SCO at 1,0 (turned 0)."


def test_a_tile_that_fits_nowhere_is_discarded_and_said():
    pond = tile("PD", zones="W:nesw")
    state = scenario(3, [], "buy", [pond])
    state = replace(state, offers=(Offer("PD", RED, 1),), queue=(BLUE,), bag=tuple(t for t in state.bag if t != "PD"))
    result = act(state, BLUE, Buy(""))
    assert "PD fits nowhere in Red's territory now: it is discarded unless their other new tiles make room for " \
           "it." in result.details
    assert "Red cannot place PD anywhere: discarded." in result.details
    assert "PD" in result.state.box and result.state.stage == "plan"


def test_a_tile_is_discarded_only_when_it_fits_nowhere_after_the_players_other_placements():
    """Issue 19.3 (base game placing, ruling 8 of docs/skye.md): Blue's L50 fits only once L48 is placed."""
    state = new_game(2, deal=1)
    assert [p.hand for p in state.players] == [("L24", "L45", "L18"), ("L08", "L50", "L48")]
    state = act(state, RED, Price("L45", ("L24", "L18"), (1, 1))).state
    state = act(state, BLUE, Price("L08", ("L50", "L48"), (1, 1))).state
    state = act(state, RED, Buy("")).state
    kept = act(state, BLUE, Buy(""))
    assert "L50 fits nowhere in Blue's territory now: it is discarded unless their other new tiles make room " \
           "for it." in kept.details
    assert not any("discarded." in line and "cannot place" in line for line in kept.details)
    state = kept.state
    assert state.stage == "place" and state.players[BLUE].to_place == ("L50", "L48")
    assert q.to_place(state, BLUE) == ("L48", "L50")  # what fits now first (autocomplete, scripted players)
    with pytest.raises(IllegalMove, match="L50 fits nowhere in your territory yet: place L48 first"):
        act(state, BLUE, Place("L50", 2, 0, 0))
    state = act(state, BLUE, Place("L48", 1, 0, 0)).state
    assert (2, 0, (0, 1, 2, 3)) in q.placements(state, BLUE, "L50")
    state = act(state, BLUE, Place("L50", 2, 0, 0)).state
    assert state.players[BLUE].to_place == () and "L50" not in state.box
    with pytest.raises(NotYourTurn, match="You have no tiles left to place; waiting for Red."):
        act(state, BLUE, Place("L50", 3, 0, 0))


def test_a_buyer_is_warned_when_the_tile_bought_fits_nowhere_now():
    pond = tile("PD", zones="W:nesw")
    state = scenario(3, [], "buy", [pond], seat=BLUE)
    state = replace(state, offers=(Offer("PD", BLUE, 1),), queue=(RED, BLUE), bag=tuple(t for t in state.bag
                                                                                    if t != "PD"))
    bought = act(state, RED, Buy("PD"))
    assert "PD fits nowhere in Red's territory now: it is discarded unless their other new tiles make room " \
           "for it." in bought.details


# --- scoring and the end -------------------------------------------------------------------------------------------


def test_round_scoring_gives_banner_vp_then_the_round_tiles():
    state = game(scoring="long_rows,lochs,glen,roads")
    state = with_player(state, RED, tracks=(3, 0, 4), best=(3, 0, 4))
    log = Log()
    after = score_round(state, log)  # round 1: A only (long rows: row 0 has castle, T1, T2, T4)
    assert after.players[RED].vp == 1 + 1 + 2
    assert log.lines[0].startswith("Round 1 scoring (A Long Rows): Red +4 (Warrior 1, Herald 1, A 2)")


def test_final_scoring_counts_scrolls_in_completed_areas_and_gold():
    state = game([*SCENARIO_PLACES, ("SCR", -1, 0, 0), ("SCO", 0, -1, 2)])
    state = with_player(state, RED, gold=12, vp=10)
    state = replace(state, stage="walk_end", round=6)
    after = final_scoring(state, Log())
    # SCR's scroll lies on its enclosed loch (completed): 1 VP per sheep (1 + 2 = 3); SCO's is open: 0
    assert after.players[RED].vp == 10 + 3 + 2
    assert "SCO (1 VP per sheep, area not completed): 0" in after.notes[RED]
    assert after.stage == "over" and GAME.ending(after) is not None


def test_ties_go_to_the_most_gold_then_are_shared():
    state = replace(new_game(4), stage="over")
    for seat, (vp, gold) in enumerate([(30, 4), (30, 9), (12, 50), (30, 9)]):
        state = with_player(state, seat, vp=vp, gold=gold)
    ending = GAME.ending(state)
    assert ending.winners == (BLUE, GREEN) and ending.text.startswith("Blue and Green share the victory")
    state = with_player(state, GREEN, gold=8)
    ending = GAME.ending(state)
    assert ending.winners == (BLUE,) and ending.text.startswith("Blue wins on gold after a tie on VP")
    with pytest.raises(IllegalMove, match="The game is over"):
        act(state, RED, Buy(""))


def test_the_placements_of_a_round_fold_into_one_board_posted_with_the_last():
    """Issue 28 (posts per round): in phase 5, before the plans (J-M1), every player places the
    tiles they bought or kept; each placement is told in a line, only the last of the round posts
    a board."""
    rng = random.Random(4)
    state = skye_fixtures.new_game(3, 4)
    boards = []
    while state.round < 3:
        seat, action = skye_fixtures.random_action(rng, state, roads=False)
        result = GAME.apply(state, Actor(seat), action)
        if isinstance(action, Place):
            boards.append((result.board_changed, any(p.to_place for p in result.state.players)))
        state = result.state
    assert len(boards) > 4
    assert all(drawn == (not left) for drawn, left in boards)
    assert sum(drawn for drawn, _ in boards) == 2  # one board a round
