"""Who did what in an imported game's log: every author checked against the seats and the hosting
the log itself shows, times that are times, and every move said to be played for a player out of
time proven to be one the table could have played.

What proves what (docs/export-format.md, "What an import proves"):
- Before the start only the lobby and settings are recorded; the start entry's author hosts then
  (only the host starts a game) and is seated in it. Hosting changes only where the log says so: a
  handover (`settings` `{"host": seat}`, by the host), a substitute taking the host's seat (`seat`,
  by the host), an import (`lobby` `{"import": true}`, by a seated player, who hosts from then on).
- An action's author holds the seat it was played from then (substitutes take seats over), and it
  was played as host exactly when its author hosted then. An undo's author made the action it takes
  back. A host setting changed in play was changed by the host.
- A move "By the deadline" or "By the host, for a player out of time" is the game's default move
  (`Game.timeout`) for that seat in the state before it, the game was waiting for that seat, and
  the table's settings gave players a deadline: then, for the deadline's own moves, with the
  default move as what it does; at some time before, for the host's (whose skip may come after a
  deadline was lifted). The states are the replay's: `vet` checks each such move as it is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules import serial
from rules.base import Actor, Game, Seat
from rules.core import salted
from rules.errors import InvalidData, PlayerError
from rules.messages import Msg
from waypost.deadlines import BY_DEADLINE, BY_HOST
from waypost.outcome import clean_name
from waypost.records import LogEntry
from waypost.registry import HOST_SETTINGS
from waypost.replay import Vet, reseated

BY = ("", BY_DEADLINE, BY_HOST)  # who really played a move: its player, the deadline, the host
BEFORE_START = ("lobby", "settings")  # what a log records before its game starts
HOSTING = ("host", "paused", *(s.name for s in HOST_SETTINGS))  # settings only the host changes in play
IDS = range(1, 2**63)  # Discord ids, as SQLite stores them


@dataclass
class Provenance:
    """What the log's authors show: the seats and the host after its last entry, and the moves
    played for a player out of time (their seqs), which `vet` proves on replay."""

    seats: list[Seat]
    host: int
    timed_out: set[int] = field(default_factory=set)
    deadlines: bool = False  # whether the table has had a deadline so far


def authors(log: Sequence[LogEntry], seats: list[Seat]) -> Provenance:
    """Check every entry's author and time (see the module's docstring); `seats` are those of the
    log's start entry (its only one). Raises InvalidData naming the first entry that fails."""
    begun = next(i for i, e in enumerate(log) if e.kind == "start")
    settings = {s.name: s.default for s in HOST_SETTINGS}
    found = Provenance(list(seats), log[begun].user_id)
    if found.host not in [s.player_id for s in seats]:
        raise InvalidData(Msg("{field}: a game is started by its host, a player seated in it.",
                              field=f"log[{begun}].user_id"))
    by_seq = {e.seq: e for e in log}
    undone: set[int] = set()
    for i, e in enumerate(log):
        where = f"log[{i}]"
        _check_time(e, where)
        if i < begun:
            if e.kind not in BEFORE_START:
                raise InvalidData(Msg("{field}: {kind} before the game started (only the lobby and settings come "
                                      "before its start entry).", field=f"{where}.kind", kind=repr(e.kind)))
        elif e.kind == "action":
            _check_action(e, where, found, settings)
        elif e.kind == "undo":
            target = by_seq.get(e.undoes) if e.undoes is not None else None
            if e.undoes is None or target is None or target.kind != "action" or e.undoes in undone:
                raise InvalidData(Msg("{field}: it must name an earlier action that can be taken back and is not "
                                      "already taken back.", field=f"{where}.undoes"))
            if e.user_id != target.user_id or e.seat != target.seat:
                raise InvalidData(Msg("{field}: only the player who made an action can take it back.",
                                      field=f"{where}.user_id"))
            undone.add(e.undoes)
        elif e.kind == "seat":
            _check_substitute(e, where, found)
        elif e.kind == "lobby" and e.body.get("import") is True:
            if e.user_id not in [s.player_id for s in found.seats]:
                raise InvalidData(Msg("{field}: a game is imported by a player seated in it.",
                                      field=f"{where}.user_id"))
            found.host = e.user_id
        elif e.kind == "settings":
            _check_settings(e, where, found, begun < i)
        if e.kind == "settings":
            settings.update({k: v for k, v in e.body.items() if k in settings})
            found.deadlines = found.deadlines or bool(settings["deadline_hours"])
    return found


def _check_time(e: LogEntry, where: str) -> None:
    try:
        aware = datetime.fromisoformat(e.at).tzinfo is not None
    except ValueError:
        aware = False
    if not aware:
        raise InvalidData(Msg("{field}: {value} is not a time (ISO 8601, with its offset from UTC).",
                              field=f"{where}.at", value=repr(e.at[:40])))


def _actor(raw: Any, where: str) -> Actor:
    """An action entry's actor: its usual shape read at once (a log has thousands), any other
    through `serial.load`, which says what is wrong with it."""
    if isinstance(raw, dict) and len(raw) == 2 and type(raw.get("host")) is bool and \
            type(raw.get("seat")) in (int, type(None)):
        return Actor(raw["seat"], raw["host"])
    return serial.load(Actor, raw, where)


def _check_action(e: LogEntry, where: str, found: Provenance, settings: dict[str, Any]) -> None:
    actor = _actor(e.body["actor"], f"{where}.body.actor")
    seat = actor.seat
    if seat is None or seat not in range(len(found.seats)) or e.seat != seat:
        raise InvalidData(Msg("{field}: an action is played from a seat of the game (its own).",
                              field=f"{where}.body.actor"))
    if e.user_id != found.seats[seat].player_id:
        raise InvalidData(Msg("{field}: {user} does not hold seat {seat}, which played it.", field=f"{where}.user_id",
                              user=e.user_id, seat=seat))
    if actor.host != (e.user_id == found.host):
        field = f"{where}.body.actor.host"
        raise InvalidData(Msg("{field}: it says the move was made as host, but the log shows its player did not "
                              "host then.", field=field) if actor.host else
                          Msg("{field}: it says the move was not made as host, but the log shows its player hosted "
                              "then.", field=field))
    by = e.body.get("by", "")
    if by not in BY:
        raise InvalidData(Msg("{field}: expected one of {values}.", field=f"{where}.body.by",
                              values=", ".join(map(repr, BY))))
    if by:
        timed = settings["deadline_hours"] and settings["deadline_action"] == "default" if by == BY_DEADLINE \
            else found.deadlines
        if not timed:
            raise InvalidData(Msg("{field}: the table's settings then played no move for a player out of time.",
                                  field=f"{where}.body.by"))
        found.timed_out.add(e.seq)


def _check_substitute(e: LogEntry, where: str, found: Provenance) -> None:
    if e.user_id != found.host:
        raise InvalidData(Msg("{field}: only the host hands a seat to a substitute.", field=f"{where}.user_id"))
    seat = serial.load(int, e.body["seat"], f"{where}.body.seat")
    if seat not in range(len(found.seats)):
        raise InvalidData(Msg("{field}: there is no seat {seat}.", field=f"{where}.body.seat", seat=seat))
    before = found.seats[seat].player_id
    found.seats = reseated(found.seats, e)
    player = found.seats[seat]
    if player.name != clean_name(player.name) or player.player_id not in IDS or \
            [s.player_id for s in found.seats].count(player.player_id) > 1:
        raise InvalidData(Msg("{field}: a substitute must be a new player with a clean name.", field=f"{where}.body"))
    if before == found.host:
        found.host = player.player_id


def _check_settings(e: LogEntry, where: str, found: Provenance, in_play: bool) -> None:
    if in_play and any(k in e.body for k in HOSTING) and e.user_id != found.host:
        raise InvalidData(Msg("{field}: only the host changes the table's settings or hands hosting on.",
                              field=f"{where}.user_id"))
    for spec in HOST_SETTINGS:
        if spec.name in e.body:
            try:
                spec.check(e.body[spec.name])
            except PlayerError as fault:
                raise InvalidData(Msg("{field}: {why}", field=f"{where}.body.{spec.name}", why=fault.message)) from None
    if in_play and "host" in e.body:
        seat = e.body["host"]
        if not isinstance(seat, int) or seat not in range(len(found.seats)):
            raise InvalidData(Msg("{field}: hosting goes to a seat of the game.", field=f"{where}.body.host"))
        found.host = found.seats[seat].player_id


def vet(rules: Game[Any], found: Provenance) -> Vet:
    """The check of each move played for a player out of time, against the state before it."""
    def check(e: LogEntry, before: Any) -> None:
        if e.seq not in found.timed_out:
            return
        default = rules.timeout(before, e.seat) if e.seat is not None else None
        waited = any(a.seat == e.seat for a in rules.awaiting(before))
        played = rules.decode_action(e.body["action"])
        if default is None or not waited or salted(default, "") != salted(played, ""):
            raise InvalidData(Msg("{field}: nobody's time ran out here (it is not the game's default move for a "
                                  "player it was waiting for).", field=f"log[{e.seq - 1}].body.by"))
    return check
