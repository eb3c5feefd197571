"""The fake HubSpot's data: objects with text properties, associations, a search index that lags behind writes, and
the search filter evaluation.

Search semantics follow HubSpot's documentation: filter groups are OR-ed, the filters of a group AND-ed;
``EQ``/``NEQ``/``IN`` compare text case-insensitively (numbers numerically; ``IN`` values must be given in lower
case); ``GT``/``GTE``/``LT``/``LTE`` compare numbers and date-times (as epoch milliseconds); ``CONTAINS_TOKEN``
matches a ``*``-wildcard pattern against each word of the value (or the whole value); ``associations.{object}``
takes ``EQ`` with one associated record's id (the documented form; anything else is refused).

HubSpot's search reads an index that trails the objects API by seconds: a record created, changed or archived
through the API reaches the index only after ``index_lag`` more searches (``None``: only at ``catch_up()``), so
search answers with what the index held. Records added directly by a test (``add``) are indexed at once: they are
"old" data. ``search`` (used by tests for assertions) reads the live objects, not the index.
"""

import copy
import fnmatch
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tests.integrations.crm.hubspot_schema import READ_ONLY

NUMBERS = {"amount", "hubspot_owner_id", "hs_object_id"}
DATES = {"closedate", "createdate", "lastmodifieddate", "hs_createdate", "hs_lastmodifieddate", "hs_timestamp"}
SINGULAR = {"contact": "contacts", "company": "companies", "deal": "deals", "lead": "leads", "note": "notes",
            "task": "tasks"}  # fmt: skip
NOW = "2026-03-02T14:00:00.000Z"


@dataclass
class Stored:
    id: str
    type: str
    properties: dict[str, str | None]
    archived: bool = False
    created: str = NOW

    def public(self, names: list[str]) -> dict[str, Any]:
        shown = {name: self.properties.get(name) for name in [*READ_ONLY[self.type], *names]}
        return {"id": self.id, "properties": shown, "createdAt": self.created, "updatedAt": self.created,
                "archived": self.archived}  # fmt: skip


@dataclass
class HubSpotStore:
    objects: dict[str, Stored] = field(default_factory=dict)
    edges: list[tuple[str, str, str, str, int]] = field(default_factory=list)  # from type/id, to type/id, type id
    next_id: int = 1001
    now: str = NOW  # what new records' creation date-times read
    index_lag: int | None = None
    index: dict[str, Stored] = field(default_factory=dict)  # what search sees
    pending: list[tuple[int, Stored]] = field(default_factory=list)  # (search count it shows at, snapshot)
    searches: int = 0

    def add(self, object_type: str, properties: dict[str, str], *, indexed: bool = True) -> Stored:
        object_id = str(self.next_id)
        self.next_id += 1
        created = {name: self.now for name in READ_ONLY[object_type] if name != "hs_object_id"}
        stored = Stored(object_id, object_type, {"hs_object_id": object_id, **created}, created=self.now)
        stored.properties.update({k: normalized(k, v) for k, v in properties.items()})
        self.objects[object_id] = stored
        if indexed:
            self.index[object_id] = copy.deepcopy(stored)
        else:
            self.changed(stored)
        return stored

    def changed(self, stored: Stored) -> None:
        """A write through the API: the index learns of it later."""
        due = self.searches + self.index_lag if self.index_lag is not None else -1
        self.pending.append((due, copy.deepcopy(stored)))

    def catch_up(self) -> None:
        """The index learns of every write so far."""
        for _, snapshot in self.pending:
            self.index[snapshot.id] = snapshot
        self.pending.clear()

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
        """The live objects matching ``groups`` (for tests' assertions; the search endpoint uses the index)."""
        candidates = [o for o in self.objects.values() if o.type == object_type and not o.archived]
        return self._matching(candidates, groups)

    def search_index(self, object_type: str, groups: list[dict[str, Any]]) -> list[Stored]:
        """What HubSpot's search answers: the indexed copies matching ``groups``, after one more search has passed."""
        self.searches += 1
        due = [(at, s) for at, s in self.pending if 0 <= at <= self.searches]
        for entry in due:
            self.index[entry[1].id] = entry[1]
            self.pending.remove(entry)
        candidates = [o for o in self.index.values() if o.type == object_type and not o.archived]
        return self._matching(sorted(candidates, key=lambda o: int(o.id)), groups)

    def _matching(self, candidates: list[Stored], groups: list[dict[str, Any]]) -> list[Stored]:
        if not groups:
            return candidates
        return [o for o in candidates if any(all(self._holds(o, f) for f in g["filters"]) for g in groups)]

    def _holds(self, stored: Stored, rule: dict[str, Any]) -> bool:
        name, operator = rule["propertyName"], rule["operator"]
        if name.startswith("associations."):
            if operator != "EQ" or "values" in rule:
                raise ValueError(f"{name} takes EQ with one record id")
            linked = self.associated(stored.type, stored.id, SINGULAR[name.split(".", 1)[1]])
            return str(rule.get("value")) in linked
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
