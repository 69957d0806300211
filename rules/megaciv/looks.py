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
from rules.messages import Msg
from rules.options import Choice, Kind, Param, Values
from rules.text import plural

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
        return [Choice(False, "as the table sees it"), Choice(True, "with your own undeclared draft")]
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
    movers = ", ".join(f"{m.name} {m.census}{' (declared)' if m.declared else ''}" for m in queries.order(state))
    head = (f"Turn {state.turn}, Movement phase — order and census: {movers}" if state.moving
            else f"Turn {state.turn}, between Movement phases — next order and census now: {movers}")
    return [head, *(f"• {line}" for line in report_lines(state, report(state)))]


def area(state: MegaState, seat: int | None, text: str) -> list[str]:
    """What is in an area, what limits entering it and which of the seat's pieces can enter it now."""
    info = queries.area_info(state, seat, notation.area(state, text))
    assert info is not None  # the name was read from the map
    if info.kind == "sea":
        head = f"{info.name} — open sea ({info.region}): ships enter it only with Astronavigation."
    else:
        bits = [f"population limit {info.limit}"] + (["a city site"] if info.city_site else []) + \
               (["coastal"] if info.coastal else ["inland"])
        head = f"{info.name} — land ({info.region}): {', '.join(bits)}."
    out = [head]
    if info.out_of_play:
        out.append("Out of play.")
    tokens = ", ".join(f"{who} {n}" for who, n in info.tokens) or "none"
    out.append(f"Tokens: {tokens}." + (" A conflict situation exists here." if info.conflict else ""))
    if info.city:
        out.append("City: a pirate city." if info.city == "pirates" else f"City: {info.city}'s.")
    if info.ships:
        out.append("Ships: " + ", ".join(f"{who} {n}" for who, n in info.ships) + ".")
    out += [f"Entering: {r}." for r in info.restrictions]
    if info.kind == "land" and seat is not None:
        land = [f"from {a} ({plural(n, 'token')}, {plural(steps, 'step')})" for a, steps, n in info.from_land]
        boats = [f"ship {n}" for n in info.by_ship]
        if land or boats:
            out.append("You can enter it now: " + "; ".join([*land, *(["by " + ", ".join(boats)] if boats else [])])
                       + ".")
        else:
            out.append("None of your tokens or ships can enter it now.")
    return out
