"""The table's play commands: a game action, the answer to a decision, taking an action back."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from rules import serial
from rules.base import Action, Posted, Result
from rules.core import salted
from rules.errors import IllegalMove, NoGame, NotAllowed
from rules.options import Values
from waypost.channels import Channels, Loaded, asked_by
from waypost.outcome import Outcome, User
from waypost.records import Post

PAUSED = "The host paused the game: nobody moves until they resume it with /game resume."


class Play(Channels):
    """Actions checked by the game's rules, recorded, and announced to whom they concern. While the
    host has paused the game nobody plays: moves, answers and take-backs wait for /game resume."""

    async def _playing(self, channel_id: int) -> Loaded:
        """The channel's game in play and not paused."""
        loaded = await self._active(channel_id)
        if loaded.row.paused_at:
            raise IllegalMove(PAUSED)
        return loaded

    async def act(self, channel_id: int, user: User, game_key: str, action: Action) -> Outcome:
        """Apply one of game `game_key`'s actions for `user`. An action of another type than the
        game's is a bug in the caller (TypeError), not a refusal."""
        async with self._locked(channel_id):
            return await self._record(await self._game(channel_id, game_key), user, action)

    async def _game(self, channel_id: int, game_key: str) -> Loaded:
        """The channel's game in play, if it is game `game_key`."""
        loaded = await self._playing(channel_id)
        if loaded.game.key != game_key:
            theirs = self.game(game_key).rules.title if game_key in self.games else game_key
            raise NoGame(f"The game in this channel is {loaded.game.rules.title}, not {theirs}.")
        return loaded

    async def command(self, channel_id: int, user: User, game_key: str, kind: str, values: Values) -> Outcome:
        """A command as players give it: action `kind` of game `game_key` with the values they chose
        or typed, read by the game's notation on their own view (`Game.build`), then applied."""
        async with self._locked(channel_id):
            loaded = await self._game(channel_id, game_key)
            actor = loaded.actor(user)
            if actor.seat is None and not actor.host:  # said before anything typed is read
                raise NotAllowed("You are not playing in this game.")
            action = loaded.game.rules.build(loaded.view(actor.seat), actor, kind, values)
            return await self._record(loaded, user, action)

    async def choose(self, channel_id: int, user: User, choice: str, key: str = "") -> Outcome:
        """Answer the decision `key` the game asks of `user` (their first, if ""): one of the answers
        its legal options offer them (`Game.answering`, on their view)."""
        async with self._locked(channel_id):
            loaded = await self._playing(channel_id)
            actor = loaded.actor(user)
            if actor.seat is None and not actor.host:
                raise NotAllowed("You are not playing in this game.")
            action = loaded.game.rules.answering(loaded.view(actor.seat), actor, choice, key)
            return await self._record(loaded, user, action)

    async def _record(self, loaded: Loaded, user: User, action: Action, by: str = "") -> Outcome:
        """`user` plays `action`; `by` names who really acted when it was not them (the deadline, or
        the host for a player whose time ran out): such a move is said so and cannot be taken back.
        An action that seals a commitment gets a fresh salt here, whatever it carried."""
        actor = loaded.actor(user)
        if actor.seat is None and not actor.host:
            raise NotAllowed("You are not playing in this game.")
        rules = loaded.game.rules
        action = salted(action, secrets.token_hex(8))
        before = self._awaiting(loaded)
        result: Result[Any] = rules.apply(loaded.state, actor, action)
        if by:
            result = replace(result, summary=f"{by}: {result.summary}", undoable=False)
        name = loaded.name(actor.seat) if actor.seat is not None else "The host"
        last = await self._last_action(loaded)
        tail = last is not None and last.user_id == user.id and last.undoable
        body = {"action": rules.encode_action(action), "actor": serial.dump(actor), **({"by": by} if by else {})}
        entry = self._entry(user, "action", body, result.summary, details=[*result.details, *result.proof],
                            seat=actor.seat, secret=result.secret, reveals=result.reveals, undoable=result.undoable,
                            public=(result.public or f"{name} made a secret move.") if result.secret else "")
        previous = loaded.row.state
        loaded.row.state, loaded.state = rules.encode_state(result.state), result.state
        loaded.row.unclaimed = [s for s in loaded.row.unclaimed if s != actor.seat]  # playing claims a seat
        ending = rules.ending(result.state)
        if ending is not None:
            loaded.row.status, loaded.row.ending = "ended", ending.text
        loud = loaded.row.settings.get("chatter") == "loud"
        told_channel = entry.public if loud else result.said or entry.public
        if result.secret and by:  # sealed for a player out of time: whoever made it sees no more than others
            outcome = Outcome(f"{by}: {told_channel}")
        elif result.secret:  # the player's own board shows what they sealed
            outcome = Outcome(result.summary, result.details, private=True, announce=told_channel,
                              drawing=self._drawing(loaded, actor.seat, result.summary, Posted(action, actor.seat)),
                              gather="" if loud else self._line_of(loaded, actor.seat))
        else:
            outcome = self._outcome(loaded, user, result.summary, (*result.details, *(result.proof if loud else ())),
                                    before, draw=result.board_changed or ending is not None or loud, hits=result.hits,
                                    posted=Posted(action, actor.seat))
        if ending is not None:
            outcome = replace(outcome, details=(*outcome.details, f"Game over: {ending.text}"), ping=(),
                              finished=True, live=False)  # the final board is posted, not edited in
        told = [Post(outcome.announce or " ".join((outcome.text, *outcome.details)), outcome.ping + outcome.hits)] \
            if by else []  # nobody ran a command: the channel is told through the outbox
        saved = await self._save(loaded, entry, before=previous if result.undoable else None,
                                 forget=not (tail and result.undoable), posts=told)
        if saved is not None:
            loaded.read["last"] = (loaded.row.version, saved)  # the next action need not read it back
        outcome = asked_by(outcome, saved)
        if result.proof and not loud and saved is not None:  # the reveal's proof stays in the log, a button away
            outcome = replace(outcome, verify=saved.seq)
        return outcome

    @staticmethod
    def _line_of(loaded: Loaded, seat: int | None) -> str:
        """The key of a seat's one line in the channel for its secret moves of the phase in play."""
        position = loaded.game.rules.position(loaded.state)
        return f"{loaded.row.id}:{seat}:{position.phase}:{position.heading}"

    async def undo(self, channel_id: int, user: User) -> Outcome:
        """Take back the user's own last action, if nobody acted since and it revealed nothing.
        Taking back a secret action is answered privately, and its log entry stays secret; the
        channel is told that a secret move was taken back."""
        async with self._locked(channel_id):
            loaded = await self._playing(channel_id)
            last = await self._last_action(loaded)
            if last is None:
                raise IllegalMove("There is nothing to take back.")
            if last.user_id != user.id:
                who = loaded.name(last.seat) if last.seat is not None else "the host"
                raise IllegalMove(f"You can only take back your own last action; the last one was {who}'s.")
            if not last.undoable:
                raise IllegalMove("That action revealed something hidden or random, so it cannot be taken back.")
            snapshot = await self.store.snapshot(loaded.row.id, last.seq)
            if snapshot is None:
                raise IllegalMove("That action can no longer be taken back.")
            before = self._awaiting(loaded)
            state = loaded.game.rules.decode_state(snapshot)
            name = loaded.name(last.seat) if last.seat is not None else "The host"
            text = f"{name} took back their last action: {last.summary}"
            entry = self._entry(user, "undo", {}, text, seat=last.seat, undoes=last.seq, secret=last.secret,
                                public=f"{name} took back a secret move." if last.secret else "")
            loaded.row.state, loaded.state = snapshot, state
            saved = await self._save(loaded, entry)
            if last.secret:  # the channel saw the commitment: it sees it withdrawn, never what it held
                return Outcome(text, private=True, announce=entry.public,
                               drawing=self._drawing(loaded, last.seat, text, Posted()))
            return asked_by(self._outcome(loaded, user, text, (), before, draw=True), saved)
