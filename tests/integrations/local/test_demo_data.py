"""The demo data: contract §5's people and companies, an inbox and a calendar around the seeding clock."""

import sqlite3
from datetime import timedelta
from pathlib import Path

from integrations.local import LocalWorkspace, LocalWorkspaceSettings, open_workspace
from tests.integrations.contract_suite import instant, run
from tests.integrations.local.conftest import NOW, TickingClock

CONTRACT_PEOPLE = {
    "Priya Shah": "priya.shah@example.com",
    "John Smith": "john.smith@example.com",
    "Sarah Lee": "sarah.lee@example.com",
    "Tom Reyes": "tom.reyes@example.com",
    "Maria Garcia": "maria.garcia@example.com",
}


async def test_the_contract_people_are_contacts_with_their_addresses(workspace: LocalWorkspace) -> None:
    for name, address in CONTRACT_PEOPLE.items():
        found = await run(workspace, "fetch_entity", entityType="Contact", filters={"name": name})
        assert [(record["name"], record["email"]) for record in found] == [(name, address)]


async def test_each_company_is_an_account_a_deal_and_a_lead(workspace: LocalWorkspace) -> None:
    for company in ("Acme", "Globex", "Initech"):
        accounts = await run(workspace, "fetch_entity", entityType="Account", filters={"name": company})
        assert [account["name"] for account in accounts] == [company]
        deals = await run(workspace, "fetch_entity", entityType="Deal", filters={"name": f"{company} deal"})
        assert [(deal["company"], deal["name"]) for deal in deals] == [(company, f"{company} deal")]
        leads = await run(workspace, "fetch_entity", entityType="Lead", filters={"company": company})
        assert len(leads) == 1


async def test_two_johns_make_a_name_lookup_ambiguous(workspace: LocalWorkspace) -> None:
    johns = await run(workspace, "fetch_entity", entityType="Contact", filters={"name": "john"})
    assert [(john["name"], john["email"]) for john in johns] == [
        ("John Smith", "john.smith@example.com"),
        ("John Park", "john.park@globex.com"),
    ]


async def test_open_deals_for_initech_as_the_contract_example_asks(workspace: LocalWorkspace) -> None:
    open_stages = ["prospecting", "qualification", "proposal", "negotiation"]
    found = await run(
        workspace, "fetch_entity", entityType="Deal", filters={"company": "Initech", "stage": {"in": open_stages}}
    )
    assert found == [
        {
            "id": "deal-3",
            "name": "Initech deal",
            "company": "Initech",
            "amount": 18_500.0,
            "stage": "qualification",
            "closeDate": "2026-04-27",
            "owner": None,
            "contacts": [],
        }
    ]


async def test_the_inbox_holds_twenty_emails_of_the_last_two_weeks(workspace: LocalWorkspace) -> None:
    emails = await run(workspace, "fetch_emails")
    assert len(emails) == 20
    dates = [instant(email["date"]) for email in emails]
    assert dates == sorted(dates, reverse=True)
    assert all(NOW - timedelta(days=14) <= moment < NOW for moment in dates)
    assert sum(email["unread"] for email in emails) == 5
    assert emails[0] == {
        "id": "msg-19",
        "threadId": "thread-19",
        "from": "Laura Chen <laura.chen@acme.com>",
        "to": ["me@example.com"],
        "cc": [],
        "subject": "Contract redlines from Acme legal",
        "date": "2026-03-01T16:40:00-05:00",
        "snippet": "Our legal team has finished the redlines on the master services agreement. Most changes are in "
        "the liability and renewal clauses. Can we walk through them on…",
        "archived": False,
        "unread": True,
        "attachments": [{"ref": "email:msg-19/att-5", "name": "Acme_MSA_redlines.pdf", "size": 592}],
    }
    unread = await run(workspace, "fetch_emails", unreadOnly=True)
    assert [email["subject"] for email in unread] == [
        "Contract redlines from Acme legal",
        "Q3 deck: final review before Thursday",
        "Invoice #4821 overdue (Globex)",
        "Pricing question on the enterprise tier",
        "Launch press release draft",
    ]


async def test_this_week_has_the_usual_meetings(workspace: LocalWorkspace) -> None:
    week = await run(
        workspace, "fetch_calendar_events", start="2026-03-02T00:00:00-05:00", end="2026-03-09T00:00:00-04:00"
    )
    assert [(event["title"], event["startTime"]) for event in week] == [
        ("Weekly standup", "2026-03-02T09:30:00-05:00"),
        ("Acme call", "2026-03-03T11:00:00-05:00"),
        ("Team sync", "2026-03-04T10:00:00-05:00"),
        ("Globex pricing review", "2026-03-04T15:00:00-05:00"),
        ("1:1 with Priya", "2026-03-05T14:00:00-05:00"),
        ("Acme quarterly business review", "2026-03-05T16:00:00-05:00"),
        ("Launch review", "2026-03-06T10:00:00-05:00"),
    ]
    everything = await run(workspace, "fetch_calendar_events")
    assert len(everything) == 11 + 12  # single events, and the twelve team syncs


async def test_the_standup_stays_at_half_past_nine_across_dst(workspace: LocalWorkspace) -> None:
    standups = await run(workspace, "fetch_calendar_events", query="standup")
    assert [event["startTime"] for event in standups] == [
        "2026-02-23T09:30:00-05:00",
        "2026-03-02T09:30:00-05:00",
        "2026-03-09T09:30:00-04:00",
        "2026-03-16T09:30:00-04:00",
    ]


async def test_my_next_meeting_is_the_standup(workspace: LocalWorkspace) -> None:
    (event,) = await run(workspace, "fetch_calendar_events", start=NOW.isoformat(), limit=1)
    assert (event["title"], event["endTime"], event["location"]) == (
        "Weekly standup",
        "2026-03-02T09:45:00-05:00",
        "Zoom",
    )


async def test_demo_data_is_added_to_a_new_file_only(database_path: Path) -> None:
    with open_workspace(database_path, clock=TickingClock(NOW)) as first:
        await run(first, "delete_entity", entityType="Contact", id="contact-1")
    with open_workspace(database_path, clock=TickingClock(NOW + timedelta(days=30))) as again:
        contacts = await run(again, "fetch_entity", entityType="Contact", filters={})
        assert len(contacts) == 8 and "Priya Shah" not in [contact["name"] for contact in contacts]
        assert len(await run(again, "fetch_emails")) == 20


def test_the_same_clock_seeds_the_same_data(tmp_path: Path) -> None:
    dumps = []
    for name in ("one.sqlite3", "two.sqlite3"):
        open_workspace(tmp_path / name, clock=TickingClock(NOW)).close()
        with sqlite3.connect(tmp_path / name) as raw:
            dumps.append(list(raw.iterdump()))
    assert dumps[0] == dumps[1] and len(dumps[0]) > 50


async def test_demo_data_can_be_switched_off(tmp_path: Path) -> None:
    with open_workspace(tmp_path / "w.sqlite3", settings=LocalWorkspaceSettings(demo_data=False)) as workspace:
        assert await run(workspace, "fetch_entity", entityType="Contact", filters={}) == []
        assert await run(workspace, "fetch_emails") == []
        assert await run(workspace, "fetch_calendar_events") == []


async def test_the_demo_accounts_have_notes_and_tasks(workspace: LocalWorkspace) -> None:
    notes = await run(workspace, "fetch_entity", entityType="Note", filters={})
    assert {(note["about"]["entityType"], note["about"]["id"]) for note in notes} == {
        ("Account", "account-1"),
        ("Deal", "deal-2"),
        ("Account", "account-3"),
        ("Lead", "lead-1"),
    }
    assert all(NOW - timedelta(days=14) <= instant(note["createdAt"]) < NOW for note in notes)
    tasks = await run(workspace, "fetch_entity", entityType="Task", filters={})
    assert [(task["dueDate"], task["status"]) for task in tasks] == [
        ("2026-03-06", "open"),
        ("2026-03-04", "open"),
        ("2026-03-13", "open"),
        ("2026-02-26", "done"),
    ]
    assert tasks[2]["owner"] == "Me"  # the user's own task


async def test_john_sent_the_signed_contract_as_a_pdf_last_week(workspace: LocalWorkspace) -> None:
    found = await run(
        workspace, "fetch_emails", hasAttachment=True, sender="John", since="2026-02-23T00:00:00-05:00", limit=1
    )
    (contract,) = found
    assert (contract["from"], contract["date"]) == ("John Smith <john.smith@example.com>", "2026-02-27T16:30:00-05:00")
    assert [(a["name"], a["size"] > 0) for a in contract["attachments"]] == [("Acme_MSA_signed.pdf", True)]


async def test_the_partner_summit_emails_give_its_date_time_and_place(workspace: LocalWorkspace) -> None:
    summit = await run(workspace, "fetch_emails", query="partner summit", includeBody=True)
    assert [email["from"] for email in summit] == [
        "Priya Shah <priya.shah@example.com>",
        "Tom Reyes <tom.reyes@example.com>",
    ]
    assert "the partner summit is on Thursday 12 March at 10:00 at the Hilton Midtown" in summit[1]["body"]


async def test_an_invitation_waits_for_an_answer(workspace: LocalWorkspace) -> None:
    invitations = [
        event
        for event in await run(workspace, "fetch_calendar_events", start=NOW.isoformat(), limit=20)
        if event["myResponse"] == "needsAction"
    ]
    assert [(event["title"], event["organizer"]) for event in invitations] == [
        ("Acme quarterly business review", "laura.chen@acme.com"),
        ("Launch review", "tom.reyes@example.com"),
    ]


async def test_demo_dates_follow_the_clock_on_any_weekday(tmp_path: Path) -> None:
    wednesday = NOW + timedelta(days=9)  # Wednesday 11 March
    with open_workspace(tmp_path / "w.sqlite3", clock=TickingClock(wednesday)) as workspace:
        (contract,) = await run(
            workspace, "fetch_emails", hasAttachment=True, sender="John", since="2026-03-02T00:00:00-04:00", limit=1
        )
        assert contract["date"] == "2026-03-06T16:30:00-05:00"  # last week's Friday, newer than the sales report
        (summit,) = await run(workspace, "fetch_emails", subject="Partner summit", query="Hilton", includeBody=True)
        assert "Thursday 19 March at 10:00" in summit["body"]
        week = await run(
            workspace, "fetch_calendar_events", start="2026-03-09T00:00:00-04:00", end="2026-03-16T00:00:00-04:00"
        )
        assert [event["title"] for event in week if event["startTime"].startswith("2026-03-11")] == [
            "Team sync",
            "Globex pricing review",
        ]
