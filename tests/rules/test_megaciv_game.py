"""The game contract: identity, flow, setup, permissions, views of drafts, expansion, adjustments,
encoding and replay."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest

from rules.base import Actor, Awaiting, BoardInfo, flow_problems
from rules.errors import BadInput, IllegalMove, InvalidData, NotAllowed, NotYourTurn, UnknownBoard
from rules.megaciv import GAME, queries
from rules.megaciv.actions import (
    Adjust,
    Build,
    Declare,
    Expand,
    Insist,
    Maintain,
    Move,
    Sail,
    Scrap,
    StartMovement,
    TakeBack,
)
from rules.megaciv.adjust import ADJUSTERS
from rules.megaciv.board import COLOURS
from tests.rules.megaciv_fixtures import (
    BLUE,
    GREEN,
    RED,
    SEATS,
    act,
    blank,
    board,
    cash,
    first_to_move,
    moving,
    new_game,
    put,
    ship,
)


def test_identity_colours_settings_and_flow():
    assert (GAME.key, GAME.title, GAME.min_players, GAME.max_players) == ("megaciv", "Mega Civilization", 2, 18)
    assert len(GAME.colours) == len(set(GAME.colours)) == 18 and GAME.colours == COLOURS
    assert GAME.default_settings() == {"simultaneous": False}
    assert GAME.parts == ("civilizations", "advances")
    assert not GAME.hidden_randomness
    assert flow_problems(GAME) == []
    assert [a.kind for a in GAME.actions] == ["move", "build", "maintain", "scrap", "sail", "takeback", "declare",
                                              "insist", "start", "expand", "adjust"]


def test_board_info_comes_from_the_map():
    assert GAME.board_info(board("scenario")) == BoardInfo("scenario", "Scenario Coast", 2, 4)
    assert GAME.board_info(board("oikumene")) == BoardInfo("oikumene", "Oikumene", 2, 18)


@pytest.mark.parametrize("action", [
    Move("A", "B", 3, via="E"), Build("A", "tokens", ("A", "E")), Maintain(2, "token", "E"), Scrap(3),
    Sail(1, ("G", "H"), (2, 0, 0), (0, 1, 1)), TakeBack(2), Declare(), Insist(), StartMovement(), Expand(("A", "B")),
    Adjust("tokens", 3, 1, area="A"), Adjust("advance", 1, name="Roadbuilding"), Adjust("ship", ship=2, area="G"),
])
def test_actions_round_trip_through_json(action):
    assert GAME.decode_action(json.loads(json.dumps(GAME.encode_action(action)))) == action


def test_setup_one_token_in_each_civilizations_first_start_area():
    state = new_game(3)
    GAME.check(state)
    assert [p.civ for p in state.players] == ["Rome", "Babylon", "Celt"]
    assert [p.tokens for p in state.players] == [{"E": 1}, {"F": 1}, {"G": 1}]
    assert all(p.stock == 54 and p.treasury == 0 for p in state.players)
    assert GAME.status_line(state) == "Turn 1: The table's phases"
    assert GAME.awaiting(state) == []
    assert GAME.seat_name(state, BLUE) == "Babylon"


@pytest.mark.parametrize(("seats", "settings", "message"), [
    (SEATS[:1], {}, "Scenario Coast is for 2–4 players, not 1."),
    ((SEATS[0], SEATS[0]), {}, "Each player needs a different colour"),
    (SEATS[:2], {"fog": 1}, "Mega Civilization has no setting 'fog'"),
    (SEATS[:2], {"simultaneous": "maybe"}, "Setting simultaneous is on or off"),
])
def test_setup_refuses_bad_tables(seats, settings, message):
    with pytest.raises(BadInput, match=message):
        GAME.setup(board("scenario"), list(seats), settings, seed=1)


def test_setup_refuses_a_civilization_without_a_start_area_on_the_map():
    from rules.base import Seat

    with pytest.raises(BadInput, match="Nubia \\(black\\) has no start area on Scenario Coast; colours with one: "):
        GAME.setup(board("scenario"), [SEATS[0], Seat(9, "x", "black")], {}, seed=1)


def test_the_host_starts_each_movement_phase_only_between_phases():
    state = blank(2)
    with pytest.raises(NotAllowed, match="Only the host may start the Movement phase"):
        act(state, RED, StartMovement())
    state = act(state, RED, StartMovement(), host=True).state
    with pytest.raises(IllegalMove, match="Movement phase of turn 1 is under way"):
        act(state, RED, StartMovement(), host=True)
    with pytest.raises(IllegalMove, match="You cannot expand your population now"):
        act(state, RED, Expand())


def test_nothing_moves_between_phases():
    with pytest.raises(IllegalMove, match="You cannot move tokens now: Turn 1: The table's phases."):
        act(put(blank(2), RED, "A", 2), RED, Move("A", "B"))


def test_awaiting_names_the_player_on_turn_then_the_next_after_declaring():
    state = moving(put(put(blank(2), RED, "A", 2), BLUE, "E", 1))
    assert [a.seat for a in GAME.awaiting(state)] == [RED]
    assert GAME.awaiting(state)[0].kind == "turn"
    state = act(state, RED, Declare()).state
    assert GAME.awaiting(state) == [Awaiting(BLUE, "turn", GAME.flow.phase("move").prompt)]


def test_an_unseated_actor_may_do_nothing_even_as_host():
    state = moving(blank(2))
    for action in (Declare(), StartMovement(), Adjust("treasury", 1), Expand()):
        with pytest.raises(NotAllowed, match="Only players seated"):
            GAME.apply(state, Actor(None, host=True), action)


# --- drafts and what others see ------------------------------------------------------------------------


def test_an_undeclared_draft_is_secret_and_hidden_from_the_others_until_declared():
    state = moving(put(put(blank(3), RED, "A", 3), BLUE, "E", 1))
    state = first_to_move(state, RED)
    result = act(state, RED, Move("A", "B", 2))
    assert result.secret and result.public == "Rome changed their movement draft"
    drafted = result.state
    for seat in (BLUE, GREEN, None):
        seen = GAME.view(drafted, seat)
        assert seen.players[RED].tokens == {"A": 3} and seen.players[RED].steps == ()
        encoded = json.dumps(GAME.encode_state(seen))
        assert "A \\u2192 B" not in encoded and '"B"' not in json.dumps(seen.players[RED].tokens)
        GAME.check(seen)
    assert GAME.view(drafted, RED).players[RED].tokens == {"A": 1, "B": 2}
    declared = act(drafted, RED, Declare()).state
    assert GAME.view(declared, BLUE).players[RED].tokens == {"A": 1, "B": 2}


def test_everyone_at_once_watches_every_draft_as_it_is_made():
    state = moving(put(put(blank(3, simultaneous=True), RED, "A", 3), BLUE, "E", 1))
    result = act(state, RED, Move("A", "B", 2))
    assert not result.secret
    assert GAME.view(result.state, BLUE).players[RED].tokens == {"A": 1, "B": 2}


def test_queries_answer_on_the_seats_view():
    state = first_to_move(moving(put(put(blank(3), RED, "A", 3), BLUE, "C", 1)), RED)
    state = act(state, RED, Move("A", "B", 3)).state
    assert [c.area for c in queries.conflicts(GAME.view(state, RED))] == []
    assert queries.draft_steps(GAME.view(state, RED), RED)[0].text == "3 tokens A → B"
    assert queries.draft_steps(GAME.view(state, BLUE), RED) == ()


# --- expansion -------------------------------------------------------------------------------------------


def test_expansion_adds_one_where_one_token_two_where_two_or_more_once_a_turn():
    state = put(put(blank(2), RED, "A", 1), RED, "E", 3)
    result = act(state, RED, Expand())
    assert result.summary == "Rome expanded: +1 A, +2 E (stock 51 → 48, census 4 → 7)"
    assert result.state.players[RED].tokens == {"A": 2, "E": 5}
    with pytest.raises(IllegalMove, match="already expanded this turn"):
        act(result.state, RED, Expand())
    state = moving(result.state)
    state = act(act(state, RED, Declare()).state, BLUE, Declare()).state
    assert act(state, RED, Expand()).state.players[RED].tokens == {"A": 4, "E": 7}


def test_the_expansions_fold_into_one_board_posted_with_the_last_of_them():
    """Issue 28, posts per round: the table's population expansion helper (outside the Movement
    phase, no rule id) posts one board, with the last expansion; a player with no tokens on the
    board has none to make and is not waited for."""
    state = put(put(blank(3), RED, "A", 1), BLUE, "E", 3)
    first = act(state, RED, Expand())
    assert not first.board_changed and first.state.players[RED].tokens == {"A": 2}
    last = act(first.state, BLUE, Expand())
    assert last.board_changed and last.state.players[BLUE].tokens == {"E": 5}


def test_expansion_with_a_short_stock_goes_where_the_player_lists():
    state = put(put(put(blank(2), RED, "A", 1), RED, "E", 2), RED, "B", 2)
    state = act(state, RED, Adjust("treasury", 47)).state  # stock 3 for a need of 5
    with pytest.raises(IllegalMove, match="needs 5 tokens but your stock has 3: list the areas"):
        act(state, RED, Expand())
    with pytest.raises(IllegalMove, match="take 2 tokens; list more until your stock of 3"):
        act(state, RED, Expand(("E",)))
    with pytest.raises(IllegalMove, match="no tokens in C"):
        act(state, RED, Expand(("C",)))
    after = act(state, RED, Expand(("E", "A", "B"))).state
    assert after.players[RED].tokens == {"A": 2, "E": 4, "B": 2} and after.players[RED].stock == 0
    with pytest.raises(IllegalMove, match="covers the whole expansion"):
        act(put(blank(2), RED, "A", 1), RED, Expand(("A",)))


# --- adjustments -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "summary"), [
    (Adjust("treasury", 4), "Rome adjusted Rome's treasury 0 → 4 (stock 54 → 50)"),
    (Adjust("tokens", 3, area="a"), "Rome adjusted Rome's tokens in A 0 → 3 (stock 54 → 51)"),
    (Adjust("city", 1, area="B"), "Rome adjusted Rome's city in B: none → built (cities 0 → 1)"),
    (Adjust("advance", 1, name="roadbuilding"), "Rome adjusted Rome's Roadbuilding: not held → held"),
    (Adjust("ship", ship=2, area="G"), "Rome adjusted Rome's ship 2: in stock → at G"),
])
def test_players_adjust_their_own_pieces_with_before_and_after(action, summary):
    assert act(new_game(2), RED, action).summary == summary


def test_tax_moves_two_per_city_from_stock_to_treasury():
    state = act(act(new_game(2), RED, Adjust("city", 1, area="B")).state, RED, Adjust("tax")).state
    assert (state.players[RED].treasury, state.players[RED].stock) == (2, 52)


@pytest.mark.parametrize(("action", "summary"), [
    (Adjust("barbarians", 3, area="B"), "Rome adjusted barbarians in B 0 → 3"),
    (Adjust("pirate", 1, area="C"), "Rome adjusted pirate city in C: none → there"),
    (Adjust("out_of_play", 1, area="D"), "Rome adjusted D: in play → out of play"),
    (Adjust("tokens", 2, seat=BLUE, area="A"), "Rome adjusted Babylon's tokens in A 0 → 2 (stock 54 → 52)"),
])
def test_the_host_adjusts_anyones_pieces_and_those_of_no_player(action, summary):
    assert act(new_game(2), RED, action, host=True).summary == summary
    with pytest.raises(NotAllowed):
        act(new_game(2), RED, action)


@pytest.mark.parametrize(("action", "error", "message"), [
    (Adjust("gold", 1), BadInput, "Adjust one of: treasury, tax, tokens"),
    (Adjust("tokens", 99, area="A"), BadInput, "Tokens must be a whole number from 0 to 55"),
    (Adjust("tokens", 2, area="Atlantis"), BadInput, "There is no area 'Atlantis'"),
    (Adjust("tokens", 2, area="OS"), BadInput, "OS is open sea"),
    (Adjust("treasury", 0), IllegalMove, "already 0"),
    (Adjust("advance", 1, name="Pottery"), BadInput, "no movement advance 'Pottery'"),
    (Adjust("city", 1, area="E", seat=7), BadInput, "There is no seat 7"),
    (Adjust("ship", ship=5, area="G"), BadInput, "A ship number must be a whole number from 1 to 4"),
    (Adjust("ship", ship=1, area="E"), IllegalMove, "E has no water"),
])
def test_adjustments_refuse_bad_values(action, error, message):
    with pytest.raises(error, match=message):
        act(new_game(2), RED, action, host=True)


def test_every_kind_of_adjustment_is_listed_in_the_action_docs():
    assert all(f'"{what}"' in (Adjust.__doc__ or "") for what in ADJUSTERS)


def test_no_adjusting_tokens_or_ships_during_ones_own_undeclared_draft():
    state = first_to_move(moving(cash(put(blank(2), RED, "A", 3), RED, 2)), RED)
    state = act(state, RED, Move("A", "B")).state
    with pytest.raises(IllegalMove, match="Rome is drafting their movement: adjust tokens, treasury or ships once "
                                          "they have declared it"):
        act(state, RED, Adjust("tokens", 1, area="A"))
    assert act(state, RED, Adjust("advance", 1, name="Roadbuilding")).state.players[RED].advances == ("Roadbuilding",)


@pytest.mark.parametrize("what", [Adjust("tokens", 1, RED, area="A"), Adjust("treasury", 1, RED),
                                  Adjust("tax", 1, RED), Adjust("ship", 0, RED, area="G", ship=1)])
def test_the_hosts_adjustment_refused_during_a_secret_draft_says_nothing_of_it_M_O2(what):
    """Issue 18.5 (audit): the host learnt whether the player on turn had moved yet, from whether
    adjusting their tokens was refused. Refused alike before and after the first step."""
    state = first_to_move(moving(cash(put(put(blank(2), RED, "A", 3), BLUE, "C", 1), RED, 2)), RED)
    moved = act(state, RED, Move("A", "B")).state
    refusals = set()
    for before in (state, moved):
        with pytest.raises(IllegalMove) as refused:
            act(before, BLUE, what, host=True)
        refusals.add(refused.value.message)
    assert refusals == {"Rome is drafting their movement: adjust tokens, treasury or ships once they have declared "
                        "it (or taken its steps back)."}
    act(moved, BLUE, replace(what, seat=BLUE), host=True)  # Babylon waits for its turn: no draft to keep exact


def test_adjusting_tokens_down_drops_moved_ones_first():
    state = first_to_move(moving(put(put(blank(2), RED, "A", 3), RED, "B", 2)), RED)
    state = act(state, RED, Move("A", "B", 2)).state
    state = act(state, RED, Declare()).state
    state = act(state, RED, Adjust("tokens", 3, area="B")).state
    assert state.players[RED].done == {"B": 1}


# --- encoding and replay ---------------------------------------------------------------------------------


def _scripted(simultaneous: bool = False):
    """A recorded game: (seat, host, encoded action)."""
    return [
        (RED, True, {"kind": "adjust", "what": "tokens", "value": 4, "area": "A"}),
        (RED, True, {"kind": "adjust", "what": "treasury", "value": 3}),
        (BLUE, False, {"kind": "adjust", "what": "tokens", "value": 2, "area": "C"}),
        (RED, False, {"kind": "expand"}),
        (BLUE, False, {"kind": "expand"}),
        (RED, True, {"kind": "start"}),
        (RED, False, {"kind": "build", "area": "A", "pay": "mixed"}),
        (RED, False, {"kind": "sail", "ship": 1, "path": ["G", "H"], "take": [3, 0, 0], "put": [0, 1, 0]}),
        (RED, False, {"kind": "move", "source": "A", "target": "B", "count": 2}),
        (RED, False, {"kind": "takeback"}),
        (RED, False, {"kind": "move", "source": "a", "target": "b", "count": 1}),
        (RED, False, {"kind": "declare"}),
        (BLUE, False, {"kind": "move", "source": "C", "target": "B", "count": 3}),
        (BLUE, False, {"kind": "declare"}),
    ]


def _replay(log):
    state = blank(2)
    for seat, host, data in log:
        state = GAME.apply(state, Actor(seat, host), GAME.decode_action(data)).state
    return state


def test_replay_of_a_recorded_log_gives_the_same_state_twice():
    first, second = _replay(_scripted()), _replay(_scripted())
    assert GAME.encode_state(first) == GAME.encode_state(second)
    assert GAME.decode_state(json.loads(json.dumps(GAME.encode_state(first)))) == first
    assert first.turn == 2 and not first.moving
    assert first.players[RED].tokens == {"A": 1, "G": 1, "H": 2, "B": 1}


def test_decoding_refuses_bad_states_naming_the_field():
    data = GAME.encode_state(_replay(_scripted()))
    data["players"][0]["tokens"]["A"] = "many"
    with pytest.raises(InvalidData, match="state.players\\[0\\].tokens.A: expected a whole number, got text"):
        GAME.decode_state(data)
    data = GAME.encode_state(_replay(_scripted()))
    data["players"][1]["steps"][0]["delta"][0][0] = "gold"
    with pytest.raises(InvalidData, match="state.players\\[1\\].steps\\[0\\].delta\\[0\\]\\[0\\]: expected one of"):
        GAME.decode_state(data)
    data = GAME.encode_state(_replay(_scripted()))
    data["wizards"] = 1
    with pytest.raises(InvalidData, match="unknown field 'wizards'"):
        GAME.decode_state(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["players"][0].update(stock=99), "state.players\\[0\\]: stock 99 \\+ treasury"),
    (lambda d: d["players"][0]["tokens"].update(OS=1), "'OS' is not a land area"),
    (lambda d: d["players"][0].update(cities=["B"]) or d["players"][1].update(cities=["B"]), "B already holds"),
    (lambda d: d["players"][0]["ships"][0].update(area="E"), "'E' is not a coastal area or open sea"),
    (lambda d: d.update(turn=0), "state.turn: 0 must be at least 1"),
    (lambda d: d["players"][0].update(civ="Babylon"), "is not Rome, the civilization of red"),
])
def test_check_names_the_first_broken_invariant(change, message):
    data = GAME.encode_state(_replay(_scripted()))
    data = json.loads(json.dumps(data))
    change(data)
    with pytest.raises(InvalidData, match=message):
        GAME.check(GAME.decode_state(data))


def test_a_draft_that_does_not_undo_cleanly_is_refused():
    state = first_to_move(moving(put(blank(2), RED, "A", 3)), RED)
    state = act(state, RED, Move("A", "B", 2)).state
    data = json.loads(json.dumps(GAME.encode_state(state)))
    data["players"][0]["steps"][0]["delta"][0][2] = -9
    with pytest.raises(InvalidData, match="the draft does not undo to a valid position"):
        GAME.check(GAME.decode_state(data))


def test_generic_movers_and_reach():
    state = ship(first_to_move(moving(put(blank(2), RED, "A", 3)), RED), RED, 1, "A", built=True)
    assert [(p.id, p.label) for p in GAME.movers(state, RED)] == [("A", "3 of 3 tokens in A"),
                                                                 ("ship1", "Ship 1 at A (built)")]
    assert [(r.to, r.cost, r.route) for r in GAME.reach(state, RED, "a", {})] == [("B", 1, ("B",)), ("E", 1, ("E",))]
    assert [r.to for r in GAME.reach(state, RED, "ship1", {})] == ["G", "H", "D", "C"]
    assert GAME.reach(state, RED, "ship9", {}) == [] and GAME.reach(state, RED, "nowhere", {}) == []


def test_not_your_turn_for_others_in_strict_order():
    state = moving(put(put(blank(2), RED, "A", 3), BLUE, "C", 2))
    with pytest.raises(NotYourTurn):
        act(state, BLUE, TakeBack())


def test_hostile_values_in_every_field_are_refused_cleanly():
    import dataclasses
    import random

    from rules.errors import PlayerError

    values = [None, True, -1, 10**30, "", "x" * 5000, "A", "os", ["A"], ("A", "B"), {"a": 1}, 3.5, ("G",) * 40,
              (10**9,), "\u202e", "A+3 G"]
    rng = random.Random(3)
    drafting = ship(first_to_move(moving(put(blank(), RED, "A", 3)), RED), RED, 1, "A", built=True)
    for state in (put(blank(), RED, "A", 3), drafting):
        for cls in GAME.actions:
            names = [f.name for f in dataclasses.fields(cls)]
            for _ in range(60):
                action = cls(**{n: rng.choice(values) for n in names})
                for actor in (Actor(RED), Actor(RED, host=True), Actor(BLUE)):
                    try:
                        GAME.apply(state, actor, action)
                    except PlayerError as refused:
                        assert "Traceback" not in refused.message and len(refused.message) < 600


def test_after_someone_insists_the_drafts_the_table_watched_stay_open():
    state = moving(put(put(put(blank(3, simultaneous=True), RED, "A", 5), BLUE, "E", 1), GREEN, "G", 2))
    state = act(state, BLUE, Move("E", "F")).state
    state = act(state, GREEN, Insist()).state
    assert GAME.view(state, RED).players[BLUE].tokens == {"F": 1}
    result = act(state, RED, Move("A", "B"))
    assert not result.secret and GAME.view(result.state, BLUE).players[RED].tokens == {"A": 4, "B": 1}
    assert not act(result.state, RED, Declare()).reveals


def test_a_stored_state_names_its_board_and_decodes_to_the_shared_board():
    """The board is not written into a stored state, only named: its name and the digest of its
    JSON text; that decodes to the board already loaded, which is shared."""
    from rules import serial
    from rules.megaciv import codec

    state = _replay(_scripted())
    data = GAME.encode_state(state)
    text = codec.remember_board(state.board)
    assert data["board"] == {"name": "scenario", "sha256": hashlib.sha256(text.encode()).hexdigest()}
    assert len(json.dumps(data)) < len(text)
    assert GAME.decode_state(json.loads(json.dumps(data))).board is state.board
    assert GAME.decode_state({**data, "board": text}) == state  # stored before: the board's JSON text
    assert GAME.decode_state(json.loads(json.dumps(serial.dump(state)))) == state  # serial's shape loads too
    with pytest.raises(InvalidData, match="state.board: not a board's JSON text"):
        GAME.decode_state({**data, "board": "{oops"})
    with pytest.raises(InvalidData, match="state.board.map: missing field 'title'"):
        broken = json.loads(text)
        del broken["map"]["title"]
        GAME.decode_state({**data, "board": json.dumps(broken)})


def test_a_board_no_loaded_board_has_is_refused_by_name():
    state = _replay(_scripted())
    data = GAME.encode_state(state)
    with pytest.raises(UnknownBoard) as unknown:
        GAME.decode_state({**data, "board": {"name": "scenario", "sha256": "0" * 64}})
    assert unknown.value.name == "scenario" and unknown.value.digest == "0" * 64
    with pytest.raises(InvalidData, match="the board with that digest is 'scenario', not 'oikumene'"):
        GAME.decode_state({**data, "board": {**data["board"], "name": "oikumene"}})
    with pytest.raises(InvalidData, match="as text"):
        GAME.decode_state({**data, "board": {"name": "scenario", "sha256": 7}})
