"""Every request the stand-in receives, checked against Discord's published OpenAPI description.

`../shared/discord-api-spec/openapi.json` (from the project folder; `WAYPOST_DISCORD_SPEC` names
another file) is Discord's own OpenAPI 3.1 description of its HTTP API. `Spec.check` matches a
request to the spec's route and method, then checks its path parameters, its query parameters and
its body (JSON, or a multipart body's `payload_json`) with `jsonschema` (Draft 2020-12, the
dialect of OpenAPI 3.1). What breaks the spec comes back as `Violation`s, each naming the route,
the JSON path and the rule; the stand-in answers them as Discord does (400, code 50035, the
`errors` tree of `discord_errors`).

The spec is loaded and its `$ref`s resolved once per process: the schemas become one graph of
plain dicts (shared and, where the spec recurses, cyclic), so validation never looks a reference
up; each route's validators are built on first use and kept. Unions (`oneOf`/`anyOf`) are
validated by one keyword function that picks the branch by JSON type and by the discriminating
property (`type` for callbacks, components and command options), so an error names the field that
is wrong (`data.components[0].components[0].options`), not "not valid under any of the schemas",
and a valid body is checked against one branch, not all of them. Annotations (`description`,
`title`, `format`...) are dropped; formats are not asserted (JSON Schema 2020-12 treats them as
annotations; snowflakes have their own `pattern`).

Where the spec and Discord's documentation disagree, the documentation wins (Discord says so); the
disagreements allowed are listed in `ALLOWANCES`, each with its reason. Nothing else is let pass.

The documented rules of command registration that a schema cannot express are in
`offline.command_rules`.
"""

from __future__ import annotations

import functools
import json
import os
import re
import reprlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SPEC_ENV = "WAYPOST_DISCORD_SPEC"
SPEC_RELATIVE = Path("shared", "discord-api-spec", "openapi.json")
PROJECT = Path(__file__).resolve().parent.parent
API_PREFIX = "/api/v10"

JsonPath = tuple[str | int, ...]


# -- where the spec is -----------------------------------------------------------------------------


def spec_location() -> tuple[Path | None, str]:
    """The spec file to use, and where it was looked for (for a message when there is none).

    `WAYPOST_DISCORD_SPEC` wins (a missing file there is an error, not a skip). Otherwise
    `../shared/discord-api-spec/openapi.json` from the project folder, then the same path beside
    each folder further up (a git worktree nested deeper than the main checkout finds it too)."""
    named = os.environ.get(SPEC_ENV, "").strip()
    if named:
        return Path(named), f"${SPEC_ENV}={named}"
    looked = [folder / SPEC_RELATIVE for folder in PROJECT.parents]
    found = next((p for p in looked if p.is_file()), None)
    return found, f"{looked[0]} (nor beside any folder further up)"


@functools.cache
def _load(path: str, mtime: float) -> Spec:
    with open(path, encoding="utf-8") as f:
        return Spec(json.load(f), path)


def load_spec(path: Path | str) -> Spec:
    """The spec in `path`, loaded once per process (and again if the file changes)."""
    path = os.path.abspath(path)
    try:
        mtime = os.stat(path).st_mtime
    except FileNotFoundError:
        raise FileNotFoundError(f"Discord's API spec is not at {path} (see ${SPEC_ENV})") from None
    return _load(path, mtime)


def default_spec() -> tuple[Spec | None, str]:
    """The spec found by `spec_location`, or None and why the conformance check cannot run."""
    path, looked = spec_location()
    if path is None:
        return None, f"Discord's API spec was not found at {looked}"
    return load_spec(path), str(path)


# -- what is wrong ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """One way a request breaks Discord's API description (or a documented rule)."""

    method: str
    route: str  # the spec's path template, e.g. /channels/{channel_id}/messages
    where: str  # "body", "query", "path" (parameters), "header" or "route"
    path: JsonPath  # where in the body (or which parameter)
    rule: str  # the schema keyword and its value, or the documented rule
    detail: str  # what was found
    code: str = "BASE_TYPE_INVALID"  # Discord's error code
    message: str = "Invalid value."  # Discord's error message

    @property
    def json_path(self) -> str:
        return json_path(self.path)

    def __str__(self) -> str:
        where = f"{self.where} {self.json_path}" if self.path else self.where
        return f"{self.method} {self.route}: {where} breaks {self.rule}: {self.detail}"


def json_path(path: Iterable[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def discord_errors(violations: Iterable[Violation]) -> dict[str, Any]:
    """The `errors` tree of Discord's 50035 answer: keys along the path, `_errors` at the end."""
    tree: dict[str, Any] = {}
    for v in violations:
        node = tree
        for part in v.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": v.code, "message": v.message})
    return tree


# -- the documented disagreements ------------------------------------------------------------------


@dataclass(frozen=True)
class Allowance:
    """A disagreement between the spec and Discord's documentation, let pass for `reason`."""

    name: str
    reason: str


ATTACHMENT_INDEX = Allowance(
    "attachments[].id may be the integer index of a file part",
    "the spec types attachments[].id as a snowflake string, but Discord's 'Uploading Files' "
    "reference (and every discord.py upload) gives a new file's `files[n]` index as an integer "
    '(`"id": 0`); allowed only where that file part is in the same request',
)
QUERY_BOOLEAN = Allowance(
    "query booleans as true/false or 1/0",
    "a query string has no booleans; Discord accepts `true`/`false` and `1`/`0` (discord.py sends "
    "`wait=1`, `with_components=0`, `with_response=1`); anything else is refused",
)
ALLOWANCES = (ATTACHMENT_INDEX, QUERY_BOOLEAN)
QUERY_BOOLEANS = {"true": True, "false": False, "1": True, "0": False}
VERDICTS_KEPT = 4096  # bodies whose verdict is remembered (all forgotten at once when full)
FILE_PART = re.compile(r"files\[(\d)\]")  # Discord's `files[n]` form fields, at most 10 files


FILE_INDEX = "x-waypost-file-index"  # the keyword that lets ATTACHMENT_INDEX's integers pass
_FILES: ContextVar[frozenset[int]] = ContextVar("files", default=frozenset())  # file parts being checked


def _file_index(validator: Any, snowflake: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """`ATTACHMENT_INDEX`: an integer naming a `files[n]` part of this request, else the spec's rule."""
    if type(instance) is int and instance in _FILES.get():
        return
    yield from validator.descend(instance, snowflake)


def _allow(resolver: _Resolver) -> None:
    """Put the allowances into the resolved schemas (where the spec still has those places)."""
    try:
        attachment = resolver.ref("#/components/schemas/MessageAttachmentRequest")
    except KeyError:
        return
    if "id" in attachment.get("properties", {}):
        attachment["properties"]["id"] = {FILE_INDEX: attachment["properties"]["id"]}


# -- loading and resolving the spec ----------------------------------------------------------------

ANNOTATIONS = frozenset({
    "description", "title", "format", "contentEncoding", "contentMediaType", "default", "deprecated",
    "example", "examples", "readOnly", "writeOnly", "discriminator", "externalDocs", "xml", "$comment",
    "x-discord-union",
})  # fmt: skip
ONE_SCHEMA = frozenset({
    "items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames",
    "unevaluatedItems", "unevaluatedProperties",
})  # fmt: skip
SCHEMA_MAPS = frozenset({"properties", "patternProperties", "dependentSchemas", "$defs"})
SCHEMA_LISTS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})


class _Resolver:
    """The spec's schemas as one graph of dicts: every `$ref` replaced by the schema it names.

    A `$ref` in this spec has at most a `description` beside it (checked), so replacing it loses
    nothing. Each referenced schema becomes one shared dict (recursion stays a cycle)."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.document = document
        self.resolved: dict[str, Any] = {}

    def pointer(self, ref: str) -> Any:
        if not ref.startswith("#/"):
            raise ValueError(f"only local $refs are supported, not {ref!r}")
        node: Any = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def ref(self, ref: str) -> Any:
        if ref in self.resolved:
            return self.resolved[ref]
        target = self.pointer(ref)
        if isinstance(target, dict) and "$ref" in target:
            self.resolved[ref] = out = self.schema(target)
            return out
        if not isinstance(target, dict):
            self.resolved[ref] = target
            return target
        out = self.resolved[ref] = {}
        out.update(self._keywords(target))
        return out

    def schema(self, node: Any) -> Any:
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            extra = set(node) - {"$ref"} - ANNOTATIONS
            if extra:
                raise ValueError(f"$ref with {sorted(extra)} beside it is not supported")
            return self.ref(node["$ref"])
        return self._keywords(node)

    def _keywords(self, node: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ANNOTATIONS:
                continue
            if key in SCHEMA_MAPS:
                out[key] = {name: self.schema(s) for name, s in value.items()}
            elif key in SCHEMA_LISTS:
                out[key] = [self.schema(s) for s in value]
            elif key in ONE_SCHEMA:
                out[key] = self.schema(value)
            else:
                out[key] = value
        return out


# -- unions ----------------------------------------------------------------------------------------

_MISSING = object()
NO_BODY = object()  # `Spec.check`'s body for a request that has none


def _json_types(instance: Any) -> tuple[str, ...]:
    if instance is None:
        return ("null",)
    if isinstance(instance, bool):
        return ("boolean",)
    if isinstance(instance, int):
        return ("integer", "number")
    if isinstance(instance, float):
        return ("number", "integer") if instance.is_integer() else ("number",)
    if isinstance(instance, str):
        return ("string",)
    if isinstance(instance, list):
        return ("array",)
    if isinstance(instance, dict):
        return ("object",)
    return ()


def _key(value: Any) -> Any:
    """A dict key that tells `True` from `1` (JSON does; Python's `==` does not)."""
    return (type(value) is bool, value) if isinstance(value, int | float | str | bool) or value is None else _MISSING


def _sorted(values: Iterable[Any]) -> list[Any]:
    """Numbers in order, then everything else by its repr."""
    return sorted(values, key=lambda v: (0, v, "") if type(v) in (int, float) else (1, 0, repr(v)))


class _Union:
    """What one `oneOf`/`anyOf` needs to pick its branch fast: the JSON types each branch takes,
    the constants (an enum written as a union of `const`s) or the discriminating property."""

    def __init__(self, branches: Sequence[Any], exclusive: bool) -> None:
        self.branches = branches
        self.exclusive = exclusive
        self.types: list[frozenset[str] | None] = []
        for b in branches:
            declared = b.get("type") if isinstance(b, dict) else None
            self.types.append(None if declared is None else frozenset([declared] if isinstance(declared, str)
                                                                      else declared))
        self.consts: frozenset[Any] | None = None
        if branches and all(isinstance(b, dict) and "const" in b and set(b) <= {"const", "type"} for b in branches):
            self.consts = frozenset(_key(b["const"]) for b in branches)
        self.key: str | None = None
        self.by_value: dict[Any, list[int]] = {}
        objects = [i for i, t in enumerate(self.types)
                   if (t is None or "object" in t) and isinstance(branches[i], dict)]
        if len(objects) > 1:
            common = None
            for i in objects:
                props = branches[i].get("properties", {})
                named = {k for k, s in props.items() if isinstance(s, dict) and ("enum" in s or "const" in s)}
                common = named if common is None else common & named
            if common:
                self.key = "type" if "type" in common else sorted(common)[0]
                for i in objects:
                    prop = branches[i]["properties"][self.key]
                    for value in prop["enum"] if "enum" in prop else [prop["const"]]:
                        self.by_value.setdefault(_key(value), []).append(i)
        self.allowed_values = _sorted({v for _, v in self.by_value})
        self.last_good: int | None = None  # anyOf: the branch that passed last time is tried first

    def candidates(self, instance: Any) -> list[int]:
        kinds = _json_types(instance)
        return [i for i, t in enumerate(self.types) if t is None or any(k in t for k in kinds)]


_UNIONS: dict[int, _Union] = {}  # what the union keyword learned about each union, by id of its branch list


def _union_keyword(exclusive: bool) -> Any:
    from jsonschema.exceptions import ValidationError

    def union(validator: Any, branches: list[Any], instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
        info = _UNIONS.get(id(branches))
        if info is None or info.branches is not branches:
            info = _UNIONS[id(branches)] = _Union(branches, exclusive)
        if info.consts is not None:
            if _key(instance) not in info.consts:
                allowed = _sorted(v for _, v in info.consts)
                yield ValidationError(f"{instance!r} is not one of {allowed}", validator="enum",
                                      validator_value=allowed)
            return
        candidates = info.candidates(instance)
        if not candidates:
            wanted = sorted({t for ts in info.types if ts for t in ts})
            yield ValidationError(f"{instance!r} is not of type {', '.join(map(repr, wanted))}",
                                  validator="type", validator_value=wanted)
            return
        value = instance.get(info.key, _MISSING) if info.key is not None and isinstance(instance, dict) else _MISSING
        if value is not _MISSING and len(candidates) > 1:  # without the property, every candidate is tried
            chosen = [i for i in info.by_value.get(_key(value), ()) if i in candidates]
            if not chosen:
                error = ValidationError(f"{value!r} is not one of {info.allowed_values}", validator="enum",
                                        validator_value=info.allowed_values, instance=value)
                error.path.appendleft(info.key)
                yield error
                return
            candidates = chosen
        if len(candidates) == 1:
            yield from validator.descend(instance, branches[candidates[0]])
            return
        if not exclusive and info.last_good in candidates:
            candidates.remove(info.last_good)
            candidates.insert(0, info.last_good)
        passed = []
        for i in candidates:
            if next(iter(validator.descend(instance, branches[i])), None) is None:
                if not exclusive:
                    info.last_good = i
                    return
                passed.append(i)
        if len(passed) == 1:
            return
        if passed:
            yield ValidationError(f"{reprlib.repr(instance)} is valid under {len(passed)} of the exclusive schemas",
                                  validator="oneOf", validator_value=passed)
            return
        # Nothing passed: report the branch that came closest (fewest errors).
        reports = [list(validator.descend(instance, branches[i])) for i in candidates]
        yield from min(reports, key=len)

    return union


_EVOLVED: dict[int, Any] = {}  # a validator per (resolved) schema, by id of the schema
_VALID: dict[tuple[int, tuple[tuple[str, type, Any], ...], frozenset[int]], Any] = {}  # small flat objects found valid
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _descend(self: Any, instance: Any, schema: Any, path: Any = None, schema_path: Any = None,
             resolver: Any = None) -> Iterator[Any]:
    """jsonschema's `descend` without its per-call cost: the resolved graph has no `$ref` or `$id`
    left, so the validator `evolve` would build for a subschema is the same every time; keep it.
    A small object of plain values found valid against a schema (an autocomplete choice, a select
    option, an embed field) is remembered as valid: bots send the same ones over and over."""
    if schema is True:
        return
    key = None
    if type(instance) is dict and len(instance) <= 8 and all(type(v) in _SCALARS for v in instance.values()):
        key = (id(schema), tuple((k, type(v), v) for k, v in instance.items()), _FILES.get())  # True is not 1
        if _VALID.get(key) is schema:
            return
    evolved = _EVOLVED.get(id(schema))
    if evolved is None or evolved.schema is not schema:
        evolved = _EVOLVED[id(schema)] = self.evolve(schema=schema)
    failed = False
    for error in evolved.iter_errors(instance):
        failed = True
        if path is not None:
            error.path.appendleft(path)
        if schema_path is not None:
            error.schema_path.appendleft(schema_path)
        yield error
    if key is not None and not failed:
        if len(_VALID) >= VERDICTS_KEPT * 4:
            _VALID.clear()
        _VALID[key] = schema


def _type(validator: Any, types: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """The `type` keyword, as Draft 2020-12 defines it (an integral float is an integer; a bool is
    not a number), without the type checker's registry lookups: it runs for nearly every value."""
    kinds = _json_types(instance)
    if (types in kinds) if isinstance(types, str) else any(t in kinds for t in types):
        return
    from jsonschema.exceptions import ValidationError

    wanted = [types] if isinstance(types, str) else types
    yield ValidationError(f"{instance!r} is not of type {', '.join(map(repr, wanted))}")


@functools.cache
def _validator_class() -> Any:
    from jsonschema import Draft202012Validator, validators

    keywords = {"oneOf": _union_keyword(True), "anyOf": _union_keyword(False), "type": _type, FILE_INDEX: _file_index}
    cls = validators.extend(Draft202012Validator, keywords)
    cls.descend = _descend
    return cls


# -- routes ----------------------------------------------------------------------------------------


@dataclass
class _Parameter:
    name: str
    where: str
    required: bool
    schema: Any
    kind: str  # "boolean", "integer", "number" or "string": how the text is read
    validator: Any
    plainly_valid: Any = None  # for a plain schema: a quick test that can only say "valid"


def _plain_test(schema: Any) -> Any:
    """For a parameter schema made only of `type: string`, lengths and a pattern (ids, tokens), or
    of `type: boolean` (flags): nearly every parameter. A test with jsonschema's meaning of those
    keywords (`len`, `re.search`) that spares a call to jsonschema per parameter. It only ever says
    "valid"; whatever it does not pass goes to jsonschema, which says what is wrong."""
    if schema == {"type": "boolean"}:
        return lambda value: type(value) is bool
    if not isinstance(schema, dict) or schema.get("type") != "string":
        return None
    if not set(schema) <= {"type", "minLength", "maxLength", "pattern"}:
        return None
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None

    def test(value: Any) -> bool:
        return (
            isinstance(value, str)
            and low <= len(value)
            and (high is None or len(value) <= high)
            and (pattern is None or pattern.search(value) is not None)
        )

    return test


@dataclass(eq=False)
class Operation:
    """One route and method of the spec, with its validators built."""

    method: str
    route: str
    parameters: dict[tuple[str, str], _Parameter]
    body: Any  # the validator of the JSON body (multipart: of payload_json), or None
    body_required: bool
    content_types: frozenset[str]
    needs_token: bool  # the spec's security has no anonymous alternative


class _Node:
    """A tree of the spec's path templates, one level per segment."""

    def __init__(self) -> None:
        self.literal: dict[str, _Node] = {}
        self.param: tuple[str, _Node] | None = None
        self.template: str | None = None

    def match(self, parts: list[str], i: int) -> tuple[str, dict[str, str]] | None:
        if i == len(parts):
            return None if self.template is None else (self.template, {})
        child = self.literal.get(parts[i])
        found = child.match(parts, i + 1) if child is not None else None
        if found is None and self.param is not None:
            found = self.param[1].match(parts, i + 1)
            if found is not None:
                found[1][self.param[0]] = parts[i]
        return found


class Spec:
    """Discord's OpenAPI description, ready to check requests. Build it with `load_spec`."""

    def __init__(self, document: Mapping[str, Any], source: str = "<memory>") -> None:
        self.document = document
        self.source = source
        self.resolver = _Resolver(document)
        _allow(self.resolver)
        self._routes = _Node()
        for template in document["paths"]:
            node = self._routes
            for part in template.strip("/").split("/"):
                if part.startswith("{") and part.endswith("}"):
                    if node.param is None:
                        node.param = (part[1:-1], _Node())
                    node = node.param[1]
                else:
                    node = node.literal.setdefault(part, _Node())
            node.template = template
        self._operations: dict[tuple[str, str], Operation | None] = {}
        self._verdicts: dict[tuple[Operation, str | bytes, frozenset[int]], tuple[Violation, ...]] = {}
        self.checked = 0  # requests checked, and how many broke the spec (for the test summary)
        self.refused = 0

    # -- matching ------------------------------------------------------------------------------

    def match(self, path: str) -> tuple[str, dict[str, str]] | None:
        """The spec's template for a concrete API path (literal segments beat parameters)."""
        return self._routes.match(path.strip("/").split("/"), 0)

    def prepare(self, operations: Iterable[tuple[str, str]]) -> None:
        """Build these (method, route) validators now rather than on the first request (importing
        jsonschema and resolving the schemas takes ~0.15 s, which a first interaction should not
        pay inside its 3 s)."""
        for method, route in operations:
            if route in self.document["paths"]:
                self.operation(method, route)

    def operation(self, method: str, route: str) -> Operation | None:
        key = (method.lower(), route)
        if key not in self._operations:
            self._operations[key] = self._build(*key)
        return self._operations[key]

    def _build(self, method: str, route: str) -> Operation | None:
        item = self.document["paths"][route]
        op = item.get(method)
        if op is None:
            return None
        cls = _validator_class()
        parameters = {}
        for raw in [*item.get("parameters", []), *op.get("parameters", [])]:
            raw = self.resolver.schema(raw)
            schema = self.resolver.schema(raw["schema"])
            kind = schema.get("type") if isinstance(schema, dict) and isinstance(schema.get("type"), str) else "string"
            parameters[(raw["in"], raw["name"])] = _Parameter(
                raw["name"], raw["in"], bool(raw.get("required")), schema, kind, cls(schema), _plain_test(schema)
            )
        body = op.get("requestBody")
        content = body.get("content", {}) if body else {}
        json_schema = content.get("application/json", {}).get("schema")
        security = op.get("security", self.document.get("security", []))
        return Operation(
            method=method.upper(),
            route=route,
            parameters=parameters,
            body=None if json_schema is None else cls(self.resolver.schema(json_schema)),
            body_required=bool(body and body.get("required")),
            content_types=frozenset(content),
            needs_token=bool(security) and {} not in security,
        )

    # -- checking ------------------------------------------------------------------------------

    def check(
        self,
        method: str,
        path: str,
        query: Iterable[tuple[str, str]] = (),
        body: Any = NO_BODY,
        *,
        content_type: str = "application/json",
        files: Sequence[str] = (),
        parts: Sequence[str] = (),
        authorization: str | None = None,
        raw: str | bytes | None = None,
    ) -> tuple[Operation | None, list[Violation]]:
        """What is wrong with one request (`path` after /api/v10; `body` the parsed JSON, or for a
        multipart body its `payload_json`; `NO_BODY` for none; `files` the file parts' field
        names, `parts` any other form fields besides payload_json). `raw`, the JSON text `body` was
        read from, lets the verdict on a body be remembered: bots send the same bodies often."""
        self.checked += 1
        op, out = self._check(method, path, query, body, content_type, files, parts, authorization, raw)
        self.refused += bool(out)
        return op, out

    def _check(
        self,
        method: str,
        path: str,
        query: Iterable[tuple[str, str]],
        body: Any,
        content_type: str,
        files: Sequence[str],
        parts: Sequence[str],
        authorization: str | None,
        raw: str | bytes | None,
    ) -> tuple[Operation | None, list[Violation]]:
        found = self.match(path)
        if found is None:
            return None, [Violation(method, path, "route", (), "a route of Discord's API",
                                    "the spec has no such path", "0", "404: Not Found")]
        route, path_params = found
        op = self.operation(method, route)
        if op is None:
            return None, [Violation(method, route, "route", (), f"{method} on this path",
                                    "the spec has no such method here", "0", "405: Method Not Allowed")]
        out: list[Violation] = []
        if op.needs_token and not (authorization or "").startswith("Bot "):
            out.append(Violation(method, route, "header", ("Authorization",), "security: BotToken",
                                 "no `Authorization: Bot <token>` header", "0", "401: Unauthorized"))
        for name, value in path_params.items():
            param = op.parameters.get(("path", name))
            if param is not None:
                out += self._parameter(op, param, value)
        seen = set()
        for name, value in query:
            param = op.parameters.get(("query", name))
            if param is None:
                out.append(Violation(method, route, "query", (name,), "a parameter of this route",
                                     f"{name}={value!r} is not in the spec", "BASE_TYPE_INVALID", "Unknown parameter."))
                continue
            if name in seen:
                out.append(Violation(method, route, "query", (name,), "one value per parameter",
                                     f"{name} given twice", "BASE_TYPE_INVALID", "Given more than once."))
            seen.add(name)
            out += self._parameter(op, param, value)
        for (where, name), param in op.parameters.items():
            if where == "query" and param.required and name not in seen:
                out.append(_required(op, "query", (name,)))
        out += self._body(op, body, content_type, files, parts, raw)
        return op, out

    def _parameter(self, op: Operation, param: _Parameter, text: str) -> list[Violation]:
        value: Any = text
        if param.kind == "boolean":
            if text not in QUERY_BOOLEANS:  # QUERY_BOOLEAN: true/false, 1/0
                return [Violation(op.method, op.route, param.where, (param.name,), "type: boolean (true/false, 1/0)",
                                  f"got {text!r}", "BOOLEAN_TYPE_COERCE", f"Value {text!r} is not a valid boolean.")]
            value = QUERY_BOOLEANS[text]
        elif param.kind == "integer" and re.fullmatch(r"-?\d+", text):
            value = int(text)
        elif param.kind == "number":
            try:
                value = float(text)
            except ValueError:
                pass
        if param.plainly_valid is not None and param.plainly_valid(value):
            return []
        return [_violation(op, param.where, e, (param.name,)) for e in param.validator.iter_errors(value)]

    def _body(
        self, op: Operation, body: Any, content_type: str, files: Sequence[str], parts: Sequence[str],
        raw: str | bytes | None,
    ) -> list[Violation]:
        out: list[Violation] = []
        if body is NO_BODY and not files:
            return [_required(op, "body", ())] if op.body_required else []
        if not op.content_types:
            return [Violation(op.method, op.route, "body", (), "no request body on this route",
                              "a body was sent", "BASE_TYPE_INVALID", "This route takes no body.")]
        multipart = content_type.startswith("multipart/")
        if (multipart and "multipart/form-data" not in op.content_types) or (
            not multipart and content_type not in op.content_types
        ):
            return [Violation(op.method, op.route, "body", (), f"content type one of {sorted(op.content_types)}",
                              f"sent as {content_type}", "BASE_TYPE_INVALID", "Unsupported content type.")]
        indexes = set()
        for name in files:
            m = FILE_PART.fullmatch(name)
            if m is None:
                out.append(Violation(op.method, op.route, "body", (name,), "file parts named files[0] to files[9]",
                                     f"a file part named {name!r}", "BASE_TYPE_INVALID", "Invalid file field."))
            else:
                indexes.add(int(m[1]))
        for name in parts:
            out.append(Violation(op.method, op.route, "body", (name,), "form fields payload_json and files[n]",
                                 f"a form field named {name!r}", "BASE_TYPE_INVALID", "Unknown form field."))
        if isinstance(body, _NotJson):
            out.append(Violation(op.method, op.route, "body", (), "a JSON body", body.reason,
                                 "50109", "The request body contains invalid JSON."))
            return out
        if body is NO_BODY:
            body = {}
        if op.body is None:
            return out
        key = None if raw is None else (op, raw, frozenset(indexes))
        known = self._verdicts.get(key) if key is not None else None
        if known is None:
            token = _FILES.set(frozenset(indexes))
            try:
                known = tuple(_violation(op, "body", e) for e in op.body.iter_errors(body))
            finally:
                _FILES.reset(token)
            if key is not None:
                if len(self._verdicts) >= VERDICTS_KEPT:
                    self._verdicts.clear()
                self._verdicts[key] = known
        return out + list(known)


class _NotJson:
    """A body that could not be read as JSON."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


NOT_JSON = _NotJson


def _required(op: Operation, where: str, path: JsonPath) -> Violation:
    return Violation(op.method, op.route, where, path, "required", "missing", "BASE_TYPE_REQUIRED",
                     "This field is required")


_TYPE_ERRORS = {
    "integer": ("NUMBER_TYPE_COERCE", "Value {v} is not int."),
    "number": ("NUMBER_TYPE_COERCE", "Value {v} is not a valid number."),
    "string": ("STRING_TYPE_CONVERT", "Could not interpret {v} as string."),
    "boolean": ("BOOLEAN_TYPE_COERCE", "Value {v} is not a valid boolean."),
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
    "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
}
SNOWFLAKE_PATTERN = "^(0|[1-9][0-9]*)$"


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 40
_REPR.maxlist = _REPR.maxdict = 12


def _short(value: Any) -> str:
    return _REPR.repr(value)


def _violation(op: Operation, where: str, error: Any, prefix: JsonPath = ()) -> Violation:
    """A jsonschema error as a Violation, with Discord's code and message for it."""
    path: JsonPath = (*prefix, *error.absolute_path)
    kind, value, instance, schema = error.validator, error.validator_value, error.instance, error.schema
    schema = schema if isinstance(schema, dict) else {}
    rule = f"{kind}: {_short(value)}"
    detail = f"got {_short(instance)}"
    code, message = "BASE_TYPE_INVALID", "Invalid Form Body"
    if kind in ("maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties"):
        unit = kind.removeprefix("max").removeprefix("min")
        low, high = schema.get("min" + unit), schema.get("max" + unit)
        detail = f"{len(instance)} long"
        if low is not None and high is not None and low > 0:
            code, message = "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."
        elif kind.startswith("max"):
            code, message = "BASE_TYPE_MAX_LENGTH", f"Must be {value} or fewer in length."
        else:
            code, message = "BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length."
    elif kind == "required":
        missing = next((p for p in value if error.message == f"{p!r} is a required property"), None)
        if missing is not None:
            path = (*path, missing)
        rule, detail, code, message = "required", "missing", "BASE_TYPE_REQUIRED", "This field is required"
    elif kind == "type":
        wanted = value if isinstance(value, str) else next((t for t in value if t != "null"), "null")
        code, template = _TYPE_ERRORS.get(wanted, ("BASE_TYPE_INVALID", "Invalid value {v}."))
        message = template.format(v=json.dumps(instance)[:50] if _json_types(instance) else repr(instance))
    elif kind in ("enum", "const"):
        choices = value if kind == "enum" else [value]
        code, message = "BASE_TYPE_CHOICES", f"Value must be one of {{{', '.join(map(repr, choices))}}}."
    elif kind == "pattern":
        if value == SNOWFLAKE_PATTERN:
            code, message = "NUMBER_TYPE_COERCE", f"Value {json.dumps(instance)[:50]} is not snowflake."
        else:
            code, message = "STRING_TYPE_REGEX", "String value did not match validation regex."
    elif kind in ("minimum", "exclusiveMinimum"):
        code, message = "NUMBER_TYPE_MIN", f"Value should be greater than or equal to {value}."
    elif kind in ("maximum", "exclusiveMaximum"):
        code, message = "NUMBER_TYPE_MAX", f"Value should be less than or equal to {value}."
    elif kind == "uniqueItems":
        code, message = "LIST_ITEM_VALUE_DUPLICATE", "Items must be unique."
    return Violation(op.method, op.route, where, path, rule, detail, code, message)
