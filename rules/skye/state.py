"""The game state: immutable dataclasses (changed with `dataclasses.replace`), JSON round trip exact.

Where a landscape tile can be: the `bag` (draw order), a player's `hand` (drawn this round, face
up), `offers` (priced and revealed), a player's `to_place` (bought or kept), a `territory`, or the
`box` (out of the game). Castles are always in their owner's territory at (0, 0).

`stage` is where the round stands: "price" (phase 2, secret), "buy" and "keep" (phase 4),
"buy_end" (end of phase 4: bonus tiles take effect), "place" and "plan" (phase 5, the plan secret),
"walk_end" (end of phase 5), "over". Phases 1, 3 and 6 need nobody and happen at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.base import Seat
from rules.frozen import FrozenDict, player_changed
from rules.messages import Msg
from rules.skye.model import TRACKS, SkyeBoard

STAGES = ("price", "buy", "keep", "buy_end", "place", "plan", "walk_end", "over")
PHASE_OF = {"price": 2, "buy": 4, "keep": 4, "buy_end": 4, "place": 5, "plan": 5, "walk_end": 5, "over": 7}
SECRET_STAGES = ("price", "plan")


@dataclass(frozen=True)
class Placed:
    """A tile in a territory at (x, y), turned `rotation` quarter turns clockwise."""

    tile: str
    x: int
    y: int
    rotation: int = 0


@dataclass(frozen=True)
class RoadPiece:
    """A placed road across the edge on side `side` ("n" or "e") of the tile at (x, y)."""

    x: int
    y: int
    side: str


@dataclass(frozen=True)
class Pricing:
    """A sealed price: the axed tile ("" with No Axe) and the price of each other tile."""

    axe: str
    tiles: tuple[str, ...]
    prices: tuple[int, ...]


@dataclass(frozen=True)
class Marker:
    """A waypoint marker on the tile at (x, y), naming the track to advance on ("" none)."""

    x: int
    y: int
    track: str = ""


@dataclass(frozen=True)
class JourneyPlan:
    """A sealed journeyman plan: markers in the order collected; `extra` spends Extra Movement."""

    markers: tuple[Marker, ...]
    extra: bool = False


@dataclass(frozen=True)
class Offer:
    """A priced tile after the reveal: its owner, price, and who bought it (None: nobody yet)."""

    tile: str
    owner: int
    price: int
    buyer: int | None = None


@dataclass(frozen=True)
class Held:
    """A bonus tile and the phase number (`rules.skye.state.phase_number`) it was taken in."""

    bonus: str
    step: int


@dataclass(frozen=True)
class Pending:
    """A decision waiting for `seat`: "sold" (Warrior advance, J-T9), "journeyman" (any track,
    J-T9, for `tile`) or "bonus" (Advance on a Track)."""

    seat: int
    why: str
    tile: str = ""


@dataclass(frozen=True)
class Walk:
    """A journeyman's walk this round, for drawing: every tile passed, the markers collected (with
    the track advanced, "" none) and those dropped (J-M5)."""

    seat: int
    path: tuple[tuple[int, int], ...]
    collected: tuple[Marker, ...] = ()
    dropped: tuple[Marker, ...] = ()


@dataclass(frozen=True)
class PlayerState:
    """One clan. `tracks` are the progress markers (0 = start, 1–12 the spaces) and `best` the
    rightmost space each has reached (banners count from it). `layout` is the bonus tile on each
    slot (Warrior I, II, III, Merchant I…, Herald …). `road_stock` holds one entry per road in
    hand: the phase number it was gained in. `salt` is the sealed prices' or plan's own salt,
    hidden with them until the reveal ("" for a seal made without one, by the rules alone or
    before seals had their own: the round's `SkyeState.salt` is theirs)."""

    gold: int
    territory: tuple[Placed, ...]
    layout: tuple[str, ...]
    vp: int = 0
    roads: tuple[RoadPiece, ...] = ()
    road_stock: tuple[int, ...] = ()
    journeyman: tuple[int, int] = (0, 0)
    tracks: tuple[int, ...] = (0, 0, 0)
    best: tuple[int, ...] = (0, 0, 0)
    taken: tuple[str, ...] = ()
    unlocked: tuple[Held, ...] = ()
    held: tuple[Held, ...] = ()
    markers: int = 2
    hand: tuple[str, ...] = ()
    pricing: Pricing | None = None
    to_place: tuple[str, ...] = ()
    plan: JourneyPlan | None = None
    fingerprint: str = ""
    salt: str = ""
    buys: int = 0
    kept: bool = False

    def track(self, name: str) -> int:
        return self.tracks[TRACKS.index(name)]

    def holds(self, bonus: str) -> Held | None:
        return next((h for h in self.held if h.bonus == bonus), None)


@dataclass(frozen=True)
class SkyeState:
    """A whole game. `scoring` are the scoring tiles A–D; `first` the start player of the round;
    `queue` the seats still to buy, in order; `salt` the current secret phase's salt (hidden from
    views until the reveal); `walks` this round's journeyman walks; `notes` the final scoring."""

    board: SkyeBoard
    seats: tuple[Seat, ...]
    settings: FrozenDict[str, Any]
    seed: int
    players: tuple[PlayerState, ...]
    scoring: tuple[str, ...]
    rounds: int
    round: int = 1
    stage: str = "price"
    first: int = 0
    bag: tuple[str, ...] = ()
    shuffles: int = 0
    offers: tuple[Offer, ...] = ()
    queue: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    salt: str = ""
    box: tuple[str, ...] = ()
    walks: tuple[Walk, ...] = ()
    notes: tuple[str, ...] = ()


def phase_number(state: SkyeState) -> int:
    """A number that grows with every phase of the base game (6 per round): what the Golden Rule
    (J-T6) compares. Something gained in phase p is usable when phase_number > p."""
    return 6 * (state.round - 1) + PHASE_OF[state.stage]


def name(state: SkyeState, seat: int) -> str:
    """A seat as texts name it: its colour, capitalised ("Red"; the catalogs translate it)."""
    return Msg(state.seats[seat].colour.capitalize())


def with_player(state: SkyeState, seat: int, **changes: Any) -> SkyeState:
    """The state with player `seat` changed."""
    return player_changed(state, seat, changes)


def turn_order(state: SkyeState) -> tuple[int, ...]:
    """Seats in turn order this round, the start player first."""
    n = len(state.seats)
    return tuple((state.first + i) % n for i in range(n))


def committed(state: SkyeState, seat: int) -> bool:
    """Whether the seat has sealed its prices or plan (public: the fingerprint shows it); a player
    who drew no tile has nothing to price."""
    player = state.players[seat]
    if state.stage == "price":
        return not player.hand or bool(player.fingerprint)
    return bool(player.fingerprint)


def sealed_all(state: SkyeState) -> bool:
    """Whether every seat has committed and every sealed price (or plan) is at hand to reveal. A
    seat's view leaves the others' seals out, so an action tried there stops short of the reveal:
    the reveal refuses nothing, so the trial still tells whether the action is accepted."""
    field = "pricing" if state.stage == "price" else "plan"
    return all(committed(state, s) and getattr(p, field) is not None for s, p in enumerate(state.players))
