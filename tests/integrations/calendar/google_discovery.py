"""The Calendar API v3 discovery document that google-api-python-client ships: methods, verbs, paths,
parameters and request schemas, to check the fake server's routes and every request the connector sends."""

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

# The methods planbot's connector uses (and the fake server serves).
USED = (
    "calendar.events.list",
    "calendar.events.insert",
    "calendar.events.get",
    "calendar.events.patch",
    "calendar.events.delete",
    "calendar.freebusy.query",
    "calendar.calendarList.list",
)


@dataclass(frozen=True)
class Method:
    id: str
    verb: str
    path: str  # absolute, e.g. /calendar/v3/calendars/{calendarId}/events
    parameters: frozenset[str]
    path_parameters: frozenset[str]
    request: str | None
    scopes: frozenset[str]

    def matches(self, verb: str, path: str) -> bool:
        pattern = re.sub(r"\\{(\w+)\\}", r"[^/]+", re.escape(self.path))
        return verb == self.verb and re.fullmatch(pattern, path) is not None


@cache
def document() -> dict[str, Any]:
    path = files("googleapiclient") / "discovery_cache" / "documents" / "calendar.v3.json"
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


@cache
def methods() -> dict[str, Method]:
    doc = document()
    found: dict[str, Method] = {}
    for resource in doc["resources"].values():
        for raw in resource.get("methods", {}).values():
            parameters = raw.get("parameters", {})
            found[raw["id"]] = Method(
                id=raw["id"],
                verb=raw["httpMethod"],
                path=f"/{doc['servicePath']}{raw['path']}",
                parameters=frozenset(parameters),
                path_parameters=frozenset(name for name, p in parameters.items() if p.get("location") == "path"),
                request=(raw.get("request") or {}).get("$ref"),
                scopes=frozenset(raw.get("scopes", [])),
            )
    return found


def violations(method: Method, query: Mapping[str, str], body: Any) -> list[str]:
    """What in a request the discovery document does not allow: unknown query parameters, unknown body fields."""
    allowed = (method.parameters - method.path_parameters) | set(document()["parameters"])
    problems = [f"{method.id}: unknown query parameter {name!r}" for name in query if name not in allowed]
    if method.request is not None:
        nullable = method.verb == "PATCH"  # null removes a field in a patch (Google's PATCH semantics)
        problems += [
            f"{method.id}: {problem}" for problem in _schema_violations(body, method.request, "body", nullable)
        ]
    elif body is not None:
        problems.append(f"{method.id}: takes no body")
    return problems


def _schema_violations(value: Any, schema_name: str, where: str, nullable: bool = False) -> list[str]:
    schema = document()["schemas"][schema_name]
    return _check(value, schema, where, nullable)


def _check(value: Any, schema: Mapping[str, Any], where: str, nullable: bool = False) -> list[str]:
    if value is None and nullable:
        return []
    if "$ref" in schema:
        return _schema_violations(value, schema["$ref"], where, nullable)
    kind = schema.get("type")
    if kind == "object" and "properties" in schema:
        if not isinstance(value, dict):
            return [f"{where} should be an object"]
        problems = [f"{where}.{key} is not a field of the schema" for key in value if key not in schema["properties"]]
        for key, item in value.items():
            if key in schema["properties"]:
                problems += _check(item, schema["properties"][key], f"{where}.{key}", nullable)
        return problems
    if kind == "array":
        if not isinstance(value, list):
            return [f"{where} should be an array"]
        return [
            problem
            for i, item in enumerate(value)
            for problem in _check(item, schema["items"], f"{where}[{i}]", nullable)
        ]
    types: dict[str, type | tuple[type, ...]] = {"string": str, "boolean": bool, "integer": (int, str)}
    expected = types.get(str(kind))
    if expected is not None and not isinstance(value, expected):
        return [f"{where} should be a {kind}"]
    return []
