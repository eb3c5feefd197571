"""Everyday requests (contract v3) through `planbot chat --script` on Dovecot: a reply saved as a draft (APPEND to
Drafts, flagged \\Draft, nothing sent over SMTP), a message marked unread then read (\\Seen), and archived (moved
to Archive, still found)."""

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from tests.integrations.email.conftest import ACCOUNT, MailServers
from tests.integrations.email.imap_helpers import deliver, raw_message, stored_messages
from tests.integrations.email.test_chat_over_imap import planbot_chat


async def test_drafts_read_and_archive_work_on_dovecot(mail_servers: MailServers, tmp_path: Path) -> None:
    newsletter = raw_message(
        "From: Acme News <newsletter@acme.example>",
        f"To: {ACCOUNT.address}",
        "Subject: Acmeletter for March",
        "Message-ID: <acmeletter-1@acme.example>",
        body="This month at Acme.",
    )
    await deliver(mail_servers, ACCOUNT, newsletter, datetime.now(UTC))
    sent_before = len(mail_servers.delivery.received)
    output = await asyncio.to_thread(
        planbot_chat,
        tmp_path,
        mail_servers.environment(),
        "draft a reply to acme saying thanks, we will read it",
        "a",
        "mark the acmeletter from acme as read",
        "a",
        "archive the acmeletter from acme",
        "a",
    )
    said = " ".join(output.split())
    assert "✓ Saved a draft to Acme News: “Re: Acmeletter for March” (not sent)" in said, output
    assert "✓ Marked as read: Acmeletter for March" in said and "✓ Archived: Acmeletter for March" in said
    assert len(mail_servers.delivery.received) == sent_before  # the draft went nowhere
    [draft] = await stored_messages(mail_servers, ACCOUNT, "Drafts", "Acmeletter")
    assert draft.headers["In-Reply-To"] == "<acmeletter-1@acme.example>" and "\\Draft" in draft.flags
    assert await stored_messages(mail_servers, ACCOUNT, "INBOX", "Acmeletter") == []
    [archived] = await stored_messages(mail_servers, ACCOUNT, "Archive", "Acmeletter")
    assert "\\Seen" in archived.flags
