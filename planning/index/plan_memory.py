"""Plan memory: plans users approved, as few-shot examples for the LLM planner.

Each plan is kept with the request it answered, a scope (e.g. the Slack team) and who asked, and is only ever
returned within that scope: requests and plans hold personal data, and ``forget`` deletes everyone's own.
Storing the same plan for the same request twice keeps one copy.
"""

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from planning.index.sources import text_key
from planning.index.store import Collection, forget_requester

DEFAULT_SCOPE = "default"


@dataclass(frozen=True, slots=True)
class RememberedPlan:
    text: str
    plan_json: str
    distance: float

    @property
    def plan(self) -> Any:
        return json.loads(self.plan_json)


class PlanMemory:
    def __init__(self, collection: Collection) -> None:
        self._collection = collection

    def add(
        self, text: str, plan_json: str | Mapping[str, Any], *, scope: str = DEFAULT_SCOPE, requester: str = ""
    ) -> str:
        """Remember that ``text`` (asked by ``requester``) was answered by this plan (JSON text or a JSON-able
        mapping); its id."""
        plan = plan_json if isinstance(plan_json, str) else json.dumps(plan_json, sort_keys=True, default=str)
        json.loads(plan)  # a plan that is not JSON is a caller's bug: fail here, not when it is read
        digest = hashlib.sha256(f"{scope}\0{text_key(text)}\0{plan}".encode()).hexdigest()[:32]
        metadata = {"scope": scope, "plan": plan, **({"requester": requester} if requester else {})}
        self._collection.add([digest], [text.strip()], [metadata])
        return digest

    def forget(self, requester: str) -> int:
        """Delete every plan remembered from ``requester``'s requests; how many went."""
        return forget_requester(self._collection, requester)

    def similar(
        self, text: str, k: int = 3, *, scope: str = DEFAULT_SCOPE, max_distance: float | None = None
    ) -> list[RememberedPlan]:
        """The ``k`` remembered plans whose requests are nearest ``text``, nearest first."""
        matches = self._collection.nearest(text, k, within={"scope": [scope]})
        return [
            RememberedPlan(m.document, str(m.metadata["plan"]), round(m.distance, 4))
            for m in matches
            if max_distance is None or m.distance <= max_distance
        ]

    def count(self) -> int:
        return self._collection.count()
