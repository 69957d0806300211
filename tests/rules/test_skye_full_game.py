"""Whole games by keen scripted players (tests/rules/skye_fixtures.py: `play_keen`), three players
and six rounds each, through the rules alone: together they price and buy, place tiles, place
roads, plan and walk with castle advancements and Herald fees, take the bonus tiles (the third
waypoint marker, Extra Movement, No Axe, Bank Pays, Two Buys…), answer the buy-phase advances, and
score every one of the sixteen scoring tiles at least once, to a winner.

The games are fixed by their seeds; if a rules change moves an event out of them, pick other seeds
(the test says which event went missing)."""

from __future__ import annotations

import re

from rules.skye import GAME
from tests.rules.skye_fixtures import play_keen

SETS = ("jm_distance,jm_brochs,jm_rows,jm_bridges", "drovers,lochs,long_rows,beacons",
        "highlands,folds,farmsteads,glen", "whisky_trail,peaks,harbours,roads")
EVENTS = {
    "castle advancement": "castle cost",
    "Herald fee": "Herald fee",
    "third waypoint marker": "Third Waypoint Marker: now 3 waypoint markers",
    "Extra Movement": "Extra Movement spent",
    "Two Buys": "as a second buy",
    "Bank Pays": "the bank pays",
    "No Axe": "no axe;",
    "J-T9 sale": "may advance on the Warrior track",
    "J-T9 journeyman tile": "with the journeyman symbol and may advance",
    "Advance on a Track": "choose a track to advance on",
    "roads": "places a road",
    "final scoring": "Final scoring:",
}
SEEDS = (14, 11)


def test_keen_games_use_every_part_of_the_game_and_score_every_scoring_tile():
    seen: set[str] = set()
    best: dict[str, int] = {}
    for seed in SEEDS:
        for g, chosen in enumerate(SETS):
            state, lines, log = play_keen(3, seed * 10 + g, scoring=chosen)
            ending = GAME.ending(state)
            assert ending is not None and state.round == 6 and len(ending.winners) >= 1
            GAME.check(state)
            seen |= {name for name, text in EVENTS.items() if any(text in line for line in lines)}
            for line in lines:
                found = re.match(r"Round \d+ scoring \([^)]*\): (.*)\.$", line)
                for letter, points in re.findall(r"\b([A-D]) (\d+)", found.group(1) if found else ""):
                    tile = state.scoring["ABCD".index(letter)]
                    best[tile] = max(best.get(tile, 0), int(points))
    assert set(EVENTS) - seen == set()
    assert sorted(best) == sorted(t.strip() for s in SETS for t in s.split(","))
    assert [t for t, points in best.items() if points == 0] == []
