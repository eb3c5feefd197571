"""Where each CRM entity type lives: its table, its id prefix (``contact-3``, ``note-2``), field → column.

A note's or task's ``about`` is stored as one text, ``<entityType>:<id>`` (``Account:account-3``).
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from integrations.base.records import FIELDS_BY_ENTITY, About

DEAL_CONTACT_FIELDS = ("contacts", "addContacts", "removeContacts")


def _column_of(field_name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", field_name).lower()


@dataclass(frozen=True)
class EntityTable:
    """Where an entity type lives: its table, its id prefix, and contract field → column."""

    entity_type: str
    table: str
    prefix: str
    numeric: frozenset[str] = frozenset()
    virtual: frozenset[str] = frozenset()  # fields kept in a table of their own (a deal's contacts)
    columns: Mapping[str, str] = field(init=False)

    def __post_init__(self) -> None:
        names = FIELDS_BY_ENTITY[self.entity_type].model_fields
        object.__setattr__(self, "columns", {name: _column_of(name) for name in names if name not in self.virtual})

    def public_id(self, row_id: int) -> str:
        return f"{self.prefix}-{row_id}"

    def row_id(self, public_id: str) -> int | None:
        match = re.fullmatch(rf"{self.prefix}-(\d+)", public_id.strip())
        return int(match.group(1)) if match else None


ENTITY_TABLES: dict[str, EntityTable] = {
    "Contact": EntityTable("Contact", "contacts", "contact"),
    "Lead": EntityTable("Lead", "leads", "lead"),
    "Deal": EntityTable("Deal", "deals", "deal", numeric=frozenset({"amount"}), virtual=frozenset(DEAL_CONTACT_FIELDS)),
    "Account": EntityTable("Account", "accounts", "account"),
    "Note": EntityTable("Note", "notes", "note"),
    "Task": EntityTable("Task", "tasks", "task"),
    "Activity": EntityTable("Activity", "activities", "activity"),
}


def about_key(about: About) -> str:
    return f"{about.entityType}:{about.id.strip()}"


def about_value(key: str | None) -> dict[str, Any] | None:
    if not key:
        return None
    entity_type, _, public_id = key.partition(":")
    return {"entityType": entity_type, "id": public_id}
