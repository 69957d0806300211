"""Glory of Civilizations' words, as /game help explains them (`Game.glossary`)."""

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("hex", "one space of the map, named by its column letter and row number (like D7)"),
    ("army", "your units on one hex, moving together"),
    ("unit", "one piece of an army: its type sets its movement points"),
    ("maneuver", "moving one undepleted army: split, drop and pick up units on the way, merge at the end"),
    ("movement points", "how far a unit moves; an army moves as far as its slowest unit"),
    ("march", "a maneuver with +1 movement point, for two depletion cubes"),
    ("depletion cubes", "cubes on an army that has moved: a depleted army may not maneuver this round"),
    ("undepleted", "with no depletion cubes: free to maneuver or to be picked up"),
    ("action cube", "spent to maneuver again in the same turn; each round brings new ones"),
    ("voting cubes", "cubes for the vote on event cards, kept in your bank"),
    ("trebuchet", "a siege unit that moves only when packed"),
    ("pack", "ready trebuchets to move; unpack them at the end to attack (each costs 1 movement point)"),
    ("structure", "a city, castle or capital on a hex"),
    ("province", "a group of hexes; an unexplored one is revealed by a tile when a military unit enters it"),
    ("tile rotation", "how a revealed province tile is turned (numbered 1 to 6 on the board)"),
    ("relic", "a treasure found when exploring, held by a player or lying on a hex"),
    ("event card", "flipped when a province is explored; the explorer puts a voting cube on it"),
    ("piles", "the decks of provinces, relics and events still to draw"),
    ("pass", "stop for the round; the round ends when everyone has passed"),
)
