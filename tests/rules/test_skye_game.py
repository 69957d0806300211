"""The game contract for Skye: identity and flow, secrecy of views, reseeding, replay, random whole
games with invariants, no mutation, adjustments, invariant checks and the queries."""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace

import pytest

from rules.base import Actor, Awaiting, flow_problems
from rules.errors import BadInput, IllegalMove, InvalidData, NotAllowed
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Adjust, Buy, Choose, Keep, Place, Plan, Price, Road, Use
from rules.skye.state import Held, Marker, Offer, with_player
from tests.rules.skye_fixtures import (
    BLUE,
    RED,
    YELLOW,
    act,
    commit_all,
    new_game,
    play_out,
    random_action,
    scenario,
)


def test_identity_actions_and_flow():
    assert (GAME.key, GAME.min_players, GAME.max_players) == ("skye", 2, 5)
    assert GAME.parts == ("tiles", "progress", "scoring")
    assert GAME.hidden_randomness and len(set(GAME.colours)) == 5
    assert [a.kind for a in GAME.actions] == ["price", "buy", "keep", "place", "plan", "use", "road", "choose",
                                              "adjust"]
    assert flow_problems(GAME) == []


@pytest.mark.parametrize("action", [
    Price("L01", ("L02", "L03"), (2, 3)), Buy("L07"), Buy(), Keep(("L02",)), Place("L04", -1, 2, 3),
    Plan(("L12:merchant", "castle:warrior"), extra=True), Use("extra_movement", on=False), Road(1, 0, "n"),
    Choose("warrior"), Adjust("gold", value=3, seat=1), Adjust("journeyman", x=1, y=-2),
])
def test_actions_round_trip_through_json(action):
    assert GAME.decode_action(json.loads(json.dumps(GAME.encode_action(action)))) == action


def test_secret_phases_await_plans_and_the_rest_await_turns():
    state = new_game(3)
    assert GAME.awaiting(state)[0] == Awaiting(RED, "plan", GAME.flow.phase("price").prompt)
    state = scenario(stage="buy")
    state = replace(state, offers=(Offer("T1", BLUE, 1),), queue=(RED, YELLOW), bag=tuple(
        t for t in state.bag if t != "T1"), players=tuple(replace(p, territory=p.territory[:1]) if i == RED else p
                                                          for i, p in enumerate(state.players)))
    assert GAME.awaiting(state)[0].kind == "turn" and GAME.status_line(state) == "Round 1 of 6: Red to buy"


# --- secrecy ----------------------------------------------------------------------------------------------


def _json(state) -> str:
    return json.dumps(GAME.encode_state(state), sort_keys=True)


def test_no_view_shows_another_seats_sealed_prices_the_salt_the_seed_or_the_bag_order():
    state = new_game(3, seed=99)
    hand = state.players[RED].hand
    state = act(state, RED, Price(hand[1], (hand[0], hand[2]), (4, 1))).state
    real = _json(state)
    assert f'"axe": "{hand[1]}"' in real and state.salt in real
    for seat in (BLUE, YELLOW, None):
        seen = GAME.view(state, seat)
        text = _json(seen)
        assert seen.players[RED].pricing is None and f'"axe": "{hand[1]}"' not in text
        assert state.salt not in text and seen.seed == 0
        assert seen.players[RED].fingerprint == state.players[RED].fingerprint
        assert seen.bag == tuple(sorted(state.bag)) and seen.bag != state.bag
        GAME.check(replace(seen, bag=seen.bag))
    mine = GAME.view(state, RED)
    assert mine.players[RED].pricing == state.players[RED].pricing and mine.seed == 0


def test_no_view_shows_another_seats_sealed_plan():
    state = scenario()
    state = act(state, RED, Plan(("T2", "T1"))).state
    for seat in (BLUE, YELLOW, None):
        seen = GAME.view(state, seat)
        assert seen.players[RED].plan is None and '"markers": [{"x": 2' not in _json(seen)
        assert q.private(seen, RED).committed and q.private(seen, RED).plan is None
    assert q.private(GAME.view(state, RED), RED).plan.markers == (Marker(2, 0), Marker(1, 0))
    assert GAME.position(GAME.view(state, BLUE)).acting == (BLUE, YELLOW)


def test_reseed_reshuffles_the_bag_and_keeps_everything_else():
    state = new_game(3, seed=5)
    again = GAME.reseed(state, 6)
    assert sorted(again.bag) == sorted(state.bag) and again.bag != state.bag and again.seed == 6
    assert again.players == state.players
    GAME.check(again)


# --- whole games ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "settings"), [
    (2, 1, {}), (3, 2, {"unbought": "choose"}), (4, 3, {"bonus_layout": "shared", "barrel_income": "tile"}),
    (5, 4, {"schedule": "steady"}), (3, 5, {"rounds": 4, "min_price": 0}),
])
def test_random_whole_games_keep_every_invariant_and_end_with_a_winner(players, seed, settings):
    state, log = play_out(players, seed, check_each=True, **settings)
    ending = GAME.ending(state)
    assert ending is not None and ending.winners and state.stage == "over"
    assert len(state.notes) == players and state.round == state.rounds
    kinds = {a.kind for _s, a in log}
    assert {"price", "buy", "place", "plan", "choose"} <= kinds


def test_every_step_round_trips_through_json_and_views_stay_valid():
    rng = random.Random(11)
    state = new_game(3, seed=11)
    for _ in range(400):
        if GAME.ending(state) is not None:
            break
        seat, action = random_action(rng, state)
        state = GAME.apply(state, Actor(seat), action).state
        data = json.loads(json.dumps(GAME.encode_state(state)))
        assert GAME.decode_state(data) == state
        for viewer in (0, 1, 2, None):
            GAME.position(GAME.view(state, viewer))
    assert GAME.ending(state) is not None


def test_a_random_3_player_game_runs_well_under_a_second():
    started = time.perf_counter()
    state, _log = play_out(3, 21)
    assert GAME.ending(state) is not None
    assert time.perf_counter() - started < 1.0


def test_replaying_a_log_twice_gives_equal_states():
    _state, log = play_out(3, 8)
    recorded = [(seat, GAME.encode_action(action)) for seat, action in log]

    def replay():
        state = new_game(3, seed=8)
        for seat, data in recorded:
            state = GAME.apply(state, Actor(seat), GAME.decode_action(json.loads(json.dumps(data)))).state
        return GAME.encode_state(state)

    first, second = replay(), replay()
    assert first == second and GAME.decode_state(first).stage == "over"


# --- results --------------------------------------------------------------------------------------------------


def test_draws_make_results_not_undoable_and_other_results_undoable():
    _state, log = play_out(3, 6)
    state = new_game(3, seed=6)
    flags = []
    for seat, action in log:
        result = GAME.apply(state, Actor(seat), action)
        flags.append((action.kind, result.undoable, result.reveals, result.secret))
        if result.secret:
            assert not result.board_changed and result.public.endswith(").") and "fingerprint" in result.public
        state = result.state
    assert all(not undoable for _k, undoable, reveals, _s in flags if reveals)
    assert any(undoable for kind, undoable, _r, _s in flags if kind == "place")


def test_use_spends_extra_movement_on_the_sealed_plan_and_can_take_it_back():
    state = scenario()
    state = with_player(state, RED, taken=("extra_movement",), held=(Held("extra_movement", 0),))
    with pytest.raises(IllegalMove, match="Seal a plan first"):
        act(state, RED, Use())
    state = act(state, RED, Plan(("T2",))).state
    result = act(state, RED, Use())
    assert result.secret and result.state.players[RED].plan.extra
    with pytest.raises(IllegalMove, match="already spends"):
        act(result.state, RED, Use())
    far = act(result.state, RED, Plan(("T3", "T4"), extra=True)).state
    with pytest.raises(IllegalMove, match="Without Extra Movement your sealed plan no longer fits"):
        act(far, RED, Use(on=False))
    with pytest.raises(BadInput, match="extra_movement"):
        act(far, RED, Use("five_gold"))
    done = commit_all(far, {}).state
    assert done.players[RED].held == () and done.players[RED].journeyman == (3, 0)


# --- adjust ----------------------------------------------------------------------------------------------------


def test_adjust_own_things_with_before_and_after_and_the_host_anyones():
    state = scenario()
    result = act(state, RED, Adjust("gold", value=12))
    assert result.summary == "Red adjusted their gold 5 → 12." and result.state.players[RED].gold == 12
    result = act(result.state, BLUE, Adjust("merchant", value=4, seat=RED), host=True)
    assert result.summary == "Blue adjusted Red's merchant 0 → 4."
    assert result.state.players[RED].best == (0, 4, 0)
    result = act(result.state, RED, Adjust("journeyman", x=2, y=1))
    assert result.summary == "Red adjusted their journeyman 0,0 → 2,1."
    result = act(result.state, RED, Adjust("roads", value=2))
    assert q.roads_ready(result.state, RED) == (2, 0)


@pytest.mark.parametrize(("action", "host", "error", "message"), [
    (Adjust("gold", value=3, seat=BLUE), False, NotAllowed, "Only the host may adjust another player's things."),
    (Adjust("gold", value=-1), False, BadInput, "Gold is between 0 and 999, not -1."),
    (Adjust("herald", value=13), False, BadInput, "Herald is between 0 and 12, not 13."),
    (Adjust("gold", value=5), False, IllegalMove, "Red's gold is already 5."),
    (Adjust("fame", value=1), False, BadInput, "Adjust one of: gold, vp, roads, markers, warrior"),
    (Adjust("journeyman", x=5, y=5), False, IllegalMove, "Red has no tile at 5,5."),
    (Adjust("gold", value=1, seat=9), True, BadInput, "There is no seat 9 in this game"),
])
def test_adjust_refusals(action, host, error, message):
    with pytest.raises(error) as refused:
        act(scenario(), RED, action, host=host)
    assert message in refused.value.message


def test_only_seated_players_act():
    with pytest.raises(NotAllowed, match="Only players seated"):
        GAME.apply(scenario(), Actor(None, host=True), Adjust("gold", value=1, seat=0))


# --- invariants -----------------------------------------------------------------------------------------------


BROKEN = [
    ("negative gold", lambda s: with_player(s, RED, gold=-1), "players[0].gold", "negative"),
    ("tile twice", lambda s: replace(s, box=(*s.box, "T1")), "tiles", "T1 is in 2 places"),
    ("tile lost", lambda s: replace(s, bag=s.bag[1:]), "tiles", "is in 0 places"),
    ("markers", lambda s: with_player(s, RED, markers=0), "players[0].markers", "outside 1–5"),
    ("track", lambda s: with_player(s, RED, tracks=(13, 0, 0), best=(13, 0, 0)), "players[0].tracks", "0 ≤ at ≤ best"),
    ("best behind", lambda s: with_player(s, RED, tracks=(3, 0, 0)), "players[0].tracks", "warrior at 3, best 0"),
    ("journeyman off", lambda s: with_player(s, RED, journeyman=(9, 9)), "players[0].journeyman", "not a tile"),
    ("mismatch", lambda s: replace(with_player(s, RED, territory=(*s.players[RED].territory[:1], replace(
        s.players[RED].territory[1], tile="TS", rotation=3), *s.players[RED].territory[2:])),
        bag=(*(t for t in s.bag if t != "TS"), "T1")), "players[0].territory", "show different terrain"),
    ("stage", lambda s: replace(s, stage="nap"), "stage", "not a stage"),
    ("round", lambda s: replace(s, round=9), "round", "outside 1–6"),
    ("setting", lambda s: replace(s, settings=s.settings.with_item("unbought", "burn")), "settings.unbought", "one of"),
    ("layout", lambda s: with_player(s, RED, layout=s.players[RED].layout[::-1]), "players[0].layout", "slot"),
    ("plan outside", lambda s: replace(s, stage="place"), "players", "plans belong to the planning phase"),
]


@pytest.mark.parametrize(("how", "field", "problem"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_check_refuses_broken_invariants(how, field, problem):
    state = act(scenario(), RED, Plan(("T1",))).state
    with pytest.raises(InvalidData) as refused:
        GAME.check(how(state))
    assert refused.value.message.startswith(f"state.{field}"), refused.value.message
    assert problem in refused.value.message


# --- queries ----------------------------------------------------------------------------------------------------


def test_queries_route_cost_cheapest_order_and_advances():
    state = scenario()
    check = q.route_cost(state, RED, [(2, 0), (1, 0)])
    assert (check.legs, check.total, check.cheapest, check.cheapest_cost, check.is_cheapest) == (
        (2, 1), 3, ((1, 0), (2, 0)), 2, False)
    castle = {a.track: a for a in q.advances(state, RED, (0, 0))}
    assert castle["warrior"] == q.Advance("warrior", 1, "a barrel", False, 1, 0, True)
    assert not next(a for a in q.advances(state, RED, (1, 0)) if a.track == "warrior").allowed
    assert q.plan_check(state, RED, (Marker(2, 1),)) == ""
    assert "cannot be reached" in q.plan_check(state, RED, (Marker(0, 2),))
    assert q.reach(state, RED)[(2, 1)] == 4 and (0, 2) not in q.reach(state, RED)
    assert GAME.movers(state, RED)[0].id == "journeyman"
    reach = {r.to: r for r in GAME.reach(state, RED, "journeyman", {})}
    assert reach["T3"].cost == 4 and reach["T3"].route == ("T1", "T2", "T3")


def test_queries_private_scores_roads_and_decisions():
    state = scenario()
    mine = q.private(state, RED)
    assert (mine.markers, mine.movement, mine.extra_movement, mine.committed) == (2, 4, 0, False)
    scores = q.scores(state)
    assert [s.vp for s in scores] == [0, 0, 0] and all(len(s.tiles) == 4 for s in scores)
    assert q.scores(with_player(state, RED, vp=57))[RED].marker == "50"
    assert (0, 0, "e") in q.road_spots(state, RED) and (0, 0, "n") not in q.road_spots(state, RED)
    assert q.decisions(state, RED) == []
    assert q.scoring_now(state) == "A"


def test_the_rules_benchmark_runs_and_names_its_targets():
    from benchmarks import skye_rules

    figures = skye_rules.run(quick=True)
    assert [f.target for f in figures] == [None, 1.0, None, 2.0]
    assert all(f.value > 0 for f in figures)
