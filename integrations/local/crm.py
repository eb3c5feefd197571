"""CRM records (Contact, Lead, Deal, Account, and v2's Note and Task): one table each, the contract's fields as
columns (``crm_tables``), filters as SQL (``crm_filters``).

Public ids are ``<kind>-<row id>`` (``contact-3``, ``note-12``); row ids are never reused. A note or task is
``about`` a Contact, Lead, Deal or Account that must exist; a note's ``createdAt`` is set by the workspace (its
clock, in its zone) and cannot be written. A task's ``dueDate`` is stored as an ISO date and ``status`` defaults
to ``open``; a lead's ``status`` to ``new``. Deleting a record leaves the notes and tasks about it as they are.

(v3) An Activity (a logged call, email or meeting) is about a record like a note; its ``occurredAt`` defaults to
when it is logged. A Deal shows its ``contacts`` (``crm_links``), changed as a whole or by ``addContacts`` /
``removeContacts``; a Contact's ``accountId`` names an Account that must exist.
"""

import sqlite3
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from pydantic import ValidationError

from integrations.base.arguments import CreateEntityArgs, DeleteEntityArgs, FetchEntityArgs, UpdateEntityArgs
from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.records import FIELDS_BY_ENTITY, REQUIRED_ON_CREATE, About, EntityType
from integrations.local.crm_filters import condition
from integrations.local.crm_links import account_public_id, deal_contacts, link_deal_contacts, row_of
from integrations.local.crm_tables import DEAL_CONTACT_FIELDS, ENTITY_TABLES, EntityTable, about_key, about_value
from integrations.local.database import SERVICE, inserted_row_id

DEFAULT_LIMIT = 100

CONTACT_ADDRESSES_NAMED = "SELECT folded(email) FROM contacts WHERE email IS NOT NULL AND contains_folded(name, ?)"
"""SQL: the (folded) addresses of the contacts whose name contains the parameter; matches people by name."""


def fetch_records(connection: sqlite3.Connection, args: FetchEntityArgs) -> list[dict[str, Any]]:
    entity = ENTITY_TABLES[args.entityType]
    conditions: list[str] = []
    parameters: list[Any] = []
    for name, value in args.filters.items():
        sql, values = condition(connection, entity, name, value)
        conditions.append(sql)
        parameters.extend(values)
    where = " AND ".join(f"({sql})" for sql in conditions) or "1"
    rows = connection.execute(
        f"SELECT * FROM {entity.table} WHERE {where} ORDER BY id LIMIT ?",
        [*parameters, args.limit or DEFAULT_LIMIT],
    ).fetchall()
    return _records(connection, entity, rows)


def create_record(connection: sqlite3.Connection, args: CreateEntityArgs, *, now: datetime) -> dict[str, Any]:
    """Insert a record; ``now`` (aware, in the workspace's zone) dates a note."""
    entity = ENTITY_TABLES[args.entityType]
    values = _stored_values(connection, entity, args.fields)
    if args.entityType == "Deal" and not values.get("name") and values.get("company"):
        values["name"] = f"{values['company']} deal"
    if args.entityType == "Lead" and not values.get("status"):
        values["status"] = "new"  # a lead nobody has worked yet, as a CRM starts one
    if args.entityType == "Note":
        values["createdAt"] = now.isoformat(timespec="seconds")
    if args.entityType == "Activity" and not values.get("occurredAt"):
        values["occurredAt"] = now.isoformat(timespec="seconds")
    columns = [entity.columns[name] for name in values]
    marks = ", ".join("?" for _ in columns)
    cursor = connection.execute(
        f"INSERT INTO {entity.table} ({', '.join(columns)}) VALUES ({marks})", list(values.values())
    )
    row_id = inserted_row_id(cursor)
    if args.entityType == "Deal" and args.fields.get("contacts"):
        link_deal_contacts(connection, row_id, args.fields)
    return _load(connection, entity, row_id)


def update_record(connection: sqlite3.Connection, args: UpdateEntityArgs) -> dict[str, Any]:
    entity = ENTITY_TABLES[args.entityType]
    row_id = _existing_row_id(connection, entity, args.id)
    if args.entityType == "Task" and "status" in args.fields and args.fields["status"] is None:
        raise PermanentError("a Task's status is open or done", service=SERVICE)
    values = _stored_values(connection, entity, args.fields, keep_nulls=True)
    assignments = ", ".join(f"{entity.columns[name]} = ?" for name in values)
    try:
        if values:
            connection.execute(f"UPDATE {entity.table} SET {assignments} WHERE id = ?", [*values.values(), row_id])
    except sqlite3.IntegrityError as error:
        raise _lost_required(args.entityType) from error
    if args.entityType == "Deal" and set(DEAL_CONTACT_FIELDS) & set(args.fields):
        link_deal_contacts(connection, row_id, args.fields)
    record = _load(connection, entity, row_id)
    if not any(record.get(name) not in (None, "") for name in REQUIRED_ON_CREATE[args.entityType]):
        raise _lost_required(args.entityType)
    return record


def delete_record(connection: sqlite3.Connection, args: DeleteEntityArgs) -> dict[str, Any]:
    entity = ENTITY_TABLES[args.entityType]
    row_id = _existing_row_id(connection, entity, args.id)
    connection.execute(f"DELETE FROM {entity.table} WHERE id = ?", [row_id])
    return {"id": entity.public_id(row_id)}


def insert_record(
    connection: sqlite3.Connection, entity_type: EntityType, fields: Mapping[str, Any], *, now: datetime
) -> str:
    """Validate and insert a record given as plain values (demo data); returns its public id."""
    args = CreateEntityArgs.model_validate({"entityType": entity_type, "fields": dict(fields)})
    return str(create_record(connection, args, now=now)["id"])


def _stored_values(
    connection: sqlite3.Connection, entity: EntityTable, fields: Mapping[str, Any], *, keep_nulls: bool = False
) -> dict[str, Any]:
    """The fields as column values: validated by the entity's model, ``about`` checked and stored as one text."""
    unknown = set(fields) - set(entity.columns) - entity.virtual
    if unknown:
        raise PermanentError(f"{entity.entity_type} has no field {sorted(unknown)[0]!r}", service=SERVICE)
    try:
        model = FIELDS_BY_ENTITY[entity.entity_type].model_validate(dict(fields))
    except ValidationError as error:
        wrong = "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg'].removeprefix('Value error, ')}" for e in error.errors()
        )
        message = f"invalid {entity.entity_type} fields ({wrong}); nothing was written"
        raise PermanentError(message, service=SERVICE) from error
    except ValueError as error:
        raise PermanentError(f"invalid {entity.entity_type} fields: {error}", service=SERVICE) from error
    values: dict[str, Any] = {}
    for name in fields:
        if name in entity.virtual:
            continue
        value = getattr(model, name)
        if value is None and not keep_nulls:
            continue
        if name == "accountId" and value is not None:
            value = row_of(connection, "Account", value, purpose="for the contact to work at")
        elif isinstance(value, About):
            _check_about_exists(connection, entity.entity_type, value)
            value = about_key(value)
        elif isinstance(value, date):
            value = value.isoformat()
        elif name in entity.numeric and value is not None:
            value = float(value)
        values[name] = value
    return values


def _check_about_exists(connection: sqlite3.Connection, entity_type: str, about: About) -> None:
    target = ENTITY_TABLES[about.entityType]
    row_id = target.row_id(about.id)
    found = row_id is not None and connection.execute(f"SELECT 1 FROM {target.table} WHERE id = ?", [row_id]).fetchone()
    if not found:
        raise NotFoundError(
            f"no {about.entityType} with id {about.id!r} for the {entity_type} to be about", service=SERVICE
        )


def _lost_required(entity_type: str) -> PermanentError:
    needed = REQUIRED_ON_CREATE[entity_type]
    return PermanentError(f"a {entity_type} cannot lose its {' or '.join(needed)}", service=SERVICE)


def _existing_row_id(connection: sqlite3.Connection, entity: EntityTable, public_id: str) -> int:
    row_id = entity.row_id(public_id)
    found = row_id is not None and connection.execute(f"SELECT 1 FROM {entity.table} WHERE id = ?", [row_id]).fetchone()
    if row_id is None or not found:
        raise NotFoundError(f"no {entity.entity_type} with id {public_id!r}", service=SERVICE)
    return row_id


def _load(connection: sqlite3.Connection, entity: EntityTable, row_id: int) -> dict[str, Any]:
    row = connection.execute(f"SELECT * FROM {entity.table} WHERE id = ?", [row_id]).fetchone()
    return _records(connection, entity, [row])[0]


def _records(connection: sqlite3.Connection, entity: EntityTable, rows: list[sqlite3.Row]) -> list[dict[str, Any]]:
    contacts = deal_contacts(connection, [row["id"] for row in rows]) if entity.entity_type == "Deal" else {}
    found = []
    for row in rows:
        record: dict[str, Any] = {"id": entity.public_id(row["id"])}
        for name, column in entity.columns.items():
            if name == "about":
                record[name] = about_value(row[column])
            elif name == "accountId":
                record[name] = account_public_id(row[column])
            else:
                record[name] = row[column]
        if entity.entity_type == "Deal":
            record["contacts"] = contacts[row["id"]]
        found.append(record)
    return found
