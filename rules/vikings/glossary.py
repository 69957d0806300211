"""Tiny Epic Vikings' words, as /game help explains them (`Game.glossary`)."""

from rules.messages import Msg

GLOSSARY: tuple[tuple[str, str], ...] = (
    (Msg("boat"), Msg("one of your four longships; boats not on the board wait in your harbour")),
    (Msg("dock"), Msg("a space on an island's shore where a boat lands; entering an occupied dock bumps "
                        "the boat there")),
    (Msg("fjord"), Msg("a sea space between docks; a bumped boat moves to a fjord its owner chooses")),
    (Msg("island"), Msg("a land with docks around it and one god's rune")),
    (Msg("sail"), Msg("moving one boat up to its sail card's number of moves (dock→fjord, fjord→fjord, fjord→dock)")),
    (Msg("sail card"), Msg("the card played for a sail: x1, x2 or x3 moves")),
    (Msg("settlers"), Msg("your people on an island; deployed at the dock a boat ends on, 1 food each")),
    (Msg("village"), Msg("a dock's village: raided by paying steel, then dedicated")),
    (Msg("raid"), Msg("taking a village at the dock where a sail ends, paying steel by era")),
    (Msg("dedicate"), Msg("give a raided village to an era-mat action or to a god's +2 fury slot")),
    (Msg("era"), Msg("one of the three parts of the game; the host advances the era")),
    (Msg("era-mat action"), Msg("one of the four actions printed on the era mat, numbered 1 to 4 from the top; "
                       "each can take one village per player each era")),
    (Msg("god"), Msg("Odin, Thor or Freyja: each has a fury track and runes")),
    (Msg("fury"), Msg("a god's anger, raised when a rune is taken or stolen")),
    (Msg("rune"), Msg("an island's rune: taken by the one player with strictly the most influence there and boots on "
             "the ground (a settler or temple), stolen by one with more")),
    (Msg("temple"), Msg("a building on an island: 4 influence there")),
)
