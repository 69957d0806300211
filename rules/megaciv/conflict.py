"""Conflict situations (M-X1–M-X3), the restrictions of Diplomacy and Cultural Ascendancy (M-T3)
and the tokens a city attack needs (M-X2).

A conflict situation exists in an area while (a) tokens of two or more parties (players, the
barbarians) are there and together exceed its population limit, or (b) a player's tokens are in an
area holding another player's city or a pirate city. It is caused by entering (a token moving in by
land or put off a ship, M-X1) and disappears as soon as neither condition holds (M-X3), so the
situation of an area is always read off the pieces now on the board.
"""

from __future__ import annotations

from rules.errors import IllegalMove
from rules.megaciv.state import PIRATES, MegaState, city_owner, name, powers
from rules.messages import Msg, listed


def situation(state: MegaState, area: str, seat: int | None = None, mine: int | None = None) -> bool:
    """Whether a conflict situation exists in `area`; with `seat` and `mine`, as if that seat had
    `mine` tokens there instead of its own count."""
    limit = state.board.areas[area].limit
    present: list[int] = []
    total = 0
    for i, player in enumerate(state.players):
        count = mine if i == seat and mine is not None else player.tokens.get(area, 0)
        if count > 0:
            present.append(i)
            total += count
    barbarians = state.barbarians.get(area, 0)
    if len(present) + (barbarians > 0) >= 2 and total + barbarians > limit:
        return True
    owner = city_owner(state, area)
    return owner is not None and any(i != owner for i in present)


def entering(state: MegaState, seat: int, area: str, count: int, mine: int | None = None, how: str = "move") -> bool:
    """Check that `count` of `seat`'s tokens may enter `area` (M-T3) where it has `mine` tokens
    (default: its count on the board); return whether a conflict situation exists after (M-X2)."""
    before_mine = state.players[seat].tokens.get(area, 0) if mine is None else mine
    before = situation(state, area, seat, before_mine)
    mover = powers(state, seat)
    if not before and not mover.enters_protected_cities:
        owner = city_owner(state, area)
        if owner is not None and owner >= 0 and owner != seat and powers(state, owner).protects_cities:
            needs = listed(advances_with(state, "enters_protected_cities"), "or")
            held = listed(advances_with(state, "protects_cities"), "or")
            if how == "move":
                raise IllegalMove(Msg("{area} holds a city of {civ}, who holds {held}: without {needs} you may not "
                                      "move there unless a conflict situation already exists there.", area=area,
                                      civ=name(state, owner), held=held, needs=needs))
            raise IllegalMove(Msg("{area} holds a city of {civ}, who holds {held}: without {needs} you may not put "
                                  "tokens off there unless a conflict situation already exists there.", area=area,
                                  civ=name(state, owner), held=held, needs=needs))
    after = situation(state, area, seat, before_mine + count)
    if after and not before and not mover.ignores_unit_protection:
        for other in _unit_holders(state, area, seat):
            if powers(state, other).protects_units:
                raise IllegalMove(Msg(
                    "{n} more in {area} would cause a conflict situation where {civ}, who holds {held}, has units; "
                    "without {needs} you may not cause conflict there unless a conflict situation already exists "
                    "there.", n=count, area=area, civ=name(state, other),
                    held=listed(advances_with(state, "protects_units"), "or"),
                    needs=listed(advances_with(state, "ignores_unit_protection"), "or")))
    return after


def _unit_holders(state: MegaState, area: str, seat: int) -> list[int]:
    """Other players with tokens, a city or a ship in `area`."""
    return [i for i, p in enumerate(state.players) if i != seat and (
        p.tokens.get(area, 0) > 0 or area in p.cities or any(s.area == area for s in p.ships))]


def advances_with(state: MegaState, effect: str) -> list[str]:
    """The names of the advances that have `effect` (for refusals: "Diplomacy or Military")."""
    return [a.name for a in state.board.advances.advances if getattr(a.effects, effect)] or ["an advance"]


def attack_needs(state: MegaState, attacker: int, defender: int) -> int:
    """Tokens a city attack needs to succeed (M-X2): 7; one fewer with Engineering; one more against
    an Engineering holder (so 7 again when both hold it). Pirate cities hold no advances."""
    needed = state.board.advances.base.city_attack - powers(state, attacker).attack_bonus
    if defender != PIRATES and defender >= 0:
        needed += powers(state, defender).defence_bonus
    return needed
