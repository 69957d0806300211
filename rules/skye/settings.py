"""The table settings of Isle of Skye: where published rules leave room or tables differ."""

from __future__ import annotations

from rules.base import Setting
from rules.messages import Msg

SETTINGS = (
    Setting("schedule", "", Msg("Round schedule of scoring.json (classic, steady, finale); empty: the board's."),
            choices=("", "classic", "steady", "finale")),
    Setting("rounds", 0, Msg("Rounds in the game; 0: by table size (6 with 2–4 players, 5 with 5)."),
            minimum=0, maximum=7),
    Setting("scoring", "", Msg("Four scoring tile ids for A–D separated by commas; empty: the board's choice.")),
    Setting("catch_up", True, Msg("From the schedule's catch-up round on, gold per player ahead of you on VP.")),
    Setting("barrel_income", "barrel", Msg("Income per whisky barrel on tiles joined to the castle by road, or per "
            "such tile whatever its barrels."), choices=("barrel", "tile")),
    Setting("min_price", 1, Msg("The lowest price a tile may be given (waived for a player who cannot pay it)."),
            minimum=0, maximum=5),
    Setting("unbought", "keep", Msg("Unbought tiles: kept, their price going to the bank (base game), or each owner "
            "chooses to keep them so or discard them and take the price back."), choices=("keep", "choose")),
    Setting("bonus_layout", "random", Msg("Bonus tiles on the progress boards: shuffled for each player, or one "
            "shuffle copied to every board."), choices=("random", "shared")),
    Setting("start_gold", -1, Msg("Gold each player starts with before the first income; -1: the board's."),
            minimum=-1, maximum=50),
    Setting("deal", 0, Msg("0: the bag is shuffled by the table's hidden seed. A number: the bag, the bonus tiles and "
            "any scoring tiles drawn follow that number, the same at every table (teaching games, scripted tests; "
            "anyone who knows it can work out the draws). Sealed prices and plans stay secret either way."),
            minimum=0, maximum=999999),
)
