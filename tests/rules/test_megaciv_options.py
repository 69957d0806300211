"""The legal options of Mega Civilization (`Game.kinds`, `Game.choices`, `Game.build`) on the
scenario map: what is offered is what the rules accept, on the asking seat's own view, by rule id."""

from __future__ import annotations

import random

import pytest

from rules.base import Actor, Game
from rules.errors import IllegalMove, PlayerError
from rules.megaciv import GAME
from rules.megaciv.actions import Adjust, Build, Declare, Move, Sail, StartMovement
from rules.megaciv.state import MegaState
from rules.options import SHOWN
from tests.rules.megaciv_fixtures import (
    BLUE,
    GREEN,
    RED,
    act,
    blank,
    cash,
    city,
    cleared,
    first_to_move,
    hold,
    moving,
    new_game,
    put,
    ship,
)
from tests.support.walking import walk


def offered(state: MegaState, seat: int, kind: str, param: str, host: bool = False, **chosen: object) -> list:
    """The values of `param` offered to `seat` on its own view."""
    return [c.value for c in GAME.choices(GAME.view(state, seat), Actor(seat, host), kind, param, chosen)]


def built(state: MegaState, seat: int, kind: str, host: bool = False, **values: object):
    return GAME.build(GAME.view(state, seat), Actor(seat, host), kind, values)


def red_moves(state: MegaState) -> MegaState:
    return first_to_move(moving(state), RED)


def kinds(state: MegaState, seat: int, host: bool = False) -> list[str]:
    return [k.kind for k in GAME.kinds(GAME.view(state, seat), Actor(seat, host))]


# --- M-O1, M-O2: who may act, and the draft -----------------------------------------------------------


def test_M_O1_only_the_player_on_turn_is_offered_moves():
    state = red_moves(put(put(blank(), RED, "E", 2), BLUE, "F", 2))
    assert kinds(state, RED) == ["move", "declare", "adjust"]
    assert kinds(state, BLUE) == ["adjust"]  # the old autocomplete offered Babylon's moves out of turn
    assert offered(state, BLUE, "move", "from") == []
    assert kinds(state, BLUE, host=True) == ["adjust"]  # the host starts no phase while one is under way
    assert kinds(blank(), RED, host=True) == ["start", "adjust"]  # nobody has tokens to expand from


def test_M_O2_take_back_offers_each_count_with_what_it_undoes():
    state = red_moves(put(blank(), RED, "A", 3))
    state = act(act(state, RED, Move("A", "B", 1)).state, RED, Move("A", "E", 1)).state
    steps = GAME.choices(GAME.view(state, RED), Actor(RED), "takeback", "steps", {})
    assert [(c.value, c.label) for c in steps] == [(1, "1: take back 1 token A → E"),
                                                   (2, "2: take back 1 token A → B and 1 later")]
    assert act(state, RED, built(state, RED, "takeback", steps=2)).state.players[RED].tokens == {"A": 3}


def test_M_O2_another_seat_never_sees_a_secret_draft_in_its_options():
    state = red_moves(put(put(blank(), RED, "A", 3), BLUE, "E", 1))
    state = act(state, RED, Move("A", "B", 2)).state
    assert offered(state, BLUE, "takeback", "steps") == []
    for seat, host in ((BLUE, True), (GREEN, False)):
        for kind in GAME.kinds(GAME.view(state, seat), Actor(seat, host)):
            for param in kind.params:
                labels = [c.label for c in GAME.choices(GAME.view(state, seat), Actor(seat, host), kind.kind,
                                                        param.name, {})]
                assert not [label for label in labels if "A → B" in label], (kind.kind, param.name)
    lines = GAME.report(GAME.view(state, BLUE), Actor(BLUE), "area", {"name": "B"})
    assert "Tokens: none." in lines
    assert "Tokens: Rome 2." in GAME.report(GAME.view(state, RED), Actor(RED), "area", {"name": "b"})


def test_M_O2_the_host_does_not_adjust_the_pieces_of_a_player_moving_in_secret():
    """Whether the mover has drafted is theirs to know: the host's options cannot tell, so the host
    waits for the declaration; the pieces of players not moving now are still the host's to fix."""
    state = red_moves(put(put(blank(), RED, "A", 3), BLUE, "E", 1))
    assert RED not in offered(state, BLUE, "adjust", "player", host=True, what="tokens")
    assert BLUE in offered(state, BLUE, "adjust", "player", host=True, what="tokens")
    with pytest.raises(IllegalMove, match="Rome is drafting their movement"):
        GAME.apply(state, Actor(BLUE, host=True), Adjust("tokens", 1, RED, "B"))
    drafted = act(state, RED, Move("A", "B", 2)).state  # the same refusal, with or without a draft
    with pytest.raises(IllegalMove, match="Rome is drafting their movement"):
        GAME.apply(drafted, Actor(BLUE, host=True), Adjust("tokens", 1, RED, "B"))
    with pytest.raises(IllegalMove, match="Rome is drafting their movement"):
        GAME.apply(drafted, Actor(RED), Adjust("treasury", 1))
    assert offered(drafted, RED, "adjust", "what") == ["city", "advance"]  # not tokens, treasury, tax, ships


def test_M_S5_the_declaration_asks_first_naming_the_ships_that_will_sink():
    state = red_moves(ship(ship(put(blank(), RED, "A", 1), RED, 1, "A"), RED, 2, "G"))
    assert GAME.step(GAME.view(state, RED), Actor(RED), "declare", ()).question == (
        "Declare your movement ended without moving anything? It is final. Ships 1, 2 (not maintained this "
        "turn) will sink.")
    with pytest.raises(PlayerError, match="It is Rome's turn"):
        GAME.step(GAME.view(state, BLUE), Actor(BLUE), "declare", ())


# --- M-T1: moves ------------------------------------------------------------------------------------


def test_M_T1_move_offers_areas_with_free_tokens_that_can_go_somewhere():
    state = red_moves(hold(put(put(put(blank(), RED, "A", 3), RED, "C", 1), BLUE, "B", 3), BLUE, "Diplomacy"))
    state = city(state, BLUE, "B")
    assert offered(state, RED, "move", "from") == ["A"]  # C's only neighbour holds a Diplomacy city
    targets = GAME.choices(GAME.view(state, RED), Actor(RED), "move", "to", {"from": "A"})
    assert [(c.value, c.label) for c in targets] == [("E", "E — up to 3 tokens")]
    assert offered(state, RED, "move", "count", **{"from": "a", "to": "e"}) == [3, 2, 1]
    assert offered(state, RED, "move", "via", **{"from": "A", "to": "E"}) == []


def test_M_T1_roadbuilding_offers_two_steps_and_the_via_is_found():
    state = red_moves(hold(put(put(blank(), RED, "B", 3), BLUE, "E", 2), RED, "Roadbuilding"))
    assert "E" in offered(state, RED, "move", "to", **{"from": "B"})
    assert offered(state, RED, "move", "via", **{"from": "B", "to": "E"}) == ["A"]
    assert built(state, RED, "move", **{"from": "b", "to": "e", "count": 2}) == Move("B", "E", 2, "A")
    assert built(state, RED, "move", **{"from": "B", "to": "C"}) == Move("B", "C", 1, "")
    assert built(state, RED, "move", **{"from": "B", "to": "D"}) == Move("B", "D", 1, "")  # not reachable


def test_M_T1_a_move_chosen_in_menus_is_one_choice_of_area_and_destination():
    """Issue 28: the area the tokens leave and where they go are one pick, saying how many may go
    (and the area passed, with Roadbuilding); the count is then optional, and the pick builds the
    move the rules accept."""
    state = red_moves(hold(put(put(put(blank(), RED, "A", 3), RED, "C", 1), BLUE, "E", 2), RED, "Roadbuilding"))
    view, actor = GAME.view(state, RED), Actor(RED)
    step = GAME.step(view, actor, "move", [])
    assert step.param is not None and step.param.name == "way"
    labels = dict((c.value, c.label) for c in step.choices)
    assert labels["A>B"] == "A → B — up to 3 tokens" and labels["C>B"] == "C → B — up to 1 token"
    two = next(label for value, label in labels.items() if value.startswith("C>") and "via" in label)
    assert two.startswith("C → ") and "(via " in two  # Roadbuilding's two steps name the area passed
    picked = GAME.step(view, actor, "move", [step.numbers[list(labels).index("A>B")]])
    assert picked.param is not None and picked.param.name == "count" and picked.ready  # the rest optional
    assert GAME.build(view, actor, "move", picked.values) == Move("A", "B", 1, "")
    assert GAME.typed("move", {"way": "A>B", "count": 2}) == {"from": "A", "to": "B", "count": 2}


def test_M_T1_a_move_whose_pairs_run_past_a_menu_asks_the_area_first():
    """Issue 28: fourteen areas of tokens on Pelagos make more areas-and-destinations than a card's
    two menus show at once (50): the area is asked first, then where its tokens go."""
    state = red_moves(cleared(new_game(name="pelagos")))
    for area in list(state.board.land_areas)[:14]:
        state = put(state, RED, area, 1)
    view, actor = GAME.view(state, RED), Actor(RED)
    assert len(GAME.candidates(view, actor, "move", "way", {})) > SHOWN
    step = GAME.step(view, actor, "move", [])
    assert step.param is not None and step.param.name == "from"
    assert GAME.step(view, actor, "move", [step.numbers[0]]).param.name == "to"


# --- M-S1, M-S2: ships ------------------------------------------------------------------------------


def test_M_S1_build_offers_coastal_areas_and_the_ways_to_pay_one_can():
    state = red_moves(put(put(put(blank(), RED, "A", 1), RED, "E", 2), RED, "C", 2))
    assert offered(state, RED, "build", "area") == ["A", "C"]  # E is inland
    steps = GAME.params_now(GAME.view(state, RED), Actor(RED), "build", {})
    assert [(p.name, p.required) for p in steps] == [("area", True), ("pay", True)]  # no treasury: choose
    assert offered(state, RED, "build", "pay", area="A") == ["tokens"]
    assert offered(state, RED, "build", "tokens_from", area="A", pay="tokens") == ["A, C", "A, E"]
    assert offered(state, RED, "build", "tokens_from", area="C", pay="tokens") == ["C, A", "C, C", "C, E"]
    rich = cash(state, RED, 2)
    assert [(p.name, p.required) for p in GAME.params_now(GAME.view(rich, RED), Actor(RED), "build", {})] == [
        ("area", True), ("pay", False)]
    assert offered(rich, RED, "build", "pay", area="C") == ["treasury", "mixed", "tokens"]
    assert built(rich, RED, "build", area="c") == Build("C", "treasury", ())
    full = rich
    for number in range(1, 5):
        full = ship(full, RED, number, "G")
    assert offered(full, RED, "build", "area") == []  # every ship on the board: the old autocomplete offered A, C


def test_M_S2_maintain_and_scrap_offer_old_ships_and_the_token_paid():
    state = ship(ship(red_moves(put(blank(), RED, "E", 1)), RED, 1, "A"), RED, 2, "G", built=True)
    assert offered(state, RED, "maintain", "ship") == [1]
    assert offered(state, RED, "scrap", "ship") == [1]
    assert offered(state, RED, "maintain", "pay", ship=1) == ["token"]
    assert offered(state, RED, "maintain", "area", ship=1, pay="token") == ["E"]
    assert offered(put(state, RED, "E", 0), RED, "maintain", "ship") == []  # nothing to pay with


# --- M-S3, M-S4: voyages ----------------------------------------------------------------------------


def test_M_S3_sail_offers_ships_that_can_sail_and_every_end_with_a_shortest_route():
    state = ship(ship(red_moves(put(blank(), RED, "A", 3)), RED, 1, "A", built=True), RED, 2, "C")
    assert offered(state, RED, "sail", "ship") == [1]  # ship 2 needs upkeep first
    routes = GAME.choices(GAME.view(state, RED), Actor(RED), "sail", "route", {"ship": 1})
    assert [c.value for c in routes] == ["G", "G H", "G H D", "G H D C"]
    assert routes[1].label == "H — 2 steps: G H"
    astro = hold(state, RED, "Astronavigation")
    assert offered(astro, RED, "sail", "route", ship=1) == ["G", "OS B", "OS C", "G H", "G H D", "OS"]


def test_M_S3_a_sail_chosen_in_menus_is_one_choice_of_ship_and_end():
    """Issue 28: the ship and where it ends are one pick (ships that cannot sail left out), its
    shortest route said; what goes aboard is then optional."""
    state = ship(ship(red_moves(put(blank(), RED, "A", 3)), RED, 1, "A", built=True), RED, 2, "C")
    view, actor = GAME.view(state, RED), Actor(RED)
    step = GAME.step(view, actor, "sail", [])
    assert step.param is not None and step.param.name == "voyage"
    assert [c.value for c in step.choices] == ["1:G", "1:G H", "1:G H D", "1:G H D C"]  # ship 2 needs upkeep
    assert step.choices[1].label == "Ship 1 from A to H — 2 steps: G H"
    picked = GAME.step(view, actor, "sail", [step.numbers[1]])
    assert picked.param is not None and picked.param.name == "take" and picked.ready
    assert GAME.build(view, actor, "sail", {**picked.values, "take": 2}) == Sail(1, ("G", "H"), (2, 0, 0), (0, 0, 0))


def test_M_S3_a_voyage_is_offered_step_by_step_from_what_is_typed():
    state = ship(red_moves(put(blank(), RED, "A", 3)), RED, 1, "A", built=True)
    going_on = offered(state, RED, "sail", "route", ship=1, route="g h ")
    assert going_on[:4] == ["g h D", "g h G", "g h G A", "g h D C"] and "g h" in going_on
    assert offered(state, RED, "sail", "route", ship=1, route="g h d c ") == ["g h d c"] + \
        offered(state, RED, "sail", "route", ship=1)  # four steps: nothing more, the whole voyages after
    assert built(state, RED, "sail", ship=1, route="g h D") == Sail(1, ("G", "H", "D"))


def test_M_S4_take_offers_what_may_go_aboard_and_nothing_for_an_open_sea_end():
    state = ship(red_moves(hold(put(blank(), RED, "A", 7), RED, "Astronavigation")), RED, 1, "A", built=True)
    assert offered(state, RED, "sail", "take", ship=1, route="G") == [0, 1, 2, 3, 4, 5]  # five aboard at most
    assert offered(state, RED, "sail", "take", ship=1, route="OS") == [0]
    assert built(state, RED, "sail", ship=1, route="G", take=2) == Sail(1, ("G",), (2, 0), (0, 0))


# --- the table's phases: expansion and adjustments ----------------------------------------------------


def test_expansion_offers_lists_that_use_the_whole_stock_when_it_is_short():
    state = put(put(put(blank(), RED, "A", 1), RED, "B", 2), RED, "E", 3)
    assert GAME.params_now(GAME.view(state, RED), Actor(RED), "expand", {}) == ()  # the stock covers it
    short = cash(state, RED, 55 - 6 - 3)  # stock 3
    lists = GAME.choices(GAME.view(short, RED), Actor(RED), "expand", "areas", {})
    assert [(c.value, c.label) for c in lists] == [
        ("A, B", "+1 A, +2 B"), ("B, A", "+2 B, +1 A"), ("E, A", "+2 E, +1 A")]
    assert offered(short, RED, "expand", "areas", areas="e, ") == ["e, A", "e, B"]
    assert offered(short, RED, "expand", "areas", areas="b, a, ") == []  # the stock is used up
    assert act(short, RED, built(short, RED, "expand", areas="e b")).state.players[RED].stock == 0


def test_adjust_asks_what_each_adjustment_needs_and_offers_only_changes():
    state = cash(put(blank(), RED, "A", 2), RED, 3)
    params = GAME.params_now(GAME.view(state, RED), Actor(RED), "adjust", {"what": "tokens"})
    assert [(p.name, p.required) for p in params] == [("what", True), ("player", False), ("area", True),
                                                      ("value", True)]
    assert "OS" not in offered(state, RED, "adjust", "area", what="tokens")  # the old autocomplete offered seas
    assert offered(state, RED, "adjust", "area", what="ship")[0] == "A"  # every ship in stock already
    assert offered(ship(state, RED, 2, "A"), RED, "adjust", "area", what="ship")[:2] == ["none", "A"]
    assert 2 not in offered(state, RED, "adjust", "value", what="tokens", area="A")
    assert offered(state, RED, "adjust", "value", what="treasury")[-1] == 3 + state.players[RED].stock
    assert offered(state, RED, "adjust", "value", what="city", area="B") == [1]
    assert offered(city(state, RED, "B"), RED, "adjust", "value", what="city", area="B") == [0]
    assert offered(state, BLUE, "adjust", "area", what="barbarians") == []  # the host's alone
    assert "B" in offered(state, RED, "adjust", "area", host=True, what="barbarians")
    assert [p.name for p in GAME.params_now(GAME.view(state, RED), Actor(RED, True), "adjust", {"what": "pirate"})] == \
        ["what", "area", "value"]
    no_cities = GAME.params_now(GAME.view(state, RED), Actor(RED), "adjust", {"what": "tax"})
    assert [(p.name, p.required) for p in no_cities] == [("what", True), ("player", False), ("value", True)]
    taxed = GAME.params_now(GAME.view(city(state, RED, "B"), RED), Actor(RED), "adjust", {"what": "tax"})
    assert [(p.name, p.required) for p in taxed] == [("what", True), ("player", False), ("value", False)]
    assert built(state, RED, "adjust", what="ship", ship=1, area="none") == Adjust("ship", 0, None, "", "", 1)


def test_adjust_area_narrows_to_what_is_typed():
    state = put(blank(), RED, "A", 2)
    assert offered(state, RED, "adjust", "area", what="city", area="o") == []
    assert offered(state, RED, "adjust", "area", what="out_of_play", host=True, area="o") == ["OS"]


def test_the_looks_answer_on_the_seats_view():
    state = red_moves(put(put(blank(), RED, "A", 3), BLUE, "E", 1))
    assert GAME.report(GAME.view(state, RED), Actor(RED), "report", {})[0] == \
        "Turn 1, Movement phase — order and census: Rome 3, Babylon 1, Celt 0"
    lines = GAME.report(GAME.view(state, RED), Actor(RED), "area", {"name": "e"})
    assert lines[0] == "E — land (West): population limit 3, inland." and lines[-1] == \
        "You can enter it now: from A (3 tokens, 1 step)."
    assert [c.value for c in GAME.choices(GAME.view(state, RED), Actor(RED), "area", "name", {})][:3] == \
        ["A", "B", "E"]  # around Rome's tokens first
    with pytest.raises(PlayerError, match="There is no area 'Atlantis' on Scenario Coast"):
        GAME.report(state, Actor(RED), "area", {"name": "Atlantis"})


# --- every option offered is accepted ----------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("simultaneous", [False, True])
def test_random_play_from_the_options_is_always_accepted(seed, simultaneous):
    """Three players on the scenario map choose only what the options offer, on their own views,
    through expansions, movement phases, voyages, adjustments and declarations: every action built
    is accepted on the real state (M-O1, M-T1, M-S1–M-S5). Whether a move's source completes is
    answered without trying each destination: the same answer as trying them."""
    rng = random.Random(seed)
    state = new_game(simultaneous=simultaneous)
    state = act(state, RED, StartMovement(), host=True).state
    done = 0
    for _ in range(250):
        awaited = sorted({a.seat for a in GAME.awaiting(state)}) or [RED]
        seat = rng.choice(awaited)
        actor = Actor(seat, host=seat == RED)
        view = GAME.view(state, seat)
        for source in GAME.candidates(view, actor, "move", "from", {}):  # the quick answer is the search's
            chosen = {"from": source.value}
            assert GAME.completable(view, actor, "move", chosen) == Game.completable(GAME, view, actor, "move", chosen)
        walked = walk(GAME, view, actor, rng, kind=rng.choice([None, None, "move", "sail", "build", "expand", "start"]))
        if walked is None:
            continue
        kind, chosen, action = walked
        try:
            state = act(state, seat, action, host=actor.host).state
        except PlayerError as refused:
            raise AssertionError(f"{kind} {chosen} was offered to seat {seat} but refused: {refused}") from None
        done += 1
        if kind == "declare":
            assert state.players[seat].declared or not state.moving
    assert done > 80 and state.turn > 1


def test_declare_is_built_without_values():
    assert GAME.build(new_game(), Actor(RED), "declare", {"confirm": True}) == Declare()


def test_an_adjusted_count_is_asked_with_its_value_now_said_once():
    """Issue 28 §7: "The new number (now 3)?" asks once; the values offered are plain numbers, not
    each "n (now 3)"."""
    state = cash(put(blank(), RED, "A", 2), RED, 3)
    view, actor = GAME.view(state, RED), Actor(RED)
    asks = {p.name: p.ask for p in GAME.params_now(view, actor, "adjust", {"what": "treasury"})}
    assert asks["value"] == "The new number (now 3)?"
    asks = {p.name: p.ask for p in GAME.params_now(view, actor, "adjust", {"what": "tokens", "area": "A"})}
    assert asks["value"] == "The new number (now 2)?"
    labels = [c.label for c in GAME.choices(view, actor, "adjust", "value", {"what": "treasury"})]
    assert labels[:3] == ["0", "1", "2"] and "4" in labels
