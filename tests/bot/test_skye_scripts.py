"""The Isle of Skye console scripts (tests/scripts/skye_*.txt), and how they are made.

The scripts are whole games written out as console lines. They are made here, by keen scripted
players (tests/rules/skye_fixtures.py) playing through the rules on a table with a fixed `deal`
(the setting that makes the bag, the bonus tiles and drawn scoring tiles the same at every table),
so the same lines play the same game through the bot. To make them again after a rules change:

    python -m tests.bot.test_skye_scripts            # writes tests/scripts/skye_*.txt

The test here checks, through the rules alone (fast), that each script still plays its games to
the end with every event it is meant to show; tests/bot/test_skye.py runs them through the bot.

- `skye_full_game.txt`: three players, six rounds, The Journeyman's Four (the expansion's four
  scoring tiles): pricing and buying, placing, roads, planning and walking with castle
  advancements and Herald fees, bonus tiles (the third waypoint marker, Extra Movement, spent with
  /skye use), the buy-phase advances (J-T9) by menu, /game choose and /skye advance, to a winner.
- `skye_scoring_tiles.txt`: three short games (two players, four rounds, every tile scoring every
  round) with the other twelve scoring tiles, four each, to a winner.
"""

from __future__ import annotations

import random
import re
import shlex
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

from rules.base import Action, Actor, Seat
from rules.skye import GAME
from rules.skye import queries as q
from rules.skye.actions import Buy, Choose, Keep, Place, Plan, Price, Road, Use
from rules.skye.land import land
from rules.skye.plans import read_markers
from rules.skye.state import committed
from tests.rules.skye_fixtures import board, keen_action, random_action

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
USERS = ("@alice", "@bob", "@carl")
SEAT_SEED = 424242  # the table's own seed: it decides only the salt of sealed phases
FULL = {"board": "journeyman", "deal": 133, "rng": 133, "players": 3, "settings": {}}
SCORING = [
    {"board": "standard", "deal": d, "rng": r, "players": 2, "channel": f"#glen-{i + 1}",
     "settings": {"scoring": tiles, "schedule": "steady", "rounds": 4}}
    for i, (tiles, d, r) in enumerate((("drovers,lochs,long_rows,beacons", 5, 5),
                                       ("highlands,folds,farmsteads,glen", 3, 3),
                                       ("whisky_trail,peaks,harbours,roads", 25, 25)))
]
EVENTS = {
    "castle advancement": "castle cost",
    "Herald fee": "Herald fee",
    "third waypoint marker": "Third Waypoint Marker: now 3 waypoint markers",
    "Extra Movement spent": "Extra Movement spent",
    "a sold tile's Warrior advance (J-T9)": "may advance on the Warrior track",
    "a journeyman tile's advance (J-T9)": "with the journeyman symbol and may advance",
    "an advance taken": "advances: ",
    "a road placed": "places a road",
    "the final scoring": "Final scoring:",
}


@dataclass
class Script:
    """Console lines as they are written, and the game as the rules play it alongside."""

    lines: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    user: str = ""

    def say(self, *comments: str) -> None:
        self.lines += [f"# {c}" for c in comments]

    def run(self, user: str, line: str) -> None:
        self.lines.append(f"{user} {line}")


def _value(text: str) -> str:
    return shlex.quote(text) if re.search(r"[\s\"']", text) else text


def _marker_name(state, seat: int, text: str) -> str:
    """A plan marker "x,y:track" as a player would write it: "L12:merchant", "castle:warrior"."""
    where, _, track = text.partition(":")
    x, y = (int(v) for v in where.split(","))
    tile = "castle" if (x, y) == (0, 0) else land(state.board, state.players[seat]).ids[(x, y)]
    return tile + (f":{track}" if track else "")


def command(state, seat: int, action: Action, how: int = 0) -> str:
    """The console line that makes the bot take `action` for `seat` (`how` varies the way
    decisions are answered: a menu pick, /game choose, /skye advance)."""
    if isinstance(action, Price):
        hand = q.hand(state, seat)
        prices = [action.prices[action.tiles.index(t)] for t in hand if t in action.tiles]
        prices += [0] * (2 - len(prices))
        words = [f"axe:{action.axe or 'none'}"] + [f"price{i + 1}:{p}" for i, p in enumerate(prices)]
        return "/skye price " + " ".join(words)
    if isinstance(action, Buy):
        return f"/skye buy tile:{action.tile or 'pass'}"
    if isinstance(action, Keep):
        return "/skye keep" + (f" discard:{_value(' '.join(action.discard))}" if action.discard else "")
    if isinstance(action, Place):
        return f"/skye place tile:{action.tile} position:{action.x},{action.y} rotation:{action.rotation}"
    if isinstance(action, Road):
        return f"/skye road edge:{_value(f'{action.x},{action.y} {action.side}')}"
    if isinstance(action, Plan):
        names = ("first", "second", "third", "fourth", "fifth")
        words = [f"{names[i]}:{_marker_name(state, seat, m)}" for i, m in enumerate(action.markers)]
        return " ".join(["/skye plan", *words, *(["extra:true"] if action.extra else [])])
    if isinstance(action, Use):
        return "/skye use bonus:extra_movement" + ("" if action.on else " on:false")
    if isinstance(action, Choose):
        return (f"!pick {action.choice}", f"/game choose choice:{action.choice}",
                f"/skye advance track:{action.choice}")[how % 3]
    raise TypeError(action)


def _apply(state, seat: int, action: Action):
    result = GAME.apply(state, Actor(seat), action)
    return result.state, [result.summary, *result.details]


def play(script: Script, spec: dict, channel: str = "#skye", tour: bool = False) -> tuple[object, set[str]]:
    """One game written into `script` as the keen players play it; the final state and the events.
    `tour` adds what a newcomer would try: autocomplete, private and focused boards, a refusal,
    an undo, status, the log and the export."""
    users = USERS[: spec["players"]]
    rng = random.Random(spec["rng"])
    script.lines.append(channel)
    script.run(users[0], f"/game new game:skye board:{spec['board']}")
    for user in users[1:]:
        script.run(user, "/game join")
    settings = {"deal": spec["deal"], **spec["settings"]}
    if tour:
        script.say("A fixed deal makes this script's draws the same every time (docs/skye.md, settings).")
    for name, value in settings.items():
        script.run(users[0], f"/game settings name:{name} value:{_value(str(value))}")
    script.run(users[0], "/game start")
    seats = [Seat(i + 1, u[1:], c) for i, (u, c) in enumerate(zip(users, GAME.colours))]
    state = GAME.setup(board(spec["board"]), seats, {k: v for k, v in settings.items()}, SEAT_SEED)
    texts: list[str] = []
    shown_round, answered, demos, phase = 0, 0, set(), ""
    if tour:
        script.say("Alice looks at what she drew (everyone's drawn tiles lie face up) and her own board.")
        script.run(users[0], "!complete /skye price axe:")
        script.run(users[0], "/game board private:true")
    while GAME.ending(state) is None:
        if state.round != shown_round:
            shown_round = state.round
            letters = q.scoring_now(state)
            plural = len(letters) > 1
            script.say(f"Round {state.round}: income, three tiles each; each axes one and prices two, in secret."
                       + (f" Scoring tile{'s' * plural} {', '.join(letters)} score{'' if plural else 's'} at its end."
                          if letters else ""))
        chosen = keen_action(rng, state) or random_action(rng, state)
        assert chosen is not None, GAME.position(state)
        seat, action = chosen
        seen = GAME.view(state, seat)
        who = GAME.seat_name(state, seat)
        if state.stage != phase and not isinstance(action, (Road, Choose)):
            phase = state.stage
            note = {"buy": "Buying in turn order: one tile from another player, or pass (/skye buy tile:pass).",
                    "place": "Placing: terrain must match on every shared edge; rotation in quarter turns.",
                    "plan": "The journeyman: plans sealed in secret; the last one reveals them all and the "
                            "journeymen walk in turn order, then the round is scored.",
                    "keep": "Unbought tiles: keep them or discard some."}.get(phase)
            if note:
                script.say(note)
        if tour and isinstance(action, Place):
            if "place" not in demos:
                demos.add("place")
                script.run(users[seat], f"!complete /skye place tile:{action.tile} position:")
            fits = dict(((x, y), rs) for x, y, rs in q.placements(seen, seat, action.tile))[(action.x, action.y)]
            wrong = [r for r in range(4) if r not in fits]
            if wrong and "refuse" not in demos:
                demos.add("refuse")
                script.say(f"{who} tries a turn that does not fit there: refused, nothing changes.")
                script.run(users[seat], command(seen, seat, replace(action, rotation=wrong[0])))
        others_waiting = any(not committed(state, s) for s in range(len(seats)) if s != seat)
        if isinstance(action, Plan) and action.extra and "use" not in demos and others_waiting:
            plain = replace(action, extra=False)
            if not q.plan_check(seen, seat, read_markers(seen, seat, plain.markers), False):
                demos.add("use")
                script.say(f"{who} seals a plan, then spends Extra Movement on it with /skye use.")
                script.run(users[seat], command(seen, seat, plain))
                state, said = _apply(state, seat, plain)
                texts += said
                action = Use("extra_movement", True)
        if isinstance(action, Plan) and len(action.markers) >= 2 and "change" not in demos and others_waiting:
            demos.add("change")
            first = replace(action, markers=action.markers[:1], extra=False)
            if not q.plan_check(seen, seat, read_markers(seen, seat, first.markers), False):
                script.say(f"{who} seals a plan and changes it before everyone has planned.")
                script.run(users[seat], command(seen, seat, first))
                state, said = _apply(state, seat, first)
                texts += said
                if tour:
                    script.run(users[seat], "/game board private:true")
        if isinstance(action, Choose):
            answered += 1
            why = next(p for p in state.pending if p.seat == seat).why
            script.say({"sold": f"{who}'s tile was sold: {who} may advance on the Warrior track (J-T9).",
                        "journeyman": f"{who} took a tile with the journeyman symbol: an advance on any track "
                                      "(J-T9).",
                        "bonus": f"{who}'s Advance on a Track bonus tile."}[why])
        if isinstance(action, Road):
            script.say(f"{who} places a road from their hand.")
        if isinstance(action, Choose) and answered % 3 == 0 and len(state.pending) > 1:
            answered += 1  # a menu pick takes the newest menu offering the value: only when one is open
        line = command(seen, seat, action, answered)
        script.run(users[seat], line)
        state, said = _apply(state, seat, action)
        texts += said
        if tour and isinstance(action, Place) and "undo" not in demos and state.players[seat].to_place:
            demos.add("undo")
            script.say(f"{who} takes that placement back and places the tile again.")
            script.run(users[seat], "/game undo")
            script.run(users[seat], line)
        if tour and state.round == 2 and "look" not in demos:
            demos.add("look")
            script.say("Anyone can look: the whole board, one territory at full size, the status.")
            script.run(users[-1], "/game board focus:blue")
            script.run(users[-1], "/game status")
    if tour:
        script.say("The game is over and stays readable: the board, the log, the export.")
        script.run(users[1], "/game board")
        script.run(users[1], "/game log")
        script.run(users[2], "/game export")
    script.texts += texts
    found = {name for name, text in EVENTS.items() if any(text in t for t in texts)}
    return state, found


def scored(texts: list[str], state) -> dict[str, int]:
    """The most each scoring tile gave anyone in one round."""
    best: dict[str, int] = {}
    for line in texts:
        found = re.match(r"Round \d+ scoring \([^)]*\): (.*)\.$", line)
        for letter, points in re.findall(r"\b([A-D]) (\d+)", found.group(1) if found else ""):
            tile = state.scoring["ABCD".index(letter)]
            best[tile] = max(best.get(tile, 0), int(points))
    return best


HEAD_FULL = """# A whole game of Isle of Skye with the Journeyman by post, three players, six rounds.
# Run: python -m offline --script tests/scripts/skye_full_game.txt
# Made by tests/bot/test_skye_scripts.py (keen scripted players on a table with a fixed deal).
# Prices and plans are sealed: the bot answers them privately and tells the channel only that the
# player committed, with a fingerprint; the last one reveals them all in one message.
"""
HEAD_SCORING = """# Three short games of Isle of Skye (two players, four rounds, schedule steady: every scoring tile
# scores every round) with the twelve scoring tiles the full game does not use, four each.
# Run: python -m offline --script tests/scripts/skye_scoring_tiles.txt
# Made by tests/bot/test_skye_scripts.py.
"""


def full_game() -> tuple[str, object, set[str], Script]:
    script = Script()
    state, events = play(script, FULL, tour=True)
    return HEAD_FULL + "\n".join(script.lines) + "\n", state, events, script


def scoring_games() -> tuple[str, list[object], dict[str, int]]:
    script = Script()
    states, best = [], {}
    for spec in SCORING:
        mark = len(script.texts)
        state, _events = play(script, spec, spec["channel"])
        states.append(state)
        best |= scored(script.texts[mark:], state)
    return HEAD_SCORING + "\n".join(script.lines) + "\n", states, best


def test_the_full_game_script_is_what_the_keen_players_play_and_shows_every_event():
    text, state, events, _script = full_game()
    assert GAME.ending(state) is not None and state.round == 6
    assert set(EVENTS) - events == set()
    written = (SCRIPTS / "skye_full_game.txt").read_text(encoding="utf-8")
    assert written == text, "the rules changed the game: run python -m tests.bot.test_skye_scripts"


def test_the_scoring_script_scores_every_other_scoring_tile():
    text, states, best = scoring_games()
    assert all(GAME.ending(s) is not None for s in states)
    others = {t.id for t in board().scoring.tiles} - set(board("journeyman").scoring_tiles)
    assert set(best) == others and [t for t, v in best.items() if v == 0] == []
    written = (SCRIPTS / "skye_scoring_tiles.txt").read_text(encoding="utf-8")
    assert written == text, "the rules changed the games: run python -m tests.bot.test_skye_scripts"


def search(kind: str, tries: int = 200) -> None:
    """Print deals whose games show every event (full) or score every tile above 0 (scoring)."""
    for n in range(1, tries):
        if kind == "full":
            spec = {**FULL, "deal": n, "rng": n}
            state, events = play(Script(), spec)
            if not set(EVENTS) - events:
                print("full", n)
        else:
            for i, base in enumerate(SCORING):
                script = Script()
                state, _ = play(script, {**base, "deal": n, "rng": n})
                best = scored(script.texts, state)
                if len(best) == 4 and min(best.values()) > 0:
                    print("scoring", i, n)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "search":
        search(sys.argv[2] if len(sys.argv) > 2 else "full")
        return
    text, *_ = full_game()
    (SCRIPTS / "skye_full_game.txt").write_text(text, encoding="utf-8")
    text, *_ = scoring_games()
    (SCRIPTS / "skye_scoring_tiles.txt").write_text(text, encoding="utf-8")
    print("wrote", SCRIPTS / "skye_full_game.txt", "and", SCRIPTS / "skye_scoring_tiles.txt")


if __name__ == "__main__":
    main()
