"""The legal options of Glory (`rules/glory/options.py`), on the asking seat's view: what is offered
is accepted, what the rules refuse is not offered (some of it the old autocomplete offered), labels
say costs and exploring, the hidden piles stay hidden, and the looks answer from the rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.base import Actor
from rules.errors import BadInput, NotAllowed
from rules.frozen import FrozenDict
from rules.glory import GAME
from rules.glory.actions import Choose, Maneuver
from rules.glory.state import EventSlot, with_player
from tests.rules.glory_fixtures import BLUE, RED, act, at, city, deck_top, put, scenario

HOST = Actor(RED, host=True)


def offered(state, seat, kind, param, host=False, **chosen):
    """The values offered to `seat` on their own view, each checked to be accepted once completed."""
    actor = Actor(seat, host)
    view = GAME.view(state, seat)
    return [c.value for c in GAME.choices(view, actor, kind, param, chosen)]


def labels(state, seat, kind, param, **chosen):
    return {c.value: c.label for c in GAME.choices(GAME.view(state, seat), Actor(seat), kind, param, chosen)}


def accepted(state, seat, kind, host=False, **values):
    actor = Actor(seat, host)
    return GAME.accepts(state, actor, GAME.build(GAME.view(state, seat), actor, kind, values))


# --- maneuvers -----------------------------------------------------------------------------------------


def test_G_M1_G_M4_only_your_undepleted_armies_on_your_turn_with_a_maneuver_left():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2)
    state = put(state, RED, at(3, 3), archer=1, cubes=1)
    state = put(state, BLUE, at(-3, 3), spearman=1)
    assert offered(state, RED, "maneuver", "army") == [at(0, 0)]
    assert offered(state, BLUE, "maneuver", "army") == []  # not Blue's turn
    assert "maneuver" not in [k.kind for k in GAME.kinds(GAME.view(state, BLUE), Actor(BLUE))]
    state = replace(with_player(state, RED, action_cubes=0), maneuvers=1)  # the old autocomplete offered the army here
    assert offered(state, RED, "maneuver", "army") == []
    assert offered(state, RED, "maneuver", "to", army=at(0, 0)) == []
    assert [k.kind for k in GAME.kinds(GAME.view(state, RED), Actor(RED))] == ["end", "adjust"]


def test_G_M2_G_E1_destinations_say_their_cost_and_which_explore():
    state = scenario({(1, -1): "mountains"}, down=[(2, 0)])
    state = put(state, RED, at(2, -1), swordsman=1)
    found = labels(state, RED, "maneuver", "to", army=at(2, -1))
    assert found[at(2, -1)] == f"{at(2, -1)} — stay at {at(2, -1)} (0 hexes)"
    assert found[at(1, -1)] == f"{at(1, -1)} — 2 MP: {at(1, -1)}"
    assert found[at(2, -2)] == f"{at(2, -2)} — 1 MP: {at(2, -2)}"
    assert found[at(2, 0)] == f"{at(2, 0)} — 2 MP, EXPLORES: {at(2, 0)}"
    assert all(accepted(state, RED, "maneuver", army=at(2, -1), to=v) for v in found)


def test_G_M3_hexes_of_other_players_are_never_offered():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, BLUE, at(1, 0), peasant=1)
    state = city(state, BLUE, at(0, 1))
    ends = offered(state, RED, "maneuver", "to", army=at(0, 0))
    assert at(1, 0) not in ends and at(0, 1) not in ends and at(2, 0) in ends  # round them


def test_G_M5_the_groups_offered_reach_the_destination():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2, archer=1)
    assert offered(state, RED, "maneuver", "units", army=at(0, 0))[0] == "all"
    groups = offered(state, RED, "maneuver", "units", army=at(0, 0), to=at(3, 0))
    assert groups == ["2 cavalrymen", "1 cavalryman"]  # the archer has 2 movement points
    assert at(3, 0) in offered(state, RED, "maneuver", "to", army=at(0, 0), units="2 cavalrymen")
    assert at(3, 0) not in offered(state, RED, "maneuver", "to", army=at(0, 0))
    typed = labels(state, RED, "maneuver", "units", army=at(0, 0), units="1 cav, arch")  # while it is typed
    assert list(typed.items())[0] == ("1 archer, 1 cavalryman", "1 cav, arch → 1 archer, 1 cavalryman")


def test_G_M5_a_small_army_can_be_split_any_way_from_the_menu():
    """Every part of an army that fits one menu is offered, mixed groups too (not only by type)."""
    state = scenario()
    state = put(state, RED, at(0, 0), peasant=2, swordsman=1)
    assert offered(state, RED, "maneuver", "units", army=at(0, 0)) == [
        "all", "2 peasants", "1 peasant, 1 swordsman", "1 peasant", "1 swordsman"]


def test_G_M4_marching_adds_a_movement_point_where_it_is_needed():
    state = scenario()
    state = put(state, RED, at(0, 0), swordsman=1)
    assert at(3, 0) not in offered(state, RED, "maneuver", "to", army=at(0, 0))
    assert at(3, 0) in offered(state, RED, "maneuver", "to", army=at(0, 0), march=True)
    assert offered(state, RED, "maneuver", "march", army=at(0, 0), to=at(3, 0)) == [True]
    assert offered(state, RED, "maneuver", "march", army=at(0, 0), to=at(1, 0)) == [False, True]


def test_G_M6_drops_along_the_way_one_more_after_those_typed():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=3, archer=1)
    one, two = at(1, 0), at(2, 0)  # the cheapest way to at(3, 0)
    assert offered(state, RED, "maneuver", "drops", army=at(0, 0), to=two) == [
        f"{one}: 1 cavalryman", f"{one}: 3 cavalrymen", f"{one}: 1 archer"]
    group = {"army": at(0, 0), "to": at(3, 0), "units": "3 cavalrymen"}
    assert offered(state, RED, "maneuver", "drops", **group) == [f"{one}: 1 cavalryman", f"{two}: 1 cavalryman"]
    assert offered(state, RED, "maneuver", "drops", **group, drops=f"{one}: 1 cavalryman; J") == [
        f"{one}: 1 cavalryman; {two}: 1 cavalryman"]  # never the group's last unit
    assert offered(state, RED, "maneuver", "path", **group) == [f"{one} {two} {at(3, 0)}"]
    other = f"{at(1, -1)} {at(2, -1)}"  # then `to`, at(2, 0)
    assert offered(state, RED, "maneuver", "drops", **group | {"to": two}, path=other) == [
        f"{at(1, -1)}: 1 cavalryman", f"{at(2, -1)}: 1 cavalryman"]


def test_G_M7_pickups_from_your_other_undepleted_armies():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=1)
    state = put(state, RED, at(1, 0), archer=2)
    state = put(state, RED, at(0, 1), spearman=1, cubes=1)
    found = offered(state, RED, "maneuver", "pickups", army=at(0, 0))
    assert found == [f"{at(1, 0)}: 2 archers", f"{at(1, 0)}: 1 archer"]  # not the depleted spearman
    assert offered(state, RED, "maneuver", "pickups", army=at(0, 0), pickups=f"{found[1]}; ") == []


def test_trebuchets_move_only_packed_and_packing_is_offered_only_when_it_helps():
    state = scenario()
    state = put(state, RED, at(0, 0), trebuchet=1)
    assert offered(state, RED, "maneuver", "to", army=at(0, 0)) == [at(0, 0)]  # unpacked: it stays
    assert offered(state, RED, "maneuver", "pack", army=at(0, 0)) == ["pack"]
    assert at(1, 0) not in offered(state, RED, "maneuver", "to", army=at(0, 0), pack="pack")  # packing takes its 1
    state = put(state, RED, at(0, 0), trebuchet=1, packed={"trebuchet": 1})
    assert at(1, 0) in offered(state, RED, "maneuver", "to", army=at(0, 0))
    state = put(state, RED, at(0, 0), cavalryman=1)
    assert offered(state, RED, "maneuver", "pack", army=at(0, 0)) == []


def test_G_E1_G_E2_exploring_is_tried_on_a_view_whose_deck_is_hidden():
    """Trying a maneuver into a face-down province, and then a rotation, on a player's view (every
    pile "?") does not crash, and no option names the tile on top of the deck."""
    state = scenario(down=[(2, 0)])
    state = put(state, RED, at(2, -1), swordsman=1)
    state = deck_top(state, "T01")
    view = GAME.view(state, RED)
    result = GAME.apply(view, Actor(RED), Maneuver(at(2, -1), at(2, 0)))
    assert "the top province tile is revealed" in result.summary and result.state.exploring is None
    title = state.board.tile_named["T01"].title
    shown = labels(state, RED, "maneuver", "to", army=at(2, -1))
    assert "EXPLORES" in shown[at(2, 0)] and not [t for t in shown.values() if title in t or "T01" in t]
    revealed = act(state, RED, Maneuver(at(2, -1), at(2, 0))).state
    seen = GAME.view(revealed, RED)
    rotations = GAME.choices(seen, Actor(RED), "choose", "choice", {})
    assert [c.value for c in rotations] == list(seen.exploring and [str(k + 1) for k in seen.exploring.options])
    assert rotations[0].label.startswith(f"{rotations[0].value}: the army ")
    placed = GAME.apply(seen, Actor(RED), Choose(rotations[0].value))  # the event deck is hidden too
    assert "The top event card is flipped" in placed.details
    assert GAME.choices(seen, Actor(BLUE), "choose", "choice", {}) == []


def test_a_maneuver_is_built_from_what_is_typed():
    state = scenario()
    state = put(state, RED, at(0, 0), cavalryman=2, archer=1)
    action = GAME.build(state, Actor(RED), "maneuver", {
        "army": at(0, 0).lower(), "to": at(2, 0), "units": "2 cav", "path": f"{at(0, 0)} {at(1, 0)}",
        "drops": f"{at(1, 0)}: cavalryman", "march": True, "pack": None})
    assert action == Maneuver(at(0, 0), at(2, 0), (("cavalryman", 2),), (at(1, 0), at(2, 0)),
                              ((at(1, 0), "cavalryman", 1),), (), True, "")
    with pytest.raises(BadInput, match="Give the to"):
        GAME.build(state, Actor(RED), "maneuver", {"army": at(0, 0)})


# --- adjustments ---------------------------------------------------------------------------------------


def test_adjust_needs_what_each_kind_sets_and_nothing_else():
    state = scenario()
    steps = {p.name: p.required for p in GAME.params_now(state, HOST, "adjust", {"what": "units"})}
    assert steps == {"what": True, "player": False, "hex": True, "unit": True, "value": True}
    steps = {p.name: p.required for p in GAME.params_now(state, HOST, "adjust", {"what": "relic"})}
    assert steps == {"what": True, "player": False, "hex": False, "name": True}
    with pytest.raises(BadInput, match="Adjusting units needs the hex option"):
        GAME.build(state, HOST, "adjust", {"what": "units", "value": 5})


def test_adjust_units_never_onto_another_players_pieces():
    state = scenario()
    state = put(state, RED, at(0, 0), archer=1)
    state = put(state, BLUE, at(1, 0), archer=1)
    state = city(state, BLUE, at(2, 0))  # the old autocomplete offered this hex
    hexes = offered(state, RED, "adjust", "hex", what="units")
    assert hexes[0] == at(0, 0) and at(1, 0) not in hexes and at(2, 0) not in hexes and at(3, 0) in hexes
    assert offered(state, RED, "adjust", "unit", what="units", hex=at(0, 0)) == [
        "peasant", "spearman", "swordsman", "archer", "cavalryman", "catapult", "trebuchet"]  # no galley on land
    assert offered(state, RED, "adjust", "value", what="units", hex=at(0, 0), unit="archer")[:3] == [0, 2, 3]


def test_adjust_packed_structure_votes_and_relics_only_where_they_apply():
    state = scenario()
    state = put(state, RED, at(0, 0), archer=1)
    assert offered(state, RED, "adjust", "unit", what="packed") == []  # no trebuchet (the old autocomplete offered it)
    state = put(state, RED, at(0, 0), archer=1, trebuchet=2)
    assert offered(state, RED, "adjust", "hex", what="packed") == [at(0, 0)]
    assert offered(state, RED, "adjust", "name", what="structure") == []  # the host's
    assert offered(state, RED, "adjust", "name", what="structure", host=True) == ["city", "castle", "capital"]
    state = city(state, BLUE, at(3, 0))
    assert "none" in offered(state, RED, "adjust", "name", what="structure", host=True)
    assert offered(state, RED, "adjust", "name", what="relic") == []  # all still in the bag
    card = state.board.events[0]
    rows = ((EventSlot(card.name, FrozenDict({BLUE: 1})),),)
    state = replace(with_player(state, RED, voting_cubes=2), event_rows=rows)
    shown = labels(state, RED, "adjust", "name", what="votes")
    assert shown == {card.name: f"{card.title} ({card.name}, row 1): Blue 1"}
    assert offered(state, RED, "adjust", "value", what="votes", name=card.name) == [1, 2]


def test_adjust_is_not_offered_when_the_table_adjusts_on_turns_only():
    state = scenario(adjust_off_turn=False)
    state = put(state, BLUE, at(0, 0), archer=1)
    assert offered(state, BLUE, "adjust", "what") == []
    assert "adjust" not in [k.kind for k in GAME.kinds(GAME.view(state, BLUE), Actor(BLUE))]
    assert offered(state, RED, "adjust", "player", host=True) == [RED, BLUE]
    assert offered(state, BLUE, "adjust", "player") == []


# --- looks ---------------------------------------------------------------------------------------------


def test_looks_answer_from_the_rules_on_the_view():
    state = scenario()
    state = put(state, RED, at(0, 0), archer=1, swordsman=1)
    state = put(state, BLUE, at(-1, 0), spearman=2)
    view = GAME.view(state, None)
    assert [k.kind for k in GAME.looks] == ["armies", "look", "targets", "cards"]
    assert "Blue (bo): 2 of 2 action cubes" in "\n".join(GAME.report(view, Actor(None), "armies", {"player": BLUE}))
    looked = GAME.report(view, Actor(None), "look", {"hex": at(0, 0).lower()})
    assert looked[0].startswith(f"{at(0, 0)}: plains") and "Red's army: 1 swordsman, 1 archer." in looked
    with pytest.raises(NotAllowed, match="You are not playing"):
        GAME.report(view, Actor(None), "targets", {})
    assert GAME.report(GAME.view(state, RED), Actor(RED), "targets", {"army": at(0, 0)})[1].startswith("  Blue's 2")
    assert "none flipped yet" in "\n".join(GAME.report(view, Actor(None), "cards", {}))
    assert GAME.choices(view, Actor(None), "look", "hex", {})[0].label.startswith(f"{at(-1, 0)} — Blue")


def test_G_M1_G_M4_an_army_and_where_it_ends_are_one_choice_when_every_army_s_ends_fit_a_menu():
    """Issue 28: two armies hemmed in by mountains reach 20 ends between them (those only marching
    reaches among them, G-M4): each army with each end is one pick, saying the army, its cost and
    route; what it takes along is then optional, and the pick builds the maneuver the rules accept."""
    hemmed = {(q, r): "mountains" for q in range(-5, 6) for r in range(-5, 6) if (q, r) not in ((0, 0), (1, 0))}
    state = put(put(scenario(hemmed), RED, at(0, 0), archer=1), RED, at(1, 0), swordsman=1)
    view, actor = GAME.view(state, RED), Actor(RED)
    step = GAME.step(view, actor, "maneuver", [])
    assert step.param is not None and step.param.name == "move"
    found = {c.value: c.label for c in step.choices}
    assert len(found) == 20 and {v.split(">")[0] for v in found} == {at(0, 0), at(1, 0)}
    assert found[f"{at(0, 0)}>{at(1, 0)}"] == f"{at(0, 0)}: 1 archer to {at(1, 0)} — 1 MP: {at(1, 0)}"
    far = next(v for v in found if v.startswith(f"{at(1, 0)}>") and v.endswith("+march"))
    picked = GAME.step(view, actor, "maneuver", [step.numbers[list(found).index(far)]])
    assert (picked.param is None or picked.ready) and \
        "march" not in [p.name for p in GAME.params_now(view, actor, "maneuver", picked.values)]
    action = GAME.build(view, actor, "maneuver", picked.values)
    assert action == Maneuver(at(1, 0), far.split(">")[1].removesuffix("+march"), (), action.path, (), (), True, "")
    assert GAME.accepts(view, actor, action)


def test_G_M4_G_M7_menus_ask_where_it_ends_after_the_army_marching_ends_included_pickups_on_its_way():
    """Issue 28: a maneuver chosen in menus whose armies reach more ends than a menu holds (37 each
    here) asks the army, then where it ends (the ends only
    marching reaches among them, G-M4), then what it takes along, each optional: an end picked
    leaves the action ready, and march is not asked again of a marching end. Pick-ups offered
    are those on its way there (G-M7), the cheapest route's."""
    state = scenario()
    state = put(state, RED, at(0, 0), archer=1)
    state = put(state, RED, at(1, 0), swordsman=1)
    state = put(state, RED, at(-1, 0), swordsman=1)
    view, actor = GAME.view(state, RED), Actor(RED)
    army = GAME.step(view, actor, "maneuver", [])
    first = army.numbers[[c.value for c in army.choices].index(at(0, 0))]
    ends = GAME.step(view, actor, "maneuver", [first])
    assert ends.param is not None and ends.param.name == "to"
    found = {c.value: c.label for c in ends.choices}
    far = next(v for v in found if v.endswith("+march"))
    assert "marching (two depletion cubes), 3 MP" in found[far] and far.removesuffix("+march") not in found
    marched = GAME.step(view, actor, "maneuver", [first, ends.numbers[list(found).index(far)]])
    left = [p.name for p in GAME.params_now(view, actor, "maneuver", marched.values)]
    assert (marched.param is None or marched.ready) and "march" not in left
    action = GAME.build(view, actor, "maneuver", marched.values)
    assert isinstance(action, Maneuver) and action.march and action.to == far.removesuffix("+march")
    east = GAME.step(view, actor, "maneuver", [first, ends.numbers[list(found).index(at(2, 0))]])
    assert east.ready and east.param is not None and not east.param.required
    pickups = offered(state, RED, "maneuver", "pickups", army=at(0, 0), to=at(2, 0))
    assert pickups and all(p.startswith(f"{at(1, 0)}:") for p in pickups)  # not the swordsman behind it
