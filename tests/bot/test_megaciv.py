"""Mega Civilization through the real bot: the two-phase script, every /megaciv command with its
refusals, autocomplete offering legal values, the declaration's confirmation button (also after a
restart), secret drafts, undo, export and import, the log replaying to the stored state."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

from PIL import Image

from front.bot import create_bot
from offline.console import run_console
from offline.harness import OfflineDiscord, Record
from rules.megaciv import GAME
from tests.robust.helpers import filled, leaf_commands
from tests.support.newcomer import OFFLINE, newcomer_env
from tests.support.posts import Channel
from waypost.replay import replay

SCRIPT = Path(__file__).parent.parent / "scripts" / "megaciv_full_phase.txt"
CH = "#delta"
REFUSED = "⛔"


async def test_two_movement_phases_by_post_script(tmp_path, config):
    """Six players: census order, land moves, Roadbuilding, ships built, kept and sailed with tokens
    taken on and put off, a conflict caused and undone, a city attack, a step taken back,
    declarations, the phase-end reports, population expansion between the phases."""
    out = io.StringIO()
    argv = ["--script", str(SCRIPT), "--json", "--images", str(tmp_path / "images")]
    status = await run_console(lambda: create_bot(config), argv, out=out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0, [r for r in rows if r.get("error")]
    runs: dict[str, list[dict]] = {}
    for r in rows:
        runs.setdefault(f"@{r['user']} {r['line']}", []).append(r)
    text = {line: found[0] for line, found in runs.items()}

    def reply(line: str, time: int = 0) -> str:  # a line run more than once: its `time`th run
        row = runs[line][time]
        return "\n".join([row["content"], *(f["content"] for f in row["followups"])])

    assert not [r["line"] for r in rows if r["content"].startswith(REFUSED)]  # every line was accepted
    assert "Census order: Maurya 10, Rome 9, Babylon 7, Carthage 6, Egypt 6, Celt 5" in reply("@alice /megaciv start")
    conflict = "@erin /megaciv move from:Toran to:Oror count:2"
    assert text[conflict]["ephemeral"] and "conflict situation in Oror" in text[conflict]["content"]
    assert [p["content"] for p in text[conflict]["posts"]] == ["Maurya changed their movement draft"]  # its line
    assert "2 tokens Silsab → Ishar → Fava" in reply("@alice /megaciv move from:Silsab to:Fava count:2")
    assert "took back: 1 token Silsab → Zuephul" in reply("@alice /megaciv takeback")
    assert "ship 1 Ishar +2 → Corma −2" in reply("@alice /megaciv sail ship:1 route:Corma take:2")
    assert "Bomaga +3 → Zute −1 → Halyar −2" in reply('@bob /megaciv sail ship:1 route:"Zute-1 Halyar" take:3')
    confirm = text["@erin /megaciv declare"]
    assert confirm["ephemeral"] and "Declare" in json.dumps(confirm["components"])
    declared = text["@erin !click Declare"]
    public = [f for f in declared["followups"] if not f["ephemeral"]]
    assert "Maurya declared their movement ended (2 steps); Rome moves next" in public[0]["content"]
    assert public[0]["files"]
    assert "conflict situation exists here" in reply("@carl /megaciv area name:oror")
    end = reply("@carl /megaciv declare confirm:true")
    assert "The Movement phase of turn 1 is over: 0 conflict situations" in end  # Celt left Oror
    assert "Rome expanded: +2 Silsab" in reply("@alice /megaciv expand")
    assert "Conflict situation in Oror (limit 4): Celt 2, Maurya 4" in reply("@dora /megaciv report")
    assert "Turn 2: the Movement phase begins; Rome moves first" in reply("@alice /megaciv start", 1)
    assert "will sink" in text["@bob /megaciv declare"]["content"]
    assert "Rome declared their movement ended (3 steps)" in reply("@alice /megaciv declare confirm:true")
    last = reply("@carl /megaciv declare confirm:true", 1)
    assert "Maurya attacks with 7, needs 7: can succeed" in last
    assert "Rome may build a city in Silsab: 6 tokens (city site, 6 needed)" in last
    assert "ship 1 destroyed (not maintained)" in reply("@bob !click Declare")
    assert "The Movement phase of turn 2 is over: 2 conflict situations, 1 area where a city could be built" in last
    images = sorted((tmp_path / "images").glob("*.png"))
    assert len(images) >= 40


def test_python_m_offline_script_plays_both_phases(tmp_path):
    """`python -m offline --script` as a newcomer runs it: exit 0, replies printed, images saved."""
    done = subprocess.run([*OFFLINE, "--script", str(SCRIPT), "--images", str(tmp_path / "img")], cwd=tmp_path,
                          env=newcomer_env(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Maurya attacks with 7, needs 7: can succeed" in done.stdout
    assert len(list((tmp_path / "img").glob("*.png"))) >= 40


# --- a game in its first Movement phase ------------------------------------------------------------

SETUP = (
    "@alice /megaciv adjust what:tokens area:Silsab value:6",
    "@alice /megaciv adjust what:tokens area:Ishar value:3",
    "@alice /megaciv adjust what:treasury value:5",
    "@alice /megaciv adjust what:advance advance:Roadbuilding value:1",
    "@bob /megaciv adjust what:tokens area:Bomaga value:5",
    "@bob /megaciv adjust what:tokens area:Torim value:2",
    "@bob /megaciv adjust what:treasury value:3",
    "@carl /megaciv adjust what:tokens area:Oror value:4",
    "@carl /megaciv adjust what:city area:Sabbel value:1",
)


async def play(discord_: OfflineDiscord, *lines: str, channel: str = CH) -> Record:
    rec = None
    for line in lines:
        user, text = line.split(" ", 1)
        rec = await discord_.run(user, channel, text)
        assert rec.ok and not rec.content.startswith(REFUSED), (line, rec.content, rec.failures)
    assert rec is not None
    return rec


async def opened(discord_: OfflineDiscord, channel: str = CH, **settings: str) -> None:
    """Three players on Pelagos (Rome, Babylon, Celt), set up, between phases."""
    await play(discord_, "@alice /game new game:megaciv board:pelagos", "@bob /game join", "@carl /game join",
               *(f"@alice /game settings name:{k} value:{v}" for k, v in settings.items()), "@alice /game start",
               *SETUP, channel=channel)


async def moving(discord_: OfflineDiscord, channel: str = CH, **settings: str) -> None:
    """…and the first Movement phase started: Rome 9, Babylon 7, Celt 4; Rome moves."""
    await opened(discord_, channel, **settings)
    rec = await play(discord_, "@alice /megaciv start", channel=channel)
    assert "Census order: Rome 9, Babylon 7, Celt 4" in rec.content


async def test_each_player_is_told_their_civilization_and_start_at_join_start_and_status(discord_):
    """Issue 19.14: players were told only their colour, while the game names civilizations."""
    opened_ = await play(discord_, "@alice /game new game:megaciv board:pelagos")
    assert "sits as red — Rome, starting in Silsab" in opened_.content
    joined = await play(discord_, "@bob /game join")
    assert "bob joined as blue — Babylon, starting in Bomaga (2 seated)." in joined.content
    started = await play(discord_, "@alice /game start")
    assert "begins with alice (red — Rome, starting in Silsab), bob (blue — Babylon, starting in Bomaga)." \
        in started.content
    status = json.dumps((await discord_.run("@bob", CH, "/game status")).embeds, ensure_ascii=False)
    assert "red — Rome, starting in Silsab" in status and "blue — Babylon, starting in Bomaga" in status


async def complete(discord_: OfflineDiscord, user: str, line: str) -> list[dict]:
    rec = await discord_.run(user, CH, f"!complete {line}")
    assert rec.ok, rec.failures
    return rec.choices or []


async def test_autocomplete_offers_what_the_rules_allow(discord_):
    await moving(discord_)
    assert {c["value"] for c in await complete(discord_, "@alice", "/megaciv move from:")} == {"Silsab", "Ishar"}
    targets = {c["value"]: c["name"] for c in await complete(discord_, "@alice", "/megaciv move from:silsab to:")}
    assert targets["Osnar"] == "Osnar — up to 6 tokens"
    assert targets["Fava"] == "Fava — up to 6 tokens (2 steps, via Ishar)"  # Roadbuilding
    assert "Silsab" not in targets
    assert {c["value"] for c in await complete(discord_, "@alice", "/megaciv move from:Silsab to:Fava via:")} == \
        {"Ishar", "Osnar"}
    offered = await complete(discord_, "@alice", "/megaciv move from:Silsab to:Osnar count:")
    assert [c["value"] for c in offered] == [6, 5, 4, 3, 2, 1] and offered[0]["name"] == "6 tokens (all that may go)"
    assert await complete(discord_, "@bob", "/megaciv move from:Bomaga to:Nistar via:") == []  # no Roadbuilding
    assert {c["value"] for c in await complete(discord_, "@alice", "/megaciv build area:")} == {"Silsab", "Ishar"}
    # names typed in any case, at most 25, the player's own surroundings first
    names = [c["value"] for c in await complete(discord_, "@alice", "/megaciv area name:")]
    assert len(names) == 25 and names[0] in {"Silsab", "Ishar", "Osnar", "Zuephul", "Fava", "Corma", "Lamtel",
                                             "Halyar", "Torim", "Vaga-Sea"}
    assert [c["value"] for c in await complete(discord_, "@alice", "/megaciv area name:SILS")] == ["Silsab"]
    assert [c["value"] for c in await complete(discord_, "@alice", "/megaciv area name:vaga sea")] == ["Vaga-Sea"]
    # ships: none yet; after building one, it sails with its reachable areas offered
    assert await complete(discord_, "@alice", "/megaciv sail ship:") == []
    await play(discord_, "@alice /megaciv build area:Ishar")
    assert [c["value"] for c in await complete(discord_, "@alice", "/megaciv sail ship:")] == [1]
    routes = {c["value"] for c in await complete(discord_, "@alice", "/megaciv sail ship:1 route:")}
    assert {"Corma", "Fava", "Silsab", "Corma Halyar"} <= routes and len(routes) <= 25
    going_on = [c["value"] for c in await complete(discord_, "@alice", '/megaciv sail ship:1 route:"corma "')]
    assert going_on[0].startswith("corma ") and "corma Halyar" in going_on  # step by step from what is typed
    assert await complete(discord_, "@alice", "/megaciv maintain ship:") == []  # built this turn: no upkeep
    steps = await complete(discord_, "@alice", "/megaciv takeback steps:")
    assert [c["value"] for c in steps] == [1] and "ship 1 in Ishar" in steps[0]["name"]
    advances = {c["value"] for c in await complete(discord_, "@alice", "/megaciv adjust what:advance advance:")}
    assert {"Astronavigation", "Roadbuilding", "Military"} <= advances
    focus = {c["value"] for c in await complete(discord_, "@alice", "/game board focus:")}
    assert {"Northeast", "around Rome", "around Babylon", "around Celt"} <= focus
    # an onlooker, and a player whose pieces cannot move, are offered nothing to move
    assert await complete(discord_, "@dave", "/megaciv move from:") == []
    # every offered value is accepted
    first = (await complete(discord_, "@alice", "/megaciv move from:Silsab to:"))[0]["value"]
    rec = await play(discord_, f"@alice /megaciv move from:Silsab to:{first}")
    assert rec.ephemeral and rec.content.startswith("Rome moved 1 token Silsab →") and rec.content.endswith(first)


async def test_expansion_lists_areas_when_the_stock_is_short(discord_):
    await opened(discord_)
    await play(discord_, "@alice /megaciv adjust what:treasury value:44")  # stock 55 - 9 - 44 = 2
    offered = [c["value"] for c in await complete(discord_, "@alice", "/megaciv expand areas:")]
    assert set(offered) == {"Silsab", "Ishar"}
    offered = [c["value"] for c in await complete(discord_, "@alice", "/megaciv expand areas:Silsab, ")]
    assert offered == []  # Silsab's +2 uses the whole stock
    rec = await discord_.run("@alice", CH, "/megaciv expand")
    assert rec.content.startswith(REFUSED) and "list the areas to grow" in rec.content
    rec = await play(discord_, "@alice /megaciv expand areas:silsab")
    assert "Rome expanded: +2 Silsab (stock 2 → 0" in rec.content


async def test_every_refusal_says_why_privately_and_changes_nothing(discord_):
    await moving(discord_)
    table = discord_.bot.table
    channel = discord_.builder.directory.channel_id(CH)
    before = (await table.store.open_game(channel)).state
    cases = {
        ("@alice", "/megaciv move from:Silsab to:Lamtel"): "Lamtel is not next to Silsab by land",
        ("@alice", "/megaciv move from:Silsab to:Osnar count:7"): "You have 6 of 6 tokens in Silsab",
        ("@alice", "/megaciv move from:Silzab to:Osnar"): "There is no area 'Silzab' on Pelagos. Did you mean Silsab?",
        ("@alice", "/megaciv move from:Osnar to:Silsab"): "You have no tokens in Osnar",
        ("@alice", "/megaciv build area:Osnar"): "Osnar is not coastal",
        ("@alice", "/megaciv build area:Corma"): "You need at least one token in Corma",
        ("@alice", "/megaciv build area:Ishar pay:tokens tokens_from:Silsab, Silsab"): "must come from its area",
        ("@alice", "/megaciv maintain ship:2"): "Your ship 2 is in stock",
        ("@alice", "/megaciv scrap ship:1"): "Your ship 1 is in stock",
        ("@alice", "/megaciv sail ship:1 route:Corma"): "Your ship 1 is in stock",
        ("@alice", "/megaciv takeback"): "Your draft has no steps to take back",
        ("@alice", "/megaciv insist"): "You cannot insist on moving in order now",
        ("@alice", "/megaciv expand"): "You cannot expand your population now",
        ("@alice", "/megaciv start"): "The Movement phase of turn 1 is under way",
        ("@alice", "/megaciv adjust what:tokens value:3"): "Adjusting tokens needs the area option",
        ("@alice", "/megaciv adjust what:city area:Osnar"): "For city, give value 1 to add or 0 to remove",
        ("@alice", "/megaciv adjust what:advance advance:Teleport value:1"): "There is no movement advance 'Teleport'",
        ("@bob", "/megaciv takeback"): "It is Rome's turn",  # a move or declaration is prepared (issue 30)
        ("@bob", "/megaciv adjust what:tokens player:@alice area:Silsab value:1"): "Only the host may adjust another",
        ("@bob", "/megaciv adjust what:barbarians area:Osnar value:2"): "Only the host may place barbarians",
        ("@dave", "/megaciv move from:Silsab to:Osnar"): "You are not playing in this game",
        ("@dave", "/megaciv declare"): "You are not playing in this game",
        ("@alice", "/megaciv area name:Atlantis"): "There is no area 'Atlantis' on Pelagos",
        ("@alice", "/game choose choice:x"): "Mega Civilization asks no questions to answer",
        ("@alice", "/game board focus:Atlantis"): "The board cannot be narrowed to 'Atlantis'",
    }
    for (user, line), message in cases.items():
        rec = await discord_.run(user, CH, line)
        assert rec.ephemeral and rec.content.startswith(REFUSED) and message in rec.content, (line, rec.content)
        assert (await table.store.open_game(channel)).state == before, line
    # a refused command in a channel holding no game
    rec = await discord_.run("@alice", "#elsewhere", "/megaciv report")
    assert rec.content.startswith(REFUSED) and "There is no game in this channel" in rec.content


async def test_adjusting_tokens_waits_for_the_draft(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2")
    rec = await discord_.run("@alice", CH, "/megaciv adjust what:tokens area:Silsab value:3")
    assert rec.content.startswith(REFUSED) and "is drafting their movement" in rec.content
    rec = await play(discord_, "@alice /megaciv adjust what:barbarians area:Halda value:3")  # the host's, any time
    assert "barbarians in Halda 0 → 3" in rec.content


async def test_declaring_asks_to_confirm_with_a_button_that_survives_a_restart(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2")
    rec = await play(discord_, "@alice /megaciv declare")
    assert rec.ephemeral and "It is final: your 1 step cannot be taken back" in rec.content
    (button,) = [c for row in rec.components for c in row.get("components", [])]
    assert button["label"] == "Declare" and button["custom_id"].startswith("megaciv:declare:")
    await discord_.restart()
    rec = await discord_.click("@alice", CH, None, button["custom_id"])
    public = [m for m in rec.followups if not m.ephemeral]
    assert "Rome declared their movement ended (1 step); Babylon moves next" in public[0].content
    assert public[0].attachments and f"<@{discord_.builder.directory.user_id('bob')}>" in public[0].content
    assert rec.original is not None and rec.original.content == "Declared." and not rec.original.components


async def test_the_declare_button_answers_like_the_command_direct_messages_included(discord_):
    """The button's declaration goes through the same reply plan as every command: the next
    player, who chose direct messages, is told there and named, not pinged, in the channel."""
    await moving(discord_)
    await play(discord_, "@bob /game notify turn:true hits:false")
    rec = await play(discord_, "@alice /megaciv declare")
    rec = await discord_.click("@alice", CH, None, rec.components[0]["components"][0]["custom_id"])
    (public,) = [m for m in rec.followups if not m.ephemeral]
    assert "Babylon moves next" in public.content
    bob = discord_.builder.directory.user_id("bob")
    assert f"<@{bob}>" in public.content and bob not in public.pinged
    (told,) = discord_.standin.direct_messages("@bob")
    assert "It is your move now, after: Rome declared their movement ended" in told.content


async def test_only_the_asker_confirms_and_an_old_confirmation_expires(discord_):
    await moving(discord_)
    rec = await play(discord_, "@alice /megaciv declare")
    custom_id = rec.components[0]["components"][0]["custom_id"]
    stranger = await discord_.click("@bob", CH, rec.original, custom_id, checks=False)  # a client would not show it
    assert stranger.ephemeral and "Only the player who asked" in stranger.content
    await play(discord_, "@alice /megaciv declare confirm:true", "@bob /megaciv declare confirm:true",
               "@carl /megaciv declare confirm:true", "@alice /megaciv start")
    old = await discord_.click("@alice", CH, None, custom_id)  # asked in turn 1; it is turn 2 now
    assert "expired" in old.content
    status = await discord_.run("@alice", CH, "/game status")
    assert "Turn 2: Rome moving" in json.dumps(status.embeds)


async def test_a_strict_order_draft_reaches_nobody_else_before_it_is_declared(discord_):
    await moving(discord_)
    others = ("@bob", "@dave")  # another seat, an onlooker

    async def board(user: str) -> bytes:
        return (await discord_.run(user, CH, "/game board")).attachments[0].data

    before = {u: await board(u) for u in others}
    rec = await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2")
    assert rec.ephemeral and [m.content for m in rec.messages if not m.ephemeral] == \
        ["Rome changed their movement draft"]
    mine = await discord_.run("@alice", CH, "/megaciv area name:Osnar")
    assert "Rome 2" in mine.content
    secret = "Silsab → Osnar"
    channel = discord_.builder.directory.channel_id(CH)
    for user in others:
        assert await board(user) == before[user], user
        info = await discord_.run(user, CH, "/megaciv area name:Osnar")
        assert "Tokens: none" in info.content, (user, info.content)
        seen = []
        for command in leaf_commands(discord_.bot.tree):
            for param in command.parameters:
                if param.autocomplete:
                    got = await discord_.autocomplete(user, channel, command.qualified_name,
                                                      {param.display_name: ""}, param.display_name)
                    seen += [f"{c['name']} {c['value']}" for c in got.choices or []]
            if command.qualified_name in ("game import", "game end", "game leave", "game new"):
                continue
            options = await filled(discord_, user, channel, command)
            got = await discord_.command(user, channel, command.qualified_name, options)
            seen += [m.content + json.dumps(m.embeds) for m in got.messages]
            seen += [a.data.decode("utf-8", "replace") for m in got.messages for a in m.attachments
                     if not a.filename.endswith(".png")]
        assert not [t for t in seen if secret in t], user
    export = await discord_.run("@bob", CH, "/game export")
    assert "Secret plans are hidden" in export.content
    # declared: now everyone sees it
    await play(discord_, "@alice /megaciv declare confirm:true")
    log = await discord_.run("@dave", CH, "/game log")
    assert "Rome moved 2 tokens Silsab → Osnar" in log.content
    assert await board("@dave") != before["@dave"]


async def test_undo_takes_back_a_draft_step_privately_but_never_a_declaration(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2")
    rec = await play(discord_, "@alice /game undo")
    assert rec.ephemeral and "took back their last action" in rec.content
    assert "Tokens: Rome 6" in (await discord_.run("@alice", CH, "/megaciv area name:Silsab")).content
    await play(discord_, "@alice /megaciv declare confirm:true")
    rec = await discord_.run("@alice", CH, "/game undo")
    assert rec.content.startswith(REFUSED) and "cannot be taken back" in rec.content


async def test_a_draft_survives_a_restart(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2")
    await discord_.restart()
    steps = await complete(discord_, "@alice", "/megaciv takeback steps:")
    assert [c["value"] for c in steps] == [1] and "Silsab → Osnar" in steps[0]["name"]
    rec = await play(discord_, "@alice /game board private:true")
    assert rec.ephemeral and rec.attachments


async def test_simultaneous_movement_shows_drafts_and_anyone_may_insist(discord_):
    await moving(discord_, simultaneous="true")
    rec = await play(discord_, "@bob /megaciv move from:Bomaga to:Nistar count:2")
    assert not rec.ephemeral and "Babylon moved 2 tokens Bomaga → Nistar" in rec.content
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar")
    rec = await play(discord_, "@carl /megaciv insist")
    assert "Celt insists on census order" in rec.content and "Rome moves now" in rec.content
    rec = await discord_.run("@bob", CH, "/megaciv move from:Bomaga to:Torim")
    assert rec.ephemeral and rec.content.startswith("Prepared: Babylon moved")  # in order again: Babylon prepares


async def test_the_board_narrows_to_a_region_or_a_players_surroundings(discord_):
    await moving(discord_)
    posted = Image.open(io.BytesIO((await play(discord_, "@dave /game board")).attachments[0].data))
    whole = Image.open(io.BytesIO((await play(discord_, "@dave /game board full:true")).attachments[0].data))
    region = Image.open(io.BytesIO((await play(discord_, "@dave /game board focus:northeast")).attachments[0].data))
    around = await play(discord_, '@dave /game board focus:"around Rome"')
    assert posted.width == 1100 and whole.width == 1400 and region.width == 1000
    assert Image.open(io.BytesIO(around.attachments[0].data)).width == 1000


async def test_export_and_import_round_trip(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2", "@alice /megaciv declare confirm:true")
    data = (await play(discord_, "@bob /game export")).attachments[0].data
    rec = await discord_.command("@dave", "#copy", "game import", {"file": ("game.json", data)})
    assert rec.content.startswith(REFUSED)  # only a player seated in the file imports it
    rec = await discord_.command("@carl", "#copy", "game import", {"file": ("game.json", data)})
    assert not rec.content.startswith(REFUSED), rec.content
    table = discord_.bot.table
    original = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    copy = await table.store.open_game(discord_.builder.directory.channel_id("#copy"))
    assert copy.state == original.state
    rec = await discord_.run("@bob", "#copy", "/megaciv move from:Bomaga to:Nistar count:2")
    assert rec.ok and "Babylon moved 2 tokens Bomaga → Nistar" in rec.content


async def test_log_replays_to_the_stored_state(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv move from:Silsab to:Fava count:2", "@alice /megaciv build area:Ishar",
               "@alice /megaciv sail ship:1 route:Corma take:1", "@alice /megaciv takeback",
               "@alice /megaciv declare confirm:true", "@bob /megaciv declare confirm:true",
               "@carl /megaciv declare confirm:true", "@alice /megaciv expand")
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    state = replay(table.games["megaciv"], await table.store.log(row.id))
    assert GAME.encode_state(state) == row.state


async def test_a_stored_state_names_its_board_and_opens_after_the_board_file_changed(discord_, monkeypatch):
    """The stored state names its board instead of holding it; a bot that has not loaded a board
    with that digest (the file changed since the game started) opens the game with the board it
    started on, from its log's start entry."""
    from rules.megaciv import codec

    await moving(discord_)
    table = discord_.bot.table
    row = await table.store.open_game(discord_.builder.directory.channel_id(CH))
    assert set(row.state["board"]) == {"name", "sha256"} and len(json.dumps(row.state)) < 10_000
    monkeypatch.setattr(codec, "_BY_DIGEST", {})  # as in a process that never loaded this board
    await discord_.restart()
    rec = await discord_.run("@alice", CH, "/game status")
    assert rec.ok and "Rome" in rec.original.text(), rec.failures
    await play(discord_, "@alice /megaciv move from:Silsab to:Fava count:2")


async def test_scripted_players_play_a_movement_phase_through_autocomplete(discord_):
    """Players who only pick what autocomplete offers move, build, sail and declare, and nothing crashes."""
    import random

    from offline.players import ScriptedPlayer

    users = ["@alice", "@bob", "@carl"]
    await opened(discord_)
    await play(discord_, "@alice /megaciv start")
    player = ScriptedPlayer(discord_, CH, users, random.Random(5), optional=0.5)
    for _ in range(150):
        if await player.step() is None:
            break
    accepted = [m for m in player.moves if m.accepted]
    assert not [m for m in player.moves if m.failures]
    assert {m.command for m in accepted} >= {"megaciv move", "megaciv declare"}, [m.line for m in player.moves]
    status = await discord_.run("@alice", CH, "/game status")
    assert "Turn 2" in json.dumps(status.embeds) or "declared" in " ".join(m.reply for m in accepted)


async def test_ships_are_kept_scrapped_and_built_again_across_turns(discord_):
    await moving(discord_)
    await play(discord_, "@alice /megaciv build area:Ishar", "@alice /megaciv sail ship:1 route:Corma take:2",
               "@alice /megaciv declare confirm:true", "@bob /megaciv declare confirm:true",
               "@carl /megaciv declare confirm:true")
    rec = await play(discord_, "@alice /megaciv adjust what:ship ship:2 area:lamtel")
    assert "ship 2: in stock → at Lamtel" in rec.content
    await play(discord_, "@alice /megaciv adjust what:pirate area:Halda value:1",
               "@alice /megaciv adjust what:out_of_play area:Umon value:1", "@alice /megaciv start")
    assert [c["value"] for c in await complete(discord_, "@alice", "/megaciv maintain ship:")] == [1, 2]
    assert [c["value"] for c in await complete(discord_, "@alice", "/megaciv scrap ship:")] == [1, 2]
    rec = await play(discord_, "@alice /megaciv maintain ship:1 pay:token area:Corma")
    assert "maintained ship 1 at Corma, paying a token from Corma" in rec.content
    rec = await discord_.run("@alice", CH, "/megaciv scrap ship:1")
    assert rec.content.startswith(REFUSED) and "was maintained this turn" in rec.content
    await play(discord_, "@alice /megaciv takeback")
    rec = await play(discord_, "@alice /megaciv scrap ship:1")
    assert "scrapped ship 1 at Corma, back to stock" in rec.content
    rec = await play(discord_, "@alice /megaciv build area:Corma pay:tokens")
    assert "built ship 1 in Corma, paying 2 tokens from Corma" in rec.content
    confirm = await play(discord_, "@alice /megaciv declare")
    assert "Ship 2 (not maintained this turn) will sink" in confirm.content
    rec = await play(discord_, "@alice /megaciv declare confirm:true")
    assert "ship 2 destroyed (not maintained)" in rec.content
    rec = await play(discord_, "@bob /megaciv move from:Torim to:Ishkes")
    assert rec.ephemeral
    info = await discord_.run("@bob", CH, "/megaciv area name:Umon")
    assert "Out of play." in info.content


async def test_a_phase_that_waits_for_nobody_says_what_it_asks(discord_):
    """Mega Civilization opens between Movement phases, where nobody is awaited but everyone may
    act: the start says what that phase asks, and a turn card says the game waits for nobody and
    what the phase asks, rather than only that it does not wait for you."""
    for user, line in (("@alice", "/game new game:megaciv"), ("@bob", "/game join"), ("@carl", "/game join")):
        assert (await discord_.run(user, CH, line)).ok
    rec = await discord_.run("@alice", CH, "/game start")
    assert "Now the table's phases: Between Movement phases" in rec.content
    assert "expand your population once a turn; the host starts the next Movement phase." in rec.content
    card = await discord_.run("@bob", CH, '!click "Your turn card"')
    assert card.ephemeral and "The game waits for nobody now. The table's phases: Between Movement phases" in \
        card.content
    await discord_.run("@alice", CH, "/megaciv start")
    card = await discord_.run("@bob", CH, '!click "Your turn card"')
    waits = "The game waits for you" in card.content or "The game is not waiting for you now; it waits for " in \
        card.content
    assert waits, card.content


async def focused(discord_, user: str, focus: str) -> bytes:
    rec = await play(discord_, f'{user} /game board focus:"{focus}"')
    return rec.attachments[0].data


async def test_mega_civilization_takes_a_colour_a_name_or_a_civilization(discord_):
    """`/game board focus:` by colour, player or civilization besides "around Rome" (issue 23 §5)."""
    await play(discord_, "@alice /game new game:megaciv board:pelagos", "@bob /game join", "@carl /game join",
               "@alice /game start", *SETUP)
    around = await focused(discord_, "@bob", "around Rome")
    for said in ("red", "RED", "alice", "Rome", "around rome"):
        assert await focused(discord_, "@bob", said) == around, said
    assert await focused(discord_, "@bob", "Northeast") != around  # a region is still a region
    assert await focused(discord_, "@bob", "blue") == await focused(discord_, "@bob", "around Babylon")
    refused = await discord_.run("@bob", CH, "/game board focus:purple")
    assert refused.ephemeral and "cannot be narrowed to 'purple'" in refused.content
    assert "around Rome" in refused.content  # the choices
    for typed in ("red", "alice", "rome"):
        offered = await complete(discord_, "@bob", f"/game board focus:{typed}")
        assert [c["value"] for c in offered] == ["around Rome"], typed
        assert "red" in offered[0]["name"] and "alice" in offered[0]["name"]


async def quiet_or_loud(discord_: OfflineDiscord, chatter: str) -> Channel:
    await play(discord_, "@alice /game new game:megaciv board:pelagos", "@bob /game join", "@carl /game join",
               f"@alice /game settings name:chatter value:{chatter}", "@alice /game start", *SETUP,
               "@alice /megaciv start")
    return Channel(discord_, "#delta")


async def test_a_mega_civilization_draft_is_one_line_edited_in_place_and_its_declaration_one_board(discord_):
    """A quiet channel (issue 23 §2): a player's draft is one line, edited in place; a declaration one board."""
    channel = await quiet_or_loud(discord_, "quiet")
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2", "@alice /megaciv move from:Silsab "
               "to:Fava count:2", "@alice /megaciv takeback", "@alice /megaciv build area:Ishar")
    assert [m.content for m in channel.posts()] == ["Rome changed their movement draft (4 times)"]  # one line
    await play(discord_, "@alice /megaciv declare confirm:true")
    assert len(channel.boards()) == 1 and "Rome declared their movement ended" in channel.boards()[0].content
    await play(discord_, "@bob /megaciv move from:Bomaga to:Nistar count:2", "@bob /megaciv takeback")
    lines = [m.content for m in channel.posts() if not m.attachments]
    assert lines == ["Rome changed their movement draft (4 times)", "Babylon changed their movement draft (2 times)"]


async def test_loud_posts_every_line_of_a_draft(discord_):
    channel = await quiet_or_loud(discord_, "loud")
    await play(discord_, "@alice /megaciv move from:Silsab to:Osnar count:2", "@alice /megaciv takeback")
    assert [m.content for m in channel.posts()] == ["Rome changed their movement draft"] * 2
