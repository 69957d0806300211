"""Isle of Skye's words for what a tile shows, as messages (issue 29): terrains, features and the
world's sides, said in the reader's language in tile descriptions, refusals and the board's key."""

from __future__ import annotations

from rules.messages import Msg

TERRAIN_WORDS = {"pasture": Msg("pasture"), "water": Msg("water"), "mountain": Msg("mountain")}
FEATURE_WORDS = {"barrel": Msg("barrel"), "sheep": Msg("sheep"), "cattle": Msg("cattle"), "farm": Msg("farm"),
                 "broch": Msg("broch"), "lighthouse": Msg("lighthouse"), "ship": Msg("ship")}
SIDE_NAMES = (Msg("north"), Msg("east"), Msg("south"), Msg("west"))


def terrain(word: str) -> str:
    """A terrain as a word of the catalogs (an unknown one as it is)."""
    return TERRAIN_WORDS.get(word, word)


def feature(word: str) -> str:
    """A feature (or a scroll's kind) as a word of the catalogs (an unknown one as it is)."""
    return FEATURE_WORDS.get(word, word)
