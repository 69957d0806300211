"""Two rounds of a three-player game on Five Kingdoms through the rules alone: explore with a
rotation, pay an action cube, split, merge, pick up, march, pass, start a new round, ferry,
drop, adjust. Every step keeps the invariants; each seat chooses from the queries on its view."""

from __future__ import annotations

from rules.glory import GAME, queries
from rules.glory.actions import Adjust, Choose, EndTurn, Maneuver, Pass
from rules.glory.state import terrain_at
from tests.rules.glory_fixtures import BLUE, RED, YELLOW, act, cubes, new_game, units


def test_two_rounds_on_five_kingdoms():
    state = new_game("five-kingdoms", 3, seed=42)
    assert GAME.status_line(state) == "Round 1: Red's turn"

    # Red explores D4 with the army of its starting province, and chooses the tile's rotation.
    tile = state.province_deck[0]
    explorable = queries.explorable(GAME.view(state, RED), RED, "D3")
    assert set(explorable) == {"D4", "E4"} and explorable["D4"].cost == 2
    result = act(state, RED, Maneuver("D3", "D4"))
    assert not result.undoable and state.event_deck[0] not in result.summary
    state = result.state
    options = queries.rotations(GAME.view(state, BLUE))
    assert GAME.awaiting(state)[-1].kind == "decision" and options
    state = act(state, RED, Choose(options[-1])).state
    assert tile in [p.tile for p in state.explored.values()]
    landed = terrain_at(state, "D4") not in ("sea", "ocean")
    assert (units(state, RED, "D4") is not None) == landed
    assert state.event_rows[0][0].votes == {RED: 1} and state.players[RED].voting_cubes == 7

    # A second maneuver this turn costs an action cube: the galley sails round to the east coast.
    result = act(state, RED, Maneuver("B2", "E3"))
    assert "(paid 1 action cube, 1 left)" in result.summary
    state = act(result.state, RED, EndTurn()).state

    # Blue splits its cavalryman off and marches it; the rest stays undepleted.
    state = act(state, BLUE, Maneuver("P3", "Q4", units=(("cavalryman", 1),), march=True)).state
    assert cubes(state, BLUE, "Q4") == 2 and cubes(state, BLUE, "P3") == 0
    state = act(state, BLUE, EndTurn()).state

    # Yellow merges its capital's army into the army next to it.
    state = act(state, YELLOW, Maneuver("J13", "J12")).state
    assert units(state, YELLOW, "J12") == {"peasant": 2, "spearman": 1, "swordsman": 1, "archer": 1, "cavalryman": 1}
    assert cubes(state, YELLOW, "J12") == 1
    state = act(state, YELLOW, EndTurn()).state

    # Red passes first; Blue picks up its archer on the way; then everyone passes.
    state = act(state, RED, Pass()).state
    result = act(state, BLUE, Maneuver("Q3", "Q2", units=(("swordsman", 1),), pickups=(("P3", "archer", 1),)))
    assert result.state.last.path == ("Q3", "P3", "Q3", "Q2")  # back through the capital (free), ferried to Q2
    assert units(result.state, BLUE, "Q2") == {"swordsman": 1, "archer": 1}
    assert units(result.state, BLUE, "P3") == {"spearman": 1}
    state = act(result.state, BLUE, EndTurn()).state
    state = act(state, YELLOW, Pass()).state
    result = act(state, BLUE, Pass())
    state = result.state
    assert "round 1 ends" in result.summary
    assert (state.round, state.turn) == (2, RED)
    assert all(army.cubes == 0 for p in state.players for army in p.armies.values())
    assert state.players[RED].action_cubes == 2

    # Round 2: Red's capital army ferries across the ocean by the galley to explore G4, dropping
    # a peasant on the way; the new tile gets a relic.
    seen = GAME.view(state, RED)
    group = {"swordsman": 1, "peasant": 1}
    route = queries.reach(seen, RED, "C3", group)["G4"]
    assert route.route == ("D2", "E3", "F3", "G4") and route.cost == 2 and route.explore
    result = act(state, RED, Maneuver("C3", "G4", units=tuple(group.items()), drops=(("D2", "peasant", 1),)))
    state = act(result.state, RED, Choose(queries.rotations(result.state)[0])).state
    assert not state.last.stayed and state.last.drops == ("D2",)
    assert units(state, RED, "G4") == {"swordsman": 1} and units(state, RED, "D2") == {"peasant": 1}
    assert len(state.relics) == 1 and len(state.event_rows[0]) == 2

    # The table keeps what the rules do not: a battle's loss, a castle built by the host.
    result = act(state, BLUE, Adjust("units", value=0, hex="P3", unit="spearman"))
    assert result.summary == "Blue adjusted their spearmen at P3 1 → 0"
    result = act(result.state, RED, Adjust("structure", hex="C2", name="castle"), host=True)
    assert result.summary == "Red adjusted C2: nothing → Red's castle"
    GAME.check(result.state)
