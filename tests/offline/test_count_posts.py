"""tools/count_posts.py, which counts what a round of each game posts for docs/play-by-post.md: every
round script still plays through with every line accepted, and the quiet channel posts no more
messages or boards than the loud one, drafts and seals edited in place instead, and no more boards
than the game's case says (issue 28: a step several players share posts one board)."""

from __future__ import annotations

import pytest

from tests.games import own
from tools.count_posts import ROUNDS, count


@pytest.mark.parametrize("script", sorted(ROUNDS.glob("*.txt")), ids=lambda p: p.stem)
async def test_a_round_posts_no_more_quietly_than_loudly(script):
    quiet, loud = await count(script, "quiet"), await count(script, "loud")
    assert quiet.posts <= loud.posts and quiet.boards <= loud.boards and loud.edits == 0
    assert 0 < quiet.boards <= own(script.stem).QUIET_BOARDS  # a board per change of the map, a step's folded
    if own(script.stem).SECRET_LINES:  # secret moves: a line a player, edited in place
        assert quiet.edits > 0 and quiet.posts < loud.posts


def test_there_is_a_round_of_each_game(games):
    assert {p.stem for p in ROUNDS.glob("*.txt")} == set(games) - {"tally"}
