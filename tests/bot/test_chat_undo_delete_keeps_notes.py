"""Undoing the delete of a CRM record makes it again with the notes and tasks that were on it: their ``about`` is
put on the new record (before, the record came back under a new id and its notes stayed on the old one: lost)."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _entities(tmp_path: Path, entity_type: str, filters: dict[str, Any]) -> list[dict[str, Any]]:
    found = read(
        tmp_path, "fetch_entity", FetchEntityArgs.model_validate({"entityType": entity_type, "filters": filters})
    )
    return list(found)


def test_a_lead_deleted_and_undone_keeps_its_notes(tmp_path: Path) -> None:
    chat(tmp_path, "hello")  # the workspace with its demo data
    [lead] = _entities(tmp_path, "Lead", {"name": "Marcus Bell"})
    notes = _entities(tmp_path, "Note", {"about": {"entityType": "Lead", "id": lead["id"]}})
    assert notes, "the demo lead has a note"
    chat(tmp_path, "delete the marcus bell lead", "a", "oops undo that", "a")
    [again] = _entities(tmp_path, "Lead", {"name": "Marcus Bell"})
    assert again["id"] != lead["id"]
    kept = _entities(tmp_path, "Note", {"about": {"entityType": "Lead", "id": again["id"]}})
    assert sorted(n["id"] for n in kept) == sorted(n["id"] for n in notes)


def test_undoing_the_delete_of_a_record_with_nothing_on_it_asks_nothing_more(tmp_path: Path) -> None:
    out = chat(tmp_path, "delete the contact dana whitfield", "a", "undo that", "a")
    assert out.count("╭─ Approve:") == 2  # the delete and the record made again; nothing to put back: no card
    [dana] = _entities(tmp_path, "Contact", {"name": "Dana Whitfield"})
    assert dana["email"] == "dana.whitfield@acme.com"
