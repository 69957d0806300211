"""The game contract: setup and turn order, eras, permissions, awaiting, round trip, no mutation."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.base import Actor, Awaiting, BoardInfo
from rules.errors import BadInput, IllegalMove, InvalidData, NotAllowed, NotYourTurn
from rules.frozen import FrozenDict
from rules.vikings import GAME
from rules.vikings.actions import (
    Adjust,
    AdvanceEra,
    Choose,
    Dedicate,
    EndTurn,
    PlaceBoat,
    ReturnSettlers,
    Sail,
)
from rules.vikings.state import Bump, LastSail, with_player
from tests.rules.vikings_fixtures import BLUE, GREEN, RED, SEATS, YELLOW, act, board, in_play, put, settle


def test_game_identity_colours_and_settings():
    assert (GAME.key, GAME.title, GAME.min_players, GAME.max_players) == ("vikings", "Tiny Epic Vikings", 2, 4)
    assert len({c[0] for c in GAME.colours}) == len(GAME.colours) >= 4
    assert GAME.default_settings() == {
        "raid_cost_era2": 2,
        "raid_cost_era3": 3,
        "sails_per_turn": 2,
        "adjust_off_turn": True,
    }
    assert [a.kind for a in GAME.actions] == ["place", "sail", "choose", "return", "dedicate", "end", "era", "adjust"]


def test_board_info_comes_from_the_map():
    assert GAME.board_info(board("nordhav")) == BoardInfo("nordhav", "Nordhav", 3, 4)


def test_choose_is_the_generic_decision_action():
    assert GAME.encode_action(Choose("F2")) == {"kind": "choose", "choice": "F2", "key": ""}
    assert GAME.decode_action({"kind": "choose", "choice": "F6"}) == Choose("F6")


@pytest.mark.parametrize(
    "action",
    [
        PlaceBoat("A1"),
        Sail(boat=2, route=("F1", "F2", "B1"), strength=3, settlers=2, raid=True),
        Choose("F2"),
        ReturnSettlers(island="A", count=2),
        Dedicate("Thor"),
        EndTurn(),
        AdvanceEra(),
        Adjust("boat", boat=3, space="F2", seat=1),
    ],
)
def test_actions_round_trip_through_json(action):
    assert GAME.decode_action(json.loads(json.dumps(GAME.encode_action(action)))) == action


def _new(players: int = 3, name: str = "two-isles", **settings):
    return GAME.setup(board(name), list(SEATS[:players]), settings, seed=11)


def test_setup_places_one_boat_each_in_reverse_seat_order_then_seat_0_plays():
    state = _new()
    GAME.check(state)
    assert GAME.awaiting(state) == [Awaiting(YELLOW, "turn", "Place your first boat on an empty dock.")]
    assert GAME.status_line(state) == "Setup: Yellow places a boat"
    with pytest.raises(NotYourTurn, match="It is Yellow's turn."):
        act(state, RED, PlaceBoat("A1"))
    state = act(state, YELLOW, PlaceBoat("B1")).state
    result = act(state, BLUE, PlaceBoat("A2"))
    assert result.summary == "Blue boat 1 placed at A2 (Asa Isle); Red places next"
    result = act(result.state, RED, PlaceBoat("A1"))
    assert result.summary == "Red boat 1 placed at A1 (Asa Isle); play begins with Red's turn"
    state = result.state
    assert not state.placing and state.turn == RED
    assert [p.boats[1] for p in state.players] == ["A1", "A2", "B1"]
    assert GAME.status_line(state) == "Era 1: Red's turn"
    with pytest.raises(IllegalMove, match="You cannot place a boat now: Era 1: Red's turn."):
        act(state, RED, PlaceBoat("B2"))


@pytest.mark.parametrize(
    ("dock", "error", "message"),
    [
        ("B1", IllegalMove, "B1 already holds Yellow boat 1."),
        ("F1", IllegalMove, "F1 is not a dock; place your boat on an empty dock."),
        ("Q7", BadInput, "There is no space 'Q7' on this map."),
    ],
)
def test_setup_placing_needs_an_empty_dock(dock, error, message):
    state = act(_new(), YELLOW, PlaceBoat("B1")).state
    with pytest.raises(error) as refused:
        act(state, BLUE, PlaceBoat(dock))
    assert refused.value.message == message


def test_nothing_but_placing_during_setup():
    state = _new()
    with pytest.raises(IllegalMove, match="You cannot end your turn now: Setup: Yellow places a boat."):
        act(state, YELLOW, EndTurn())
    with pytest.raises(IllegalMove, match="first era has not begun"):
        act(state, YELLOW, AdvanceEra(), host=True)
    with pytest.raises(IllegalMove, match="until every starting boat is placed"):
        act(state, YELLOW, Adjust("boat", boat=1, space="F1"))


@pytest.mark.parametrize(
    ("seats", "settings", "message"),
    [
        (SEATS[:3], {}, "Ravnsund is for 2 players, not 3."),
        ((SEATS[0], SEATS[0]), {}, "Each player needs a different colour"),
        (SEATS[:2], {"fog": 1}, "Tiny Epic Vikings has no setting 'fog'"),
        (SEATS[:2], {"sails_per_turn": 5}, "Setting sails_per_turn is at most 3."),
    ],
)
def test_setup_refuses_bad_tables(seats, settings, message):
    with pytest.raises(BadInput, match=message.replace("(", r"\(").replace(")", r"\)")):
        GAME.setup(board("ravnsund"), list(seats), settings, seed=1)


def test_setup_takes_parsed_settings():
    state = _new(raid_cost_era2=5, adjust_off_turn=False)
    assert state.settings["raid_cost_era2"] == 5 and state.settings["adjust_off_turn"] is False


def test_turns_go_round_the_table_in_seat_order_and_reset_the_turn_counters():
    state = in_play(4, "nordhav")
    state = put(state, RED, 1, "F1")
    state = with_player(state, RED, raided=1)
    state = act(state, RED, Sail(boat=1, route=("F4",), strength=1)).state
    state = act(state, RED, Dedicate("Odin")).state
    order = []
    for seat in (RED, BLUE, YELLOW, GREEN):
        result = act(state, seat, EndTurn())
        assert not result.board_changed  # nothing on the map changed: no new image (issue 8 §15)
        state = result.state
        order.append(state.turn)
        assert (state.sails, state.dedicated) == (0, False)
    assert order == [BLUE, YELLOW, GREEN, RED]


def test_only_the_player_on_turn_acts_on_the_turn():
    with pytest.raises(NotYourTurn, match="It is Red's turn."):
        act(in_play(), BLUE, EndTurn())


def test_an_unseated_actor_may_do_nothing_even_as_host():
    state = in_play()
    for action in (EndTurn(), AdvanceEra(), Adjust("food", value=1, seat=RED), Choose("F1"), PlaceBoat("A1")):
        with pytest.raises(NotAllowed, match="Only players seated"):
            GAME.apply(state, Actor(None, host=True), action)


@pytest.mark.parametrize(("setting", "sails"), [(None, 2), (1, 1), (3, 3)])
def test_sails_per_turn_setting(setting, sails):
    state = in_play(**({} if setting is None else {"sails_per_turn": setting}))
    state = put(state, RED, 1, "F1")
    for i in range(sails):
        state = act(state, RED, Sail(boat=1, route=("F2",) if i % 2 == 0 else ("F1",), strength=1)).state
    with pytest.raises(IllegalMove, match=f"already sailed {sails} time"):
        act(state, RED, Sail(boat=1, route=("F2",), strength=1))


def test_sails_per_turn_spent_leaves_no_boat_to_move_as_the_sail_menus_offer_none():
    """The sails-per-turn setting (docs/vikings.md: a turn's sails) with V-S1: `movers` and `reach`
    (`/game reach`) offer the boats the sail menus offer, so none once the turn's sails are spent,
    and none to a player off turn."""
    state = in_play(sails_per_turn=1)
    state = put(state, RED, 1, "F1")
    state = put(state, RED, 2, "A2")
    offered = [str(c.value) for c in GAME.choices(state, Actor(RED), "sail", "boat", {})]
    assert [p.id for p in GAME.movers(state, RED)] == offered == ["1", "2"]
    assert {r.to for r in GAME.reach(state, RED, "1", {"strength": 1})} == {"A1", "F2"}
    state = act(state, RED, Sail(boat=1, route=("F2",), strength=1)).state
    assert "sail" not in {k.kind for k in GAME.kinds(state, Actor(RED))}
    assert GAME.movers(state, RED) == [] and GAME.reach(state, RED, "2", {}) == []
    state = put(state, BLUE, 1, "B2")
    assert GAME.movers(state, BLUE) == []


def test_V_S4_awaiting_lists_the_turn_or_only_the_bumped_boats_owner():
    state = in_play(2, "ravnsund")
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "A2")
    prompt = "Your turn: sail (2 left), return settlers, dedicate a village, then end your turn."
    assert GAME.awaiting(state) == [Awaiting(RED, "turn", prompt)]
    state = act(state, RED, Sail(boat=1, route=("A2",), strength=1)).state
    asked = "Your boat 1 was bumped from A2: choose the fjord it moves to."
    assert GAME.awaiting(state) == [Awaiting(BLUE, "decision", asked, ("F2", "F6"), "1")]


def test_choose_answers_the_oldest_matching_decision_of_that_player():
    state = in_play(2, "ravnsund")
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "A2")
    state = put(state, BLUE, 2, "E2")
    state = replace(state, pending=(Bump(BLUE, 1, "A2", ("F2", "F6")), Bump(BLUE, 2, "E2", ("F9", "F12"))))
    assert [(b.boat, b.options) for b in state.pending] == [(1, ("F2", "F6")), (2, ("F9", "F12"))]
    state = act(state, BLUE, Choose("F12")).state
    assert state.players[BLUE].boats == {1: "A2", 2: "F12", 3: None, 4: None}
    assert [b.boat for b in state.pending] == [1]


def test_era_is_advanced_by_the_host_only_up_to_three():
    state = in_play()
    with pytest.raises(NotAllowed, match="Only the host may advance the era."):
        act(state, RED, AdvanceEra())
    state = replace(state, dedications=state.dedications.with_item("action1", 2))
    result = act(state, BLUE, AdvanceEra(), host=True)
    assert result.summary == "Era 2 begins: raids cost 2 steel and the dedication actions are open again"
    assert not result.board_changed  # nothing on the map changed: no new image (issue 8 §15)
    state = result.state
    assert (state.era, state.turn, state.dedications["action1"]) == (2, RED, 0)
    state = act(state, BLUE, AdvanceEra(), host=True).state
    assert GAME.status_line(state) == "Era 3: Red's turn"
    with pytest.raises(IllegalMove, match="Era 3 is the last era."):
        act(state, BLUE, AdvanceEra(), host=True)


def test_results_are_undoable_and_plain():
    state = in_play()
    state = put(state, RED, 1, "A1")
    result = act(state, RED, Sail(boat=1, route=("F1",), strength=1))
    assert result.undoable and result.board_changed and "\n" not in result.summary


# --- adjust --------------------------------------------------------------------------------


def test_adjust_own_resources_states_before_and_after():
    result = act(in_play(), BLUE, Adjust("steel", value=7))
    assert result.state.players[BLUE].steel == 7
    assert result.summary == "Blue adjusted their steel 5 → 7"
    assert not result.board_changed  # nothing on the map changed: no new image (issue 8 §15)


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (Adjust("food", value=8), BadInput, "Food is between 0 and 7, not 8."),
        (Adjust("wood", value=-1), BadInput, "Wood is between 0 and 7, not -1."),
        (Adjust("food", value=5), IllegalMove, "Red's food is already 5."),
        (Adjust("raided", value=2), BadInput, "Raided is between 0 and 1, not 2."),
        (Adjust("gold", value=1), BadInput, "Adjust one of: wood, food, steel, raided, settlers"),
        (Adjust("food", value=1, seat=BLUE), NotAllowed, "Only the host may adjust another player's pieces."),
        (Adjust("food", value=1, seat=9), BadInput, "There is no seat 9 in this game."),
        (Adjust("settlers", value=7, island="A"), IllegalMove, "Red has only 6 settlers on the mat."),
        (Adjust("temples", value=-1, island="A"), BadInput, "cannot be negative"),
        (Adjust("temples", value=1, island="Q"), BadInput, "There is no island 'Q'"),
        (Adjust("boat", boat=2, space="A"), IllegalMove, "A is an island; boats go on docks and fjords."),
        (Adjust("boat", boat=2, space="B1"), IllegalMove, "B1 already holds Blue boat 1."),
        (Adjust("boat", boat=1, space="A1"), IllegalMove, "Red boat 1 is already at A1."),
        (Adjust("boat", boat=0, space="A2"), BadInput, "Boats are numbered 1 to 4, not 0."),
        (Adjust("rune", value=1, island="B"), NotAllowed, "Blue holds Bjorn Isle's rune; only the host may take"),
        (Adjust("rune", value=0, island="B"), IllegalMove, "Red does not hold Bjorn Isle's rune."),
        (Adjust("rune", value=2, island="A"), BadInput, "value 1 takes it and 0 puts it back"),
        (Adjust("village", value=0, space="B1"), NotAllowed, "Only the host may put or remove villages."),
        (Adjust("fury", value=3, god="Odin"), NotAllowed, "Only the host may adjust a god's fury."),
    ],
)
def test_adjust_refusals(action, error, message):
    state = in_play()
    state = put(state, RED, 1, "A1")
    state = put(state, BLUE, 1, "B1")
    state = settle(state, BLUE, "B", settlers=1)
    state = replace(state, runes=state.runes.with_item("B", BLUE))
    with pytest.raises(error) as refused:
        act(state, RED, action)
    assert message in refused.value.message


def test_adjust_settlers_and_temples_move_between_island_and_mat():
    state = in_play()
    result = act(state, RED, Adjust("temples", value=1, island="B"))
    assert result.summary.startswith("Red adjusted their temples on Bjorn Isle 0 → 1 (mat 2 → 1)")
    state = act(result.state, RED, Adjust("settlers", value=2, island="B")).state
    state = act(state, RED, Adjust("settlers", value=0, island="B")).state
    red = state.players[RED]
    assert (red.temples["B"], red.mat_temples, red.settlers["B"], red.mat_settlers) == (1, 1, 0, 6)


def test_adjust_boats_launch_move_and_remove():
    state = in_play()
    state = act(state, RED, Adjust("boat", boat=3, space="B2")).state
    assert state.players[RED].boats[3] == "B2"
    result = act(state, RED, Adjust("boat", boat=3, space="F1"))
    assert result.summary == "Red adjusted their boat 3: at B2 → at F1"
    result = act(result.state, RED, Adjust("boat", boat=3, space=""))
    assert result.state.players[RED].boats[3] is None
    assert result.summary == "Red adjusted their boat 3: at F1 → in harbour"


def test_adjusting_a_boat_standing_aside_cancels_its_decision():
    state = in_play(2, "ravnsund")
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "A2")
    state = act(state, RED, Sail(boat=1, route=("A2",), strength=1)).state
    state = act(state, RED, Adjust("boat", boat=1, space="F6", seat=BLUE), host=True).state
    assert state.pending == () and state.players[BLUE].boats[1] == "F6"


def test_host_adjusts_anyone_and_the_table_things():
    state = in_play()
    state = replace(state, villages=frozenset())
    state = replace(state, runes=state.runes.with_item("A", YELLOW))
    state = settle(state, YELLOW, "A", settlers=1)
    result = act(state, RED, Adjust("food", value=0, seat=BLUE), host=True)
    assert result.summary == "Red adjusted Blue's food 5 → 0"
    state = act(result.state, RED, Adjust("village", value=1, space="B1"), host=True).state
    assert state.villages == {"B1"}
    state = act(state, RED, Adjust("fury", value=23, god="Odin"), host=True).state
    assert state.fury["Odin"] == 23
    with pytest.raises(IllegalMove, match="Control would undo that at once .Yellow stole Asa Isle's rune from Blue"):
        act(state, RED, Adjust("rune", value=1, island="A", seat=BLUE), host=True)  # ruling 13: no fury by adjust
    state = settle(state, BLUE, "A", settlers=3)
    result = act(state, RED, Adjust("rune", value=1, island="A", seat=BLUE), host=True)
    assert "Asa Isle's rune: Yellow → Blue" in result.summary and result.state.fury["Odin"] == 23


def test_player_takes_a_rune_from_its_island_and_puts_back_their_own():
    state = in_play()
    state = act(state, RED, Adjust("temples", value=1, island="A")).state
    assert state.runes["A"] == RED and state.fury["Odin"] == 1
    with pytest.raises(IllegalMove, match="Control would undo that at once .Red took Asa Isle's rune"):
        act(state, RED, Adjust("rune", value=0, island="A"))  # Red still leads there: fury would rise again
    state = act(state, RED, Adjust("temples", value=0, island="A")).state
    assert state.runes["A"] is None
    with pytest.raises(IllegalMove, match="Control would undo that at once"):
        act(state, RED, Adjust("rune", value=1, island="B"))  # no influence: control would put it back


def test_adjust_off_turn_follows_the_table_setting():
    assert act(in_play(), BLUE, Adjust("wood", value=1)).state.players[BLUE].wood == 1
    strict = in_play(adjust_off_turn=False)
    with pytest.raises(NotYourTurn, match="on their own turn only"):
        act(strict, BLUE, Adjust("wood", value=1))
    assert act(strict, RED, Adjust("wood", value=1)).state.players[RED].wood == 1
    assert act(strict, RED, Adjust("wood", value=1, seat=BLUE), host=True).state.players[BLUE].wood == 1


# --- invariants, round trip, no mutation ---------------------------------------------------


def _break(how):
    return how(put(in_play(), RED, 1, "A1"))


def _red(field, **changes):
    """A change to Red's settlers, temples or boats (keyed by island or boat)."""
    return lambda s: with_player(s, RED, **{field: FrozenDict({**getattr(s.players[RED], field), **changes})})


BROKEN = [
    ("boat on an island", lambda s: put(s, BLUE, 1, "A"), "players[1].boats.1", "not a dock or fjord"),
    ("boat on unknown space", lambda s: put(s, BLUE, 1, "Z1"), "players[1].boats.1", "not a dock or fjord"),
    ("two boats on a dock", lambda s: put(s, BLUE, 1, "A1"), "players[1].boats.1", "dock A1 also holds"),
    ("five boats", lambda s: put(s, RED, 5, None), "players[0].boats", "numbered 1 to 4"),
    ("resource above 7", lambda s: with_player(s, BLUE, food=8), "players[1].food", "outside 0–7"),
    ("negative resource", lambda s: with_player(s, BLUE, steel=-1), "players[1].steel", "outside 0–7"),
    ("negative raided", lambda s: with_player(s, BLUE, raided=-1), "players[1].raided", "negative"),
    ("settlers not 6", _red("settlers", A=1), "players[0].settlers", "is not 6"),
    ("temples not 2", lambda s: with_player(s, RED, mat_temples=3), "players[0].temples", "is not 2"),
    ("negative settlers", _red("settlers", A=-1, B=1), "players[0].settlers", "negative"),
    ("unknown island", _red("settlers", Q=0), "players[0].settlers", "exactly the islands"),
    ("rune holder", lambda s: replace(s, runes=s.runes.with_item("A", 7)), "runes.A", "no seat 7"),
    ("fury negative", lambda s: replace(s, fury=s.fury.with_item("Thor", -1)), "fury.Thor", "negative"),
    ("unknown village", lambda s: replace(s, villages=s.villages | {"A2"}), "villages", "A2 has no village space"),
    ("era", lambda s: replace(s, era=4), "era", "outside 1–3"),
    ("turn", lambda s: replace(s, turn=3), "turn", "no seat 3"),
    ("sails", lambda s: replace(s, sails=3), "sails", "outside"),
    ("dedications", lambda s: replace(s, dedications=s.dedications.with_item("action1", 4)), "dedications.action1",
     "outside 0–3"),
    ("settings", lambda s: replace(s, settings=s.settings.without("sails_per_turn")), "settings", "expected exactly"),
    ("setting value", lambda s: replace(s, settings=s.settings.with_item("sails_per_turn", 9)),
     "settings.sails_per_turn", "at most 3"),
    ("setting type", lambda s: replace(s, settings=s.settings.with_item("adjust_off_turn", 1)),
     "settings.adjust_off_turn", "wrong type"),
    ("colour", lambda s: replace(s, seats=(SEATS[0], SEATS[0], SEATS[2])), "seats[1].colour", "taken"),
    ("pending elsewhere", lambda s: replace(s, pending=(Bump(BLUE, 1, "B2", ("F3",)),)), "pending[0]", "not at B2"),
    ("last sail", lambda s: replace(s, last_sail=LastSail(RED, 1, ("A1", "B1"))), "last_sail.path", "not a path"),
    ("setup boats", lambda s: replace(s, placing=True), "players[0].boats", "during setup"),
    ("board", lambda s: replace(s, board=replace(s.board, gods=())), "board: gods", "exactly 3"),
]


@pytest.mark.parametrize(("how", "field", "problem"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_check_refuses_broken_invariants(how, field, problem):
    state = _break(how)
    with pytest.raises(InvalidData) as refused:
        GAME.check(state)
    assert refused.value.message.startswith(f"state.{field}:")
    assert problem in refused.value.message


def _rich_state():
    """A game with a bump pending, a last sail, runes held, fury, villages raided and settings changed."""
    state = in_play(2, "ravnsund", raid_cost_era3=5)
    state = put(state, RED, 1, "F2")
    state = put(state, BLUE, 1, "A2")
    state = put(state, BLUE, 2, "F1")
    state = act(state, RED, Adjust("temples", value=1, island="G")).state
    return act(state, RED, Sail(boat=1, route=("A2",), strength=1, settlers=1, raid=False)).state


def test_state_round_trips_exactly_through_json():
    state = _rich_state()
    assert state.pending and state.last_sail and state.runes["A"] == RED
    data = json.loads(json.dumps(GAME.encode_state(state)))
    again = GAME.decode_state(data)
    assert again == state
    GAME.check(again)
    assert GAME.encode_state(again) == data


ALL_ACTIONS = [
    (RED, False, Sail(boat=1, route=("F2",), strength=1)),
    (RED, False, Sail(boat=1, route=("F6",), strength=3)),  # refused: F6 is not next to A2
    (BLUE, False, Choose("F6")),
    (RED, False, ReturnSettlers(island="A", count=1)),
    (RED, False, Dedicate("Odin")),
    (RED, False, EndTurn()),
    (BLUE, True, AdvanceEra()),
    (BLUE, False, Adjust("boat", boat=3, space="F9")),
    (RED, False, Adjust("settlers", value=3, island="D")),
    (RED, True, Adjust("fury", value=9, god="Thor")),
]


@pytest.mark.parametrize(("seat", "host", "action"), ALL_ACTIONS, ids=[a[2].kind for a in ALL_ACTIONS])
def test_apply_never_mutates_its_input(seat, host, action):
    state = _rich_state()
    if not isinstance(action, Choose):
        state = act(state, BLUE, Choose("F6")).state  # answered: play goes on
    state = with_player(state, RED, raided=1)
    before = json.dumps(GAME.encode_state(state), sort_keys=True)
    try:
        result = GAME.apply(state, Actor(seat, host), action)
        assert result.state is not state
    except (BadInput, IllegalMove):
        pass
    assert json.dumps(GAME.encode_state(state), sort_keys=True) == before


def test_placing_never_mutates_its_input():
    state = _new()
    before = GAME.encode_state(state)
    act(state, YELLOW, PlaceBoat("B1"))
    assert GAME.encode_state(state) == before
