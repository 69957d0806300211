"""What a player may look up without acting (`Game.looks`): the phase-end report now (answered by
`rules.megaciv.report`) and what is in an area and who can enter it. Both read the state as the
asking seat sees it."""

from __future__ import annotations

from rules.base import Actor
from rules.errors import BadInput
from rules.megaciv import draft, notation, queries
from rules.megaciv.actions import AREA
from rules.megaciv.options import describe, near_first
from rules.megaciv.report import lines as report_lines
from rules.megaciv.report import report
from rules.megaciv.state import MegaState
from rules.messages import Msg, Plural, joined
from rules.options import Choice, Kind, Param, Values

LOOKS = (
    Kind("report", "The phase-end report now",
         (Param("private", "Count your own undeclared draft?", "switch", required=False),)),
    Kind("area", "Look up an area", (Param("name", "Which area?", longest=AREA,
                                           describe="The area, as the map spells it (any case)"),),
         describe="What is in an area, and who can enter it"),
)


def candidates(state: MegaState, actor: Actor, look: str, param: str) -> list[Choice]:
    """What a look's parameter may be: every area, those around the seat's pieces first."""
    if (look, param) == ("area", "name"):
        return [Choice(a, describe(state, a)) for a in near_first(state, actor.seat, list(state.board.areas))]
    if (look, param) == ("report", "private"):
        return [Choice(False, Msg("as the table sees it")), Choice(True, Msg("with your own undeclared draft"))]
    return []


def lines(state: MegaState, actor: Actor, look: str, values: Values) -> list[str]:
    """A look's lines for `actor` on `state` (their view)."""
    if look == "report":
        return phase_report(state if values.get("private") else draft.view(state, None))
    if look == "area":
        return area(state, actor.seat, str(values.get("name") or ""))
    raise BadInput(Msg("Mega Civilization has no look {look}.", look=repr(look[:40])))


def phase_report(state: MegaState) -> list[str]:
    """The order and census, then the phase-end report (M-X4) as it would be now."""
    movers = joined([Msg("{name} {n} (declared)", name=m.name, n=m.census) if m.declared else f"{m.name} {m.census}"
                     for m in queries.order(state)], ", ")
    head = (Msg("Turn {turn}, Movement phase — order and census: {movers}", turn=state.turn, movers=movers)
            if state.moving else
            Msg("Turn {turn}, between Movement phases — next order and census now: {movers}", turn=state.turn,
                movers=movers))
    return [head, *(joined(["• ", line], "") for line in report_lines(state, report(state)))]


def area(state: MegaState, seat: int | None, text: str) -> list[str]:
    """What is in an area, what limits entering it and which of the seat's pieces can enter it now."""
    info = queries.area_info(state, seat, notation.area(state, text))
    assert info is not None  # the name was read from the map
    if info.kind == "sea":
        head = Msg("{area} — open sea ({region}): ships enter it only with Astronavigation.", area=info.name,
                   region=info.region)
    else:
        bits = [Msg("population limit {n}", n=info.limit), *([Msg("a city site")] if info.city_site else []),
                Msg("coastal") if info.coastal else Msg("inland")]
        head = Msg("{area} — land ({region}): {bits}.", area=info.name, region=info.region, bits=joined(bits, ", "))
    out: list[str] = [head]
    if info.out_of_play:
        out.append(Msg("Out of play."))
    tokens = ", ".join(f"{who} {n}" for who, n in info.tokens) or Msg("none")  # civilizations and counts
    out.append(Msg("Tokens: {tokens}. A conflict situation exists here.", tokens=tokens) if info.conflict else
               Msg("Tokens: {tokens}.", tokens=tokens))
    if info.city:
        out.append(Msg("City: a pirate city.") if info.city == "pirates" else Msg("City: {name}'s.", name=info.city))
    if info.ships:
        out.append(Msg("Ships: {ships}.", ships=", ".join(f"{who} {n}" for who, n in info.ships)))
    out += [Msg("Entering: {restriction}.", restriction=r) for r in info.restrictions]
    if info.kind == "land" and seat is not None:
        land = [Msg("from {area} ({tokens}, {steps})", area=a, tokens=Plural("{n} token", "{n} tokens", n),
                    steps=Plural("{n} step", "{n} steps", steps)) for a, steps, n in info.from_land]
        if info.by_ship:
            ships = joined([Msg("ship {n}", n=n) for n in info.by_ship], ", ")
            land.append(Msg("by {ships}", ships=ships))
        out.append(Msg("You can enter it now: {ways}.", ways=joined(land, "; ")) if land else
                   Msg("None of your tokens or ships can enter it now."))
    return out
