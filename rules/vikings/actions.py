"""The actions of Tiny Epic Vikings sailing. Fields are plain JSON values; `apply` checks them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.base import Action
from rules.messages import Msg
from rules.options import ANSWER, Choice, Param
from rules.vikings.state import BOATS, RESOURCES, SETTLERS

NEEDS: dict[str, tuple[str, ...]] = {  # what each adjustment needs besides whose pieces (the player)
    **{what: ("value",) for what in (*RESOURCES, "raided")},
    "settlers": ("island", "value"),
    "temples": ("island", "value"),
    "boat": ("boat", "space"),  # space "none": in harbour
    "rune": ("island", "value"),
    "village": ("space", "value"),
    "fury": ("god", "value"),
}


@dataclass(frozen=True)
class PlaceBoat(Action):
    """Setup: put your boat 1 on an empty dock (players place in reverse seat order)."""

    kind: ClassVar[str] = "place"
    verb: ClassVar[str] = Msg("place a boat")
    label: ClassVar[str] = Msg("Place your boat")
    describe: ClassVar[str] = "Setup: put your first boat on an empty dock"
    params: ClassVar[tuple[Param, ...]] = (Param("dock", "On which empty dock?", describe="An empty dock"),)
    dock: str


@dataclass(frozen=True)
class Sail(Action):
    """Sail one of your boats (1–4) with strength 1–3 along `route` (the spaces after its start),
    then optionally deploy `settlers` and `raid` the village at the end dock."""

    kind: ClassVar[str] = "sail"
    verb: ClassVar[str] = Msg("sail")
    label: ClassVar[str] = Msg("Sail a boat")
    describe: ClassVar[str] = "Sail one of your boats; at the end dock deploy settlers and raid"
    params: ClassVar[tuple[Param, ...]] = (
        Param("boat", "Which boat?", "number", describe=f"Your boat (1–{BOATS})", low=1, high=BOATS),
        Param("route", "To where?", free=True,
              describe="Spaces after the start, like F1 F2 B1; or just the end; or 'stay' to sail without moving"),
        Param("strength", "With which sail card (x1–x3)?", "number", describe="The card's Sail xN (1–3)",
              low=1, high=3),
        Param("settlers", "Deploy how many settlers?", "number", required=False, low=0, high=SETTLERS, default=0,
              describe="Settlers to deploy at the end dock (1 food each, at most N)"),
        Param("raid", "Raid the village?", "switch", required=False, default=False,
              describe="Raid the village at the end dock (pays the era's steel)"),
    )
    boat: int
    route: tuple[str, ...]
    strength: int
    settlers: int = 0
    raid: bool = False


@dataclass(frozen=True)
class Choose(Action):
    """Answer a decision: the fjord your bumped boat moves to; `key` names the boat ("" for the
    oldest bump the choice fits)."""

    kind: ClassVar[str] = "choose"
    verb: ClassVar[str] = Msg("choose a fjord")
    params: ClassVar[tuple[Param, ...]] = ANSWER
    choice: str
    key: str = ""


@dataclass(frozen=True)
class ReturnSettlers(Action):
    """On your turn, return `count` of your settlers from `island` to your mat (V-D3)."""

    kind: ClassVar[str] = "return"
    verb: ClassVar[str] = Msg("return settlers")
    describe: ClassVar[str] = "Return some of your settlers from an island to your mat"
    params: ClassVar[tuple[Param, ...]] = (
        Param("island", "From which island?", describe="The island"),
        Param("count", "How many settlers?", "number", required=False, describe="How many settlers", low=1,
              high=SETTLERS, default=1))
    island: str
    count: int


@dataclass(frozen=True)
class Dedicate(Action):
    """Dedicate a raided village to an era-mat action ("action1".."action4") or a god's +2 fury
    slot (the god's name) (V-R2)."""

    kind: ClassVar[str] = "dedicate"
    verb: ClassVar[str] = Msg("dedicate a village")
    describe: ClassVar[str] = "Dedicate a raided village (once per turn)"
    params: ClassVar[tuple[Param, ...]] = (Param("target", "To which era-mat action or god?",
                                                 describe="An era mat action, or a god's +2 fury slot"),)
    target: str


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn; the next seat plays."""

    kind: ClassVar[str] = "end"
    verb: ClassVar[str] = Msg("end your turn")
    describe: ClassVar[str] = "End your turn"


@dataclass(frozen=True)
class AdvanceEra(Action):
    """Host only: start the next era (raid cost changes, dedication counts reset)."""

    kind: ClassVar[str] = "era"
    verb: ClassVar[str] = Msg("advance the era")
    describe: ClassVar[str] = "Advance to the next era (host)"


@dataclass(frozen=True)
class Adjust(Action):
    """Set something the table keeps by hand to a new value. `what` is one of:

    - "wood", "food", "steel" (0–7), "raided" (villages waiting): `value` is the new count;
    - "settlers", "temples": `value` is the new count on `island` (the mat makes up the rest);
    - "boat": boat number `boat` goes to `space` (a dock or fjord; "" puts it in harbour);
    - "rune": `value` 1 gives `island`'s rune to the player, 0 puts it back on its island;
    - "village" (host): `value` 1 or 0 puts or removes the village at dock `space`;
    - "fury" (host): `value` is `god`'s new total fury.

    `seat` is whose pieces (default: the actor's own); only the host may adjust others'.
    """

    kind: ClassVar[str] = "adjust"
    verb: ClassVar[str] = Msg("adjust pieces")
    describe: ClassVar[str] = "Set what the table keeps by hand (yours; the host: anyone's); logged"
    params: ClassVar[tuple[Param, ...]] = (
        Param("what", "Adjust what?", describe="What to set", fixed=tuple(Choice(w, w) for w in NEEDS)),
        Param("player", "Whose pieces?", "seat", required=False,
              describe="Whose pieces (host only for others; default you)"),
        Param("island", "On which island?", required=False, describe="For settlers, temples, rune"),
        Param("boat", "Which boat?", "number", required=False, describe=f"For boat: which boat (1–{BOATS})", low=1,
              high=BOATS),
        Param("space", "Which dock or fjord?", required=False,
              describe="For boat: the dock or fjord ('none': harbour); village: dock"),
        Param("god", "Which god?", required=False, describe="For fury: which god"),
        Param("value", "The new value?", "number", required=False, free=True, low=0, high=999,
              describe="The new count (rune/village: 1 yes, 0 no)"),
    )
    what: str
    value: int = 0
    seat: int | None = None
    island: str = ""
    boat: int = 0
    space: str = ""
    god: str = ""
