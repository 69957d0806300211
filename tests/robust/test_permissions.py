"""Who may do what: every command of the tree, tried by every role, against expectations as data.

Roles: an outsider, a seated player not on turn, the player on turn, the host (seated, not on
turn) and a member with Manage Channels (not seated). Expectations default by kind of command
(a game cog's commands refuse outsiders and moderators, wait for the turn, and are refused for
everyone before the game starts; /game commands are listed per scene), with explicit cases for
what differs. A refused command must say why privately and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.robust.helpers import (
    MANAGER,
    OUTSIDER,
    PLAYERS,
    command,
    filled,
    refusal_kind,
    shipped_commands,
)

OK, ROLE, TURN, RULES = "accepted", "role", "turn", "rules"  # refusals: NotAllowed, NotYourTurn, any other
ALLOWED = "accepted or refused by the rules"  # neither role nor turn is the reason
WHO = {"outsider": OUTSIDER, "seated": PLAYERS[2], "on_turn": PLAYERS[1], "host": PLAYERS[0], "manager": MANAGER}
ROLES = {"play": tuple(WHO), "lobby": ("outsider", "seated", "host", "manager")}


SCENE_GROUPS = ("game", "vikings", "prepared")  # the commands that apply in the scenes' Vikings game


def everyone(outcome: str, **but: str) -> dict[str, str]:
    return {role: but.get(role, outcome) for role in WHO}


GAME_COMMAND = {  # a game's own command in play; before the game starts everyone is refused (RULES)
    "outsider": ROLE, "manager": ROLE, "seated": TURN, "host": TURN, "on_turn": ALLOWED,
}
GAME_GROUP = {  # /game, by scene; SCENE leaves bob on turn, having acted last
    "play": {
        "game new": everyone(RULES), "game leave": everyone(RULES, seated=OK, on_turn=OK, host=OK),  # asks
        "game join": everyone(RULES, seated=OK, on_turn=OK),  # SCENE is imported: the others claim their seats
        "game start": everyone(RULES), "game import": everyone(RULES),
        "game status": everyone(OK), "game board": everyone(OK), "game log": everyone(OK),
        "game help": everyone(OK), "game settings": everyone(OK),
        "game export": everyone(OK, outsider=ROLE),  # players, the host and moderators
        "game undo": everyone(RULES, on_turn=OK),  # only your own last action
        "game choose": everyone(TURN, outsider=ROLE, manager=ROLE),  # nobody is asked to decide
        "game end": everyone(ROLE, host=OK, manager=OK),
        "game mine": everyone(OK), "game notify": everyone(OK), "game since": everyone(OK), "game recap": everyone(OK),
        "game away": everyone(OK, outsider=ROLE, manager=ROLE),  # players only
        "game reach": everyone(RULES, outsider=ROLE, manager=ROLE, on_turn=OK),  # players only: what the menus
        # offer, so nothing off turn
        "game pause": everyone(ROLE, host=OK), "game resume": everyone(ROLE, host=RULES),  # it is not paused
        "game skip": everyone(ROLE, host=RULES),  # nobody's time has run out
        "game substitute": everyone(ROLE, host=RULES), "game host": everyone(ROLE, host=OK),
        "prepared": everyone(ALLOWED, outsider=ROLE, manager=ROLE),  # a seat's own turn prepared ahead, if any
    },
    "lobby": {
        "game new": everyone(RULES), "game join": everyone(RULES, outsider=OK, manager=OK),
        "game leave": everyone(RULES, seated=OK, host=OK),  # the host may leave and still host
        "game start": everyone(ROLE, host=OK), "game import": everyone(RULES),
        "game status": everyone(OK), "game log": everyone(OK), "game help": everyone(OK),
        "game settings": everyone(OK), "game board": everyone(RULES), "game export": everyone(RULES),
        "game undo": everyone(RULES), "game choose": everyone(RULES),
        "game end": everyone(ROLE, host=OK, manager=OK),
        "game mine": everyone(OK), "game notify": everyone(OK), "game since": everyone(OK),
        "game recap": everyone(RULES), "game away": everyone(RULES), "game pause": everyone(RULES),
        "game reach": everyone(RULES),
        "game resume": everyone(RULES),
        "game skip": everyone(RULES), "game substitute": everyone(RULES),
        "game host": everyone(ROLE, host=RULES),
        "prepared": everyone(RULES),
    },
}


@dataclass(frozen=True)
class Case:
    """A command with explicit options (None: filled as the player on turn, or the host, would) and
    the outcomes that differ from the defaults."""

    command: str
    options: dict[str, Any] | None = None
    expect: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return " ".join([self.command, *(f"{k}:{v}" for k, v in (self.options or {}).items())])


CASES = {  # explicit cases replace the command's default case in that scene
    "play": [
        Case("game settings", {"name": "deadline_hours", "value": "5"}, everyone(ROLE, host=OK)),
        Case("game settings", {"name": "sails_per_turn", "value": "3"}, everyone(ROLE, host=RULES)),
        Case("vikings sail", None, {"on_turn": OK, "seated": ALLOWED, "host": ALLOWED}),  # others prepare (issue 30)
        Case("vikings end", None, {"on_turn": OK, "seated": OK, "host": OK}),
        Case("vikings dedicate", None, {"on_turn": OK}),
        Case("vikings return", {"island": "B", "count": 1}, {"on_turn": OK}),
        Case("vikings place", None, {"seated": RULES, "host": RULES, "on_turn": RULES}),  # setup is over
        Case("vikings era", None, {"seated": ROLE, "on_turn": ROLE, "host": OK}),
        Case("vikings adjust", {"what": "wood", "value": 2}, {"seated": OK, "host": OK, "on_turn": OK}),
        Case("vikings adjust", {"what": "wood", "value": 2, "player": PLAYERS[2]},
             {"seated": OK, "host": OK, "on_turn": ROLE}),  # someone else's pieces: the host only
        Case("vikings adjust", {"what": "fury", "god": "Odin", "value": 3}, {"seated": ROLE, "on_turn": ROLE,
                                                                              "host": OK}),
        # the scene holds a Vikings game: every other game's command is refused there, naming the game in play
        # (who may do what in each game's own channel: tests/bot/test_<game>.py)
        *(Case(path, None, everyone(RULES)) for path, _ in shipped_commands() if path.split()[0] not in SCENE_GROUPS),
    ],
    "lobby": [
        Case("game settings", {"name": "sails_per_turn", "value": "3"}, everyone(ROLE, host=OK)),
    ],
}


def expected(scene: str, case: Case, role: str, game_command: bool) -> str:
    if role in case.expect:
        return case.expect[role]
    if game_command:
        return GAME_COMMAND[role] if scene == "play" else RULES
    return GAME_GROUP[scene][case.command][role]  # a new /game command needs its row here


def cases(scene: str) -> list[Case]:
    explicit = {c.command for c in CASES[scene]}
    return [*CASES[scene], *(Case(path) for path, _ in shipped_commands() if path not in explicit)]


def matches(outcome: str, kind: str | None) -> bool:
    return kind in (None, RULES) if outcome == ALLOWED else (kind or OK) == outcome


@pytest.mark.parametrize("scene", ROLES)
async def test_every_command_by_every_role(scenes, scene):
    harness = scenes.harness
    filler = WHO["on_turn" if scene == "play" else "host"]
    known = {harness.builder.directory.user_id(name) for name in WHO.values()}
    problems = []
    for case in cases(scene):
        cmd = command(harness, case.command)
        options = case.options
        if options is None:
            options = await filled(harness, filler, await scenes.channel(scene), cmd)
        for role in ROLES[scene]:
            payload = harness.builder.command(WHO[role], await scenes.channel(scene), case.command, options)
            rec, found = await scenes.attempt(scene, payload, known)
            kind, want = refusal_kind(rec), expected(scene, case, role, hasattr(cmd.binding, "game_key"))
            if not matches(want, kind):
                found.append(f"expected {want}, got {kind or OK}: {rec.content[:120]!r}")
            problems += [f"{scene}: /{case} by {role}: {p}" for p in found]
    assert not problems, "\n".join(problems)
