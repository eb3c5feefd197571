"""``fetch_entity`` filters as SQL (contract §3): text by case-insensitive containment, numbers by equality or
``{"gt", "lt"}``, closed sets by ``{"in": [...]}``, dates (``closeDate``, ``dueDate``, ``createdAt``) by
``{"gte", "gt", "lt", "lte"}`` on their ISO day, and ``about`` by the record it names.

``about`` takes ``{entityType, id}`` (that record exactly), or text: an id, or part of the name (or company) of
the records it may be about (``"Initech"`` → the notes on the Initech account, deal, lead and contacts).
"""

import sqlite3
from collections.abc import Callable
from typing import Any

from integrations.base.errors import PermanentError
from integrations.base.records import DATE_FIELDS, About, DateRangeFilter, InFilter, RangeFilter
from integrations.local.crm_tables import ENTITY_TABLES, EntityTable, about_key
from integrations.local.database import SERVICE

Condition = tuple[str, list[Any]]

_NAMED_BY = {
    "Contact": ("name", "company"),
    "Lead": ("name", "company"),
    "Deal": ("name", "company"),
    "Account": ("name",),
}
"""What a record a note or task is about may be named by, per type (``RecordType``)."""


def condition(connection: sqlite3.Connection, entity: EntityTable, name: str, value: Any) -> Condition:
    if entity.entity_type == "Deal" and name == "contacts":  # (v3) deals that have this contact
        contact = ENTITY_TABLES["Contact"].row_id(str(value))
        return "EXISTS (SELECT 1 FROM deal_contacts l WHERE l.deal_id = deals.id AND l.contact_id = ?)", [contact]
    if name == "accountId":  # (v3) an Account id, exactly
        return "account_id = ?", [ENTITY_TABLES["Account"].row_id(str(value))]
    column = entity.columns.get(name)
    if column is None:
        raise PermanentError(f"{entity.entity_type} has no field {name!r} to filter on", service=SERVICE)
    if name == "about":
        return _about(connection, value)
    if isinstance(value, dict) and "in" in value:
        choices = InFilter.model_validate(value).in_
        return f"folded({column}) IN ({', '.join('?' for _ in choices)})", [c.casefold() for c in choices]
    if isinstance(value, dict) and name in DATE_FIELDS:
        return _date_range(column, DateRangeFilter.model_validate(value))
    if isinstance(value, dict):
        bounds = RangeFilter.model_validate(value)
        return _joined([(f"{column} > ?", bounds.gt), (f"{column} < ?", bounds.lt)])
    if name in entity.numeric and isinstance(value, int | float) and not isinstance(value, bool):
        return f"{column} = ?", [float(value)]
    return f"contains_folded({column}, ?)", [value]


def _date_range(column: str, bounds: DateRangeFilter) -> Condition:
    day = f"substr({column}, 1, 10)"  # the ISO day of a date or of a local timestamp
    iso: Callable[[Any], str | None] = lambda d: None if d is None else d.isoformat()  # noqa: E731
    return _joined(
        [
            (f"{day} > ?", iso(bounds.gt)),
            (f"{day} >= ?", iso(bounds.gte)),
            (f"{day} < ?", iso(bounds.lt)),
            (f"{day} <= ?", iso(bounds.lte)),
        ]
    )


def _about(connection: sqlite3.Connection, value: Any) -> Condition:
    if isinstance(value, dict):
        return "about = ?", [about_key(About.model_validate(value))]
    text = str(value)
    keys = [key for entity_type in _NAMED_BY if (key := _key_of_id(entity_type, text))]
    for entity_type, fields in _NAMED_BY.items():
        entity = ENTITY_TABLES[entity_type]
        matches = " OR ".join(f"contains_folded({entity.columns[field]}, ?)" for field in fields)
        rows = connection.execute(f"SELECT id FROM {entity.table} WHERE {matches}", [text] * len(fields))
        keys.extend(f"{entity_type}:{entity.public_id(row['id'])}" for row in rows)
    if not keys:
        return "0", []
    return f"about IN ({', '.join('?' for _ in keys)})", keys


def _key_of_id(entity_type: str, text: str) -> str | None:
    entity = ENTITY_TABLES[entity_type]
    row_id = entity.row_id(text)
    return None if row_id is None else f"{entity_type}:{entity.public_id(row_id)}"


def _joined(parts: list[tuple[str, Any]]) -> Condition:
    kept = [(sql, bound) for sql, bound in parts if bound is not None]
    return " AND ".join(sql for sql, _ in kept) or "1", [bound for _, bound in kept]
