"""Reading what players type, shared by every game's `notation` module: one tokenizer and one way
to match a typed name (python-chess's `parse_san` is the model: text in, a typed value out, or an
error saying why — `BadInput`, or `Ambiguous` when the text could mean several things).

Lists are separated by commas, semicolons or arrows (`,` `;` `→` `->` `=>` `>`), and by spaces
unless the names themselves have spaces; a pair of numbers ("2,0", "(2, 0)", "(3,-1)") is one
item.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from rules.errors import Ambiguous, BadInput
from rules.messages import Msg, joined

MAX_TEXT = 300  # longer than any list a command takes
LISTED = 16  # a refusal lists the names when there are at most this many
_PAIR = (r"\(\s*(?P<x>[+-]?\d{1,4})\s*[,\s]\s*(?P<y>[+-]?\d{1,4})\s*\)"  # (2,0) (3, -1)
         r"|(?<![\w+-])(?P<u>[+-]?\d{1,4})\s*,\s*(?P<v>[+-]?\d{1,4})(?!\w)")  # 2,0
_PAIRS = re.compile(_PAIR)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SEPARATOR = r",|;|→|->|=>|>"
_TOKENS = {  # (pairs, spaces) -> the tokenizer: pairs, separators and the items between them
    (False, True): re.compile(rf"(?P<word>(?:(?!{_SEPARATOR})\S)+)"),
    (True, True): re.compile(rf"(?P<pair>{_PAIR})|(?P<word>(?:(?!{_SEPARATOR})\S)+)"),
    (False, False): re.compile(rf"(?P<word>(?:(?!{_SEPARATOR}).)+)"),
    (True, False): re.compile(rf"(?P<word>(?:{re.sub(r'[?]P<[a-z]>', '', _PAIR)}|(?!{_SEPARATOR}).)+)"),
}


def items(text: str, *, spaces: bool = True, pairs: bool = False) -> list[str]:
    """The items of a typed list, in order, empty ones left out. With `spaces` False, spaces belong to
    the names ("Black Sea, Crete"); with `pairs`, a pair of numbers is never split ("2,0", and "3,-1:
    archer" is one item), and is written "x,y"."""
    if len(text) > MAX_TEXT:
        raise BadInput(Msg("That is {n} characters long; give at most {most}.", n=len(text), most=MAX_TEXT))
    text = _CONTROL.sub(" ", text)  # control characters (a NUL …) part words as spaces do
    found = []
    for match in _TOKENS[pairs, spaces].finditer(text):
        item = " ".join((match["pair"] if pairs and spaces and match["pair"] else match["word"] or "").split())
        if item:
            found.append(_PAIRS.sub(_written, item) if pairs else item)
    return found


def _written(match: re.Match[str]) -> str:
    x, y = (match["x"], match["y"]) if match["x"] is not None else (match["u"], match["v"])
    return f"{int(x)},{int(y)}"


def pair(text: str) -> tuple[int, int] | None:
    """A pair of whole numbers as typed ("2,0", "(2, 0)", "2 0"), or None if the text is not one."""
    match = re.fullmatch(r"\s*\(?\s*([+-]?\d{1,4})\s*[,\s]\s*([+-]?\d{1,4})\s*\)?\s*", text)
    return (int(match.group(1)), int(match.group(2))) if match else None


class Names:
    """The names players may type for one kind of thing (spaces, islands …), folded once: a mapping
    from what may be typed (a name, a title) to the name, or just the names. `folding` is how typed
    text and names compare (a game may ignore more than case and spacing: hyphens, apostrophes).
    `what` one of them and `kinds` them all are messages, said inside a refusal ("space", "Spaces");
    `shown` says a name there (its catalog message, where the data's names are English words)."""

    def __init__(self, names: Mapping[str, str] | Iterable[str], what: Msg, kinds: Msg,
                 folding: Callable[[str], str] | None = None, shown: Callable[[str], str] = str):
        table = dict(names) if isinstance(names, Mapping) else {n: n for n in names}
        self.what, self.kinds, self.shown = what, kinds, shown
        self.fold = folding or fold
        self.folded: dict[str, set[str]] = {}
        for typed, name in table.items():
            self.folded.setdefault(self.fold(typed), set()).add(name)

    def exact(self, text: str) -> str | None:
        """The one name `text` spells in full (in any case), or None."""
        found = self.folded.get(self.fold(text), set())
        return next(iter(found)) if len(found) == 1 else None

    def find(self, text: str) -> str:
        """The name `text` means: an exact match in any case, else the one name it starts; BadInput
        when none fits, Ambiguous listing them when several do."""
        key = self.fold(text)
        if not key:
            raise BadInput(Msg("Give the {what}.", what=self.what))
        found = self.folded.get(key) or {name for typed, names in self.folded.items() if typed.startswith(key)
                                         for name in names}
        if len(found) == 1:
            return next(iter(found))
        shown = text.strip()[:40]
        if not found:
            names = sorted({n for names in self.folded.values() for n in names})
            if len(names) <= LISTED:
                raise BadInput(Msg("There is no {what} {name} on this map. {kinds}: {names}.", what=self.what,
                                   name=repr(shown), kinds=self.kinds, names=joined([self.shown(n) for n in names],
                                                                                     ", ")))
            raise BadInput(Msg("There is no {what} {name} on this map.", what=self.what, name=repr(shown)))
        raise Ambiguous(Msg("{name} could be {names}: which {what}?", name=repr(shown),
                            names=joined([self.shown(n) for n in sorted(found)[:8]], ", "), what=self.what))


def named(text: str, names: Mapping[str, str] | Iterable[str], what: Msg, kinds: Msg) -> str:
    """The name `text` means among `names` (see `Names`)."""
    return Names(names, what, kinds).find(text)


def fold(text: str) -> str:
    """Text as names are compared: any case, spaces and underscores alike."""
    return " ".join(text.replace("_", " ").split()).casefold()
