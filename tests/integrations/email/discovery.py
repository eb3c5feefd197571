"""Google's Gmail v1 discovery document (shipped inside google-api-python-client): which methods exist, with which
HTTP verb, path, parameters and JSON schemas. Used to check the fake Gmail and the connector's requests."""

import importlib.resources
import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any


@cache
def gmail_discovery() -> dict[str, Any]:
    document = importlib.resources.files("googleapiclient") / "discovery_cache" / "documents" / "gmail.v1.json"
    loaded: dict[str, Any] = json.loads(document.read_text(encoding="utf-8"))
    return loaded


@dataclass(frozen=True)
class Method:
    name: str
    http_method: str
    path: str  # relative to rootUrl, e.g. gmail/v1/users/{userId}/messages/{id}
    spec: dict[str, Any]

    @property
    def query_parameters(self) -> set[str]:
        own = {n for n, p in self.spec.get("parameters", {}).items() if p.get("location") == "query"}
        return own | set(gmail_discovery()["parameters"])

    def matches_path(self, path: str) -> bool:
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(self.path))
        return re.fullmatch(pattern, path.lstrip("/")) is not None


def methods() -> list[Method]:
    document = gmail_discovery()
    prefix = document["servicePath"]
    found: list[Method] = []

    def walk(resources: dict[str, Any], trail: str) -> None:
        for name, resource in resources.items():
            for method_name, spec in resource.get("methods", {}).items():
                path = spec.get("flatPath") or spec["path"]
                found.append(Method(f"{trail}{name}.{method_name}", spec["httpMethod"], prefix + path, spec))
                upload = spec.get("mediaUpload", {}).get("protocols", {}).get("simple", {}).get("path")
                if upload:  # the same method on its media upload path (``/upload/gmail/v1/...``)
                    found.append(Method(f"{trail}{name}.{method_name}", spec["httpMethod"], upload.lstrip("/"), spec))
            walk(resource.get("resources", {}), f"{trail}{name}.")

    walk(document["resources"], "gmail.")
    return found


def method_for(http_method: str, path: str) -> Method | None:
    """The documented method a request is a call of (the most specific path wins: ``send`` over ``{id}``)."""
    candidates = [m for m in methods() if m.http_method == http_method and m.matches_path(path)]
    candidates.sort(key=lambda m: m.path.count("{"))
    return candidates[0] if candidates else None


def schema_problems(value: Any, schema: dict[str, Any], where: str = "") -> list[str]:
    """Fields of ``value`` the schema does not declare, and values of the wrong JSON type, recursively."""
    if "$ref" in schema:
        schema = gmail_discovery()["schemas"][schema["$ref"]]
    kind = schema.get("type")
    if kind == "object" and "properties" in schema:
        if not isinstance(value, dict):
            return [f"{where or '.'} is not an object"]
        problems = [f"{where}.{key} is not in the schema" for key in value if key not in schema["properties"]]
        for key, item in value.items():
            if key in schema["properties"]:
                problems += schema_problems(item, schema["properties"][key], f"{where}.{key}")
        return problems
    if kind == "array":
        if not isinstance(value, list):
            return [f"{where} is not an array"]
        return [
            p for index, item in enumerate(value) for p in schema_problems(item, schema["items"], f"{where}[{index}]")
        ]
    expected: dict[str, type | tuple[type, ...]] = {
        "string": str,
        "integer": int,
        "boolean": bool,
        "number": (int, float),
    }
    wanted = expected.get(kind or "")
    if wanted is not None and not isinstance(value, wanted):
        return [f"{where} should be a {kind} (discovery says {schema.get('format', kind)})"]
    return []
