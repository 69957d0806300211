"""The table settings of the Mega Civilization Movement phase."""

from __future__ import annotations

from rules.base import Setting
from rules.messages import Msg

SETTINGS = (
    Setting("simultaneous", False,
            Msg("Everyone moves at once and watches the others' drafts (any player may still insist on census order). "
            "Off: strict census order, each draft seen by the others once declared.")),
)
