"""Glory of Civilizations through the real bot: the full-game script, every command, autocomplete
offering legal values, the rotation decision by menu and by /game choose (across a restart),
refusals, secrecy of the piles' order, undo, export and import, replay, scripted players."""

from __future__ import annotations

import io
import itertools
import json
import random
import re
import subprocess
from pathlib import Path

import pytest

from front.bot import create_bot
from offline import OfflineDiscord
from offline.console import run_console
from offline.players import ScriptedPlayer
from rules.glory import GAME
from tests.robust.helpers import filled, leaf_commands
from tests.support.newcomer import OFFLINE, newcomer_env
from tests.support.posts import Channel
from waypost.replay import replay

SCRIPT = Path(__file__).parent.parent / "scripts" / "glory_full_game.txt"
CH = "#realm"
SEED = 18  # a shuffle whose first tiles carry relic symbols (see test_full_game_by_post_script)
USERS = ("@alice", "@bob", "@carl")


def seeded(config, games=None):
    """The bot, giving the first game opened SEED as its seed (the piles' shuffle), so tiles are known."""
    return lambda: create_bot(config, games, seeds=itertools.count(SEED).__next__)


@pytest.fixture
async def discord_(config, games):
    async with OfflineDiscord(seeded(config, games)) as harness:
        yield harness
        harness.assert_clean()


def said(rec) -> str:
    """Everything a command's answer shows: the reply, then its follow-ups (a menu's answer)."""
    return "\n".join([rec.content, *(m.content for m in rec.followups)])


async def _started(discord_, board: str = "five-kingdoms", users: tuple[str, ...] = USERS) -> None:
    await discord_.run(users[0], CH, f"/game new game:glory board:{board}")
    for user in users[1:]:
        await discord_.run(user, CH, "/game join")
    rec = await discord_.run(users[0], CH, "/game start")
    assert rec.ok and rec.attachments, rec.content


async def _state(discord_):
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    return table.games["glory"].rules.decode_state(row.state)


# --- the full game --------------------------------------------------------------------------------


async def test_full_game_by_post_script(tmp_path, config):
    """Three players: maneuver, split, drop, pick up, merge, march, ferry, explore (rotations), relics,
    a full event row, pass into new rounds, undo where allowed, adjust."""
    out = io.StringIO()
    argv = ["--script", str(SCRIPT), "--json", "--images", str(tmp_path / "images")]
    status = await run_console(seeded(config), argv, out=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0, [r for r in rows if r.get("error")]
    text: dict[str, list[dict]] = {}
    for r in rows:
        text.setdefault(f"@{r['user']} {r['line']}", []).append(r)

    def reply(line: str, time: int = 0) -> str:  # what the line got the first (or a later) time it ran
        row = text[line][time]
        offered = [f"{c['name']} ({c['value']})" for c in row["choices"] or []]
        return "\n".join([row["content"], *(f["content"] for f in row["followups"]), *offered])

    assert "Glory of Civilizations begins" in reply("@alice /game start")
    assert "D4 — 2 MP, EXPLORES: D4" in reply("@alice !complete /glory maneuver army:D3 to:")
    explore = reply("@alice /glory maneuver army:D3 to:D4")
    assert "revealed tile T09 (River Fields) for the province at E5" in explore
    assert "The board shows each allowed rotation" in explore
    assert text["@alice /glory maneuver army:D3 to:D4"][0]["files"]  # the board with the tile's rotations
    placed = reply("@alice !pick 2")
    assert "placed tile T09 (River Fields) at E5, rotation 2" in placed
    assert "a relic was drawn for the solid symbol: Jade Serpent Idol" in placed
    assert "flipped into row 1, card 1" in placed
    assert "cannot be taken back" in reply("@alice /game undo")
    assert "(paid 1 action cube, 1 left)" in reply("@alice /glory maneuver army:B2 to:E3")
    assert "end your turn, and pass on your next one" in reply("@alice /glory pass")
    assert "1 cavalryman marching P3→Q4" in reply('@bob /glory maneuver army:P3 to:Q4 units:"1 cavalryman" march:true')
    assert "Blue took back their last action" in reply("@bob /game undo")
    assert "marched: strength −1" in reply("@bob /glory maneuver army:P3 to:P2 units:cavalryman march:true")
    assert "Merged with the army at J12" in reply("@carl /glory maneuver army:J13 to:J12")
    pick_up = '@bob /glory maneuver army:Q3 to:Q2 units:swordsman path:"P3 Q3 Q2" pickups:"P3: 1 archer"'
    assert "Q3→P3→Q3→Q2" in reply(pick_up) and "Picked up 1 archer at P3" in reply(pick_up)
    assert "round 1 ends" in reply("@bob /glory pass") and "Red starts round 2" in reply("@bob /glory pass")
    ferry = reply('@alice /glory maneuver army:C3 to:G4 units:"1 swordsman, 1 peasant" drops:"D2: 1 peasant"')
    assert "C3→D2→E3→F3→G4 (2 of 2 movement points)" in ferry
    landed = reply("@alice !pick 2", 1)
    assert "Dropped 1 peasant at D2" in landed and "Crown of the First King" in landed
    assert "spearmen at P3 1 → 0" in reply("@bob /glory adjust what:units hex:P3 unit:spearman value:0")
    assert "flipped into row 1, card 3" in reply("@carl !pick 1")
    assert "1 → 2 (bank 7 → 6)" in reply('@carl /glory adjust what:votes name:"row 1, card 3" value:2')
    assert "on H3 → held by Red" in reply("@alice /glory adjust what:relic name:crown")
    assert "only the host may take it" in reply('@carl /glory adjust what:relic name:"Crown of the First King"')
    assert "held by Red → on D2" in reply("@alice /glory adjust what:relic name:crown hex:D2")
    assert "nothing → Red's castle" in reply("@alice /glory adjust what:structure hex:C2 name:castle")
    assert "Blue's action cubes per round 2 → 3" in reply("@alice /glory adjust what:cubes_per_round value:3 "
                                                        "player:@bob")
    assert "round 2 ends" in reply("@carl /glory pass", 1) and "Blue starts round 3" in reply("@carl /glory pass", 1)
    assert "offering '5'" in (text["@alice !pick 5"][0]["refused"] or "")  # rotation 2 was taken: not needed
    assert len(list((tmp_path / "images").glob("*.png"))) >= 15  # a board when the map changed


def test_python_m_offline_script_runs_the_whole_game(tmp_path):
    """`python -m offline --script` as a newcomer runs it (the piles shuffled at random)."""
    done = subprocess.run([*OFFLINE, "--script", str(SCRIPT), "--images", str(tmp_path / "img")], cwd=tmp_path,
                          env=newcomer_env(), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    for seen in ("Picked up 1 archer at P3", "Merged with the army at J12", "Dropped 1 peasant at D2",
                 "round 1 ends", "round 2 ends", "flipped into row 1, card 3", "Red's castle"):
        assert seen in out, seen
    assert len(set(re.findall(r"placed tile T\d\d", out))) == 3  # each exploration got its rotation
    assert len(list((tmp_path / "img").glob("*.png"))) >= 15  # a board when the map changed


# --- autocomplete ---------------------------------------------------------------------------------


async def test_autocomplete_offers_your_armies_and_where_they_can_go(discord_):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:")
    assert [c["value"] for c in rec.choices] == ["B2", "C3", "D3"]
    assert rec.choices[2]["name"] == "D3: 1 spearman, 1 archer, 1 cavalryman"
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:D3 to:")
    offered = {c["value"]: c["name"] for c in rec.choices}
    assert offered["D4"] == "D4 — 2 MP, EXPLORES: D4" and offered["D3"] == "D3 — stay at D3 (0 hexes)"
    assert offered["C4"] == "C4 — 1 MP: C4"
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:D3 to:d")
    assert {c["value"] for c in rec.choices} == {"D2", "D3", "D4"}
    # a group without a military unit cannot explore: D4 is not offered for the peasants
    rec = await discord_.run("@alice", CH, '!complete /glory maneuver army:C3 units:"2 peasants" to:')
    assert "D4" not in [c["value"] for c in rec.choices] and rec.choices
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:D3 to:D4 units:")
    assert {c["value"] for c in rec.choices} >= {"all", "1 spearman", "1 cavalryman"}
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:C3 to:D4 units:")
    assert rec.choices == []  # D4 is 3 movement points from C3: no group of that army is offered
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:D3 to:C4 path:")
    assert [c["value"] for c in rec.choices] == ["C4"]
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:D3 to:B3 pickups:")
    assert "C3: 2 peasants, 1 swordsman" in [c["value"] for c in rec.choices]
    rec = await discord_.run("@alice", CH, "!complete /glory maneuver army:C3 to:C4 path:\"D3 C4\" drops:")
    assert [c["value"] for c in rec.choices] == ["D3: 1 peasant", "D3: 2 peasants", "D3: 1 swordsman"]
    rec = await discord_.run("@dave", CH, "!complete /glory maneuver army:")
    assert rec.choices == []  # an onlooker has no army
    rec = await discord_.run("@dave", CH, "!complete /glory look hex:c3")
    assert rec.choices[0] == {"name": "C3 — Red: 2 peasants, 1 swordsman; Red's capital", "value": "C3"}


async def test_autocomplete_for_adjustments(discord_):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, "!complete /glory adjust what:units hex:")
    assert [c["value"] for c in rec.choices][:3] == ["B2", "C3", "D3"]
    rec = await discord_.run("@alice", CH, "!complete /glory adjust what:packed unit:")
    assert rec.choices == []  # no army of hers has a trebuchet to pack (it used to offer one anyway)
    await discord_.run("@alice", CH, "/glory adjust what:units hex:C3 unit:trebuchet value:1")
    rec = await discord_.run("@alice", CH, "!complete /glory adjust what:packed unit:")
    assert [c["value"] for c in rec.choices] == ["trebuchet"]
    rec = await discord_.run("@alice", CH, "!complete /glory adjust what:packed hex:")
    assert [c["value"] for c in rec.choices] == ["C3"]
    rec = await discord_.run("@alice", CH, "!complete /glory adjust what:structure name:")
    assert [c["value"] for c in rec.choices] == ["city", "castle", "capital", "none"]
    rec = await discord_.run("@alice", CH, "!complete /glory adjust what:relic name:")
    assert rec.choices == []  # every relic is still in the bag: none is named
    await discord_.run("@alice", CH, "/glory maneuver army:D3 to:D4")
    await discord_.run("@alice", CH, "!pick 2")
    rec = await discord_.run("@bob", CH, "!complete /glory adjust what:relic name:")
    assert [c["value"] for c in rec.choices] == ["Jade Serpent Idol"]
    rec = await discord_.run("@bob", CH, "!complete /glory adjust what:votes name:")
    assert rec.choices == [{"name": "Comet in the Sky (E12, row 1): Red 1", "value": "E12"}]


# --- commands and refusals ------------------------------------------------------------------------


async def test_refusals_are_private_and_name_the_problem(discord_):
    await _started(discord_)
    cases = {
        ("@alice", "/glory maneuver army:Z99 to:D4"): "There is no hex 'Z99'",
        ("@alice", "/glory maneuver army:D3 to:J7"): "",
        ("@alice", "/glory maneuver army:E1 to:E2"): "You have no army at E1",
        ("@alice", '/glory maneuver army:D3 to:C4 units:"2 dragons"'): "There is no unit 'dragons'",
        ("@alice", '/glory maneuver army:D3 to:C4 path:"D3 to nowhere"'): "Give the path as hex names",
        ("@alice", '/glory maneuver army:D3 to:C4 drops:"archer"'): "Name the hex before its units",
        ("@bob", "/glory maneuver army:E1 to:E2"): "You have no army at E1",  # prepared ahead (issue 30)
        ("@dave", "/glory maneuver army:D3 to:D4"): "You are not playing in this game",
        ("@bob", "/glory adjust what:cubes value:5 player:@alice"): "Only the host may adjust another player",
        ("@bob", "/glory adjust what:units value:5"): "Adjusting units needs the hex option",
        ("@bob", "/glory adjust what:structure hex:Q4 name:castle"): "Only the host",
        ("@alice", "/glory adjust what:depletion hex:C3 value:0"): "already has 0 depletion cubes",
        ("@alice", "/glory adjust what:votes name:E12 value:1"): "No event card 'E12' is in the rows",
        ("@alice", "/glory look hex:nowhere"): "is not a hex name",
    }
    for (user, line), message in cases.items():
        rec = await discord_.run(user, CH, line)
        assert rec.ephemeral and rec.content.startswith("⛔"), (line, rec.content)
        assert message in rec.content, (line, rec.content)
    assert (await _state(discord_)).maneuvers == 0  # nothing changed


async def test_turns_pass_end_and_a_new_round(discord_):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, "/glory pass")
    assert "Red passed for this round; Blue is next" in rec.content
    assert not rec.attachments  # a quiet channel: a pass changes nothing on the map, so no board is posted
    assert f"<@{discord_.builder.directory.user_id('bob')}> your turn: maneuver" in rec.content  # pinged: Bob's move
    rec = await discord_.run("@bob", CH, "/glory maneuver army:P3 to:P3")  # 0 hexes: legal, depletes
    assert "at P3 without moving" in rec.content
    rec = await discord_.run("@bob", CH, "/glory end")
    assert "Yellow is next" in rec.content
    await discord_.run("@carl", CH, "/glory pass")
    rec = await discord_.run("@bob", CH, "/glory pass")
    assert "round 1 ends" in rec.content and "Red starts round 2" in rec.content
    assert rec.attachments  # the round's end clears depletion on the map: a board
    state = await _state(discord_)
    assert state.round == 2 and all(a.cubes == 0 for p in state.players for a in p.armies.values())


async def test_looking_commands_answer_privately(discord_):
    await _started(discord_)
    rec = await discord_.run("@dave", CH, "/glory look hex:c3")
    assert rec.ephemeral and "C3: plains, in the starting province C3." in rec.content
    assert "Red's capital (a city)." in rec.content and "Red's army: 2 peasants, 1 swordsman." in rec.content
    rec = await discord_.run("@dave", CH, "/glory look hex:D4")
    assert "face down" in rec.content and "face-down province E5" in rec.content
    rec = await discord_.run("@bob", CH, "/glory armies player:@carl")
    assert rec.ephemeral and "Yellow (carl)" in rec.content and "Blue (bob)" not in rec.content
    rec = await discord_.run("@bob", CH, "/glory cards")
    assert "none flipped yet" in rec.content and "4 still to be placed" in rec.content
    rec = await discord_.run("@bob", "#elsewhere", "/glory cards")
    assert rec.ephemeral and "There is no game in this channel" in rec.content


async def test_targets_now_and_after_a_maneuver(discord_):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, "/glory adjust what:units hex:D2 unit:archer value:1 player:@bob")
    assert "Blue's archers at D2 0 → 1" in rec.content  # the host puts a blue archer in Red's province
    rec = await discord_.run("@alice", CH, "/glory targets army:D3")
    assert rec.ephemeral and "The army at D3 (1 spearman, 1 archer, 1 cavalryman):" in rec.content
    assert "Blue's 1 archer at D2 (1 hex away; in range of spearmen, archers and cavalrymen)" in rec.content
    rec = await discord_.run("@alice", CH, "/glory targets army:D3 to:C4")
    assert "after moving to C4" in rec.content and "(2 hexes away; in range of archers)" in rec.content
    rec = await discord_.run("@alice", CH, "!complete /glory targets army:D3 to:")
    assert "C4" in [c["value"] for c in rec.choices]
    rec = await discord_.run("@alice", CH, "/glory targets")
    assert rec.content.count("The army at") == 3 and "in range of swordsmen" in rec.content
    rec = await discord_.run("@dave", CH, "/glory targets")
    assert rec.ephemeral and "You are not playing in this game" in rec.content


async def test_the_board_narrowed_to_a_player(discord_):
    await _started(discord_)
    rec = await discord_.run("@carl", CH, "!complete /game board focus:")
    assert [c["value"] for c in rec.choices] == ["red", "blue", "yellow"]
    rec = await discord_.run("@carl", CH, "/game board focus:Yellow")
    assert rec.attachments and rec.attachments[0].image().size[0] < 1300
    rec = await discord_.run("@carl", CH, "/game board private:true")  # the posted view, read in the preview
    assert rec.ephemeral and rec.attachments[0].image().size[0] == 1100
    rec = await discord_.run("@carl", CH, "/game board private:true full:true")
    assert rec.ephemeral and rec.attachments[0].image().size == (1700, 1169)


# --- the rotation decision ------------------------------------------------------------------------


async def test_rotation_menu_survives_a_restart_and_answers_only_its_player(discord_):
    await _started(discord_)
    rec = await discord_.run("@alice", CH, "/glory maneuver army:D3 to:D4")
    assert "revealed tile T09 (River Fields)" in rec.content and rec.attachments
    (menu,) = rec.followups
    assert menu.content.startswith(f"<@{discord_.builder.directory.user_id('alice')}>")
    assert [o["value"] for o in menu.components[0]["components"][0]["options"]] == ["1", "2", "3", "4", "5", "6"]
    rec = await discord_.run("@bob", CH, "/glory end")
    assert rec.ephemeral and "Waiting for Red to decide" in rec.content  # the question blocks the game
    await discord_.restart()
    rec = await discord_.run("@bob", CH, "!pick 3")
    assert rec.ephemeral and "This question is for" in rec.content
    rec = await discord_.run("@alice", CH, "/game choose choice:7")
    assert rec.ephemeral and "Choose the rotation: 1, 2, 3, 4, 5 or 6" in rec.content
    rec = await discord_.run("@alice", CH, "!pick 3")
    assert rec.ok and rec.callback_type == 7 and "Answered: 3" in json.dumps(rec.original.components)
    (answer,) = [m for m in rec.followups if not m.ephemeral]
    assert "placed tile T09 (River Fields) at E5, rotation 3" in answer.content and answer.attachments
    rec = await discord_.run("@alice", CH, "!complete /game choose choice:")
    assert rec.choices == []


async def test_rotation_by_game_choose(discord_):
    await _started(discord_)
    await discord_.run("@alice", CH, "/glory maneuver army:D3 to:D4")
    rec = await discord_.run("@alice", CH, "!complete /game choose choice:")
    assert [c["value"] for c in rec.choices] == ["1", "2", "3", "4", "5", "6"]
    rec = await discord_.run("@alice", CH, "/game choose choice:6")
    assert "rotation 6" in rec.content and rec.attachments and not rec.ephemeral
    state = await _state(discord_)
    assert state.explored["E5"].rotation == 5 and state.exploring is None


# --- secrecy: the piles' order --------------------------------------------------------------------


async def test_the_piles_order_reaches_nobody_before_a_reveal(discord_):
    """The next tile, relic and event card (the seed's shuffle) appear in no text, autocomplete or
    image anyone gets before they are revealed; the image does not change with the shuffle."""
    await _started(discord_)
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    rules = table.games["glory"].rules
    state = rules.decode_state(row.state)
    board = state.board
    secret = [board.tile_named[state.province_deck[0]].title, state.relic_bag[0],
              board.event_named[state.event_deck[0]].title]
    assert secret == ["River Fields", "Jade Serpent Idol", "Comet in the Sky"]
    channel = discord_.builder.directory.channel_id(CH)
    for user in ("@alice", "@dave"):  # a player and an onlooker
        seen: list[str] = []
        for command in leaf_commands(discord_.bot.tree):
            for param in command.parameters:
                if param.autocomplete:
                    rec = await discord_.autocomplete(user, channel, command.qualified_name,
                                                      {param.display_name: ""}, param.display_name)
                    seen += [f"{c['name']} {c['value']}" for c in rec.choices or []]
            if command.qualified_name.startswith("glory") and command.name not in ("maneuver", "adjust", "pass",
                                                                                   "end"):
                options = await filled(discord_, user, channel, command)
                rec = await discord_.command(user, channel, command.qualified_name, options)
                seen += [m.content for m in rec.messages]
        rec = await discord_.run(user, CH, "/game log")
        seen.append(rec.content)
        assert not [t for t in seen for s in secret if s in t], user
    public = rules.view(state, None)
    shuffled = rules.view(rules.reseed(state, 99), None)
    assert shuffled.province_deck == public.province_deck == ("?",) * len(state.province_deck)
    assert table.games["glory"].draw(public, None) == table.games["glory"].draw(shuffled, None)
    data = (await discord_.run("@bob", CH, "/game export")).attachments[0].data
    exported = json.loads(data)
    assert set(exported["state"]["province_deck"]) == {"?"} and exported["state"]["seed"] == 0
    assert exported["seed"].startswith("sealed:") and str(SEED) not in exported["seed"]


# --- undo, export and import, replay, restart -----------------------------------------------------


async def test_undo_takes_back_a_maneuver_but_not_an_exploration(discord_):
    await _started(discord_)
    await discord_.run("@alice", CH, "/glory maneuver army:C3 to:C4")
    rec = await discord_.run("@alice", CH, "/game undo")
    assert "Red took back their last action" in rec.content and rec.attachments
    state = await _state(discord_)
    assert "C3" in state.players[0].armies and state.maneuvers == 0
    await discord_.run("@alice", CH, "/glory maneuver army:D3 to:D4")
    rec = await discord_.run("@alice", CH, "/game undo")
    assert rec.ephemeral and "revealed something hidden or random" in rec.content


async def test_export_import_round_trip_and_the_game_goes_on(discord_):
    await _started(discord_)
    await discord_.run("@alice", CH, "/glory maneuver army:D3 to:D4")
    await discord_.run("@alice", CH, "!pick 2")
    await discord_.run("@alice", CH, "/glory end")
    file = (await discord_.run("@bob", CH, "/game export")).attachments[0]
    rec = await discord_.command("@dave", "#copy", "game import", {"file": (file.filename, file.data)})
    assert "no seat for you" in rec.content  # only a seated player may import
    rec = await discord_.command("@bob", "#copy", "game import", {"file": (file.filename, file.data)})
    (public,) = [m for m in rec.messages if not m.ephemeral]
    assert "bob imported a Glory of Civilizations game" in public.content and public.attachments
    rec = await discord_.run("@bob", "#copy", "/glory maneuver army:P3 to:Q4")
    assert "Blue maneuvered" in rec.content and rec.attachments
    table = discord_.bot.table
    copy = await table.store.open_game(discord_.builder.directory.channel_id("#copy"))
    state = table.games["glory"].rules.decode_state(copy.state)
    assert state.explored["E5"].tile == "T09" and state.relics == {"E6": "Jade Serpent Idol"}


async def test_log_replays_to_the_stored_state_after_a_restart(discord_):
    await _started(discord_)
    for user, line in (("@alice", "/glory maneuver army:D3 to:D4"), ("@alice", "!pick 2"),
                       ("@alice", "/glory adjust what:voting value:3"), ("@alice", "/game undo"),
                       ("@alice", "/glory end"), ("@bob", "/glory maneuver army:P3 to:Q4 march:true")):
        assert (await discord_.run(user, CH, line)).ok
    await discord_.restart()
    rec = await discord_.run("@carl", CH, "/game board")
    assert rec.attachments
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    state = replay(table.games["glory"], await table.store.log(row.id))
    assert table.games["glory"].rules.encode_state(state) == row.state
    assert state.players[1].armies["Q4"].cubes == 2


# --- scripted players -----------------------------------------------------------------------------


async def test_scripted_players_play_glory_through_autocomplete(discord_):
    """Players who know nothing of the rules play from the bot's suggestions: they maneuver, explore
    and answer rotations, end turns and pass, and nothing crashes; the log replays."""
    await _started(discord_, users=USERS)
    channel = discord_.builder.directory.channel_id(CH)
    player = ScriptedPlayer(discord_, channel, list(USERS), random.Random(5), optional=0.4)
    while not any(m.accepted and m.command in ("!pick", "game choose") for m in player.moves):
        assert len(player.moves) < 500, "no exploration in 500 moves"
        await player.step()
    assert all(not m.failures for m in player.moves)
    accepted = [m for m in player.moves if m.accepted]
    assert {m.command for m in accepted} >= {"glory maneuver", "glory end"}
    table = discord_.bot.table
    row = await table.store.open_game(channel)
    log = await table.store.log(row.id)
    kinds = {e.body["action"]["kind"] for e in log if e.kind == "action"}
    assert {"maneuver", "choose"} <= kinds, kinds
    state = replay(table.games["glory"], log)
    assert table.games["glory"].rules.encode_state(state) == row.state
    GAME.check(state)


async def test_a_glory_pass_or_end_of_turn_posts_no_board(discord_):
    """A quiet channel (issue 23 §2): no board when the map did not change."""
    for line in ("@alice /game new game:glory board:five-kingdoms", "@bob /game join", "@carl /game join",
                 "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, "#glory", text)).ok
    channel = Channel(discord_, "#glory")
    for line in ("@alice /glory maneuver army:B2 to:E3", "@alice /glory end", "@bob /glory pass", "@carl /glory pass",
                 "@alice /glory pass"):
        user, text = line.split(" ", 1)
        rec = await discord_.run(user, "#glory", text)
        assert rec.ok and "⛔" not in rec.content, (line, rec.content)
    posts = channel.posts()
    assert [bool(m.attachments) for m in posts] == [True, False, False, False, True]  # the maneuver; the round's end
    assert "everyone has passed" in posts[-1].content  # a new round: depletion cleared on the map
