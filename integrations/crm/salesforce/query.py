"""Contract filters (contract §3) → SOQL conditions: containment is ``LIKE '%…%'`` (case-insensitive in SOQL),
numbers compare, stage and status texts become the picklist values they map to (``IN``), dates compare by day
(``{gte, gt, lt, lte}``; a date-time by its day at UTC), a task's status is ``IsClosed``.

A note's body is a long text area, which SOQL cannot filter: ``conditions`` leaves it (and ``about``, see
``activities``) to the caller, which applies it to what the query returns (``LOCAL``).
"""

from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.records import DateRangeFilter, InFilter, RangeFilter
from integrations.crm.dates import date_range
from integrations.crm.salesforce import soql
from integrations.crm.salesforce.api import checked_id
from integrations.crm.salesforce.mapping import Column, SObjectMap
from integrations.crm.salesforce.values import SERVICE, Picklists


class NoMatchError(Exception):
    """A filter no record can satisfy (e.g. a stage text that names no stage): the answer is empty."""


LOCAL = {("Note", "body"), ("Note", "about"), ("Task", "about"), ("Activity", "about")}
"""Filters SOQL cannot apply (a long text area) or that ``activities`` turns into conditions."""


def conditions(entity: SObjectMap, filters: Mapping[str, Any], picklists: Picklists) -> list[str]:
    found: list[str] = []
    for name, wanted in filters.items():
        spec = entity.fields.get(name)
        if (entity.entity_type, name) in LOCAL:
            continue
        if spec is None:
            raise PermanentError(f"{entity.entity_type} has no field {name!r}", service=SERVICE)
        found.extend(_conditions(spec, wanted, picklists))
    return found


def _conditions(spec: Column, wanted: Any, picklists: Picklists) -> list[str]:
    field = spec.read
    if spec.kind == "task_status":
        return _closed(wanted)
    if isinstance(wanted, dict) and "in" in wanted:
        choices = InFilter.model_validate(wanted).in_
        return [f"{field} IN {soql.listed(_literals(spec, choices, picklists))}"]
    if isinstance(wanted, dict) and spec.kind in ("date", "datetime", "occurred"):
        return _days(spec, DateRangeFilter.model_validate(wanted))
    if isinstance(wanted, dict):
        bounds = RangeFilter.model_validate(wanted)
        if spec.kind != "number":
            raise PermanentError("only numbers and dates can be filtered by a range", service=SERVICE)
        parts = [(">", bounds.gt), ("<", bounds.lt)]
        return [f"{field} {op} {soql.number(bound)}" for op, bound in parts if bound is not None]
    text = str(wanted)
    if spec.kind == "record_id":  # an id is compared whole (SOQL's LIKE takes text fields only)
        try:
            return [f"{field} = {soql.quoted(checked_id(text))}"]
        except NotFoundError as error:
            raise NoMatchError(text) from error
    if spec.kind == "number":
        return [f"{field} = {soql.number(_float(text))}"]
    if spec.kind in ("deal_stage", "lead_status"):
        named = [choice for choice in picklists.choices(spec.kind) if text.casefold() in choice]
        return [f"{field} IN {soql.listed(_picklist_literals(spec, named, picklists))}"]
    if spec.kind in ("date", "datetime", "occurred"):
        start, end = date_range(text, service=SERVICE)
        return _days(spec, DateRangeFilter(gte=start, lt=end))
    return [f"{field} LIKE {soql.containing(text)}"]


def _days(spec: Column, bounds: DateRangeFilter) -> list[str]:
    """Day bounds: a date compares with days, a date-time with the starts of days at UTC."""
    if spec.kind == "date":
        parts = [(">=", bounds.gte), (">", bounds.gt), ("<", bounds.lt), ("<=", bounds.lte)]
        return [f"{spec.read} {op} {soql.day(day)}" for op, day in parts if day is not None]
    after = [bounds.gte, bounds.gt and bounds.gt + timedelta(days=1)]
    before = [bounds.lt, bounds.lte and bounds.lte + timedelta(days=1)]
    return [f"{spec.read} >= {soql.day_start(d)}" for d in after if d] + [
        f"{spec.read} < {soql.day_start(d)}" for d in before if d
    ]


def _closed(wanted: Any) -> list[str]:
    """A task's status as ``IsClosed``: done is closed, open is not."""
    if isinstance(wanted, dict):
        named = {choice.casefold() for choice in InFilter.model_validate(wanted).in_} & {"open", "done"}
    else:
        named = {choice for choice in ("open", "done") if str(wanted).casefold() in choice}
    if not named:
        raise NoMatchError
    return [] if len(named) == 2 else [f"IsClosed = {'TRUE' if named == {'done'} else 'FALSE'}"]


def _literals(spec: Column, choices: list[str], picklists: Picklists) -> list[str]:
    if spec.kind in ("deal_stage", "lead_status"):
        return _picklist_literals(spec, [choice.casefold() for choice in choices], picklists)
    if spec.kind == "number":
        return [soql.number(_float(choice)) for choice in choices]
    if spec.kind == "date":
        return [soql.day(_date(choice)) for choice in choices]
    if spec.kind == "datetime":
        raise PermanentError("filter date-times by a range of days: {gte, gt, lt, lte}", service=SERVICE)
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
