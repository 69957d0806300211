"""Turn flow as data: a game's phases, who acts in each and which actions each allows.

A game declares its `Flow` once and says, for any state, where play stands (`Position`). From
these two the contract (`rules.base.Game`) derives whom the table waits for, the phase line of
/game status, and the refusals "not now" and "not your turn", the same way for every game.

Who acts in a phase:
- "turn": one seat at a time, in seat order or in an order the game computes (census);
- "together": every seat listed acts, openly, in any order;
- "secret": every seat listed submits a sealed plan; the plans are revealed together.

A `Decision` is a question put to one seat outside the phase's own actions (a bumped boat's fjord,
an explored tile's rotation), answered with the flow's `answer` action. A blocking decision holds
everything else until it is answered: meanwhile the game waits only for the seats it asks
(`Position.awaited`), so nobody is pinged for a step they cannot take yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.errors import InvalidData

Who = Literal["turn", "together", "secret"]


@dataclass(frozen=True)
class Phase:
    """One phase (or stage) of play.

    `doing` is the status line with `{who}` for the names of those awaited ("{who}'s turn");
    `ends` says in words how the phase ends (for /game help; "" if it never ends); `done` is why a
    seat not awaited may not act, in a phase where several act or once the seat has finished it
    ("You have no tiles left to place").
    """

    name: str
    title: str
    who: Who
    actions: tuple[str, ...]
    prompt: str
    ends: str
    doing: str = "{who} to act"
    done: str = "You have already acted in this phase"


@dataclass(frozen=True)
class Decision:
    """A question for one seat: its prompt, the options it may answer with, and a `key` that tells
    it from the seat's other open questions (the answer names it). Prompts and options are public.
    `holds` is the refusal of any other action while a blocking decision holds play ("Yellow must
    first move …"; "" for "Waiting for Yellow to decide: <prompt>")."""

    seat: int
    prompt: str
    options: tuple[str, ...]
    blocking: bool = False
    key: str = ""
    holds: str = ""


@dataclass(frozen=True)
class Position:
    """Where a state stands in its flow.

    `acting` are the seats whose step it is (for a "turn" phase, the one on turn), awaited unless
    a blocking decision holds play (`awaited`); `may_act` the seats
    allowed to take the phase's actions when that differs (a secret phase lets a player who has
    committed change their plan until everyone has). `order` is the order in force when the game
    computes one; `heading` names the round or era ("Era 2"); `prompt` replaces the phase's
    prompt when the state says more ("sail (1 left)"). `finished` are the seats done with the
    phase (declared): refused with the phase's `done`, not "It is …'s turn".
    """

    phase: str
    acting: tuple[int, ...]
    heading: str = ""
    prompt: str = ""
    order: tuple[int, ...] = ()
    decisions: tuple[Decision, ...] = ()
    may_act: tuple[int, ...] | None = None
    finished: tuple[int, ...] = ()

    @property
    def holding(self) -> tuple[Decision, ...]:
        """The blocking decisions open: until they are answered, only they may be."""
        return tuple(d for d in self.decisions if d.blocking)

    @property
    def awaited(self) -> tuple[int, ...]:
        """The seats awaited for the phase's actions: `acting`, or nobody while a decision holds play."""
        return () if self.holding else self.acting

    @property
    def allowed(self) -> tuple[int, ...]:
        """The seats that may take the phase's actions now."""
        return self.acting if self.may_act is None else self.may_act


@dataclass(frozen=True)
class Flow:
    """A game's phases; the actions any seated player may take in any phase (`anytime`: the
    table's bookkeeping), those only the host takes (`hosted`), the action kind that answers a
    decision (`answer`), and the one, taking no options, that ends a player's turn (`finish`: the
    board's "End turn" button plays it)."""

    phases: tuple[Phase, ...]
    anytime: tuple[str, ...] = ()
    hosted: tuple[str, ...] = ()
    answer: str | None = None
    finish: str | None = None

    def phase(self, name: str) -> Phase:
        for phase in self.phases:
            if phase.name == name:
                return phase
        raise InvalidData(f"flow: there is no phase {name!r}")

    def kinds(self) -> set[str]:
        """Every action kind the flow mentions."""
        kinds = {k for p in self.phases for k in p.actions} | set(self.anytime) | set(self.hosted)
        return kinds | {k for k in (self.answer, self.finish) if k}
