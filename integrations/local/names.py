"""The names the workspace holds, for grounding the understanding: people and companies of the CRM, deal names,
event titles and the senders of received mail, each with its kind. Read in one query per table, no contents."""

import sqlite3
from typing import Literal

NameKind = Literal["contact", "lead", "account", "deal", "event", "sender"]

_QUERIES: tuple[tuple[NameKind, str], ...] = (
    ("contact", "SELECT DISTINCT name FROM contacts"),
    ("lead", "SELECT DISTINCT name FROM leads"),
    ("account", "SELECT DISTINCT name FROM accounts"),
    ("deal", "SELECT DISTINCT name FROM deals"),
    ("event", "SELECT DISTINCT title FROM events WHERE removed = 0"),
    ("sender", "SELECT DISTINCT sender_name FROM messages WHERE folder = 'inbox'"),
)


def list_names(db: sqlite3.Connection) -> list[tuple[str, NameKind]]:
    """Every non-empty name with its kind, in table order."""
    found: list[tuple[str, NameKind]] = []
    for kind, query in _QUERIES:
        found += [(name.strip(), kind) for (name,) in db.execute(query) if isinstance(name, str) and name.strip()]
    return found
