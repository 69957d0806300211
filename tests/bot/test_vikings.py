"""Tiny Epic Vikings through the real bot: the full-game script, autocomplete, menus, restarts."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

from front.bot import create_bot
from offline.console import run_console
from tests.support.newcomer import OFFLINE, newcomer_env
from waypost.replay import replay

SCRIPT = Path(__file__).parent.parent / "scripts" / "vikings_full_game.txt"
CH = "#fjord"


async def test_full_game_by_post_script(tmp_path, config):
    """Three players set up, sail, bump, deploy, attack, raid, steal, dedicate, return, undo, era."""
    out = io.StringIO()
    argv = ["--script", str(SCRIPT), "--json", "--images", str(tmp_path / "images")]
    status = await run_console(lambda: create_bot(config), argv, out=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0, [r for r in rows if r.get("error")]
    text: dict[str, dict] = {}
    for r in rows:
        text.setdefault(f"@{r['user']} {r['line']}", r)  # the first time a line ran

    def reply(line: str) -> str:  # a menu's answer comes after the menu is closed
        return "\n".join([text[line]["content"], *(f["content"] for f in text[line]["followups"])])

    assert "your turn: place your first boat" in reply("@alice /game start") and text["@alice /game start"]["files"]
    assert text["@alice /vikings place dock:A2"]["ephemeral"]  # carl places first: reverse seat order
    sail = '@alice /vikings sail boat:1 route:"F4 D1" strength:2 settlers:2'
    assert "bumped Yellow boat 1 (Yellow chooses F4 or F5)" in reply(sail)
    assert "Red took Dagmarsey's rune (Freyja fury 0 → 1)" in reply(sail)
    assert any("choose the fjord" in f["content"] for f in text[sail]["followups"])
    assert "Yellow boat 1 moved from D1 to F5" in reply("@carl !pick F5")
    raid = "@bob /vikings sail boat:1 route:\"F1 A1\" strength:2 settlers:1 raid:true"
    assert "raided the village at A1" in reply(raid) and "took Asgrimsey's rune" in reply(raid)
    assert "Odin fury 1 → 3" in reply("@bob /vikings dedicate target:Odin")
    attack = "@carl /vikings sail boat:1 route:D1 strength:3 settlers:3"
    assert "removed a settler each: Red 2→1" in reply(attack)
    assert "Yellow stole Dagmarsey's rune from Red" in reply(attack)
    assert "took back" in reply("@carl /game undo")
    assert "Era 2 begins" in reply("@alice /vikings era")
    assert "bumped Blue boat 1 to F1" in reply("@alice /vikings sail boat:1 route:A1 strength:2")
    assert text["@bob /vikings sail boat:1 route:F1 strength:1"]["ephemeral"]  # not bob's turn
    images = sorted((tmp_path / "images").glob("*.png"))
    assert len(images) >= 12  # a board for every change on the map (not for adjusting food or ending a turn)


async def _started(discord_) -> None:
    await discord_.run("@alice", CH, "/game new game:vikings board:nordhav")
    await discord_.run("@bob", CH, "/game join")
    await discord_.run("@carl", CH, "/game join")
    await discord_.run("@alice", CH, "/game start")
    for user, dock in (("@carl", "D1"), ("@bob", "B1"), ("@alice", "A2")):
        rec = await discord_.run(user, CH, f"/vikings place dock:{dock}")
        assert rec.ok and not rec.ephemeral, rec.content


async def test_autocomplete_offers_your_boats_and_reachable_routes(discord_):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, "!complete /vikings sail boat:")
    assert [c["name"] for c in rec.choices] == ["Boat 1 — at A2"]
    rec = await discord_.run("@alice", CH, "!complete /vikings sail boat:1 strength:2 route:D1")
    assert {"name": "D1 — 2 moves: F4 D1", "value": "F4 D1"} in rec.choices
    rec = await discord_.run("@alice", CH, "!complete /vikings sail boat:1 strength:1 route:")
    assert [c["value"] for c in rec.choices] == ["F4"]
    rec = await discord_.run("@dora", CH, "!complete /vikings sail boat:")
    assert rec.choices == []


async def test_sail_refusals_name_the_problem_and_change_nothing(discord_):
    await _started(discord_)
    cases = {
        "/vikings sail boat:1 route:F9 strength:1": "F9 is 3 moves from A2 (A2→F4→F3→F9); the sail is x1",
        '/vikings sail boat:1 route:"F4 D1" strength:1': "the sail is x1",
        "/vikings sail boat:2 route:F4 strength:1": "boat 2 is not on the board",
        "/vikings sail boat:1 route:Zzz strength:1": "no space 'Zzz'",
        "/vikings sail boat:1 route:F4 strength:1 settlers:1": "",
    }
    for line, message in cases.items():
        rec = await discord_.run("@alice", CH, line)
        if message:
            assert rec.ephemeral and message in rec.content, (line, rec.content)
    rec = await discord_.run("@alice", CH, "/game status")
    assert "Red's turn" in {f["name"]: f["value"] for f in rec.embeds[0]["fields"]}["Phase"]


async def test_bump_menu_survives_a_restart(discord_, config):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, '/vikings sail boat:1 route:"F4 D1" strength:2')
    (menu,) = rec.followups
    assert menu.content.startswith(f"<@{discord_.builder.directory.user_id('carl')}>")
    await discord_.restart()
    rec = await discord_.run("@bob", CH, "!pick F5")
    assert rec.ephemeral and rec.content.startswith("⛔")
    rec = await discord_.run("@carl", CH, "!pick F5")
    assert rec.ok and rec.callback_type == 7 and "Answered: F5" in json.dumps(rec.original.components)
    (answer,) = [m for m in rec.followups if not m.ephemeral]
    assert "moved from D1 to F5" in answer.content and answer.attachments
    rec = await discord_.run("@carl", CH, "!complete /game choose choice:")
    assert rec.choices == []


async def test_V_S4_game_choose_answers_with_the_fjords_the_menu_offers_in_any_case(discord_):
    """/game choose reads the answer from the bump decision's choices, as its menu offers them (any
    case: "f5" is F5); an answer not offered is refused, naming the fjords, and changes nothing."""
    await _started(discord_)
    await discord_.run("@alice", CH, '/vikings sail boat:1 route:"F4 D1" strength:2')
    rec = await discord_.run("@carl", CH, "/game choose choice:F9")
    assert rec.ephemeral and "F4" in rec.content and "F5" in rec.content, rec.content
    rec = await discord_.run("@carl", CH, "/game choose choice:f5")
    assert not rec.ephemeral and "moved from D1 to F5" in rec.content, rec.content


async def test_log_replays_to_the_stored_state(discord_):
    await _started(discord_)
    await discord_.run("@alice", CH, "/vikings adjust what:food value:5")
    await discord_.run("@alice", CH, '/vikings sail boat:1 route:"F4 D1" strength:2 settlers:2')
    await discord_.run("@carl", CH, "!pick F4")
    await discord_.run("@alice", CH, "/game undo")  # refused: carl acted since
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH[1:]))
    state = replay(table.games["vikings"], await table.store.log(row.id))
    assert table.games["vikings"].rules.encode_state(state) == row.state


def test_python_m_offline_script_runs_the_whole_game(tmp_path):
    """`python -m offline --script` as a newcomer runs it: exit 0, replies printed, images saved."""
    done = subprocess.run([*OFFLINE, "--script", str(SCRIPT), "--images", str(tmp_path / "img")], cwd=tmp_path,
                          env=newcomer_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Yellow stole Dagmarsey's rune from Red" in done.stdout
    assert len(list((tmp_path / "img").glob("*.png"))) >= 12
