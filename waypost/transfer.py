"""Exported games: the file format (docs/export-format.md) and its full validation on import.

An export holds what every onlooker may see: the state through the game's view for nobody, and,
for a game whose seed decides hidden things, the seed sealed with the installation's key
(`waypost.seal`), so the file reveals no deck order; a seal taken back before its reveal is
exported as its public text, its action sealed the same way. The whole file is signed with that key.

An import trusts nothing in the file. A game with hidden randomness is imported only from a file
whose signature checks (exactly what this installation exported): its seal is opened only then,
so no edited or foreign file is ever replayed with the seed of a game in play. Every entry is then
replayed and every author checked (`waypost.provenance`); a refusal of the rules names the entry
and the kind of fault, and quotes the rules' own words only for a game with nothing hidden in its
seed (their words speak of the file alone). The log's text is said again by the rules.
"""

from __future__ import annotations

import gzip
import io
import json
import math
import zlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import IO, Any, Literal, cast

from rules import serial
from rules.base import Game, Seat
from rules.errors import BadInput, IllegalMove, InvalidData, NotAllowed, NotYourTurn, PlayerError
from rules.messages import Msg
from waypost import provenance
from waypost.outcome import NAME_LIMIT, clean_name
from waypost.provenance import IDS
from waypost.records import GameRow, LogEntry, dumps
from waypost.registry import HOST_SETTINGS, GameEntry
from waypost.replay import Refused, Replayed, replay_keeping
from waypost.seal import Signer, seal, seal_bytes, signed, unseal, unseal_bytes
from waypost.secrecy import first_hidden

FORMAT = "waypost-game"
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024  # the file as uploaded (gzip-compressed when large)
MAX_JSON = 64 * 1024 * 1024  # the JSON inside it
GZIP_ENTRIES = 10_000  # exports of a longer log are gzip-compressed (about 4 MB of JSON)
LOBBY = 100  # log entries beside the game's own (`Game.log_per_seat`): the lobby, settings, claims
MAX_DIGITS = 40  # far past any number a Waypost file holds (ids and seeds are below 2^63)
MAX_DEPTH = 32  # an export nests about 10 deep; deeper cannot be a Waypost file (and strains export)
KINDS = {"lobby", "start", "action", "undo", "settings", "end", "reseed", "seat"}
BODIES = {"start": {"board", "seats", "settings", "seed"}, "action": {"action", "actor"}, "reseed": {"seed"},
          "seat": {"seat", "player_id", "name"}}
OPTIONAL = {"action": {"by"}}  # who really played a move made for a player (the deadline, the host)
SEEDED = ("start", "reseed")  # the entries whose body carries a seed
WITHHELD = "sealed_action"  # the body of a seal taken back before its reveal: the action, sealed
SEPARATOR = ",\n  "  # between the log's entries in a file: one a line
FAULTS = ((NotAllowed, Msg("that player may not make it")), (NotYourTurn, Msg("not that player's turn")),
          (BadInput, Msg("a value the rules do not accept")), (IllegalMove, Msg("an illegal move")))
DEEP = Msg("The file is nested too deeply to be a Waypost export.")
UNSIGNED = Msg("This {title} file {why}. A game with something hidden (a deck, a bag, a seed) is imported only "
            "from an unedited export of the Waypost installation that exported it, so that no file can be used "
            "to learn what is still hidden. To play on from an earlier point, import the unedited file with "
            "until: (the last log entry to keep).", title="", why="")


@dataclass(frozen=True)
class ExportFile:
    """The top level of an exported game (beside its signature, `mac`)."""

    format: Literal["waypost-game"]
    version: int
    game: str
    board: str
    seats: list[Seat]
    settings: dict[str, Any]
    seed: int | str
    state: dict[str, Any]
    log: list[LogEntry]


@dataclass
class Imported:
    """A validated import: the game row and log to store, the states before the actions an undo
    could still reach (their snapshots), and whether the file is signed by this installation."""

    row: GameRow
    log: list[LogEntry]
    snapshots: dict[int, Any]
    signed: bool


def canonical(value: Any) -> str:
    """The JSON text a signature covers: keys sorted, no spaces, text as is."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class Exporter:
    """Writes a game's export file from its row and its log as stored (`Store.log_chunks`: rows of
    `LOG_COLUMNS`, JSON still text), chunk by chunk, one entry a line, straight into the file's
    bytes (gzip-compressed as it goes for a long log), so even a long game costs little and no step
    handles the whole file at once. What it holds is what onlookers see, and the seed sealed when it
    decides hidden things. The signature (`mac`, last) covers the file's canonical text."""

    def __init__(self, game: GameEntry, row: GameRow, key: bytes, entries: int, withheld: Collection[int] = ()):
        rules = game.rules
        assert row.state is not None
        self.cover: Callable[[int], int | str] = (lambda seed: seal(seed, key)) if rules.hidden_randomness \
            else (lambda seed: seed)
        self.withheld, self.key = withheld, key
        public = rules.encode_state(rules.view(rules.decode_state(row.state), None))
        top = {"format": FORMAT, "version": VERSION, "game": row.game_key, "board": row.board,
               "seats": serial.dump(row.seats), "settings": row.settings, "seed": self.cover(row.seed),
               "state": public, "log": None, "mac": None}
        text = json.dumps(top, ensure_ascii=False, indent=1)
        head, _, self.tail = text.rpartition('"log": null')
        unsigned = {k: v for k, v in json.loads(text).items() if k != "mac"}  # as an import reads it
        signing, _, self.signing_tail = canonical(unsigned).partition('"log":null')  # keys before "log": text
        self.signer = Signer(key)
        self.signer.add(signing + '"log":[')
        self.name = f"waypost-{row.game_key}-{datetime.now(UTC):%Y%m%d-%H%M}.json"
        self.buffer = io.BytesIO()
        self.out: IO[bytes] = self.buffer
        if entries > GZIP_ENTRIES:
            self.name += ".gz"
            self.out = cast(IO[bytes], gzip.GzipFile(fileobj=self.buffer, mode="wb", compresslevel=6, mtime=0))
        self.out.write(f'{head}"log": [\n  '.encode())
        self.first = True

    def add(self, rows: list[tuple[Any, ...]]) -> None:
        """The next rows of the log, in order."""
        if rows:
            texts = [_entry_json(_withheld(r, self.key) if r[11] in self.withheld else r, self.cover) for r in rows]
            text = SEPARATOR.join(texts)
            self.out.write((text if self.first else SEPARATOR + text).encode())
            self.signer.add(("" if self.first else ",") + ",".join(canonical(json.loads(t)) for t in texts))
            self.first = False

    def file(self) -> tuple[str, bytes]:
        """The file's name and bytes."""
        self.signer.add("]" + self.signing_tail)
        self.out.write(f"\n ]{self.tail.replace('null', json.dumps(self.signer.signature()), 1)}".encode())
        if self.out is not self.buffer:
            self.out.close()
        return self.name, self.buffer.getvalue()


def _withheld(r: tuple[Any, ...], key: bytes) -> tuple[Any, ...]:
    """A stored log row of a seal taken back before its reveal (`secrecy.withdrawn`), as an export
    holds it: its public text only, its action sealed with the installation's key (an import here
    opens it to replay it; nobody reads it from the file)."""
    at, user, kind, body, summary, details, seat, secret, reveals, undoable, undoes, seq, public, _ = r
    body = dumps({WITHHELD: seal_bytes(body.encode(), key)}) if kind == "action" else body
    return at, user, kind, body, public, "[]", seat, secret, reveals, undoable, undoes, seq, public, ""


def _entry_json(r: tuple[Any, ...], cover: Callable[[int], int | str]) -> str:
    """One stored log row as the export's JSON object (body and details are stored as JSON already)."""
    at, user, kind, body, summary, details, seat, secret, reveals, undoable, undoes, seq, public, _ = r
    if kind in SEEDED:
        body = dumps({**json.loads(body), "seed": cover(json.loads(body)["seed"])})
    return (f'{{"at":{_text(at)},"user_id":{user},"kind":{_text(kind)},"body":{body},"summary":{_text(summary)},'
            f'"details":{details},"seat":{_int(seat)},"secret":{_BOOL[secret]},"reveals":{_BOOL[reveals]},'
            f'"undoable":{_BOOL[undoable]},"undoes":{_int(undoes)},"seq":{seq},"public":{_text(public)}}}')


_BOOL = {0: "false", 1: "true"}  # SQLite gives 0 and 1; True and False hash the same
_text = json.encoder.encode_basestring  # a JSON string, quoted and escaped


def _int(value: int | None) -> str:
    return "null" if value is None else str(value)


def longest(rules: Game[Any], seats: int) -> int:
    """The most log entries an import of this game with `seats` players may hold."""
    return rules.log_per_seat * seats + LOBBY


def parse_export(data: bytes, games: Mapping[str, GameEntry], key: bytes, until: int | None = None) -> Imported:
    """Validate an export completely and return what to store (see the module's docstring).

    Checks size, JSON, every field's type, the signature (before any seal is opened), the game and
    settings, the log's shape and authors, and that replaying the log gives exactly the stored
    state. With `until`, the game is taken up to that log entry (its number), replayed from the
    start, to play on from there (a finished game too). Raises InvalidData saying what is wrong.
    """
    raw = strict_json(_unpacked(data))
    if isinstance(raw, dict) and raw.get("format") != FORMAT:
        raise InvalidData(Msg("{field}: expected {value}; this is not a Waypost export.", field="format",
                                  value=repr(FORMAT)))
    signature = raw.pop("mac", None) if isinstance(raw, dict) else None
    _check_length(raw, games)
    file = serial.load(ExportFile, raw, "file")
    if file.version != VERSION:
        raise InvalidData(Msg("{field}: this Waypost reads version {version}, not {given}.", field="version",
                                  version=VERSION, given=file.version))
    game = games.get(file.game)
    if game is None:
        raise InvalidData(Msg("{field}: unknown game {game}; known: {known}.", field="game", game=repr(file.game[:40]),
                              known=", ".join(games)))
    if signature is not None and not isinstance(signature, str):
        raise InvalidData(Msg("{field}: expected the file's signature (text).", field="mac"))
    genuine = signature is not None and signed(canonical(raw), signature, key)
    rules = game.rules
    tells = not rules.hidden_randomness  # the rules' own words speak of the file alone
    if not tells and not genuine:
        why = Msg("carries no signature of a Waypost installation") if signature is None else \
            Msg("is not exactly as this Waypost installation exported it: it was edited, or it comes from another one")
        raise InvalidData(Msg(UNSIGNED.template, title=rules.title, why=why))
    file = _unsealed(file, game, key)
    _check_ids(file)
    _check_log(file.log, len(file.seats))
    _check_settings(game, file.settings)
    _check_seats(game, file.seats)
    start = next(e for e in file.log if e.kind == "start")
    _check_start(game, file, start)
    started = serial.load(list[Seat], start.body["seats"], f"log[{start.seq - 1}].body.seats")
    whole = provenance.authors(file.log, started)
    if whole.seats != list(file.seats):
        raise InvalidData(Msg("{field}: they differ from the seats the game started with, after its substitutes.",
                              field="seats"))
    held = rules.decode_state(file.state)
    rules.check(held)
    kept = _kept(file.log, start, until)
    found = whole if kept is file.log else provenance.authors(kept, started)
    try:
        replayed = replay_keeping(game, kept, provenance.vet(rules, found))
    except Refused as refused:
        kind = next((k for cls, k in FAULTS if isinstance(refused.fault, cls)), Msg("a move the rules do not allow"))
        field = f"log[{refused.seq - 1}]"
        raise InvalidData(Msg("{field}: the rules refuse this action ({kind}): {why}", field=field, kind=kind,
                              why=refused.fault.message) if tells else
                          Msg("{field}: the rules refuse this action ({kind}).", field=field, kind=kind)) from None
    try:
        rules.check(replayed.state)
    except InvalidData:
        if tells:
            raise
        raise InvalidData(Msg("{field}: the game it leads to breaks the rules of the game.", field="log")) from None
    ending = rules.ending(replayed.state)
    if ending is not None:
        last = kept[-1].seq
        raise InvalidData(Msg("{field}: at entry {last} the game is over; choose an earlier entry.", field="until",
                              last=last) if until else
                          Msg("{field}: the game has finished: {ending} To play it again from an earlier point, "
                              "import it with until: the last log entry to keep ({first}–{last}).", field="log",
                              ending=ending.text, first=start.seq, last=last - 1))
    written = rules.encode_state(held)  # the file's state in this Waypost's form (a board named, not held)
    if until is None and rules.encode_state(rules.view(replayed.state, None)) != written:
        raise InvalidData(Msg("{field}: it is not what the log produces (the file was edited or is damaged).",
                              field="state"))
    log = retold(game, found.seats, kept, replayed)
    undone = {e.undoes: i for i, e in enumerate(log) if e.kind == "undo"}
    for seq, i in undone.items():
        if not replayed.said[seq].undoable:  # type: ignore[index]
            raise InvalidData(Msg("{field}: that action revealed something hidden or random; it cannot be taken "
                                  "back.", field=f"log[{i}].undoes"))
    _check_revealed(log, until)
    assert isinstance(file.seed, int)
    row = GameRow(0, 0, None, game.key, file.board, "active", 0, found.seats, file.settings, file.seed,
                  rules.encode_state(replayed.state), 0, "", "")
    return Imported(row, log, replayed.snapshots, genuine)


def _check_length(raw: Any, games: Mapping[str, GameEntry]) -> None:
    """Refuse a log longer than a real game of its kind reaches, before reading it further."""
    log = raw.get("log") if isinstance(raw, dict) else None
    if not isinstance(log, list):
        return
    game = games.get(raw["game"]) if isinstance(raw.get("game"), str) else None
    seats = raw.get("seats")
    if game is None or not isinstance(seats, list) or not 0 < len(seats) <= game.rules.max_players:
        most = max(longest(g.rules, g.rules.max_players) for g in games.values())
        if len(log) > most:
            raise InvalidData(Msg("{field}: {n} entries; no game this Waypost plays reaches {most}.", field="log",
                                  n=f"{len(log):,}", most=f"{most:,}"))
        return
    most = longest(game.rules, len(seats))
    if len(log) > most:
        raise InvalidData(Msg("{field}: {n} entries; a {game} game of {players} players reaches far fewer (an "
                              "import holds at most {most}: {each} a player, undos and adjustments included), so "
                              "this is not a real game's log.", field="log", n=f"{len(log):,}",
                              game=game.rules.title, players=len(seats), most=f"{most:,}",
                              each=f"{game.rules.log_per_seat:,}"))


def _kept(log: list[LogEntry], start: LogEntry, until: int | None) -> list[LogEntry]:
    """The entries to import: all of them, or those up to entry `until`. A game ended by its host
    is imported only up to an entry before its end."""
    if until is None:
        if log[-1].kind == "end":
            raise InvalidData(Msg("{field}: the game was ended by its host. To play on, import it with until: the "
                                  "last log entry to keep ({first}–{last}).", field=f"log[{len(log) - 1}]",
                                  first=start.seq, last=len(log) - 1))
        return log
    last = len(log) - (log[-1].kind == "end")
    if not start.seq <= until <= last:
        raise InvalidData(Msg("{field}: entry {until} is not one to play on from: choose one from {first} (the "
                              "start) to {last}.", field="until", until=until, first=start.seq, last=last))
    return log[:until]


def _check_revealed(log: list[LogEntry], until: int | None) -> None:
    """Refuse a log with a secret entry not yet revealed: its copy would keep it from the others."""
    hidden = first_hidden(log)
    if hidden is None:
        return
    if until is not None:
        raise InvalidData(Msg("{field}: at entry {until} the secret move of entry {hidden} is still hidden; "
                              "choose an entry before it, or one after it was revealed.", field="until", until=until,
                              hidden=hidden.seq))
    raise InvalidData(Msg("{field}: a secret plan is still hidden; export the game once it has been revealed.",
                          field="log"))


def retold(game: GameEntry, seats: list[Seat], log: list[LogEntry], replayed: Replayed) -> list[LogEntry]:
    """The log with every summary and detail said again by the rules and the table (naming the
    `seats` the game has after it), never taken from the file; an action's flags (secret, reveals,
    undoable) are the rules' too."""
    names = [s.name for s in seats]
    title = game.rules.title

    def who(e: LogEntry) -> str:
        return names[e.seat] if e.seat is not None else Msg("A player")

    out: list[LogEntry] = []
    for e in log:
        said = replayed.said.get(e.seq)
        if said is not None:
            by = e.body.get("by", "")
            out.append(replace(e, summary=Msg("{by}: {summary}", by=by, summary=said.summary) if by else said.summary,
                               details=list(said.details), secret=said.secret, reveals=said.reveals,
                               undoable=said.undoable and not by,
                               public=(said.public or Msg("{name} made a secret move.", name=who(e)))
                               if said.secret else ""))
            continue
        text = {"start": Msg("{game} begins with {seated}.", game=title, seated=", ".join(names)),
                "undo": Msg("{name} took back an action.", name=who(e)),
                "reseed": Msg("What was still face down was shuffled again."),
                "seat": Msg("A substitute took over a seat."),
                "settings": Msg("The host changed a setting."),
                }.get(e.kind, Msg("The {game} table was opened or its seats changed.", game=title))
        out.append(replace(e, summary=text, details=[], secret=False, reveals=False, undoable=False, public=""))
    return out


def _unsealed(file: ExportFile, game: GameEntry, key: bytes) -> ExportFile:
    """The file with its seeds readable: sealed ones opened with this installation's key. A game
    whose seed decides hidden things must have them sealed."""
    def open_(seed: Any, where: str) -> int:
        if not game.rules.hidden_randomness:
            return serial.load(int, seed, where)
        if not isinstance(seed, str):
            raise InvalidData(Msg("{field}: the seed of a game with hidden cards must be sealed.", field=where))
        return unseal(seed, key, where)

    log = [replace(e, body={**e.body, "seed": open_(e.body.get("seed"), f"log[{i}].body.seed")})
           if e.kind in SEEDED and "seed" in e.body else e for i, e in enumerate(file.log)]
    log = [replace(e, body=_opened(e.body[WITHHELD], key, f"log[{i}].body.{WITHHELD}"))
           if e.kind == "action" and list(e.body) == [WITHHELD] else e for i, e in enumerate(log)]
    return replace(file, seed=open_(file.seed, "file.seed"), log=log)


def _opened(token: Any, key: bytes, where: str) -> dict[str, Any]:
    """The action inside a sealed action (a seal taken back before its reveal)."""
    if not isinstance(token, str):
        raise InvalidData(Msg("{field}: expected a sealed action (text).", field=where))
    body = strict_json(unseal_bytes(token, key, where, "action", "A move taken back before its reveal"))
    if not isinstance(body, dict):
        raise InvalidData(Msg("{field}: the sealed action is not an object.", field=where))
    return body


def _unpacked(data: bytes) -> bytes:
    """The file's JSON bytes: as uploaded, or gunzipped (never past MAX_JSON)."""
    if len(data) > MAX_BYTES:
        raise InvalidData(Msg("The file is {size} KB; an export is at most {most} KB.", size=len(data) // 1024,
                              most=MAX_BYTES // 1024))
    if not data.startswith(b"\x1f\x8b"):
        return data
    try:
        inflater = zlib.decompressobj(wbits=31)
        text = inflater.decompress(data, MAX_JSON)
        if inflater.unconsumed_tail:
            raise InvalidData(Msg("The file unpacks to more than {most} MB; it is not a Waypost export.",
                                  most=MAX_JSON // 2**20))
        return text
    except zlib.error:
        raise InvalidData(Msg("The file is not a valid gzip file.")) from None


def strict_json(data: bytes) -> Any:
    """JSON as a Waypost file may hold it: UTF-8, no duplicate keys, no NaN or Infinity, numbers of
    at most MAX_DIGITS digits, no lone surrogates, nested at most MAX_DEPTH deep."""
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(items)
        if len(found) != len(items):
            twice = next(k for i, (k, _) in enumerate(items) if any(k == j for j, _ in items[:i]))
            raise InvalidData(Msg("The file has the key {key} twice in one object.", key=repr(twice[:40])))
        return found

    def number(text: str) -> int | float:
        if len(text.lstrip("-").replace(".", "").split("e")[0].split("E")[0]) > MAX_DIGITS:
            raise InvalidData(Msg("The file has a number with more than {most} digits ({number}…).", most=MAX_DIGITS,
                                  number=text[:24]))
        value = float(text) if any(c in text for c in ".eE") else int(text)
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidData(Msg("The file has a number out of range ({number}).", number=text[:24]))
        return value

    def constant(name: str) -> None:
        raise InvalidData(Msg("The file has {name}, which is not a number JSON allows.", name=name))

    try:
        raw = json.loads(data.decode("utf-8"), object_pairs_hook=pairs, parse_int=number, parse_float=number,
                         parse_constant=constant)
    except UnicodeDecodeError:
        raise InvalidData(Msg("The file is not text (UTF-8 JSON).")) from None
    except json.JSONDecodeError as e:
        raise InvalidData(Msg("The file is not valid JSON (line {line}, column {column}: {why}).", line=e.lineno,
                              column=e.colno, why=e.msg)) from None
    except RecursionError:
        raise InvalidData(DEEP) from None
    _check_values(raw)
    return raw


def _check_values(value: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and text that is not valid Unicode (a lone surrogate)."""
    stack = [(value, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidData(DEEP)
        if isinstance(value, dict):
            stack.extend((k, depth + 1) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise InvalidData(Msg("The file has text with a lone surrogate (\\ud800 and the like).")) from None


def _check_ids(file: ExportFile) -> None:
    assert isinstance(file.seed, int)
    if not 0 <= file.seed < 2**63:
        raise InvalidData(Msg("{field}: expected a whole number from 0 to 2^63 - 1, got {value}.", field="seed",
                              value=file.seed))
    for where, ids in (("seats[{}].player_id", [s.player_id for s in file.seats]),
                       ("log[{}].user_id", [e.user_id for e in file.log])):
        for i, value in enumerate(ids):
            if value not in IDS:
                raise InvalidData(Msg("{field}: {value} is not a Discord user id.", field=where.format(i),
                                      value=value))


def _check_log(log: list[LogEntry], seats: int) -> None:
    for i, e in enumerate(log, start=1):
        where = f"log[{i - 1}]"
        if e.seq != i:
            raise InvalidData(Msg("{field}: expected {i}, got {seq} (entries must be numbered 1, 2, 3 …).",
                                  field=f"{where}.seq", i=i, seq=e.seq))
        if e.kind not in KINDS:
            raise InvalidData(Msg("{field}: expected one of {kinds}, got {kind}.", field=f"{where}.kind",
                                  kinds=", ".join(sorted(KINDS)), kind=repr(e.kind[:20])))
        if e.kind in BODIES and not BODIES[e.kind] <= set(e.body) <= BODIES[e.kind] | OPTIONAL.get(e.kind, set()):
            odd = sorted((set(e.body) - OPTIONAL.get(e.kind, set())) ^ BODIES[e.kind])[0]
            raise InvalidData(Msg("{field}: unknown field {name}.", field=f"{where}.body", name=repr(odd[:40]))
                              if odd in e.body else
                              Msg("{field}: missing field {name}.", field=f"{where}.body", name=repr(odd[:40])))
        if e.seat is not None and e.seat not in range(seats):
            raise InvalidData(Msg("{field}: there is no seat {seat}.", field=f"{where}.seat", seat=e.seat))
        if e.kind == "undo" and (e.undoes is None or not 0 < e.undoes < e.seq):
            raise InvalidData(Msg("{field}: it must name an earlier action that can be taken back and is not already "
                                  "taken back.", field=f"{where}.undoes"))
        if e.kind == "end" and i != len(log):
            raise InvalidData(Msg("{field}: the game ended here, yet the log goes on.", field=where))
    starts = [i for i, e in enumerate(log) if e.kind == "start"]
    if not starts:
        raise InvalidData(Msg("{field}: there is no start entry; the game never started.", field="log"))
    if len(starts) > 1:
        raise InvalidData(Msg("{field}: a second start entry; a game starts once.", field=f"log[{starts[1]}]"))


def _check_start(game: GameEntry, file: ExportFile, start: LogEntry) -> None:
    """The top-level fields must say what the start entry says."""
    where = f"log[{start.seq - 1}].body"
    if start.body.get("seed") != file.seed:
        raise InvalidData(Msg("{field}: it differs from the seed the game started with ({start}).", field="seed",
                              start=f"{where}.seed"))
    started = {k: file.settings.get(k) for k in game.rules.default_settings()}
    if start.body.get("settings") != started:
        raise InvalidData(Msg("{field}: the game's settings differ from those it started with.", field="settings"))
    board = game.boards.get(file.board)
    if board is None:
        raise InvalidData(Msg("{field}: {game} has no board {board}; boards: {boards}.", field="board",
                              game=game.rules.title, board=repr(file.board[:40]), boards=", ".join(game.boards)))
    if start.body["board"] != board.raw:
        raise InvalidData(Msg("{field}: it is not the board {board} of {game} (the file was edited).",
                              field=f"log[{start.seq - 1}].body.board", board=repr(file.board), game=game.rules.title))


def _check_settings(game: GameEntry, settings: dict[str, Any]) -> None:
    specs = {s.name: s for s in (*game.rules.settings, *HOST_SETTINGS)}
    for name, value in settings.items():
        if name not in specs:
            raise InvalidData(Msg("{field}: {game} has no such setting.", field=f"settings.{name[:40]}",
                                  game=game.rules.title))
        try:
            specs[name].check(value)
        except PlayerError as e:
            raise InvalidData(Msg("{field}: {why}", field=f"settings.{name}", why=e.message)) from None


def _check_seats(game: GameEntry, seats: list[Seat]) -> None:
    if not game.rules.min_players <= len(seats) <= game.rules.max_players:
        raise InvalidData(Msg("{field}: {game} takes {low}–{high} players, not {n}.", field="seats",
                              game=game.rules.title, low=game.rules.min_players, high=game.rules.max_players,
                              n=len(seats)))
    if len({s.player_id for s in seats}) != len(seats):
        raise InvalidData(Msg("{field}: a player sits twice.", field="seats"))
    for i, s in enumerate(seats):
        if s.name != clean_name(s.name):
            raise InvalidData(Msg("{field}: at most {most} characters, one line, no @ or markdown.",
                                  field=f"seats[{i}].name", most=NAME_LIMIT))
        if s.colour not in game.rules.colours:
            raise InvalidData(Msg("{field}: {colour} is not a colour of {game}.", field=f"seats[{i}].colour",
                                  colour=repr(s.colour[:20]), game=game.rules.title))
    if len({s.colour for s in seats}) != len(seats):
        raise InvalidData(Msg("{field}: two players have the same colour.", field="seats"))
