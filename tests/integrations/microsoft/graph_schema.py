"""Microsoft Graph v1.0 as Microsoft's Python SDK (``msgraph-sdk``, a dev dependency) describes it: which paths
exist, which HTTP methods and query parameters each takes, and the models of request and response bodies.

- A path resolves through the SDK's request builders: ``/me/...`` is ``/users/{user-id}/...`` (as the SDK's ``me``),
  each segment is a builder package (``mailFolders`` → ``mail_folders``) or, for an id, the ``item`` package; the
  builder's URL template must match the path, and the builder must have the method (``get``, ``post``, ...).
- Query parameters are those of the method's ``...QueryParameters`` class (``$filter``, ``startDateTime``...);
  a method without one takes none.
- A JSON body is deserialised with the SDK's model of that method's ``body`` (or, for a response, its return
  type), serialised again, and compared: a property the model does not have, an enum value it does not list, a
  value of the wrong type, are each a problem.
"""

import importlib
import json
import re
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote

import msgraph.generated
from kiota_abstractions.serialization import Parsable
from kiota_serialization_json.json_parse_node import JsonParseNode
from kiota_serialization_json.json_serialization_writer import JsonSerializationWriter

ROOT = Path(next(iter(msgraph.generated.__path__)))
PACKAGE = "msgraph.generated"
_SNAKE = re.compile(r"(?<!^)(?=[A-Z])")
_TEMPLATE = re.compile(r'super\(\).__init__\(request_adapter, "([^"]+)"')
_IMPORT = re.compile(r"from (\.+[\w.]*) import (\w+)")


@dataclass(frozen=True)
class Operation:
    """One documented operation: a builder's method."""

    builder: str  # e.g. msgraph.generated.users.item.messages.messages_request_builder
    verb: str
    template: str
    query: frozenset[str]
    body: type[Parsable] | None
    answer: type[Parsable] | None

    @property
    def name(self) -> str:
        return f"{self.verb} {self.template.split('{?')[0].split('?')[0].replace('{+baseurl}', '')}"


class UndocumentedError(LookupError):
    """The path or the method is not in the SDK's description of Graph v1.0."""


def operation(verb: str, path: str) -> Operation:
    """The operation a request (``GET /me/mailFolders/inbox/messages``, path after ``/v1.0``) calls."""
    segments = [unquote(part) for part in path.strip("/").split("/")]
    if segments[:1] == ["me"]:
        segments = ["users", "me", *segments[1:]]
    directory = ROOT
    for segment in segments:
        named = directory / _package_name(segment)
        if _has_builder(named):
            directory = named
        elif _has_builder(directory / "item"):
            directory = directory / "item"
        else:
            raise UndocumentedError(f"{verb} {path}: no such path in Graph v1.0")
    return _operation_in(str(directory.relative_to(ROOT)), verb, path)


def problems_of_body(model: type[Parsable], body: Any, where: str = "body") -> list[str]:
    """What in ``body`` the SDK's ``model`` does not accept (unknown properties, bad enums, wrong types)."""
    if not isinstance(body, dict):
        return [f"{where} is not a JSON object"]
    parsed = JsonParseNode(body).get_object_value(model)
    writer = JsonSerializationWriter()
    writer.write_object_value(None, parsed)
    again = json.loads(writer.get_serialized_content())
    return _unknown(parsed, where) + _lost(body, again, where)


def _operation_in(relative: str, verb: str, path: str) -> Operation:
    module = _builder_module(relative)
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    template = _TEMPLATE.search(source)
    builder = next(
        value
        for name, value in vars(module).items()
        if name.endswith("RequestBuilder") and isinstance(value, type) and value.__module__ == module.__name__
    )
    method = verb.lower()
    if template is None or not hasattr(builder, method):
        raise UndocumentedError(f"{verb} {path}: Graph v1.0 has no {verb} here")
    if not _template_matches(template.group(1), path):
        raise UndocumentedError(f"{verb} {path}: does not fit {template.group(1)}")
    signature = re.search(rf"async def {method}\(self,(body: (\w+), )?.*?\) -> (?:Optional\[(\w+)\]|None)", source)
    assert signature is not None, (module.__name__, method)
    return Operation(
        builder=module.__name__,
        verb=verb,
        template=template.group(1),
        query=_query_names(builder, verb),
        body=_model(module, source, signature.group(2)) if signature.group(2) else None,
        answer=_model(module, source, signature.group(3)) if signature.group(3) else None,
    )


def _package_name(segment: str) -> str:
    return _SNAKE.sub("_", segment.removeprefix("$")).lower()


def _has_builder(directory: Path) -> bool:
    return directory.is_dir() and any(directory.glob("*_request_builder.py"))


@cache
def _builder_module(relative: str) -> ModuleType:
    (file,) = sorted((ROOT / relative).glob("*_request_builder.py"))
    dotted = ".".join([PACKAGE, *Path(relative).parts, file.stem])
    return importlib.import_module(dotted)


def _template_matches(template: str, path: str) -> bool:
    route = template.replace("{+baseurl}", "").split("{?")[0].split("?")[0]
    pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(route))
    path = re.sub(r"^/me(?=/|$)", "/users/me", path)
    return re.fullmatch(pattern, path) is not None


def _query_names(builder: type, verb: str) -> frozenset[str]:
    nested = getattr(builder, f"{builder.__name__}{verb.capitalize()}QueryParameters", None)
    if nested is None:
        return frozenset()
    instance = nested()
    return frozenset(unquote(instance.get_query_parameter(field.name)) for field in fields(nested))


def _model(module: ModuleType, source: str, name: str) -> type[Parsable]:
    for relative, imported in _IMPORT.findall(source):
        if imported == name:
            found = getattr(importlib.import_module(f"{relative}", module.__package__), name)
            assert isinstance(found, type)
            return found
    raise LookupError(f"{module.__name__} does not import {name}")


def _unknown(value: Any, where: str) -> list[str]:
    """Properties the model kept as ``additional_data``: the model has no such property."""
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in _unknown(item, f"{where}[{index}]")]
    if not isinstance(value, Parsable):
        return []
    extra = getattr(value, "additional_data", None) or {}
    problems = [f"{where}.{key} is not a property of {type(value).__name__}" for key in extra if "@" not in key]
    for name, item in vars(value).items():
        if name != "additional_data":
            problems += _unknown(item, f"{where}.{name}")
    return problems


def _lost(sent: Any, again: Any, where: str) -> list[str]:
    """What did not survive the SDK's round trip: a value of the wrong type or an enum member it does not know."""
    if isinstance(sent, dict):
        if not isinstance(again, dict):
            return [f"{where} should not be an object"]
        problems: list[str] = []
        for key, value in sent.items():
            if value is None or ("@" in key and key not in again):  # annotations: @odata.context, @odata.etag
                continue
            if key not in again or again[key] is None:
                problems.append(f"{where}.{key}: {json.dumps(value)[:60]} is not a valid value")
            else:
                problems += _lost(value, again[key], f"{where}.{key}")
        return problems
    if isinstance(sent, list):
        if not isinstance(again, list) or len(again) != len(sent):
            return [f"{where} should be a list"]
        pairs = enumerate(zip(sent, again, strict=True))
        return [p for index, (a, b) in pairs for p in _lost(a, b, f"{where}[{index}]")]
    if sent != again and not _same_instant(sent, again):
        return [f"{where}: {json.dumps(sent)[:60]} is not a valid value (read as {json.dumps(again)[:60]})"]
    return []


def _same_instant(sent: Any, again: Any) -> bool:
    from datetime import datetime

    try:
        return bool(datetime.fromisoformat(str(sent)) == datetime.fromisoformat(str(again)))
    except ValueError:
        return False
