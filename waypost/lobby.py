"""The table's lobby commands: open a game, take and leave seats, settings, start, end."""

from __future__ import annotations

from typing import Any

from rules import serial
from rules.base import BoardInfo, Seat, Setting
from rules.errors import BadInput, IllegalMove, NotAllowed, PlayerError
from rules.messages import Msg, joined
from waypost import telling
from waypost.channels import Channels, Loaded, players_on, seat_range
from waypost.i18n import SOURCE, language_of, typed
from waypost.outcome import Outcome, User, clean_name
from waypost.records import GameRow
from waypost.registry import HOST_SETTINGS, Board, GameEntry
from waypost.telling import asked_by


class Lobby:
    """Opening a game, seats, settings, starting and ending."""

    def __init__(self, channels: Channels):
        self.channels = channels
        self.store = channels.store

    async def new(self, channel_id: int, guild_id: int | None, user: User, game_key: str,
                  board_name: str | None = None, locale: str | None = None) -> Outcome:
        """Open a game in the channel; the creator becomes host and takes the first seat. Its
        language (setting `language`) is the server's preferred `locale`'s, English without a catalog."""
        game = self.channels.game(game_key)
        board = game.board(board_name) if board_name else next(iter(game.boards.values()))
        async with self.channels.locked(channel_id):
            if await self.channels.load(channel_id) is not None:
                raise IllegalMove(Msg("This channel already has a game. Finish it with /game end, or use another "
                                      "channel or thread."))
            now = self.channels.now().isoformat()
            seat = Seat(user.id, clean_name(user.name), game.rules.colours[0])
            row = GameRow(0, channel_id, guild_id, game.key, board.info.name, "lobby", user.id, [seat],
                          {**_defaults(game), "language": language_of(locale)}, self.channels.new_seed(), None, 0,
                          now, now)
            text = Msg("{name} opened {game} on {board} ({players}) and sits as {identity}.", name=seat.name,
                       game=game.rules.title, board=board.info.title, players=players_on(game, board.info),
                       identity=game.rules.identity(board.model, seat.colour))
            body = {"new": game.key, "board": board.info.name}
            await self.store.create(row, [self.channels.entry(user, "lobby", body, text)])
            self.channels.forget(channel_id)
        return Outcome(text, (Msg("Others join with /game join; the host starts with /game start."),))

    async def join(self, channel_id: int, user: User, colour: str | None = None, language: str = SOURCE) -> Outcome:
        """Take a seat in the lobby, or claim your seat in an imported game; `colour` as typed in
        English or in the player's `language`."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.require(channel_id)
            seat = loaded.seat_of(user.id)
            if loaded.row.status != "lobby" and seat is not None and seat in loaded.row.unclaimed:
                return await self._claim(loaded, user, seat)
            loaded = await self._lobby(channel_id)
            rules = loaded.game.rules
            if loaded.seat_of(user.id) is not None:
                raise IllegalMove(Msg("You are already seated in this game."))
            taken = {s.colour for s in loaded.seats}
            if len(loaded.seats) >= loaded.seat_range[1]:
                raise IllegalMove(Msg("The table is full ({n} players).", n=len(loaded.seats)))
            if colour is None:
                colour = next(c for c in rules.colours if c not in taken)
            colour = typed(colour, rules.colours, language).strip().lower()
            if colour not in rules.colours:
                raise BadInput(Msg("{colour} is not a colour of {game}. Colours: {colours}.", colour=repr(colour[:30]),
                                   game=rules.title, colours=", ".join(rules.colours)))
            if colour in taken:
                raise IllegalMove(Msg("{colour} is taken. Free: {free}.", colour=colour,
                                      free=", ".join(c for c in rules.colours if c not in taken)))
            newcomer = Seat(user.id, clean_name(user.name), colour)
            seated = loaded.but(seats=[*loaded.row.seats, newcomer])
            text = Msg("{name} joined as {identity} ({n} seated).", name=newcomer.name,
                       identity=seated.identity(len(seated.seats) - 1), n=len(seated.seats))
            await self.channels.save(loaded, self.channels.entry(user, "lobby", {"join": colour}, text), seated)
        return Outcome(text)

    async def leave(self, channel_id: int, user: User) -> Outcome:
        """Leave the lobby; in a game in progress, ask the host for a substitute."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.require(channel_id)
            seat = loaded.seat_of(user.id)
            if seat is None:
                raise IllegalMove(Msg("You are not seated in this game."))
            if loaded.row.status != "lobby":
                text = Msg("{name} asks to leave the game. The host can hand their seat to someone else with /game "
                           "substitute.", name=_seated(loaded, seat))
                await self.channels.save(loaded, self.channels.entry(user, "lobby", {"asks_to_leave": seat}, text))
                return Outcome(text, told=(loaded.row.host_id,) if loaded.row.host_id != user.id else ())
            name = loaded.name(seat)
            seats = [s for i, s in enumerate(loaded.row.seats) if i != seat]
            text = Msg("{name} left the table ({n} seated).", name=name, n=len(seats))
            changes: dict[str, Any] = {"seats": seats}
            if not seats:
                changes["status"] = "ended"
                text = joined([text, Msg("The table is empty, so the game is closed.")])
            elif user.id == loaded.row.host_id:  # the host must be able to act: hosting passes on
                changes["host_id"] = seats[0].player_id
                text = joined([text, Msg("{name} hosts now.", name=seats[0].name)])
            await self.channels.save(loaded, self.channels.entry(user, "lobby", {"leave": seat}, text),
                                     loaded.but(**changes))
        return Outcome(text)

    async def substitute(self, channel_id: int, user: User, player: int, to: User) -> Outcome:
        """The host hands `player`'s seat to `to`, who inherits its pieces and secrets; the old
        player loses access. Hosting goes with the seat."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.active(channel_id)
            if user.id != loaded.row.host_id:
                raise NotAllowed(Msg("Only the host can hand a seat to a substitute."))
            seat = loaded.seat_of(player)
            if seat is None:
                raise IllegalMove(Msg("That member holds no seat in this game."))
            if loaded.seat_of(to.id) is not None:
                raise IllegalMove(Msg("{name} already holds a seat in this game.", name=clean_name(to.name)))
            old = loaded.seats[seat]
            new = Seat(to.id, clean_name(to.name), old.colour)
            text = Msg("{name} takes over {old}'s seat.", name=new.name, old=_seated(loaded, seat, old.name))
            row = loaded.row
            seats = [new if i == seat else s for i, s in enumerate(row.seats)]
            state = loaded.game.rules.reseat(loaded.state, seats)
            changed = loaded.but(state, seats=seats, state=loaded.game.rules.encode_state(state),
                                 clocks={str(to.id) if k == str(player) else k: v for k, v in row.clocks.items()},
                                 away={k: v for k, v in row.away.items() if k != str(player)},
                                 unclaimed=[s for s in row.unclaimed if s != seat],
                                 host_id=to.id if row.host_id == player else row.host_id)
            body = {"seat": seat, "player_id": to.id, "name": new.name}
            await self.channels.save(loaded, self.channels.entry(user, "seat", body, text), changed, forget=True)
        return Outcome(text, told=(to.id,))

    async def hand_host(self, channel_id: int, user: User, to: int) -> Outcome:
        """The host hands hosting to another seated player."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.require(channel_id)
            if user.id != loaded.row.host_id:
                raise NotAllowed(Msg("Only the host can hand hosting to someone else."))
            seat = loaded.seat_of(to)
            if seat is None or to == user.id:
                raise IllegalMove(Msg("Hosting goes to another player seated in this game."))
            text = Msg("{name} hosts the game now.", name=loaded.seats[seat].name)
            await self.channels.save(loaded, self.channels.entry(user, "settings", {"host": seat}, text),
                                     loaded.but(host_id=to))
        return Outcome(text, told=(to,))

    async def start(self, channel_id: int, user: User) -> Outcome:
        async with self.channels.locked(channel_id):
            loaded = await self._lobby(channel_id)
            if user.id != loaded.row.host_id:
                raise NotAllowed(Msg("Only the host can start the game."))
            low, high = loaded.seat_range
            count = len(loaded.seats)
            if not low <= count <= high:
                info = loaded.game.board(loaded.row.board).info
                fits = [b.info.name for b in loaded.game.boards.values() if _fits(loaded.game, b.info, count)]
                needs = Msg("{game} on {board} needs {players}; {n} seated.", game=loaded.game.rules.title,
                            board=info.title, players=players_on(loaded.game, info), n=count)
                how = Msg("The host can change the board with /game settings name:board value:{board} (boards for "
                          "{n}: {boards}).", board=fits[0], n=count, boards=", ".join(fits)) if fits else None
                raise IllegalMove(joined([needs, how]) if how is not None else needs)
            board = loaded.game.board(loaded.row.board)
            game_settings = _game_settings(loaded.game, loaded.row.settings)
            body = {"board": board.raw, "seats": serial.dump(loaded.seats), "settings": game_settings,
                    "seed": loaded.row.seed}
            before = loaded.awaiting()
            state = loaded.game.rules.setup(board.model, list(loaded.seats), game_settings, loaded.row.seed)
            started = loaded.but(state, status="active", state=loaded.game.rules.encode_state(state))
            seated = joined([Msg("{name} ({identity})", name=s.name, identity=loaded.identity(i))
                             for i, s in enumerate(loaded.seats)], ", ")
            text = Msg("{game} begins with {seated}.", game=loaded.game.rules.title, seated=seated)
            saved = await self.channels.save(loaded, self.channels.entry(user, "start", body, text), started)
            return asked_by(telling.outcome(loaded, user, text, (), before, draw=True, began=True), saved)

    async def settings(self, channel_id: int, user: User, name: str | None = None,
                       value: str | None = None) -> Outcome:
        """Show the settings, or (host) change one. Game settings are fixed once play starts."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.require(channel_id)
            specs = settings_of(loaded.game)
            boards = ", ".join(loaded.game.boards)
            if name is None:
                lines = (Msg("board = {board} — the map, changed in the lobby ({boards})", board=loaded.row.board,
                             boards=boards),
                         *(Msg("{name} = {value} — {help}", name=s.name,
                               value=s.show(loaded.row.settings.get(s.name, s.default)), help=s.help)
                           for s in specs.values()))
                return Outcome(Msg("Settings of this {game} game:", game=loaded.game.rules.title), lines, private=True)
            if user.id != loaded.row.host_id:
                raise NotAllowed(Msg("Only the host can change settings."))
            if name.strip() == "board":
                return await self._change_board(loaded, user, value)
            spec = specs.get(name.strip()) or loaded.game.rules.setting(name.strip())
            if value is None:
                raise BadInput(Msg("Give a value for {name}: {help}", name=spec.name, help=spec.help))
            if loaded.row.status != "lobby" and spec not in HOST_SETTINGS:
                raise IllegalMove(Msg("{name} is a rule of the game and is fixed once play has started.",
                                      name=spec.name))
            parsed = spec.parse(value)
            old = loaded.row.settings.get(spec.name, spec.default)
            if spec not in HOST_SETTINGS:
                _playable(loaded, loaded.game.board(loaded.row.board), {**loaded.row.settings, spec.name: parsed},
                          Msg("{name} cannot be {value} here", name=spec.name, value=spec.show(parsed)))
            text = Msg("Setting {name}: {old} → {new}.", name=spec.name, old=spec.show(old), new=spec.show(parsed))
            await self.channels.save(loaded, self.channels.entry(user, "settings", {spec.name: parsed}, text),
                                     loaded.but(settings={**loaded.row.settings, spec.name: parsed}))
        return Outcome(text)

    async def may_end(self, channel_id: int, user: User) -> tuple[int, str]:
        """The id and title of the game `user` may end here (to ask them to confirm), or a refusal."""
        loaded = await self.channels.require(channel_id)
        _may_end(loaded, user)
        return loaded.row.id, loaded.game.rules.title

    async def end(self, channel_id: int, user: User, game_id: int | None = None) -> Outcome:
        """End the channel's game (the one with `game_id`, when given). It stays readable."""
        async with self.channels.locked(channel_id):
            loaded = await self.channels.require(channel_id)
            if game_id is not None and loaded.row.id != game_id:
                raise IllegalMove(Msg("That game has already ended."))
            _may_end(loaded, user)
            text = Msg("The {game} game in this channel has ended. Its log, board and export stay available here "
                       "until a new game is opened.", game=loaded.game.rules.title)
            await self.channels.save(loaded, self.channels.entry(user, "end", {}, text), loaded.but(status="ended"))
        return Outcome(text)

    async def _claim(self, loaded: Loaded, user: User, seat: int) -> Outcome:
        text = Msg("{name} claimed their seat ({seat}).", name=loaded.seats[seat].name, seat=loaded.name(seat))
        await self.channels.save(loaded, self.channels.entry(user, "lobby", {"claim": seat}, text),
                                 loaded.but(unclaimed=[s for s in loaded.row.unclaimed if s != seat]))
        return Outcome(text)

    async def _change_board(self, loaded: Loaded, user: User, name: str | None) -> Outcome:
        if loaded.row.status != "lobby":
            raise IllegalMove(Msg("The board is fixed once play has started."))
        if name is None:
            raise BadInput(Msg("Give the board to play on: {boards}.", boards=", ".join(loaded.game.boards)))
        board = loaded.game.board(name)
        count = len(loaded.seats)
        if count > seat_range(loaded.game, board.info)[1]:
            raise IllegalMove(Msg("{board} takes {players}; {n} are seated.", board=board.info.title,
                                  players=players_on(loaded.game, board.info), n=count))
        _playable(loaded, board, loaded.row.settings,
                  Msg("{board} does not go with this game's settings", board=board.info.title))
        old = loaded.game.board(loaded.row.board).info.title
        text = Msg("Board: {old} → {new} ({players}).", old=old, new=board.info.title,
                   players=players_on(loaded.game, board.info))
        await self.channels.save(loaded, self.channels.entry(user, "settings", {"board": board.info.name}, text),
                                 loaded.but(board=board.info.name))
        return Outcome(text)

    async def _lobby(self, channel_id: int) -> Loaded:
        loaded = await self.channels.require(channel_id)
        if loaded.row.status != "lobby":
            raise IllegalMove(Msg("The game has already started; seats are fixed."))
        return loaded


def _seated(loaded: Loaded, seat: int, player: str = "") -> str:
    """A seat's player, and how the game names the seat when that differs ("bob (Blue)")."""
    player = player or loaded.seats[seat].name
    named = loaded.name(seat)
    return player if named == player else f"{player} ({named})"


def _may_end(loaded: Loaded, user: User) -> None:
    if user.id != loaded.row.host_id and not user.manage_channels:
        raise NotAllowed(Msg("Only the host, or a member who can manage channels, can end the game."))


def _playable(loaded: Loaded, board: Board, settings: dict[str, Any], refusal: str) -> None:
    """Refuse settings the game could not start with on `board`: the game's own setup is tried with
    the players seated (and, while fewer are seated than the board needs, as many more). The host
    hears it when changing a setting or the board, not only at /game start, which checks again
    (players come and go meanwhile)."""
    game = loaded.game
    low, high = seat_range(game, board.info)
    seats = list(loaded.seats)[:high]
    free = iter(c for c in game.rules.colours if c not in {s.colour for s in seats})
    seats += [Seat(0, "player", next(free)) for _ in range(low - len(seats))]
    try:
        game.rules.setup(board.model, seats, _game_settings(game, settings), loaded.row.seed)
    except PlayerError as e:
        raise BadInput(Msg("{refusal}: {why}", refusal=refusal, why=e.message)) from None


def _fits(game: GameEntry, info: BoardInfo, count: int) -> bool:
    low, high = seat_range(game, info)
    return low <= count <= high


def settings_of(game: GameEntry) -> dict[str, Setting]:
    """A game's settings and the host's, by name."""
    return {s.name: s for s in (*game.rules.settings, *HOST_SETTINGS)}


def _defaults(game: GameEntry) -> dict[str, Any]:
    return {s.name: s.default for s in settings_of(game).values()}


def _game_settings(game: GameEntry, settings: dict[str, Any]) -> dict[str, Any]:
    return {s.name: settings.get(s.name, s.default) for s in game.rules.settings}
