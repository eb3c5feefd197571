"""CRM records (Contact, Lead, Deal, Account): one table each, the contract's fields as columns.

Public ids are ``<kind>-<row id>`` (``contact-3``, ``deal-12``); row ids are never reused. Filters (contract §3)
compare text case-insensitively by containment, numbers by equality or ``{"gt": n}``/``{"lt": n}``, and any
field accepts ``{"in": [...]}`` (case-insensitive equality with one of the values).
"""

import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from integrations.base.arguments import CreateEntityArgs, DeleteEntityArgs, FetchEntityArgs, UpdateEntityArgs
from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.records import FIELDS_BY_ENTITY, REQUIRED_ON_CREATE, EntityType, InFilter, RangeFilter
from integrations.local.database import SERVICE, inserted_row_id

DEFAULT_LIMIT = 100

CONTACT_ADDRESSES_NAMED = "SELECT folded(email) FROM contacts WHERE email IS NOT NULL AND contains_folded(name, ?)"
"""SQL: the (folded) addresses of the contacts whose name contains the parameter; matches people by name."""


def _column_of(field_name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", field_name).lower()


@dataclass(frozen=True)
class EntityTable:
    """Where an entity type lives: its table, its id prefix, and contract field → column."""

    entity_type: str
    table: str
    prefix: str
    numeric: frozenset[str] = frozenset()
    columns: Mapping[str, str] = field(init=False)

    def __post_init__(self) -> None:
        names = FIELDS_BY_ENTITY[self.entity_type].model_fields
        object.__setattr__(self, "columns", {name: _column_of(name) for name in names})

    def public_id(self, row_id: int) -> str:
        return f"{self.prefix}-{row_id}"

    def row_id(self, public_id: str) -> int | None:
        match = re.fullmatch(rf"{self.prefix}-(\d+)", public_id.strip())
        return int(match.group(1)) if match else None


ENTITY_TABLES: dict[str, EntityTable] = {
    "Contact": EntityTable("Contact", "contacts", "contact"),
    "Lead": EntityTable("Lead", "leads", "lead"),
    "Deal": EntityTable("Deal", "deals", "deal", numeric=frozenset({"amount"})),
    "Account": EntityTable("Account", "accounts", "account"),
}


def fetch_records(connection: sqlite3.Connection, args: FetchEntityArgs) -> list[dict[str, Any]]:
    entity = ENTITY_TABLES[args.entityType]
    conditions: list[str] = []
    parameters: list[Any] = []
    for name, value in args.filters.items():
        condition, values = _condition(entity, name, value)
        conditions.append(condition)
        parameters.extend(values)
    where = " AND ".join(conditions) or "1"
    rows = connection.execute(
        f"SELECT * FROM {entity.table} WHERE {where} ORDER BY id LIMIT ?",
        [*parameters, args.limit or DEFAULT_LIMIT],
    ).fetchall()
    return [_record(entity, row) for row in rows]


def create_record(connection: sqlite3.Connection, args: CreateEntityArgs) -> dict[str, Any]:
    entity = ENTITY_TABLES[args.entityType]
    values = _stored_values(entity, args.fields)
    if args.entityType == "Deal" and not values.get("name") and values.get("company"):
        values["name"] = f"{values['company']} deal"
    columns = [entity.columns[name] for name in values]
    marks = ", ".join("?" for _ in columns)
    cursor = connection.execute(
        f"INSERT INTO {entity.table} ({', '.join(columns)}) VALUES ({marks})", list(values.values())
    )
    return _load(connection, entity, inserted_row_id(cursor))


def update_record(connection: sqlite3.Connection, args: UpdateEntityArgs) -> dict[str, Any]:
    entity = ENTITY_TABLES[args.entityType]
    row_id = _existing_row_id(connection, entity, args.id)
    values = _stored_values(entity, args.fields, keep_nulls=True)
    assignments = ", ".join(f"{entity.columns[name]} = ?" for name in values)
    connection.execute(f"UPDATE {entity.table} SET {assignments} WHERE id = ?", [*values.values(), row_id])
    record = _load(connection, entity, row_id)
    needed = REQUIRED_ON_CREATE[args.entityType]
    if not any(record.get(name) not in (None, "") for name in needed):
        raise PermanentError(f"a {args.entityType} cannot lose its {' or '.join(needed)}", service=SERVICE)
    return record


def delete_record(connection: sqlite3.Connection, args: DeleteEntityArgs) -> dict[str, Any]:
    entity = ENTITY_TABLES[args.entityType]
    row_id = _existing_row_id(connection, entity, args.id)
    connection.execute(f"DELETE FROM {entity.table} WHERE id = ?", [row_id])
    return {"id": entity.public_id(row_id)}


def insert_record(connection: sqlite3.Connection, entity_type: EntityType, fields: Mapping[str, Any]) -> str:
    """Validate and insert a record given as plain values (demo data); returns its public id."""
    args = CreateEntityArgs.model_validate({"entityType": entity_type, "fields": dict(fields)})
    return str(create_record(connection, args)["id"])


def _condition(entity: EntityTable, name: str, value: Any) -> tuple[str, list[Any]]:
    column = entity.columns.get(name)
    if column is None:
        raise PermanentError(f"{entity.entity_type} has no field {name!r} to filter on", service=SERVICE)
    if isinstance(value, dict) and "in" in value:
        choices = InFilter.model_validate(value).in_
        return f"folded({column}) IN ({', '.join('?' for _ in choices)})", [c.casefold() for c in choices]
    if isinstance(value, dict):
        bounds = RangeFilter.model_validate(value)
        parts = [(f"{column} > ?", bounds.gt), (f"{column} < ?", bounds.lt)]
        kept = [(sql, bound) for sql, bound in parts if bound is not None]
        return " AND ".join(sql for sql, _ in kept), [bound for _, bound in kept]
    if name in entity.numeric and isinstance(value, int | float) and not isinstance(value, bool):
        return f"{column} = ?", [float(value)]
    return f"contains_folded({column}, ?)", [value]


def _stored_values(entity: EntityTable, fields: Mapping[str, Any], *, keep_nulls: bool = False) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, value in fields.items():
        if name not in entity.columns:
            raise PermanentError(f"{entity.entity_type} has no field {name!r}", service=SERVICE)
        if value is None and not keep_nulls:
            continue
        values[name] = float(value) if name in entity.numeric and value is not None else value
    return values


def _existing_row_id(connection: sqlite3.Connection, entity: EntityTable, public_id: str) -> int:
    row_id = entity.row_id(public_id)
    found = row_id is not None and connection.execute(f"SELECT 1 FROM {entity.table} WHERE id = ?", [row_id]).fetchone()
    if row_id is None or not found:
        raise NotFoundError(f"no {entity.entity_type} with id {public_id!r}", service=SERVICE)
    return row_id


def _load(connection: sqlite3.Connection, entity: EntityTable, row_id: int) -> dict[str, Any]:
    row = connection.execute(f"SELECT * FROM {entity.table} WHERE id = ?", [row_id]).fetchone()
    return _record(entity, row)


def _record(entity: EntityTable, row: sqlite3.Row) -> dict[str, Any]:
    return {"id": entity.public_id(row["id"]), **{name: row[column] for name, column in entity.columns.items()}}
