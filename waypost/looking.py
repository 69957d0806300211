"""The table's read-only commands: status, the board, the log, and what autocomplete may see.
Everything here passes through the game's view for the asking player first."""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import replace
from datetime import datetime

from render.recap import animate
from rules.base import Awaiting, Highlight, Piece, Posted
from rules.errors import BadInput, IllegalMove, NotAllowed
from rules.text import plural
from waypost import drawing
from waypost.channels import Channels, Loaded
from waypost.clocks import Clocks, Timing
from waypost.drawing import draw as draw_board
from waypost.outcome import Drawing, LogPage, Mine, Outcome, Recap, Seen, Status, User, Waiting
from waypost.replay import frames, replay
from waypost.secrecy import shown

LOG_PAGE = 15
RECAP_LIMIT = 30  # the most actions a recap shows
REACH_LINES = 20  # the most places a reach answer lists in words (the board shows all)


class Looking(Channels):
    """Status, boards, history and views, each as the asking player may see them."""

    async def status(self, channel_id: int) -> Status:
        loaded = await self._require(channel_id)
        rules = loaded.game.rules
        public = loaded.view(None) if loaded.state is not None else None
        awaited = rules.awaiting(public) if public is not None else []
        now, clocks, timing = self._clock(), Clocks.load(loaded.row.clocks), Timing.of(loaded.row.settings)
        away = {int(p): datetime.fromisoformat(u) for p, u in loaded.row.away.items()}
        waiting = []
        for a in awaited:
            player = loaded.seats[a.seat].player_id
            waiting.append(Waiting(player, loaded.name(a.seat), a.kind, a.prompt, clocks.deadline(player, timing, now),
                                   away.get(player)))
        phase = rules.phase(public) if public is not None else "waiting for players"
        board = loaded.game.board(loaded.row.board).info
        return Status(loaded.game.key, rules.title, board.name, board.title, loaded.row.status, loaded.row.host_id,
                      tuple(loaded.seats), loaded.seat_range, phase, tuple(waiting), dict(loaded.row.settings),
                      loaded.row.ending, bool(loaded.row.paused_at),
                      tuple(loaded.identity(i) for i in range(len(loaded.seats))))

    async def board(self, channel_id: int, user: User, private: bool = False, focus: str | None = None,
                    at: int | None = None, full: bool = False) -> Outcome:
        """The current board (or a finished game's last): public, or (private) as the user's seat
        sees it; the posted view (read at Discord's preview size), the whole board (`full`), or the
        part `focus` names (a region, a player's territory); now, or as it was after log entry
        `at` (replayed off the event loop; secrets stay hidden as always)."""
        loaded = await self._played(channel_id)
        viewer = loaded.seat_of(user.id) if private else None
        rules = loaded.game.rules
        if at is not None:
            loaded = await self._as_of(loaded, at)
        view = loaded.view(viewer)
        if focus is not None:
            focuses = dict(rules.focuses(view))
            found = next((v for v in focuses if v.casefold() == focus.strip().casefold()), None)
            if found is None:
                shown = ", ".join(list(focuses)[:20]) or "none: this board is always shown whole"
                raise BadInput(f"The board cannot be narrowed to {focus[:40]!r}. Choices: {shown}.")
            focus = found
        text = f"{rules.title}: {rules.phase(view)}." if at is None else \
            f"{rules.title} after log entry {at}: {rules.phase(view)}."
        posted = None if full or focus is not None else Posted()
        return Outcome(text, private=private, drawing=replace(self._drawing(loaded, viewer, rules.title, posted),
                                                              focus=focus))

    async def movers(self, channel_id: int, user: User) -> list[Piece]:
        """The user's pieces that can move now (for autocomplete; none outside a game in play)."""
        loaded = await self._load(channel_id)
        seat = loaded.seat_of(user.id) if loaded is not None and loaded.state is not None else None
        if loaded is None or seat is None:
            return []
        return loaded.game.rules.movers(loaded.view(seat), seat)

    async def reach(self, channel_id: int, user: User, piece: str) -> Outcome:
        """Privately: where one of the user's pieces can end a move now (the game's own query, on
        their view), listed cheapest first and drawn over their board."""
        loaded = await self._active(channel_id)
        seat = loaded.seat_of(user.id)
        if seat is None:
            raise NotAllowed("Only players of this game have pieces to move.")
        rules, view = loaded.game.rules, loaded.view(seat)
        movers = rules.movers(view, seat)
        if not movers:
            raise IllegalMove("None of your pieces can move now.")
        wanted = piece.strip().casefold()
        found = next((p for p in movers if wanted in (p.id.casefold(), p.label.casefold())), None)
        if found is None:
            raise BadInput(f"{piece[:40]!r} is not one of your pieces that can move now: "
                           f"{', '.join(p.id for p in movers[:20])}.")
        reach = tuple(sorted(await asyncio.to_thread(rules.reach, view, seat, found.id, {}),
                             key=lambda r: (r.cost, r.to)))
        elsewhere = [r for r in reach if r.to != found.at or r.cost]  # staying put is not a place to go
        text = f"{found.label}: {plural(len(elsewhere), 'place')} within reach now." if elsewhere else \
            f"{found.label}: no place within reach now."
        lines = [f"{r.to}{f' ({r.note})' if r.note else ''} — cost {r.cost}, by {' → '.join(r.route)}"
                 for r in elsewhere[:REACH_LINES]]
        if len(elsewhere) > REACH_LINES:
            lines.append(f"… and {len(elsewhere) - REACH_LINES} more, on the board")
        drawing = self._drawing(loaded, seat, text)
        return Outcome(text, tuple(lines), private=True, drawing=replace(drawing, highlight=Highlight(found, reach)))

    async def _as_of(self, loaded: Loaded, at: int) -> Loaded:
        """The game as it was after log entry `at`."""
        entries = await self.store.log(loaded.row.id)
        start = next((e.seq for e in entries if e.kind == "start"), None)
        if not 1 <= at <= len(entries):
            raise BadInput(f"The log has entries 1 to {len(entries)}, not {at}.")
        if start is None or at < start:
            raise IllegalMove(f"The game had not started by log entry {at}; it started at entry {start}.")
        state = await asyncio.to_thread(replay, loaded.game, entries[:at])
        return dataclasses.replace(loaded, state=state)

    async def since(self, channel_id: int, user: User) -> LogPage:
        """What happened since the user's last action (everything, if they have not acted), newest
        last, as they may read it."""
        loaded = await self._latest(channel_id)
        entries = await self.store.log(loaded.row.id)
        mine = max((e.seq for e in entries if e.user_id == user.id and e.kind == "action"), default=0)
        revealed = await self.store.revealed_up_to(loaded.row.id)
        seat = loaded.seat_of(user.id)
        lines = tuple(f"{e.seq}. {shown(e, seat, revealed)}" for e in entries[mine:])
        return LogPage(lines or ("Nothing has happened since your last action.",), 1, 1)

    async def recap(self, channel_id: int, user: User, count: int | None = None) -> Recap:
        """The last `count` actions (by default, those since the user's own last action, at least
        one) as states to animate, each as everyone may see it, labelled as they may read it."""
        loaded = await self._played(channel_id)
        entries = await self.store.log(loaded.row.id)
        if count is None:
            after_mine = [e for e in entries if e.kind == "action"]
            mine = [i for i, e in enumerate(after_mine) if e.user_id == user.id]
            count = len(after_mine) - mine[-1] - 1 if mine else len(after_mine)
        count = max(1, min(count, RECAP_LIMIT))
        steps = await asyncio.to_thread(frames, loaded.game, entries, count)
        if not steps:
            raise IllegalMove("Nothing has been played yet.")
        revealed = await self.store.revealed_up_to(loaded.row.id)
        rules = loaded.game.rules
        return Recap(loaded.game.key, tuple(rules.view(s.after, None) for s in steps),
                     tuple(f"{s.entry.seq}. {shown(s.entry, None, revealed)}" for s in steps))

    async def animate(self, recap: Recap, limit: int) -> bytes:
        """An animated GIF of a recap, its frames drawn in the drawing processes."""
        paint = self.games[recap.game_key].draw
        pngs = await asyncio.gather(*(draw_board(paint, state, None) for state in recap.states))
        return await drawing.run(animate, list(pngs), list(recap.labels), limit)

    async def focuses(self, channel_id: int, user: User) -> list[tuple[str, str]]:
        """What `/game board` can be narrowed to in this channel's game (for autocomplete)."""
        loaded = await self._load(channel_id)
        if loaded is None or loaded.state is None:
            return []
        return loaded.game.rules.focuses(loaded.view(loaded.seat_of(user.id)))

    async def view(self, channel_id: int, user: User) -> Seen | None:
        """The channel's game in play as `user` may see it (for autocomplete), or None."""
        loaded = await self._load(channel_id)
        if loaded is None or loaded.state is None:
            return None
        seat = loaded.seat_of(user.id)
        return Seen(loaded.game.key, loaded.view(seat), seat, loaded.row.id)

    async def decision(self, channel_id: int, user: User, key: str | None = None) -> Awaiting | None:
        """The decision the game asks of `user` (the one named `key`, or the first), if any."""
        loaded = await self._load(channel_id)
        if loaded is None or loaded.state is None:
            return None
        seat = loaded.seat_of(user.id)
        return next((a for a in self._awaiting(loaded) if a.seat == seat and a.kind == "decision"
                     and key in (None, a.key)), None)

    async def log(self, channel_id: int, user: User, page: int = 1) -> LogPage:
        """A page of history, newest first; secret moves read as such until revealed. Only the
        page is read from storage, whatever the log's length."""
        loaded = await self._latest(channel_id)
        game_id = loaded.row.id
        total = await self.store.log_length(game_id)
        pages = max(1, -(-total // LOG_PAGE))
        if not 1 <= page <= pages:
            raise BadInput(f"Page {page} does not exist; the log has {plural(pages, 'page')}.")
        entries = await self.store.log_page(game_id, (page - 1) * LOG_PAGE, LOG_PAGE)
        revealed = await self.store.revealed_up_to(game_id)
        undone = await self.store.undone(game_id, [e.seq for e in entries])
        seat = loaded.seat_of(user.id)
        lines = tuple(f"{e.seq}. {shown(e, seat, revealed)}{' (taken back)' if e.seq in undone else ''}"
                      for e in entries)
        return LogPage(lines, page, pages)

    async def mine(self, user: User, guild_id: int | None) -> list[Mine]:
        """The open games `user` sits in on this server: those waiting for them first (soonest
        deadline first), then the others."""
        now = self._clock()
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
        loaded = await self._load(channel_id)
        return await self.store.live_board(loaded.row.id) if loaded is not None else None

    async def keep_live_board(self, channel_id: int, message_id: int) -> None:
        """Remember the message the channel's open game keeps its board in from now on."""
        loaded = await self._load(channel_id)
        if loaded is not None:
            await self.store.set_live_board(loaded.row.id, message_id)

    async def draw(self, drawing: Drawing) -> bytes:
        """PNG bytes for a drawing, drawn in a worker process (waypost.drawing)."""
        return await draw_board(self.games[drawing.game_key].draw, drawing.state, drawing.viewer, drawing.focus,
                                drawing.highlight, drawing.posted)
