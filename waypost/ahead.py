"""Play ahead (issue 30): a seat's next turn, prepared while another plays, kept privately and
played as that player's own actions the moment their turn comes, if nothing it depends on changed.

The plan and its snapshot (`rules.base.Game.prepare`, `snapshot`) are kept in the store's
`prepared` table, never in the game's row, log or export until played. After every action saved,
`after` looks at whose turn it is: a waiting plan is played (each step logged as the player's
own, "played as prepared", and told in the channel through the outbox), or, when `Game.ready`
says something changed, kept and offered back: the player alone is told what changed and the steps,
by direct message, under buttons replaying it, playing it if still legal or taking it back (the
same under the channel's ping, which says no more than that their prepared turn was not played).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from rules.base import Action, Actor, Game
from rules.core import Mode, Prepared
from rules.errors import BadInput, IllegalMove, NotAllowed, PlayerError
from rules.messages import Msg, Plural, joined, unstopped
from waypost.channels import Channels, Loaded
from waypost.outcome import Outcome, User
from waypost.records import Kept, Post

Record = Callable[..., Awaitable[Outcome]]  # `Play.record`
DOINGS = ("show", "clear", "replay", "unchanged", "if legal", "else pass")
SHOW_READY = "show_ready"  # the host's setting: whether /game status counts the players ready ahead
MOST_PLAYS = 64  # prepared turns played after one action at most (each seat's once a round)
NOT_PLAYED = Msg("Your prepared turn was not played; it is your turn.")  # all the channel is told of it
OFFERED = Msg("Replay it as prepared, play it if still legal, or take it back; or play as usual.")


class Ahead:
    """Prepared turns: kept while their player waits, played when the turn comes."""

    def __init__(self, channels: Channels):
        self.channels = channels

    @staticmethod
    def preparing(loaded: Loaded, actor: Actor, kind: str) -> bool:
        """Whether an action of `kind` by `actor` is one to prepare rather than play: it is not their
        turn and the game lets them prepare it now."""
        seat = actor.seat
        return seat is not None and not due(loaded, seat) and \
            kind in loaded.game.rules.preparable(loaded.view(seat), seat)

    @staticmethod
    def view_for(loaded: Loaded, actor: Actor, kind: str) -> Any:
        """The view on which `actor`'s options for `kind` are worked out: their own, as if it were
        their turn when it is one to prepare (the same menus, nothing hidden touched)."""
        view = loaded.view(actor.seat)
        if actor.seat is not None and Ahead.preparing(loaded, actor, kind):
            return loaded.game.rules.as_if_turn(view, actor.seat)
        return view

    async def prepare(self, loaded: Loaded, user: User, action: Action) -> Outcome:
        """Add `action` to the user's prepared turn (a plan offered back starts afresh), checked on
        their view as if it were their turn; kept privately with its snapshot."""
        actor = loaded.actor(user)
        assert actor.seat is not None
        kept = (await self.channels.plans(loaded)).get(actor.seat)
        earlier = self._plan(loaded, kept) if kept is not None else Prepared(actor.seat, ())
        steps = (*earlier.actions, action) if kept is not None and not kept.reasons else (action,)
        plan = await self._keep(loaded, actor, steps, earlier.mode, earlier.else_pass)
        return Outcome(Msg("Prepared: {steps} (played when your turn comes; change or take it back until then with "
                           "/prepared).", steps=_steps(loaded, plan)), private=True, prepared=True)

    async def manage(self, loaded: Loaded, user: User, doing: str, record: Record) -> Outcome:
        """/prepared: `doing` one of `DOINGS` with the user's prepared turn (`record` plays a step)."""
        actor = loaded.actor(user)
        if actor.seat is None:
            raise NotAllowed(Msg("You are not playing in this game."))
        if doing not in DOINGS:
            raise BadInput(Msg("Choose one of {doings}, not {doing}.", doings=", ".join(DOINGS),
                               doing=repr(doing[:20])))
        seat = actor.seat
        kept = (await self.channels.plans(loaded)).get(seat)
        if kept is None:
            raise IllegalMove(Msg("You have no prepared turn. Prepare one with the game's usual commands while it "
                                  "is not your turn."))
        plan = self._plan(loaded, kept)
        if doing == "show":
            return Outcome(_shown(loaded, plan, kept), private=True)
        if doing == "clear":
            await self.channels.drop_plan(loaded, seat)
            return Outcome(Msg("Your prepared turn is taken back."), private=True)
        mode: Mode = "unchanged" if doing == "unchanged" else "if legal" if doing == "if legal" else plan.mode
        else_pass = plan.else_pass or doing == "else pass"
        if due(loaded, seat):  # offered back, and their turn now: replayed as it stands, or tried again so
            if doing == "replay":  # every step still legal, or none played
                legal = loaded.game.rules.ready(loaded.state, dataclasses.replace(plan, mode="if legal",
                                                                                  else_pass=False), {})
                if not legal.actions:
                    raise IllegalMove(_why(legal.reasons))
                await self._play(loaded, user, legal.actions, kept, record)
            else:
                again = dataclasses.replace(plan, mode=mode, else_pass=else_pass)
                await self.channels.keep_plan(loaded, dataclasses.replace(
                    kept, plan=loaded.game.rules.encode_prepared(again), reasons=()))
            told = await self.after(loaded, Outcome("", private=True, posted=True), record)
            left = (await self.channels.plans(loaded)).get(seat)
            if left is None:
                return dataclasses.replace(told, text=Msg("Your prepared turn is played: {steps}.",
                                                          steps=_steps(loaded, plan)))
            return dataclasses.replace(told, text=_shown(loaded, plan, left))
        plan = await self._keep(loaded, actor, plan.actions, mode, else_pass)
        said = {"mode": plan.mode, "steps": _steps(loaded, plan)}
        return Outcome(Msg("Prepared ({mode}, else pass): {steps}.", **said) if plan.else_pass else
                       Msg("Prepared ({mode}): {steps}.", **said), private=True)

    async def after(self, loaded: Loaded, outcome: Outcome, record: Record) -> Outcome:
        """Play every prepared turn whose time has come after an action (`outcome` its answer; each
        step played by `record`, given rather than kept: no cycle of references), until none has; a
        plan that cannot be played as prepared is kept and offered back. The answer no longer pings
        the players whose prepared turns were played, nor those offered theirs back (that post pings
        them, saying it is their turn)."""
        if loaded.row.status != "active" or loaded.row.paused_at:
            return outcome
        settled: list[int] = []  # players whose prepared turn was played, or offered back to them
        posted = False
        for _ in range(MOST_PLAYS):
            plans = await self.channels.plans(loaded)
            now = next((k for k in plans.values() if not k.reasons and due(loaded, k.seat)), None)
            if now is None or loaded.row.status != "active":
                break
            player = loaded.seats[now.seat].player_id
            ready = loaded.game.rules.ready(loaded.state, self._plan(loaded, now), now.snapshot)
            reasons, done = ready.reasons, False
            if ready.actions:  # as prepared, or the game's fallback (a pass) in its stead
                try:
                    await self._play(loaded, User(player, loaded.seats[now.seat].name), ready.actions, now, record)
                    settled.append(player)
                    done = True  # its last step dropped it
                except PlayerError as refused:  # what the player's view did not show: the steps played stand
                    reasons = (str(refused),)
            if not done:
                await self._offer_back(loaded, now, reasons)
                settled.append(player)  # told by the offer: not pinged twice
            posted = True
        if not posted:
            return outcome
        turns = tuple(t for t in outcome.turns if t.user_id not in settled)
        return dataclasses.replace(outcome, ping=tuple(p for p in outcome.ping if p not in settled), turns=turns,
                                   posted=True)

    async def _play(self, loaded: Loaded, user: User, actions: tuple[Action, ...], kept: Kept,
                    record: Record) -> None:
        """Play prepared steps as the player's own actions (the last drops the plan with it)."""
        for number, action in enumerate(actions, 1):
            await record(loaded, user, action, prepared=True, drops=kept.seat if number == len(actions) else None)

    async def _offer_back(self, loaded: Loaded, kept: Kept, reasons: tuple[str, ...]) -> None:
        """Keep a plan not played as prepared, with why, and offer it back to its player: what
        changed and the steps told them alone (by direct message), the channel pinging them with
        no more than that it was not played (the reasons would tell what was prepared)."""
        player = loaded.seats[kept.seat].player_id
        offered = dataclasses.replace(kept, reasons=reasons, at=self.channels.now().isoformat())
        direct = Msg("Your prepared turn was not played: {why} Prepared: {steps}. {offered}", why=_why(reasons),
                     steps=_steps(loaded, self._plan(loaded, kept)), offered=OFFERED)
        post = Post(NOT_PLAYED, (player,), direct=direct, offer=True)
        await self.channels.keep_plan(loaded, offered, (loaded.row.channel_id, post))

    async def _keep(self, loaded: Loaded, actor: Actor, steps: tuple[Action, ...], mode: Mode,
                    else_pass: bool) -> Prepared:
        """Check a prepared turn on the player's view as it is now, and keep it with its snapshot."""
        assert actor.seat is not None
        rules, view = loaded.game.rules, loaded.view(actor.seat)
        plan = rules.prepare(view, actor, steps, mode, else_pass)
        snapshot = rules.snapshot(view, plan.footprint)
        await self.channels.keep_plan(loaded, Kept(actor.seat, rules.encode_prepared(plan), snapshot, (),
                                                           self.channels.now().isoformat()))
        return plan

    @staticmethod
    def _plan(loaded: Loaded, kept: Kept) -> Prepared:
        return loaded.game.rules.decode_prepared(kept.plan)


async def ready_count(channels: Channels, loaded: Loaded) -> int | None:
    """How many players have a turn prepared, when the host's setting shows it (None: hidden)."""
    if loaded.row.settings.get(SHOW_READY) != "count":
        return None
    return sum(not k.reasons for k in (await channels.plans(loaded)).values())


def due(loaded: Loaded, seat: int) -> bool:
    """Whether the game now waits for `seat`'s turn (a seat still to be claimed plays nothing)."""
    return loaded.row.status == "active" and seat not in loaded.row.unclaimed and \
        any(a.seat == seat and a.kind == "turn" for a in loaded.awaiting())


def _steps(loaded: Loaded, plan: Prepared) -> str:
    """A plan's steps in the words the log would say them, each applied in turn on the player's
    view as if it were their turn ("Blue sailed boat 1 B1→F1 (x1), then Blue ended their turn"); a
    step that no longer applies, and those after it, by the action's name and its options as typed
    ("Sail (boat:1 route:"A2 F4")")."""
    rules, seat = loaded.game.rules, plan.seat
    state, said = rules.as_if_turn(loaded.view(seat), seat), []
    for number, action in enumerate(plan.actions):
        try:
            result = rules.apply(state, Actor(seat), action)
        except PlayerError:
            said += [_step(rules, rules.encode_action(a)) for a in plan.actions[number:]]
            break
        said.append(unstopped(result.summary))
        state = result.state
    text = said[0] if said else ""
    for step in said[1:]:
        text = Msg("{earlier}, then {step}", earlier=text, step=step)
    return text


def _step(rules: Game[Any], data: dict[str, Any]) -> str:
    """A prepared action as a player would name and type it: its name (the turn card's, a catalog
    message) and its options (`boat:1 route:"A2 F4"`)."""
    named = next((Msg(a.named()) for a in rules.actions if a.kind == data["kind"]), str(data["kind"]))
    values = [f"{k}:{_typed(v)}" for k, v in data.items()
              if k not in ("kind", "salt") and v not in ("", None, [], False)]
    return Msg("{action} ({options})", action=named, options=" ".join(values)) if values else named


def _typed(value: Any) -> str:
    text = " ".join(map(str, value)) if isinstance(value, list) else str(value)
    return f'"{text}"' if " " in text else text


def _shown(loaded: Loaded, plan: Prepared, kept: Kept) -> str:
    """/prepared show: the steps, how they are played, and why they were offered back."""
    how = Msg("played only if nothing it depends on changed") if plan.mode == "unchanged" else \
        Msg("played if still legal")
    if plan.else_pass:
        how = Msg("{how}, else pass", how=how)
    count = Plural("{n} step", "{n} steps", len(plan.actions))
    text = Msg("Your prepared turn ({count}, {how}): {steps}.", count=count, how=how, steps=_steps(loaded, plan))
    if kept.reasons:
        return Msg("{said} It was not played: {why} Replay it (/prepared do:replay), change it, or play as usual.",
                   said=text, why=_why(kept.reasons))
    return text


def _why(reasons: tuple[str, ...]) -> str:
    """What changed, in sentences: "Red boat 1 moved into F1 on your route."."""
    return joined([r if r.endswith((".", "!", "?")) else Msg("{reason}.", reason=r) for r in reasons])
