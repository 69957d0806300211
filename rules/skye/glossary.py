"""Isle of Skye: Journeyman's words, as /game help explains them (`Game.glossary`)."""

from rules.messages import Msg

GLOSSARY: tuple[tuple[str, str], ...] = (
    (Msg("tile"), Msg("a square of landscape drawn from the bag, priced, bought and placed in your territory")),
    (Msg("territory"), Msg("your tiles around your castle; places are given as (x,y) from the castle")),
    (Msg("axe"), Msg("the tile of your three drawn ones that you discard instead of pricing")),
    (Msg("price"), Msg("the gold you ask for a tile, set in secret and revealed together")),
    (Msg("buy"), Msg("take another player's priced tile, paying them its price")),
    (Msg("unbought"), Msg("a priced tile nobody bought: kept by its owner, who pays its price to the bank "
                          "(or, with the "
                 "setting `unbought: choose`, discards it instead)")),
    (Msg("gold"), Msg("money: paid for tiles and fees")),
    (Msg("road"), Msg("a piece placed on the edge between two of your tiles, for the journeyman to walk on")),
    (Msg("journeyman"), Msg("your walker: you plan his walk in secret, then he walks it across your territory")),
    (Msg("waypoint marker"), Msg("a stop of the journeyman's plan, on one of your tiles; it may name a "
                                 "track to advance on")),
    (Msg("plan"), Msg("the journeyman's walk for the round, chosen in secret and revealed together")),
    (Msg("walk"), Msg("the journeyman's move along roads and markers, planned in secret")),
    (Msg("track"), Msg("one of the three advancement tracks: herald, merchant and warrior")),
    (Msg("advance"), Msg("moving up one space on a track, which may pay VP or a bonus")),
    (Msg("bonus"), Msg("a reward a track space gives, like the Extra Movement tile")),
    (Msg("Extra Movement tile"), Msg("a bonus tile, spent once for 4 more movement points on one walk")),
    (Msg("scoring tiles"), Msg("the four tiles A, B, C and D; each round scores some of them")),
    (Msg("VP"), Msg("victory points: most VP at the end wins")),
)
