"""Everyday requests (contract v3) through `planbot chat --script` configured for Gmail and Google Calendar, on the
stand-ins (the Calendar stand-in checks every request against the discovery document): a reply saved as a draft,
mail marked read and archived, a Meet link, an event on the Team calendar, an optional guest."""

import asyncio
from pathlib import Path

from tests.integrations.calendar.conftest import google as google
from tests.integrations.calendar.google_fake import REFRESH_TOKEN, FakeGoogleCalendar
from tests.integrations.email import fake_gmail
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.conftest import gmail as gmail
from tests.integrations.email.imap_helpers import raw_message
from tests.integrations.email.test_chat_over_imap import planbot_chat


def environment(gmail_url: str, google_url: str) -> dict[str, str]:
    return {
        "PLANBOT_EMAIL": "gmail",
        "PLANBOT_GMAIL_CLIENT_ID": fake_gmail.CLIENT[0],
        "PLANBOT_GMAIL_CLIENT_SECRET": fake_gmail.CLIENT[1],
        "PLANBOT_GMAIL_REFRESH_TOKEN": fake_gmail.REFRESH_TOKEN,
        "PLANBOT_GMAIL_API_URL": f"{gmail_url}/gmail/v1",
        "PLANBOT_GMAIL_TOKEN_URL": f"{gmail_url}/token",
        "PLANBOT_CALENDAR": "google",
        "PLANBOT_GCAL_CLIENT_ID": "client-1",
        "PLANBOT_GCAL_CLIENT_SECRET": "client-secret",
        "PLANBOT_GCAL_REFRESH_TOKEN": REFRESH_TOKEN,
        "PLANBOT_GCAL_API_URL": f"{google_url}/calendar/v3",
        "PLANBOT_GCAL_TOKEN_URL": f"{google_url}/token",
    }


async def test_everyday_requests_on_gmail_and_google_calendar(
    gmail: GmailRig,
    google: tuple[FakeGoogleCalendar, str],
    tmp_path: Path,
) -> None:
    invoice = gmail.fake.deliver(
        raw_message(
            "From: Billing <billing@vendor.example>",
            "To: me@example.com",
            "Subject: Invoice 77 due",
            "Message-ID: <invoice-77@vendor.example>",
            body="Invoice 77 is due on Friday.",
        )
    )
    lines = [
        "draft a reply to billing saying we will pay on friday",
        "a",
        "mark the invoice email as read",
        "a",
        "archive the invoice email",
        "a",
        "book 30 min with priya.shah@example.com tomorrow at 2 with a meet link",
        "a",
        "schedule a sync with tom tomorrow at 4 on my team calendar",
        "a",
        "invite john smith as optional to the meeting with priya",
        "a",
    ]
    output = await asyncio.to_thread(planbot_chat, tmp_path, environment(gmail.base_url, google[1]), *lines)
    said = " ".join(output.split())
    assert said.count("✓") >= 12 and "✗" not in said, output
    fake_calendar, _ = google
    drafts = [m for m in gmail.fake.messages.values() if "DRAFT" in m.labels]
    assert [m.parsed["In-Reply-To"] for m in drafts] == ["<invoice-77@vendor.example>"]
    assert not [m for m in gmail.fake.messages.values() if "SENT" in m.labels]  # nothing was sent
    assert gmail.fake.messages[invoice].labels == set()  # read (no UNREAD) and archived (no INBOX)
    meeting = next(e for e in fake_calendar.events.values() if "Priya" in e["summary"])
    assert meeting["hangoutLink"].startswith("https://meet.google.com/")
    assert [(a["email"], a.get("optional", False)) for a in meeting["attendees"]] == [
        ("priya.shah@example.com", False),
        ("john.smith@example.com", True),
    ]
    sync = next(e for e in fake_calendar.events.values() if e["summary"].startswith("Sync"))
    assert fake_calendar.placed[sync["id"]] == "team-123@group.calendar.google.com"
