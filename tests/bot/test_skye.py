"""Isle of Skye with the Journeyman through the real bot: the console scripts (a whole game, and
every scoring tile), every command's happy path and refusals, autocomplete offering legal values,
decisions by menu and by /game choose, a restart with a sealed plan waiting, undo, adjust, export
and import, the log replaying to the stored state, and scripted players playing through
autocomplete alone. Secrecy has its own file (test_skye_secrecy.py)."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

from front.bot import create_bot
from offline import OfflineDiscord
from offline.console import run_console
from offline.payloads import iter_components
from offline.players import ScriptedPlayer, open_game
from tests.support.newcomer import OFFLINE, newcomer_env
from tests.support.posts import Channel
from waypost.replay import replay

SCRIPTS = Path(__file__).parent.parent / "scripts"
FULL = SCRIPTS / "skye_full_game.txt"
SCORING = SCRIPTS / "skye_scoring_tiles.txt"
CH = "#skye"
USERS = ("@alice", "@bob", "@carl")


def script_lines(path: Path = FULL) -> list[tuple[str, str, str]]:
    """A script's lines as (user, channel, line), the @user and #channel prefixes resolved."""
    user, channel, out = "@alice", "#lobby", []
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.strip()
        if not text or text.startswith("# ") or text == "#":
            continue
        while text[:1] in ("@", "#") and len(text.split(maxsplit=1)[0]) > 1:
            word, _, text = text.partition(" ")
            user, channel = (word, channel) if word[0] == "@" else (user, word)
            text = text.strip()
        if text:
            out.append((user, channel, text))
    return out


async def play_script(discord_: OfflineDiscord, upto: str | None = None, path: Path = FULL,
                      lines: list[tuple] | None = None) -> list[tuple]:
    """Run the script's lines (or `lines`, the rest of them) through the harness, up to (not
    including) the first line containing `upto`; every line but the script's one deliberate
    refusal must be accepted. Returns the lines not run."""
    lines = script_lines(path) if lines is None else lines
    for i, (user, channel, line) in enumerate(lines):
        if upto is not None and upto in f"{user} {line}":
            return lines[i:]
        rec = await discord_.run(user, channel, line)
        assert rec.ok, (line, rec.failures)
        if rec.content.startswith("⛔"):
            assert "does not fit" in rec.content or "shows" in rec.content, (line, rec.content)
    return []


def replies(rows: list[dict]) -> dict[str, str]:
    """Everything each script line got back, public and private, by "@user line" (first run)."""
    out: dict[str, str] = {}
    for r in rows:
        key = f"@{r['user']} {r['line']}"
        if key not in out:
            out[key] = "\n".join([r["content"], *(f["content"] for f in r["followups"])])
    return out


async def console_rows(path: Path, tmp_path: Path, config) -> list[dict]:
    out = io.StringIO()
    argv = ["--script", str(path), "--json", "--images", str(tmp_path / "images")]
    status = await run_console(lambda: create_bot(config), argv, out=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0, [r for r in rows if r.get("error")]
    return rows


# --- the scripts ------------------------------------------------------------------------------------


async def test_full_game_by_post_script(tmp_path, config):
    """Three players, six rounds, to a winner: pricing and buying, placing, roads, plans and walks
    with castle advancements and Herald fees, bonus tiles (the third waypoint marker, Extra
    Movement spent with /skye use), the buy-phase advances, and the four scoring tiles."""
    rows = await console_rows(FULL, tmp_path, config)
    said = "\n".join("\n".join([r["content"], *(f["content"] for f in r["followups"])]) for r in rows)
    for event in ("castle cost", "Herald fee", "Third Waypoint Marker: now 3 waypoint markers",
                  "Extra Movement spent", "may advance on the Warrior track.",
                  "with the journeyman symbol and may advance", "places a road", "Prices revealed: ",
                  "Plans revealed: ", "changed their plan", "spending Extra Movement",
                  "cannot place", "Final scoring:", "Game over: "):
        assert event in said, event
    for n in range(1, 7):
        assert f"Round {n} scoring (" in said
    for title in ("The Long Walk", "Broch Lines", "Matching Rows", "Bridges Crossed"):
        assert re.search(rf"Round \d scoring \([^)]*{title}", said), title
    answers = [r for r in rows if re.match(r"(!pick|/game choose|/skye advance) ", r["line"])]
    assert {r["line"].split()[0] for r in answers} == {"!pick", "/game", "/skye"}
    assert all(not r["error"] for r in rows)
    # a sealed price or plan: the sealer is answered privately, the channel only hears that they committed
    sealed = [r for r in rows if re.match(r"/skye (price|plan|use)", r["line"]) and r["ephemeral"]]
    assert len(sealed) > 20
    lines = 0
    for r in sealed:  # a player's line of the phase: posted once, then edited in place
        public = [f["content"] for f in r["followups"] + r["posts"] if not f["ephemeral"]]
        assert len(public) <= 1 and all(re.fullmatch(r"(Red|Blue|Yellow) committed\.", p) for p in public)
        lines += len(public)
    assert 0 < lines < len(sealed)  # some players sealed again in a phase: their line was edited
    assert " salt " not in said  # a reveal's proof stays behind its Verify button
    refused = [r for r in rows if r["content"].startswith("⛔")]
    assert len(refused) == 1 and "Turns that fit here" in refused[0]["content"] and refused[0]["ephemeral"]
    undo = next(r for r in rows if r["line"] == "/game undo")
    assert "took back their last action" in undo["content"]
    assert next(r for r in rows if r["line"] == "/game export")["files"]
    assert len(list((tmp_path / "images").glob("*.png"))) >= 60


async def test_every_scoring_tile_scores_in_the_scoring_script(tmp_path, config):
    rows = await console_rows(SCORING, tmp_path, config)
    said = "\n".join("\n".join([r["content"], *(f["content"] for f in r["followups"])]) for r in rows)
    assert said.count("Final scoring:") == 3 and said.count("Game over: ") == 3
    titles = {"Drovers' Road", "Lochs", "Long Rows", "Beacons", "Highlands", "Lochside Folds", "Farmsteads",
              "Close Glen", "Whisky Trail", "Peaks", "Harbours", "King's Roads"}
    scored = set()
    for line in re.findall(r"Round \d scoring \(([^)]*)\): (.*)", said):
        names = dict(re.findall(r"([A-D]) ([^,]+)", line[0]))
        for letter, points in re.findall(r"\b([A-D]) (\d+)", line[1]):
            if int(points) > 0:
                scored.add(names[letter].strip())
    assert titles <= scored, titles - scored


def test_python_m_offline_script_runs_the_whole_game(tmp_path):
    """`python -m offline --script` as a newcomer runs it: exit 0, replies printed, images saved."""
    done = subprocess.run([*OFFLINE, "--script", str(FULL), "--images", str(tmp_path / "img")], cwd=tmp_path,
                          env=newcomer_env(), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Final scoring:" in done.stdout and "Game over: " in done.stdout
    assert len(list((tmp_path / "img").glob("*.png"))) >= 60


# --- commands one by one ---------------------------------------------------------------------------------


async def test_price_autocomplete_offers_your_tiles_and_prices_you_can_pay(discord_):
    await play_script(discord_, upto="/skye price")
    rec = await discord_.run("@alice", CH, "!complete /skye price axe:")
    hand = [c["value"] for c in rec.choices]
    assert len(hand) == 3 and all(re.fullmatch(r"[LJ]\d+", t) for t in hand)
    rec = await discord_.run("@alice", CH, f"!complete /skye price axe:{hand[0]} price1:")
    assert [c["value"] for c in rec.choices] == [1, 2, 3, 4] and rec.choices[0]["name"] == f"1 gold for {hand[1]}"
    rec = await discord_.run("@alice", CH, f"!complete /skye price axe:{hand[0]} price1:3 price2:")
    assert [c["value"] for c in rec.choices] == [1, 2]  # 5 gold: 3 on the first leaves 2
    rec = await discord_.run("@dora", CH, "!complete /skye price axe:")
    assert rec.choices == []


async def test_price_refusals_name_the_problem_and_change_nothing(discord_):
    await play_script(discord_, upto="/skye price")
    hand = [c["value"] for c in (await discord_.run("@alice", CH, "!complete /skye price axe:")).choices]
    cases = {
        "/skye price axe:L99 price1:1 price2:1": "is not one of your drawn tiles",
        f"/skye price axe:{hand[0]} price1:4 price2:4": "add up to 8 gold but you have only 5",
        f"/skye price axe:{hand[0]} price1:0 price2:1": "must be between 1 and 99",
        "/skye price axe:none price1:1 price2:1": "only the No Axe bonus tile",
        f"/skye price axe:{hand[0]} price1:1 price2:1 price3:1": "leave the other prices at 0",
    }
    for line, message in cases.items():
        rec = await discord_.run("@alice", CH, line)
        assert rec.ephemeral and message in rec.content, (line, rec.content)
    rec = await discord_.run("@dora", CH, f"/skye price axe:{hand[0]} price1:1 price2:1")
    assert rec.ephemeral and "not playing" in rec.content
    rec = await discord_.run("@alice", CH, "/game status")
    assert "Red, Blue and Yellow to price" in {f["name"]: f["value"] for f in rec.embeds[0]["fields"]}["Phase"]


async def test_buy_autocomplete_and_refusals(discord_):
    await play_script(discord_, upto="@bob /skye buy tile:L63")
    rec = await discord_.run("@bob", CH, "!complete /skye buy tile:")
    values = [c["value"] for c in rec.choices]
    assert "L63" in values and values[-1] == "pass" and "L03" not in values  # not Blue's own
    assert any(c["name"].startswith("L63 from Red for 1 gold") for c in rec.choices)
    rec = await discord_.run("@bob", CH, "/skye buy tile:L03")
    assert rec.ephemeral and "cannot buy your own tile" in rec.content
    rec = await discord_.run("@carl", CH, "/skye buy tile:L63")  # prepared (issue 30), checked as on Yellow's turn
    assert rec.ephemeral and "L63 costs 1 gold but you have only 0" in rec.content
    rec = await discord_.run("@bob", CH, "/skye buy tile:l63")  # any case
    assert not rec.ephemeral and "Blue buys L63 from Red" in rec.content


async def test_place_autocomplete_offers_only_spots_and_turns_that_fit(discord_):
    await play_script(discord_, upto="@carl !complete /skye place")
    state = await _state(discord_, "@carl")
    rec = await discord_.run("@carl", CH, "!complete /skye place tile:")
    assert {c["value"] for c in rec.choices} == {"L15", "L45"} and "L15: " in rec.choices[0]["name"] + \
        rec.choices[1]["name"]
    from rules.skye import queries
    seat = 2
    legal = {(x, y): turns for x, y, turns in queries.placements(state, seat, "L45")}
    rec = await discord_.run("@carl", CH, "!complete /skye place tile:L45 position:")
    offered = {tuple(int(v) for v in c["value"].split(",")) for c in rec.choices}
    assert offered == set(legal)
    spot = next(iter(legal))
    rec = await discord_.run("@carl", CH, f"!complete /skye place tile:L45 position:{spot[0]},{spot[1]} rotation:")
    assert tuple(c["value"] for c in rec.choices) == legal[spot]
    rec = await discord_.run("@carl", CH, "/skye place tile:L45 position:5,5")
    assert rec.ephemeral and "not next to your territory" in rec.content
    rec = await discord_.run("@carl", CH, "/skye place tile:L45 position:north")
    assert rec.ephemeral and "A position is x,y" in rec.content
    rec = await discord_.run("@carl", CH, f"/skye place tile:l45 position:{spot[0]},{spot[1]}")  # first turn that fits
    assert not rec.ephemeral and f"turned {legal[spot][0]}" in rec.content


async def test_plan_autocomplete_offers_reachable_tiles_and_advances_in_order(discord_):
    await play_script(discord_, upto="@bob /skye plan first:L48:merchant")
    rec = await discord_.run("@bob", CH, "!complete /skye plan first:")
    values = [c["value"] for c in rec.choices]
    assert "L48:merchant" in values and "castle" in values
    named = next(c["name"] for c in rec.choices if c["value"] == "L48:merchant")
    assert "Merchant → 1" in named and "4 moves, 0 left" in named
    rec = await discord_.run("@bob", CH, "!complete /skye plan first:L48:merchant second:")
    assert rec.choices == []  # every movement point spent
    rec = await discord_.run("@bob", CH, "!complete /skye plan first:castle second:")
    assert "L48:merchant" in [c["value"] for c in rec.choices]
    cases = {
        "/skye plan first:L99": "There is no tile 'L99' in your territory",
        "/skye plan first:L48:sailor": "There is no track 'sailor'",
        "/skye plan first:castle second:castle": "Only one waypoint marker may lie on a tile",
        "/skye plan first:castle second:L48 third:L03": "You have 2 waypoint markers, not 3",
        "/skye plan first:L48 extra:true": "You have no Extra Movement tile to spend",
        "/skye use bonus:extra_movement": "Seal a plan first",
    }
    for line, message in cases.items():
        rec = await discord_.run("@bob", CH, line)
        assert rec.ephemeral and message in rec.content, (line, rec.content)


async def test_road_autocomplete_and_refusals(discord_):
    await play_script(discord_, upto="@bob /skye road")
    rec = await discord_.run("@bob", CH, "!complete /skye road edge:")
    assert "-3,-2 n" in [c["value"] for c in rec.choices]
    assert any("between L07 (-4,-1) and L28 (-3,-1)" in c["name"] for c in rec.choices)
    rec = await discord_.run("@bob", CH, "/skye road edge:\"0,0 up\"")
    assert rec.ephemeral and "There is no tile 'up'" in rec.content
    rec = await discord_.run("@bob", CH, "/skye road edge:0,0")
    assert rec.ephemeral and "Give the edge as" in rec.content
    rec = await discord_.run("@bob", CH, "/skye road edge:\"9,9 n\"")
    assert rec.ephemeral and "not such an edge" in rec.content
    rec = await discord_.run("@bob", CH, "/skye road edge:\"L07 L28\"")
    assert not rec.ephemeral and "places a road between L07 (-4,-1) and L28 (-3,-1)" in rec.content
    rec = await discord_.run("@bob", CH, "/skye road edge:\"-3,-2 n\"")
    assert rec.ephemeral and "You have no road to place" in rec.content
    rec = await discord_.run("@alice", CH, "!complete /skye road edge:")
    assert rec.choices == []  # no road in hand


async def test_adjust_is_public_with_before_and_after_and_only_the_host_adjusts_others(discord_):
    await play_script(discord_, upto="/skye price")
    rec = await discord_.run("@bob", CH, "/skye adjust what:vp value:4")
    assert not rec.ephemeral and "Blue adjusted their vp 0 → 4." in rec.content
    rec = await discord_.run("@bob", CH, "/skye adjust what:gold value:9 player:@carl")
    assert rec.ephemeral and "Only the host" in rec.content
    rec = await discord_.run("@alice", CH, "/skye adjust what:roads value:2 player:@carl")
    assert not rec.ephemeral and "Red adjusted Yellow's roads 0 → 2." in rec.content
    rec = await discord_.run("@alice", CH, "/skye adjust what:journeyman position:0,0")
    assert rec.ephemeral and "already at 0,0" in rec.content
    rec = await discord_.run("@alice", CH, "/skye adjust what:gold")
    assert rec.ephemeral and "Give the new gold as value" in rec.content
    rec = await discord_.run("@alice", CH, "/skye adjust what:gold value:7 player:@dora")
    assert rec.ephemeral and "not playing in this game" in rec.content


async def test_decisions_by_menu_and_by_advance_and_their_menus_survive_a_restart(discord_):
    await play_script(discord_, upto="@alice /game choose choice:warrior")
    await discord_.restart()
    rec = await discord_.run("@alice", CH, "!complete /skye advance track:")
    assert [c["value"] for c in rec.choices] == ["warrior", "none"]
    rec = await discord_.run("@bob", CH, "!pick warrior")
    assert rec.ephemeral and rec.content.startswith("⛔")
    rec = await discord_.run("@alice", CH, "!pick warrior")
    assert rec.ok and rec.callback_type == 7
    (answer,) = [m for m in rec.followups if not m.ephemeral]
    assert "Red advances: Warrior 0 → 1." in answer.content and answer.attachments
    rec = await discord_.run("@alice", CH, "/skye advance track:warrior")
    assert rec.ephemeral and "Nobody asked you" in rec.content


async def test_a_sealed_plan_survives_a_restart_and_the_reveal_follows(discord_):
    rest = await play_script(discord_, upto="@alice /skye plan first:castle:warrior")
    await discord_.run("@alice", CH, "/skye plan first:castle:warrior")
    await discord_.restart()
    mine = await discord_.run("@alice", CH, "!complete /skye plan first:")
    assert mine.choices
    user, channel, line = rest[1]
    rec = await discord_.run(user, channel, line)
    assert "Plans revealed" in rec.content and "Red: 0,0:warrior" in rec.content


async def test_undo_takes_back_a_placement_and_a_sealed_price_privately(discord_):
    await play_script(discord_, upto="/skye price")
    hand = [c["value"] for c in (await discord_.run("@alice", CH, "!complete /skye price axe:")).choices]
    await discord_.run("@alice", CH, f"/skye price axe:{hand[0]} price1:3 price2:2")
    rec = await discord_.run("@alice", CH, "/game undo")
    assert rec.ephemeral and "3 gold" in rec.content
    assert [m.content for m in rec.messages if not m.ephemeral] == ["Red took back a secret move."]
    log = await discord_.run("@bob", CH, "/game log")
    assert "Red took back a secret move." in log.content and "3 gold" not in log.content
    rec = await discord_.run("@alice", CH, "/game undo")
    assert rec.ephemeral and rec.content == "⛔ There is nothing to take back."


async def test_export_is_refused_while_hidden_and_round_trips_with_a_seated_importer(discord_):
    rest = await play_script(discord_, upto="@carl /skye price")
    rec = await discord_.run("@bob", CH, "/game export")
    assert rec.ephemeral and not rec.attachments and "secret" in (rec.content + "".join(
        m.content for m in rec.followups)).lower()
    await play_script(discord_, upto="@carl !complete /skye place", lines=rest)
    rec = await discord_.run("@bob", CH, "/game export")
    data = next(a.data for m in rec.messages for a in m.attachments)
    exported = json.loads(data)
    assert exported["state"]["seed"] == 0
    payload = discord_.builder.command("@dora", "#copy", "game import", {"file": data})
    rec = await discord_.inject(payload)
    assert "Only a player seated" in (rec.content + "".join(m.content for m in rec.followups))
    rec = await discord_.inject(discord_.builder.command("@bob", "#copy", "game import", {"file": data}))
    told = "".join(m.content for m in rec.messages)
    assert rec.ok and "bob imported an Isle of Skye with the Journeyman game" in told
    rec = await discord_.run("@carl", "#copy", "/skye place tile:L15 position:0,-1 rotation:2")
    assert not rec.ephemeral and "Yellow places L15" in rec.content


async def test_the_log_replays_to_the_stored_state(discord_):
    await play_script(discord_, upto="@bob /skye plan first:L03:herald")
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH[1:]))
    state = replay(table.games["skye"], await table.store.log(row.id))
    assert table.games["skye"].rules.encode_state(state) == row.state


async def test_scripted_players_play_skye_from_the_legal_options(discord_):
    """Scripted players choose from the game's legal options (as autocomplete and menus offer them),
    now and then running any command with any plausible options; the game may well end."""
    channel = await open_game(discord_, "#random", "skye", list(USERS), board="standard")
    player = ScriptedPlayer(discord_, channel, list(USERS), random.Random(5), optional=0.5)
    for _ in range(260):
        if await player.step() is None:
            break
    assert all(not m.failures for m in player.moves)
    accepted = {m.command for m in player.moves if m.accepted}
    assert {"skye price", "skye buy", "skye place", "skye plan"} <= accepted, accepted
    table = discord_.bot.table
    row = await table.store.last_game(channel)
    state = replay(table.games["skye"], await table.store.log(row.id))
    assert table.games["skye"].rules.encode_state(state) == row.state
    assert state.round > 1 or state.stage == "over"


async def _state(discord_: OfflineDiscord, user: str):
    seen = await discord_.bot.table.view(discord_.builder.directory.channel_id(CH[1:]),
                                         _user(discord_, user))
    return seen.state


def _user(discord_: OfflineDiscord, name: str):
    from waypost.outcome import User
    return User(discord_.builder.directory.user_id(name), name[1:])


def test_the_command_benchmark_runs_and_prints_its_figures():
    """`python -m benchmarks.skye_command --quick` (its own process: it starts its own bot)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.skye_command", "--quick"], cwd=FULL.parents[2],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "skye command: board-changing, p50" in done.stdout


async def test_help_lists_every_skye_command_and_the_phases(discord_):
    rec = await discord_.run("@alice", CH, "/game help game:skye")
    assert rec.ephemeral and rec.content.startswith("**Isle of Skye with the Journeyman: commands** (page 1 of")
    for name in ("price", "buy", "keep", "place", "road", "plan", "use", "advance", "adjust"):
        assert f"`/skye {name}`" in rec.content, name  # the game's own page first
    rules = await discord_.run("@alice", CH, "!click Next")
    assert "*Pricing* (everyone at once, in secret)" in rules.content
    settings = await discord_.run("@alice", CH, '!click "Isle of Skye with the Journeyman: settings"')
    assert "`board` — which map" in settings.content
    table = await discord_.run("@alice", CH, "!click \"The table's commands\"")
    assert "`/game new`" in table.content


async def test_outsiders_are_refused_every_skye_command(discord_):
    await play_script(discord_, upto="/skye price")
    lines = ("/skye price axe:L52 price1:1 price2:1", "/skye buy tile:pass", "/skye keep", "/skye place tile:L52 "
             "position:1,0", "/skye road edge:\"0,0 e\"", "/skye plan", "/skye use bonus:extra_movement",
             "/skye advance track:none", "/skye adjust what:gold value:3")
    for line in lines:
        rec = await discord_.run("@dora", CH, line)
        assert rec.ephemeral and "You are not playing in this game." in rec.content, (line, rec.content)


async def test_keep_lets_owners_keep_or_discard_unbought_tiles_when_the_table_chooses(discord_):
    lines = script_lines()
    deal = next(i for i, (_u, _c, line) in enumerate(lines) if "name:deal" in line)
    lines.insert(deal + 1, ("@alice", CH, "/game settings name:unbought value:choose"))
    await play_script(discord_, upto="@carl !complete /skye place", lines=lines)
    rec = await discord_.run("@bob", CH, "/game status")
    assert "to keep or discard" in json.dumps(rec.embeds)
    rec = await discord_.run("@bob", CH, "!complete /skye keep discard:")
    assert [c["value"] for c in rec.choices] == ["none", "L03", "L48", "L03 L48"]  # both at once too
    assert rec.choices[2]["name"] == "discard L48 (take back 1 gold)"
    assert rec.choices[3]["name"] == "discard L03 and L48 (take back 4 gold)"
    rec = await discord_.run("@carl", CH, "/skye keep discard:L03")
    assert rec.ephemeral and "'L03' is not one of your unbought tiles (L45, L15)" in rec.content
    rec = await discord_.run("@bob", CH, "/skye keep discard:l48")
    assert not rec.ephemeral and "Blue keeps L03 (paid 3 gold to the bank)." in rec.content
    assert "Blue discards L48 and takes back 1 gold." in rec.content
    rec = await discord_.run("@bob", CH, "/skye keep")
    assert rec.ephemeral and "You have no unbought tiles to keep or discard; waiting for Red and Yellow." in rec.content


async def test_the_host_who_starts_the_game_is_told_what_they_are_asked_but_not_pinged(discord_):
    """Everyone prices in Skye's first round, the host who started it too: the reply says so for
    each player, pinging only the others (the host is reading it)."""
    for user, line in (("@alice", "/game new game:skye"), ("@bob", "/game join"), ("@carl", "/game join")):
        assert (await discord_.run(user, CH, line)).ok
    rec = await discord_.run("@alice", CH, "/game start")
    uid = discord_.builder.directory.user_id
    for user in ("alice", "bob", "carl"):
        assert f"<@{uid(user)}> your turn: axe one drawn tile, price the others." in rec.content
    assert {u for m in rec.messages for u in m.pinged} == {uid("bob"), uid("carl")}


async def test_skye_seals_are_one_line_a_player_and_the_proof_is_behind_verify(discord_):
    """A quiet channel (issue 23 §2): sealed prices are a line a player, edited in place."""
    for line in ("@alice /game new game:skye board:journeyman", "@bob /game join", "@carl /game join",
                 "@alice /game settings name:deal value:133", "@alice /game start"):
        user, text = line.split(" ", 1)
        assert (await discord_.run(user, "#skye", text)).ok
    channel = Channel(discord_, "#skye")
    for line in ("@bob /skye price axe:L62 price1:3 price2:1", "@bob /skye price axe:L62 price1:2 price2:1",
                 "@carl /skye price axe:L06 price1:3 price2:2"):
        user, text = line.split(" ", 1)
        rec = await discord_.run(user, "#skye", text)
        assert rec.ephemeral and rec.ok, rec.content
    assert [m.content for m in channel.posts()] == ["Blue committed. (2 times)", "Yellow committed."]
    assert channel.boards() == []  # nothing on the board changed yet
    rec = await discord_.run("@alice", "#skye", "/skye price axe:J2 price1:4 price2:1")  # the last: all revealed
    reveal = channel.posts()[-1]
    assert reveal.attachments and "Prices revealed" in reveal.content and "Blue: axe on L62; L03 2 gold" in \
        reveal.content
    assert "fingerprint" not in " ".join(m.content for m in channel.posts()) and "salt" not in reveal.content
    assert "Verify" in [c.get("label") for c in iter_components(reveal.components)]


async def test_settings_are_shown_whole_and_an_impossible_one_is_refused_when_set(discord_):
    """Issue 19 §11: Isle of Skye's settings were cut ("… (1 more lines)"), and rounds:2 was
    accepted in the lobby, refused only at /game start."""
    await discord_.run("@alice", "#settings", "/game new game:skye")
    rec = await discord_.run("@alice", "#settings", "/game settings")
    text = "\n".join(m.content for m in rec.messages).replace("\\", "")  # names escaped as markdown
    assert len(rec.messages) > 1 and all(m.ephemeral and len(m.content) <= 2000 for m in rec.messages)
    assert "more lines" not in text
    for name in ("board", "schedule", "rounds", "deal", "deadline_hours", "away_days", "board_images"):
        assert f"• {name} = " in text, name
    rec = await discord_.run("@alice", "#settings", "/game settings name:rounds value:2")
    assert rec.ephemeral and "rounds cannot be 2 here: Schedule classic has no 2-round game" in rec.content
    assert "rounds = 0" in (await discord_.run("@alice", "#settings", "/game settings")).content  # unchanged
    assert (await discord_.run("@alice", "#settings", "/game settings name:rounds value:5")).ok
    await discord_.run("@bob", "#settings", "/game join")
    assert "begins" in (await discord_.run("@alice", "#settings", "/game start")).content


async def test_nobody_is_pinged_for_a_buy_a_decision_holds_and_the_refusal_names_whom_it_waits_for(discord_):
    """Issue 27 (J-T9, ruling 7): Blue buys Red's journeyman tile J4, so Red and Blue are asked
    decisions that block play. Yellow, next to buy, is not pinged, awaited or told it is their turn
    (reply, status, turn card) until both are answered; their buy meanwhile names whom it waits for."""
    await play_script(discord_, upto="@bob /skye buy tile:J4")
    uid = discord_.builder.directory.user_id
    rec = await discord_.run("@bob", CH, "/skye buy tile:J4")
    assert rec.ok and "your turn" not in rec.content
    assert uid("carl") not in {u for m in rec.messages for u in m.pinged}
    status = json.dumps((await discord_.run("@carl", CH, "/game status")).embeds)
    assert "Round 2 of 6: Red and Blue to decide" in status and f"<@{uid('carl')}>" not in status.split("Waiting")[1]
    card = await discord_.run("@carl", CH, '!click "Your turn card"')
    assert "The game is not waiting for you now; it waits for Red and Blue." in card.content
    rec = await discord_.run("@carl", CH, "/skye buy tile:pass")
    assert rec.ephemeral and "Waiting for Red and Blue to decide." in rec.content
    assert (await discord_.run("@alice", CH, "/game choose choice:warrior")).ok
    rec = await discord_.run("@carl", CH, "/skye buy tile:pass")
    assert rec.ephemeral and "Waiting for Blue to decide: You took J4 with the journeyman symbol" in rec.content
    rec = await discord_.run("@bob", CH, "/skye advance track:merchant")
    assert "Yellow cannot buy anything and passes." in rec.content  # their step came, and nothing was open
    assert f"<@{uid('alice')}> your turn: buy a tile from another player, or pass." in rec.content
    assert {u for m in rec.messages for u in m.pinged} == {uid("alice")}


async def test_export_is_refused_while_a_seal_is_live_and_allowed_once_it_is_taken_back(discord_):
    """Issue 27: once Red's sealed price is taken back no seal is hidden, so /game export works at
    once, not only after the next reveal. The file keeps the withdrawn price sealed (neither its
    prices nor its salt readable) and imports here; while a seal is live, export is refused."""
    await play_script(discord_, upto="/skye price")
    hand = [c["value"] for c in (await discord_.run("@alice", CH, "!complete /skye price axe:")).choices]
    sealed = await discord_.run("@alice", CH, f"/skye price axe:{hand[0]} price1:3 price2:2")
    action = (await _last_entry(discord_)).body["action"]
    assert sealed.ephemeral and action["prices"] == [3, 2] and len(action["salt"]) == 16
    rec = await discord_.run("@bob", CH, "/game export")
    told = rec.content + "".join(m.content for m in rec.followups)
    assert not rec.attachments and "Secret plans are hidden right now" in told
    await discord_.run("@alice", CH, "/game undo")
    rec = await discord_.run("@bob", CH, "/game export")
    files = [a.data for m in rec.messages for a in m.attachments]
    assert files, rec.content + "".join(m.content for m in rec.followups)
    text = files[0].decode()
    assert "Red took back a secret move." in text and '"body":{"sealed_action":"sealed:' in text
    assert action["salt"] not in text and '"prices"' not in text and "3 gold" not in text
    rec = await discord_.inject(discord_.builder.command("@bob", "#copy", "game import", {"file": text.encode()}))
    assert rec.ok and "bob imported an Isle of Skye" in "".join(m.content for m in rec.messages)


async def _last_entry(discord_: OfflineDiscord):
    """The latest log entry as stored (what only its author may read before the reveal)."""
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH[1:]))
    (entry,) = await table.store.log_page(row.id, 0, 1)
    return entry
