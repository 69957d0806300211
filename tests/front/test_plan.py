"""The reply plan (`front.plan.plan`): a table outcome in, what the bot will answer, post, edit,
ping and message out — pure, without Discord."""

from __future__ import annotations

from dataclasses import replace

from front.plan import (
    EXPORT,
    Answer,
    BoardKey,
    CardKey,
    Context,
    Direct,
    Line,
    Live,
    Menu,
    Post,
    Quick,
    Verify,
    closed,
    plan,
    reminder,
)
from waypost.outcome import Drawing, Outcome, Prompt, Turn

CH, ELSEWHERE = 100, 200
ALICE, BOB, CARL, DAVE = 1, 2, 3, 4
BOARD = Drawing("vikings", None, None, "The fjords — alice's boat in F4.")
HERE = Context(CH, CH, finish="end")


def test_a_public_move_answers_with_its_board_buttons_and_pings():
    """The one player on turn gets their usual actions as buttons (end turn among them, so the
    board's own End turn is left out), the turn card and the board's buttons; a player hit who
    chose a direct message is told there and named, not pinged, in the answer."""
    outcome = Outcome("alice sailed A2→F4", details=("2 strength left",), drawing=BOARD, ping=(BOB,),
                      turns=(Turn(BOB, "Your turn: sail or end", (("sail", "Sail"), ("end", "End turn"))),),
                      awaiting=True, hits=(CARL,))
    reply = plan(outcome, Context(CH, CH, hit_dms=frozenset({CARL}), finish="end"))
    assert reply.answer == Answer(
        ("alice sailed A2→F4\n• 2 strength left\nHit by this move: <@3>\n<@2> your turn: sail or end",),
        private=False, pings=(BOB,), drawing=BOARD,
        components=(Quick(CH, BOB, "sail", "Sail"), Quick(CH, BOB, "end", "End turn"), CardKey(CH),
                    BoardKey(CH, "undo"), BoardKey(CH, "board")))
    assert reply.direct == (Direct(CARL, "Another player's move hit you: alice sailed A2→F4 (in <#100>)"),)
    assert (reply.line, reply.live, reply.menus, reply.export) == (None, None, (), False)


def test_a_board_offers_end_turn_where_the_game_has_it_and_a_player_on_turn_may_end_it():
    outcome = Outcome("bob built a hut", drawing=BOARD, awaiting=True, may_end=True)
    assert plan(outcome, HERE).answer.components == (CardKey(CH), BoardKey(CH, "end"), BoardKey(CH, "undo"),
                                                     BoardKey(CH, "board"))
    assert plan(outcome, Context(CH, CH)).answer.components == (CardKey(CH), BoardKey(CH, "undo"),
                                                                BoardKey(CH, "board"))
    placing = replace(outcome, may_end=False)  # nobody may end a turn now (first pieces placed): not offered
    assert plan(placing, HERE).answer.components == (CardKey(CH), BoardKey(CH, "undo"), BoardKey(CH, "board"))


def test_a_secret_move_is_answered_privately_and_the_channel_sees_what_it_is_told():
    """A sealed bid: the bidder's answer is private, without buttons, and nobody is messaged; the
    channel's line (kept per player and phase in a quiet channel) is `said`, not the bid."""
    outcome = Outcome("You bid 73191.", private=True, drawing=BOARD, ping=(BOB,), announce="alice made a secret bid.",
                      gather="bid:1")
    reply = plan(outcome, Context(CH, CH, turn_dms=frozenset({BOB}), finish="end"))
    assert reply.answer.private and reply.answer.components == () and reply.answer.drawing == BOARD
    assert reply.line == Line("alice made a secret bid.", "bid:1")
    assert reply.direct == () and reply.live is None
    assert all("73191" not in text for text in (reply.line.text, *(m.content for m in reply.menus)))


def test_a_decision_prompt_is_a_menu_pinging_its_player_unless_told_by_direct_message():
    prompt = Prompt(CH, DAVE, "Keep the *axe* or discard it?", ("keep", "discard"), key="axe", asked=7)
    outcome = Outcome("carl raided", prompts=(prompt,), awaiting=True)
    menu = Post("<@4> Keep the \\*axe\\* or discard it?", (DAVE,), (Menu(prompt),))
    assert plan(outcome, HERE).menus == (menu,)
    told = plan(outcome, Context(CH, CH, turn_dms=frozenset({DAVE})))
    assert told.menus == (Post(menu.content, (), menu.components),)
    assert told.direct == (Direct(DAVE, "A decision waits for you: Keep the \\*axe\\* or discard it? (in <#100>)",
                                  (Menu(prompt),)),)


def test_a_direct_message_carries_the_buttons_of_the_ping_it_stands_for():
    """Issue 28 §4: the player on turn told by direct message gets the ping's quick actions and turn
    card (not the board's buttons); a player hit gets none, unless it is their turn too."""
    turn = Turn(BOB, "Your turn: sail or end", (("sail", "Sail"), ("end", "End turn")))
    outcome = Outcome("alice sailed", drawing=BOARD, ping=(BOB,), turns=(turn,), awaiting=True, hits=(CARL,))
    reply = plan(outcome, Context(CH, CH, turn_dms=frozenset({BOB}), hit_dms=frozenset({CARL}), finish="end"))
    assert reply.direct == (
        Direct(CARL, "Another player's move hit you: alice sailed (in <#100>)"),
        Direct(BOB, "It is your move now, after: alice sailed (in <#100>)",
               (Quick(CH, BOB, "sail", "Sail"), Quick(CH, BOB, "end", "End turn"), CardKey(CH))))
    assert reply.answer.pings == ()


def test_nobody_is_messaged_or_pinged_about_their_own_action():
    """Issue 28 §4: alice's move hits her, leaves her on turn and asks her a decision: she chose
    every direct message, yet none is sent and nothing pings her; she is still named."""
    prompt = Prompt(CH, ALICE, "Keep the axe?", ("keep", "discard"), key="axe")
    outcome = Outcome("alice raided", ping=(ALICE, BOB), turns=(Turn(ALICE, "raid"), Turn(BOB, "raid")),
                      awaiting=True, hits=(ALICE,), prompts=(prompt,))
    dms = frozenset({ALICE})
    reply = plan(outcome, Context(CH, CH, turn_dms=dms, hit_dms=dms, actor=ALICE))
    assert reply.direct == () and reply.answer.pings == (BOB,) and reply.menus[0].pings == ()
    assert "<@1> your turn" in reply.answer.texts[0] and reply.menus[0].content.startswith("<@1>")


def test_a_finished_game_posts_its_final_board_and_then_the_export():
    outcome = Outcome("Game over: alice wins with 31 points.", drawing=BOARD, finished=True, verify=12)
    reply = plan(outcome, HERE)
    assert reply.export and "/game import" in EXPORT
    assert reply.answer.drawing == BOARD and reply.answer.components == (
        Verify(CH, 12), BoardKey(CH, "undo"), BoardKey(CH, "board"))  # nobody ends a turn in a finished game


def test_a_live_board_goes_to_its_message_and_the_answer_is_text():
    outcome = Outcome("alice sailed", drawing=BOARD, ping=(BOB,), turns=(Turn(BOB, "sail", (("sail", "Sail"),)),),
                      awaiting=True, live=True, may_end=True)
    reply = plan(outcome, HERE)
    assert reply.answer.drawing is None
    assert reply.answer.components == (Quick(CH, BOB, "sail", "Sail"), CardKey(CH))
    assert reply.live == Live(BOARD, "Live board, after: alice sailed",
                              (BoardKey(CH, "end"), BoardKey(CH, "undo"), BoardKey(CH, "board")))


def test_an_answer_from_another_channel_is_posted_in_the_games():
    """A turn card opened from /game mine elsewhere: the public answer goes to the game's channel;
    a private one stays with the clicker."""
    assert plan(Outcome("alice sailed"), Context(CH, ELSEWHERE)).answer.elsewhere
    assert not plan(Outcome("You bid 3.", private=True), Context(CH, ELSEWHERE)).answer.elsewhere


def test_those_whose_direct_messages_are_closed_are_told_in_the_channel():
    assert closed([BOB, CARL]) == Post("<@2> <@3> this concerns you (Waypost cannot send you direct messages).",
                                       (BOB, CARL))


def test_a_timers_post_tells_those_who_chose_direct_messages_there_and_mentions_the_others():
    """A reminder (no interaction answers it): each who chose a direct message is told there, the
    post then mentions only those who were not told (a closed one among them)."""
    planned = reminder("Reminder: *bob* has 1 hour left.", CH, (BOB, ALICE), frozenset({BOB, CARL}))
    assert planned.direct == ((BOB, "Reminder: \\*bob\\* has 1 hour left. (in <#100>)"),)
    assert planned.content([BOB]) == "<@1> Reminder: \\*bob\\* has 1 hour left."
    assert planned.content([]) == "<@2> <@1> Reminder: \\*bob\\* has 1 hour left."
