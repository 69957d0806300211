"""The actions of Tiny Epic Vikings sailing. Fields are plain JSON values; `apply` checks them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.base import Action
from rules.options import ANSWER, Param


@dataclass(frozen=True)
class PlaceBoat(Action):
    """Setup: put your boat 1 on an empty dock (players place in reverse seat order)."""

    kind: ClassVar[str] = "place"
    verb: ClassVar[str] = "place a boat"
    label: ClassVar[str] = "Place your boat"
    params: ClassVar[tuple[Param, ...]] = (Param("dock", "On which empty dock?"),)
    dock: str


@dataclass(frozen=True)
class Sail(Action):
    """Sail one of your boats (1–4) with strength 1–3 along `route` (the spaces after its start),
    then optionally deploy `settlers` and `raid` the village at the end dock."""

    kind: ClassVar[str] = "sail"
    verb: ClassVar[str] = "sail"
    label: ClassVar[str] = "Sail a boat"
    params: ClassVar[tuple[Param, ...]] = (
        Param("boat", "Which boat?", "number"), Param("route", "To where?", free=True),
        Param("strength", "With which sail card (x1–x3)?", "number"),
        Param("settlers", "Deploy how many settlers?", "number", required=False),
        Param("raid", "Raid the village?", "switch", required=False),
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
    verb: ClassVar[str] = "choose a fjord"
    params: ClassVar[tuple[Param, ...]] = ANSWER
    choice: str
    key: str = ""


@dataclass(frozen=True)
class ReturnSettlers(Action):
    """On your turn, return `count` of your settlers from `island` to your mat (V-D3)."""

    kind: ClassVar[str] = "return"
    verb: ClassVar[str] = "return settlers"
    params: ClassVar[tuple[Param, ...]] = (Param("island", "From which island?"),
                                           Param("count", "How many settlers?", "number", required=False))
    island: str
    count: int


@dataclass(frozen=True)
class Dedicate(Action):
    """Dedicate a raided village to an era-mat action ("action1".."action4") or a god's +2 fury
    slot (the god's name) (V-R2)."""

    kind: ClassVar[str] = "dedicate"
    verb: ClassVar[str] = "dedicate a village"
    params: ClassVar[tuple[Param, ...]] = (Param("target", "To which era-mat action or god?"),)
    target: str


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn; the next seat plays."""

    kind: ClassVar[str] = "end"
    verb: ClassVar[str] = "end your turn"


@dataclass(frozen=True)
class AdvanceEra(Action):
    """Host only: start the next era (raid cost changes, dedication counts reset)."""

    kind: ClassVar[str] = "era"
    verb: ClassVar[str] = "advance the era"


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
    verb: ClassVar[str] = "adjust pieces"
    params: ClassVar[tuple[Param, ...]] = (
        Param("what", "Adjust what?"), Param("player", "Whose pieces?", "seat", required=False),
        Param("island", "On which island?", required=False), Param("boat", "Which boat?", "number", required=False),
        Param("space", "Which dock or fjord?", required=False), Param("god", "Which god?", required=False),
        Param("value", "The new value?", "number", required=False, free=True),
    )
    what: str
    value: int = 0
    seat: int | None = None
    island: str = ""
    boat: int = 0
    space: str = ""
    god: str = ""
