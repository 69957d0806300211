"""Isle of Skye: Journeyman's words, as /game help explains them (`Game.glossary`), and what each
scoring tile and scroll scores in the catalog's words (`TEXTS`: the scoring file's texts, marked for
translation)."""

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

# the scoring file's texts (scoring tiles, scrolls) as catalog messages: a text not here stays as the data has it
TEXTS: dict[str, str] = {str(m): m for m in (
    Msg("2 VP per tile of distance between your journeyman and your castle (counted orthogonally, gaps too)."),
    Msg("1 VP per row and 1 VP per column with at least one broch."),
    Msg("2 VP per row (not column) with two tiles showing the same symbol."),
    Msg("1 VP per bridge on your progress board that your progress markers have passed."),
    Msg("1 VP per cattle on tiles connected to your castle by road."),
    Msg("2 VP per completed water area."),
    Msg("2 VP per row with at least three tiles."),
    Msg("2 VP per lighthouse."),
    Msg("1 VP per tile of your largest mountain area."),
    Msg("1 VP per sheep on tiles that are part of a completed water area."),
    Msg("2 VP per farm tile next to a tile with cattle."),
    Msg("1 VP per square of 2 x 2 tiles in your territory (squares may overlap)."),
    Msg("1 VP per whisky barrel on tiles connected to your castle by road."),
    Msg("3 VP per completed mountain area."),
    Msg("2 VP per ship on tiles that are part of a completed water area."),
    Msg("1 VP per tile (not the castle) connected to your castle by road."),
    Msg("1 VP per sheep"),
    Msg("1 VP per cattle"),
    Msg("1 VP per whisky barrel"),
    Msg("2 VP per broch"),
    Msg("2 VP per lighthouse"),
    Msg("2 VP per ship"),
    Msg("2 VP per farm"),
)}
