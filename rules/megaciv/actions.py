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
from rules.megaciv.state import SHIPS, TOKENS
from rules.messages import Msg
from rules.options import Choice, Param

PAYMENTS = (Choice("treasury", "treasury"), Choice("mixed", "mixed: treasury and a token from the ship's area"),
            Choice("tokens", "tokens (at least one from the ship's area)"))  # the costs are the board's
UPKEEP = (Choice("treasury", "treasury"), Choice("token", "a token (name its area)"))
NEEDS: dict[str, tuple[str, ...]] = {  # what each adjustment needs beside `what` (and whose pieces)
    "treasury": ("value",), "tax": ("value",), "tokens": ("area", "value"), "city": ("area", "value"),
    "advance": ("advance", "value"), "ship": ("ship", "area"), "barbarians": ("area", "value"),
    "pirate": ("area", "value"), "out_of_play": ("area", "value"),
}
AREA = 60  # the longest area name typed
LIST = 400  # the longest list of areas typed


@dataclass(frozen=True)
class Move(Action):
    """Move `count` of your tokens by land from `source` to the adjacent `target` (M-T1); with
    Roadbuilding through `via` (two steps, not past a conflict)."""

    kind: ClassVar[str] = "move"
    verb: ClassVar[str] = Msg("move tokens")
    describe: ClassVar[str] = "Move tokens by land (one step; two with Roadbuilding)"
    params: ClassVar[tuple[Param, ...]] = (
        Param("from", "From which area?", longest=AREA, describe="The area your tokens leave"),
        Param("to", "To which area?", longest=AREA, describe="Where they go"),
        Param("count", "How many tokens?", "number", required=False, low=1, high=TOKENS, default=1,
              describe="How many tokens (default 1)"),
        Param("via", "Through which area (Roadbuilding)?", required=False, longest=AREA,
              describe="Roadbuilding: the area passed through (found for you when there is one)"),
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
    verb: ClassVar[str] = Msg("build a ship")
    describe: ClassVar[str] = "Build a ship in a coastal area holding one of your tokens"
    params: ClassVar[tuple[Param, ...]] = (
        Param("area", "In which coastal area?", longest=AREA, describe="A coastal area with one of your tokens"),
        Param("pay", "How to pay?", required=False, fixed=PAYMENTS, default="treasury",
              describe="How to pay (default: from your treasury)"),
        Param("tokens_from", "From which areas are the tokens paid?", required=False, free=True, longest=LIST,
              describe="For tokens: the areas of the tokens paid, e.g. 'Arzu, Kesdor' (default: all from the "
                       "ship's area)"),
    )
    area: str
    pay: str = "treasury"
    tokens_from: tuple[str, ...] = ()


@dataclass(frozen=True)
class Maintain(Action):
    """Maintain ship `ship` (1–4) built in an earlier turn (M-S2): `pay` "treasury" (1 treasury)
    or "token" (1 of your tokens from `area`)."""

    kind: ClassVar[str] = "maintain"
    verb: ClassVar[str] = Msg("maintain a ship")
    describe: ClassVar[str] = "Maintain a ship built in an earlier turn (else it sinks when you declare)"
    params: ClassVar[tuple[Param, ...]] = (
        Param("ship", "Which ship?", "number", low=1, high=SHIPS, describe=f"Your ship (1–{SHIPS})"),
        Param("pay", "How to pay the upkeep?", required=False, fixed=UPKEEP, default="treasury",
              describe="How to pay (default: from your treasury)"),
        Param("area", "From which area is the token paid?", required=False, longest=AREA,
              describe="For a token: the area it comes from"),
    )
    ship: int
    pay: str = "treasury"
    area: str = ""


@dataclass(frozen=True)
class Scrap(Action):
    """Return an old ship neither built nor maintained this turn to stock, to rebuild it (M-S2)."""

    kind: ClassVar[str] = "scrap"
    verb: ClassVar[str] = Msg("scrap a ship")
    describe: ClassVar[str] = "Return an old ship not maintained this turn to stock, to build it anew"
    params: ClassVar[tuple[Param, ...]] = (Param("ship", "Which ship?", "number", low=1, high=SHIPS,
                                                 describe=f"Your ship (1–{SHIPS})"),)
    ship: int


@dataclass(frozen=True)
class Sail(Action):
    """Sail ship `ship` along `path` (the water areas after its own, M-S3). `take[i]` tokens are
    taken on and `put[i]` put off at stop i (0: where the ship starts, i: after step i); put off
    comes before take on at a stop. Everything aboard is put off after the last step (M-S4).
    Empty `take`/`put` mean none."""

    kind: ClassVar[str] = "sail"
    verb: ClassVar[str] = Msg("sail a ship")
    describe: ClassVar[str] = "Sail a ship, taking tokens on and putting them off along the way"
    params: ClassVar[tuple[Param, ...]] = (
        Param("ship", "Which ship?", "number", low=1, high=SHIPS, describe=f"Your ship (1–{SHIPS})"),
        Param("route", "Where to?", free=True, longest=LIST,
              describe="The areas after the ship's own, like 'Arzu-Sea Kesdor'. Add +n to take n on there, -n to "
                       "put n off."),
        Param("take", "How many tokens go aboard where it starts?", "number", required=False, low=0, high=TOKENS,
              default=0, describe="Tokens taken on where the ship starts (default 0). All aboard go off at the end."),
    )
    ship: int
    path: tuple[str, ...]
    take: tuple[int, ...] = ()
    put: tuple[int, ...] = ()


@dataclass(frozen=True)
class TakeBack(Action):
    """Take back your last `count` draft steps (M-O2)."""

    kind: ClassVar[str] = "takeback"
    verb: ClassVar[str] = Msg("take back a step")
    label: ClassVar[str] = Msg("Take back steps")
    describe: ClassVar[str] = "Take back the last step(s) of your movement draft"
    params: ClassVar[tuple[Param, ...]] = (Param("steps", "How many of your last steps?", "number", required=False,
                                                 low=1, high=100, default=1,
                                                 describe="How many of your last steps (default 1)"),)
    count: int = 1


@dataclass(frozen=True)
class Declare(Action):
    """Declare your movement ended: final; unkept ships are destroyed (M-O2, M-S5)."""

    kind: ClassVar[str] = "declare"
    verb: ClassVar[str] = Msg("declare your movement ended")


@dataclass(frozen=True)
class Insist(Action):
    """When everyone moves at once: insist on census order for the rest of this phase (M-O1)."""

    kind: ClassVar[str] = "insist"
    verb: ClassVar[str] = Msg("insist on moving in order")
    describe: ClassVar[str] = "Everyone moving at once: insist on census order for the rest of this phase"


@dataclass(frozen=True)
class StartMovement(Action):
    """Host: begin the next Movement phase (census order is recomputed)."""

    kind: ClassVar[str] = "start"
    verb: ClassVar[str] = Msg("start the Movement phase")
    describe: ClassVar[str] = "Start the next Movement phase (host): census order is fixed now"


@dataclass(frozen=True)
class Expand(Action):
    """Population expansion (between Movement phases, once a turn): +1 token in each area where you
    have one, +2 where you have two or more, from stock. When stock is short, `areas` lists where
    to grow, in order, until the stock runs out."""

    kind: ClassVar[str] = "expand"
    verb: ClassVar[str] = Msg("expand your population")
    describe: ClassVar[str] = "Population expansion, once a turn between Movement phases"
    params: ClassVar[tuple[Param, ...]] = (
        Param("areas", "Where to grow, in order, until your stock runs out?", required=False, free=True, longest=LIST,
              describe="Only when your stock is short: the areas to grow in, in order, like 'Arzu, Kesdor'"),
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
    verb: ClassVar[str] = Msg("adjust pieces")
    describe: ClassVar[str] = "Set what the table keeps by hand (yours; the host: anyone's); logged"
    params: ClassVar[tuple[Param, ...]] = (
        Param("what", "Adjust what?", describe="What to set", fixed=tuple(Choice(w, w) for w in NEEDS)),
        Param("player", "Whose pieces?", "seat", required=False,
              describe="Whose pieces (the host only for others; default you)"),
        Param("ship", "Which ship?", "number", required=False, low=1, high=SHIPS,
              describe=f"For ship: which (1–{SHIPS})"),
        Param("advance", "Which advance?", required=False, longest=AREA, describe="For advance: the advance"),
        Param("area", "Which area?", required=False, free=True, longest=AREA,
              describe="The area (tokens, city, ship, barbarians, pirate, out_of_play). For a ship, 'none' is stock."),
        Param("value", "The new value?", "number", required=False, low=0, high=TOKENS,
              describe="The new count. Tax: the amount (0: 2 per city). City, advance, pirate, out_of_play: 1 yes, "
                       "0 no."),
    )
    what: str
    value: int = 0
    seat: int | None = None
    area: str = ""
    name: str = ""
    ship: int = 0
