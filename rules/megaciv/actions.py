"""The actions of the Mega Civilization Movement phase and the table's bookkeeping.

Fields are plain JSON values; a player may type anything into them, so `play` checks them all.
Area names may be typed in any case (spaces and hyphens do not matter). `params` are what a
player chooses, in order, to make one (`rules.megaciv.options`); they are named like the options of
the `/megaciv` commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.base import Action
from rules.options import Param


@dataclass(frozen=True)
class Move(Action):
    """Move `count` of your tokens by land from `source` to the adjacent `target` (M-T1); with
    Roadbuilding through `via` (two steps, not past a conflict)."""

    kind: ClassVar[str] = "move"
    verb: ClassVar[str] = "move tokens"
    params: ClassVar[tuple[Param, ...]] = (
        Param("from", "From which area?"), Param("to", "To which area?"),
        Param("count", "How many tokens?", "number", required=False),
        Param("via", "Through which area (Roadbuilding)?", required=False),
    )
    source: str
    target: str
    count: int = 1
    via: str = ""


@dataclass(frozen=True)
class Build(Action):
    """Build a ship in coastal `area`, which holds one of your tokens (M-S1). `pay`:
    "treasury" (2 treasury), "mixed" (1 treasury and 1 token from `area`) or "tokens" (2 tokens
    from the board, at least one from `area`). `tokens_from` names the areas of the tokens paid
    (default: all from `area`)."""

    kind: ClassVar[str] = "build"
    verb: ClassVar[str] = "build a ship"
    params: ClassVar[tuple[Param, ...]] = (
        Param("area", "In which coastal area?"), Param("pay", "How to pay?", required=False),
        Param("tokens_from", "From which areas are the tokens paid?", required=False, free=True),
    )
    area: str
    pay: str = "treasury"
    tokens_from: tuple[str, ...] = ()


@dataclass(frozen=True)
class Maintain(Action):
    """Maintain ship `ship` (1–4) built in an earlier turn (M-S2): `pay` "treasury" (1 treasury)
    or "token" (1 of your tokens from `area`)."""

    kind: ClassVar[str] = "maintain"
    verb: ClassVar[str] = "maintain a ship"
    params: ClassVar[tuple[Param, ...]] = (
        Param("ship", "Which ship?", "number"), Param("pay", "How to pay the upkeep?", required=False),
        Param("area", "From which area is the token paid?", required=False),
    )
    ship: int
    pay: str = "treasury"
    area: str = ""


@dataclass(frozen=True)
class Scrap(Action):
    """Return an old ship neither built nor maintained this turn to stock, to rebuild it (M-S2)."""

    kind: ClassVar[str] = "scrap"
    verb: ClassVar[str] = "scrap a ship"
    params: ClassVar[tuple[Param, ...]] = (Param("ship", "Which ship?", "number"),)
    ship: int


@dataclass(frozen=True)
class Sail(Action):
    """Sail ship `ship` along `path` (the water areas after its own, M-S3). `take[i]` tokens are
    taken on and `put[i]` put off at stop i (0: where the ship starts, i: after step i); put off
    comes before take on at a stop. Everything aboard is put off after the last step (M-S4).
    Empty `take`/`put` mean none."""

    kind: ClassVar[str] = "sail"
    verb: ClassVar[str] = "sail a ship"
    params: ClassVar[tuple[Param, ...]] = (
        Param("ship", "Which ship?", "number"), Param("route", "Where to?", free=True),
        Param("take", "How many tokens go aboard where it starts?", "number", required=False),
    )
    ship: int
    path: tuple[str, ...]
    take: tuple[int, ...] = ()
    put: tuple[int, ...] = ()


@dataclass(frozen=True)
class TakeBack(Action):
    """Take back your last `count` draft steps (M-O2)."""

    kind: ClassVar[str] = "takeback"
    verb: ClassVar[str] = "take back a step"
    label: ClassVar[str] = "Take back steps"
    params: ClassVar[tuple[Param, ...]] = (Param("steps", "How many of your last steps?", "number", required=False),)
    count: int = 1


@dataclass(frozen=True)
class Declare(Action):
    """Declare your movement ended: final; unkept ships are destroyed (M-O2, M-S5)."""

    kind: ClassVar[str] = "declare"
    verb: ClassVar[str] = "declare your movement ended"


@dataclass(frozen=True)
class Insist(Action):
    """When everyone moves at once: insist on census order for the rest of this phase (M-O1)."""

    kind: ClassVar[str] = "insist"
    verb: ClassVar[str] = "insist on moving in order"


@dataclass(frozen=True)
class StartMovement(Action):
    """Host: begin the next Movement phase (census order is recomputed)."""

    kind: ClassVar[str] = "start"
    verb: ClassVar[str] = "start the Movement phase"


@dataclass(frozen=True)
class Expand(Action):
    """Population expansion (between Movement phases, once a turn): +1 token in each area where you
    have one, +2 where you have two or more, from stock. When stock is short, `areas` lists where
    to grow, in order, until the stock runs out."""

    kind: ClassVar[str] = "expand"
    verb: ClassVar[str] = "expand your population"
    params: ClassVar[tuple[Param, ...]] = (
        Param("areas", "Where to grow, in order, until your stock runs out?", required=False, free=True),
    )
    areas: tuple[str, ...] = ()


@dataclass(frozen=True)
class Adjust(Action):
    """Set something the table keeps by hand. `what` is one of:

    - "treasury": `value` is the new treasury (the difference comes from or goes to stock);
    - "tax": `value` tokens go from stock to treasury (0: 2 per city);
    - "tokens": `value` is the new number of tokens in `area` (difference from or to stock);
    - "city": `value` 1 builds a city in `area`, 0 removes it;
    - "advance": `value` 1 gains advance `name`, 0 loses it;
    - "ship": ship `ship` goes to `area` ("" back to stock);
    - "barbarians" (host): `value` barbarian tokens in `area`;
    - "pirate" (host): `value` 1 puts a pirate city in `area`, 0 removes it;
    - "out_of_play" (host): `value` 1 marks `area` out of play, 0 brings it back.

    `seat` is whose pieces (default: the actor's own); only the host adjusts others'.
    """

    kind: ClassVar[str] = "adjust"
    verb: ClassVar[str] = "adjust pieces"
    params: ClassVar[tuple[Param, ...]] = (
        Param("what", "Adjust what?"), Param("player", "Whose pieces?", "seat", required=False),
        Param("ship", "Which ship?", "number", required=False), Param("advance", "Which advance?", required=False),
        Param("area", "Which area?", required=False, free=True),
        Param("value", "The new value?", "number", required=False),
    )
    what: str
    value: int = 0
    seat: int | None = None
    area: str = ""
    name: str = ""
    ship: int = 0
