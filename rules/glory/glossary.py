"""Glory of Civilizations' words, as /game help explains them (`Game.glossary`)."""

from rules.messages import Msg

GLOSSARY: tuple[tuple[str, str], ...] = (
    (Msg("hex"), Msg("one space of the map, named by its column letter and row number (like D7)")),
    (Msg("army"), Msg("your units on one hex, moving together")),
    (Msg("unit"), Msg("one piece of an army: its type sets its movement points")),
    (Msg("maneuver"), Msg("moving one undepleted army: split, drop and pick up units on the way, merge at the end")),
    (Msg("movement points"), Msg("how far a unit moves; an army moves as far as its slowest unit")),
    (Msg("march"), Msg("a maneuver with +1 movement point, for two depletion cubes")),
    (Msg("depletion cubes"), Msg("cubes on an army that has moved: a depleted army may not maneuver this round")),
    (Msg("undepleted"), Msg("with no depletion cubes: free to maneuver or to be picked up")),
    (Msg("action cube"), Msg("spent to maneuver again in the same turn; each round brings new ones")),
    (Msg("voting cubes"), Msg("cubes for the vote on event cards, kept in your bank")),
    (Msg("trebuchet"), Msg("a siege unit that moves only when packed")),
    (Msg("pack"), Msg("ready trebuchets to move; unpack them at the end to attack (each costs 1 movement point)")),
    (Msg("structure"), Msg("a city, castle or capital on a hex")),
    (Msg("province"), Msg("a group of hexes; an unexplored one is revealed by a tile when a military unit enters it")),
    (Msg("tile rotation"), Msg("how a revealed province tile is turned (numbered 1 to 6 on the board)")),
    (Msg("relic"), Msg("a treasure found when exploring, held by a player or lying on a hex")),
    (Msg("event card"), Msg("flipped when a province is explored; the explorer puts a voting cube on it")),
    (Msg("piles"), Msg("the decks of provinces, relics and events still to draw")),
    (Msg("pass"), Msg("stop for the round; the round ends when everyone has passed")),
)
