"""Looking back at a game, done in a look-back process (`waypost.drawing.LOOK_BACK`): the state after
a log entry, and a recap's animation. The log comes as stored rows (decoded here, off the event
loop's process); what goes back is the state, or the finished GIF.

A replay is bounded: at most `REPLAY_LIMIT` log entries, far more than a game reaches.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.recap import animate
from rules import serial
from rules.base import Actor, Posted
from rules.errors import IllegalMove
from rules.messages import Msg
from waypost.records import log_entry
from waypost.registry import GameEntry
from waypost.replay import Step, frames, replay
from waypost.secrecy import numbered, shown

REPLAY_LIMIT = 20_000  # log entries a look back replays at most
TOO_LONG = Msg("This game's log is too long to replay (more than {n} entries).", n=f"{REPLAY_LIMIT:,}")


def sent(game: GameEntry) -> GameEntry:
    """The game as sent to a process: without the boards it has validated (the log brings its own)."""
    return GameEntry(game.rules, game.draw, game.data, game.cog)


def state_after(game: GameEntry, rows: Sequence[tuple[Any, ...]]) -> Any:
    """The game's state after these log rows."""
    return replay(game, [log_entry(r) for r in rows])


def posted(game: GameEntry, step: Step) -> Posted:
    """The posted view after a step's action (read in the preview, as the channel's posts are); a
    secret action's own content is left out (the view frames no particular action)."""
    if step.result is not None and step.result.secret:
        return Posted()
    actor = serial.load(Actor, step.entry.body["actor"], f"log entry {step.entry.seq} actor")
    return Posted(game.rules.decode_action(step.entry.body["action"]), actor.seat)


def recap(game: GameEntry, rows: Sequence[tuple[Any, ...]], count: int | None, most: int, user_id: int,
          revealed: int, limit: int) -> tuple[bytes, int]:
    """An animated GIF of the last `count` actions (None: those since `user_id`'s own last one, at
    least one; at most `most`), each frame the posted view after it as everyone may see it,
    labelled as they may read it, and at most `limit` bytes; and how many frames it has."""
    entries = [log_entry(r) for r in rows]
    if count is None:
        actions = [e for e in entries if e.kind == "action"]
        mine = [i for i, e in enumerate(actions) if e.user_id == user_id]
        count = len(actions) - mine[-1] - 1 if mine else len(actions)
    steps = frames(game, entries, max(1, min(count, most)))
    if not steps:
        raise IllegalMove(Msg("Nothing has been played yet."))
    rules = game.rules
    pngs = [game.draw(rules.view(s.after, None), None, None, None, posted(game, s)) for s in steps]
    labels = [numbered(s.entry.seq, shown(s.entry, None, revealed)) for s in steps]
    return animate(pngs, labels, limit), len(steps)
