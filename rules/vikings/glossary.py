"""Tiny Epic Vikings' words, as /game help explains them (`Game.glossary`)."""

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("boat", "one of your four longships; boats not on the board wait in your harbour"),
    ("dock", "a space on an island's shore where a boat lands; entering an occupied dock bumps the boat there"),
    ("fjord", "a sea space between docks; a bumped boat moves to a fjord its owner chooses"),
    ("island", "a land with docks around it and one god's rune"),
    ("sail", "moving one boat up to its sail card's number of moves (dock→fjord, fjord→fjord, fjord→dock)"),
    ("sail card", "the card played for a sail: x1, x2 or x3 moves"),
    ("settlers", "your people on an island; deployed at the dock a boat ends on, 1 food each"),
    ("village", "a dock's village: raided by paying steel, then dedicated"),
    ("raid", "taking a village at the dock where a sail ends, paying steel by era"),
    ("dedicate", "give a raided village to an era-mat action or to a god's +2 fury slot"),
    ("era", "one of the three parts of the game; the host advances the era"),
    ("era-mat action", "one of the four actions printed on the era mat, numbered 1 to 4 from the top; "
                       "each can take one village per player each era"),
    ("god", "Odin, Thor or Freyja: each has a fury track and runes"),
    ("fury", "a god's anger, raised when a rune is taken or stolen"),
    ("rune", "an island's rune: taken by the one player with strictly the most influence there and boots on "
             "the ground (a settler or temple), stolen by one with more"),
    ("temple", "a building on an island: 4 influence there"),
)
