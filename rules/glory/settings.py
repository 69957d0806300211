"""The table settings of Glory of Civilizations."""

from __future__ import annotations

from rules.base import Setting

SETTINGS = (
    Setting("action_cubes", 2, "Action cubes each player gets per round to repeat a maneuver (then adjusted per "
            "player with `/glory adjust what:cubes_per_round`).", minimum=0, maximum=9),
    Setting("voting_cubes", 8, "Voting cubes each player starts with in the bank.", minimum=0, maximum=30),
    Setting("adjust_off_turn", True, "Players may adjust their own pieces outside their turn."),
)
