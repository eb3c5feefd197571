"""Contract filters → HubSpot search filter groups, and the exact contract match applied to what comes back.

HubSpot's ``CONTAINS_TOKEN`` matches tokens, not substrings, so text filters ask for the longest word of the text
as a wildcard token (``*word*``): a superset. ``matches`` then applies the contract's semantics exactly
(case-insensitive containment, ``gt``/``lt``, ``in``) to the records built from the results. Stage and status
texts are matched against the contract's values first and sent as the stage ids they map to (``IN``, values in
lower case as HubSpot requires); enumeration texts likewise become the options whose label contains them.

Records linked through an association (a deal's company) are filtered with the documented form only:
``associations.company`` ``EQ`` one id, so "linked to any of these" is one filter group per id (OR across groups),
packed into requests within HubSpot's limits (``requests``).
"""

import itertools
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from integrations.base.errors import PermanentError
from integrations.base.records import DATE_FIELDS, DateRangeFilter, InFilter, RangeFilter
from integrations.crm.dates import date_range
from integrations.crm.hubspot.mapping import DATE_KINDS, NUMERIC_FIELDS, Prop
from integrations.crm.hubspot.values import SERVICE, Values, number_text

Filter = dict[str, Any]
Group = list[Filter]
_WORD = re.compile(r"\w+")
MAX_GROUPS, MAX_FILTERS_PER_GROUP, MAX_FILTERS = 5, 6, 18  # HubSpot's limits per search request


class NoMatchError(Exception):
    """A filter no record can satisfy (e.g. a stage text that names no stage): the answer is empty."""


def filter_groups(fields: Mapping[str, Prop], filters: Mapping[str, Any], values: Values) -> list[Group]:
    """OR-ed groups of AND-ed filters for the filters on ``fields``; raises ``NoMatchError``."""
    per_field = [_alternatives(spec, filters[name], values) for name, spec in fields.items() if name in filters]
    groups = [[f for part in combination for f in part] for combination in itertools.product(*per_field)]
    return [group for group in groups if group] or []


def linked_to(groups: list[Group], pseudo_property: str, ids: Sequence[str]) -> list[Group]:
    """``groups`` restricted to records associated with one of ``ids``: each group once per id."""
    return [[{"propertyName": pseudo_property, "operator": "EQ", "value": i}, *g] for i in ids for g in groups or [[]]]


def requests(groups: list[Group]) -> list[list[Group]]:
    """``groups`` packed into as few search requests as HubSpot's limits allow ([] for "everything"). A group
    longer than HubSpot allows keeps its first filters: fewer filters find more, and ``matches`` checks them all."""
    packed: list[list[Group]] = []
    for group in (g[:MAX_FILTERS_PER_GROUP] for g in groups):
        last = packed[-1] if packed else None
        if last is None or len(last) == MAX_GROUPS or sum(map(len, last)) + len(group) > MAX_FILTERS:
            packed.append([group])
        else:
            last.append(group)
    return packed or [[]]


def _alternatives(spec: Prop, wanted: Any, values: Values) -> list[Group]:
    name = spec.names[0]
    if isinstance(wanted, dict) and "in" in wanted:
        choices = InFilter.model_validate(wanted).in_
        return [[_in(name, _in_values(spec, choices, values))]] if spec.kind != "person_name" else [[]]
    if isinstance(wanted, dict) and spec.kind in DATE_KINDS:
        return [[_at(name, op, day) for op, day in day_bounds(DateRangeFilter.model_validate(wanted))]]
    if isinstance(wanted, dict):
        bounds = RangeFilter.model_validate(wanted)
        if spec.kind != "number":
            raise PermanentError("only numbers and dates can be filtered by a range", service=SERVICE)
        parts = [("GT", bounds.gt), ("LT", bounds.lt)]
        return [[{"propertyName": name, "operator": op, "value": number_text(b)} for op, b in parts if b is not None]]
    text = str(wanted)
    if spec.kind == "number":
        try:
            return [[{"propertyName": name, "operator": "EQ", "value": number_text(float(text))}]]
        except ValueError as error:
            raise PermanentError(f"{text!r} is not a number", service=SERVICE) from error
    if spec.kind in ("deal_stage", "lead_status", "task_status"):
        named = [choice for choice in values.choices(spec.kind) if text.casefold() in choice]
        return [[_in(name, values.stage_ids(spec.kind, named))]]
    if spec.kind == "owner":
        return [[_in(name, values.owner_ids(text, exact=False))]]
    if spec.kind == "enum":
        return [[_in(name, values.enum_values(spec, text, exact=False))]]
    if spec.kind in DATE_KINDS:
        start, end = date_range(text, service=SERVICE)
        return [[_at(name, "GTE", start), _at(name, "LT", end)]]
    words = sorted(_WORD.findall(text), key=len, reverse=True)
    if not words:
        return [[]]
    token = {"operator": "CONTAINS_TOKEN", "value": f"*{words[0]}*"}
    return [[{"propertyName": property_name, **token}] for property_name in spec.names]


def _in_values(spec: Prop, choices: list[str], values: Values) -> list[str]:
    if spec.kind in ("deal_stage", "lead_status", "task_status"):
        return values.stage_ids(spec.kind, [choice.casefold() for choice in choices])
    if spec.kind == "owner":
        return [owner for choice in choices for owner in values.owner_ids(choice, exact=True)]
    if spec.kind == "number":
        return [number_text(float(choice)) for choice in choices]
    if spec.kind == "enum":
        return [value for choice in choices for value in values.enum_values(spec, choice, exact=True)]
    return [next(iter(values.encode(spec, choice).values())) for choice in choices]


def _in(name: str, found: list[str]) -> Filter:
    if not found:
        raise NoMatchError
    return {"propertyName": name, "operator": "IN", "values": sorted({value.lower() for value in found})}


def day_bounds(bounds: DateRangeFilter) -> list[tuple[str, date]]:
    """``{gte, gt, lt, lte}`` days as ``GTE``/``LT`` bounds at the starts of days (any time of a day is in it)."""
    after = [bounds.gte, bounds.gt and bounds.gt + timedelta(days=1)]
    before = [bounds.lt, bounds.lte and bounds.lte + timedelta(days=1)]
    return [("GTE", day) for day in after if day] + [("LT", day) for day in before if day]


def _at(name: str, operator: str, day: date) -> Filter:
    millis = int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000)
    return {"propertyName": name, "operator": operator, "value": str(millis)}


def matches(record: Mapping[str, Any], filters: Mapping[str, Any]) -> bool:
    """The contract's filter semantics (contract §3), as the local workspace applies them."""
    return all(_field_matches(name, record.get(name), wanted) for name, wanted in filters.items())


def _field_matches(name: str, have: Any, wanted: Any) -> bool:
    if have is None:
        return False
    if name == "about":
        return isinstance(wanted, dict) and (have["entityType"], have["id"]) == (wanted["entityType"], wanted["id"])
    if isinstance(wanted, dict) and "in" in wanted:
        return str(have).casefold() in {str(choice).casefold() for choice in wanted["in"]}
    if isinstance(wanted, dict) and name in DATE_FIELDS:
        return _within(str(have)[:10], DateRangeFilter.model_validate(wanted))
    if isinstance(wanted, dict):
        number = float(have)
        low, high = wanted.get("gt"), wanted.get("lt")
        return (low is None or number > float(low)) and (high is None or number < float(high))
    if name in NUMERIC_FIELDS and isinstance(wanted, int | float) and not isinstance(wanted, bool):
        return float(have) == float(wanted)
    return str(wanted).casefold() in str(have).casefold()


def _within(day: str, bounds: DateRangeFilter) -> bool:
    """An ISO day against ``{gte, gt, lt, lte}`` (ISO days compare as text)."""
    gte, gt, lt, lte = (d.isoformat() if d else None for d in (bounds.gte, bounds.gt, bounds.lt, bounds.lte))
    return (
        (gte is None or day >= gte)
        and (gt is None or day > gt)
        and (lt is None or day < lt)
        and (lte is None or day <= lte)
    )
