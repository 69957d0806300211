"""The table's play commands: a game action, the answer to a decision, taking an action back."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules import serial
from rules.base import Action, Actor, Awaiting, Ending, Game, Posted, Result
from rules.core import salted
from rules.errors import IllegalMove, NoGame, NotAllowed
from rules.messages import Msg, joined
from rules.options import Value, Values
from waypost import telling
from waypost.ahead import Ahead
from waypost.channels import Channels, Loaded
from waypost.i18n import SOURCE, english, typed
from waypost.outcome import Outcome, User
from waypost.records import LogEntry, Post
from waypost.telling import asked_by

PAUSED = Msg("The host paused the game: nobody moves until they resume it with /game resume.")


class Play:
    """Actions checked by the game's rules, recorded, and announced to whom they concern. While the
    host has paused the game nobody plays: moves, answers and take-backs wait for /game resume."""

    def __init__(self, channels: Channels):
        self.channels = channels
        self.store = channels.store
        self.games = channels.games
        self.ahead = Ahead(channels)

    async def playing(self, channel_id: int) -> Loaded:
        """The channel's game in play and not paused."""
        loaded = await self.channels.active(channel_id)
        if loaded.row.paused_at:
            raise IllegalMove(PAUSED)
        return loaded

    async def act(self, channel_id: int, user: User, game_key: str, action: Action) -> Outcome:
        """Apply one of game `game_key`'s actions for `user`. An action of another type than the
        game's is a bug in the caller (TypeError), not a refusal."""
        async with self.channels.locked(channel_id):
            loaded = await self._game(channel_id, game_key)
            if self.ahead.preparing(loaded, loaded.actor(user), action.kind):
                return await self.ahead.prepare(loaded, user, action)
            return await self.record(loaded, user, action)

    async def _game(self, channel_id: int, game_key: str) -> Loaded:
        """The channel's game in play, if it is game `game_key`."""
        loaded = await self.playing(channel_id)
        if loaded.game.key != game_key:
            theirs = self.channels.game(game_key).rules.title if game_key in self.games else game_key
            raise NoGame(Msg("The game in this channel is {game}, not {theirs}.", game=loaded.game.rules.title,
                             theirs=theirs))
        return loaded

    async def command(self, channel_id: int, user: User, game_key: str, kind: str, values: Values,
                      language: str = SOURCE) -> Outcome:
        """A command as players give it: action `kind` of game `game_key` with the values they chose
        or typed (the game's words in English or in their `language`), read by the game's notation on
        their own view (`Game.build`), then applied."""
        async with self.channels.locked(channel_id):
            loaded = await self._game(channel_id, game_key)
            actor = loaded.actor(user)
            if actor.seat is None and not actor.host:  # said before anything typed is read
                raise NotAllowed(Msg("You are not playing in this game."))
            view = loaded.view(actor.seat)
            values = typed_in(loaded.game.rules, view, values, language)
            action = loaded.game.rules.build(view, actor, kind, values)
            if self.ahead.preparing(loaded, actor, kind):
                return await self.ahead.prepare(loaded, user, action)
            return await self.record(loaded, user, action)

    async def choose(self, channel_id: int, user: User, choice: str, key: str = "", language: str = SOURCE) -> Outcome:
        """Answer the decision `key` the game asks of `user` (their first, if ""): one of the answers
        its legal options offer them (`Game.answering`, on their view), typed in English or as the
        menu shows it in their `language` ("keine" → "none")."""
        async with self.channels.locked(channel_id):
            loaded = await self.playing(channel_id)
            actor = loaded.actor(user)
            if actor.seat is None and not actor.host:
                raise NotAllowed(Msg("You are not playing in this game."))
            asked = next((a for a in loaded.awaiting() if a.seat == actor.seat and a.kind == "decision"
                          and key in ("", a.key)), None)
            choice = typed(choice, asked.options, language) if asked is not None else choice
            action = loaded.game.rules.answering(loaded.view(actor.seat), actor, choice, key)
            return await self.record(loaded, user, action)

    async def record(self, loaded: Loaded, user: User, action: Action, by: str = "",
                     changes: Mapping[str, Any] | None = None, answered: bool = False, prepared: bool = False,
                     drops: int | None = None, chain: bool = True) -> Outcome:
        """`user` plays `action`; `by` names who really acted when it was not them (the deadline, or
        the host for a player whose time ran out): such a move is said so and cannot be taken back,
        and it is posted through the outbox unless a command's answer tells it (`answered`: the
        host's, who is not to be told of it again). A `prepared` step is the player's own, said
        "played as prepared" and told in the channel (nobody ran a command); `drops` (a prepared
        turn's last step: its seat) drops that seat's prepared turn with it, as any action of a seat
        on turn does. Then (`chain`) whoever's prepared turn has come plays it (`Ahead.after`).
        An action that seals a commitment gets a fresh salt here, whatever it carried. The row's
        `changes` (a deadline marked) are saved with it. Its steps: the rules' result, its log entry,
        the changed game (a new row: the cached one is never changed in place), what it tells whom,
        and the change saved with that."""
        actor = loaded.actor(user)
        if actor.seat is None and not actor.host:
            raise NotAllowed(Msg("You are not playing in this game."))
        action = salted(action, secrets.token_hex(8))
        before = loaded.awaiting()
        result: Result[Any] = loaded.game.rules.apply(loaded.state, actor, action)
        if by:
            result = replace(result, summary=Msg("{by}: {summary}", by=by, summary=result.summary), undoable=False)
        if prepared:
            result = replace(result, summary=Msg("{summary} (played as prepared)", summary=result.summary))
        last = await self.channels.last_action(loaded)
        tail = last is not None and last.user_id == user.id and last.undoable  # their earlier snapshots stay
        entry = self._entry(loaded, user, actor, action, result, by)
        played, ending = _applied(loaded, actor, result, changes or {})
        outcome = self._told(played, user, actor, action, result, entry, before, by, ending)
        outcome = await self._persist(loaded, played, entry, outcome, result, keep=tail and result.undoable,
                                      told=bool(by) and not answered or prepared,
                                      seat=drops if prepared else _on_turn(actor, before))
        return await self.ahead.after(loaded, outcome, self.record) if chain and not prepared else outcome

    async def _persist(self, loaded: Loaded, played: Loaded, entry: LogEntry, outcome: Outcome,
                       result: Result[Any], keep: bool, told: bool, seat: int | None) -> Outcome:
        """Save the action's entry with the changed game, `played` (with the state before it while
        it may be taken back; the older snapshots kept if `keep`; `seat`'s prepared turn dropped)
        and, when no command's answer tells it (`told`), what the channel is told, through the
        outbox; the outcome marked with the entry saved."""
        said = outcome.text.casefold()  # the details not already said, as an answer shows them
        details = [d for d in outcome.details if d.casefold() not in said]
        posts = [Post(outcome.announce or joined([outcome.text, *details]), outcome.ping + outcome.hits)] \
            if told else []
        saved = await self.channels.save(loaded, entry, played, before=loaded.row.state if result.undoable else None,
                                         forget=not keep, posts=posts, played=seat)
        if saved is not None:
            loaded.log_cache["last"] = (loaded.row.version, saved)  # the next action need not read it back
        outcome = asked_by(outcome, saved)
        if result.proof and not _loud(loaded) and saved is not None:  # the proof stays in the log, a button away
            outcome = replace(outcome, verify=saved.seq)
        return outcome

    def _entry(self, loaded: Loaded, user: User, actor: Actor, action: Action, result: Result[Any],
               by: str) -> LogEntry:
        """The log entry of an action played: what the channel reads of it, and what an undo needs."""
        name = loaded.name(actor.seat) if actor.seat is not None else Msg("The host")
        body = {"action": loaded.game.rules.encode_action(action), "actor": serial.dump(actor),
                **({"by": by} if by else {})}
        return self.channels.entry(user, "action", body, result.summary, details=[*result.details, *result.proof],
                                   seat=actor.seat, secret=result.secret, reveals=result.reveals,
                                   undoable=result.undoable, public=(result.public or Msg("{name} made a secret move.",
                                                                                           name=name))
                                   if result.secret else "")

    @staticmethod
    def _told(loaded: Loaded, user: User, actor: Actor, action: Action, result: Result[Any], entry: LogEntry,
              before: list[Awaiting], by: str, ending: Ending | None) -> Outcome:
        """What an action applied tells whom: a secret one its player privately (the channel what it
        may know), any other the channel, with the final board when it ended the game."""
        loud = _loud(loaded)
        told_channel = entry.public if loud else result.said or entry.public
        if result.secret and by:  # sealed for a player out of time: whoever made it sees no more than others
            outcome = Outcome(f"{by}: {told_channel}")
        elif result.secret:  # the player's own board shows what they sealed
            outcome = Outcome(result.summary, result.details, private=True, announce=told_channel,
                              drawing=telling.drawing(loaded, actor.seat, result.summary, Posted(action, actor.seat)),
                              gather="" if loud else _line_of(loaded, actor.seat),
                              going_on=telling.going_on(loaded, user))
        else:
            outcome = telling.outcome(loaded, user, result.summary, (*result.details, *(result.proof if loud else ())),
                                      before, draw=result.board_changed or ending is not None or loud,
                                      hits=result.hits, posted=Posted(action, actor.seat, result.places))
        if ending is not None:
            outcome = replace(outcome, details=(*outcome.details, Msg("Game over: {text}", text=ending.text)), ping=(),
                              finished=True, live=False)  # the final board is posted, not edited in
        return outcome

    async def undo(self, channel_id: int, user: User) -> Outcome:
        """Take back the user's own last action, if nobody acted since and it revealed nothing.
        Taking back a secret action is answered privately, and its log entry stays secret; the
        channel is told that a secret move was taken back."""
        async with self.channels.locked(channel_id):
            loaded = await self.playing(channel_id)
            last = await self.channels.last_action(loaded)
            if last is None:
                raise IllegalMove(Msg("There is nothing to take back."))
            if last.user_id != user.id:
                who = loaded.name(last.seat) if last.seat is not None else Msg("the host")
                raise IllegalMove(Msg("You can only take back your own last action; the last one was {who}'s.",
                                      who=who))
            if not last.undoable:
                raise IllegalMove(Msg("That action revealed something hidden or random, so it cannot be taken back."))
            snapshot = await self.store.snapshot(loaded.row.id, last.seq)
            if snapshot is None:
                raise IllegalMove(Msg("That action can no longer be taken back."))
            before = loaded.awaiting()
            state = loaded.game.rules.decode_state(snapshot)
            name = loaded.name(last.seat) if last.seat is not None else Msg("The host")
            text = Msg("{name} took back their last action: {action}", name=name, action=last.summary)
            entry = self.channels.entry(user, "undo", {}, text, seat=last.seat, undoes=last.seq, secret=last.secret,
                                public=Msg("{name} took back a secret move.", name=name) if last.secret else "")
            saved = await self.channels.save(loaded, entry, loaded.but(state, state=snapshot))
            if last.secret:  # the channel saw the commitment: it sees it withdrawn, never what it held
                return Outcome(text, private=True, announce=entry.public,
                               drawing=telling.drawing(loaded, last.seat, text, Posted()))
            return asked_by(telling.outcome(loaded, user, text, (), before, draw=True), saved)


def _applied(loaded: Loaded, actor: Actor, result: Result[Any],
             changes: Mapping[str, Any]) -> tuple[Loaded, Ending | None]:
    """The loaded game with an action's result in it (a new row, with the row's `changes`: the
    acting seat claimed by playing; a game the result ends, closed as finished), and the ending if
    it ended."""
    rules = loaded.game.rules
    ending = rules.ending(result.state)
    over = {"status": "ended", "ending": ending.text} if ending is not None else {}
    played = loaded.but(result.state, **{**changes, **over}, state=rules.encode_state(result.state),
                        unclaimed=[s for s in loaded.row.unclaimed if s != actor.seat])  # playing claims a seat
    return played, ending


def _on_turn(actor: Actor, before: list[Awaiting]) -> int | None:
    """The acting seat if it was on turn: its turn played, its prepared turn is dropped."""
    return actor.seat if any(a.seat == actor.seat and a.kind == "turn" for a in before) else None


def _loud(loaded: Loaded) -> bool:
    """Whether the table says everything in the channel (setting chatter: loud)."""
    return bool(loaded.row.settings.get("chatter") == "loud")


def _line_of(loaded: Loaded, seat: int | None) -> str:
    """The key of a seat's one line in the channel for its secret moves of the phase in play."""
    position = loaded.game.rules.positioned(loaded.state)
    return f"{loaded.row.id}:{seat}:{position.phase}:{position.heading}"


def typed_in(rules: Game[Any], view: Any, values: Values, language: str) -> dict[str, Value | None]:
    """The values a player typed in `language`, put back into the English the rules read: an option's
    keywords (`Game.keywords`: "keine" → "none") and the game's words inside any text
    (`Game.words`: "2 Bogenschützen" → "2 archer"; not worked out for English, read as it is)."""
    words = rules.words(view) if language != SOURCE else {}
    read: dict[str, Value | None] = {}
    for name, value in values.items():
        if isinstance(value, str):
            value = typed(value, rules.keywords[name], language) if name in rules.keywords else \
                english(value, words, language)
        read[name] = value
    return read
