"""Local mailbox v2: reply to all, forwarding with attachments, file references, every-word search."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from integrations.base import NotFoundError
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, open_workspace
from tests.integrations.contract_suite import run
from tests.integrations.local.conftest import NOW, TickingClock

LAST_WEEK = "2026-02-23T00:00:00-05:00"


async def the_contract(workspace: LocalWorkspace) -> dict[str, Any]:
    """'the contract John attached last week', as the plan of contract §2.7 looks it up."""
    found = await run(workspace, "fetch_emails", hasAttachment=True, sender="John", since=LAST_WEEK)
    return dict(found[0])


def folder_of(database_path: Path, message_id: str) -> str:
    with sqlite3.connect(database_path) as raw:
        (folder,) = raw.execute("SELECT folder FROM messages WHERE id = ?", [int(message_id[4:])]).fetchone()
    return str(folder)


async def test_reply_all_keeps_to_and_cc_without_my_own_address(workspace: LocalWorkspace) -> None:
    (latest,) = await run(workspace, "fetch_emails", sender="Maria", limit=1)
    assert (latest["to"], latest["cc"]) == (["me@example.com", "john.smith@example.com"], ["sarah.lee@example.com"])
    reply = await run(workspace, "reply_email", messageId=latest["id"], body="I'll join.", replyAll=True)
    (shown,) = await run(workspace, "fetch_emails", subject="Re: Globex contract")
    assert shown["id"] == reply["id"] and shown["threadId"] == latest["threadId"]
    assert shown["to"] == ["maria.garcia@example.com", "john.smith@example.com"]
    assert shown["cc"] == ["sarah.lee@example.com"]
    again = await run(workspace, "reply_email", messageId=reply["id"], body="Also this.", replyAll=True)
    (newest, *_) = await run(workspace, "fetch_emails", subject="Globex contract")
    assert newest["id"] == again["id"] and newest["subject"] == "Re: Globex contract: payment terms"
    assert (newest["to"], newest["cc"]) == (shown["to"], shown["cc"])  # my own reply: its recipients again


async def test_my_address_is_left_out_whatever_its_case(database_path: Path) -> None:
    open_workspace(database_path, clock=TickingClock(NOW)).close()
    settings = LocalWorkspaceSettings(owner_address="ME@Example.COM")
    with open_workspace(database_path, settings=settings, clock=TickingClock(NOW)) as workspace:
        (latest,) = await run(workspace, "fetch_emails", sender="Maria", limit=1)
        await run(workspace, "reply_email", messageId=latest["id"], body="Yes.", replyAll=True)
        (shown,) = await run(workspace, "fetch_emails", subject="Re: Globex contract")
    assert shown["from"] == "Me <ME@Example.COM>"
    assert "me@example.com" not in [address.casefold() for address in shown["to"] + shown["cc"]]


async def test_a_plain_reply_goes_to_the_sender_only(workspace: LocalWorkspace) -> None:
    (latest,) = await run(workspace, "fetch_emails", sender="Maria", limit=1)
    await run(workspace, "reply_email", messageId=latest["id"], body="Noted.")
    (shown,) = await run(workspace, "fetch_emails", subject="Re: Globex contract")
    assert (shown["to"], shown["cc"]) == (["maria.garcia@example.com"], [])


async def test_forward_keeps_the_attachments_and_is_stored_in_sent(
    workspace: LocalWorkspace, database_path: Path
) -> None:
    contract = await the_contract(workspace)
    forward = await run(
        workspace, "forward_email", messageId=contract["id"], to=["tom.reyes@example.com"], body="FYI, signed."
    )
    (shown,) = await run(workspace, "fetch_emails", to="Tom Reyes", includeBody=True)
    assert shown["id"] == forward["id"] and folder_of(database_path, forward["id"]) == "sent"
    assert shown["subject"] == "Fwd: Contract: Acme master services agreement (signed)"
    assert [(a["name"], a["size"]) for a in shown["attachments"]] == [
        (a["name"], a["size"]) for a in contract["attachments"]
    ]
    assert shown["attachments"][0]["ref"] != contract["attachments"][0]["ref"]  # a copy, in the new mail
    assert shown["body"].startswith(
        "FYI, signed.\n\n---------- Forwarded message ---------\n"
        "From: John Smith <john.smith@example.com>\nDate: Fri, 27 Feb 2026 at 16:30\n"
        "Subject: Contract: Acme master services agreement (signed)\nTo: me@example.com\n\nAcme signed the master"
    )


async def test_sending_the_contract_john_attached_last_week(workspace: LocalWorkspace) -> None:
    contract = await the_contract(workspace)
    (attachment,) = contract["attachments"]
    assert (contract["from"], attachment["name"]) == ("John Smith <john.smith@example.com>", "Acme_MSA_signed.pdf")
    await run(
        workspace,
        "send_email",
        to=["sarah.lee@example.com"],
        subject="Acme contract",
        body="Here it is.",
        attachments=[attachment["ref"], attachment["ref"]],
    )
    (sent,) = await run(workspace, "fetch_emails", subject="Acme contract", sender="me@example.com")
    assert [(a["name"], a["size"]) for a in sent["attachments"]] == [(attachment["name"], attachment["size"])]


async def test_a_slack_file_is_recorded_by_its_reference(workspace: LocalWorkspace, database_path: Path) -> None:
    await run(
        workspace,
        "send_email",
        to=["priya.shah@example.com"],
        subject="Q3 deck",
        body="Attached.",
        attachments=["slack:F0123ABC"],
    )
    (sent,) = await run(workspace, "fetch_emails", subject="Q3 deck", hasAttachment=True)
    assert [(a["name"], a["size"]) for a in sent["attachments"]] == [("Slack file F0123ABC", None)]
    with sqlite3.connect(database_path) as raw:
        assert raw.execute("SELECT source FROM attachments WHERE name = 'Slack file F0123ABC'").fetchone() == (
            "slack:F0123ABC",
        )


@pytest.mark.parametrize("reference", ["email:msg-13/att-1", "email:msg-999/att-3", "email:msg-13/att-999"])
async def test_an_attachment_of_another_or_no_mail_is_not_found_by_name(
    workspace: LocalWorkspace, reference: str
) -> None:
    with pytest.raises(NotFoundError, match=f"no attachment '{reference}'"):
        await run(workspace, "send_email", to=["sarah.lee@example.com"], subject="x", body="x", attachments=[reference])
    assert await run(workspace, "fetch_emails", subject="x", sender="me@example.com") == []


async def test_has_attachment_selects_mail_with_or_without_files(workspace: LocalWorkspace) -> None:
    with_files = await run(workspace, "fetch_emails", hasAttachment=True)
    without = await run(workspace, "fetch_emails", hasAttachment=False)
    assert len(with_files) == 5 and all(email["attachments"] for email in with_files)
    assert len(without) == 15 and not any(email["attachments"] for email in without)


async def test_query_words_match_in_any_order_and_place(workspace: LocalWorkspace) -> None:
    summit = await run(workspace, "fetch_emails", query="summit partner")
    assert [email["subject"] for email in summit] == ["Re: Partner summit", "Partner summit"]
    assert len({email["threadId"] for email in summit}) == 1  # the reply is in the thread
    signed = await run(workspace, "fetch_emails", query='"signed contract" acme')
    assert [email["subject"] for email in signed] == ["Contract: Acme master services agreement (signed)"]
    assert await run(workspace, "fetch_emails", query="summit invoice") == []
