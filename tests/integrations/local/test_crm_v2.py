"""Local CRM v2: notes and tasks on the demo records, filters by record and by date."""

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.local import LocalWorkspace
from tests.integrations.contract_suite import run

THIS_WEEK = {"gte": "2026-03-02", "lt": "2026-03-09"}


async def test_notes_are_found_by_their_record_or_its_name(workspace: LocalWorkspace) -> None:
    (acme,) = await run(workspace, "fetch_entity", entityType="Account", filters={"name": "Acme"})
    about = {"entityType": "Account", "id": acme["id"]}
    (note,) = await run(workspace, "fetch_entity", entityType="Note", filters={"about": about})
    assert note["body"].startswith("Laura confirmed budget approval")
    assert note["createdAt"] == "2026-02-25T16:10:00-05:00"
    by_name = await run(workspace, "fetch_entity", entityType="Note", filters={"about": "globex"})
    assert [n["about"]["entityType"] for n in by_name] == ["Deal"]  # the note on the Globex deal
    assert await run(workspace, "fetch_entity", entityType="Note", filters={"about": acme["id"]}) == [note]
    assert await run(workspace, "fetch_entity", entityType="Note", filters={"about": "Umbrella"}) == []


async def test_a_new_note_is_dated_by_the_workspace_clock(workspace: LocalWorkspace) -> None:
    (initech,) = await run(workspace, "fetch_entity", entityType="Account", filters={"name": "Initech"})
    note = await run(
        workspace,
        "create_entity",
        entityType="Note",
        fields={"body": "They asked for SSO support.", "about": {"entityType": "Account", "id": initech["id"]}},
    )
    assert note["createdAt"] == "2026-03-02T09:00:01-05:00"  # the ticking clock's second reading
    today = await run(workspace, "fetch_entity", entityType="Note", filters={"createdAt": {"gte": "2026-03-02"}})
    assert today == [note]


async def test_this_weeks_open_tasks(workspace: LocalWorkspace) -> None:
    found = await run(
        workspace, "fetch_entity", entityType="Task", filters={"dueDate": THIS_WEEK, "status": {"in": ["open"]}}
    )
    assert [(task["subject"], task["dueDate"], task["owner"]) for task in found] == [
        ("Send the revised proposal to Acme", "2026-03-06", "Sarah Lee"),
        ("Prepare the 250-seat quote for Globex", "2026-03-04", "John Smith"),
    ]
    done = await run(workspace, "fetch_entity", entityType="Task", filters={"status": "done"})
    assert [task["subject"] for task in done] == ["Ask Initech about extending the pilot"]


async def test_deals_closing_this_month(workspace: LocalWorkspace) -> None:
    march = {"gte": "2026-03-01", "lt": "2026-04-01"}
    found = await run(workspace, "fetch_entity", entityType="Deal", filters={"closeDate": march})
    assert [(deal["name"], deal["closeDate"]) for deal in found] == [
        ("Acme deal", "2026-03-30"),
        ("Globex deal", "2026-03-16"),
    ]


async def test_a_task_keeps_a_status_and_a_record_that_exists(workspace: LocalWorkspace) -> None:
    task = await run(workspace, "create_entity", entityType="Task", fields={"subject": "Follow up with Globex"})
    assert (task["status"], task["dueDate"], task["about"]) == ("open", None, None)
    with pytest.raises(PermanentError, match="open or done"):
        await run(workspace, "update_entity", entityType="Task", id=task["id"], fields={"status": None})
    with pytest.raises(NotFoundError, match="no Deal with id 'deal-99' for the Task to be about"):
        await run(
            workspace,
            "update_entity",
            entityType="Task",
            id=task["id"],
            fields={"about": {"entityType": "Deal", "id": "deal-99"}},
        )
    with pytest.raises(PermanentError, match="cannot lose its subject"):
        await run(workspace, "update_entity", entityType="Task", id=task["id"], fields={"subject": None})
    kept = await run(workspace, "fetch_entity", entityType="Task", filters={"subject": "Follow up with Globex"})
    assert kept == [task]
