"""What the bot's integration added to the rules: the `deal` setting (a reproducible bag for
teaching games and scripts), `focuses` and `describe`, and the queries the commands' autocomplete
uses: where a plan's next marker could go (`marker_options`) and tiles in words (`tile_text`)."""

from __future__ import annotations

import random

import pytest

from rules.base import Actor
from rules.errors import BadInput
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Plan
from rules.skye.plans import read_markers
from tests.rules.skye_fixtures import RED, act, board, new_game, scenario


def test_a_deal_fixes_the_bag_bonus_tiles_and_drawn_scoring_tiles_whatever_the_seed():
    one, two = new_game(seed=1, deal=42), new_game(seed=2, deal=42)
    assert [p.hand for p in one.players] == [p.hand for p in two.players]
    assert one.bag == two.bag and [p.layout for p in one.players] == [p.layout for p in two.players]
    assert one.scoring == two.scoring
    assert one.salt != two.salt  # the sealed phases' salt still comes from the hidden seed
    other = new_game(seed=1, deal=43)
    assert [p.hand for p in other.players] != [p.hand for p in one.players]


def test_without_a_deal_the_seed_decides_as_before():
    assert new_game(seed=7).bag == new_game(seed=7, deal=0).bag
    assert new_game(seed=7).bag != new_game(seed=8).bag


def test_the_deal_is_a_setting_with_bounds():
    assert GAME.setting("deal").parse("12") == 12
    with pytest.raises(BadInput):
        GAME.setting("deal").parse("-1")
    with pytest.raises(BadInput):
        GAME.setting("deal").parse("1000000")


def test_an_imported_copy_of_a_dealt_game_is_shuffled_by_its_new_seed():
    state = new_game(deal=42)
    again = GAME.reseed(state, 99)
    assert again.settings["deal"] == 0 and sorted(again.bag) == sorted(state.bag) and again.bag != state.bag
    GAME.check(again)


def test_focuses_name_each_territory_by_colour():
    state = new_game(players=3)
    assert GAME.focuses(state) == [("red", "Red's territory (ann)"), ("blue", "Blue's territory (bo)"),
                                   ("yellow", "Yellow's territory (cy)")]


def test_describe_says_the_phase_whom_it_waits_for_and_each_clan():
    text = GAME.describe(new_game(players=2))
    assert text.startswith("Round 1 of 6: Red and Blue to price.")
    assert "Red: 0 VP, 5 gold, 1 tile; tracks warrior 0, merchant 0, herald 0; scoring now A 0, B 0, C 0, D 0." in text
    assert "Blue: 0 VP, 5 gold, 1 tile;" in text


def test_marker_options_offer_reachable_tiles_with_each_advance_allowed_now():
    state = scenario()  # Red's scenario territory, planning, 4 movement points
    options = q.marker_options(state, RED)
    by = {o.marker: o for o in options}
    assert {"castle", "T1", "T2", "T6", "T3", "T4"} <= set(by)
    assert "T7" not in by and "T5" not in by  # out of reach
    castle = by["castle:warrior"]
    assert (castle.cost, castle.left, castle.space, castle.castle) == (0, 4, 1, 1)
    assert all(o.cost <= 4 for o in options)
    for o in options:  # every option seals as the next marker
        assert q.plan_check(state, RED, read_markers(state, RED, (o.marker,))) == ""


def test_marker_options_follow_the_markers_before_them():
    state = scenario()
    after = q.marker_options(state, RED, ("T2",))
    assert {o.marker for o in after} >= {"T1", "castle", "T3"} and "T2" not in {o.marker for o in after}
    assert all(o.left == 2 - o.cost for o in after)
    assert q.marker_options(state, RED, ("T2", "T1")) == []  # two markers: none left
    assert q.marker_options(state, RED, ("T4:warrior",)) == []  # a first marker that cannot be sealed
    assert q.marker_options(state, RED, ("nowhere",)) == []


def test_marker_options_with_extra_movement_need_the_tile():
    state = scenario()
    assert q.marker_options(state, RED, (), extra=True) == []


def test_tile_text_says_terrain_roads_and_features_turned():
    state = new_game()
    tile = board().tile("L40")
    assert tile.roads and tile.scroll
    text = q.tile_text(state, "L40")
    assert text.startswith("L40: ") and "road" in text and "scroll" in text
    assert q.tile_text(state, "L40", 1) != text
    assert q.tile_text(state, "nope") == "nope"


def test_a_plan_sealed_from_a_marker_option_is_accepted_by_the_game():
    state = scenario()
    option = next(o for o in q.marker_options(state, RED) if o.track)
    result = act(state, RED, Plan((option.marker,)))
    assert result.secret and "committed" in result.public
    assert GAME.apply(result.state, Actor(RED), Plan(())).secret


def test_a_sealed_plan_says_when_another_order_of_its_markers_would_cost_less():
    state = scenario()
    costly = act(state, RED, Plan(("T2", "T1"))).summary
    assert "in the order T1 (1,0), T2 (2,0) they would cost 2 movement points" in costly
    assert "would cost" not in act(state, RED, Plan(("T1", "T2"))).summary


def test_a_player_out_of_time_gets_a_safe_default_move_in_every_phase():
    rng = random.Random(3)
    state = new_game(players=3)
    seen_stages = set()
    for _ in range(400):
        if GAME.ending(state) is not None:
            break
        pos = GAME.position(state)
        waiting = [*pos.acting, *(d.seat for d in pos.decisions)]
        seat = rng.choice(waiting)
        action = GAME.timeout(state, seat)
        assert action is not None, (state.stage, seat)
        seen_stages.add(state.stage if not pos.decisions else "decision")
        state = act(state, seat, action).state
    assert GAME.ending(state) is not None
    assert {"price", "buy", "place", "plan", "decision"} <= seen_stages
    assert GAME.timeout(state, 0) is None  # the game is over: nothing to play
