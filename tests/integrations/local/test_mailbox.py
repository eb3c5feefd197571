"""Local mailbox specifics: names and addresses in filters, the sent folder, threads, the clock."""

import sqlite3
from pathlib import Path

import pytest

from integrations.base import NotFoundError
from integrations.local import LocalWorkspace
from tests.integrations.contract_suite import run


async def subjects(workspace: LocalWorkspace, **filters: object) -> list[str]:
    return [email["subject"] for email in await run(workspace, "fetch_emails", **filters)]


async def test_sender_matches_a_first_name_of_either_john(workspace: LocalWorkspace) -> None:
    assert await subjects(workspace, sender="john") == [
        "Contract: Acme master services agreement (signed)",
        "Pricing question on the enterprise tier",
        "February sales report",
        "Globex negotiation status",
    ]


async def test_sender_matches_part_of_an_address(workspace: LocalWorkspace) -> None:
    assert await subjects(workspace, sender="@GLOBEX.com") == ["Pricing question on the enterprise tier"]


async def test_query_searches_subject_body_and_sender(workspace: LocalWorkspace) -> None:
    assert await subjects(workspace, query="invoice") == ["Invoice #4821 overdue (Globex)"]
    assert await subjects(workspace, query="onboarding timeline") == ["Notes from the Acme call"]
    assert await subjects(workspace, query="dana") == ["Security questionnaire"]


async def test_since_and_until_select_a_day(workspace: LocalWorkspace) -> None:
    friday = await subjects(workspace, since="2026-02-27T00:00:00-05:00", until="2026-02-28T00:00:00-05:00")
    assert friday == [
        "Contract: Acme master services agreement (signed)",
        "Partner summit",
        "Pricing question on the enterprise tier",
    ]


async def test_recipient_filter_takes_a_contact_name(workspace: LocalWorkspace) -> None:
    await run(
        workspace,
        "send_email",
        to=["priya.shah@example.com"],
        cc=["tom.reyes@example.com"],
        subject="Deck comments",
        body="Comments attached.",
    )
    assert await subjects(workspace, to="Priya Shah") == ["Deck comments"]
    assert await subjects(workspace, to="Tom Reyes") == ["Deck comments"]  # cc counts, as in Gmail's to:
    assert await subjects(workspace, to="Laura Chen") == []
    assert await subjects(workspace, to="Sarah Lee") == ["Globex contract: payment terms"]  # a demo email's cc


async def test_sent_mail_is_dated_by_the_clock_and_kept_in_the_sent_folder(
    workspace: LocalWorkspace, database_path: Path
) -> None:
    sent = await run(workspace, "send_email", to=["sarah.lee@example.com"], subject="Hi", body="Hello Sarah.")
    (email,) = await run(workspace, "fetch_emails", subject="Hi", sender="me@example.com")
    assert email == {
        "id": sent["id"],
        "threadId": f"thread-{sent['id'].removeprefix('msg-')}",
        "from": "Me <me@example.com>",
        "to": ["sarah.lee@example.com"],
        "cc": [],
        "subject": "Hi",
        "date": "2026-03-02T09:00:01-05:00",
        "snippet": "Hello Sarah.",
        "unread": False,
        "attachments": [],
        "archived": False,
    }
    with sqlite3.connect(database_path) as raw:
        folder = raw.execute("SELECT folder FROM messages WHERE id = ?", [int(sent["id"].split("-")[1])]).fetchone()
    assert folder == ("sent",)


async def test_a_reply_to_an_inbox_email_goes_to_its_sender_in_its_thread(
    workspace: LocalWorkspace, database_path: Path
) -> None:
    (original,) = await run(workspace, "fetch_emails", subject="Invoice #4821")
    reply = await run(workspace, "reply_email", messageId=original["id"], body="I will raise it with John.")
    (shown,) = await run(workspace, "fetch_emails", subject="Re: Invoice #4821")
    assert (shown["id"], shown["to"], shown["from"]) == (
        reply["id"],
        ["maria.garcia@example.com"],
        "Me <me@example.com>",
    )
    with sqlite3.connect(database_path) as raw:
        rows = raw.execute(
            "SELECT id, folder, in_reply_to, thread_id FROM messages WHERE id IN (?, ?) ORDER BY id",
            [int(original["id"].split("-")[1]), int(reply["id"].split("-")[1])],
        ).fetchall()
    (original_id, _, _, thread), (_reply, folder, in_reply_to, reply_thread) = rows
    assert (folder, in_reply_to, reply_thread) == ("sent", original_id, thread)


@pytest.mark.parametrize("message_id", ["msg-999", "msg-x", "event-1", "15"])
async def test_a_reply_to_a_message_that_does_not_exist_is_not_found(
    workspace: LocalWorkspace, message_id: str
) -> None:
    with pytest.raises(NotFoundError, match="no email"):
        await run(workspace, "reply_email", messageId=message_id, body="x")
