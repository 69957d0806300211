"""Ships: build (M-S1), maintain and scrap (M-S2), sail with loading and unloading (M-S3, M-S4).

Tokens paid for a ship or its upkeep go back to stock; the bot destroys tokens that have already
moved first, then those that may take a second step, then unmoved ones, so paying never costs a
player a move they could still make.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from rules.messages import Msg, Plural, joined, listed
from rules.text import either

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
    return Result(commit(state, seat, step), Msg("{name} built {step}", name=name(state, seat), step=step.text))


def plan_build(state: MegaState, seat: int, action: Build) -> Step:
    area = land_area(state, action.area, Msg("area to build the ship in"))
    if action.pay not in SHIP_PAYS:
        raise BadInput(Msg("Pay for a ship with one of: {ways} (not {pay}).", ways=", ".join(SHIP_PAYS),
                           pay=repr(str(action.pay)[:20])))
    board, player = state.board, state.players[seat]
    limits = board.advances.base
    if not board.area(area).coastal:
        raise IllegalMove(Msg("{area} is not coastal; ships are built in coastal areas.", area=area))
    if area in state.out_of_play:
        raise IllegalMove(Msg("{area} is out of play.", area=area))
    here = player.tokens.get(area, 0)
    if here < 1:
        raise IllegalMove(Msg("You need at least one token in {area} to build a ship there.", area=area))
    if player.builds >= limits.ships_per_turn:
        raise IllegalMove(Plural("You have built {n} ship this turn, the most allowed.",
                                 "You have built {n} ships this turn, the most allowed.", player.builds))
    free = next((i for i, s in enumerate(player.ships) if s.area is None), None)
    if free is None:
        old = [i + 1 for i, s in enumerate(player.ships) if not (s.built or s.maintained)]
        full = Msg("All {n} of your ships are on the board.", n=SHIPS)
        raise IllegalMove(joined([full, Msg("Scrap an old ship first (ship {ships}).",
                                            ships=either([str(n) for n in old]))]) if old else full)
    cost = limits.ship_cost
    treasury = cost if action.pay == "treasury" else cost - 1 if action.pay == "mixed" else 0
    paid = cost - treasury
    if not isinstance(action.tokens_from, (tuple, list)) or len(action.tokens_from) > cost:
        raise BadInput(Msg("Name at most {n} areas for the tokens paid.", n=cost))
    sources = [land_area(state, a, Msg("area of a token paid")) for a in action.tokens_from] or [area] * paid
    if len(sources) != paid:
        raise BadInput(Plural("This way of paying destroys {n} token; {named} named.",
                               "This way of paying destroys {n} tokens; {named} named.", paid, named=len(sources)))
    if paid and area not in sources:
        raise IllegalMove(Msg("At least one token paid for a ship must come from its area, {area}.", area=area))
    delta: list[tuple[Counter, str, int]] = []
    for source in dict.fromkeys(sources):
        count = sources.count(source)
        have = player.tokens.get(source, 0)
        if have < count:
            raise IllegalMove(Plural("You have {n} token in {area}; paying needs {count} there.",
                                     "You have {n} tokens in {area}; paying needs {count} there.", have, area=source,
                                     count=count))
        delta += destroy(player, source, count)
    how = _and(([Msg("{n} treasury", n=treasury)] if treasury else [])
               + [Msg("{tokens} from {area}", tokens=Plural("{n} token", "{n} tokens", sources.count(s)), area=s)
                  for s in dict.fromkeys(sources)])
    tokens = paid
    if player.treasury < treasury:
        mixed = action.pay != "mixed" and player.treasury >= cost - 1 > 0
        ways = [Msg("mixed ({n} treasury and 1 token from {area})", n=cost - 1, area=area)] if mixed else []
        if player.census >= cost:
            ways.append(Msg("tokens ({tokens}, at least one from {area})", area=area,
                            tokens=Plural("{n} token", "{n} tokens", cost)))
        short = Msg("You have {have} in treasury; this way of paying needs {n}.", have=player.treasury, n=treasury)
        raise IllegalMove(joined([short, Msg("Pay with {ways} instead.", ways=either(ways))]) if ways else short)
    before = player.ships[free]
    after = Ship(area, built=True)
    text = Msg("ship {n} in {area}, paying {how}", n=free + 1, area=area, how=how)
    return Step("build", text, (area,), 0, (), tuple(delta), stock=treasury + tokens, treasury=-treasury,
                builds=1, ship=free + 1, before=before, after=after)


def maintain(state: MegaState, actor: Actor, action: Maintain) -> Result[MegaState]:
    seat = seated(actor)
    number = _ship_number(action.ship)
    if action.pay not in UPKEEP_PAYS:
        raise BadInput(Msg("Pay upkeep with one of: {ways} (not {pay}).", ways=", ".join(UPKEEP_PAYS),
                           pay=repr(str(action.pay)[:20])))
    player = state.players[seat]
    ship = player.ships[number - 1]
    upkeep = state.board.advances.base.upkeep
    if ship.area is None:
        raise IllegalMove(Msg("Your ship {n} is in stock, not on the board.", n=number))
    if ship.built:
        raise IllegalMove(Msg("Ship {n} was built this turn; it needs no upkeep.", n=number))
    if ship.maintained:
        raise IllegalMove(Msg("Ship {n} is already maintained this turn (once per ship per turn).", n=number))
    delta: list[tuple[Counter, str, int]] = []
    if action.pay == "treasury":
        if player.treasury < upkeep:
            raise IllegalMove(Msg("You have {treasury} in treasury; upkeep is {upkeep}.", treasury=player.treasury,
                                      upkeep=upkeep))
        treasury, how = upkeep, Msg("{n} treasury", n=upkeep)
    else:
        if not action.area:
            raise BadInput(Msg("Name the area of the token you pay upkeep with."))
        area = land_area(state, action.area, Msg("area of the token"))
        if player.tokens.get(area, 0) < upkeep:
            raise IllegalMove(Msg("You have no tokens in {area}.", area=area) if not player.tokens.get(area, 0)
                              else Msg("Upkeep is {upkeep} tokens; you have {have} in {area}.", upkeep=upkeep,
                                       have=player.tokens[area], area=area))
        delta += destroy(player, area, upkeep)
        treasury, how = 0, (Msg("a token from {area}", area=area) if upkeep == 1 else
                            Msg("{n} tokens from {area}", n=upkeep, area=area))
    text = Msg("ship {n} at {area}, paying {how}", n=number, area=ship.area, how=how)
    step = Step("maintain", text, (ship.area,), 0, (), tuple(delta), stock=upkeep, treasury=-treasury,
                ship=number, before=ship, after=replace(ship, maintained=True))
    return Result(commit(state, seat, step), Msg("{name} maintained {step}", name=name(state, seat), step=text))


def scrap(state: MegaState, actor: Actor, action: Scrap) -> Result[MegaState]:
    seat = seated(actor)
    number = _ship_number(action.ship)
    ship = state.players[seat].ships[number - 1]
    if ship.area is None:
        raise IllegalMove(Msg("Your ship {n} is in stock, not on the board.", n=number))
    if ship.built or ship.maintained:
        raise IllegalMove(Msg("Ship {n} was built this turn; only an old ship not maintained this turn may be "
                              "scrapped to be rebuilt.", n=number) if ship.built else
                          Msg("Ship {n} was maintained this turn; only an old ship not maintained this turn may be "
                              "scrapped to be rebuilt.", n=number))
    text = Msg("ship {n} at {area}, back to stock", n=number, area=ship.area)
    step = Step("scrap", text, (ship.area,), ship=number, before=ship, after=Ship())
    return Result(commit(state, seat, step), Msg("{name} scrapped {step}", name=name(state, seat), step=text))


def sail(state: MegaState, actor: Actor, action: Sail) -> Result[MegaState]:
    seat = seated(actor)
    step = plan_sail(state, seat, action)
    return Result(commit(state, seat, step), Msg("{name} sailed {step}", name=name(state, seat), step=step.text))


def _counts(values: tuple[int, ...], stops: int, what: str, most: int) -> tuple[int, ...]:
    if not isinstance(values, (tuple, list)):
        raise BadInput(Msg("{what} is a list of counts, one per stop.", what=what))
    if not values:
        return (0,) * stops
    if len(values) != stops:
        raise BadInput(Msg("{what} lists {n} counts but the voyage has {stops} stops (the start and one per step).",
                           what=what, n=len(values), stops=stops))
    return tuple(count_in_range(v, 0, most, what) for v in values)


def plan_sail(state: MegaState, seat: int, action: Sail) -> Step:
    """Check a voyage and return the step it makes, or raise a PlayerError saying why not."""
    number = _ship_number(action.ship)
    board, player, mover = state.board, state.players[seat], powers(state, seat)
    ship = player.ships[number - 1]
    if ship.area is None:
        raise IllegalMove(Msg("Your ship {n} is in stock, not on the board.", n=number))
    if not (ship.built or ship.maintained):
        raise IllegalMove(Msg("Ship {n} was built in an earlier turn: maintain it before using it.", n=number))
    if ship.sailed:
        raise IllegalMove(Msg("Ship {n} has already sailed this turn.", n=number))
    if not isinstance(action.path, (tuple, list)) or not action.path:
        raise BadInput(Msg("A voyage needs at least one step."))
    if len(action.path) > MAX_PATH:
        raise BadInput(Msg("A voyage has at most {most} steps.", most=MAX_PATH))
    path = tuple(known_area(state, a, Msg("area to sail to")) for a in action.path)
    if len(path) > mover.ship_steps:
        more = [a for a in advances_with(state, "ship_steps")
                if board.advance_by_name.get(a) and board.advance_by_name[a].effects.ship_steps > mover.ship_steps]
        most = max((board.advance_by_name[a].effects.ship_steps for a in more), default=0)
        raise IllegalMove(Msg("Your ships move up to {n} water steps ({advances} allows {most}); this voyage has "
                              "{steps}.", n=mover.ship_steps, advances=either(more), most=most, steps=len(path))
                          if more else
                          Msg("Your ships move up to {n} water steps; this voyage has {steps}.", n=mover.ship_steps,
                              steps=len(path)))
    stops = (ship.area, *path)
    for here, there in zip(stops, stops[1:]):
        if there not in board.water_next[here]:
            raise IllegalMove(Msg("{area} is not next to {here} by water.", area=there, here=here))
        if board.area(there).kind == "sea" and not mover.open_sea:
            raise IllegalMove(Msg("{area} is open sea: ships enter open sea only with {advances}.", area=there,
                                  advances=either(advances_with(state, 'open_sea'))))
    capacity = mover.ship_capacity
    take = _counts(action.take, len(stops), "Tokens taken on", TOKENS)
    put = _counts(action.put, len(stops), "Tokens put off", TOKENS)
    last = len(stops) - 1
    if stops[last] in state.out_of_play:
        raise IllegalMove(Msg("{area} is out of play: a ship may pass through but not end its voyage there.",
                              area=stops[last]))
    if take[last]:
        raise IllegalMove(Msg("Nothing is taken on after the last step: everything aboard is put off there."))
    tokens, done = dict(player.tokens), dict(player.done)
    delta: list[tuple[Counter, str, int]] = []
    aboard, most, entered, conflicts, marks = 0, 0, [], [], []
    for i, area in enumerate(stops):
        off = aboard if i == last else put[i]
        if i == last and put[i] not in (0, aboard):
            raise IllegalMove(Msg("After the last step everything aboard ({n}) is put off in {area}.", n=aboard,
                                  area=area))
        if off > aboard:
            raise IllegalMove(Msg("Ship {n} carries {aboard} at {area}; it cannot put off {off}.", n=number,
                                  aboard=aboard, area=area, off=off))
        mark = ""
        if off or take[i]:
            if i and area in state.out_of_play:
                raise IllegalMove(Msg("{area} is out of play: the ship may pass through but not stop or put off there.",
                                      area=area))
            if board.area(area).kind == "sea":
                raise IllegalMove(Msg("{area} is open sea: there is no land to put tokens off on or take them from.",
                                      area=area))
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
                raise IllegalMove(Msg("You have {free} unmoved tokens in {area} to take on, not {take} (a token "
                                      "moves once: by land or by one ship).", free=free, area=area, take=take[i]))
            tokens[area] -= take[i]
            delta.append(("tokens", area, -take[i]))
            aboard += take[i]
            mark += f" +{take[i]}"
            if aboard > capacity:
                raise IllegalMove(Msg("Ship {n} would carry {aboard} at {area}; it carries at most {most}.", n=number,
                                      aboard=aboard, area=area, most=capacity))
        most = max(most, aboard)
        marks.append(area + mark)
    said = {"n": number, "stops": " → ".join(marks)}
    text = (Msg("ship {n} {stops}: conflict situation in {areas}", areas=listed(list(dict.fromkeys(conflicts))),
                **said) if conflicts else Msg("ship {n} {stops}", **said))
    return Step("sail", text, stops, most, tuple(entered), _merged(delta), ship=number, before=ship,
                after=replace(ship, area=stops[last], sailed=True))


def _merged(delta: list[tuple[Counter, str, int]]) -> tuple[tuple[Counter, str, int], ...]:
    """The same change with entries for one counter and area added together (zeros dropped)."""
    total: dict[tuple[Counter, str], int] = {}
    for counter, area, change in delta:
        total[counter, area] = total.get((counter, area), 0) + change
    return tuple((c, a, n) for (c, a), n in total.items() if n)


def _and(parts: Sequence[str]) -> str:
    """Parts joined by "and" each ("3 treasury and 1 token from Silsab and 2 tokens from Fava")."""
    said = parts[0]
    for part in parts[1:]:
        said = Msg("{first} and {last}", first=said, last=part)
    return said
