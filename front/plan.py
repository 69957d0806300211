"""The reply plan: everything a table outcome makes the bot say, decided at once and without
Discord — the interaction's answer (its pages, privacy, whom it pings, the board to draw, its
buttons; or, when it came from another channel, posted in the game's), the quiet channel's line,
the live board, the decision menus, the direct messages and, when the game ended, the export.
`plan` is pure: what it needs from elsewhere (members' direct-message choices, the game's
end-turn action) is gathered first, into a `Context`. `front.sender` carries a plan out. A timer's
post, which answers no interaction, is planned by `reminder` (`front.posting` sends it)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from front.replies import CONTENT_LIMIT, escape, fit
from rules.messages import Msg
from waypost.i18n import SOURCE, translate
from waypost.outcome import Drawing, Outcome, Prompt

EXPORT = Msg("The whole game, to keep, or to play again from any point: /game import with until: the last log "
             "entry to keep.")
CLOSED = Msg("this concerns you (Waypost cannot send you direct messages).")


# --- the components under a message (made into Discord's by `front.sender.view_of`) ---------------

@dataclass(frozen=True)
class Quick:
    """One of the usual actions of the only player on turn, for them to click."""

    channel_id: int
    user_id: int
    kind: str
    label: str


@dataclass(frozen=True)
class CardKey:
    """The button opening the clicker's turn card."""

    channel_id: int


@dataclass(frozen=True)
class Verify:
    """The button showing a reveal's proof (log entry `seq`)."""

    channel_id: int
    seq: int


@dataclass(frozen=True)
class BoardKey:
    """A button under a board: end the turn, take back, my own board."""

    channel_id: int
    what: str


@dataclass(frozen=True)
class Menu:
    """A decision's menu."""

    prompt: Prompt


@dataclass(frozen=True)
class AheadKey:
    """A button of a player's prepared turn (issue 30): show, replay, if still legal, take back."""

    channel_id: int
    user_id: int
    do: str


Component = Quick | CardKey | Verify | BoardKey | Menu | AheadKey
OFFERED_BACK = ("replay", "legal", "clear")  # the buttons of a prepared turn offered back
UNREACHED = Msg("(Waypost cannot send you direct messages: /prepared says why.)")


# --- the plan ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Answer:
    """The interaction's answer: its messages (the first with the board and the components), whom
    they ping; `elsewhere` when it is posted in the game's channel, away from the interaction's;
    the `language` it speaks (its components' labels too)."""

    texts: tuple[str, ...]
    private: bool
    pings: tuple[int, ...] = ()
    drawing: Drawing | None = None
    components: tuple[Component, ...] = ()
    elsewhere: bool = False
    language: str = SOURCE


@dataclass(frozen=True)
class Post:
    """A message in the game's channel."""

    content: str
    pings: tuple[int, ...] = ()
    components: tuple[Component, ...] = ()


@dataclass(frozen=True)
class Line:
    """What the channel is told of a private answer; with a `key`, the line kept for it, edited in
    place (a quiet channel)."""

    text: str
    key: str = ""


@dataclass(frozen=True)
class Live:
    """The board for the channel's live board message, edited in place."""

    drawing: Drawing
    content: str
    components: tuple[Component, ...] = ()


@dataclass(frozen=True)
class Context:
    """What a plan needs from outside the outcome: the game's channel and the interaction's
    (`here`), the members the outcome concerns who chose a direct message when a game waits for
    them (`turn_dms`) or a move hits them (`hit_dms`), the game's end-turn action kind, if its
    rules have one (`finish`), and who acted (`actor`: nobody is messaged or pinged about their
    own action; 0 for nobody); the languages of the one who acted (`reader`: a private answer's)
    and of the game (`spoken`: what the channel is told, pings and direct messages)."""

    channel_id: int
    here: int
    turn_dms: frozenset[int] = frozenset()
    hit_dms: frozenset[int] = frozenset()
    finish: str | None = None
    actor: int = 0
    reader: str = SOURCE
    spoken: str = SOURCE


@dataclass(frozen=True)
class Direct:
    """A direct message, with the buttons of the ping it stands for (a turn's quick actions and
    turn card, a decision's menu)."""

    user_id: int
    text: str
    components: tuple[Component, ...] = ()


@dataclass(frozen=True)
class ReplyPlan:
    """What to answer, then post, edit and message, in this order; `export` when the whole game is
    posted at the end (the game ended); `language` the game's, which its channel and direct
    messages speak."""

    channel_id: int
    answer: Answer
    line: Line | None = None
    live: Live | None = None
    menus: tuple[Post, ...] = ()
    direct: tuple[Direct, ...] = ()
    export: bool = False
    language: str = SOURCE


def plan(outcome: Outcome, context: Context) -> ReplyPlan:
    """The reply plan of an outcome: a board meant for the live board goes there, not with the
    answer; those told by direct message, and the one who acted, are named but not pinged. A
    private answer speaks the reader's language, everything else the game's."""
    channel, spoken = context.channel_id, context.spoken
    on_live = outcome.live and not outcome.private and outcome.drawing is not None
    reply = replace(outcome, drawing=None) if on_live else outcome
    said = context.reader if reply.private else spoken
    buttons = components(reply, channel, context.finish, said)  # a private answer: the actor's next actions
    direct = _direct(outcome, context, buttons)
    quiet = {d.user_id for d in direct} | {context.actor}
    answer = Answer(tuple(render_text(reply, said)), reply.private,
                    tuple(dict.fromkeys(u for u in (*reply.hits, *reply.told, *reply.ping) if u not in quiet)),
                    reply.drawing, buttons, elsewhere=not reply.private and channel != context.here, language=said)
    live = None
    if on_live and outcome.drawing is not None:
        after = Msg("Live board, after: {what}", what=escape(translate(outcome.text, spoken)))
        live = Live(outcome.drawing, fit([translate(after, spoken)]),
                    components(replace(outcome, turns=(), awaiting=False, going_on=None), channel, context.finish,
                               spoken))
    menus = tuple(Post(f"<@{p.user_id}> {escape(translate(p.prompt, spoken))}",
                       () if p.user_id in quiet else (p.user_id,), (Menu(p),)) for p in outcome.prompts)
    line = Line(translate(outcome.announce, spoken), outcome.gather) if outcome.announce else None
    return ReplyPlan(channel, answer, line, live, menus, direct, outcome.finished, spoken)


@dataclass(frozen=True)
class Reminder:
    """A timer's post (a reminder, a deadline passed), which no interaction answers: the direct
    messages to those named who chose them, then the post, mentioning (and pinging) the others;
    or, for a prepared turn offered back, the private message its player alone is sent whatever
    they chose (`private`), then the post mentioning them, both under `components`."""

    direct: tuple[tuple[int, str], ...]
    named: tuple[int, ...]
    text: str
    private: Direct | None = None
    components: tuple[Component, ...] = ()
    unreached: str = ""  # said after the text when the private message could not be sent

    def content(self, told: list[int], reached: bool = True) -> str:
        """The post once those in `told` were told by direct message (and the private message
        `reached` its player, or not: then the post says where to look)."""
        text = self.text if reached else f"{self.text} {self.unreached}"
        return fit([f"{mentions(tuple(uid for uid in self.named if uid not in told))} {text}".strip()])


def reminder(content: str, channel_id: int, named: tuple[int, ...], turn_dms: frozenset[int],
             private: str = "", offer: bool = False, language: str = SOURCE) -> Reminder:
    """The plan of a timer's post about `channel_id` naming `named` (its text already in the game's
    `language`); those in `turn_dms` chose a direct message when a game waits for them. `private`
    is for the first named alone (a prepared turn offered back, `offer`: with its buttons), in
    their direct messages only."""
    said = escape(content)

    def there(text: str) -> str:
        return translate(Msg("{text} (in {channel})", text=text, channel=f"<#{channel_id}>"), language)

    if private and named:
        buttons = offered(channel_id, named[0]) if offer else ()
        return Reminder((), named, said, Direct(named[0], there(escape(private)), buttons), buttons,
                        translate(UNREACHED, language))
    return Reminder(tuple((uid, there(said)) for uid in named if uid in turn_dms), named, said)


def offered(channel_id: int, user_id: int) -> tuple[Component, ...]:
    """The buttons of `user_id`'s prepared turn offered back: replay as prepared, if still legal, take back."""
    return tuple(AheadKey(channel_id, user_id, do) for do in OFFERED_BACK)


def closed(user_ids: list[int], language: str = SOURCE) -> Post:
    """Told in the channel after all (in the game's `language`): those whose direct messages are closed."""
    return Post(fit([f"{mentions(tuple(user_ids))} {translate(CLOSED, language)}"]), tuple(user_ids))


def components(outcome: Outcome, channel: int, finish: str | None, language: str = SOURCE) -> tuple[Component, ...]:
    """What goes under an answer: the actions open to whom it pings or, pinging nobody, to the actor
    still awaited (`quick_actions`, labelled in `language`; under a private answer, only those), the
    turn card when anyone may act, Verify under a reveal and, under a board, end the turn (when a
    player on turn may end it, `Outcome.may_end`, and it is not among those already offered), take
    back, my own board."""
    if outcome.private:
        own = outcome.going_on
        return () if own is None else \
            tuple(Quick(channel, own.user_id, kind, translate(label, language)) for kind, label in own.actions[:4])
    quick, whose = quick_actions(outcome)
    found: list[Component] = [Quick(channel, whose, kind, translate(label, language)) for kind, label in quick]
    if outcome.drawing is None and not outcome.awaiting and outcome.verify is None:
        return ()
    if outcome.awaiting:
        found.append(CardKey(channel))
    if outcome.verify is not None:
        found.append(Verify(channel, outcome.verify))
    if outcome.drawing is not None:
        ends = outcome.may_end and finish is not None and finish not in dict(quick)
        found += [BoardKey(channel, what) for what in (("end",) if ends else ()) + ("undo", "board")]
    return tuple(found)


def quick_actions(outcome: Outcome) -> tuple[tuple[tuple[str, str], ...], int]:
    """The action buttons of a ping and whose they are: one player's actions open now, theirs; when
    it pings several (a phase played together), those open to every one of them, for whichever of
    them clicks (user 0); pinging nobody, the actor's next ones while they may act on, theirs."""
    if not outcome.turns and outcome.going_on is not None:
        return outcome.going_on.actions[:4], outcome.going_on.user_id
    if len(outcome.turns) == 1:
        return outcome.turns[0].actions[:4], outcome.turns[0].user_id
    shared = [a for a in outcome.turns[0].actions if all(a in t.actions for t in outcome.turns)] if outcome.turns \
        else []
    return tuple(shared[:4]), 0


def render_text(outcome: Outcome, language: str = SOURCE) -> list[str]:
    """The answer's text in `language`, in as many messages as it needs: what happened, the details
    not already said, whom it concerns."""
    def said(text: str) -> str:
        return translate(text, language)

    text = said(outcome.text)
    lines = [escape(text), *(f"• {escape(d)}" for d in map(said, outcome.details) if d.casefold() not in
                             text.casefold())]
    if outcome.hits:
        lines.append(said(Msg("Hit by this move: {who}", who=mentions(outcome.hits))))
    if outcome.told:
        lines.append(said(Msg("For: {who}", who=mentions(outcome.told))))
    asked = {t.user_id for t in outcome.turns}
    lines += [f"<@{t.user_id}> {_your_turn(t.prompt, language)}" for t in outcome.turns]
    if rest := tuple(uid for uid in outcome.ping if uid not in asked):
        lines.append(said(Msg("Your move: {who}", who=mentions(rest))))
    return pages(lines)


def _your_turn(prompt: str, language: str = SOURCE) -> str:
    """ "your turn: sail (2 left) or end", from the game's prompt for the player, in `language`."""
    said = escape(translate(prompt, language).strip())
    said = said[len("your turn:"):].strip() if said.casefold().startswith("your turn:") else said
    if not said:
        return translate(Msg("your turn"), language)
    return translate(Msg("your turn: {what}", what=f"{said[:1].lower()}{said[1:]}"), language)


def _direct(outcome: Outcome, context: Context, buttons: tuple[Component, ...]) -> tuple[Direct, ...]:
    """Those a public outcome concerns who chose to be told by direct message, but not the one who
    acted, with what to tell them: a player it hit, a player whose move or decision it is now (and
    in which channel), under the buttons the ping carries for them (`buttons`: the answer's)."""
    if outcome.private:
        return ()
    spoken = context.spoken

    def said(text: str) -> str:
        return escape(translate(text, spoken))

    told = {uid: translate(Msg("Another player's move hit you: {what}", what=said(outcome.text)), spoken)
            for uid in outcome.hits if uid in context.hit_dms}
    waiting = {uid: translate(Msg("It is your move now, after: {what}", what=said(outcome.text)), spoken)
               for uid in outcome.ping}
    waiting |= {p.user_id: translate(Msg("A decision waits for you: {what}", what=said(p.prompt)), spoken)
                for p in outcome.prompts}
    for uid, text in waiting.items():
        if uid not in told and uid in context.turn_dms:
            told[uid] = text

    def theirs(uid: int) -> tuple[Component, ...]:
        turn = [c for c in buttons if isinstance(c, CardKey) or isinstance(c, Quick) and c.user_id == uid]
        return (*(turn if uid in outcome.ping else ()), *(Menu(p) for p in outcome.prompts if p.user_id == uid))

    return tuple(Direct(uid, translate(Msg("{text} (in {channel})", text=text, channel=f"<#{context.channel_id}>"),
                                       spoken), theirs(uid))
                 for uid, text in told.items() if uid != context.actor)


def pages(lines: list[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """Lines joined into as many messages of at most `limit` characters as they need, nothing
    left out: a message breaks between lines, and only a line longer than a whole message is
    broken inside."""
    found: list[str] = []
    page = ""
    for line in lines:
        while len(line) > limit:
            if page:
                found.append(page)
                page = ""
            found.append(line[:limit])
            line = line[limit:]
        if page and len(page) + 1 + len(line) > limit:
            found.append(page)
            page = ""
        page = f"{page}\n{line}" if page else line
    return [*found, page] if page or not found else found


def mentions(user_ids: tuple[int, ...]) -> str:
    return " ".join(f"<@{uid}>" for uid in user_ids)
