"""Hostile files through `/game import`, starting from a real export of a Vikings game in play.

Each is refused privately with a reason naming what is wrong, and nothing is created in the
channel. A file that is accepted must leave a game every command can show and export again.
"""

from __future__ import annotations

import copy
import gzip
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.robust.helpers import PLAYERS, REFUSAL, reply_problems
from waypost.transfer import MAX_BYTES

IMPORTER = PLAYERS[0]  # only a player seated in a game may import it
LOOKS = ("/game status", "/game log", "/game log page:2", "/game board")


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def start(d: dict) -> dict:
    return next(e for e in d["log"] if e["kind"] == "start")


def everywhere(d: dict, change: Callable[[dict], None]) -> None:
    """Apply a change to the top level, the start entry's body and the state alike (consistently)."""
    for where in (d, start(d)["body"], d["state"]):
        change(where)


def seats(change: Callable[[list], None]) -> Callable[[dict], None]:
    return lambda d: everywhere(d, lambda where: change(where["seats"]))


def last_action(d: dict) -> dict:
    return next(e for e in reversed(d["log"]) if e["kind"] == "action")


def sail(d: dict) -> dict:
    return next(e for e in d["log"] if e["kind"] == "action" and e["body"]["action"]["kind"] == "sail")


def entry(d: dict, **fields: Any) -> dict:
    """A new log entry after the last."""
    return {**d["log"][-1], "seq": len(d["log"]) + 1, "kind": "lobby", "body": {}, "secret": False,
            "reveals": False, "undoable": False, "undoes": None, **fields}


def renumbered(d: dict) -> None:
    for i, e in enumerate(d["log"], start=1):
        e["seq"] = i


def without_start(d: dict) -> None:
    d["log"].remove(start(d))
    renumbered(d)


def add_edge(board: dict) -> None:
    board["edges"].append(["A1", "F17"])


def inserted(d: dict, index: int, e: dict) -> None:
    """`e` put at `index` of the log, every entry numbered again."""
    d["log"].insert(index, e)
    renumbered(d)


def settings_in_play(d: dict, user: int, **values: Any) -> None:
    """A settings entry by `user` right after the start."""
    inserted(d, d["log"].index(start(d)) + 1, entry(d, kind="settings", body=values, user_id=user))


def by_the_deadline(d: dict, kind: str) -> None:
    """The last `kind` action said to be played by the deadline."""
    next(e for e in reversed(d["log"]) if e["kind"] == "action" and e["body"]["action"]["kind"] == kind)["body"][
        "by"] = "By the deadline"


def deadlines(d: dict) -> None:
    """The host gives the table a deadline that plays default moves, right after the start."""
    settings_in_play(d, d["seats"][0]["player_id"], deadline_hours=24, deadline_action="default")


def substitute_by_bob(d: dict) -> None:
    dave = {"player_id": 4242, "name": "dave", "colour": d["seats"][2]["colour"]}
    d["log"].append(entry(d, kind="seat", body={"seat": 2, "player_id": 4242, "name": "dave"},
                          user_id=d["seats"][1]["player_id"]))
    d["seats"][2] = d["state"]["seats"][2] = dave


def longer_than_a_game(d: dict) -> None:
    d["log"].extend([entry(d, seq=len(d["log"]) + 1 + i) for i in range(3100)])


Change = Callable[[dict], Any]  # mutates the parsed export, or returns the file's bytes
CASES: dict[str, tuple[Change, str]] = {
    "over the size limit": (lambda d: json.dumps(d).encode() + b" " * MAX_BYTES, f"at most {MAX_BYTES // 1024} KB"),
    "not UTF-8": (lambda d: b"\xff\xfe{}", "not text"),
    "a key twice": (lambda d: json.dumps(d).encode().replace(b'"format"', b'"version": 1, "format"', 1),
                    "the key 'version' twice"),
    "NaN": (lambda d: json.dumps(d).encode().replace(b'"version": 1', b'"version": NaN', 1), "NaN"),
    "Infinity": (lambda d: d["state"]["players"][0].update(food=float("inf")), "Infinity"),
    "a fury of 10^4200": (lambda d: json.dumps(d).encode().replace(b'"fury": {"Odin": 0', b'"fury": {"Odin": 1'
                                                                   + b"0" * 4200, 1), "more than 40 digits"),
    "a 5000-digit number": (lambda d: json.dumps(d).encode().replace(b'"version": 1', b'"version": 1'
                                                                      + b"7" * 5000, 1), "more than 40 digits"),
    "a huge float": (lambda d: json.dumps(d).encode().replace(b'"version": 1', b'"version": 1e999', 1),
                     "out of range"),
    "a lone surrogate": (lambda d: json.dumps(d).encode().replace(b'"name": "alice"', b'"name": "al\\ud800ce"', 1),
                         "lone surrogate"),
    "a gzip bomb": (lambda d: gzip.compress(b"[" + b" " * (80 * 2**20) + b"]"), "unpacks to more than"),
    "broken gzip": (lambda d: b"\x1f\x8b" + b"\x00" * 40, "not a valid gzip file"),
    "not JSON": (lambda d: b'{"format": ', "not valid JSON (line 1"),
    "nested 100 000 deep": (lambda d: b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "nested 500 deep in a log entry": (lambda d: d["log"][0]["body"].update(x=nested(500)), "nested too deeply"),
    "a list, not an object": (lambda d: b"[]", "expected an object"),
    "another format": (lambda d: d.update(format="waypost-save"), "format: expected 'waypost-game'"),
    "version 2": (lambda d: d.update(version=2), "version: this Waypost reads version 1"),
    "unknown game": (lambda d: d.update(game="chess"), "game: unknown game 'chess'"),
    "unknown field at the top": (lambda d: d.update(extra=1), "unknown field 'extra'"),
    "unknown field in a log entry": (lambda d: d["log"][3].update(mood="x"), "log[3]: unknown field 'mood'"),
    "unknown field in the state": (lambda d: d["state"].update(cheat=1), "state: unknown field 'cheat'"),
    "unknown field in the start entry": (lambda d: start(d)["body"].update(extra=1), "unknown field 'extra'"),
    "wrong type at the top": (lambda d: d.update(seed="4242"), "file.seed: expected a whole number"),
    "wrong type in the state": (lambda d: d["state"]["players"][0].update(wood="2"), "wood: expected a whole number"),
    "wrong type in an action": (lambda d: sail(d)["body"]["action"].update(route="F4"), "route: expected a list"),
    "entries out of order": (lambda d: d["log"].reverse(), "log[0].seq: expected 1"),
    "seed out of range": (lambda d: everywhere(d, lambda w: w.update(seed=2**64)), "seed:"),
    "user id out of range": (lambda d: d["log"][-1].update(user_id=2**70), "log[16].user_id"),
    "negative player id": (seats(lambda s: s[0].update(player_id=-5)), "seats[0].player_id"),
    "a boat on an island": (lambda d: d["state"]["players"][1]["boats"].update({"1": "B"}),
                            "state.players[1].boats.1: 'B' is not a dock or fjord"),
    "negative resources": (lambda d: d["state"]["players"][0].update(food=-1), "state.players[0].food: -1"),
    "a log that does not replay to the state": (lambda d: d["log"].pop(), "state: it is not what the log produces"),
    "an action the rules refuse": (lambda d: sail(d)["body"]["action"].update(route=["F9"]),
                                   "the rules refuse this action (an illegal move): "),
    "a seat twice": (seats(lambda s: s.__setitem__(1, dict(s[0]))), "seats: a player sits twice"),
    "a colour twice": (seats(lambda s: s[1].update(colour=s[0]["colour"])), "seats: two players have the same"),
    "an unknown colour": (seats(lambda s: s[1].update(colour="mauve")), "seats[1].colour: 'mauve'"),
    "too many players": (seats(lambda s: s.extend(dict(s[0], player_id=i) for i in range(2, 6))), "seats:"),
    "an undo of nothing": (lambda d: d["log"].append(entry(d, kind="undo", undoes=999)), "log[17].undoes"),
    "an undo of a lobby entry": (lambda d: d["log"].append(entry(d, kind="undo", undoes=1)), "log[17].undoes"),
    "an undo twice": (lambda d: d["log"].extend([entry(d, kind="undo", undoes=last_action(d)["seq"]),
                                                 entry(d, seq=19, kind="undo", undoes=last_action(d)["seq"])]),
                      "log[18].undoes"),
    "an end entry": (lambda d: d["log"].append(entry(d, kind="end")), "log[17]: the game was ended by its host"),
    "an unknown entry kind": (lambda d: d["log"][1].update(kind="merge"), "log[1].kind"),
    "no start entry": (without_start, "log: there is no start entry"),
    "a tampered board in the start entry": (lambda d: add_edge(start(d)["body"]["board"]), "body.board"),
    "a tampered board, state to match": (lambda d: [add_edge(start(d)["body"]["board"]),
                                                   add_edge(d["state"]["board"])], "body.board"),
    "an unknown board": (lambda d: [d.update(board="atlantis"), start(d)["body"]["board"].update(name="atlantis"),
                                    d["state"]["board"].update(name="atlantis")], "board: Tiny Epic Vikings has no"),
    "an unknown setting": (lambda d: d["settings"].update(speed=3), "settings.speed"),
    "a setting of the wrong type": (lambda d: d["settings"].update(sails_per_turn="2"), "settings.sails_per_turn"),
    "settings not those the game started with": (lambda d: d["settings"].update(sails_per_turn=3),
                                                 "settings: the game's settings differ"),
    "an action by someone not in its seat": (lambda d: last_action(d).update(user_id=4242), "does not hold seat"),
    "an undo by someone else": (lambda d: d["log"].append(entry(d, kind="undo", undoes=last_action(d)["seq"],
                                                                user_id=d["seats"][0]["player_id"], seat=0)),
                                "only the player who made an action"),
    "a seat that does not exist": (lambda d: d["log"][-1].update(seat=7), "log[16].seat"),
    # issue 18 §4: what the file says must be what the rules and the log's checked authors confirm
    "a second start entry": (lambda d: inserted(d, d["log"].index(start(d)), copy.deepcopy(start(d))),
                             "log[4]: a second start entry"),
    "an action before the start": (lambda d: inserted(d, d["log"].index(start(d)), copy.deepcopy(sail(d))),
                                   "log[3].kind: 'action' before the game started"),
    "a player's action forged as the host's": (lambda d: last_action(d)["body"]["actor"].update(host=True),
                                               "log[16].body.actor.host: it says the move was made as host"),
    "the host's action forged as a player's": (lambda d: sail(d)["body"]["actor"].update(host=False),
                                               "log[13].body.actor.host: it says the move was not made as host"),
    "a setting changed in play by a player": (lambda d: settings_in_play(d, d["seats"][1]["player_id"],
                                                                         deadline_hours=5),
                                              "log[4].user_id: only the host changes the table's settings"),
    "a substitute seated by a player": (substitute_by_bob, "log[17].user_id: only the host hands a seat"),
    "a default move on a table with no deadline": (lambda d: by_the_deadline(d, "end"),
                                                   "log[14].body.by: the table's settings then played no move"),
    "a move by the deadline that is not the default": (lambda d: [deadlines(d), by_the_deadline(d, "sail")],
                                                       "log[14].body.by: nobody's time ran out here"),
    "a time that is not a time": (lambda d: d["log"][5].update(at="yesterday"), "log[5].at: 'yesterday' is not a"),
    "a time without its offset": (lambda d: d["log"][5].update(at="2026-01-01T10:00:00"), "log[5].at:"),
    "a log longer than a game": (longer_than_a_game, "log: 3,117 entries; a Tiny Epic Vikings game of 3 players"),
    "until before the start": (lambda d: d, "until: entry 2 is not one to play on from: choose one from 4"),
}
UNTIL = {"until before the start": 2}


def tampered(export: bytes, change: Change) -> bytes:
    d = json.loads(export)
    out = change(d)
    return out if isinstance(out, bytes) else json.dumps(d).encode()


async def import_refused(harness, channel: str, data: bytes, until: int | None = None) -> str:
    """Import as IMPORTER; the refusal (markdown escapes removed), once checked private and harmless."""
    options = {"file": ("game.json", data), **({"until": until} if until is not None else {})}
    rec = await harness.command(IMPORTER, channel, "game import", options)
    assert rec.ephemeral and rec.content.startswith(REFUSAL), rec.content
    assert not reply_problems(rec, set()), reply_problems(rec, set())
    assert await harness.bot.table.store.open_game(harness.builder.directory.channel_id(channel)) is None
    return rec.content.replace("\\", "")


async def test_the_real_export_imports_and_every_look_works(scenes, vikings_export):
    harness = scenes.harness
    rec = await harness.command("@dave", "#copy", "game import", {"file": ("game.json", vikings_export)})
    assert rec.ok and rec.ephemeral and "no seat for you" in rec.content  # dave is in none of its seats
    rec = await harness.command(IMPORTER, "#copy", "game import", {"file": ("game.json", vikings_export)})
    (public,) = [m for m in rec.messages if not m.ephemeral]
    assert rec.ok and "imported a Tiny Epic Vikings game" in public.content
    for line in LOOKS:
        rec = await harness.run("@dave", "#copy", line)
        assert rec.ok and not rec.content.startswith(REFUSAL), (line, rec.content)
    rec = await harness.run("@dave", "#copy", "/game export")
    assert rec.ok and rec.ephemeral and "Only the players" in rec.content  # an onlooker may not export
    rec = await harness.run(PLAYERS[0], "#copy", "/game export")
    assert rec.ok and rec.attachments, rec.content
    again = await harness.command(IMPORTER, "#copy2", "game import", {"file": rec.attachments[0].data})
    assert again.ok and any("imported" in m.content for m in again.messages if not m.ephemeral)


@pytest.mark.parametrize("case", CASES)
async def test_hostile_import_is_refused_naming_the_field(scenes, vikings_export, case):
    change, reason = CASES[case]
    refusal = await import_refused(scenes.harness, "#import", tampered(vikings_export, change), UNTIL.get(case))
    assert reason in refusal, refusal


async def test_a_seat_for_someone_not_in_the_server_or_for_the_bot_is_refused(scenes, vikings_export):
    """Issue 18 §4: every seat is held by a person of the server, who can claim it."""
    harness = scenes.harness
    d = json.loads(vikings_export)
    bob, carl = (d["seats"][i]["player_id"] for i in (1, 2))
    for player, stand_in, said in ((bob, 4242, "bob (blue) is not a member of this server"),
                                   (carl, harness.bot.user.id, "carl (yellow) is not a member of this server, or is "
                                                               "a bot")):
        refusal = await import_refused(harness, "#members", json.dumps(d).replace(str(player), str(stand_in)).encode())
        assert said in refusal, refusal


async def test_until_imports_the_game_up_to_that_entry(scenes, vikings_export):
    harness = scenes.harness
    rec = await harness.command(IMPORTER, "#until", "game import", {"file": ("game.json", vikings_export), "until": 10})
    assert any("imported a Tiny Epic Vikings game up to log entry 10" in m.content for m in rec.messages)
    row = await harness.bot.table.store.open_game(harness.builder.directory.channel_id("#until"))
    assert await harness.bot.table.store.log_length(row.id) == 11  # the ten kept, and the import's own


async def test_a_file_discord_does_not_hand_over_is_refused(scenes, vikings_export):
    harness = scenes.harness
    payload = harness.builder.command(IMPORTER, "#lost", "game import", {"file": ("game.json", vikings_export)})
    for attachment in payload["data"]["resolved"]["attachments"].values():
        attachment["url"] = attachment["url"].replace(attachment["id"], "1")  # a file the CDN no longer has
    rec = await harness.inject(payload)
    assert rec.ok and rec.ephemeral and "did not hand over the file" in rec.content, rec.content


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """Paths to every scalar in a JSON value."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, (*path, i))]
    return [path]


def typed_paths(export: bytes) -> list[tuple]:
    """Every scalar of the file except the free-form record of lobby entries (who opened, joined)."""
    d = json.loads(export)
    lobby = {i for i, e in enumerate(d["log"]) if e["kind"] == "lobby"}
    return [p for p in leaves(d) if not (p[0] == "log" and p[1] in lobby and p[2] == "body")]


OTHER_TYPE = {str: 7, int: "7", float: "7", bool: 1, type(None): [None]}


@settings(max_examples=80, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
async def test_a_wrong_type_anywhere_is_refused(scenes, vikings_export, data):
    """Any scalar of the file replaced by one of another JSON type: refused, naming where."""
    paths = typed_paths(vikings_export)
    path = data.draw(st.sampled_from(paths), label="path")
    d = json.loads(vikings_export)
    *parents, last = path
    where = d
    for key in parents:
        where = where[key]
    where[last] = copy.deepcopy(OTHER_TYPE[type(where[last])])
    refusal = await import_refused(scenes.harness, "#typed", json.dumps(d).encode())
    field = next(k for k in reversed(path) if isinstance(k, str))
    entry = (f"log[{path[1]}]", f"log entry {path[1] + 1}") if path[0] == "log" else ()
    assert any(name in refusal for name in (field, *entry, "not what the log produces")), (path, refusal)
