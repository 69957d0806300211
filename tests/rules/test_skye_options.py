"""The legal options of Isle of Skye (`rules/skye/options.py`): what each parameter offers in typical
positions — every value offered is accepted, values the rules refuse are not offered (including those
the old autocomplete offered), a plan is built marker by marker — and that nothing offered to a seat
depends on another seat's sealed prices or plan."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules.base import Actor
from rules.errors import NotAllowed
from rules.options import SHOWN
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Place, Plan, Price, Road, Use
from rules.skye.state import Held, Offer, Pending, phase_number, with_player
from tests.rules.skye_fixtures import BLUE, RED, YELLOW, act, axed_alone, new_game, scenario
from tests.support.walking import walk


def offered(state, seat: int, kind: str, param: str, chosen: dict[str, Any] | None = None, host: bool = False):
    """The choices of `param` on the seat's own view: [(value, label)]."""
    found = GAME.choices(GAME.view(state, seat), Actor(seat, host), kind, param, chosen or {})
    return [(c.value, c.label) for c in found]


def values(state, seat: int, kind: str, param: str, chosen: dict[str, Any] | None = None, host: bool = False):
    return [value for value, _label in offered(state, seat, kind, param, chosen, host)]


def steps(state, seat: int, kind: str, chosen: dict[str, Any]) -> list[str]:
    return [p.name for p in GAME.params_now(GAME.view(state, seat), Actor(seat), kind, chosen)]


def holding(state, bonus: str):
    """Red holds a bonus tile taken in an earlier phase (usable now, J-T6)."""
    return with_player(state, RED, held=(Held(bonus, 0),), taken=(bonus,))


def _tiles(state, fits: bool, count: int, but: tuple[str, ...] = ()) -> list[str]:
    """Landscape tiles in the bag that fit somewhere in Red's territory (or nowhere)."""
    found = [t for t in state.bag if bool(q.placements(state, RED, t)) == fits and t not in but]
    return found[:count]


def _offering(state, offers: list[Offer], stage: str = "buy"):
    tiles = {o.tile for o in offers}
    return replace(state, stage=stage, bag=tuple(t for t in state.bag if t not in tiles), offers=tuple(offers),
                   queue=(RED, BLUE, YELLOW) if stage == "buy" else ())


# --- prices, buying, keeping (Rulings 4–6 of docs/skye.md) -------------------------------------------------


def test_price_offers_each_drawn_tile_for_the_axe_then_only_prices_the_seat_can_pay():
    """Ruling 4: the axe on a drawn tile, the others priced in the order drawn, together at most the
    seat's gold (5), each at least the minimum (1)."""
    state = new_game(3)
    hand = state.players[RED].hand
    assert values(state, RED, "price", "axe") == list(hand)  # no "none" without No Axe
    assert offered(state, RED, "price", "price1", {"axe": hand[0]})[0] == (1, f"1 gold for {hand[1]}")
    assert values(state, RED, "price", "price1", {"axe": hand[0]}) == [1, 2, 3, 4]
    assert values(state, RED, "price", "price2", {"axe": hand[0], "price1": 3}) == [1, 2]
    # all the gold on the first tile leaves nothing for the second (the old autocomplete offered 1 here)
    assert values(state, RED, "price", "price2", {"axe": hand[0], "price1": 5}) == []
    assert values(state, RED, "price", "price3", {"axe": hand[0], "price1": 1, "price2": 1}) == [0]
    assert steps(state, RED, "price", {"axe": hand[0], "price1": 1}) == ["axe", "price1", "price2"]  # as typed


def test_price_with_no_axe_offers_pricing_all_three_and_then_asks_for_the_third_price():
    """Ruling 4 and J-T7 (No Axe, usable from the phase after it was taken, J-T6)."""
    state = holding(new_game(3), "no_axe")
    hand = state.players[RED].hand
    assert values(state, RED, "price", "axe") == [*hand, "none"]
    chosen = {"axe": "none", "price1": 1, "price2": 1}
    assert next(p for p in GAME.params_now(state, Actor(RED), "price", {"price1": 1}) if p.name == "price3").required
    assert steps(state, RED, "price", {"axe": hand[0], "price1": 1}) == ["axe", "price1", "price2"]  # an axe: two
    assert "price3" in steps(state, RED, "price", {"axe": "none", "price1": 1})
    assert values(state, RED, "price", "price3", chosen) == [1, 2, 3]
    action = GAME.build(state, Actor(RED), "price", {**chosen, "price3": 2})
    assert action == Price("", hand, (1, 1, 2)) and act(state, RED, action).secret


def test_ruling_4_the_prices_are_one_choice_of_the_splits_the_gold_covers():
    """Ruling 4, issue 28: once the axe is chosen alone (with 7 gold, 3 axes × 21 splits are more than
    two menus: each axe's cheapest 15, then "other prices"), the two prices are one pick among the
    splits the seat's gold covers (each at least the minimum), saying the gold left; the pick seals
    them."""
    state = with_player(new_game(3), RED, gold=7)
    hand = state.players[RED].hand
    view, actor = GAME.view(state, RED), Actor(RED)
    assert steps(state, RED, "price", {"axe": hand[0]}) == ["axe", "prices"]
    first = GAME.step(view, actor, "price", [])
    assert len(first.choices) == 48 and first.choices[15].label == f"axe {hand[0]}: other prices…"
    axe = axed_alone(state, RED)
    step = GAME.step(view, actor, "price", [axe])
    assert step.param is not None and step.param.name == "prices"
    splits = [tuple(map(int, str(c.value).split())) for c in step.choices]
    assert set(splits) == {(a, b) for a in range(1, 7) for b in range(1, 7) if a + b <= 7}  # 7 gold, at least 1
    assert step.choices[0].label == f"{hand[1]} 1 gold, {hand[2]} 1 gold (5 of your 7 gold left)"
    done = GAME.step(view, actor, "price", [axe, splits.index((2, 3))])
    assert done.param is None and GAME.build(view, actor, "price", done.values) == Price(hand[0], hand[1:], (2, 3))


def test_ruling_26_with_5_gold_the_axe_and_the_prices_are_one_choice():
    """Ruling 26, issue 28: 5 gold, three tiles drawn: each tile to axe with each split of the other
    two prices (10) is one pick of 30, as two menus show them; the pick seals them."""
    state = new_game(3)
    hand = state.players[RED].hand
    view, actor = GAME.view(state, RED), Actor(RED)
    step = GAME.step(view, actor, "price", [])
    assert step.param is not None and step.param.name == "priced" and len(step.choices) == 30 <= SHOWN
    assert {str(c.value).split()[0] for c in step.choices} == set(hand)
    assert step.choices[0].label == f"axe {hand[0]}: {hand[1]} 1 gold, {hand[2]} 1 gold (3 of your 5 gold left)"
    pick = next(n for n, c in zip(step.numbers, step.choices) if c.value == f"{hand[1]} 2 2")
    done = GAME.step(view, actor, "price", [pick])
    assert done.param is None and done.question == ""
    assert GAME.build(view, actor, "price", done.values) == Price(hand[1], (hand[0], hand[2]), (2, 2))
    for c in step.choices:
        assert GAME.accepts(view, actor, GAME.build(view, actor, "price", {"priced": c.value}))


def test_ruling_4_splits_past_a_menu_end_with_the_first_price_and_the_other_asked_after_it():
    """Issue 28: with 12 gold the splits run past a menu: the cheapest 14 (by the dearer tile, then the
    total), then each price of the first tile with the second asked after it (as many picks as each
    price apart); every one offered is accepted."""
    state = with_player(new_game(3), RED, gold=12)
    hand = state.players[RED].hand
    view, actor = GAME.view(state, RED), Actor(RED)
    axe = axed_alone(state, RED)
    step = GAME.step(view, actor, "price", [axe])
    values_ = [str(c.value) for c in step.choices]
    assert len(values_) == 25 and values_[14:] == [str(v) for v in range(1, 12)]  # 1–11 gold: 1 left for the other
    assert step.choices[-1].label == f"{hand[1]} 11 gold, then {hand[2]}'s price…"
    assert max(max(map(int, v.split())) for v in values_[:14]) <= 4
    first = GAME.step(view, actor, "price", [axe, step.numbers[values_.index("7")]])
    assert first.param is not None and first.param.name == "price2" and [c.value for c in first.choices] == \
        [1, 2, 3, 4, 5]
    done = GAME.step(view, actor, "price", [axe, step.numbers[values_.index("7")], 3])  # then 4 gold
    assert GAME.build(view, actor, "price", done.values) == Price(hand[0], hand[1:], (7, 4))
    for c in step.choices[:14]:
        assert GAME.accepts(view, actor, GAME.build(view, actor, "price", {"axe": hand[0], "prices": c.value}))


def test_buy_offers_other_players_tiles_the_buyer_can_pay_marking_those_that_fit_nowhere():
    """Ruling 5: a tile of another player's, at its price (Red has 5 gold); tiles that fit nowhere in
    the buyer's territory as it is now are said so."""
    state = scenario(stage="buy")
    fits, dear, own = _tiles(state, True, 3)
    (nowhere,) = _tiles(state, False, 1)
    state = _offering(state, [Offer(fits, BLUE, 2), Offer(nowhere, YELLOW, 1), Offer(dear, BLUE, 9),
                              Offer(own, RED, 1)])
    found = dict(offered(state, RED, "buy", "tile"))
    assert list(found) == [fits, nowhere, "pass"]  # not the one Red cannot pay, nor Red's own
    assert found[fits].startswith(f"{fits} from Blue for 2 gold — ") and "fits nowhere" not in found[fits]
    assert found[nowhere].startswith(f"{nowhere} from Yellow for 1 gold (fits nowhere in your territory now) — ")
    assert GAME.build(state, Actor(RED), "buy", {"tile": fits.lower()}).tile == fits


def test_keep_offers_keeping_every_unbought_tile_or_discarding_any_of_them():
    """Ruling 6 (setting unbought: choose): a discarded tile's price comes back."""
    state = scenario(stage="keep", unbought="choose")
    a, b, c = _tiles(state, True, 3)
    state = _offering(state, [Offer(a, RED, 2), Offer(b, RED, 1), Offer(c, BLUE, 1)], stage="keep")
    found = offered(state, RED, "keep", "discard")
    assert [v for v, _ in found] == ["none", a, b, f"{a} {b}"]
    assert found[3][1] == f"discard {a} and {b} (take back 3 gold)"
    result = act(state, RED, GAME.build(state, Actor(RED), "keep", {"discard": f"{a}, {b.lower()}"}))
    assert f"discards {a}, {b} and takes back 3 gold" in " ".join((result.summary, *result.details))


# --- placing (Ruling 8) -------------------------------------------------------------------------------------


def test_place_offers_each_tile_then_exactly_where_it_fits_then_the_turns_that_fit_there():
    """Ruling 8: a tile goes next to the territory with every shared edge matching; a tile that fits
    nowhere is not offered."""
    state = scenario(stage="place")
    (tile,), (nowhere,) = _tiles(state, True, 1), _tiles(state, False, 1)
    state = replace(with_player(state, RED, to_place=(tile, nowhere)),
                    bag=tuple(t for t in state.bag if t not in (tile, nowhere)))
    assert values(state, RED, "place", "tile") == [tile]
    legal = {(x, y): turns for x, y, turns in q.placements(state, RED, tile)}
    spots = values(state, RED, "place", "position", {"tile": tile})
    assert {tuple(int(v) for v in spot.split(",")) for spot in spots} == set(legal)
    (x, y), turns = next(iter(legal.items()))
    assert values(state, RED, "place", "rotation", {"tile": tile, "position": f"{x},{y}"}) == list(turns)
    assert GAME.build(state, Actor(RED), "place", {"tile": tile.lower(), "position": f"({x}, {y})"}) == \
        Place(tile, x, y, turns[0])  # no rotation given: the first that fits there


def test_ruling_8_a_tile_and_where_it_goes_are_one_choice_when_they_fit_on_a_menu():
    """Ruling 8, issue 28: with two tiles to place, each tile with each position where it fits is one
    pick saying the turns that fit there (12 + 12 of them: a menu holds 25); the turn is then
    optional (the first that fits), and the pick builds the placing the rules accept."""
    state = scenario(stage="place")
    a, b = _tiles(state, True, 2)
    state = replace(with_player(state, RED, to_place=(a, b)), bag=tuple(t for t in state.bag if t not in (a, b)))
    view, actor = GAME.view(state, RED), Actor(RED)
    step = GAME.step(view, actor, "place", [])
    assert step.param is not None and step.param.name == "spot"
    legal = {(tile, x, y): turns for tile in (a, b) for x, y, turns in q.placements(state, RED, tile)}
    assert {c.value for c in step.choices} == {f"{tile}@{x},{y}" for tile, x, y in legal}
    (tile, x, y), turns = next(iter(legal.items()))
    number = step.numbers[[c.value for c in step.choices].index(f"{tile}@{x},{y}")]
    label = step.choices[[c.value for c in step.choices].index(f"{tile}@{x},{y}")].label
    assert label.startswith(f"{tile} at {x},{y} (fits turned {', '.join(map(str, turns))}) — ")
    picked = GAME.step(view, actor, "place", [number])
    assert picked.param is not None and picked.param.name == "rotation" and picked.ready
    assert GAME.build(view, actor, "place", picked.values) == Place(tile, x, y, turns[0])


def test_ruling_8_tiles_and_positions_past_a_cards_menus_ask_the_tile_first():
    """Issue 28: five tiles of 12 positions each are more than a card's two menus show at once (50):
    the tile, then where."""
    state = scenario(stage="place")
    tiles = tuple(_tiles(state, True, 5))
    state = replace(with_player(state, RED, to_place=tiles), bag=tuple(t for t in state.bag if t not in tiles))
    assert len(GAME.candidates(GAME.view(state, RED), Actor(RED), "place", "spot", {})) > SHOWN
    step = GAME.step(GAME.view(state, RED), Actor(RED), "place", [])
    assert step.param is not None and step.param.name == "tile" and len(step.choices) == 5
    assert GAME.step(GAME.view(state, RED), Actor(RED), "place", [0]).param.name == "position"


# --- roads (J-T8, J-T6) ----------------------------------------------------------------------------------------


def test_J_T8_road_edges_are_offered_between_own_tiles_without_a_road_once_a_road_may_be_placed():
    state = scenario()
    assert values(state, RED, "road", "edge") == []  # no road in hand
    now = phase_number(state)
    assert values(with_player(state, RED, road_stock=(now,)), RED, "road", "edge") == []  # J-T6: gained now
    ready = with_player(state, RED, road_stock=(now - 1, now - 1))
    found = dict(offered(ready, RED, "road", "edge"))
    assert set(found) == {f"{x},{y} {side}" for x, y, side in q.road_spots(ready, RED)}
    assert found["0,0 e"] == "between the castle and T1 (1,0)"
    placed = act(ready, RED, Road(0, 0, "e")).state
    assert "0,0 e" not in values(placed, RED, "road", "edge") and values(placed, RED, "road", "edge")


# --- the journeyman's plan (J-M2, J-M3, J-M5, J-T1) -------------------------------------------------------------


def test_J_M2_a_plan_is_built_marker_by_marker_up_to_the_seats_markers():
    state = scenario()  # Red: 2 markers, 4 movement points
    assert steps(state, RED, "plan", {}) == ["first", "second"]
    assert steps(state, RED, "plan", {"first": None}) == ["first"]  # the first left out: no marker at all
    three = with_player(state, RED, markers=3)
    assert steps(three, RED, "plan", {"first": "T2"}) == ["first", "second", "third"]
    assert steps(three, RED, "plan", {"first": "T2", "second": None}) == ["first", "second"]
    first = values(state, RED, "plan", "first")
    assert first == [o.marker for o in q.marker_options(state, RED)]
    for marker in first:  # J-M5: each seals
        assert act(state, RED, Plan((marker,))).secret
    second = offered(state, RED, "plan", "second", {"first": "T2"})
    assert [v for v, _ in second] == [o.marker for o in q.marker_options(state, RED, ("T2",))]
    assert "T2" not in [v for v, _ in second]  # one marker per tile
    assert values(state, RED, "plan", "second", {"first": "T2", "second": "T1"}) != []  # third: none left
    assert values(state, RED, "plan", "third", {"first": "T2", "second": "T1"}) == []


def test_J_T1_an_advance_is_offered_only_where_the_tile_meets_the_next_space_with_its_costs():
    state = scenario()
    found = dict(offered(state, RED, "plan", "first"))
    assert "T4:warrior" not in found and "T4" in found  # T4 does not meet Warrior 1's requirement
    assert found["castle:warrior"] == "the castle: Warrior → 1 (castle cost 1) — 0 moves, 4 left"


def test_J_M3_markers_beyond_the_movement_points_are_offered_only_when_spending_extra_movement():
    state = holding(scenario(), "extra_movement")
    assert steps(state, RED, "plan", {}) == ["extra", "first", "second"]
    assert values(state, RED, "plan", "extra") == [False, True]
    assert "T7" not in values(state, RED, "plan", "first")
    assert "T7" in values(state, RED, "plan", "first", {"extra": True})
    assert values(scenario(), RED, "plan", "extra") == [False]  # no tile to spend


def test_use_is_offered_with_a_sealed_plan_and_an_extra_movement_tile_to_spend():
    state = holding(scenario(), "extra_movement")
    assert values(state, RED, "use", "bonus") == []  # nothing sealed yet
    sealed = act(state, RED, Plan(("T1",))).state
    assert values(sealed, RED, "use", "bonus") == ["extra_movement"]
    assert values(sealed, RED, "use", "on", {"bonus": "extra_movement"}) == [True]
    spent = act(sealed, RED, Use()).state
    assert values(spent, RED, "use", "on", {"bonus": "extra_movement"}) == [False]


# --- decisions (J-T9), adjustments, who may act ----------------------------------------------------------------


def test_J_T9_a_sold_tile_offers_its_seller_a_warrior_advance_or_none():
    state = replace(scenario(stage="buy"), pending=(Pending(BLUE, "sold", "L03"),))
    found = offered(state, BLUE, "choose", "track")
    assert found == [("warrior", "warrior: Warrior 0 → 1"), ("none", "none: do not advance")]
    assert act(state, BLUE, GAME.build(state, Actor(BLUE), "choose", {"track": "Warrior"})).summary == \
        "Blue advances: Warrior 0 → 1."
    assert values(state, RED, "choose", "track") == []  # nobody asked Red


def test_adjust_asks_for_a_value_or_the_journeymans_tile_by_what_is_adjusted():
    """Ruling 22: the value never the one it has; the journeyman onto another tile of that territory
    (the old autocomplete offered the tile it stands on); others' things for the host only."""
    state = scenario()
    assert steps(state, RED, "adjust", {"what": "gold"}) == ["what", "player", "value"]
    assert steps(state, RED, "adjust", {"what": "journeyman"}) == ["what", "player", "position"]
    needed = {p.name: p.required for p in GAME.params_now(state, Actor(RED), "adjust", {"what": "journeyman"})}
    assert needed == {"what": True, "player": False, "position": True}
    spots = values(state, RED, "adjust", "position", {"what": "journeyman"})
    assert "0,0" not in spots and "1,0" in spots and len(spots) == len(state.players[RED].territory) - 1
    assert values(state, RED, "adjust", "value", {"what": "markers"}) == [1, 3, 4, 5]
    assert values(state, RED, "adjust", "value", {"what": "warrior"}) == list(range(1, 13))
    assert values(state, RED, "adjust", "player") == [RED]
    assert values(state, RED, "adjust", "player", host=True) == [RED, BLUE, YELLOW]
    assert values(state, RED, "adjust", "position", {"what": "journeyman", "player": BLUE}, host=True) == []


def test_only_seated_players_are_offered_anything_or_build_actions():
    state = new_game(3)
    assert GAME.kinds(state, Actor(None, host=True)) == []
    with pytest.raises(NotAllowed, match="You are not playing in this game."):
        GAME.build(state, Actor(None), "buy", {"tile": "pass"})


# --- secrets ------------------------------------------------------------------------------------------------


def everything(state, seat: int) -> list[tuple[str, str, list[tuple[Any, str]]]]:
    """Every kind's parameters as a menu offers them to `seat`, each value chosen the first offered."""
    view, actor = GAME.view(state, seat), Actor(seat)
    out = []
    for kind in GAME.kinds(view, actor):
        chosen: dict[str, Any] = {}
        for param in GAME.action_class(kind.kind).params:
            found = GAME.choices(view, actor, kind.kind, param.name, chosen)
            out.append((kind.kind, param.name, [(c.value, c.label) for c in found]))
            if found:
                chosen[param.name] = found[0].value
    return out


def test_nothing_offered_depends_on_another_seats_sealed_prices_or_plan():
    """Sealed prices and plans are secret until revealed (J-M1): another seat's options and labels
    are the same whatever was sealed."""
    state = new_game(3)
    hand = state.players[BLUE].hand
    priced = [act(state, BLUE, Price(hand[0], hand[1:], prices)).state for prices in ((1, 1), (3, 2))]
    assert everything(priced[0], RED) == everything(priced[1], RED) != []
    state = scenario()
    planned = [act(state, BLUE, Plan(markers)).state for markers in (("castle:warrior",), ())]
    assert everything(planned[0], RED) == everything(planned[1], RED) != []


def test_the_last_seat_to_seal_is_offered_its_prices_and_plan_on_its_own_view():
    """The reveal needs every seal; a seat's view hides the others', so trying the last sealing there
    stops short of the reveal (it used to fail on the missing seals)."""
    state = new_game(3)
    for seat in (BLUE, YELLOW):
        hand = state.players[seat].hand
        state = act(state, seat, Price(hand[0], hand[1:], (1, 1))).state
    hand = state.players[RED].hand
    assert values(state, RED, "price", "axe") == list(hand)
    last = Price(hand[0], hand[1:], (1, 1))
    tried = GAME.apply(GAME.view(state, RED), Actor(RED), last)
    assert tried.secret and not tried.reveals
    assert GAME.apply(state, Actor(RED), last).reveals
    state = act(act(scenario(), BLUE, Plan(())).state, YELLOW, Plan(())).state
    assert "T1" in values(state, RED, "plan", "first")
    assert GAME.apply(state, Actor(RED), Plan(("T1",))).reveals


@pytest.mark.parametrize(("players", "seed", "settings"), [(5, 1, {}), (2, 3, {"unbought": "choose"})])
def test_whole_games_played_from_the_options_accept_every_option_offered(players, seed, settings):
    rng = random.Random(seed)
    state = new_game(players, seed=seed, **settings)
    while GAME.ending(state) is None:
        seat = rng.choice([a.seat for a in GAME.awaiting(state)])
        walked = walk(GAME, GAME.view(state, seat), Actor(seat, host=seat == 0), rng)
        if walked is not None:
            state = act(state, seat, walked[2], host=seat == 0).state
    assert state.stage == "over"


def test_the_options_benchmark_runs_and_names_its_targets():
    from benchmarks import skye_options

    figures = skye_options.run(quick=True)
    assert [f.target for f in figures] == [20.0, 50.0] and all(f.value > 0 for f in figures)


def test_an_adjusted_value_is_asked_with_its_value_now_said_once():
    """Issue 28 §7: "The new gold (now 5)?" asks once; the values offered are plain numbers."""
    state = scenario()
    gold = state.players[RED].gold
    asks = {p.name: p.ask for p in GAME.params_now(GAME.view(state, RED), Actor(RED), "adjust", {"what": "gold"})}
    assert asks["value"] == f"The new gold (now {gold})?"
    assert all(label == str(value) for value, label in offered(state, RED, "adjust", "value", {"what": "gold"}))
