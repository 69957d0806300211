"""Strict conversion between dataclasses and JSON-compatible values.

`dump` turns a dataclass tree into dicts, lists and scalars; `load` rebuilds it from the
type hints and refuses anything of the wrong shape, or out of bounds (whole numbers beyond 64
bits, text over TEXT_BOUND characters, numbers that are not finite), with an `InvalidData`
naming the path: a catalog message (`rules.messages`), the path as the data spells it.
Dict keys that are ints are stored as strings (JSON allows only string keys); a `FrozenDict`
is stored as the object a dict is. An immutable
dataclass that sets `serial_shared = True` is loaded once per distinct value and then shared.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from functools import cache
from typing import Any, TypeVar

import orjson

from rules.errors import InvalidData
from rules.frozen import FrozenDict
from rules.messages import Msg, Plural

T = TypeVar("T")
INT_BOUND = 2**63  # every whole number fits SQLite's 64-bit integers
TEXT_BOUND = 10_000  # no text in a state, board or action is longer
SHARED_LIMIT = 64  # distinct shared objects kept (e.g. boards); past it the memo starts afresh
_shared: dict[tuple[type, bytes], Any] = {}


def dump(value: Any) -> Any:
    """Return `value` as plain JSON-compatible data."""
    kind: type = type(value)
    if kind in _PLAIN:  # most of a state: said first, as it is most of the work
        return value
    if kind in (list, tuple):
        return [dump(v) for v in value]
    if _is_dataclass(kind):
        return {name: dump(getattr(value, name)) for name in _names(kind)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): dump(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = [dump(v) for v in value]
        return sorted(items) if isinstance(value, (set, frozenset)) else items
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})


@cache
def _is_dataclass(kind: type) -> bool:
    return dataclasses.is_dataclass(kind)


@cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in _fields(kind))


def load(cls: type[T], data: Any, path: str = "") -> T:
    """Build a `cls` from JSON data, checking every field against its type hint."""
    loaded: T = _load(cls, data, path or cls.__name__)
    return loaded


def part_of(cls: type, leaving: tuple[str, ...], name: str) -> type:
    """A frozen dataclass `name` with the fields of `cls` other than `leaving` (their types and
    defaults): the shape of a file holding the rest of a `cls`, its fields declared once, in `cls`."""
    hints = _hints(cls)
    kept = [(f.name, hints[f.name], dataclasses.field(default=f.default, default_factory=f.default_factory))
            for f in _fields(cls) if f.name not in leaving]
    return dataclasses.make_dataclass(name, kept, frozen=True)


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _describe(data: Any) -> str:
    kind = type(data).__name__
    said = {"NoneType": Msg("nothing"), "dict": Msg("an object"), "list": Msg("a list"), "str": Msg("text"),
            "int": Msg("a whole number"), "float": Msg("a number"), "bool": Msg("true or false")}
    return said.get(kind, kind)


def _fail(path: str, expected: str, data: Any) -> InvalidData:
    return InvalidData(Msg("{path}: expected {expected}, got {got}", path=path, expected=expected, got=_describe(data)))


def _not_one_of(path: str, choices: str, data: Any) -> InvalidData:
    return InvalidData(Msg("{path}: expected one of {choices}, got {value}", path=path, choices=choices,
                           value=repr(data)))


def _load(tp: Any, data: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return _load(inner[0], data, path)
        for option in inner:
            try:
                return _load(option, data, path)
            except InvalidData:
                continue
        raise _fail(path, " or ".join(getattr(a, "__name__", str(a)) for a in inner), data)
    if origin is typing.Literal:
        if data not in args:
            raise _not_one_of(path, ", ".join(map(repr, args)), data)
        return data
    if origin in (list, tuple, set, frozenset):
        if not isinstance(data, list):
            raise _fail(path, Msg("a list"), data)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise InvalidData(Plural("{path}: expected {n} item, got {count}",
                                         "{path}: expected {n} items, got {count}", len(args), path=path,
                                         count=len(data)))
            return tuple(_load(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
        item = args[0] if args else Any
        return origin(_load(item, v, f"{path}[{i}]") for i, v in enumerate(data))
    if origin in (dict, FrozenDict):
        if not isinstance(data, dict):
            raise _fail(path, Msg("an object"), data)
        key_t, val_t = args or (str, Any)
        out = {}
        for k, v in data.items():
            out[_load_key(key_t, k, path)] = _load(val_t, v, f"{path}.{k}")
        return out if origin is dict else FrozenDict(out)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _load_dataclass(tp, data, path)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in tp)
            raise _not_one_of(path, choices, data) from None
    if tp is bool:
        if not isinstance(data, bool):
            raise _fail(path, Msg("true or false"), data)
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _fail(path, Msg("a whole number"), data)
        if not -INT_BOUND <= data < INT_BOUND:
            raise InvalidData(Msg("{path}: expected a whole number from -2^63 to 2^63 - 1, got one with {n} digits",
                                  path=path, n=len(str(abs(data)))))
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)) or not math.isfinite(data) \
                or abs(data) >= INT_BOUND:
            raise _fail(path, Msg("a finite number"), data)
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise _fail(path, Msg("text"), data)
        if len(data) > TEXT_BOUND:
            raise InvalidData(Msg("{path}: expected text of at most {most} characters, got {n}", path=path,
                                  most=TEXT_BOUND, n=len(data)))
        return data
    raise TypeError(f"serial cannot load type {tp!r} at {path}")


def _load_key(key_t: Any, key: str, path: str) -> Any:
    if key_t is int:
        try:
            return int(key)
        except ValueError:
            raise InvalidData(Msg("{path}: key {key} is not a whole number", path=path, key=repr(key))) from None
    return _load(key_t, key, f"{path} key")


def _load_dataclass(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise _fail(path, Msg("an object"), data)
    if getattr(cls, "serial_shared", False):
        return _load_shared(cls, data, path)
    return _load_fields(cls, data, path)


def _load_shared(cls: type, data: dict[str, Any], path: str) -> Any:
    """An immutable dataclass that says `serial_shared = True`: equal data loads to one shared object."""
    try:
        key = (cls, orjson.dumps(data, option=orjson.OPT_SORT_KEYS))
    except TypeError:  # orjson's refusal (a key that is not text, a number out of its range)
        return _load_fields(cls, data, path)
    found = _shared.get(key)
    if found is None:
        found = _load_fields(cls, data, path)
        if len(_shared) >= SHARED_LIMIT:
            _shared.clear()
        _shared[key] = found
    return found


def _load_fields(cls: type, data: dict[str, Any], path: str) -> Any:
    hints = _hints(cls)
    fields = _fields(cls)
    names = {f.name for f in fields}
    unknown = sorted(set(data) - names)
    if unknown:
        raise InvalidData(Msg("{path}: unknown field {field}", path=path, field=repr(unknown[0])))
    kwargs = {}
    for f in fields:
        if f.name in data:
            kwargs[f.name] = _load(hints[f.name], data[f.name], f"{path}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise InvalidData(Msg("{path}: missing field {field}", path=path, field=repr(f.name)))
    return cls(**kwargs)
