"""Glory of Civilizations' data words as the catalogs name them (docs/i18n.md): the units file's
unit names and the map's terrains are English data (what players type and the files hold); these
are their catalog messages, for text that shows them. A word the data adds beyond these is shown
as the data has it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.messages import Msg, Plural

COUNTED: dict[str, Callable[[int], Msg]] = {  # "2 cavalrymen"
    "peasant": lambda n: Plural("{n} peasant", "{n} peasants", n),
    "spearman": lambda n: Plural("{n} spearman", "{n} spearmen", n),
    "swordsman": lambda n: Plural("{n} swordsman", "{n} swordsmen", n),
    "archer": lambda n: Plural("{n} archer", "{n} archers", n),
    "cavalryman": lambda n: Plural("{n} cavalryman", "{n} cavalrymen", n),
    "catapult": lambda n: Plural("{n} catapult", "{n} catapults", n),
    "trebuchet": lambda n: Plural("{n} trebuchet", "{n} trebuchets", n),
    "galley": lambda n: Plural("{n} galley", "{n} galleys", n),
}
SINGULAR = {"peasant": Msg("peasant"), "spearman": Msg("spearman"), "swordsman": Msg("swordsman"),
            "archer": Msg("archer"), "cavalryman": Msg("cavalryman"), "catapult": Msg("catapult"),
            "trebuchet": Msg("trebuchet"), "galley": Msg("galley")}
PLURAL = {"peasant": Msg("peasants"), "spearman": Msg("spearmen"), "swordsman": Msg("swordsmen"),
          "archer": Msg("archers"), "cavalryman": Msg("cavalrymen"), "catapult": Msg("catapults"),
          "trebuchet": Msg("trebuchets"), "galley": Msg("galleys")}
STRUCTURES = {"capital": Msg("capital"), "city": Msg("city"), "castle": Msg("castle")}
TERRAIN = {"plains": Msg("plains"), "forest": Msg("forest"), "hills": Msg("hills"), "desert": Msg("desert"),
           "mountains": Msg("mountains"), "swamp": Msg("swamp"), "sea": Msg("sea"), "ocean": Msg("ocean")}


def singular(name: str) -> str:
    """A unit type by its catalog name (as the data has it, for a type beyond these)."""
    return SINGULAR.get(name, name)


def counted(name: str, plural: str, n: int) -> str:
    """ "1 cavalryman", "2 cavalrymen": a unit type `name` (its `plural`) counted."""
    said = COUNTED.get(name)
    return said(n) if said else f"{n} {name if n == 1 else plural}"


def typed(units: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The words players type that name one of the unit types `units` or a structure, each with
    the messages naming it (a unit counted 1, 2 and 5 too: the forms a language's plural takes)."""
    found = {u: (SINGULAR[u], PLURAL[u], *(COUNTED[u](n) for n in (1, 2, 5))) for u in units if u in COUNTED}
    return {**found, **{kind: (said,) for kind, said in STRUCTURES.items()}}


def terrain(kind: str) -> str:
    """A terrain ("plains") as the catalogs name it."""
    return TERRAIN.get(kind, kind)
