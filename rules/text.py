"""Words every game and the host use: plurals, articles, ranges, lists."""

from __future__ import annotations

from collections.abc import Iterable

from rules.messages import Msg, Plural, joined


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 settler", "3 settlers"; `words` gives an irregular plural ("2 cavalrymen")."""
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


def owner(name: str, own: bool) -> str:
    """Whose pieces an adjustment names: "their" (the adjusting player's own) or "Blue's"."""
    return Msg("their") if own else Msg("{name}'s", name=name)


def article(noun: str) -> str:
    """The noun with its indefinite article by its first letter: "a Tiny Epic Vikings", "an Isle of Skye"."""
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def span(low: int, high: int) -> str:
    """A range as players read it: "2" or "3–4"."""
    return str(low) if low == high else f"{low}–{high}"


def players(low: int, high: int) -> str:
    """A player range: "2 players", "3–4 players"."""
    if low == high:
        return Plural("{n} player", "{n} players", high)
    return Msg("{low}–{high} players", low=low, high=high)


ASKED = {"value": Msg("the new number"), "position": Msg("the new place"), "area": Msg("the area"),
         "advance": Msg("the advance"), "island": Msg("the island"), "space": Msg("the space"),
         "boat": Msg("the boat"), "ship": Msg("the ship"), "god": Msg("the god")}


def adjusting(what: str, needs: Iterable[str]) -> str:
    """An adjustment's menu label: what it sets (as typed, or a message naming it), and what is asked
    next ("settlers: the island, then the new number")."""
    asked = [ASKED.get(n, n) for n in needs]
    if len(asked) > 1:
        first = joined(asked[:-1], ", ") if len(asked) > 2 else asked[0]
        asked = [Msg("{first} then {last}", first=first, last=asked[-1])]
    named = what if isinstance(what, Msg) else what.replace("_", " ")  # a message: the game's word for it
    return Msg("{what}: {asked}", what=named, asked="".join(asked) if len(asked) != 1 else asked[0])


def either(items: Iterable[str], word: str = "or") -> str:
    """ "A", "A or B", "A, B or C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"
