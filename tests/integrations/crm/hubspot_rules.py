"""What the fake HubSpot refuses, as HubSpot does: property values that do not fit their definition (unknown or
read-only properties, enumeration values outside the options, numbers, date-times, owners), missing required
properties, associations HubSpot does not define, and search requests past HubSpot's limits or using operators on
association pseudo-properties that HubSpot does not document. Each function returns the message of the 400, or
None."""

import json
import re
from collections.abc import Collection, Mapping
from typing import Any

from tests.integrations.crm.hubspot_schema import PROPERTIES, READ_ONLY, REQUIRED_ON_CREATE

MAX_GROUPS, MAX_FILTERS_PER_GROUP, MAX_FILTERS = 5, 6, 18
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?|\d+")

ASSOCIATION_TYPES: dict[tuple[str, str], int] = {
    ("deals", "companies"): 5,
    ("deals", "contacts"): 3,
    ("leads", "contacts"): 578,
    ("notes", "contacts"): 202,
    ("notes", "companies"): 190,
    ("notes", "deals"): 214,
    ("notes", "leads"): 854,
    ("tasks", "contacts"): 204,
    ("tasks", "companies"): 192,
    ("tasks", "deals"): 216,
    ("tasks", "leads"): 646,
    ("calls", "contacts"): 194,
    ("calls", "companies"): 182,
    ("calls", "deals"): 206,
    ("contacts", "companies"): 279,  # unlabeled; the primary company is type 1
}
"""HUBSPOT_DEFINED unlabeled association types the fake knows, from → to (HubSpot's ids; the lead ones are the
fake's own: clients read them from ``GET /crm/associations/2026-09/{from}/{to}/labels``)."""


def invalid_properties(
    object_type: str, properties: Mapping[str, Any], *, creating: bool, owners: Collection[str]
) -> str | None:
    defined = PROPERTIES[object_type]
    for name, value in properties.items():
        if name in READ_ONLY[object_type]:
            return f'Property values were not valid: Property "{name}" is read only'
        found = defined.get(name)
        if found is None:
            return f'Property values were not valid: Property "{name}" does not exist'
        if value in (None, ""):
            continue
        text = str(value)
        if name == "hubspot_owner_id" and text not in owners:
            return _not_valid(name, f"{text} is not a valid owner id", "INVALID_OWNER_ID")
        if found.type == "enumeration" and name != "hubspot_owner_id" and text not in found.values():
            allowed = ", ".join(f'label: "{label}" value: "{v}"' for v, label in found.options)
            return _not_valid(name, f"{text} was not one of the allowed options: [{allowed}]", "INVALID_OPTION")
        if found.type == "number" and not re.fullmatch(r"-?\d+(\.\d+)?", text):
            return _not_valid(name, f"{text} is not a valid number", "INVALID_FLOAT")
        if found.type == "datetime" and not _DATE_TIME.fullmatch(text):
            return _not_valid(name, f"{text} is not a valid date-time", "INVALID_DATE")
    if creating:
        missing = [n for n in REQUIRED_ON_CREATE.get(object_type, ()) if properties.get(n) in (None, "")]
        if missing:
            return f"Missing required properties: {missing}"
    return None


def _not_valid(name: str, message: str, error: str) -> str:
    detail = {"isValid": False, "message": message, "error": error, "name": name}
    return f"Property values were not valid: [{json.dumps(detail)}]"


def invalid_association(from_type: str, to_type: str | None, type_id: int, category: str) -> str | None:
    if to_type is None:
        return "One or more associations are invalid: the record to associate with does not exist"
    if category != "HUBSPOT_DEFINED" or ASSOCIATION_TYPES.get((from_type, to_type)) != type_id:
        return f"{category} association type {type_id} is not defined from {from_type} to {to_type}"
    return None


def search_problem(body: Mapping[str, Any]) -> str | None:
    groups = body.get("filterGroups") or []
    filters = [f for group in groups for f in group.get("filters") or []]
    if len(groups) > MAX_GROUPS or len(filters) > MAX_FILTERS:
        return f"Too many filter groups or filters: at most {MAX_GROUPS} groups and {MAX_FILTERS} filters"
    if any(len(group.get("filters") or []) > MAX_FILTERS_PER_GROUP for group in groups):
        return f"Too many filters in a group: at most {MAX_FILTERS_PER_GROUP}"
    for rule in filters:
        if str(rule.get("propertyName", "")).startswith("associations.") and (
            rule.get("operator") != "EQ" or "values" in rule
        ):
            return f"{rule['propertyName']} supports only the EQ operator with one value"
    return None
