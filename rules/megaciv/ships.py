"""Ships: build (M-S1), maintain and scrap (M-S2), sail with loading and unloading (M-S3, M-S4).

Tokens paid for a ship or its upkeep go back to stock; the bot destroys tokens that have already
moved first, then those that may take a second step, then unmoved ones, so paying never costs a
player a move they could still make.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Actor, Result
from rules.errors import BadInput, IllegalMove
from rules.guards import seated
from rules.megaciv.actions import PAYMENTS, UPKEEP, Build, Maintain, Sail, Scrap
from rules.megaciv.conflict import advances_with, entering
from rules.megaciv.draft import commit
from rules.megaciv.state import (
    SHIPS,
    TOKENS,
    Counter,
    MegaState,
    Player,
    Ship,
    Step,
    count_in_range,
    known_area,
    land_area,
    name,
    powers,
)
from rules.text import either, plural

SHIP_PAYS = tuple(str(c.value) for c in PAYMENTS)  # the ways to pay for a ship, and for its upkeep
UPKEEP_PAYS = tuple(str(c.value) for c in UPKEEP)
MAX_PATH = 12


def destroy(player: Player, area: str, count: int) -> list[tuple[Counter, str, int]]:
    """The change that removes `count` of the player's tokens from `area` to stock (moved first)."""
    delta: list[tuple[Counter, str, int]] = [("tokens", area, -count)]
    left = count
    for counter in ("done", "once"):
        taken = min(left, getattr(player, counter).get(area, 0))
        if taken:
            delta.append((counter, area, -taken))
            left -= taken
    return delta


def _ship_number(ship: int) -> int:
    return count_in_range(ship, 1, SHIPS, "A ship number")


def build(state: MegaState, actor: Actor, action: Build) -> Result[MegaState]:
    seat = seated(actor)
    step = plan_build(state, seat, action)
    return Result(commit(state, seat, step), f"{name(state, seat)} built {step.text}")


def plan_build(state: MegaState, seat: int, action: Build) -> Step:
    area = land_area(state, action.area, "area to build the ship in")
    if action.pay not in SHIP_PAYS:
        raise BadInput(f"Pay for a ship with one of: {', '.join(SHIP_PAYS)} (not {str(action.pay)[:20]!r}).")
    board, player = state.board, state.players[seat]
    limits = board.advances.base
    if not board.area(area).coastal:
        raise IllegalMove(f"{area} is not coastal; ships are built in coastal areas.")
    if area in state.out_of_play:
        raise IllegalMove(f"{area} is out of play.")
    here = player.tokens.get(area, 0)
    if here < 1:
        raise IllegalMove(f"You need at least one token in {area} to build a ship there.")
    if player.builds >= limits.ships_per_turn:
        raise IllegalMove(f"You have built {plural(player.builds, 'ship')} this turn, the most allowed.")
    free = next((i for i, s in enumerate(player.ships) if s.area is None), None)
    if free is None:
        old = [i + 1 for i, s in enumerate(player.ships) if not (s.built or s.maintained)]
        hint = f" Scrap an old ship first (ship {either([str(n) for n in old])})." if old else ""
        raise IllegalMove(f"All {SHIPS} of your ships are on the board.{hint}")
    cost = limits.ship_cost
    treasury = cost if action.pay == "treasury" else cost - 1 if action.pay == "mixed" else 0
    paid = cost - treasury
    if not isinstance(action.tokens_from, (tuple, list)) or len(action.tokens_from) > cost:
        raise BadInput(f"Name at most {cost} areas for the tokens paid.")
    sources = [land_area(state, a, "area of a token paid") for a in action.tokens_from] or [area] * paid
    if len(sources) != paid:
        raise BadInput(f"This way of paying destroys {plural(paid, 'token')}; {len(sources)} named.")
    if paid and area not in sources:
        raise IllegalMove(f"At least one token paid for a ship must come from its area, {area}.")
    delta: list[tuple[Counter, str, int]] = []
    for source in dict.fromkeys(sources):
        count = sources.count(source)
        have = player.tokens.get(source, 0)
        if have < count:
            raise IllegalMove(f"You have {plural(have, 'token')} in {source}; paying needs {count} there.")
        delta += destroy(player, source, count)
    how = " and ".join(
        ([f"{treasury} treasury"] if treasury else [])
        + [f"{plural(sources.count(s), 'token')} from {s}" for s in dict.fromkeys(sources)])
    tokens = paid
    if player.treasury < treasury:
        mixed = action.pay != "mixed" and player.treasury >= cost - 1 > 0
        ways = [f"mixed ({cost - 1} treasury and 1 token from {area})"] if mixed else []
        if player.census >= cost:
            ways.append(f"tokens ({plural(cost, 'token')}, at least one from {area})")
        instead = f" Pay with {either(ways)} instead." if ways else ""
        raise IllegalMove(f"You have {player.treasury} in treasury; this way of paying needs {treasury}.{instead}")
    before = player.ships[free]
    after = Ship(area, built=True)
    text = f"ship {free + 1} in {area}, paying {how}"
    return Step("build", text, (area,), 0, (), tuple(delta), stock=treasury + tokens, treasury=-treasury,
                builds=1, ship=free + 1, before=before, after=after)


def maintain(state: MegaState, actor: Actor, action: Maintain) -> Result[MegaState]:
    seat = seated(actor)
    number = _ship_number(action.ship)
    if action.pay not in UPKEEP_PAYS:
        raise BadInput(f"Pay upkeep with one of: {', '.join(UPKEEP_PAYS)} (not {str(action.pay)[:20]!r}).")
    player = state.players[seat]
    ship = player.ships[number - 1]
    upkeep = state.board.advances.base.upkeep
    if ship.area is None:
        raise IllegalMove(f"Your ship {number} is in stock, not on the board.")
    if ship.built:
        raise IllegalMove(f"Ship {number} was built this turn; it needs no upkeep.")
    if ship.maintained:
        raise IllegalMove(f"Ship {number} is already maintained this turn (once per ship per turn).")
    delta: list[tuple[Counter, str, int]] = []
    if action.pay == "treasury":
        if player.treasury < upkeep:
            raise IllegalMove(f"You have {player.treasury} in treasury; upkeep is {upkeep}.")
        treasury, how = upkeep, f"{upkeep} treasury"
    else:
        if not action.area:
            raise BadInput("Name the area of the token you pay upkeep with.")
        area = land_area(state, action.area, "area of the token")
        if player.tokens.get(area, 0) < upkeep:
            raise IllegalMove(f"You have no tokens in {area}." if not player.tokens.get(area, 0)
                              else f"Upkeep is {upkeep} tokens; you have {player.tokens[area]} in {area}.")
        delta += destroy(player, area, upkeep)
        treasury, how = 0, f"a token from {area}" if upkeep == 1 else f"{upkeep} tokens from {area}"
    text = f"ship {number} at {ship.area}, paying {how}"
    step = Step("maintain", text, (ship.area,), 0, (), tuple(delta), stock=upkeep, treasury=-treasury,
                ship=number, before=ship, after=replace(ship, maintained=True))
    return Result(commit(state, seat, step), f"{name(state, seat)} maintained {text}")


def scrap(state: MegaState, actor: Actor, action: Scrap) -> Result[MegaState]:
    seat = seated(actor)
    number = _ship_number(action.ship)
    ship = state.players[seat].ships[number - 1]
    if ship.area is None:
        raise IllegalMove(f"Your ship {number} is in stock, not on the board.")
    if ship.built or ship.maintained:
        done = "built" if ship.built else "maintained"
        raise IllegalMove(f"Ship {number} was {done} this turn; only an old ship not maintained this turn may be "
                          "scrapped to be rebuilt.")
    text = f"ship {number} at {ship.area}, back to stock"
    step = Step("scrap", text, (ship.area,), ship=number, before=ship, after=Ship())
    return Result(commit(state, seat, step), f"{name(state, seat)} scrapped {text}")


def sail(state: MegaState, actor: Actor, action: Sail) -> Result[MegaState]:
    seat = seated(actor)
    step = plan_sail(state, seat, action)
    return Result(commit(state, seat, step), f"{name(state, seat)} sailed {step.text}")


def _counts(values: tuple[int, ...], stops: int, what: str, most: int) -> tuple[int, ...]:
    if not isinstance(values, (tuple, list)):
        raise BadInput(f"{what} is a list of counts, one per stop.")
    if not values:
        return (0,) * stops
    if len(values) != stops:
        raise BadInput(f"{what} lists {len(values)} counts but the voyage has {stops} stops "
                       "(the start and one per step).")
    return tuple(count_in_range(v, 0, most, what) for v in values)


def plan_sail(state: MegaState, seat: int, action: Sail) -> Step:
    """Check a voyage and return the step it makes, or raise a PlayerError saying why not."""
    number = _ship_number(action.ship)
    board, player, mover = state.board, state.players[seat], powers(state, seat)
    ship = player.ships[number - 1]
    if ship.area is None:
        raise IllegalMove(f"Your ship {number} is in stock, not on the board.")
    if not (ship.built or ship.maintained):
        raise IllegalMove(f"Ship {number} was built in an earlier turn: maintain it before using it.")
    if ship.sailed:
        raise IllegalMove(f"Ship {number} has already sailed this turn.")
    if not isinstance(action.path, (tuple, list)) or not action.path:
        raise BadInput("A voyage needs at least one step.")
    if len(action.path) > MAX_PATH:
        raise BadInput(f"A voyage has at most {MAX_PATH} steps.")
    path = tuple(known_area(state, a, "area to sail to") for a in action.path)
    if len(path) > mover.ship_steps:
        more = [a for a in advances_with(state, "ship_steps")
                if board.advance_by_name.get(a) and board.advance_by_name[a].effects.ship_steps > mover.ship_steps]
        most = max((board.advance_by_name[a].effects.ship_steps for a in more), default=0)
        hint = f" ({either(more)} allows {most})" if more else ""
        raise IllegalMove(f"Your ships move up to {mover.ship_steps} water steps{hint}; this voyage has {len(path)}.")
    stops = (ship.area, *path)
    for here, there in zip(stops, stops[1:]):
        if there not in board.water_next[here]:
            raise IllegalMove(f"{there} is not next to {here} by water.")
        if board.area(there).kind == "sea" and not mover.open_sea:
            raise IllegalMove(f"{there} is open sea: ships enter open sea only with "
                              f"{either(advances_with(state, 'open_sea'))}.")
    capacity = mover.ship_capacity
    take = _counts(action.take, len(stops), "Tokens taken on", TOKENS)
    put = _counts(action.put, len(stops), "Tokens put off", TOKENS)
    last = len(stops) - 1
    if stops[last] in state.out_of_play:
        raise IllegalMove(f"{stops[last]} is out of play: a ship may pass through but not end its voyage there.")
    if take[last]:
        raise IllegalMove("Nothing is taken on after the last step: everything aboard is put off there.")
    tokens, done = dict(player.tokens), dict(player.done)
    delta: list[tuple[Counter, str, int]] = []
    aboard, most, entered, conflicts, marks = 0, 0, [], [], []
    for i, area in enumerate(stops):
        off = aboard if i == last else put[i]
        if i == last and put[i] not in (0, aboard):
            raise IllegalMove(f"After the last step everything aboard ({aboard}) is put off in {area}.")
        if off > aboard:
            raise IllegalMove(f"Ship {number} carries {aboard} at {area}; it cannot put off {off}.")
        mark = ""
        if off or take[i]:
            if i and area in state.out_of_play:
                raise IllegalMove(f"{area} is out of play: the ship may pass through but not stop or put off there.")
            if board.area(area).kind == "sea":
                raise IllegalMove(f"{area} is open sea: there is no land to put tokens off on or take them from.")
        if off:
            if entering(state, seat, area, off, mine=tokens.get(area, 0), how="put tokens off"):
                conflicts.append(area)
            tokens[area] = tokens.get(area, 0) + off
            done[area] = done.get(area, 0) + off
            delta += [("tokens", area, off), ("done", area, off)]
            entered.append(area)
            aboard -= off
            mark += f" −{off}"
        if take[i]:
            free = tokens.get(area, 0) - player.once.get(area, 0) - done.get(area, 0)
            if take[i] > free:
                raise IllegalMove(f"You have {free} unmoved tokens in {area} to take on, not {take[i]} (a token "
                                  "moves once: by land or by one ship).")
            tokens[area] -= take[i]
            delta.append(("tokens", area, -take[i]))
            aboard += take[i]
            mark += f" +{take[i]}"
            if aboard > capacity:
                raise IllegalMove(f"Ship {number} would carry {aboard} at {area}; it carries at most {capacity}.")
        most = max(most, aboard)
        marks.append(area + mark)
    text = f"ship {number} " + " → ".join(marks)
    if conflicts:
        text += f": conflict situation in {either(list(dict.fromkeys(conflicts)), 'and')}"
    return Step("sail", text, stops, most, tuple(entered), _merged(delta), ship=number, before=ship,
                after=replace(ship, area=stops[last], sailed=True))


def _merged(delta: list[tuple[Counter, str, int]]) -> tuple[tuple[Counter, str, int], ...]:
    """The same change with entries for one counter and area added together (zeros dropped)."""
    total: dict[tuple[Counter, str], int] = {}
    for counter, area, change in delta:
        total[counter, area] = total.get((counter, area), 0) + change
    return tuple((c, a, n) for (c, a), n in total.items() if n)
