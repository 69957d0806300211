"""The table keeping itself moving: clocks, reminders, deadlines, away players, a paused game.

`tick` is called by a periodic task (and by tests, with a controllable clock): it finds the open
games due for a look from stored data (`games.next_due`), so nothing is lost across restarts, and
for each awaited player whose clock passed a point it posts a reminder, or at the deadline applies
the table's `deadline_action` (when it looks late, after downtime, only the latest point passed is
said: the deadline, else the last call): a notice to the host, or the game's default move for that player
(`Game.timeout`), logged as done by the deadline. Every post goes through the outbox in the same
transaction as the change it reports (`Store.save(posts=…)`), and is delivered once afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from rules.errors import BadInput, IllegalMove, NotAllowed, PlayerError
from rules.messages import Msg, Plural, joined
from waypost.channels import Channels, Loaded, settled_clocks
from waypost.clocks import DEADLINE, HALF, Clocks, Timing, away_spent
from waypost.outcome import Covered, Outcome, User
from waypost.play import Play
from waypost.records import Post
from waypost.shards import Shards

BY_DEADLINE = "By the deadline"
BY_HOST = "By the host, for a player out of time"
MOST_DEFAULTS = 10  # default moves played in a row for one player out of time
DAY = 24 * 3600


def left(seconds: float) -> str:
    """A duration as players say it, its two largest units: "2 days 3 hours", "4 hours 59 minutes"."""
    minutes = max(0, round(seconds / 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [said for n, said in ((days, Plural("{n} day", "{n} days", days)),
                                  (hours, Plural("{n} hour", "{n} hours", hours)),
                                  (minutes, Plural("{n} minute", "{n} minutes", minutes))) if n]
    return joined(parts[:2]) if parts else Msg("no time")


class Deadlines:
    """Clocks that act: reminders, deadlines, away, pause, and the host playing for a player (through
    `play`). `shards`: the servers whose periodic work this table does (None: all of them)."""

    def __init__(self, channels: Channels, play: Play, shards: Shards | None = None):
        self.channels, self.play, self.shards = channels, play, shards
        self.store = channels.store
        self.games = channels.games

    async def tick(self, limit: int = 50) -> int:
        """Deal with every open game whose clocks passed a point by now; returns how many."""
        now = self.channels.now()
        channels = await self.store.due(now.isoformat(), limit, self.shards)
        for channel in channels:
            async with self.channels.locked(channel):
                loaded = await self.channels.load(channel)
                if loaded is not None and loaded.row.next_due and loaded.row.next_due <= now.isoformat():
                    await self._due(loaded, now)
        return len(channels)

    async def _due(self, loaded: Loaded, now: datetime) -> None:
        """Post the reminders due and deal with each deadline passed. A default move for a player
        out of time is saved with its deadline marked (one transaction), so a restart between the
        two neither loses it nor plays it twice."""
        settled = loaded.but(**settled_clocks(loaded, now))  # a player back from being away: their clock runs from then
        posts, timed_out, clocks = _passed(settled, now)
        await self.channels.save(loaded, None, settled.but(clocks=clocks), posts=posts)
        for player in timed_out:
            await self._default_for(loaded, player)

    async def _default_for(self, loaded: Loaded, player: int) -> None:
        """Play the default move of a player whose deadline passed, saved with the deadline marked;
        when the game refuses it, the channel and the host are told so."""
        clocks = Clocks.load(loaded.row.clocks)
        if player not in clocks.running:  # an earlier default move ended the wait for them too
            return
        clocks.mark(player, DEADLINE)
        marked = {"clocks": clocks.dump()}
        try:
            await self._play_for(loaded, player, BY_DEADLINE, marked)
        except PlayerError as refused:
            notice = Msg("{name}'s time to play has run out, and their default move was not played: {why} The "
                         "host can play for them with /game skip, or wait.", name=_named(loaded, player),
                         why=refused.message)
            await self.channels.save(loaded, None, loaded.but(**marked),
                                     posts=[Post(notice, (player, loaded.row.host_id))])

    async def _play_for(self, loaded: Loaded, player: int, by: str,
                        changes: Mapping[str, Any] | None = None) -> Outcome:
        """The game's default moves for `player`, as `by`, until the game no longer waits for them
        (a tile's rotation, then the end of the turn); posted in the channel too. The row's `changes`
        (the deadline marked) are saved with the first."""
        seat = loaded.seat_of(player)
        if seat is None:
            raise IllegalMove(Msg("That member holds no seat in this game."))
        rules = loaded.game.rules
        outcomes: list[Outcome] = []
        for _ in range(MOST_DEFAULTS):
            action = rules.timeout(loaded.state, seat) if outcomes == [] or self._waits_for(loaded, seat) else None
            if action is None:
                break
            try:
                outcomes.append(await self.play.record(loaded, User(player, loaded.seats[seat].name), action, by=by,
                                                       changes=None if outcomes else changes, answered=by == BY_HOST,
                                                       chain=False))
            except PlayerError:
                if not outcomes:
                    raise
                break  # what was played stands; the game waits for the player again
        if not outcomes:
            raise IllegalMove(Msg("{game} has no default move for {name} now; they (or the host, with adjustments) "
                                  "must play.", game=rules.title, name=loaded.name(seat)))
        last = await self.play.ahead.after(loaded, outcomes[-1], self.play.record)  # prepared turns now due
        first = outcomes[0]
        later = tuple(line for o in outcomes[1:] for line in (o.text, *o.details))
        return replace(last, text=first.text, details=(*first.details, *later),
                       hits=tuple(dict.fromkeys(h for o in outcomes for h in o.hits)))

    def _waits_for(self, loaded: Loaded, seat: int) -> bool:
        return loaded.row.status == "active" and any(a.seat == seat for a in loaded.awaiting())

    async def skip(self, channel_id: int, user: User, player: int) -> Outcome:
        """The host plays the default move for a player whose time has run out."""
        async with self.channels.locked(channel_id):
            loaded = await self.play.playing(channel_id)
            if user.id != loaded.row.host_id:
                raise NotAllowed(Msg("Only the host can play for a player whose time has run out."))
            clock = Clocks.load(loaded.row.clocks).running.get(player)
            if clock is None:
                raise IllegalMove(Msg("The game is not waiting for that player."))
            if DEADLINE not in clock.reminded:
                raise IllegalMove(Msg("That player's time has not run out yet."))
            return await self._play_for(loaded, player, BY_HOST)

    async def away(self, channel_id: int, user: User, days: int) -> Outcome:
        """Set yourself away for `days` (0: back): your clock stops meanwhile."""
        async with self.channels.locked(channel_id):
            text = await self._away(await self.channels.active(channel_id), user, days)
        return Outcome(text)

    async def away_everywhere(self, user: User, guild_id: int | None, days: int, here: int) -> list[Covered]:
        """`away` in every game in play `user` sits in on this server, each within its own table's
        limits: what was said in each, or why its table refused. Each game's channel but `here`
        (whose line the command's answer is) is told through the outbox."""
        covered = []
        for row in await self.store.games_of(user.id, guild_id):
            if row.status != "active" or row.game_key not in self.games:
                continue
            async with self.channels.locked(row.channel_id):
                loaded = await self.channels.load(row.channel_id)
                if loaded is None or loaded.row.id != row.id or loaded.row.status != "active":
                    continue  # it ended meanwhile
                title = loaded.game.rules.title
                try:
                    text = await self._away(loaded, user, days, tell=row.channel_id != here)
                except PlayerError as refused:
                    covered.append(Covered(row.channel_id, title, str(refused), refused=True))
                else:
                    covered.append(Covered(row.channel_id, title, text))
        return covered

    async def _away(self, loaded: Loaded, user: User, days: int, tell: bool = False) -> str:
        """Set `user` away from the loaded game (locked by the caller) for `days`, or back (0); what
        the channel is told (through the outbox too, when `tell`)."""
        seat = loaded.seat_of(user.id)
        if seat is None:
            raise NotAllowed(Msg("Only players of this game can be away from it."))
        most = int(loaded.row.settings.get("away_days", 7))
        if not 0 <= days <= most:
            raise BadInput(Msg("At this table a player is away for at most {days} at once.",
                               days=Plural("{n} day", "{n} days", most)))
        total = int(loaded.row.settings.get("away_total_days", 21)) * DAY
        spent = away_spent(await self.channels.away_log(loaded), self.channels.now()).get(user.id, 0.0)
        if days and spent + days * DAY > total:
            said = [Msg("At this table each player is away for at most {days} in all during the game",
                        days=Plural("{n} day", "{n} days", total // DAY)),
                    *([Msg("you have been away {time}", time=left(spent))] if spent >= 60 else []),
                    Msg("you may be away at most {time} more", time=left(total - spent)) if total - spent >= DAY else
                    Msg("you cannot be away again in this game")]
            raise IllegalMove(Msg("{said}.", said=joined(said, "; ")))
        name = loaded.seats[seat].name
        if days:
            until = self.channels.now() + timedelta(days=days)
            away = {**loaded.row.away, str(user.id): until.isoformat()}
            text = Msg("{name} is away for {days}: their clock stops until they are back.", name=name,
                       days=Plural("{n} day", "{n} days", days))
        else:
            if str(user.id) not in loaded.row.away:
                raise IllegalMove(Msg("You are not away."))
            away = {p: u for p, u in loaded.row.away.items() if p != str(user.id)}
            text = Msg("{name} is back: their clock runs again.", name=name)
        await self.channels.save(loaded, self.channels.entry(user, "settings", {"away": days}, text),
                                 loaded.but(away=away), posts=[Post(text)] if tell else [])
        return text

    async def pause(self, channel_id: int, user: User, paused: bool) -> Outcome:
        """The host pauses the whole game (every clock stops) or resumes it."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.active(channel_id)
            if user.id != loaded.row.host_id:
                raise NotAllowed(Msg("Only the host can pause or resume the game."))
            if paused == bool(loaded.row.paused_at):
                raise IllegalMove(Msg("The game is already paused.") if paused else
                                  Msg("The game is already running."))
            paused_at = self.channels.now().isoformat() if paused else None
            text = (Msg("The host paused the game: every clock stops, and nobody moves until it resumes.") if paused
                    else Msg("The host resumed the game: the clocks run again."))
            await self.channels.save(loaded, self.channels.entry(user, "settings", {"paused": paused}, text),
                                     loaded.but(paused_at=paused_at))
        return Outcome(text)


def _passed(loaded: Loaded, now: datetime) -> tuple[list[Post], list[int], dict[str, Any]]:
    """The points passed by now: what to post for them (a reminder, a last call, a deadline told
    to the host), the players whose default move is due (marked with it, later), and the row's
    clocks with the points marked."""
    timing = Timing.of(loaded.row.settings)
    clocks = Clocks.load(loaded.row.clocks)
    posts: list[Post] = []
    timed_out: list[int] = []
    title = loaded.game.rules.title
    default = loaded.row.settings.get("deadline_action") == "default"
    for player in list(clocks.running):
        due = [point for point, when in clocks.points(player, timing, now) if when <= now]
        if not due:
            continue
        for point in due:  # past points, oldest first: only the latest is still worth saying (a late
            if point != DEADLINE or not default:  # timekeeper must not send a reminder, a last call
                clocks.mark(player, point)  # and the deadline at once)
        point = due[-1]
        if point == DEADLINE and default:
            timed_out.append(player)  # marked with its move
        elif point != DEADLINE:
            deadline = clocks.deadline(player, timing, now)
            remaining = left((deadline - now).total_seconds()) if deadline else Msg("no")  # TRANSLATORS: "no left"
            said = Msg("Reminder: the {game} game here waits for you; {time} left.", game=title, time=remaining) \
                if point == HALF else Msg("Last call: the {game} game here waits for you; {time} left.", game=title,
                                          time=remaining)
            posts.append(Post(said, (player,)))
        else:
            posts.append(Post(Msg("{name}'s time to play has run out. The host can play their default move with "
                                  "/game skip, or wait.", name=_named(loaded, player)), (player, loaded.row.host_id)))
    return posts, timed_out, clocks.dump()


def _named(loaded: Loaded, player: int) -> str:
    seat = loaded.seat_of(player)
    return loaded.seats[seat].name if seat is not None else Msg("A player")
