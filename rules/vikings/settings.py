"""The table settings of Tiny Epic Vikings: the raid costs and the points tables disagree on."""

from __future__ import annotations

from rules.base import Setting
from rules.messages import Msg

SETTINGS = (
    Setting("raid_cost_era2", 2, Msg("Steel to raid a village in era 2."), minimum=0, maximum=7),
    Setting("raid_cost_era3", 3, Msg("Steel to raid a village in era 3."), minimum=0, maximum=7),
    Setting(
        "sails_per_turn", 2, Msg("Sails a player may make in one turn (a card has a leader and a rune action)."),
        minimum=1, maximum=3,
    ),
    Setting("adjust_off_turn", True, Msg("Players may adjust their own pieces outside their turn.")),
)
