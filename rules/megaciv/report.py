"""The phase-end report (M-X4): every conflict situation and city attack, and every area where a
city could be built. It reads the pieces on the board, so it can be asked at any time."""

from __future__ import annotations

from dataclasses import dataclass

from rules.megaciv.conflict import attack_needs
from rules.megaciv.state import BARBARIANS, PIRATES, MegaState, name, party_name
from rules.messages import Msg, Plural, joined


@dataclass(frozen=True)
class Presence:
    """A party's tokens in an area (party: a seat, or BARBARIANS)."""

    party: int
    name: str
    tokens: int


@dataclass(frozen=True)
class Attack:
    """A player's tokens in an area with another's city or a pirate city, and what success needs."""

    attacker: int
    name: str
    tokens: int
    needed: int

    @property
    def succeeds(self) -> bool:
        return self.tokens >= self.needed


@dataclass(frozen=True)
class Conflict:
    """A conflict situation: who has how many tokens, whose city stands there (a seat, PIRATES or
    None), the attacks on it, whether the tokens exceed the limit, and who entered it this phase."""

    area: str
    limit: int
    present: tuple[Presence, ...]
    city: int | None
    city_name: str
    attacks: tuple[Attack, ...]
    over_limit: bool
    entered_by: tuple[int, ...]


@dataclass(frozen=True)
class CitySpot:
    """An area where `seat` has enough tokens to build a city (6 on a site, 12 in the wild)."""

    seat: int
    area: str
    tokens: int
    needed: int
    site: bool
    in_conflict: bool


@dataclass(frozen=True)
class Report:
    conflicts: tuple[Conflict, ...]
    spots: tuple[CitySpot, ...]


def presence(state: MegaState) -> dict[str, dict[int, int]]:
    """Area → party → tokens, for every area holding tokens (barbarians as BARBARIANS)."""
    found: dict[str, dict[int, int]] = {}
    for seat, player in enumerate(state.players):
        for area, count in player.tokens.items():
            if count > 0:
                found.setdefault(area, {})[seat] = count
    for area, count in state.barbarians.items():
        if count > 0:
            found.setdefault(area, {})[BARBARIANS] = count
    return found


def cities(state: MegaState) -> dict[str, int]:
    """Area → the seat whose city stands there, or PIRATES."""
    found = {area: PIRATES for area in state.pirates}
    for seat, player in enumerate(state.players):
        for area in player.cities:
            found[area] = seat
    return found


def report(state: MegaState) -> Report:
    board = state.board
    here, towns = presence(state), cities(state)
    entered: dict[str, list[int]] = {}
    for seat, player in enumerate(state.players):
        for step in player.steps:
            for area in step.entered:
                if seat not in entered.setdefault(area, []):
                    entered[area].append(seat)
    conflicts = []
    order = {area: i for i, area in enumerate(board.areas)}
    for area in sorted(here, key=order.__getitem__):
        parties = here[area]
        limit = board.areas[area].limit
        over = len(parties) >= 2 and sum(parties.values()) > limit
        owner = towns.get(area)
        attackers = [s for s in parties if s >= 0 and owner is not None and s != owner]
        if not over and not attackers:
            continue
        present = tuple(Presence(p, party_name(state, p), n) for p, n in sorted(parties.items(), key=_party_order))
        attacks = tuple(Attack(s, name(state, s), parties[s], attack_needs(state, s, owner))  # type: ignore[arg-type]
                        for s in attackers)
        city_name = "" if owner is None else party_name(state, owner)
        conflicts.append(Conflict(area, limit, present, owner, city_name, attacks, over, tuple(entered.get(area, ()))))
    base = board.advances.base
    fighting = {c.area for c in conflicts}
    spots = []
    for seat, player in enumerate(state.players):
        for area, count in player.tokens.items():
            info = board.areas[area]
            if area in towns or area in state.out_of_play:
                continue
            needed = base.city_site_tokens if info.city_site else base.wilderness_tokens
            if count >= needed and (info.city_site or info.limit > 0):
                spots.append(CitySpot(seat, area, count, needed, info.city_site, area in fighting))
    spots.sort(key=lambda s: (s.seat, order[s.area]))
    return Report(tuple(conflicts), tuple(spots))


def _party_order(item: tuple[int, int]) -> tuple[int, int]:
    party, _ = item
    return (party < 0, party)


def lines(state: MegaState, found: Report) -> list[str]:
    """The report in plain words, one line per conflict situation and per city spot."""
    out: list[str] = []
    for c in found.conflicts:
        who = ", ".join(f"{p.name} {p.tokens}" for p in c.present)  # civilizations' names and counts
        parts = [Msg("Conflict situation in {area} (limit {limit}): {who}", area=c.area, limit=c.limit, who=who)]
        if c.city is not None:
            parts.append(Msg("{name}'s city is attacked", name=c.city_name) if c.city != PIRATES else
                         Msg("the pirate city is attacked"))
            for a in c.attacks:
                said = {"name": a.name, "tokens": a.tokens, "needed": a.needed}
                parts.append(Msg("{name} attacks with {tokens}, needs {needed}: can succeed", **said) if a.succeeds
                             else Msg("{name} attacks with {tokens}, needs {needed}: cannot succeed", **said))
        out.append(joined(parts, "; "))
    for s in found.spots:
        said = {"name": name(state, s.seat), "area": s.area, "tokens": Plural("{n} token", "{n} tokens", s.tokens),
                "needed": s.needed}
        spot = (Msg("{name} may build a city in {area}: {tokens} (city site, {needed} needed)", **said) if s.site
                else Msg("{name} may build a city in {area}: {tokens} (no city site, {needed} needed)", **said))
        out.append(Msg("{spot} (if still there after the conflict)", spot=spot) if s.in_conflict else spot)
    if not out:
        out.append(Msg("No conflict situations and no areas where a city could be built."))
    return out
