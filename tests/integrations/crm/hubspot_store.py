"""The fake HubSpot's data: objects with text properties, associations, and the search filter evaluation.

Search semantics follow HubSpot's documentation: filter groups are OR-ed, the filters of a group AND-ed;
``EQ``/``NEQ``/``IN`` compare text case-insensitively (numbers numerically); ``GT``/``GTE``/``LT``/``LTE`` compare
numbers and date-times (as epoch milliseconds); ``CONTAINS_TOKEN`` matches a ``*``-wildcard pattern against each
word of the value (or the whole value); ``associations.{object}`` matches the ids of associated records.
"""

import fnmatch
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

READ_ONLY = ("hs_object_id", "createdate", "lastmodifieddate")
KNOWN: dict[str, set[str]] = {
    "contacts": {"firstname", "lastname", "email", "phone", "company", "jobtitle"},
    "companies": {"name", "domain", "industry", "hubspot_owner_id"},
    "deals": {"dealname", "amount", "dealstage", "pipeline", "closedate"},
    "leads": {"hs_lead_name", "hs_pipeline_stage", "hs_pipeline"},
}
NUMBERS = {"amount", "hubspot_owner_id", "hs_object_id"}
DATES = {"closedate", "createdate", "lastmodifieddate"}
SINGULAR = {"contact": "contacts", "company": "companies", "deal": "deals", "lead": "leads"}
DEAL_STAGES = {
    "appointmentscheduled",
    "qualifiedtobuy",
    "presentationscheduled",
    "decisionmakerboughtin",
    "contractsent",
    "closedwon",
    "closedlost",
}
NOW = "2026-03-02T14:00:00.000Z"


@dataclass
class Stored:
    id: str
    type: str
    properties: dict[str, str | None]
    archived: bool = False

    def public(self, names: list[str]) -> dict[str, Any]:
        shown = {name: self.properties.get(name) for name in [*READ_ONLY, *names]}
        return {"id": self.id, "properties": shown, "createdAt": NOW, "updatedAt": NOW, "archived": self.archived}


@dataclass
class HubSpotStore:
    objects: dict[str, Stored] = field(default_factory=dict)
    edges: list[tuple[str, str, str, str, int]] = field(default_factory=list)  # from type/id, to type/id, type id
    next_id: int = 1001

    def add(self, object_type: str, properties: dict[str, str]) -> Stored:
        object_id = str(self.next_id)
        self.next_id += 1
        stored = Stored(object_id, object_type, {"hs_object_id": object_id, "createdate": NOW, "lastmodifieddate": NOW})
        stored.properties.update({k: normalized(k, v) for k, v in properties.items()})
        self.objects[object_id] = stored
        return stored

    def live(self, object_type: str, object_id: str) -> Stored | None:
        found = self.objects.get(object_id)
        return found if found and found.type == object_type and not found.archived else None

    def associate(self, from_type: str, from_id: str, to_type: str, to_id: str, type_id: int) -> None:
        self.edges.append((from_type, from_id, to_type, to_id, type_id))

    def dissociate(self, from_type: str, from_id: str, to_type: str, to_id: str) -> None:
        self.edges = [e for e in self.edges if {(e[0], e[1]), (e[2], e[3])} != {(from_type, from_id), (to_type, to_id)}]

    def associated(self, from_type: str, from_id: str, to_type: str) -> dict[str, list[int]]:
        """to id → association type ids, in both directions of each edge, live records only."""
        found: dict[str, list[int]] = {}
        for a_type, a_id, b_type, b_id, type_id in self.edges:
            if (a_type, a_id, b_type) == (from_type, from_id, to_type) and self.live(to_type, b_id):
                found.setdefault(b_id, []).append(type_id)
            elif (b_type, b_id, a_type) == (from_type, from_id, to_type) and self.live(to_type, a_id):
                found.setdefault(a_id, []).append(type_id)
        return found

    def search(self, object_type: str, groups: list[dict[str, Any]]) -> list[Stored]:
        candidates = [o for o in self.objects.values() if o.type == object_type and not o.archived]
        if not groups:
            return candidates
        return [o for o in candidates if any(all(self._holds(o, f) for f in g["filters"]) for g in groups)]

    def _holds(self, stored: Stored, rule: dict[str, Any]) -> bool:
        name, operator = rule["propertyName"], rule["operator"]
        if name.startswith("associations."):
            linked = set(self.associated(stored.type, stored.id, SINGULAR[name.split(".", 1)[1]]))
            wanted = set(rule.get("values") or [rule.get("value")])
            return bool(linked & wanted) if operator in ("EQ", "IN") else False
        have = stored.properties.get(name)
        if operator == "HAS_PROPERTY":
            return have not in (None, "")
        if operator == "NOT_HAS_PROPERTY":
            return have in (None, "")
        if have in (None, ""):
            return False
        assert have is not None
        if operator in ("EQ", "NEQ"):
            same = _comparable(name, have) == _comparable(name, rule["value"])
            return same if operator == "EQ" else not same
        if operator == "IN":
            return have.casefold() in {str(v) for v in rule["values"]}
        if operator in ("GT", "GTE", "LT", "LTE"):
            left, right = _number(name, have), _number(name, rule["value"])
            return {"GT": left > right, "GTE": left >= right, "LT": left < right, "LTE": left <= right}[operator]
        if operator == "CONTAINS_TOKEN":
            pattern = str(rule["value"]).casefold()
            words = [have.casefold(), *re.split(r"[^\w@.]+|[.@]", have.casefold())]
            return any(fnmatch.fnmatchcase(word, pattern) for word in words if word)
        raise ValueError(f"operator {operator} is not supported by the fake")


def normalized(name: str, value: str | None) -> str | None:
    """How HubSpot stores a written value: dates as ISO date-times at UTC; "" clears."""
    if value in (None, ""):
        return None
    assert value is not None
    if name in DATES and re.fullmatch(r"\d+", value):
        return datetime.fromtimestamp(int(value) / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value


def _comparable(name: str, value: str) -> Any:
    return _number(name, value) if name in NUMBERS | DATES else str(value).casefold()


def _number(name: str, value: str) -> float:
    if name in DATES and not re.fullmatch(r"\d+", value):
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp() * 1000
    return float(value)
