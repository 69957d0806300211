"""What a player may do now, as the table offers it (autocomplete, turn cards, scripted players):
the game's legal options (`rules.options`) on the asking player's own view, never anyone else's."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from rules.base import Actor
from rules.errors import BadInput, IllegalMove, NoGame, NotAllowed, PlayerError
from rules.messages import Msg, listed
from rules.options import Choice, Kind, Step, Values
from waypost import telling
from waypost.ahead import Ahead, due
from waypost.channels import Channels, Loaded
from waypost.i18n import translate
from waypost.offload import Offloader
from waypost.outcome import Drawing, User
from waypost.secrecy import numbered, shown, visible

SUGGESTED = 64  # autocomplete's answers kept, the latest across all games (`Offering.choices`)


@dataclass(frozen=True)
class Card:
    """A player's turn card: who they are in the game, what it waits for from them ("" if nothing)
    and the action kinds open to them now, at the game's `version` (a card of another is stale);
    `usual` are the kinds of the phase in play (the rest: bookkeeping, the host's); `who` who they
    are (a civilization and where it starts, or a colour) and their marker on the boards; when it
    waits for others, their names (`others`); when it waits for nobody, what the phase asks
    (`between`)."""

    game_key: str
    version: int
    seat: int | None
    name: str
    prompt: str
    kinds: tuple[Kind, ...]
    usual: tuple[str, ...] = ()
    who: str = ""
    others: str = ""
    between: str = ""


class Stale(IllegalMove):
    """A card or menu made for an earlier position of the game."""


class Offering:
    """The legal options of a channel's game, for one user: [] when the channel has no game in play,
    the user neither plays nor hosts it, or nothing is legal."""

    def __init__(self, channels: Channels):
        self.channels = channels
        self.store = channels.store
        self._suggested: OrderedDict[Hashable, list[Choice]] = OrderedDict()  # autocomplete's latest answers
        self._offload = Offloader()

    async def kinds(self, channel_id: int, user: User) -> list[Kind]:
        """The action kinds `user` may take now."""
        loaded = await self._open_to(channel_id, user)
        if loaded is None:
            return []
        actor = loaded.actor(user)
        return await asyncio.to_thread(loaded.game.rules.kinds, loaded.view(actor.seat), actor)

    async def card(self, channel_id: int, user: User) -> Card:
        """`user`'s turn card now, from their own view."""
        loaded = await self.channels.active(channel_id)
        actor = loaded.actor(user)
        if actor.seat is None and not actor.host:
            raise NotAllowed(Msg("You are not playing in this game."))
        rules = loaded.game.rules
        kinds = await asyncio.to_thread(rules.kinds, loaded.view(actor.seat), actor)
        kinds += await self._ahead(loaded, actor, {k.kind for k in kinds})
        awaiting = loaded.awaiting()
        prompt = next((a.prompt for a in awaiting if a.seat == actor.seat), "")
        name = loaded.name(actor.seat) if actor.seat is not None else "the host"
        who = self._who(loaded, actor.seat) if actor.seat is not None else "you host the game"
        phase = rules.flow.phase(rules.positioned(loaded.state).phase)
        usual = (*phase.actions, *((rules.flow.answer,) if rules.flow.answer else ()),
                 *(rules.flow.hosted if actor.host else ()))
        others = listed(list(dict.fromkeys(loaded.name(a.seat) for a in awaiting if a.seat != actor.seat)))
        idle = telling.idle_phase(loaded)
        between = f"{idle.title}: {idle.prompt}" if idle is not None else ""
        return Card(loaded.game.key, loaded.row.version, actor.seat, name, prompt, tuple(kinds), usual, who, others,
                    between)

    @staticmethod
    def _who(loaded: Loaded, seat: int) -> str:
        """Who a seat is on this board (a civilization and where it starts, or its colour) and its
        marker on the boards: "red — Rome, starting in Silsab; on the boards a circle marked R"."""
        colour = loaded.row.seats[seat].colour
        identity = loaded.identity(seat)
        marker = Msg("on the boards {marker}", marker=loaded.game.marker(loaded.game.board(loaded.row.board).model,
                                                                          colour))
        return marker if identity == colour else Msg("{identity}; {marker}", identity=identity, marker=marker)

    async def step(self, channel_id: int, user: User, version: int, kind: str,
                   picks: Sequence[int | None]) -> Step:
        """Where `user`'s choice of action `kind` stands after `picks` (`Game.step`), on the game as
        it was at `version`: Stale if it has moved on since."""
        loaded = await self._at(channel_id, version)
        actor = loaded.actor(user)
        return await asyncio.to_thread(loaded.game.rules.step, Ahead.view_for(loaded, actor, kind), actor, kind, picks)

    async def completions(self, channel_id: int, user: User, version: int, kind: str,
                          picks: Sequence[int | None]) -> list[Step] | None:
        """Every way of choosing at once the optional steps left of `user`'s `kind` after `picks`
        (`Game.completions`), on the game as it was at `version` (Stale if it has moved on); None
        when they do not fit one menu."""
        loaded = await self._at(channel_id, version)
        actor = loaded.actor(user)
        return await asyncio.to_thread(loaded.game.rules.completions, Ahead.view_for(loaded, actor, kind), actor,
                                       kind, picks)

    async def _at(self, channel_id: int, version: int) -> Loaded:
        """The active game of `channel_id` if it is still at `version` (a menu's); else Stale."""
        loaded = await self.channels.active(channel_id)
        if loaded.row.version != version:
            raise Stale(Msg("The game has moved on since this menu was made."))
        return loaded

    @staticmethod
    async def _ahead(loaded: Loaded, actor: Actor, offered: set[str]) -> list[Kind]:
        """The kinds `actor` may prepare while it is not their turn (issue 30), not `offered` already."""
        seat = actor.seat
        ahead = loaded.game.rules.preparable(loaded.view(seat), seat) if seat is not None and not due(loaded, seat) \
            else ()
        if not ahead:
            return []
        assert seat is not None
        rules = loaded.game.rules
        kinds = await asyncio.to_thread(rules.kinds, rules.as_if_turn(loaded.view(seat), seat), actor)
        return [k for k in kinds if k.kind in ahead and k.kind not in offered]

    async def picture(self, channel_id: int, user: User, step: Step) -> Drawing | None:
        """The game's picture of `user`'s choice standing at `step` (drawn on their own view, for
        them alone), or None when the game draws none for its kind."""
        loaded = await self.channels.active(channel_id)
        game = loaded.game
        if game.picture is None or step.kind.kind not in game.rules.pictured:
            return None
        seat = loaded.actor(user).seat
        language = telling.language(loaded)
        said = {"kind": translate(step.kind.label, language),
                "asked": translate(step.param.ask if step.param is not None else step.question or "Ready to confirm.",
                                   language),
                "choices": "; ".join(translate(c.label, language) for c in step.choices)}
        alt = Msg("{kind}: {asked} {choices}", **said) if step.choices else Msg("{kind}: {asked}", **said)
        return Drawing(game.key, loaded.view(seat), seat, translate(alt, language), step=step, language=language)

    async def choices(self, channel_id: int, user: User, game_key: str, kind: str, param: str,
                      chosen: Values) -> list[Choice]:
        """The legal values of `param` of action `kind` (of game `game_key`) for `user`, given the
        values `chosen` before it. A look's values are suggested to onlookers too (they may look)."""
        loaded = await self.channels.load(channel_id)
        looking = loaded is not None and any(look.kind == kind for look in loaded.game.rules.looks)
        loaded = await self._open_to(channel_id, user, anyone=looking)
        if loaded is None or loaded.game.key != game_key:
            return []
        actor = loaded.actor(user)
        key = (loaded.row.id, loaded.row.version, actor, kind, param, tuple(sorted(chosen.items())))
        found = self._suggested.get(key)
        if found is None:  # autocomplete asks again at every key typed: worked out once a version
            view = Ahead.view_for(loaded, actor, kind)  # what may be prepared: as on their turn (issue 30)
            try:
                work = (game_key, kind, param, tuple(sorted(chosen)))  # one parameter's choices after the same others
                found = await self._offload.run(work, loaded.game.rules.choices, view, actor, kind, param, chosen)
            except PlayerError:  # an unknown kind
                found = []
            self._suggested[key] = found
            while len(self._suggested) > SUGGESTED:  # the latest few across all games: a bounded memory
                self._suggested.popitem(last=False)
        return list(found)

    async def look(self, channel_id: int, user: User, game_key: str, look: str, values: Values) -> list[str]:
        """One of the game's read-only looks for `user`, on their own view (a finished game too)."""
        loaded = await self.channels.started(channel_id)
        if loaded.game.key != game_key:
            theirs = self.channels.game(game_key).rules.title
            raise NoGame(Msg("The game in this channel is {game}, not {theirs}.", game=loaded.game.rules.title,
                             theirs=theirs))
        actor = loaded.actor(user)
        return await asyncio.to_thread(loaded.game.rules.report, loaded.view(actor.seat), actor, look, values)

    async def verify(self, channel_id: int, user: User, seq: int) -> list[str]:
        """Log entry `seq` whole, as `user` may read it (a reveal with the proof the channel leaves out),
        and how the game's commitments are checked."""
        loaded = await self.channels.latest(channel_id)
        game_id = loaded.row.id
        length = await self.store.log_length(game_id)
        if not 1 <= seq <= length:
            raise BadInput(Msg("The log has no entry {seq}.", seq=seq))
        entry, = await self.store.log_page(game_id, length - seq, 1)
        if not visible(entry, loaded.seat_of(user.id), await self.store.revealed_up_to(game_id)):
            return [numbered(seq, shown(entry, loaded.seat_of(user.id), 0)), Msg("Its content is still secret.")]
        help_ = loaded.game.rules.proof_help
        return [numbered(seq, entry.summary), *entry.details, *([help_] if help_ else [])]

    async def _open_to(self, channel_id: int, user: User, anyone: bool = False) -> Loaded | None:
        """The channel's game in play, if `user` plays or hosts it (or `anyone`)."""
        loaded = await self.channels.load(channel_id)
        if loaded is None or loaded.state is None or loaded.row.status != "active":
            return None
        actor = loaded.actor(user)
        return loaded if anyone or actor.seat is not None or actor.host else None
