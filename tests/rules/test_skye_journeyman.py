"""A test per rule id of the Journeyman rules (J-A1, J-M1…J-M6, J-T1…J-T9) and the four
expansion scoring tiles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove, NotYourTurn
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Adjust, Buy, Choose, Place, Plan, Road
from rules.skye.land import land
from rules.skye.model import Scroll
from rules.skye.progress import banner, meets, movement, resolve_bonuses, vp_per_round
from rules.skye.scoring import score_tile
from rules.skye.state import Held, Offer, with_player
from tests.rules.skye_fixtures import (
    BLUE,
    RED,
    SCENARIO_PLACES,
    YELLOW,
    act,
    commit_all,
    journey,
    scenario,
    sealed,
    tile,
)

LAKE = tile("LK", zones="W: P:nesw", sheep=1)  # an enclosed loch
COAST = tile("CO", zones="W:n P:esw")
COAST2 = tile("CO2", zones="W:n P:esw")
BOTH = tile("BW", zones="W: M: P:nesw")  # an enclosed loch and an enclosed peak
SHEEP = tile("SH", "ew", sheep=2)
BROCH = tile("BR", broch=1)
BROCH2 = tile("BR2", broch=1)
SCROLL = tile("SC", scroll=Scroll("sheep", 0))
JM = tile("JM1", "ew", journeyman=True, cattle=1)
WEST = tile("WE")
WATER_JM = tile("JW", zones="W:nesw", journeyman=True, ship=1)
EXTRA = [LAKE, COAST, COAST2, BOTH, SHEEP, BROCH, BROCH2, JM, WEST, SCROLL, WATER_JM]
LAYOUT = ("five_gold", "extra_movement", "bank_pays", "third_marker", "advance", "two_buys",
          "one_road", "two_roads", "no_axe")


def game(placed=None, stage="plan", players=3, **settings):
    return scenario(players, placed, stage, EXTRA, **settings)


# --- J-A1 completed areas ---------------------------------------------------------------------------


def test_J_A1_an_area_is_completed_when_no_zone_edge_faces_an_empty_cell():
    open_coast = game([("CO", 1, 0, 0)])
    lnd = land(open_coast.board, open_coast.players[RED])
    assert "water" not in lnd.completed[(1, 0)]
    closed = game([("CO", 1, 0, 0), ("CO2", 1, 1, 2)])  # the second coast turned: water south, facing the first
    lnd = land(closed.board, closed.players[RED])
    assert "water" in lnd.completed[(1, 0)] and "water" in lnd.completed[(1, 1)]
    water = [a for a in lnd.areas if a[0] == "water"]
    assert water == [("water", True, frozenset({(1, 0), (1, 1)}))]
    assert "pasture" not in lnd.completed[(1, 0)]  # the pasture still faces empty cells


def test_J_A1_a_zone_touching_no_edge_is_a_completed_area_by_itself():
    state = game([("LK", 1, 0, 0)])
    lnd = land(state.board, state.players[RED])
    assert lnd.completed[(1, 0)] == {"water"}
    assert meets(lnd, (1, 0), "completed:water") and not meets(lnd, (1, 0), "completed:pasture")


# --- J-M1 … J-M6: movement -----------------------------------------------------------------------------


def test_J_M1_plans_come_after_placing_are_secret_and_are_carried_out_in_turn_order():
    state = game(stage="place")
    state = with_player(state, BLUE, to_place=("LK",), territory=state.players[BLUE].territory)
    state = replace(state, bag=tuple(t for t in state.bag if t != "LK"))
    with pytest.raises(IllegalMove, match="You cannot plan your journeyman's walk now"):
        act(state, RED, Plan(("T1",)))
    state = act(state, BLUE, Place("LK", 1, 0, 0)).state
    assert state.stage == "plan" and GAME.position(state).acting == (RED, BLUE, YELLOW)
    state = replace(state, first=BLUE)
    first = act(state, RED, Plan(("T1",)))
    assert first.secret and not first.board_changed and first.public.startswith("Red committed (fingerprint ")
    assert "T1" not in first.public
    result = commit_all(first.state, {BLUE: ("LK",)})
    assert result.reveals and not result.undoable
    assert [w.seat for w in result.state.walks] == [BLUE, YELLOW, RED]


def test_J_M2_at_most_as_many_markers_as_the_player_has_one_per_tile_fewer_or_none_fine():
    state = game()
    with pytest.raises(IllegalMove, match="You have 2 waypoint markers, not 3"):
        sealed(state, RED, "T1", "T2", "castle")
    assert sealed(state, RED).used == 0 and sealed(state, RED, "T1").used == 1
    with pytest.raises(IllegalMove, match="has two"):
        sealed(state, RED, "T1", "1,0")
    three = with_player(state, RED, markers=3)
    assert sealed(three, RED, "T1", "T2", "castle").used == 4


def test_J_M3_movement_from_the_rightmost_shoe_capped_in_5_player_games_plus_4_once_for_extra_movement():
    state = game()
    assert movement(state, RED) == 4
    for best, shoes in ((2, 5), (5, 6), (8, 7), (10, 8), (12, 8)):
        assert movement(with_player(state, RED, tracks=(0, best, 0), best=(0, best, 0)), RED) == shoes
    five = game(players=5)
    assert movement(with_player(five, RED, tracks=(0, 10, 0), best=(0, 10, 0)), RED) == 6
    held = with_player(state, RED, taken=("extra_movement",), held=(Held("extra_movement", 0),))
    with pytest.raises(IllegalMove, match="need 4 \\+ 4 = 8"):
        sealed(held, RED, "T3", "T4")
    assert sealed(held, RED, "T3", "T4", extra=True).points == 8
    after, _walk, lines = journey(held, RED, "T3", "T4", extra=True)
    assert after.players[RED].held == () and "Extra Movement spent" in lines[0]


def test_J_M4_one_point_by_road_two_otherwise_never_across_a_gap_collecting_is_free():
    state = game()
    lnd = land(state.board, state.players[RED])
    assert lnd.cost((0, 0), (1, 0)) == 1  # castle stub east meets T1's stub west
    assert lnd.cost((1, 0), (1, 1)) == 2  # no road
    assert lnd.cost((0, 0), (0, 2)) == 7  # around the empty cell at 0,1, never across it
    assert lnd.route((0, 0), (0, 2)) == ((1, 0), (1, 1), (1, 2), (0, 2))
    assert sealed(state, RED, "castle").used == 0  # a marker on the journeyman's own tile
    out = sealed(state, RED, "T2", "castle")  # out and back over the same tiles
    assert (out.used, out.walk.path) == (4, ((0, 0), (1, 0), (2, 0), (1, 0), (0, 0)))


def test_J_M5_an_impossible_plan_is_refused_when_sealed_with_the_reason():
    state = game()
    with pytest.raises(IllegalMove, match="Marker 1 on T5 \\(0,2\\) cannot be reached"):
        act(state, RED, Plan(("T5",)))
    with pytest.raises(IllegalMove, match="Warrior space 1 needs a barrel; this tile does not meet it"):
        act(state, RED, Plan(("T1:warrior",)))


def test_J_M5_markers_out_of_reach_when_carried_out_are_dropped_and_the_walk_stops_at_the_last_collected():
    state = act(game(), RED, Plan(("T1", "T3"))).state
    state = with_player(state, RED, journeyman=(1, 2))  # not by adjust: that withdraws the plan
    result = commit_all(state, {})  # Red's plan stays sealed
    walk = result.state.walks[0]
    assert walk.seat == RED and [m.x for m in walk.dropped] == [2]
    assert result.state.players[RED].journeyman == (1, 0)
    assert any("marker 2 on T3 (2,1) dropped: out of reach" in line for line in result.details)


def test_J_M5_an_advance_no_longer_affordable_is_skipped_but_the_marker_collected():
    state = with_player(game([("TL", 0, -1, 2)]), RED, tracks=(0, 0, 2), best=(0, 0, 2), gold=5)
    after, walk, lines = journey(with_player(state, RED, gold=4), RED, "TL:herald")
    assert after.players[RED].tracks == (0, 0, 2) and walk.collected[0].track == ""
    assert "cannot advance: Advancing to Herald space 3 costs a fee of 5 gold" in lines[0]


def test_J_M6_movement_ends_at_the_last_marker_points_are_lost_and_the_journeyman_stays():
    state = game()
    result = commit_all(state, {RED: ("T1",)})
    after = result.state
    assert after.players[RED].journeyman == (1, 0)  # 1 of 4 points used, the rest lost
    assert after.round == 2 and movement(after, RED) == 4
    assert q.reach(after, RED)[(1, 0)] == 0


# --- J-T1 … J-T9: tracks ---------------------------------------------------------------------------------


def test_J_T1_one_advance_per_marker_only_if_the_tile_meets_the_next_space_and_optional():
    state = game([("SH", -1, 0, 0)])
    after, _w, _l = journey(state, RED, "SH:warrior")
    assert after.players[RED].tracks == (0, 0, 0)  # Warrior 1 needs a barrel: collected, no advance
    state = with_player(state, RED, tracks=(1, 0, 1), best=(1, 0, 1))
    after, _w, _l = journey(state, RED, "SH:warrior")
    assert after.players[RED].tracks == (2, 0, 1)  # sheep meets Warrior 2 (and Herald 2, but one advance only)
    after, walk, lines = journey(state, RED, "SH")
    assert after.players[RED].tracks == (1, 0, 1) and "without advancing" in lines[0]


def test_J_T2_requirements():
    state = game([*SCENARIO_PLACES, ("LK", -1, 0, 0), ("BW", 0, -1, 0), ("SH", -2, 0, 0), ("BR", 0, -2, 0),
                  ("SC", -1, -1, 0)])
    lnd = land(state.board, state.players[RED])
    assert meets(lnd, (-2, 0), "sheep") and not meets(lnd, (-2, 0), "cattle")
    assert meets(lnd, (0, 0), "castle") and not meets(lnd, (1, 0), "castle")
    assert meets(lnd, (0, 2), "distance:2") and not meets(lnd, (0, 2), "distance:3")
    assert meets(lnd, (3, 0), "distance:3") and meets(lnd, (0, -2), "distance:2")
    assert meets(lnd, (-1, 0), "completed:water") and not meets(lnd, (-1, 0), "completed:mountain+water")
    assert meets(lnd, (0, -1), "completed:mountain+water")
    assert lnd.extremes["north"] == {(1, 2), (0, 2)}  # ties all count
    assert meets(lnd, (1, 2), "north") and meets(lnd, (0, 2), "north") and not meets(lnd, (1, 1), "north")
    assert meets(lnd, (3, 0), "east") and meets(lnd, (-2, 0), "west") and meets(lnd, (0, -2), "south")
    assert meets(lnd, (-1, -1), "scroll") and not meets(lnd, (-1, 0), "scroll")


def test_J_T3_castle_advancement_pays_the_segment_cost_and_a_castle_space_is_free():
    state = with_player(game(), RED, gold=30)
    for at, cost in ((0, 1), (3, 3), (6, 5), (9, 8)):  # Warrior 1, 4, 7, 10: barrel, distance, broch, both areas
        moved = with_player(state, RED, tracks=(at, 0, 0), best=(at, 0, 0))
        after, _w, lines = journey(moved, RED, "castle:warrior")
        assert after.players[RED].gold == 30 - cost and f"castle cost {cost} gold" in lines[0], (at, lines)
    free = with_player(state, RED, tracks=(2, 0, 0), best=(2, 0, 0))
    after, _w, lines = journey(free, RED, "castle:warrior")  # Warrior 3 needs the castle: free
    assert after.players[RED].gold == 30 and after.players[RED].tracks[0] == 3 and "castle cost" not in lines[0]


def test_J_T4_herald_fees_on_top_of_castle_cost_and_refused_without_the_gold():
    state = with_player(game(), RED, gold=30)
    for at, fee, castle in ((2, 5, 1), (5, 8, 3), (8, 12, 5)):
        moved = with_player(state, RED, tracks=(0, 0, at), best=(0, 0, at))
        after, _w, lines = journey(moved, RED, "castle:herald")
        assert after.players[RED].gold == 30 - fee - castle, lines
        assert f"Herald fee {fee} gold" in lines[0]
    poor = with_player(state, RED, tracks=(0, 0, 2), best=(0, 0, 2), gold=5)
    with pytest.raises(IllegalMove, match="costs the castle cost of 1 plus a fee of 5 gold, more than the 5 gold held"):
        sealed(poor, RED, "castle:herald")


def test_J_T5_immediate_vp_and_the_last_two_spaces_crossed_back_and_forth():
    state = game([("WE", -1, 0, 0)])
    state = with_player(state, RED, tracks=(11, 0, 0), best=(11, 0, 0))
    after, _w, lines = journey(state, RED, "castle:warrior", "WE:warrior")
    assert after.players[RED].tracks[0] == 11 and after.players[RED].best[0] == 12
    assert after.players[RED].vp == 6, lines
    again, _w, _l = journey(after, RED, "castle:warrior")
    assert again.players[RED].tracks[0] == 12 and again.players[RED].vp == 9
    step4 = with_player(game(), RED, tracks=(3, 0, 0), best=(3, 0, 0), journeyman=(1, 2))
    after, _w, _l = journey(step4, RED, "T5:warrior")
    assert after.players[RED].vp == 1  # +1 for entering Warrior 4


def test_J_T6_banners_count_from_the_rightmost_reached_never_added():
    state = game()
    player = replace(state.players[RED], tracks=(9, 7, 8), best=(9, 7, 8))
    assert banner(state, player, "warrior", "vp_round") == 3
    assert banner(state, player, "merchant", "income") == 4
    assert banner(state, player, "herald", "vp_round") == 2
    assert vp_per_round(with_player(state, RED, tracks=(12, 0, 11), best=(12, 0, 12)), RED) == (4, 3)


def test_J_T6_golden_rule_roads_and_extra_movement_only_from_the_next_phase():
    state = game()
    from rules.skye.state import phase_number

    now = phase_number(state)
    fresh = with_player(state, RED, road_stock=(now,))
    with pytest.raises(IllegalMove, match="gained in this phase"):
        act(fresh, RED, Road(0, 0, "e"))
    assert act(with_player(state, RED, road_stock=(now - 1,)), RED, Road(0, 0, "e")).state.players[RED].roads
    gained = with_player(state, RED, taken=("extra_movement",), held=(Held("extra_movement", now),))
    with pytest.raises(IllegalMove, match="gained in this phase; use it from the next phase"):
        sealed(gained, RED, "T1", extra=True)


def test_J_T6_a_bonus_taken_on_the_walk_takes_effect_at_the_end_of_the_phase():
    state = game([("SH", -1, 0, 0)])
    state = with_player(state, RED, tracks=(1, 0, 0), best=(1, 0, 0), layout=LAYOUT, gold=0)
    walked, _w, lines = journey(state, RED, "SH:warrior")
    assert walked.players[RED].gold == 0 and walked.players[RED].unlocked == (Held("five_gold", walked.round * 6 - 1),)
    assert "takes the Five Gold bonus tile" in lines[0]
    result = commit_all(state, {RED: ("SH:warrior",)})
    assert any("Red's Five Gold: +5 gold." in line for line in result.details)


def test_J_T6_shoes_gained_in_the_buy_phase_count_in_the_journeyman_phase():
    state = game(stage="buy")
    state = with_player(state, RED, tracks=(0, 1, 0), best=(0, 1, 0))
    state = replace(state, offers=(Offer("JM1", BLUE, 1),), queue=(RED,), bag=tuple(t for t in state.bag if t != "JM1"))
    state = act(state, RED, Buy("JM1")).state
    state = act(state, BLUE, Choose("none")).state
    state = act(state, RED, Choose("merchant")).state  # Merchant 2: shoe 5
    assert state.stage == "place"
    state = act(state, RED, Place("JM1", -1, 0, 0)).state
    assert state.stage == "plan" and movement(state, RED) == 5


def test_J_T7_bonus_tiles_sit_on_slots_and_each_takes_effect():
    state = game()
    layouts = [p.layout for p in state.players]
    for layout in layouts:
        assert sorted(layout) == sorted(b.id for b in state.board.progress.bonuses)
        assert {layout[2], layout[5], layout[8]} == {"no_axe", "bank_pays", "two_buys"}
    everything = tuple(Held(b, 3) for b in LAYOUT)
    state = with_player(state, RED, taken=LAYOUT, unlocked=everything, gold=0, vp=0)
    after, lines = resolve_bonuses(state, ["Red", "Blue", "Yellow"])
    red = after.players[RED]
    assert (red.gold, red.vp, red.markers, len(red.road_stock)) == (5, 1 + 3 * 3, 3, 3)
    assert sorted(h.bonus for h in red.held) == ["bank_pays", "extra_movement", "no_axe", "two_buys"]
    assert [p.why for p in after.pending] == ["bonus"] and red.unlocked == ()
    assert len(lines) == 9


def test_J_T7_the_third_marker_tile_is_taken_when_its_space_is_reached():
    state = game()
    state = with_player(state, RED, tracks=(0, 2, 0), best=(0, 2, 0), layout=LAYOUT, gold=9)
    result = commit_all(state, {RED: ("castle:merchant",)})  # Merchant 3 (castle, slot I)
    assert result.state.players[RED].markers == 3
    assert any("Third Waypoint Marker: now 3 waypoint markers" in line for line in result.details)


def test_J_T7_the_third_marker_tile_never_gives_more_than_five_markers():
    """Ruling 22: markers adjusted to 5 (the most) stay 5 when the Third Waypoint Marker is then
    taken (random play found 6, which the state's own check refuses)."""
    state = with_player(game(), RED, markers=5, taken=("third_marker",), unlocked=(Held("third_marker", 3),))
    after, lines = resolve_bonuses(state, ["Red", "Blue", "Yellow"])
    assert after.players[RED].markers == 5 and any("now 5 waypoint markers" in line for line in lines)
    GAME.check(after)


def test_J_T7_advance_on_a_track_asks_at_the_end_of_the_phase():
    state = game()
    layout = ("five_gold", "advance", *LAYOUT[2:4], "extra_movement", *LAYOUT[5:])
    state = with_player(state, RED, tracks=(4, 0, 0), best=(4, 0, 0), layout=layout, journeyman=(0, 0))
    cattle = replace(state.board.tile("T1"), cattle=1)
    state = replace(state, board=replace(state.board, tiles=replace(
        state.board.tiles, landscapes=tuple(cattle if t.id == "T1" else t for t in state.board.tiles.landscapes))))
    result = commit_all(state, {RED: ("T1:warrior",)})  # Warrior 5: cattle, slot II
    after = result.state
    assert after.stage == "walk_end" and GAME.position(after).phase == "settle"
    decision = GAME.position(after).decisions[0]
    assert decision.seat == RED and decision.options == ("warrior", "merchant", "herald", "none")
    with pytest.raises(NotYourTurn, match="Waiting for Red to decide"):
        act(after, BLUE, Adjust("gold", value=3))
    done = act(after, RED, Choose("merchant")).state
    assert done.players[RED].tracks == (5, 1, 0) and done.round == 2


def test_J_T8_roads_join_two_of_your_tiles_over_water_or_printed_roads():
    state = game([*SCENARIO_PLACES, ("CO", 0, -1, 2), ("CO2", 0, -2, 0)])
    state = with_player(state, RED, road_stock=(0, 0, 0, 0))
    lnd = land(state.board, state.players[RED])
    assert lnd.cost((1, 0), (1, 1)) == 2
    state = act(state, RED, Road(1, 0, "n")).state
    assert land(state.board, state.players[RED]).cost((1, 0), (1, 1)) == 1
    state = act(state, RED, Road(0, -1, "n")).state  # across the coast's pasture to the castle
    state = act(state, RED, Road(0, 0, "e")).state  # over printed roads too
    state = act(state, RED, Road(0, -1, "s")).state  # over water, as a bridge
    assert land(state.board, state.players[RED]).linked((0, -1), (0, -2))
    assert len(state.players[RED].roads) == 4 and state.players[RED].road_stock == ()
    with pytest.raises(IllegalMove, match="You have no road to place"):
        act(state, RED, Road(1, 1, "n"))
    again = with_player(state, RED, road_stock=(0,))
    with pytest.raises(IllegalMove, match="A road already lies between"):
        act(again, RED, Road(1, 1, "s"))
    with pytest.raises(IllegalMove, match="not such an edge"):
        act(again, RED, Road(0, 0, "n"))


def test_J_T9_selling_a_tile_offers_the_seller_a_warrior_advance():
    state = game(stage="buy")
    state = replace(state, offers=(Offer("JM1", BLUE, 2), Offer("SH", RED, 1)), queue=(RED, BLUE, YELLOW),
                    bag=tuple(t for t in state.bag if t not in ("JM1", "SH")))
    result = act(state, RED, Buy("JM1"))
    decisions = GAME.position(result.state).decisions
    assert [(d.seat, d.options) for d in decisions] == [(BLUE, ("warrior", "none")),
                                                        (RED, ("warrior", "merchant", "herald", "none"))]
    assert all(d.blocking for d in decisions)
    with pytest.raises(NotYourTurn):
        act(result.state, BLUE, Buy("SH"))
    state = act(result.state, BLUE, Choose("warrior")).state
    assert state.players[BLUE].tracks == (1, 0, 0)
    state = act(state, RED, Choose("herald")).state
    assert state.players[RED].tracks == (0, 0, 1)


def test_J_T9_a_kept_journeyman_tile_offers_any_track_herald_fees_apply_even_if_unplaceable():
    state = game([], stage="buy")  # Red has only the castle: an all-water tile fits nowhere
    state = with_player(state, RED, tracks=(0, 0, 2), best=(0, 0, 2), gold=4)
    state = replace(state, offers=(Offer("JW", RED, 1),), queue=(BLUE, YELLOW),
                    bag=tuple(t for t in state.bag if t != "JW"))
    state = act(state, BLUE, Buy("")).state
    result = act(state, YELLOW, Buy(""))
    assert "Red keeps JW (paid 1 gold to the bank)." in result.details
    decision = GAME.position(result.state).decisions[0]
    assert decision.options == ("warrior", "merchant", "none")  # Herald 3's fee of 5 is more than 4 gold
    with pytest.raises(IllegalMove, match="fee of 5 gold, more than the 4 gold held"):
        act(result.state, RED, Choose("herald"))
    after = act(result.state, RED, Choose("merchant"))
    assert after.state.players[RED].tracks == (0, 1, 2)
    assert "Red cannot place JW anywhere: discarded." in after.details


# --- the expansion's scoring tiles ---------------------------------------------------------------------


def test_scoring_twice_the_distance_between_journeyman_and_castle():
    state = with_player(game(), RED, journeyman=(0, 2))
    assert score_tile(state, RED, "jm_distance") == 4


def test_scoring_one_per_row_and_column_with_a_broch():
    state = game([("BR", -1, 0, 0), ("BR2", -1, -1, 0)])
    assert score_tile(state, RED, "jm_brochs") == 3  # rows 0 and -1, column -1


def test_scoring_two_per_row_with_two_tiles_showing_the_same_symbol():
    state = game([("SH", -1, 0, 0), ("LK", -2, 0, 0), ("BR", -1, -1, 0)])
    assert score_tile(state, RED, "jm_rows") == 2  # row 0: two tiles with sheep
    # a single tile with two sheep does not count
    alone = game([("SH", -1, 0, 0)])
    assert score_tile(alone, RED, "jm_rows") == 0


def test_scoring_one_per_bridge_passed():
    state = with_player(game(), RED, tracks=(4, 7, 12), best=(4, 7, 12))
    assert score_tile(state, RED, "jm_bridges") == 1 + 2 + 3
