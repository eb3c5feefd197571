"""Links between CRM records (v3): the contacts of a deal (``deal_contacts``, in the order they were linked) and
the account a contact works at (``contacts.account_id``). Ids are public (``contact-3``, ``account-1``); an id
that names no record is refused and nothing is written."""

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from integrations.base.errors import NotFoundError
from integrations.local.crm_tables import ENTITY_TABLES
from integrations.local.database import SERVICE


def row_of(connection: sqlite3.Connection, entity_type: str, public_id: str, *, purpose: str) -> int:
    entity = ENTITY_TABLES[entity_type]
    row_id = entity.row_id(public_id)
    found = row_id is not None and connection.execute(f"SELECT 1 FROM {entity.table} WHERE id = ?", [row_id]).fetchone()
    if row_id is None or not found:
        raise NotFoundError(f"no {entity_type} with id {public_id!r} {purpose}", service=SERVICE)
    return row_id


def link_deal_contacts(connection: sqlite3.Connection, deal_row: int, fields: Mapping[str, Any]) -> None:
    """Apply ``contacts`` (the whole list), ``addContacts`` and ``removeContacts`` to a deal."""
    current = deal_contacts(connection, [deal_row])[deal_row]
    if fields.get("contacts") is not None:
        current = []
        wanted: Sequence[str] = fields["contacts"]
    else:
        wanted = fields.get("addContacts") or ()
    removed = {row_of(connection, "Contact", c, purpose="to unlink") for c in fields.get("removeContacts") or ()}
    rows = [r for r in (ENTITY_TABLES["Contact"].row_id(c) for c in current) if r is not None and r not in removed]
    for contact in wanted:
        row = row_of(connection, "Contact", contact, purpose="to link to the deal")
        if row not in rows:
            rows.append(row)
    connection.execute("DELETE FROM deal_contacts WHERE deal_id = ?", [deal_row])
    connection.executemany(
        "INSERT INTO deal_contacts (deal_id, contact_id, position) VALUES (?, ?, ?)",
        [(deal_row, row, position) for position, row in enumerate(rows)],
    )


def deal_contacts(connection: sqlite3.Connection, deal_rows: Sequence[int]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {row: [] for row in deal_rows}
    if not deal_rows:
        return found
    contact = ENTITY_TABLES["Contact"]
    rows = connection.execute(
        f"SELECT deal_id, contact_id FROM deal_contacts WHERE deal_id IN ({', '.join('?' for _ in deal_rows)})"
        " ORDER BY deal_id, position",
        list(deal_rows),
    )
    for row in rows:
        found[row["deal_id"]].append(contact.public_id(row["contact_id"]))
    return found


def account_public_id(row_id: int | None) -> str | None:
    return None if row_id is None else ENTITY_TABLES["Account"].public_id(row_id)
