"""The table's read-only commands: status, the board, the log, and what autocomplete may see.
Everything here passes through the game's view for the asking player first."""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import replace
from datetime import datetime
from typing import Any

from rules.base import Awaiting, Highlight, Piece, Posted
from rules.errors import BadInput, IllegalMove, NotAllowed
from rules.messages import Msg, Plural, joined
from waypost import focusing, lookback, telling
from waypost.ahead import ready_count
from waypost.channels import Channels, Loaded
from waypost.clocks import Clocks, Timing, away_spent
from waypost.drawing import Described, Spoken
from waypost.fairness import TABLE, Allowance, Lane, Payer
from waypost.lookback import REPLAY_LIMIT, TOO_LONG
from waypost.outcome import Drawing, Drawn, LogPage, Mine, Outcome, Seen, Status, User, Waiting
from waypost.secrecy import numbered, shown

LOG_PAGE = 15
RECAP_LIMIT = 30  # the most actions a recap shows
REACH_LINES = 20  # the most places a reach answer lists in words (the board shows all)
SINCE_LINES = 25  # the most entries /game since shows (the rest: /game log)


class Looking:
    """Status, boards, history and views, each as the asking player may see them; boards drawn in
    the `drawing` lane, past positions and recaps in the `looking_back` one, charged to the user's
    `allowance`."""

    def __init__(self, channels: Channels, allowance: Allowance, drawing: Lane, looking_back: Lane):
        self.channels, self.allowance, self.drawing, self.looking_back = channels, allowance, drawing, looking_back
        self.store = channels.store
        self.games = channels.games

    async def status(self, channel_id: int, away_spent_too: bool = False) -> Status:
        """The channel's game at a glance (`away_spent_too`: with how long each player has been away in
        all, read from the log)."""
        loaded = await self.channels.require(channel_id)
        rules = loaded.game.rules
        public = loaded.view(None) if loaded.state is not None else None
        awaited = rules.awaiting(public) if public is not None else []
        now, clocks, timing = self.channels.now(), Clocks.load(loaded.row.clocks), Timing.of(loaded.row.settings)
        away = {int(p): datetime.fromisoformat(u) for p, u in loaded.row.away.items()}
        waiting = []
        for a in awaited:
            player = loaded.seats[a.seat].player_id
            waiting.append(Waiting(player, loaded.name(a.seat), a.kind, a.prompt, clocks.deadline(player, timing, now),
                                   away.get(player)))
        phase = rules.status_line(public) if public is not None else Msg("waiting for players")
        ready = await ready_count(self.channels, loaded) if loaded.row.status == "active" else None
        if ready is not None:  # the host's setting shows how many, never whose
            phase = Plural("{phase} ({n} player ready ahead)", "{phase} ({n} players ready ahead)", ready,
                           phase=phase)
        board = loaded.game.board(loaded.row.board).info
        spent = away_spent(await self.channels.away_log(loaded), now) if away_spent_too else {}
        return Status(loaded.game.key, rules.title, board.name, board.title, loaded.row.status, loaded.row.host_id,
                      tuple(loaded.seats), loaded.seat_range, phase, tuple(waiting), dict(loaded.row.settings),
                      loaded.row.ending, bool(loaded.row.paused_at),
                      tuple(loaded.identity(i) for i in range(len(loaded.seats))), tuple(sorted(spent.items())),
                      tuple((player, until) for player, until in away.items() if until > now))

    async def board(self, channel_id: int, user: User, private: bool = False, focus: str | None = None,
                    at: int | None = None, full: bool = False) -> Outcome:
        """The current board (or a finished game's last): public, or (private) as the user's seat
        sees it; the posted view (read at Discord's preview size), the whole board (`full`), or the
        part `focus` names (a region, or a player's part by colour, name or civilization:
        `waypost.focusing`); now, or as it was after log entry `at` (replayed off the event loop;
        secrets stay hidden as always)."""
        loaded = await self.channels.started(channel_id)
        payer = Payer(user.id, loaded.row.guild_id)
        self.allowance.check(payer)
        viewer = loaded.seat_of(user.id) if private else None
        rules = loaded.game.rules
        if at is not None:
            loaded = await self._as_of(loaded, at, payer)
        view = loaded.view(viewer)
        if focus is not None:
            focuses = rules.focuses(view)
            found, seat = focusing.named(focus, focuses, focusing.seat_words(loaded))
            if found is None:
                shown = ", ".join(v for v, _ in focuses[:20]) or Msg("none: this board is always shown whole")
                whose = Msg("{name} has no part of the board to show now", name=loaded.name(seat)) \
                    if seat is not None else Msg("The board cannot be narrowed to {focus}", focus=repr(focus[:40]))
                raise BadInput(Msg("{whose}. Choices: {choices}.", whose=whose, choices=shown))
            focus = found
        text = Msg("{game}: {status}.", game=rules.title, status=rules.status_line(view)) if at is None else \
            Msg("{game} after log entry {at}: {status}.", game=rules.title, at=at, status=rules.status_line(view))
        posted = None if full or focus is not None else Posted()
        return Outcome(text, private=private, drawing=replace(telling.drawing(loaded, viewer, rules.title, posted),
                                                              focus=focus, past=at is not None))

    async def movers(self, channel_id: int, user: User) -> list[Piece]:
        """The user's pieces that can move now (for autocomplete; none outside a game in play)."""
        loaded = await self.channels.load(channel_id)
        seat = loaded.seat_of(user.id) if loaded is not None and loaded.state is not None else None
        if loaded is None or seat is None:
            return []
        return loaded.game.rules.movers(loaded.view(seat), seat)

    async def reach(self, channel_id: int, user: User, piece: str) -> Outcome:
        """Privately: where one of the user's pieces can end a move now (from the game's legal
        options, on their view: what the menus offer), listed cheapest first and drawn over their
        board."""
        loaded = await self.channels.active(channel_id)
        seat = loaded.seat_of(user.id)
        if seat is None:
            raise NotAllowed(Msg("Only players of this game have pieces to move."))
        self.allowance.check(Payer(user.id, loaded.row.guild_id))
        rules, view = loaded.game.rules, loaded.view(seat)
        movers = rules.movers(view, seat)
        if not movers:
            raise IllegalMove(Msg("None of your pieces can move now."))
        wanted = piece.strip().casefold()
        found = next((p for p in movers if wanted in (p.id.casefold(), p.label.casefold())), None)
        if found is None:
            raise BadInput(Msg("{piece} is not one of your pieces that can move now: {pieces}.",
                               piece=repr(piece[:40]), pieces=", ".join(p.id for p in movers[:20])))
        reach = tuple(sorted(await asyncio.to_thread(rules.reach, view, seat, found.id, {}),
                             key=lambda r: (r.cost, r.to)))
        elsewhere = [r for r in reach if r.to != found.at or r.cost]  # staying put is not a place to go
        text = Plural("{piece}: {n} place within reach now.", "{piece}: {n} places within reach now.",
                      len(elsewhere), piece=found.label) if elsewhere else \
            Msg("{piece}: no place within reach now.", piece=found.label)
        lines: list[str] = [Msg("{area} ({note}) — cost {cost}, by {route}", area=r.to, note=r.note, cost=r.cost,
                                route=" → ".join(r.route)) if r.note else
                            Msg("{area} — cost {cost}, by {route}", area=r.to, cost=r.cost, route=" → ".join(r.route))
                            for r in elsewhere[:REACH_LINES]]
        if len(elsewhere) > REACH_LINES:
            lines.append(Msg("… and {n} more, on the board", n=len(elsewhere) - REACH_LINES))
        drawing = telling.drawing(loaded, seat, text)
        return Outcome(text, tuple(lines), private=True, drawing=replace(drawing, highlight=Highlight(found, reach)))

    async def _as_of(self, loaded: Loaded, at: int, payer: Payer) -> Loaded:
        """The game as it was after log entry `at`, replayed in a look-back process."""
        game_id = loaded.row.id
        total = await self.store.log_length(game_id)
        if not 1 <= at <= total:
            raise BadInput(Msg("The log has entries 1 to {total}, not {at}.", total=total, at=at))
        start = await self.store.first_of(game_id, "start")
        if start is None or at < start:
            raise IllegalMove(Msg("The game had not started by log entry {at}; it started at entry {start}.", at=at,
                                  start=start))
        if at > REPLAY_LIMIT:
            raise IllegalMove(joined([TOO_LONG, Msg("The board can be shown as it was up to entry {n}.",
                                                   n=f"{REPLAY_LIMIT:,}")]))
        rows = await self.store.log_rows(game_id, at)
        state = await self.looking_back.run(payer, lookback.state_after, lookback.sent(loaded.game), rows, check=True)
        return dataclasses.replace(loaded, state=state)

    async def since(self, channel_id: int, user: User) -> LogPage:
        """What happened since the user last acted themselves (a move the deadline or the host
        played for them is not theirs) or last looked with this command, newest last, as they may
        read it: the latest SINCE_LINES entries, read from the log's end whatever its length."""
        loaded = await self.channels.latest(channel_id)
        game_id = loaded.row.id
        mark = max(await self.store.last_own_action(game_id, user.id), await self.store.looked(game_id, user.id))
        total = await self.store.log_length(game_id)
        new = max(0, total - mark)
        entries = await self.store.log_page(game_id, 0, min(new, SINCE_LINES))
        revealed = await self.store.revealed_up_to(game_id)
        seat = loaded.seat_of(user.id)
        lines: list[str] = [numbered(e.seq, shown(e, seat, revealed)) for e in reversed(entries)]
        if new > SINCE_LINES:
            lines.insert(0, Plural("… {n} earlier entry: see /game log.", "… {n} earlier entries: see /game log.",
                                   new - SINCE_LINES))
        await self.store.set_looked(game_id, user.id, total)
        return LogPage(tuple(lines) or (Msg("Nothing has happened since you last acted or looked."),), 1, 1)

    async def recap(self, channel_id: int, user: User, count: int | None, limit: int) -> tuple[bytes, int]:
        """An animated GIF of the last `count` actions (by default, those since the user's own last
        action; at least one, at most RECAP_LIMIT), each frame the board as everyone may see it,
        labelled as they may read it, of at most `limit` bytes; and how many frames it has.
        Replayed and drawn in a look-back process."""
        loaded = await self.channels.started(channel_id)
        payer = Payer(user.id, loaded.row.guild_id)
        self.allowance.check(payer)
        game_id = loaded.row.id
        total = await self.store.log_length(game_id)
        if total > REPLAY_LIMIT:
            raise IllegalMove(joined([TOO_LONG, Msg("/game log tells what happened.")]))
        rows = await self.store.log_rows(game_id, total)
        revealed = await self.store.revealed_up_to(game_id)
        return await self.looking_back.run(payer, Spoken(telling.language(loaded), lookback.recap),
                                           lookback.sent(loaded.game), rows, count, RECAP_LIMIT, user.id, revealed,
                                           limit, check=True)

    async def focuses(self, channel_id: int, user: User) -> list[tuple[str, str]]:
        """What `/game board` can be narrowed to in this channel's game (for autocomplete), a player's
        part labelled with their colour, name and civilization."""
        loaded = await self.channels.load(channel_id)
        if loaded is None or loaded.state is None:
            return []
        return focusing.labelled(loaded.game.rules.focuses(loaded.view(loaded.seat_of(user.id))),
                                 focusing.seat_words(loaded))

    async def view(self, channel_id: int, user: User) -> Seen[Any] | None:
        """The channel's game in play as `user` may see it (for autocomplete), or None."""
        loaded = await self.channels.load(channel_id)
        if loaded is None or loaded.state is None:
            return None
        seat = loaded.seat_of(user.id)
        return Seen(loaded.game.key, loaded.view(seat), seat, loaded.row.id)

    async def decision(self, channel_id: int, user: User, key: str | None = None) -> Awaiting | None:
        """The decision the game asks of `user` (the one named `key`, or the first), if any."""
        loaded = await self.channels.load(channel_id)
        if loaded is None or loaded.state is None:
            return None
        seat = loaded.seat_of(user.id)
        return next((a for a in loaded.awaiting() if a.seat == seat and a.kind == "decision"
                     and key in (None, a.key)), None)

    async def withdrawn(self, channel_id: int, asked: int) -> bool:
        """Whether the move that asked a question (log entry `asked` of the channel's game) was
        taken back: its menu was withdrawn, not answered."""
        loaded = await self.channels.latest(channel_id)
        return asked in await self.store.undone(loaded.row.id, [asked])

    async def log(self, channel_id: int, user: User, page: int = 1) -> LogPage:
        """A page of history, newest first; secret moves read as such until revealed. Only the
        page is read from storage, whatever the log's length."""
        loaded = await self.channels.latest(channel_id)
        game_id = loaded.row.id
        total = await self.store.log_length(game_id)
        pages = max(1, -(-total // LOG_PAGE))
        if not 1 <= page <= pages:
            raise BadInput(Msg("Page {page} does not exist; the log has {pages}.", page=page,
                               pages=Plural("{n} page", "{n} pages", pages)))
        entries = await self.store.log_page(game_id, (page - 1) * LOG_PAGE, LOG_PAGE)
        revealed = await self.store.revealed_up_to(game_id)
        undone = await self.store.undone(game_id, [e.seq for e in entries])
        seat = loaded.seat_of(user.id)
        lines = tuple(numbered(e.seq, Msg("{action} (taken back)", action=shown(e, seat, revealed))
                               if e.seq in undone else shown(e, seat, revealed)) for e in entries)
        return LogPage(lines, page, pages)

    async def mine(self, user: User, guild_id: int | None) -> list[Mine]:
        """The open games `user` sits in on this server: those waiting for them first (soonest
        deadline first), then the others."""
        now = self.channels.now()
        found = []
        for row in await self.store.games_of(user.id, guild_id):
            game = self.games.get(row.game_key)
            if game is None:
                continue
            clocks = Clocks.load(row.clocks)
            waiting = user.id in clocks.running
            found.append(Mine(row.channel_id, game.rules.title, row.status, waiting,
                              clocks.deadline(user.id, Timing.of(row.settings), now) if waiting else None))
        far = datetime.max.replace(tzinfo=now.tzinfo)
        return sorted(found, key=lambda m: (not m.waiting, m.deadline or far, m.channel_id))

    async def live_board(self, channel_id: int) -> int | None:
        """The id of the message the channel's open game keeps its board in (setting board_images:
        live), if it has one yet."""
        loaded = await self.channels.load(channel_id)
        return await self.store.live_board(loaded.row.id) if loaded is not None else None

    async def keep_live_board(self, channel_id: int, message_id: int) -> None:
        """Remember the message the channel's open game keeps its board in from now on."""
        loaded = await self.channels.load(channel_id)
        if loaded is not None:
            await self.store.set_live_board(loaded.row.id, message_id)

    async def draw(self, drawing: Drawing, payer: Payer = TABLE) -> Drawn:
        """The PNG of a drawing and its alt text, drawn (and, `described`, the position described) in
        a worker process (waypost.drawing; a past position in a look-back one) in `payer`'s turn, and
        charged to them."""
        lane = self.looking_back if drawing.past else self.drawing
        game = self.games[drawing.game_key]
        if drawing.step is not None and game.picture is not None:
            pictured: bytes = await lane.run(payer, Spoken(drawing.language, game.picture), drawing.state,
                                             drawing.viewer, drawing.step)
            return Drawn(pictured, drawing.alt)
        args = (drawing.state, drawing.viewer, drawing.focus, drawing.highlight, drawing.posted)
        if drawing.described:
            png, alt = await lane.run(payer, Described(drawing.language, game.draw, game.rules, drawing.alt), *args)
            return Drawn(png, alt)
        return Drawn(await lane.run(payer, Spoken(drawing.language, game.draw), *args), drawing.alt)
