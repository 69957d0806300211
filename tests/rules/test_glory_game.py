"""The game contract for Glory: identity, setup, flow, rounds and turns, action cubes, adjust,
views and reseeding, invariants, generic queries."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.base import Actor, Awaiting, BoardInfo, Piece, Reach, flow_problems
from rules.errors import BadInput, IllegalMove, InvalidData, NotAllowed, NotYourTurn
from rules.frozen import FrozenDict
from rules.glory import GAME, queries
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver, Pass
from rules.glory.adjust import ADJUSTERS
from rules.glory.state import HIDDEN, Army, EventSlot, Structure, with_player
from tests.rules.glory_fixtures import (
    BLUE,
    GREEN,
    RED,
    SEATS,
    YELLOW,
    act,
    at,
    board,
    city,
    cubes,
    deck_top,
    new_game,
    put,
    scenario,
    units,
)


def test_identity_settings_and_flow():
    assert (GAME.key, GAME.title, GAME.min_players, GAME.max_players) == ("glory", "Glory of Civilizations", 2, 4)
    assert GAME.hidden_randomness and GAME.parts == ("units", "tiles", "relics", "events")
    assert GAME.default_settings() == {"action_cubes": 2, "voting_cubes": 8, "adjust_off_turn": True}
    assert [a.kind for a in GAME.actions] == ["maneuver", "pass", "end", "choose", "adjust"]
    assert flow_problems(GAME) == []
    assert GAME.board_info(board("five-kingdoms")) == BoardInfo("five-kingdoms", "Five Kingdoms", 3, 4)
    assert "maneuver" in GAME.summary and GAME.answer("3") == Choose("3")


@pytest.mark.parametrize("action", [
    Maneuver("D7", "E8", units=(("cavalryman", 2),), path=("E7", "E8"), drops=(("E7", "archer", 1),),
             pickups=(("E7", "spearman", 1),), march=True, pack="pack"),
    Maneuver("D7"), Choose("4"), Pass(), EndTurn(), Adjust("units", value=3, seat=1, hex="D7", unit="archer"),
])
def test_actions_round_trip_through_json(action):
    assert GAME.decode_action(json.loads(json.dumps(GAME.encode_action(action)))) == action


def test_setup_puts_capitals_and_starting_units_and_shuffles_the_hidden_piles_from_the_seed():
    state = new_game("five-kingdoms", 3, seed=11)
    GAME.check(state)
    b = state.board
    starts = b.starts(3)
    for seat, p in enumerate(starts):
        capital = b.hex_name(b.provinces[p].start.capital)
        assert state.structures[capital] == Structure("city", seat, capital=True)
        assert sum(sum(a.units.values()) for a in state.players[seat].armies.values()) == 7
    assert sorted(state.province_deck) == sorted(t.name for t in b.tiles)
    assert state.province_deck == new_game("five-kingdoms", 3, seed=11).province_deck
    assert state.province_deck != new_game("five-kingdoms", 3, seed=12).province_deck
    assert (state.round, state.turn, state.players[0].action_cubes, state.players[0].voting_cubes) == (1, 0, 2, 8)
    assert len(queries.province_map(state)) == len(b.provinces)
    four = new_game("five-kingdoms", 4)
    assert {b.hex_name(b.provinces[p].centre) for p in b.starts(4)} == {"C3", "Q3", "C10", "Q10"}
    assert "J13" in [c for c, _, status in queries.province_map(four) if status == "face down"]


@pytest.mark.parametrize(("name", "seats", "settings", "message"), [
    ("two-straits", SEATS[:3], {}, "Two Straits is for 2 players, not 3."),
    ("two-straits", (SEATS[0], SEATS[0]), {}, "Each player needs a different colour"),
    ("two-straits", SEATS[:2], {"fog": 1}, "Glory of Civilizations has no setting 'fog'"),
    ("two-straits", SEATS[:2], {"action_cubes": 10}, "Setting action_cubes is at most 9."),
])
def test_setup_refuses_bad_tables(name, seats, settings, message):
    with pytest.raises(BadInput, match=message):
        GAME.setup(board(name), list(seats), settings, seed=1)


def test_settings_set_cubes():
    state = new_game(action_cubes=4, voting_cubes=3)
    assert (state.players[1].action_cubes, state.players[1].action_cubes_per_round, state.players[1].voting_cubes) \
        == (4, 4, 3)


# --- turns and rounds ------------------------------------------------------------------------


def test_the_first_maneuver_of_a_turn_is_free_each_more_costs_an_action_cube():
    state = scenario(action_cubes=1)
    for q in range(3):
        state = put(state, RED, at(q * 2 - 2, 3), swordsman=1)
    state = act(state, RED, Maneuver(at(-2, 3))).state
    assert state.players[RED].action_cubes == 1
    assert GAME.awaiting(state)[0].prompt == "Your turn: maneuver again for an action cube (1 left), or end your turn."
    result = act(state, RED, Maneuver(at(0, 3)))
    assert "(paid 1 action cube, 0 left)" in result.summary
    state = result.state
    assert queries.can_maneuver(state, RED) == "another maneuver this turn costs an action cube and you have none"
    with pytest.raises(IllegalMove, match="costs an action cube and you have none left: end your turn"):
        act(state, RED, Maneuver(at(2, 3)))
    with pytest.raises(IllegalMove, match="You have maneuvered this turn: end your turn, and pass on your next one."):
        act(state, RED, Pass())
    state = act(state, RED, EndTurn()).state
    assert (state.turn, state.maneuvers) == (BLUE, 0)


def test_turns_go_round_skipping_players_who_passed_and_the_first_to_pass_starts_the_next_round():
    state = scenario(players=3, action_cubes=2)
    state = put(state, RED, at(0, 0), swordsman=1, cubes=2)
    state = with_player(state, RED, action_cubes=0)
    state = act(state, RED, EndTurn()).state
    assert GAME.status_line(state) == "Round 1: Blue's turn"
    state = act(state, BLUE, Pass()).state
    assert state.turn == YELLOW
    state = act(state, YELLOW, EndTurn()).state
    assert state.turn == RED
    state = act(state, RED, Pass()).state
    assert state.turn == YELLOW
    result = act(state, YELLOW, EndTurn())
    assert result.summary == "Yellow ended their turn; Yellow plays on (everyone else has passed)"
    result = act(result.state, YELLOW, Pass())
    assert result.summary.startswith("Yellow passed; everyone has passed: round 1 ends")
    state = result.state
    assert (state.round, state.turn, state.passed) == (2, BLUE, ())
    assert cubes(state, RED, at(0, 0)) == 0 and state.players[RED].action_cubes == 2
    assert GAME.status_line(state) == "Round 2: Blue's turn"


def test_out_of_time_a_player_passes_or_ends_the_turn_they_maneuvered_in():
    """Rounds and turns (issue 12's safe default): pass, or end a turn already used."""
    state = scenario(action_cubes=1)
    state = put(state, RED, at(0, 0), swordsman=1)
    assert GAME.timeout(state, BLUE) is None
    assert GAME.timeout(state, RED) == Pass()
    state = act(state, RED, Maneuver(at(0, 0), at(1, 0))).state
    assert GAME.timeout(state, RED) == EndTurn()
    state = act(state, RED, GAME.timeout(state, RED)).state
    assert state.turn == BLUE and GAME.timeout(state, BLUE) == Pass()


def test_G_E2_out_of_time_a_revealed_tile_takes_its_first_allowed_rotation():
    state = scenario(down=((2, 0),))
    state = put(state, RED, at(2, -1), swordsman=1)
    state = deck_top(state, "T01")
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    assert GAME.timeout(state, BLUE) is None
    assert GAME.timeout(state, RED) == Choose("1")
    assert act(state, RED, GAME.timeout(state, RED)).state.exploring is None


def test_only_the_player_on_turn_maneuvers_passes_or_ends():
    state = scenario()
    state = put(state, BLUE, at(0, 0), swordsman=1)
    for action in (Maneuver(at(0, 0)), Pass(), EndTurn()):
        with pytest.raises(NotYourTurn, match="It is Red's turn."):
            act(state, BLUE, action)
    with pytest.raises(NotAllowed, match="Only players seated"):
        GAME.apply(state, Actor(None, host=True), EndTurn())


def test_awaiting_and_movers_and_reach():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(2, 0), peasant=1, cubes=1)
    assert GAME.awaiting(state) == [Awaiting(RED, "turn", "Your turn: maneuver (free), pass for the round, or end "
                                                          "your turn.")]
    assert GAME.movers(state, RED) == [Piece(at(0, 0), f"{at(0, 0)}: 1 swordsman", at(0, 0))]
    assert GAME.movers(state, BLUE) == []
    reach = GAME.reach(state, RED, at(0, 0), {})
    assert Reach(at(1, 0), 1, (at(1, 0),)) in reach and Reach(at(0, 0), 0, ()) in reach
    assert GAME.reach(state, RED, at(0, 0), {"units": "2 swordsmen"}) == []
    assert GAME.reach(state, RED, "nowhere", {}) == []
    assert max(r.cost for r in GAME.reach(state, RED, at(0, 0), {"march": True})) == 3


# --- adjust -------------------------------------------------------------------------------------


def test_adjust_own_units_cubes_and_relics_with_before_and_after():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=2)
    result = act(state, RED, Adjust("units", value=3, hex=at(0, 0), unit="swordsmen"))
    assert result.summary == f"Red adjusted their swordsmen at {at(0, 0)} 2 → 3"
    state = act(result.state, RED, Adjust("units", value=0, hex=at(0, 0), unit="swordsman")).state
    assert units(state, RED, at(0, 0)) is None
    state = act(state, RED, Adjust("units", value=2, hex=at(1, 0), unit="archer")).state
    assert state.players[RED].armies[at(1, 0)] == Army({"archer": 2})
    assert act(state, RED, Adjust("depletion", value=2, hex=at(1, 0))).summary == \
        f"Red adjusted their depletion cubes at {at(1, 0)} 0 → 2"
    assert act(state, RED, Adjust("cubes", value=5)).summary == "Red adjusted their action cubes 2 → 5"
    assert act(state, RED, Adjust("cubes_per_round", value=3)).state.players[RED].action_cubes_per_round == 3
    assert act(state, BLUE, Adjust("voting", value=6)).summary == "Blue adjusted their voting cubes in the bank 8 → 6"


def test_adjust_trebuchets_packed():
    state = scenario()
    state = put(state, RED, at(0, 0), trebuchet=2)
    result = act(state, RED, Adjust("packed", value=1, hex=at(0, 0), unit="trebuchet"))
    assert result.state.players[RED].armies[at(0, 0)].packed == {"trebuchet": 1}
    with pytest.raises(IllegalMove, match="Archers do not pack."):
        act(state, RED, Adjust("packed", value=1, hex=at(0, 0), unit="archer"))
    with pytest.raises(BadInput, match="Packed trebuchets at .* is between 0 and 2, not 3."):
        act(state, RED, Adjust("packed", value=3, hex=at(0, 0), unit="trebuchet"))


def test_adjust_relics_and_votes():
    state = scenario()
    relic = state.relic_bag[0]
    state = replace(state, relic_bag=state.relic_bag[1:], relics=state.relics.with_item(at(1, 0), relic),
                    event_deck=tuple(e for e in state.event_deck if e != "E03"),
                    event_rows=((EventSlot("E03", FrozenDict({BLUE: 1})),),))
    result = act(state, RED, Adjust("relic", name=relic))
    assert result.summary == f"Red adjusted the relic {relic}: on {at(1, 0)} → held by Red"
    state = result.state
    with pytest.raises(NotAllowed, match=f"Red holds {relic}; only the host may take it from them."):
        act(state, BLUE, Adjust("relic", name=relic))
    moved = act(state, BLUE, Adjust("relic", name=relic, hex=at(2, 0), seat=RED), host=True)
    assert moved.state.relics == {at(2, 0): relic} and moved.state.players[RED].relics == ()
    with pytest.raises(IllegalMove, match="is still in the bag"):
        act(state, RED, Adjust("relic", name=state.relic_bag[0]))
    voted = act(state, RED, Adjust("votes", name="E03", value=2))
    assert voted.summary == "Red adjusted their voting cubes on Sea Storm (E03, row 1) 0 → 2 (bank 8 → 6)"
    assert voted.state.event_rows[0][0].votes == {BLUE: 1, RED: 2}


def test_votes_taken_off_a_card_never_overfill_the_bank():
    """A bank holds at most 50 voting cubes (the invariant): taking cubes off an event card that
    would overfill it is refused, and nothing changes (random play found a bank of 69)."""
    state = scenario()
    state = replace(state, event_deck=tuple(e for e in state.event_deck if e != "E03"),
                    event_rows=((EventSlot("E03", FrozenDict({RED: 20})),),))
    state = act(state, RED, Adjust("voting", value=45)).state
    with pytest.raises(IllegalMove, match="would leave Red 65 in the bank, more than the 50 a bank holds"):
        act(state, RED, Adjust("votes", name="E03", value=0))
    assert act(state, RED, Adjust("votes", name="E03", value=15)).state.players[RED].voting_cubes == 50


def test_the_host_builds_and_removes_structures():
    state = scenario()
    state = put(state, BLUE, at(1, 0), swordsman=1)
    with pytest.raises(NotAllowed, match="Only the host may build or remove cities and castles."):
        act(state, RED, Adjust("structure", hex=at(0, 0), name="castle"))
    result = act(state, RED, Adjust("structure", hex=at(0, 0), name="castle"), host=True)
    assert result.summary == f"Red adjusted {at(0, 0)}: nothing → Red's castle"
    assert result.state.structures[at(0, 0)] == Structure("castle", RED)
    state = act(result.state, RED, Adjust("structure", hex=at(0, 0), name="capital", seat=BLUE),
                host=True).state
    assert state.structures[at(0, 0)] == Structure("city", BLUE, capital=True)
    state = act(state, RED, Adjust("structure", hex=at(0, 0), name=""), host=True).state
    assert at(0, 0) not in state.structures
    with pytest.raises(IllegalMove, match="holds Blue's units: a structure there must be theirs"):
        act(state, RED, Adjust("structure", hex=at(1, 0), name="city"), host=True)


ADJUST_REFUSALS = [
    (Adjust("gold", value=1), BadInput, "Adjust one of: units, packed, depletion"),
    (Adjust("cubes", value=1, seat=BLUE), NotAllowed, "Only the host may adjust another player's pieces."),
    (Adjust("cubes", value=1, seat=7), BadInput, "There is no seat 7 in this game."),
    (Adjust("cubes", value=21), BadInput, "Action cubes is between 0 and 20, not 21."),
    (Adjust("cubes", value=2), IllegalMove, "Red's action cubes are already 2."),
    (Adjust("units", value=1, hex=at(1, 0), unit="archer"), IllegalMove, "holds Blue's units: remove them first."),
    (Adjust("units", value=1, hex=at(2, 0), unit="archer"), IllegalMove, "holds Blue's city."),
    (Adjust("units", value=1, hex=at(0, 1), unit="galley"), IllegalMove, "is plains: vessels stay on sea and ocean"),
    (Adjust("units", value=1, hex=at(1, 1), unit="archer"), IllegalMove, "is sea: archers stand there only aboard"),
    (Adjust("units", value=0, hex=at(-1, 1), unit="galley"), IllegalMove, "is sea: swordsmen stand there only aboard"),
    (Adjust("units", value=100, hex=at(0, 0), unit="archer"), BadInput, "A count of archers is between 0 and 99"),
    (Adjust("units", value=1, hex=at(0, 0), unit="dragon"), BadInput, "There is no unit 'dragon'."),
    (Adjust("units", value=1, hex="Q99", unit="archer"), BadInput, "There is no hex 'Q99'"),
    (Adjust("units", value=1, hex=at(3, -2), unit="archer"), IllegalMove, "is in a province still face down."),
    (Adjust("depletion", value=3, hex=at(0, 0)), BadInput, "Depletion cubes is between 0 and 2"),
    (Adjust("depletion", value=1, hex=at(0, 1)), IllegalMove, "Red has no army at"),
    (Adjust("votes", name="E99", value=1), BadInput, "No event card 'E99' is in the rows."),
    (Adjust("relic", name="Holy Grail"), BadInput, "There is no relic 'Holy Grail'."),
    (Adjust("structure", hex=at(0, 0), name="tower"), NotAllowed, "Only the host"),
]


@pytest.mark.parametrize(("action", "error", "message"), ADJUST_REFUSALS)
def test_adjust_refusals(action, error, message):
    state = scenario({(1, 1): "sea", (-1, 1): "sea"}, down=[(3, -2)])
    state = put(state, RED, at(0, 0), swordsman=1)
    state = put(state, RED, at(-1, 1), galley=1, swordsman=1)
    state = put(state, BLUE, at(1, 0), swordsman=1)
    state = city(state, BLUE, at(2, 0))
    with pytest.raises(error) as refused:
        act(state, RED, action)
    assert message in refused.value.message


def test_adjust_off_turn_follows_the_table_setting():
    assert act(scenario(), BLUE, Adjust("cubes", value=1)).state.players[BLUE].action_cubes == 1
    strict = scenario(adjust_off_turn=False)
    with pytest.raises(NotYourTurn, match="on their own turn only"):
        act(strict, BLUE, Adjust("cubes", value=1))
    assert act(strict, BLUE, Adjust("cubes", value=1), host=True).state.players[BLUE].action_cubes == 1


def test_every_adjuster_is_documented():
    assert set(ADJUSTERS) == {"units", "packed", "depletion", "cubes", "cubes_per_round", "voting", "votes", "relic",
                              "structure"}
    for what in ADJUSTERS:
        assert f'"{what}"' in Adjust.__doc__


# --- views, reseeding, invariants ------------------------------------------------------------------


def test_no_view_shows_the_hidden_piles_order_or_the_seed():
    state = new_game("five-kingdoms", 4, seed=99)
    for seat in (RED, BLUE, YELLOW, GREEN, None):
        seen = GAME.view(state, seat)
        data = GAME.encode_state(seen)
        assert data["seed"] == 0
        for pile in ("province_deck", "relic_bag", "event_deck"):
            assert set(data[pile]) == {HIDDEN} and len(data[pile]) == len(getattr(state, pile))
        GAME.check(seen)
        assert queries.reach(seen, seat or 0, next(iter(seen.players[seat or 0].armies))) != {}


def test_reseed_reshuffles_only_what_is_still_hidden():
    state = new_game("five-kingdoms", 3, seed=5)
    again = GAME.reseed(state, 6)
    assert again.seed == 6 and again.players == state.players and again.structures == state.structures
    assert sorted(again.province_deck) == sorted(state.province_deck) and again.province_deck != state.province_deck
    assert sorted(again.event_deck) == sorted(state.event_deck)
    assert sorted(again.relic_bag) == sorted(state.relic_bag)
    assert GAME.reseed(state, 6) == again
    GAME.check(again)


def _break(how):
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    return how(state)


@pytest.mark.parametrize(("how", "message"), [
    (lambda s: put(s, BLUE, at(0, 0), archer=1), "state.players[1].armies.H7: the hex also holds seat 0's units"),
    (lambda s: put(s, RED, at(1, 0), galley=1), "a vessel on plains"),
    (lambda s: put(s, RED, at(1, 0), cubes=3, archer=1), "cubes: 3 is not 0, 1 or 2"),
    (lambda s: put(s, RED, at(1, 0), archer=0), "archer: 0 is outside 1–99"),
    (lambda s: put(s, RED, at(1, 0), archer=1, packed={"archer": 1}), "'archer' does not pack"),
    (lambda s: replace(s, province_deck=(*s.province_deck, "T01")), "province_deck: 'T01' is in it twice"),
    (lambda s: replace(s, province_deck=s.province_deck[:-1]), "province_deck: 19 tiles left and 0 placed"),
    (lambda s: replace(s, relic_bag=s.relic_bag[:-1]), "relic_bag: 7 in the bag and 0 out"),
    (lambda s: replace(s, event_deck=s.event_deck[:-1]), "event_deck: 13 in the deck and 0 shown"),
    (lambda s: replace(s, passed=(0, 1)), "passed: everyone has passed but the round did not end"),
    (lambda s: replace(s, turn=5), "turn: no seat 5"),
    (lambda s: city(s, BLUE, at(0, 0)), "units stand on another player's city"),
    (lambda s: replace(s, settings=s.settings.with_item("action_cubes", 99)),
     "settings.action_cubes: Setting action_cubes is at most 9."),
])
def test_check_names_the_first_broken_invariant(how, message):
    with pytest.raises(InvalidData, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")
                       .replace(")", r"\)")):
        GAME.check(_break(how))


def test_check_finds_land_units_stranded_on_water_G_M9():
    """Ruling 8: land units on water only aboard a vessel; peasants may stand on sea."""
    state = scenario({(1, 0): "sea"})
    state = put(state, RED, at(1, 0), peasant=2)
    GAME.check(state)
    state = put(state, RED, at(1, 0), peasant=2, swordsman=1)
    with pytest.raises(InvalidData, match=r"armies.I8.units.swordsman: swordsmen on sea without a vessel"):
        GAME.check(state)
    state = put(state, RED, at(1, 0), galley=1, swordsman=1)
    GAME.check(state)


def test_states_round_trip_through_json():
    state = scenario(down=[(2, 0)])
    state = put(state, RED, at(2, -1), swordsman=1)
    state = deck_top(state, "T01")
    state = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    for s in (state, act(state, RED, Choose("3")).state):
        data = json.loads(json.dumps(GAME.encode_state(s)))
        assert GAME.decode_state(data) == s
        assert GAME.decode_state(data).board is GAME.decode_state(data).board  # decoded once, shared


HOSTILE = [
    Maneuver(army=5), Maneuver("H7", to=3), Maneuver("H7", units=[["x"]]), Maneuver("H7", units={"a": 1}),
    Maneuver("H7", path=[1, 2]), Maneuver("H7", drops=[[1, 2, 3]]), Maneuver("H7", drops=5), Maneuver("H7", pack=5),
    Maneuver("H7", march="yes"), Maneuver("H7", units=(("archer", True),)), Maneuver("H7" * 30),
    Adjust(what=[1]), Adjust("relic", name=[1]), Adjust("units", value="x", hex="H7", unit="archer"),
    Adjust("cubes", seat=True, value=1), Adjust("units", value=1, hex="H7", unit=None), Adjust("cubes", value=1.5),
    Choose(choice=None), Choose(choice=["1"]),
]


@pytest.mark.parametrize("action", HOSTILE)
def test_hostile_field_values_are_refused_as_player_errors(action):
    from rules.errors import PlayerError

    state = scenario(down=[(2, 0)])
    state = put(state, RED, "H7", swordsman=1)
    with pytest.raises(PlayerError):
        GAME.play(state, Actor(RED), action)


def test_target_queries_and_units_text():
    state = scenario({(2, 0): "sea"})
    state = put(state, RED, at(0, 0), archer=1, swordsman=1)
    state = put(state, RED, at(1, -1), catapult=1)
    state = put(state, BLUE, at(2, 0), galley=1)
    state = put(state, BLUE, at(-1, 0), spearman=2)
    assert queries.targets(state, RED, at(0, 0)) == [
        f"Blue's 2 spearmen at {at(-1, 0)} (1 hex away; in range of swordsmen and archers)",
        f"Blue's 1 galley at {at(2, 0)} (2 hexes away; in range of archers)",
    ]
    after = queries.targets_after(state, RED, at(0, 0), at(1, -1), {"swordsman": 1})
    assert after == [f"Blue's 2 spearmen at {at(-1, 0)} (2 hexes away; in range of catapults)",
                     f"Blue's 1 galley at {at(2, 0)} (2 hexes away; in range of catapults)"]
    assert queries.targets_after(state, RED, "nowhere", at(1, 0)) == []
    assert queries.army_text(state.board, Army({"trebuchet": 2}, {"trebuchet": 1}, 2)) == \
        "2 trebuchets (1 packed), depleted (marched)"


def test_focuses_offer_each_players_part_of_the_map_and_describe_says_the_position():
    state = new_game("five-kingdoms", 3, seed=18)
    assert GAME.focuses(state) == [("red", "Red's armies and cities, larger"),
                                   ("blue", "Blue's armies and cities, larger"),
                                   ("yellow", "Yellow's armies and cities, larger")]
    text = GAME.describe(state)
    assert text.startswith("Round 1: Red's turn. Waiting for Red.")
    assert "Red: 2 action cubes left, 8 voting cubes, 0 relics; 7 units in armies at B2, C3, D3; capital at C3." \
        in text
    state = act(state, RED, Maneuver("D3", "D4")).state
    assert "Red revealed River Fields for the province at E5 and chooses its rotation." in GAME.describe(state)
    (decision,) = [a for a in GAME.awaiting(state) if a.kind == "decision"]
    assert decision.prompt.endswith("The board shows each allowed rotation, numbered.")
