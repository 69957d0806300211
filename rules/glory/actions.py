"""The actions of Glory of Civilizations. Fields are plain JSON values; `play` checks them all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.base import Action
from rules.messages import Msg
from rules.options import ANSWER, Choice, Param

PACKING = (Choice("pack", "pack the trebuchets at the start (1 movement point)"),
           Choice("unpack", "unpack the trebuchets at the end (1 movement point)"))


@dataclass(frozen=True)
class Adjusting:
    """What an adjustment of one kind needs (the action's fields, as a command's options), may
    also take, and sets (for players)."""

    needs: tuple[str, ...]
    sets: str
    may: tuple[str, ...] = ()


ADJUSTING: dict[str, Adjusting] = {
    "units": Adjusting(("hex", "unit", "value"), "a unit count on a hex (0 removes them)"),
    "packed": Adjusting(("hex", "unit", "value"), "how many trebuchets on a hex are packed"),
    "depletion": Adjusting(("hex", "value"), "an army's depletion cubes (0-2)"),
    "cubes": Adjusting(("value",), "action cubes left this round"),
    "cubes_per_round": Adjusting(("value",), "action cubes each round"),
    "voting": Adjusting(("value",), "voting cubes in the bank"),
    "votes": Adjusting(("name", "value"), "voting cubes on an event card"),
    "relic": Adjusting(("name",), "a relic: to its holder, or onto a hex", may=("hex",)),
    "structure": Adjusting(("hex", "name"), "host: a city, castle or capital (none removes)"),
}
HEX = 12  # the longest hex name typed
STOPS = 300  # the longest list of stops typed


@dataclass(frozen=True)
class Maneuver(Action):
    """Move your undepleted army at hex `army` (G-M1–G-M9, G-E1).

    - `units`: which units move, as (unit, count) pairs; empty: the whole army (G-M5 split).
    - `to`: the destination hex; empty: the end of `path`, or the army's own hex (moving 0 hexes).
      A hex of an unexplored province is the claimed hex: the maneuver explores (G-E1–G-E5).
    - `path`: optional, the hexes after the start, in order, ending at `to`; without it the
      cheapest route is taken (passing the stops in the cheapest order).
    - `drops`: (hex, unit, count) triples: units left on hexes along the path (G-M6).
    - `pickups`: (hex, unit, count) triples: your undepleted units taken along (G-M7). At a hex
      with both, units are picked up first, then dropped.
    - `march`: +1 movement point; two depletion cubes, strength −1 until the round ends (G-M4).
    - `pack`: "pack" (packing units pack at the start, 1 movement point) or "unpack" (they unpack
      at the end, 1 movement point); units that pack move only when packed.
    """

    kind: ClassVar[str] = "maneuver"
    verb: ClassVar[str] = Msg("maneuver")
    label: ClassVar[str] = Msg("Maneuver an army")
    describe: ClassVar[str] = ("Move an undepleted army (split, drop, pick up, merge, march); into a face-down "
                               "province it explores")
    params: ClassVar[tuple[Param, ...]] = (  # what changes where the group can go, then where
        Param("army", "Which of your undepleted armies?", longest=HEX,
              describe="The hex of your undepleted army that maneuvers"),
        Param("units", "Which of its units move (all by default)?", required=False, free=True,
              describe="Which units move, like '2 cavalrymen, archer' (default: all of them)"),
        Param("march", "March (+1 movement point, two depletion cubes)?", "switch", required=False, default=False,
              describe="March: +1 movement point, two depletion cubes (strength -1 this round)"),
        Param("pack", "Pack the trebuchets at the start, or unpack them at the end?", required=False, fixed=PACKING,
              describe="Trebuchets: pack them at the start, or unpack at the end (1 movement point)"),
        Param("pickups", "Pick up which of your undepleted units on the way?", required=False, free=True,
              longest=STOPS, describe="Your undepleted units taken along, like 'E5: 2 archers'"),
        Param("to", "Where does it end?", longest=HEX,
              describe="Where it ends (its own hex: a 0-hex maneuver); a face-down province's hex: explore it"),
        Param("path", "By which hexes (the cheapest route by default)?", required=False, free=True, longest=STOPS,
              describe="The hexes on the way, like 'D5 E5 F6' (default: the cheapest route)"),
        Param("drops", "Drop which units on the way?", required=False, free=True, longest=STOPS,
              describe="Units left along the path, like 'E5: 1 archer; F6: 2 spearmen'"),
    )
    army: str
    to: str = ""
    units: tuple[tuple[str, int], ...] = ()
    path: tuple[str, ...] = ()
    drops: tuple[tuple[str, str, int], ...] = ()
    pickups: tuple[tuple[str, str, int], ...] = ()
    march: bool = False
    pack: str = ""


@dataclass(frozen=True)
class Choose(Action):
    """Answer a decision: the rotation ("1"–"6") of the province tile you revealed (G-E2)."""

    kind: ClassVar[str] = "choose"
    verb: ClassVar[str] = Msg("choose a rotation")
    params: ClassVar[tuple[Param, ...]] = ANSWER
    choice: str


@dataclass(frozen=True)
class Pass(Action):
    """Pass instead of taking an action this turn: you take no more turns this round."""

    kind: ClassVar[str] = "pass"
    verb: ClassVar[str] = Msg("pass")
    describe: ClassVar[str] = "Pass: no action this turn and no more turns this round"


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn (free of action cubes); the next player who has not passed plays."""

    kind: ClassVar[str] = "end"
    verb: ClassVar[str] = Msg("end your turn")
    describe: ClassVar[str] = "End your turn (free); you play again later this round"


@dataclass(frozen=True)
class Adjust(Action):
    """Set something the table keeps by hand (battles, recruiting, building, technologies, the
    achievement vote, event effects). `what` is one of:

    - "units": `seat`'s count of `unit` at `hex` becomes `value` (0 removes them);
    - "packed": how many of `seat`'s `unit` at `hex` are packed;
    - "depletion": the depletion cubes (0–2) of `seat`'s army at `hex`;
    - "cubes": `seat`'s action cubes now; "cubes_per_round": those they get each round;
    - "voting": `seat`'s voting cubes in the bank;
    - "votes": `seat`'s voting cubes on event card `name` (moved from or to their bank);
    - "relic": relic `name` goes to `seat` (`hex` empty) or onto hex `hex`;
    - "structure" (host only): at `hex`, `name` "city" or "castle" of `seat`, or "" to remove it.

    `seat` is whose (default: the actor's own); only the host adjusts other players'.
    """

    kind: ClassVar[str] = "adjust"
    verb: ClassVar[str] = Msg("adjust pieces")
    describe: ClassVar[str] = "Set what the table keeps by hand (yours; the host: anyone's); logged"
    params: ClassVar[tuple[Param, ...]] = (  # `params_now` makes those `what` needs required, and leaves out the rest
        Param("what", "Adjust what?", describe="What to set",
              fixed=tuple(Choice(what, f"{what.replace('_', ' ')}: {adjusting.sets}")
                          for what, adjusting in ADJUSTING.items())),
        Param("player", "Whose (yours by default)?", "seat", required=False,
              describe="Whose (the host, for another player; default you)"),
        Param("hex", "On which hex?", required=False, longest=HEX,
              describe="The hex (units, packed, depletion, structure; relic: put it there)"),
        Param("unit", "Which unit type?", required=False, describe="The unit type"),
        Param("name", "Which event card, relic or structure?", required=False,
              describe="Event card (votes: title, id or 'row 1, card 3'), relic, or city/castle/capital/none "
                       "(structure)"),
        Param("value", "The new number?", "number", required=False, free=True, low=0, high=99,
              describe="The new number"),
    )
    what: str
    value: int = 0
    seat: int | None = None
    hex: str = ""
    unit: str = ""
    name: str = ""
