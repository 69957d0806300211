"""Player-facing text the rules build, marked for the catalogs (`waypost.i18n` translates it).

The rules speak English and know no catalog: a message with values in it is a `Msg`, a `str` in
English (it compares, logs and concatenates like the text it reads) that also keeps its catalog
template and its values, so the layers above can look the template up in the reader's language
and fill in the same values: `Msg("{name} is not playing in this game.", name=name)`. A count that
decides the wording is `Plural("{n} settler", "{n} settlers", n)`: the catalog picks the form (Polish
has three). A value that is itself a `Msg` is translated too. Text joined to a `Msg` (`+`, an
f-string) is plain English again: build the whole sentence as one `Msg`.

`Msg` and `Plural` are the extraction keywords (`tools/catalogs.py`); a message without values
needs no marker beyond `Msg("…")`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Msg(str):
    """English text with its catalog template (`template`, `plural`), the count deciding its form
    (`number`) and its values (`params`)."""

    template: str
    plural: str
    number: int | None
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Msg:
        return cls._make(template, "", None, params)

    @classmethod
    def _make(cls, template: str, plural: str, count: int | None, params: dict[str, Any]) -> Msg:
        english = plural if count is not None and count != 1 else template
        self = super().__new__(cls, english.format(**params) if params else english)
        self.template, self.plural, self.number, self.params = template, plural, count, params
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep what makes it translatable
        return (_rebuild, (self.template, self.plural, self.number, self.params))


def Plural(singular: str, plural: str, n: int, /, **params: Any) -> Msg:  # noqa: N802 - reads as a marker, like Msg
    """A message whose wording depends on the count `n` (a `{n}` placeholder in both forms)."""
    return Msg._make(singular, plural, n, {"n": n, **params})


def _rebuild(template: str, plural: str, count: int | None, params: dict[str, Any]) -> Msg:
    return Msg._make(template, plural, count, params)


class Capitalised(Msg):
    """A message read at the start of a line: its first letter upper case, in every language."""

    def __new__(cls, text: str, /) -> Capitalised:
        self = str.__new__(cls, text[:1].upper() + text[1:])
        self.template, self.plural, self.number, self.params = "{text}", "", None, {"text": text}
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Capitalised, (self.params["text"],))


def capitalised(text: str) -> str:
    """`text` with its first letter upper case; a `Msg` stays one, capitalised once translated."""
    return Capitalised(text) if isinstance(text, Msg) else text[:1].upper() + text[1:]


class Unstopped(Msg):
    """A sentence read inside another (a step of a prepared turn): its final full stop left out, in
    every language."""

    def __new__(cls, text: str, /) -> Unstopped:
        self = str.__new__(cls, text.removesuffix("."))
        self.template, self.plural, self.number, self.params = "{text}", "", None, {"text": text}
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Unstopped, (self.params["text"],))


def unstopped(text: str) -> str:
    """`text` without its final full stop; a `Msg` stays one, its stop left out once translated."""
    return Unstopped(text) if isinstance(text, Msg) else text.removesuffix(".")


def joined(parts: Sequence[str], sep: str = " ") -> Msg:
    """Messages one after another (the sentences of alt text), each translated on its own."""
    names = [f"part{i}" for i in range(len(parts))]
    return Msg._make(sep.join("{" + n + "}" for n in names), "", None, dict(zip(names, parts, strict=True)))


def listed(items: Sequence[str], conjunction: str = "and") -> str:
    """Items as a sentence says them, the last two joined by "and" or "or": "Red, Blue and Green"."""
    if len(items) < 2:
        return items[0] if items else ""
    first, last = joined(items[:-1], ", ") if len(items) > 2 else items[0], items[-1]
    if conjunction == "or":
        return Msg("{first} or {last}", first=first, last=last)
    return Msg("{first} and {last}", first=first, last=last)


def as_data(text: Any) -> Any:
    """A message as JSON-ready data (its template, form, count and values, themselves so), for the
    log to keep it translatable; plain values as they are (anything else as its text)."""
    if isinstance(text, Capitalised):
        return {"cap": as_data(text.params["text"])}
    if isinstance(text, Msg):
        return {"t": text.template, "p": text.plural, "n": text.number,
                "v": {k: as_data(v) for k, v in text.params.items()}}
    return text if text is None or isinstance(text, str | int | float | bool) else str(text)


def from_data(data: Any) -> Any:
    """The message `as_data` gave (a plain value as it is)."""
    if not isinstance(data, dict):
        return data
    if "cap" in data:
        return capitalised(from_data(data["cap"]))
    return Msg._make(data["t"], data["p"], data["n"], {k: from_data(v) for k, v in data["v"].items()})
