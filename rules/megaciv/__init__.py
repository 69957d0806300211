"""Mega Civilization, the Movement phase: the maps, the state, the actions and their rules.

`GAME` is the game object the host registers. Commands, autocomplete and scripted players use its
legal options (`rules.megaciv.options`, reading what is typed with `rules.megaciv.notation`) and
looks (`rules.megaciv.looks`); these and the renderer use `rules.megaciv.queries` (what a seat may
do now, on the state as it sees it) and `rules.megaciv.report` (the phase-end report).
"""

from rules.megaciv.game import MegaCivGame

GAME = MegaCivGame()

__all__ = ["GAME", "MegaCivGame"]
