"""Scripted players: play any registered game through the real command tree, with no game code.

    channel = await open_game(discord_, "#fjord", "vikings", ["@alice", "@bob", "@carl"], board="nordhav")
    player = ScriptedPlayer(discord_, channel, ["@alice", "@bob", "@carl"], random.Random(7))
    for _ in range(100):
        await player.step()
    player.moves   # every Move: who ran which line, accepted or refused, what came back

Each `step` reads who must act from the table's read-only `status`, then runs one command as one
of them: for a decision `/game choose` or a pick in the bot's select menu; otherwise, as players
choose from menus, an action from the game's legal options (`Table.kinds`, then each parameter from
`Table.choices` given those chosen before, the ones in `first` preferred), run as the cog's command
for that kind. Now and then (`wild`) a player instead runs any of the game's commands with options
filled from the command's own description (choices, ranges and types, then autocomplete), to
provoke the refusals players meet; commands refused in the same situation (phase and player) are
tried last. A required option with nothing to offer rules the command out for that step.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import AppCommandOptionType, app_commands

from front.cog import kind_of
from offline.harness import OfflineDiscord, Record
from offline.payloads import ClientRefusal, iter_components
from offline.standin import EPHEMERAL
from rules.errors import NoGame, PlayerError
from waypost.outcome import User

REFUSAL = "⛔"  # how the bot's replies mark a refused command (front.replies.report_error)
SMALL = (1, 3)  # whole numbers for integer options that declare no range


@dataclass(frozen=True)
class Move:
    """One command a scripted player ran: the console line, whether the bot accepted it, its reply."""

    user: str
    command: str  # e.g. "sail", "vikings end", "game choose", "!pick"
    line: str
    accepted: bool
    reply: str
    drew: bool = False
    failures: tuple[str, ...] = ()
    kind: str = ""  # the action played by taps (`CardPlayer`)

    @property
    def taps(self) -> int:
        """The interactions the move took by taps: buttons, menu choices, Confirm."""
        return len(self.line.split(" / ")) if self.command in ("card", "!pick") else 0


def _line(path: str, options: Mapping[str, Any]) -> str:
    """A console line for a command, e.g. `/vikings sail boat:1 route:"F4 D1" strength:2`."""
    words = [f"/{path}", *(f"{k}:{shlex.quote(str(v))}" for k, v in options.items())]
    return " ".join(words)


def _refused(rec: Record) -> bool:
    return any(m.content.startswith(REFUSAL) for m in rec.messages)



async def _checked(discord_: OfflineDiscord, user: str, channel: str | int, path: str,
                   options: Mapping[str, Any] | None = None) -> Record:
    rec = await discord_.command(user, channel, path, options)
    if not rec.ok or _refused(rec):
        raise RuntimeError(f"{user} {_line(path, options or {})}: {rec.content or rec.failures}")
    return rec


async def open_game(discord_: OfflineDiscord, channel: str | int, game: str, users: Sequence[str],
                    board: str | None = None) -> int:
    """Open `game` in `channel` with `/game new` (the first user hosts), `/game join` and `/game start`;
    returns the channel id. Raises RuntimeError if the bot refuses any step."""
    host, *others = users
    await _checked(discord_, host, channel, "game new", {"game": game} | ({"board": board} if board else {}))
    for user in others:
        await _checked(discord_, user, channel, "game join")
    await _checked(discord_, host, channel, "game start")
    return discord_.builder.directory.channel_id(channel)


class ScriptedPlayer:
    """Plays one channel's game for `users` (console names such as "@alice"), choosing with `rng`.

    `optional` is the chance of filling an optional option; `menus` the chance of answering a
    decision in the select menu rather than with `/game choose`; `stray` the chance of acting as a
    seated user the game is not waiting for (to provoke refusals); `first` names commands tried
    before the others, as players move before they end their turn; `wild` the chance of running any
    command with any plausible options rather than a legal option.
    """

    def __init__(self, discord_: OfflineDiscord, channel: str | int, users: Sequence[str], rng: random.Random,
                 *, optional: float = 0.3, menus: float = 0.5, stray: float = 0.0, first: Sequence[str] = (),
                 wild: float = 0.15):
        self.discord = discord_
        self.channel = discord_.builder.directory.channel_id(channel)
        self.users = list(users)
        self.rng = rng
        self.optional, self.menus, self.stray, self.first, self.wild = optional, menus, stray, tuple(first), wild
        self.moves: list[Move] = []
        self._refused: set[str] = set()  # commands refused in this situation: tried last
        self._situation: tuple[str, str] = ("", "")  # the game's phase and who acts

    def _name(self, user_id: int) -> str:
        return next((u for u in self.users if self.discord.builder.directory.user_id(u) == user_id), f"@{user_id}")

    async def step(self) -> Move | None:
        """Run one command as someone the game waits for; None when nobody is waited for (or the
        game is over)."""
        try:
            status = await self.discord.bot.table.status(self.channel)
        except NoGame:
            return None
        if not status.waiting:
            return None
        waiting = self.rng.choice(status.waiting)
        user = self._name(waiting.user_id)
        if self.rng.random() < self.stray:
            user = self.rng.choice([self._name(s.player_id) for s in status.seats])
        if (status.phase, user) != self._situation:
            self._situation, self._refused = (status.phase, user), set()
        if waiting.kind == "decision":
            move = await self._decide(user)
        else:
            move = await self._play(user, status.game_key)
        if move is not None:
            self.moves.append(move)
            if not move.accepted:
                self._refused.add(move.command)
        return move

    async def _decide(self, user: str) -> Move | None:
        """Answer a decision with one of the options `/game choose` suggests, by menu or command."""
        options = await self._suggest(user, "game choose", {}, "choice")
        if not options:
            return None
        choice = str(self.rng.choice(options))
        if self.rng.random() < self.menus:
            try:
                line = f"!pick {shlex.quote(choice)}"
                return self._move(user, "!pick", line, await self.discord.run(user, self.channel, line))
            except ClientRefusal:
                pass  # no menu offers it (e.g. it was answered already): use the command
        return await self._run(user, "game choose", {"choice": choice})

    def _commands(self, game_key: str) -> list[app_commands.Command[Any, ..., Any]]:
        return [c for cog in self.discord.bot.cogs.values() if getattr(cog, "game_key", None) == game_key
                for c in cog.walk_app_commands() if isinstance(c, app_commands.Command)]

    async def _play(self, user: str, game_key: str) -> Move | None:
        """An action from the legal options (or, by chance `wild`, any command that can be filled in)."""
        if self.rng.random() >= self.wild:
            move = await self._choose(user, game_key)
            if move is not None:
                return move
        return await self._any(user, game_key)

    async def _choose(self, user: str, game_key: str) -> Move | None:
        """A legal action chosen as from menus, parameter by parameter (`Table.step`: the parameters
        as they stand after each choice), run as its command."""
        table, user_id = self.discord.bot.table, self.discord.builder.directory.user_id(user)
        asking = User(user_id, user.lstrip("@"))
        try:
            card = await table.card(self.channel, asking)
        except PlayerError:
            return None
        commands = {kind_of(c): c for c in self._commands(game_key)}
        kinds = [k for k in card.kinds if k.kind in commands]
        if not kinds:
            return None
        preferred = [k for k in kinds if commands[k.kind].qualified_name in self.first] or kinds
        kind = self.rng.choice(preferred)
        try:
            step = await table.step(self.channel, asking, card.version, kind.kind, [])
            while step.param is not None:
                skip = not step.param.required and (not step.choices or self.rng.random() >= self.optional)
                if not skip and not step.choices:
                    return None
                pick = None if skip else self.rng.choice(step.numbers)
                step = await table.step(self.channel, asking, card.version, kind.kind, [*step.picks, pick])
        except PlayerError:  # the game moved on meanwhile
            return None
        command, rules = commands[kind.kind], table.games[game_key].rules
        names = {p.display_name for p in command.parameters}  # a parameter is named like its option on Discord
        seats = (await table.status(self.channel)).seats
        seat_params = {p.name for p in rules.params_of(kind.kind) if p.type == "seat"}
        options = {name: self._name(seats[int(value)].player_id) if name in seat_params else value
                   for name, value in rules.typed(kind.kind, step.values).items()
                   if value is not None and name in names}  # as typed: a menu's joint choice split
        params = {p.name for p in rules.params_of(kind.kind)}
        confirms = {p.display_name: True for p in command.parameters  # chosen as from menus: confirmed
                    if p.type is AppCommandOptionType.boolean and p.display_name not in params}
        return await self._run(user, command.qualified_name, {**options, **confirms})

    async def _any(self, user: str, game_key: str) -> Move | None:
        """Run one of the game's commands that can be filled in, tried in random order."""
        commands = self._commands(game_key)
        self.rng.shuffle(commands)
        commands.sort(key=lambda c: (c.qualified_name in self._refused, c.qualified_name not in self.first))
        for command in commands:
            options = await self._fill(user, command)
            if options is not None:
                return await self._run(user, command.qualified_name, options)
        return None

    async def _fill(self, user: str, command: app_commands.Command) -> dict[str, Any] | None:
        """Option values for `command`, or None if a required option has nothing to offer."""
        params = [p for p in command.parameters if p.required or self.rng.random() < self.optional]
        options: dict[str, Any] = {}
        for p in sorted(params, key=lambda p: p.autocomplete):  # plain values first: they steer suggestions
            if p.autocomplete:
                offered = await self._suggest(user, command.qualified_name, options, p.display_name)
            else:
                offered = self._offer(p)
            if offered:
                options[p.display_name] = self.rng.choice(offered)
            elif p.required:
                return None
        return {p.display_name: options[p.display_name] for p in command.parameters if p.display_name in options}

    def _offer(self, p: app_commands.Parameter) -> list[Any]:
        """Values a player could give an option without autocomplete: its choices, range or type."""
        if p.choices:
            return [c.value for c in p.choices]
        if p.type in (AppCommandOptionType.integer, AppCommandOptionType.number):
            low = int(p.min_value) if p.min_value is not None else SMALL[0]
            high = int(p.max_value) if p.max_value is not None else max(low, SMALL[1])
            return [self.rng.randint(low, high)]
        if p.type is AppCommandOptionType.boolean:
            return [True, False]
        if p.type is AppCommandOptionType.user:
            return self.users
        if p.type is AppCommandOptionType.string:
            return ["x"]
        return []  # channels, roles, attachments: not played

    async def _suggest(self, user: str, path: str, options: dict[str, Any], name: str) -> list[Any]:
        rec = await self.discord.autocomplete(user, self.channel, path, {**options, name: ""}, name)
        return [c["value"] for c in rec.choices or []]

    async def _run(self, user: str, path: str, options: dict[str, Any]) -> Move:
        line = _line(path, options)
        try:
            rec = await self.discord.command(user, self.channel, path, options)
        except ClientRefusal as refusal:
            return Move(user, path, line, False, str(refusal))
        return self._move(user, path, line, rec)

    @staticmethod
    def _move(user: str, command: str, line: str, rec: Record, kind: str = "") -> Move:
        """A menu answered is closed in place, and the answer follows it: that is the reply."""
        reply = rec.followups[0] if rec.callback_type == 7 and rec.followups else rec.original
        return Move(user, command, line, rec.ok and not _refused(rec), reply.content if reply else "",
                    bool(reply and reply.attachments), tuple(rec.failures), kind)


class CardPlayer:
    """Plays one channel's game for `users` by taps alone, as a player on a phone would: the turn
    card (the "Your turn card" button under the bot's messages), the action buttons on it and their
    menus, the Confirm button, and the decision menus. Each `step` is one action (or an answer)."""

    STEPS = 30  # taps one action may take at most

    def __init__(self, discord_: OfflineDiscord, channel: str | int, users: Sequence[str], rng: random.Random,
                 *, optional: float = 0.3):
        self.discord = discord_
        self.channel = discord_.builder.directory.channel_id(channel)
        self.users = list(users)
        self.rng = rng
        self.optional = optional
        self.moves: list[Move] = []

    def _name(self, user_id: int) -> str:
        return next((u for u in self.users if self.discord.builder.directory.user_id(u) == user_id), f"@{user_id}")

    async def step(self) -> Move | None:
        """One action (or answer) by taps; None when nobody is waited for."""
        try:
            status = await self.discord.bot.table.status(self.channel)
        except NoGame:
            return None
        if not status.waiting:  # between phases: the host moves the game on from their card, if it can be
            if status.status != "active" or self._name(status.host_id) not in self.users:
                return None
            move = await self._act(self._name(status.host_id), usual_only=True)
            self.moves.append(move)
            return move if move.accepted else None
        decisions = [w for w in status.waiting if w.kind == "decision"]  # a decision may hold up the rest
        waiting = self.rng.choice(decisions or list(status.waiting))
        user = self._name(waiting.user_id)
        move = await (self._answer(user, waiting.user_id) if waiting.kind == "decision" else self._act(user))
        self.moves.append(move)
        return move

    async def _answer(self, user: str, user_id: int) -> Move:
        """Pick in the menu the bot posted with the question, or else answer from the card."""
        try:
            message, menu = self.discord.find_component(f"waypost:choose:{self.channel}:{user_id}:", user,
                                                        self.channel, prefix=True)
        except ClientRefusal:
            return await self._act(user, usual_only=True)
        value = self.rng.choice(menu["options"])["value"]
        rec = await self.discord.click(user, self.channel, message, menu["custom_id"], [value])
        return ScriptedPlayer._move(user, "!pick", f"!pick {shlex.quote(value)}", rec, "answer")

    async def _act(self, user: str, usual_only: bool = False) -> Move:
        """Open the card, pick an action (one of the phase's own, with `usual_only`), choose through its
        menus, confirm."""
        message, button = self.discord.find_component("Your turn card", user, self.channel)
        rec = await self.discord.click(user, self.channel, message, button["custom_id"])
        card = rec.original
        assert card is not None, rec.failures
        taps = ["Your turn card"]
        actions = [c for c in iter_components(card.components) if c.get("custom_id", "").endswith(":to")]
        if not actions:
            return Move(user, "card", " / ".join(taps), False, card.content)
        usual = [c for c in actions if c.get("style") == discord.ButtonStyle.primary.value]  # the phase's
        if usual_only and not usual:
            return Move(user, "card", " / ".join(taps), False, card.content)
        action = self.rng.choice(usual if usual and (usual_only or self.rng.random() < 0.9) else actions)
        return await self._through(user, card.id, action, taps, action["custom_id"].split(":")[4])

    async def _through(self, user: str, message: int, action: dict[str, Any], taps: list[str], kind: str) -> Move:
        """Tap `action` on `message`, then through the menus that follow (a value picked at random,
        optional steps set or left out by chance) until the action is played (by the pick that
        completes it, or Confirm); each tap named in the move's line."""
        wants = self.rng.random() < self.optional  # to set the action's optional steps (by chance), once
        for _ in range(self.STEPS):
            taps.append(action.get("label") or "pick")
            rec = await self.discord.click(user, self.channel, message, action["custom_id"],
                                           [action["value"]] if "value" in action else None)
            pinged = action["custom_id"].startswith("waypost:act:")  # its menus come in a new private message
            opened = pinged and rec.callback_type == 4 and rec.ephemeral and not _refused(rec)
            if rec.failures or action["custom_id"].endswith(":go") or rec.followups or \
                    not opened and rec.callback_type != 7:  # played (Confirm, or the pick completing it), or refused
                return ScriptedPlayer._move(user, "card", " / ".join(taps), rec, kind)
            if opened and rec.original is not None:
                message = rec.original.id
            shown = self.discord.standin.message(message)
            found = list(iter_components(shown.components))
            by_label = {c.get("label"): c for c in found if c.get("type") == 2}
            menus = [c for c in found if c.get("type") == 3]  # the step's (a page in one or two menus), then
            first = [c for c in menus if c["custom_id"].endswith(":h") == menus[0]["custom_id"].endswith(":h")]
            held = [c for c in menus if c not in first]  # the same going on to its optional steps
            select = first[0] if first else None
            leave = next((c for c in found if c.get("custom_id", "").endswith((".-:0:to", ":-:0:to"))), None)
            if held and wants:  # its optional steps too, as players sometimes want: every one of them
                action, wants = self._pick(held), False
            elif select is not None and select["custom_id"].startswith("waypost:opts:"):  # them all in one pick
                action = self._pick(first)
            elif "Confirm" in by_label and (select is None or leave is None or self.rng.random() >= self.optional):
                action = by_label["Confirm"]  # beside an optional choice: its default, by chance
            elif leave is not None and (select is None or self.rng.random() >= self.optional):
                action = leave
            elif select is not None:
                action = self._pick(first)
            else:
                return Move(user, "card", " / ".join(taps), False, shown.content, kind=kind)
        return Move(user, "card", " / ".join(taps), False, "too many taps", kind=kind)

    def _pick(self, menus: list[dict[str, Any]]) -> dict[str, Any]:
        """One of the choices the menus show (a step's in one or two), at random, as the tap picking it."""
        menu, option = self.rng.choice([(m, o) for m in menus for o in m["options"]])
        return {**menu, "value": option["value"]}


class PingPlayer(CardPlayer):
    """Plays by taps from the ping, as a player who knows what they want to do: the action is chosen
    among those open to them (`Table.card`, read, not tapped: the ping and the card say it), then
    tapped by the shortest way offered: its button on the message that pinged them, on the answer to
    their last action, or on the card it left open, or else the "Your turn card" button and the
    action's button on it; then its menus and Confirm. Each move records its action `kind` and its
    taps (`Move.taps`)."""

    async def _act(self, user: str, usual_only: bool = False) -> Move:
        uid = self.discord.builder.directory.user_id(user)
        card = await self.discord.bot.table.card(self.channel, User(uid, user.lstrip("@")))
        usual = [k for k in card.kinds if k.kind in card.usual]
        if not card.kinds or usual_only and not usual:
            return Move(user, "card", "", False, "nothing to do")
        kind = self.rng.choice(usual if usual and (usual_only or self.rng.random() < 0.9) else card.kinds).kind
        for message, component in self._offered(uid):
            custom_id = component.get("custom_id", "")
            if custom_id in (f"waypost:act:{self.channel}:{uid}:{kind}", f"waypost:act:{self.channel}:0:{kind}",
                             f"waypost:step:{self.channel}:{card.version}:{kind}::0:to"):
                return await self._through(user, message, component, [], kind)
        message_, button = self.discord.find_component("Your turn card", user, self.channel)
        rec = await self.discord.click(user, self.channel, message_, button["custom_id"])
        assert rec.original is not None, rec.failures
        opened = rec.original
        action = next((c for c in iter_components(opened.components)
                       if c.get("custom_id", "").startswith(f"waypost:step:{self.channel}:{card.version}:{kind}:")),
                      None)
        if action is None:
            return Move(user, "card", "Your turn card", False, opened.content, kind=kind)
        return await self._through(user, opened.id, action, ["Your turn card"], kind)

    def _offered(self, user_id: int) -> list[tuple[int, dict[str, Any]]]:
        """The buttons before the player: the channel's newest message that mentions them or carries
        their next actions (the answer to their last one), and the newest private message they were
        answered with in this channel (the card left open)."""
        messages = self.discord.standin.messages
        found = []
        for ephemeral in (False, True):
            mid = next((mid for mid in sorted(messages, reverse=True) if _theirs(messages[mid], self.channel, user_id,
                                                                                ephemeral)), None)
            if mid is not None:
                found += [(mid, c) for c in iter_components(messages[mid]["components"])]
        return found


def _theirs(raw: dict[str, Any], channel: int, user_id: int, ephemeral: bool) -> bool:
    """Whether a message is in `channel` and the player's: private to them, or (not `ephemeral`)
    mentioning them or carrying their action buttons (the answer to their own action)."""
    if raw["channel_id"] != str(channel) or bool(raw["flags"] & EPHEMERAL) != ephemeral:
        return False
    if ephemeral:
        return raw.get("interaction_metadata", {}).get("user", {}).get("id") == str(user_id)
    theirs = f"waypost:act:{channel}:{user_id}:"
    return f"<@{user_id}>" in raw["content"] or any(c.get("custom_id", "").startswith(theirs)
                                                     for c in iter_components(raw["components"]))
