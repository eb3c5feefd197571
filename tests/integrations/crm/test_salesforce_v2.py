"""Salesforce notes and tasks (contract v2): classic Notes on their record (Title from the body, Body filtered after
the query since SOQL cannot), Tasks by WhatId/WhoId with the org's task statuses, and date filters as SOQL."""

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.crm.salesforce import SalesforceCrm
from tests.integrations.crm.helpers import run
from tests.integrations.crm.salesforce_fake import FakeSalesforce

Fake = tuple[FakeSalesforce, str]


async def test_a_note_is_a_classic_note_on_its_record(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    account = fake.add("Account", {"Name": "Initech", "OwnerId": fake.api_user})
    about = {"entityType": "Account", "id": account}
    body = (
        "\nThey asked for SSO before renewal, and for SCIM provisioning in the second half of the year too\nBudget ok"
    )
    note = await run(salesforce_crm, "create_entity", entityType="Note", fields={"body": body, "about": about})
    stored = fake.records["Note"][note["id"]]
    assert (stored["ParentId"], stored["Body"], stored["Title"]) == (
        account,
        body,
        "They asked for SSO before renewal, and for SCIM provisioning in the second half ",  # 80 characters
    )
    assert note == {"id": note["id"], "body": body, "about": about, "createdAt": "2026-03-02T14:00:00+00:00"}
    assert await run(salesforce_crm, "fetch_entity", entityType="Note", filters={"about": about}) == [note]
    assert f"WHERE ParentId = '{account}'" in fake.queries[-1]


async def test_note_bodies_are_matched_after_the_query(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    account = fake.add("Account", {"Name": "Globex", "OwnerId": fake.api_user})
    for body in ("Pricing call went well", "Wants 250 seats", "Pricing: asked for a discount"):
        fake.add("Note", {"Title": body[:20], "Body": body, "ParentId": account, "OwnerId": fake.api_user})
    fake.now = "2026-03-03T09:30:00.000+0000"
    fake.add("Note", {"Title": "later", "Body": "Pricing again", "ParentId": account, "OwnerId": fake.api_user})
    found = await run(
        salesforce_crm,
        "fetch_entity",
        entityType="Note",
        filters={"body": "PRICING", "createdAt": {"lt": "2026-03-03"}},
        limit=5,
    )
    assert [n["body"] for n in found] == ["Pricing call went well", "Pricing: asked for a discount"]
    (where,) = [q for q in fake.queries if "FROM Note" in q]
    assert "Body" not in where.split("WHERE", 1)[1]  # SOQL cannot filter a long text area
    assert "CreatedDate < 2026-03-03T00:00:00Z" in where and where.endswith("LIMIT 2000")


async def test_a_note_stays_on_its_record_and_needs_one(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    first = fake.add("Account", {"Name": "A", "OwnerId": fake.api_user})
    second = fake.add("Contact", {"LastName": "B"})
    note = await run(
        salesforce_crm,
        "create_entity",
        entityType="Note",
        fields={"body": "x", "about": {"entityType": "Account", "id": first}},
    )
    with pytest.raises(PermanentError, match="Salesforce cannot move a note to another record"):
        await run(
            salesforce_crm,
            "update_entity",
            entityType="Note",
            id=note["id"],
            fields={"about": {"entityType": "Contact", "id": second}},
        )
    with pytest.raises(PermanentError, match="a Salesforce note is always about a record"):
        await run(salesforce_crm, "create_entity", entityType="Note", fields={"body": "alone"})
    with pytest.raises(NotFoundError, match=f"no Contact with id '{first}' for the Note to be about"):
        await run(
            salesforce_crm,
            "create_entity",
            entityType="Note",
            fields={"body": "x", "about": {"entityType": "Contact", "id": first}},  # an account's id
        )
    assert not [r for r in fake.requests if r["method"] == "PATCH"]


async def test_tasks_are_about_deals_by_what_and_people_by_who(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    deal = await run(salesforce_crm, "create_entity", entityType="Deal", fields={"company": "Acme"})
    lead = await run(salesforce_crm, "create_entity", entityType="Lead", fields={"name": "Ann Lee", "company": "Acme"})
    task = await run(
        salesforce_crm,
        "create_entity",
        entityType="Task",
        fields={"subject": "Send the quote", "dueDate": "2026-03-06", "owner": "Sarah Lee",
                "about": {"entityType": "Deal", "id": deal["id"]}},
    )  # fmt: skip
    stored = fake.records["Task"][task["id"]]
    assert (stored["WhatId"], stored.get("WhoId"), stored["ActivityDate"], stored["Status"]) == (
        deal["id"],
        None,
        "2026-03-06",
        "Not Started",  # the org's default task status
    )
    assert (task["status"], task["owner"]) == ("open", "Sarah Lee")
    moved = await run(
        salesforce_crm,
        "update_entity",
        entityType="Task",
        id=task["id"],
        fields={"about": {"entityType": "Lead", "id": lead["id"]}, "status": "done"},
    )
    assert (stored["WhoId"], stored["WhatId"], stored["Status"]) == (lead["id"], None, "Completed")
    assert (moved["about"], moved["status"]) == ({"entityType": "Lead", "id": lead["id"]}, "done")
    by_lead = await run(
        salesforce_crm, "fetch_entity", entityType="Task", filters={"about": {"entityType": "Lead", "id": lead["id"]}}
    )
    assert by_lead == [moved]
    assert f"WhoId = '{lead['id']}'" in fake.queries[-1]


async def test_task_status_is_read_from_is_closed(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    for subject, status in (("Waiting", "Waiting on someone else"), ("Done", "Completed"), ("Later", "Deferred")):
        fake.add("Task", {"Subject": subject, "Status": status, "Priority": "Normal", "OwnerId": fake.api_user})
    done = await run(salesforce_crm, "fetch_entity", entityType="Task", filters={"status": "done"})
    assert [(t["subject"], t["status"]) for t in done] == [("Done", "done")]
    assert "WHERE IsClosed = TRUE" in fake.queries[-1]
    both = await run(salesforce_crm, "fetch_entity", entityType="Task", filters={"status": {"in": ["open", "DONE"]}})
    assert [t["status"] for t in both] == ["open", "done", "open"]
    assert await run(salesforce_crm, "fetch_entity", entityType="Task", filters={"status": "zzz"}) == []


async def test_date_ranges_are_soql_day_bounds(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    for due in ("2026-03-04", "2026-03-06", "2026-03-09"):
        fake.add("Task", {"Subject": f"Due {due}", "ActivityDate": due, "Status": "Not Started", "Priority": "Normal",
                          "OwnerId": fake.api_user})  # fmt: skip
    found = await run(
        salesforce_crm,
        "fetch_entity",
        entityType="Task",
        filters={"dueDate": {"gt": "2026-03-04", "lte": "2026-03-09"}},
    )
    assert [t["dueDate"] for t in found] == ["2026-03-06", "2026-03-09"]
    assert "WHERE ActivityDate > 2026-03-04 AND ActivityDate <= 2026-03-09 " in fake.queries[-1]
    await run(
        salesforce_crm,
        "fetch_entity",
        entityType="Deal",
        filters={"closeDate": {"gte": "2026-03-01", "lt": "2026-04-01"}},
    )
    assert "WHERE CloseDate >= 2026-03-01 AND CloseDate < 2026-04-01 " in fake.queries[-1]


async def test_a_logged_call_is_a_completed_call_task_and_a_deal_contact_is_a_contact_role(
    salesforce: Fake, salesforce_crm: SalesforceCrm
) -> None:
    """(v3) TaskSubtype Call, Description, ActivityDate, a closed status; OpportunityContactRole rows, no second
    row for a contact linked twice, deleted when unlinked."""
    fake, _ = salesforce
    laura = await run(salesforce_crm, "create_entity", entityType="Contact", fields={"name": "Laura Chen"})
    about = {"entityType": "Contact", "id": laura["id"]}
    fields = {"kind": "call", "subject": "Call with Laura", "body": "They want a discount", "about": about}
    logged = await run(salesforce_crm, "create_entity", entityType="Activity", fields=fields)
    stored = fake.records["Task"][logged["id"]]
    assert (stored["TaskSubtype"], stored["Description"], stored["Status"], stored["WhoId"]) == (
        "Call", "They want a discount", "Completed", laura["id"],
    )  # fmt: skip
    assert logged["kind"] == "call" and logged["occurredAt"]
    with pytest.raises(PermanentError, match="Event"):
        await run(salesforce_crm, "create_entity", entityType="Activity", fields={**fields, "kind": "meeting"})
    deal = await run(salesforce_crm, "create_entity", entityType="Deal", fields={"company": "Acme"})
    for _ in range(2):
        await run(
            salesforce_crm, "update_entity", entityType="Deal", id=deal["id"], fields={"addContacts": [laura["id"]]}
        )
    roles = [r for r in fake.records["OpportunityContactRole"].values() if r["Id"] not in fake.deleted]
    assert [(r["OpportunityId"], r["ContactId"]) for r in roles] == [(deal["id"], laura["id"])]
    unlinked = await run(
        salesforce_crm, "update_entity", entityType="Deal", id=deal["id"], fields={"removeContacts": [laura["id"]]}
    )
    assert unlinked["contacts"] == [] and all(r["Id"] in fake.deleted for r in roles)
