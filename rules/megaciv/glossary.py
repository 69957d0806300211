"""Mega Civilization's words, as /game help explains them (`Game.glossary`), and what each movement
advance does in the catalog's words (`ADVANCES`: the advances file's texts, marked for translation)."""

from rules.messages import Msg

GLOSSARY: tuple[tuple[str, str], ...] = (
    (Msg("area"), Msg("one region of the map, by name; some are coastal, others open sea")),
    (Msg("coastal"), Msg("an area next to water, where a ship may be built")),
    (Msg("token"), Msg("one of your population tokens, moving one land step or by ship")),
    (Msg("population"), Msg("your tokens on the map; expand grows it from your stock")),
    (Msg("stock"), Msg("your tokens not on the map")),
    (Msg("expand"), Msg("grow your population in your areas, in the order given, until your stock runs out")),
    (Msg("census"), Msg("the order of movement: the largest population first (A.S.T. breaks ties, Military last)")),
    (Msg("movement"), Msg("the phase in which each token moves once")),
    (Msg("sail"), Msg("move a ship over water, carrying tokens aboard")),
    (Msg("ship"), Msg("carries tokens over water: built for 2, kept for 1, sails 4 water steps")),
    (Msg("build"), Msg("put a new ship in a coastal area holding one of your tokens: 2 from the treasury "
                        "or in tokens")),
    (Msg("maintain"), Msg("pay 1 (treasury or a token) to keep a ship built in an earlier turn")),
    (Msg("upkeep"), Msg("what keeping a ship costs each phase")),
    (Msg("scrap"), Msg("return an old ship neither built nor maintained this turn to stock, to rebuild it")),
    (Msg("draft"), Msg("your movement, kept secret and changeable until you declare")),
    (Msg("declare"), Msg("make your draft final; unkept ships sink")),
    (Msg("undeclared"), Msg("a draft not declared yet, still secret")),
    (Msg("insist"), Msg("when everyone moves at once: ask for census order for the rest of the phase")),
    (Msg("conflict"), Msg("tokens of several players in an area beyond its limit")),
    (Msg("phase-end report"), Msg("the conflicts, city attacks and places for cities at the end of the movement")),
    (Msg("treasury"), Msg("your tokens kept as money, paying for ships and taxes")),
    (Msg("advance"), Msg("a civilization advance card, like Roadbuilding or Cloth Making")),
    (Msg("Roadbuilding"), Msg("the advance that lets a token take two land steps")),
    (Msg("city"), Msg("a city on an area; cities pay tax and can be attacked")),
)

ADVANCES: dict[str, str] = {m: m for m in (
    Msg("Ships may enter open sea."), Msg("Ships move up to 5 water steps."), Msg("Ships carry up to 6 tokens."),
    Msg("Tokens may take two land steps, not past a conflict."),
    Msg("Moves after every non-holder; may enter areas with a Diplomacy holder's city."),
    Msg("Without Diplomacy or Military others may not move into an area with your city, unless a conflict is "
        "already there."),
    Msg("Without Cultural Ascendancy or Advanced Military others may not cause conflict where your units are, "
        "unless a conflict is already there."),
    Msg("May cause conflict where a Cultural Ascendancy holder's units are."),
    Msg("City attacks need 6 tokens; attacks on your cities need 8 unless the attacker holds Engineering too."),
)}  # by the English text (data/megaciv/advances.json); another text stays as the file has it
