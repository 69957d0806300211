"""The actions of Isle of Skye with the Journeyman. Fields are plain JSON values; `play` checks them.

Tiles are named by id ("L17", "J3", "castle-red"); a tile in your territory may also be named
"castle" or by its position "x,y". Rotations are quarter turns clockwise, 0–3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.base import Action
from rules.messages import Msg
from rules.options import Choice, Param
from rules.skye.model import TRACKS

MARKERS = ("first", "second", "third", "fourth", "fifth")  # a plan's markers as parameters, in collecting order
MARKED = ("First waypoint marker: a tile ('L12', 'castle', '2,1'), ':track' to advance (L12:merchant)",
          "Second marker, collected after the first", "Third marker (with the Third Waypoint Marker)",
          "Fourth marker", "Fifth marker")
EXTRA_MOVEMENT = "extra_movement"  # the one bonus tile used by hand
LIMITS = {"gold": (0, 999), "vp": (0, 999), "roads": (0, 15), "markers": (1, 5)}  # what an adjustment sets, and how far
WHATS = (*LIMITS, *TRACKS, "journeyman")
GOLD = 99  # the highest price a command takes


@dataclass(frozen=True)
class Price(Action):
    """Phase 2, sealed: put the axe on one drawn tile (`axe`; "" with the No Axe tile to price all
    three) and give each other tile a price, `prices[i]` for `tiles[i]`. `salt` is the seal's,
    filled by the table (`rules.core.salted`)."""

    kind: ClassVar[str] = "price"
    verb: ClassVar[str] = Msg("price your tiles")
    describe: ClassVar[str] = "In secret: axe one tile, price the others"
    params: ClassVar[tuple[Param, ...]] = (
        Param("axe", "Which drawn tile gets the axe?",
              describe="The drawn tile you discard ('none' only with the No Axe bonus tile)"),
        Param("price1", "Gold on your first tile without the axe?", "number", low=0, high=GOLD,
              describe="Gold on your first tile without the axe, in the order drawn (0 if none is left)"),
        Param("price2", "Gold on your second tile without the axe?", "number", low=0, high=GOLD,
              describe="Gold on your second tile without the axe (0 if none is left)"),
        Param("price3", "With No Axe: gold on your third tile?", "number", required=False, low=0, high=GOLD,
              describe="With No Axe: gold on your third tile"),
    )
    axe: str
    tiles: tuple[str, ...]
    prices: tuple[int, ...]
    salt: str = ""


@dataclass(frozen=True)
class Buy(Action):
    """Phase 4, on your turn: buy another player's offered tile; `tile` "" passes."""

    kind: ClassVar[str] = "buy"
    verb: ClassVar[str] = Msg("buy a tile")
    describe: ClassVar[str] = "Buy another player's tile, or pass"
    params: ClassVar[tuple[Param, ...]] = (Param("tile", "Which tile (or pass)?",
                                                 describe="The tile to buy, or 'pass'"),)
    tile: str = ""


@dataclass(frozen=True)
class Keep(Action):
    """Phase 4 with `unbought: choose`: keep your unbought tiles (paying their price to the bank),
    except those listed in `discard` (out of the game, their price back to you)."""

    kind: ClassVar[str] = "keep"
    verb: ClassVar[str] = Msg("keep your unbought tiles")
    label: ClassVar[str] = Msg("Keep or discard unbought tiles")
    describe: ClassVar[str] = "Keep or discard your unbought tiles"
    params: ClassVar[tuple[Param, ...]] = (Param("discard", "Discard which of your unbought tiles?", required=False,
                                                 describe="Tiles to discard, taking back their price ('none': keep "
                                                          "them all)"),)
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Place(Action):
    """Phase 5: place one of your new tiles at (x, y) turned `rotation` quarter turns clockwise."""

    kind: ClassVar[str] = "place"
    verb: ClassVar[str] = Msg("place a tile")
    describe: ClassVar[str] = "Place a new tile"
    params: ClassVar[tuple[Param, ...]] = (
        Param("tile", "Which tile?", describe="One of your tiles to place"),
        Param("position", "Where (x,y)?",
              describe="x,y next to your territory (north is +y, east is +x, the castle at 0,0)"),
        Param("rotation", "Turned how many quarter turns clockwise?", "number", required=False, low=0, high=3,
              describe="Quarter turns clockwise, 0–3 (default: the first that fits there)"),
    )
    tile: str
    x: int
    y: int
    rotation: int = 0


@dataclass(frozen=True)
class Plan(Action):
    """Phase 5, sealed: waypoint markers in the order the journeyman collects them, each
    "TILE" or "TILE:TRACK" (warrior, merchant, herald); `extra` spends Extra Movement. `salt` is
    the seal's, filled by the table."""

    kind: ClassVar[str] = "plan"
    verb: ClassVar[str] = Msg("plan your journeyman's walk")
    describe: ClassVar[str] = "In secret: journeyman markers in order"
    params: ClassVar[tuple[Param, ...]] = (
        Param("extra", "Spend your Extra Movement tile?", "switch", required=False, default=False,
              describe="Spend your Extra Movement tile on this walk"),
        *(Param(name, f"The {name} marker?", required=False, describe=said) for name, said in zip(MARKERS, MARKED)),
    )
    markers: tuple[str, ...] = ()
    extra: bool = False
    salt: str = ""


@dataclass(frozen=True)
class Use(Action):
    """Phase 5, sealed: spend (`on`) or stop spending an Extra Movement tile on your sealed plan
    (sealing it again: `salt` is the new seal's, filled by the table)."""

    kind: ClassVar[str] = "use"
    verb: ClassVar[str] = Msg("use a bonus tile")
    label: ClassVar[str] = Msg("Use Extra Movement")
    describe: ClassVar[str] = "In secret: spend Extra Movement"
    params: ClassVar[tuple[Param, ...]] = (
        Param("bonus", "Which bonus tile?", describe="The bonus tile",
              fixed=(Choice(EXTRA_MOVEMENT, "Extra Movement"),), default=EXTRA_MOVEMENT),
        Param("on", "Spend it, or stop spending it?", "switch", required=False, default=True,
              describe="Spend it (default) or stop spending it"))
    bonus: str = EXTRA_MOVEMENT
    on: bool = True
    salt: str = ""


@dataclass(frozen=True)
class Road(Action):
    """Any time but the phase it was gained (J-T8): place a road from your hand across side `side`
    (n, e, s, w) of your tile at (x, y)."""

    kind: ClassVar[str] = "road"
    verb: ClassVar[str] = Msg("place a road")
    describe: ClassVar[str] = "Place a road from your hand"
    params: ClassVar[tuple[Param, ...]] = (
        Param("edge", "Between which two of your tiles?",
              describe="'x,y side' (side n, e, s or w) or two tiles, e.g. '0,0 e' or 'castle L12'"),)
    x: int
    y: int
    side: str


@dataclass(frozen=True)
class Choose(Action):
    """Answer a decision (J-T9, Advance on a Track): "warrior", "merchant", "herald" or "none"."""

    kind: ClassVar[str] = "choose"
    verb: ClassVar[str] = Msg("answer")
    label: ClassVar[str] = Msg("Answer the advance offered")
    describe: ClassVar[str] = "Take or refuse an advance offered"
    command: ClassVar[str] = "advance"
    params: ClassVar[tuple[Param, ...]] = (Param("track", "Advance on which track (or none)?",
                                                 describe="The track to advance on, or 'none'"),)
    choice: str


@dataclass(frozen=True)
class Adjust(Action):
    """Table bookkeeping: set `what` of `seat` (default: your own; the host: anyone's) to `value`.

    - "gold", "vp", "roads" (roads in hand), "markers" (waypoint markers, 1–5);
    - "warrior", "merchant", "herald": the progress marker's space (0–12), no bonus or VP taken;
    - "journeyman": to the tile at (x, y) of that territory.
    """

    kind: ClassVar[str] = "adjust"
    verb: ClassVar[str] = Msg("adjust")
    describe: ClassVar[str] = "Bookkeeping (host: anyone's)"
    params: ClassVar[tuple[Param, ...]] = (
        Param("what", "Adjust what?", describe="What to set", fixed=tuple(Choice(w, w) for w in WHATS)),
        Param("player", "Whose?", "seat", required=False, describe="Whose (host only for others; default you)"),
        Param("value", "The new value?", "number", required=False, free=True, low=0, high=999,
              describe="The new number (gold, VP, roads in hand, markers, a space 0–12)"),
        Param("position", "Which tile (x,y) of that territory?", required=False,
              describe="For the journeyman: x,y of a tile of that territory"),
    )
    what: str
    value: int = 0
    seat: int | None = None
    x: int = 0
    y: int = 0
