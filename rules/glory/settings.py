"""The table settings of Glory of Civilizations."""

from __future__ import annotations

from rules.base import Setting
from rules.messages import Msg

SETTINGS = (
    Setting("action_cubes", 2, Msg("Action cubes each player gets per round to repeat a maneuver (then adjusted per "
            "player with `/glory adjust what:cubes_per_round`)."), minimum=0, maximum=9),
    Setting("voting_cubes", 8, Msg("Voting cubes each player starts with in the bank."), minimum=0, maximum=30),
    Setting("adjust_off_turn", True, Msg("Players may adjust their own pieces outside their turn.")),
)
