"""Contract filters (contract §3) → SOQL conditions: containment is ``LIKE '%…%'`` (case-insensitive in SOQL),
numbers compare, stage and status texts become the picklist values they map to (``IN``)."""

from collections.abc import Mapping
from datetime import date
from typing import Any

from integrations.base.errors import PermanentError
from integrations.base.records import InFilter, RangeFilter
from integrations.crm.dates import date_range
from integrations.crm.salesforce import soql
from integrations.crm.salesforce.mapping import Column, SObjectMap
from integrations.crm.salesforce.values import SERVICE, Picklists


class NoMatchError(Exception):
    """A filter no record can satisfy (e.g. a stage text that names no stage): the answer is empty."""


def conditions(entity: SObjectMap, filters: Mapping[str, Any], picklists: Picklists) -> list[str]:
    found: list[str] = []
    for name, wanted in filters.items():
        spec = entity.fields.get(name)
        if spec is None:
            raise PermanentError(f"{entity.entity_type} has no field {name!r}", service=SERVICE)
        found.extend(_conditions(spec, wanted, picklists))
    return found


def _conditions(spec: Column, wanted: Any, picklists: Picklists) -> list[str]:
    field = spec.read
    if isinstance(wanted, dict) and "in" in wanted:
        choices = InFilter.model_validate(wanted).in_
        return [f"{field} IN {soql.listed(_literals(spec, choices, picklists))}"]
    if isinstance(wanted, dict):
        bounds = RangeFilter.model_validate(wanted)
        if spec.kind != "number":
            raise PermanentError("only numbers can be filtered by a range", service=SERVICE)
        parts = [(">", bounds.gt), ("<", bounds.lt)]
        return [f"{field} {op} {soql.number(bound)}" for op, bound in parts if bound is not None]
    text = str(wanted)
    if spec.kind == "number":
        return [f"{field} = {soql.number(_float(text))}"]
    if spec.kind in ("deal_stage", "lead_status"):
        named = [choice for choice in picklists.choices(spec.kind) if text.casefold() in choice]
        return [f"{field} IN {soql.listed(_picklist_literals(spec, named, picklists))}"]
    if spec.kind == "date":
        start, end = date_range(text, service=SERVICE)
        return [f"{field} >= {soql.day(start)}", f"{field} < {soql.day(end)}"]
    return [f"{field} LIKE {soql.containing(text)}"]


def _literals(spec: Column, choices: list[str], picklists: Picklists) -> list[str]:
    if spec.kind in ("deal_stage", "lead_status"):
        return _picklist_literals(spec, [choice.casefold() for choice in choices], picklists)
    if spec.kind == "number":
        return [soql.number(_float(choice)) for choice in choices]
    if spec.kind == "date":
        return [soql.day(_date(choice)) for choice in choices]
    return [soql.quoted(choice) for choice in choices]


def _picklist_literals(spec: Column, contract_values: list[str], picklists: Picklists) -> list[str]:
    labels = picklists.labels(spec.kind, contract_values)
    if not labels:
        raise NoMatchError
    return [soql.quoted(label) for label in labels]


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError as error:
        raise PermanentError(f"{text!r} is not a number", service=SERVICE) from error


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError as error:
        raise PermanentError(f"{text!r} is not a date (YYYY-MM-DD)", service=SERVICE) from error
