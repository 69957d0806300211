"""What a change tells whom: the outcome of a table command (whom to ping, which menus, whose turn
cards, what to draw), worked out from the channel's game as it now stands."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Actor, Awaiting, Posted
from rules.flow import Phase
from rules.messages import Msg
from waypost.channels import Loaded
from waypost.i18n import translate
from waypost.outcome import Drawing, Outcome, Prompt, Turn, User
from waypost.records import LogEntry


def outcome(loaded: Loaded, user: User, text: str, details: tuple[str, ...],
            before: list[Awaiting], draw: bool, hits: tuple[int, ...] = (),
            posted: Posted | None = None, began: bool = False) -> Outcome:
    """Whom to ping (newly awaited players other than the actor; one asked a decision gets its
    menu, which mentions them), what each newly awaited player is asked (the actor too, named
    but not pinged: the host who starts a game and plays first), what the actor still awaited may
    do next (Sail again, or sail the ship just maintained: their buttons, unnamed), whom to tell they were hit,
    menus to offer, what to draw (the posted view, showing best the action `posted` names).
    When the game has just begun (`began`) or stopped waiting for anyone, in a phase where
    players may still act (Mega Civilization's table phases), what that phase asks is said."""
    unclaimed = set(loaded.row.unclaimed)  # nobody is pinged for a seat they have not claimed
    after = [a for a in loaded.awaiting() if a.seat not in unclaimed]
    idle = idle_phase(loaded) if before or began else None
    if idle is not None:
        named = idle.title if "{who}" in idle.doing else idle.doing  # "the table's phases": no one is awaited
        details = (*details, Msg("Now {phase}: {prompt}", phase=named, prompt=idle.prompt))
    was = {(a.seat, a.kind, a.key) for a in before}  # who was awaited, whatever the prompt now says
    fresh = [a for a in after if (a.seat, a.kind, a.key) not in was]
    hits = tuple(s for s in hits if s not in unclaimed)
    seats = loaded.row.seats
    prompts = tuple(Prompt(loaded.row.channel_id, seats[a.seat].player_id, a.prompt, a.options, a.key)
                    for a in fresh if a.kind == "decision" and a.options)
    asked = {p.user_id for p in prompts}
    ping = tuple(dict.fromkeys(seats[a.seat].player_id for a in fresh
                               if seats[a.seat].player_id not in (user.id, *asked)))
    turns = turns_of(loaded, [a for a in fresh if seats[a.seat].player_id in (*ping, user.id)])
    told = tuple(dict.fromkeys(seats[s].player_id for s in hits if seats[s].player_id not in (user.id, *asked)))
    mode = loaded.row.settings.get("board_images")
    shown = drawing(loaded, None, text, posted or Posted()) if (bool(fresh) if mode == "turn" else draw) \
        else None
    return Outcome(text, details, drawing=shown, ping=ping, prompts=prompts, turns=turns,
                   awaiting=bool(after) or open_to_act(loaded), hits=told,
                   live=mode == "live" and shown is not None, may_end=shown is not None and may_end(loaded, after),
                   going_on=going_on(loaded, user, fresh))


def going_on(loaded: Loaded, user: User, fresh: list[Awaiting] | None = None) -> Turn | None:
    """What the actor, still awaited and not newly (`fresh`), may do next: the phase's actions open
    to them now, for buttons under the answer to their action (None when they have none)."""
    seats = loaded.row.seats
    own = turns_of(loaded, [a for a in loaded.awaiting() if a not in (fresh or ()) and
                            seats[a.seat].player_id == user.id])
    return own[0] if own and own[0].actions else None


def may_end(loaded: Loaded, awaited: list[Awaiting]) -> bool:
    """Whether a player awaited on turn may end it now: the game's end-turn action, which takes no
    options, accepted on their own view (not while they place their first pieces, say)."""
    rules, seats = loaded.game.rules, loaded.row.seats
    action = rules.finish()
    return action is not None and any(
        rules.accepts(loaded.view(a.seat), Actor(a.seat, host=seats[a.seat].player_id == loaded.row.host_id), action)
        for a in awaited if a.kind == "turn")


def open_to_act(loaded: Loaded) -> bool:
    """Whether someone may act though nobody is awaited (between phases, the table's own actions)."""
    rules = loaded.game.rules
    return loaded.state is not None and rules.ending(loaded.state) is None and \
        bool(rules.positioned(loaded.state).allowed)


def idle_phase(loaded: Loaded) -> Phase | None:
    """The phase in play when it waits for nobody though players may act (Mega Civilization's
    table phases): what it asks is worth saying, as no ping says it."""
    if loaded.awaiting() or not open_to_act(loaded):
        return None
    rules = loaded.game.rules
    return rules.flow.phase(rules.positioned(loaded.state).phase)


def turns_of(loaded: Loaded, awaited: list[Awaiting]) -> tuple[Turn, ...]:
    """What each newly awaited player is asked, with the phase's actions open to them now, its
    main one first (`Game.usual`, on their own view)."""
    rules, seats = loaded.game.rules, loaded.row.seats

    def usual(seat: int) -> tuple[tuple[str, str], ...]:
        actor = Actor(seat, host=seats[seat].player_id == loaded.row.host_id)
        return tuple(rules.usual(loaded.view(seat), actor))

    return tuple(Turn(seats[a.seat].player_id, a.prompt, usual(a.seat) if a.kind in ("turn", "plan") else ())
                 for a in awaited if a.kind != "decision")


def drawing(loaded: Loaded, seat: int | None, what: str, posted: Posted | None = None) -> Drawing:
    """The board as `seat` (None: everyone) may see it, whole or (`posted`) the posted view, in
    the game's language; its alt text says `what` happened and describes the position (described
    where it is drawn: `Drawing.described`)."""
    said = language(loaded)
    return Drawing(loaded.game.key, loaded.view(seat), seat, translate(what, said), posted=posted, language=said,
                   described=True)


def language(loaded: Loaded) -> str:
    """The language the game's channel posts and boards speak (`Loaded.language`)."""
    return loaded.language()


def asked_by(outcome: Outcome, entry: LogEntry | None) -> Outcome:
    """The outcome with its menus marked with the saved log entry that asked them."""
    if entry is None or not outcome.prompts:
        return outcome
    return replace(outcome, prompts=tuple(replace(p, asked=entry.seq) for p in outcome.prompts))
