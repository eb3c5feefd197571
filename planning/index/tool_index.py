"""Tool retrieval: the tools most relevant to a request, for an LLM prompt when connectors register more
tools than the core catalog. Each tool is embedded as its name, description and argument names."""

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, get_args, get_origin

from integrations.base import ToolSpec
from planning.index.store import Collection

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
STAMP_KEY = "tools"


@dataclass(frozen=True, slots=True)
class ToolMatch:
    name: str
    distance: float


def tool_document(spec: ToolSpec) -> str:
    """``create entity: Create a CRM record. (arguments: entity type: Contact, Lead, Deal or Account; fields)``:
    the name, the description, and each argument's name with its allowed values when they are a closed set."""
    fields = [_argument(name, field.annotation) for name, field in spec.args_model.model_fields.items()]
    arguments = f" (arguments: {'; '.join(fields)})" if fields else ""
    return f"{spec.name.replace('_', ' ')}: {spec.description}{arguments}"


def _argument(name: str, annotation: object) -> str:
    words = _CAMEL.sub(" ", name).lower()
    choices = [str(value) for value in get_args(annotation)] if get_origin(annotation) is Literal else []
    if len(choices) > 1:
        return f"{words}: {', '.join(choices[:-1])} or {choices[-1]}"
    return words


class ToolIndex:
    def __init__(self, collection: Collection) -> None:
        self._collection = collection

    def sync(self, tools: Iterable[ToolSpec]) -> bool:
        """Index exactly these tools; ``False`` when they were already indexed as they are."""
        specs = {spec.name: spec for spec in tools}
        documents = {name: tool_document(spec) for name, spec in specs.items()}
        stamp = hashlib.sha256(repr(sorted(documents.items())).encode()).hexdigest()[:32]
        if self._collection.stamp().get(STAMP_KEY) == stamp:
            return False
        for match in self._collection.everything():
            if match.id not in specs:
                self._collection.remove(where={"name": match.id})
        names = sorted(documents)
        self._collection.add(names, [documents[n] for n in names], [{"name": n, "kind": specs[n].kind} for n in names])
        self._collection.update_stamp({STAMP_KEY: stamp})
        return True

    def top_k(self, query: str, k: int = 5, *, among: Iterable[str] | None = None) -> list[ToolMatch]:
        """The ``k`` tools nearest ``query``, nearest first; only tools named in ``among`` when given."""
        within = {"name": sorted(set(among))} if among is not None else None
        if within is not None and not within["name"]:
            return []
        matches = self._collection.nearest(query, k, within=within)
        return [ToolMatch(m.id, round(m.distance, 4)) for m in matches]

    def select(self, query: str, tools: Sequence[ToolSpec], k: int = 5) -> list[ToolSpec]:
        """The ``k`` most relevant of ``tools`` (the user's connected ones), in rank order; all of them when
        there are at most ``k``."""
        if len(tools) <= k:
            return list(tools)
        by_name = {spec.name: spec for spec in tools}
        return [by_name[m.name] for m in self.top_k(query, k, among=by_name) if m.name in by_name]

    def count(self) -> int:
        return self._collection.count()
