"""HubSpot notes and tasks (contract v2): what is written (HTML bodies, association types read from HubSpot, due
dates at noon UTC, statuses), what is read back (plain text, the most specific record), and the filters sent."""

from datetime import UTC, datetime
from typing import Any

import aiohttp
import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.crm.hubspot import HubSpotCrm, build
from tests.integrations.crm.conftest import hubspot_settings
from tests.integrations.crm.helpers import run
from tests.integrations.crm.hubspot_fake import FakeHubSpot

Fake = tuple[FakeHubSpot, str]
NOW = datetime(2026, 3, 2, 21, 30, tzinfo=UTC)  # 16:30 in New York


@pytest.fixture
def crm(hubspot: Fake, session: aiohttp.ClientSession) -> HubSpotCrm:
    return build(session, hubspot_settings(hubspot[1]), now=lambda: NOW)


def searches(fake: FakeHubSpot, object_type: str) -> list[dict[str, Any]]:
    return [r["json"] for r in fake.requests if r["path"] == f"/crm/objects/2026-09/{object_type}/search"]


async def test_a_note_is_html_about_its_record_and_reads_as_text(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    company = fake.store.add("companies", {"name": "Initech"})
    about = {"entityType": "Account", "id": company.id}
    body = "Asked for SSO <soon>\nBudget: 5k & up"
    note = await run(crm, "create_entity", entityType="Note", fields={"body": body, "about": about})
    stored = fake.store.objects[note["id"]].properties
    assert (stored["hs_note_body"], stored["hs_timestamp"]) == (
        "Asked for SSO &lt;soon&gt;<br>Budget: 5k &amp; up",
        "2026-03-02T21:30:00Z",
    )
    assert fake.store.associated("notes", note["id"], "companies") == {company.id: [190]}
    assert note == {"id": note["id"], "body": body, "about": about, "createdAt": "2026-03-02T14:00:00+00:00"}
    typed = fake.store.add("notes", {"hs_note_body": "<div><p>Call went well</p><p>Next: demo &amp; pricing</p></div>"})
    fake.store.associate("notes", typed.id, "companies", company.id, 190)
    found = await run(crm, "fetch_entity", entityType="Note", filters={"about": about})
    assert [n["body"] for n in found] == [body, "Call went well\nNext: demo & pricing"]
    assert searches(fake, "notes") == []  # by the record's associations, not the lagging index


async def test_a_note_about_a_lead_uses_the_association_type_hubspot_lists(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    lead = await run(crm, "create_entity", entityType="Lead", fields={"name": "Ann Lee", "email": "ann@example.com"})
    about = {"entityType": "Lead", "id": lead["id"]}
    note = await run(crm, "create_entity", entityType="Note", fields={"body": "Met at the fair", "about": about})
    assert fake.store.associated("notes", note["id"], "leads") == {lead["id"]: [854]}  # read, not assumed
    labels = [r["path"] for r in fake.requests if r["path"].endswith("/labels")]
    assert labels == ["/crm/associations/2026-09/notes/leads/labels"]
    await run(crm, "create_entity", entityType="Note", fields={"body": "Again", "about": about})
    assert [r["path"] for r in fake.requests if r["path"].endswith("/labels")] == labels  # kept


async def test_about_names_the_most_specific_record(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    company = fake.store.add("companies", {"name": "Globex"})
    contact = fake.store.add("contacts", {"firstname": "Hank", "lastname": "Scorpio"})
    note = fake.store.add("notes", {"hs_note_body": "Wants a volcano base"})
    fake.store.associate("notes", note.id, "companies", company.id, 190)  # HubSpot adds the contact's company
    fake.store.associate("notes", note.id, "contacts", contact.id, 202)
    (found,) = await run(crm, "fetch_entity", entityType="Note", filters={"body": "volcano"})
    assert found["about"] == {"entityType": "Contact", "id": contact.id}
    by_company = await run(
        crm, "fetch_entity", entityType="Note", filters={"about": {"entityType": "Account", "id": company.id}}
    )
    assert [n["id"] for n in by_company] == [note.id]  # still found by either record


async def test_a_note_about_a_missing_record_is_not_found_and_nothing_is_written(
    hubspot: Fake, crm: HubSpotCrm
) -> None:
    fake, _ = hubspot
    with pytest.raises(NotFoundError, match="no Deal with id '424242' for the Note to be about"):
        await run(
            crm,
            "create_entity",
            entityType="Note",
            fields={"body": "x", "about": {"entityType": "Deal", "id": "424242"}},
        )
    assert not [r for r in fake.requests if r["method"] == "POST" and r["path"] == "/crm/objects/2026-09/notes"]
    with pytest.raises(PermanentError, match=r"by the record they are about: \{entityType, id\}"):
        await run(crm, "fetch_entity", entityType="Note", filters={"about": "Initech"})


async def test_tasks_are_due_at_noon_utc_open_by_default_and_owned(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    deal = await run(crm, "create_entity", entityType="Deal", fields={"company": "Acme"})
    about = {"entityType": "Deal", "id": deal["id"]}
    task = await run(
        crm,
        "create_entity",
        entityType="Task",
        fields={"subject": "Send the quote", "dueDate": "2026-03-06", "about": about, "owner": "sarah.lee@example.com"},
    )
    stored = fake.store.objects[task["id"]].properties
    assert {k: stored[k] for k in ("hs_task_subject", "hs_timestamp", "hs_task_status", "hubspot_owner_id")} == {
        "hs_task_subject": "Send the quote",
        "hs_timestamp": "2026-03-06T12:00:00Z",
        "hs_task_status": "NOT_STARTED",
        "hubspot_owner_id": "73",
    }
    assert task == {"id": task["id"], "subject": "Send the quote", "dueDate": "2026-03-06", "status": "open",
                    "about": about, "owner": "Sarah Lee"}  # fmt: skip
    assert fake.store.associated("tasks", task["id"], "deals") == {deal["id"]: [216]}
    undated = await run(crm, "create_entity", entityType="Task", fields={"subject": "Call back"})
    assert (undated["dueDate"], fake.store.objects[undated["id"]].properties["hs_timestamp"]) == (
        "2026-03-02",
        "2026-03-02T12:00:00Z",
    )  # HubSpot requires a due date: the day it was made


async def test_task_statuses_and_due_dates_become_search_filters(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    for status, due in (("IN_PROGRESS", "2026-03-04T15:00:00Z"), ("WAITING", "2026-03-05T12:00:00Z"),
                        ("COMPLETED", "2026-03-05T12:00:00Z"), ("NOT_STARTED", "2026-03-09T12:00:00Z")):  # fmt: skip
        fake.store.add(
            "tasks", {"hs_task_subject": f"Follow up {status}", "hs_task_status": status, "hs_timestamp": due}
        )
    this_week = {"gte": "2026-03-02", "lt": "2026-03-09"}
    found = await run(
        crm, "fetch_entity", entityType="Task", filters={"dueDate": this_week, "status": {"in": ["open"]}}
    )
    assert [(t["subject"], t["status"], t["dueDate"]) for t in found] == [
        ("Follow up IN_PROGRESS", "open", "2026-03-04"),
        ("Follow up WAITING", "open", "2026-03-05"),
    ]
    assert searches(fake, "tasks")[-1]["filterGroups"] == [
        {
            "filters": [
                {"propertyName": "hs_timestamp", "operator": "GTE", "value": "1772409600000"},
                {"propertyName": "hs_timestamp", "operator": "LT", "value": "1773014400000"},
                {"propertyName": "hs_task_status", "operator": "IN",
                 "values": ["deferred", "in_progress", "not_started", "waiting"]},
            ]
        }
    ]  # fmt: skip
    done = await run(
        crm, "fetch_entity", entityType="Task", filters={"status": "done", "dueDate": {"lte": "2026-03-05"}}
    )
    assert [t["subject"] for t in done] == ["Follow up COMPLETED"]


async def test_a_task_moves_to_another_record_and_keeps_a_status(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    first = fake.store.add("companies", {"name": "Umbrella"})
    second = fake.store.add("contacts", {"firstname": "Alice", "lastname": "Abernathy"})
    task = await run(
        crm,
        "create_entity",
        entityType="Task",
        fields={"subject": "Check in", "about": {"entityType": "Account", "id": first.id}},
    )
    moved = await run(
        crm,
        "update_entity",
        entityType="Task",
        id=task["id"],
        fields={"about": {"entityType": "Contact", "id": second.id}, "status": "done"},
    )
    assert (moved["about"], moved["status"]) == ({"entityType": "Contact", "id": second.id}, "done")
    assert fake.store.associated("tasks", task["id"], "companies") == {}
    assert fake.store.objects[task["id"]].properties["hs_task_status"] == "COMPLETED"
    with pytest.raises(PermanentError, match="a Task's status is open or done"):
        await run(crm, "update_entity", entityType="Task", id=task["id"], fields={"status": None})


async def test_deals_closing_this_month_are_a_day_range(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    for close in ("2026-02-28T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-01T00:00:00Z"):
        fake.store.add("deals", {"dealname": f"Closes {close[:10]}", "closedate": close, "dealstage": "qualifiedtobuy"})
    march = {"gte": "2026-03-01", "lt": "2026-04-01"}
    found = await run(crm, "fetch_entity", entityType="Deal", filters={"closeDate": march})
    assert [deal["closeDate"] for deal in found] == ["2026-03-31"]
    assert searches(fake, "deals")[-1]["filterGroups"][0]["filters"] == [
        {"propertyName": "closedate", "operator": "GTE", "value": "1772323200000"},
        {"propertyName": "closedate", "operator": "LT", "value": "1775001600000"},
    ]


async def test_a_logged_call_is_a_call_and_a_deal_contact_is_an_association(
    hubspot: Fake, hubspot_crm: HubSpotCrm
) -> None:
    """(v3) the calls object (hs_call_body as HTML, hs_timestamp, the duration in milliseconds), associated with its
    record by HubSpot's unlabeled type; a deal's contact is a deal-contact association (type 3), once."""
    fake, _ = hubspot
    laura = await run(hubspot_crm, "create_entity", entityType="Contact", fields={"name": "Laura Chen"})
    fields = {
        "kind": "call",
        "subject": "Call with Laura",
        "body": "They want a discount",
        "about": {"entityType": "Contact", "id": laura["id"]},
        "durationMinutes": 15,
    }
    logged = await run(hubspot_crm, "create_entity", entityType="Activity", fields=fields)
    stored = fake.store.objects[logged["id"]]
    assert stored.type == "calls" and stored.properties["hs_call_duration"] == "900000"
    assert fake.store.associated("calls", logged["id"], "contacts") == {laura["id"]: [194]}
    assert (logged["kind"], logged["body"], logged["durationMinutes"]) == ("call", "They want a discount", 15)
    with pytest.raises(PermanentError, match="not supported yet"):
        await run(hubspot_crm, "create_entity", entityType="Activity", fields={**fields, "kind": "meeting"})
    deal = await run(hubspot_crm, "create_entity", entityType="Deal", fields={"company": "Acme"})
    for _ in range(2):
        linked = await run(
            hubspot_crm, "update_entity", entityType="Deal", id=deal["id"], fields={"addContacts": [laura["id"]]}
        )
    assert linked["contacts"] == [laura["id"]]
    assert fake.store.associated("deals", deal["id"], "contacts") == {laura["id"]: [3]}
