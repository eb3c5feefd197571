"""The local workspace's everyday capabilities (contract v3) beyond the contract suite: drafts kept apart from mail,
the demo newsletter archived, the demo calendars (one read only), a deal found by its contact."""

import sqlite3
from pathlib import Path

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.local import LocalWorkspace
from tests.integrations.contract_suite import run


async def test_a_reply_draft_is_stored_in_the_thread_and_not_listed(
    workspace: LocalWorkspace, database_path: Path
) -> None:
    [invoice] = await run(workspace, "fetch_emails", query="invoice 4821")
    draft = await run(workspace, "create_draft", replyTo=invoice["id"], body="We will pay on Friday.")
    with sqlite3.connect(database_path) as raw:
        row = raw.execute(
            "SELECT subject, draft, folder, thread_id FROM messages WHERE id = ?", [int(draft["id"][4:])]
        ).fetchone()
        to = raw.execute("SELECT address FROM message_recipients WHERE message_id = ?", [int(draft["id"][4:])])
        assert [address for (address,) in to] == [invoice["from"].split("<")[1].rstrip(">")]
    assert row == (f"Re: {invoice['subject']}", 1, "sent", int(invoice["threadId"].removeprefix("thread-")))
    assert draft["id"] not in [email["id"] for email in await run(workspace, "fetch_emails", limit=50)]


async def test_the_newsletter_is_archived_and_still_found(workspace: LocalWorkspace) -> None:
    [newsletter] = await run(workspace, "fetch_emails", sender="acme", query="newsletter")
    assert newsletter["archived"] is False
    await run(workspace, "update_email", messageId=newsletter["id"], archived=True)
    [again] = await run(workspace, "fetch_emails", sender="acme", query="newsletter")
    assert again["archived"] is True
    await run(workspace, "update_email", messageId=newsletter["id"], archived=False)
    [back] = await run(workspace, "fetch_emails", sender="acme", query="newsletter")
    assert back["archived"] is False


async def test_sent_mail_is_not_archived(workspace: LocalWorkspace) -> None:
    sent = await run(workspace, "send_email", to=["x@example.org"], subject="Hi", body="Hello")
    with pytest.raises(NotFoundError, match="only received mail is archived"):
        await run(workspace, "update_email", messageId=sent["id"], archived=True)


async def test_the_demo_has_a_team_calendar_and_a_read_only_one(workspace: LocalWorkspace) -> None:
    calendars = await run(workspace, "fetch_calendars")
    assert [(c["name"], c["primary"], c["canWrite"]) for c in calendars] == [
        ("Calendar", True, True),
        ("Team", False, True),
        ("US holidays", False, False),
    ]
    assert [c["name"] for c in await run(workspace, "fetch_calendars", name="team")] == ["Team"]
    holidays = calendars[2]["id"]
    with pytest.raises(PermanentError, match="read only"):
        await run(
            workspace,
            "create_calendar_event",
            title="Day off",
            startTime="2026-03-06T09:00:00-05:00",
            durationMinutes=60,
            calendarId=holidays,
        )


async def test_an_event_on_the_team_calendar_is_changed_there(workspace: LocalWorkspace) -> None:
    [team] = await run(workspace, "fetch_calendars", name="team")
    created = await run(
        workspace,
        "create_calendar_event",
        title="Team offsite",
        startTime="2026-03-06T09:00:00-05:00",
        durationMinutes=60,
        calendarId=team["id"],
    )
    assert created["calendarId"] == team["id"]
    assert await run(workspace, "fetch_calendar_events", query="Team offsite") == []  # the primary's
    moved = await run(workspace, "update_calendar_event", eventId=created["id"], calendarId=team["id"], shiftMinutes=60)
    assert moved["startTime"] == "2026-03-06T10:00:00-05:00"
    with pytest.raises(NotFoundError):  # not on the primary calendar
        await run(workspace, "update_calendar_event", eventId=created["id"], calendarId="primary", shiftMinutes=60)


async def test_a_deal_is_found_by_its_contact(workspace: LocalWorkspace) -> None:
    [dana] = await run(workspace, "fetch_entity", entityType="Contact", filters={"name": "Dana Whitfield"})
    [deal] = await run(workspace, "fetch_entity", entityType="Deal", filters={"name": "Acme deal"})
    await run(workspace, "update_entity", entityType="Deal", id=deal["id"], fields={"addContacts": [dana["id"]]})
    found = await run(workspace, "fetch_entity", entityType="Deal", filters={"contacts": dana["id"]})
    assert [d["name"] for d in found] == ["Acme deal"]


async def test_add_contacts_cannot_be_a_filter() -> None:
    from integrations.base.arguments import FetchEntityArgs

    with pytest.raises(ValueError, match="no field 'addContacts'"):
        FetchEntityArgs.model_validate({"entityType": "Deal", "filters": {"addContacts": "contact-1"}})
