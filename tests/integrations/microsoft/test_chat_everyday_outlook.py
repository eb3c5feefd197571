"""Everyday requests (contract v3) through `planbot chat --script` configured for Microsoft 365, on the Graph
stand-in (every request checked with msgraph-sdk's builders and models): a reply saved as a draft, mail marked
read and archived, a Teams meeting, an optional guest, an event on the Team calendar."""

import asyncio
from pathlib import Path

from tests.integrations.email.test_chat_over_imap import planbot_chat
from tests.integrations.microsoft.conftest import GraphRig
from tests.integrations.microsoft.fake_graph import CLIENT, REFRESH_TOKEN, TENANT


async def test_everyday_requests_on_outlook(microsoft: GraphRig, tmp_path: Path) -> None:
    invoice = microsoft.mailbox.deliver(
        sender="billing@vendor.example", name="Billing", subject="Invoice 77 due", body="Invoice 77 is due on Friday."
    )
    environment = {
        "PLANBOT_EMAIL": "microsoft",
        "PLANBOT_CALENDAR": "microsoft",
        "PLANBOT_MICROSOFT_CLIENT_ID": CLIENT[0],
        "PLANBOT_MICROSOFT_CLIENT_SECRET": CLIENT[1],
        "PLANBOT_MICROSOFT_REFRESH_TOKEN": REFRESH_TOKEN,
        "PLANBOT_MICROSOFT_TENANT": TENANT,
        "PLANBOT_MICROSOFT_API_URL": f"{microsoft.base_url}/v1.0",
        "PLANBOT_MICROSOFT_TOKEN_URL": f"{microsoft.base_url}/{TENANT}/oauth2/v2.0/token",
    }
    lines = [
        "draft a reply to billing saying we will pay on friday",
        "a",
        "mark the invoice email as read",
        "a",
        "archive the invoice email",
        "a",
        "book 30 min with priya.shah@example.com tomorrow at 2 with a teams link",
        "a",
        "invite john smith as optional to the meeting with priya",
        "a",
        "schedule a sync with tom tomorrow at 4 on my team calendar",
        "a",
    ]
    output = await asyncio.to_thread(planbot_chat, tmp_path, environment, *lines)
    said = " ".join(output.split())
    assert said.count("✓") >= 12 and "✗" not in said, output
    drafts = [m for m in microsoft.mailbox.messages.values() if m.folder == "drafts"]
    assert [(m.subject, [p["emailAddress"]["address"] for p in m.to]) for m in drafts] == [
        ("Re: Invoice 77 due", ["billing@vendor.example"])
    ]
    assert not microsoft.mailbox.in_folder("sentitems")  # nothing was sent
    archived = microsoft.mailbox.messages[invoice]
    assert (archived.folder, archived.is_read) == ("archive", True)
    events = [series.master for series in microsoft.calendar.events.values()]
    meeting = next(e for e in events if "Priya" in e["subject"])
    assert meeting["onlineMeeting"]["joinUrl"].startswith("https://teams.microsoft.com/")
    assert [(a["emailAddress"]["address"], a["type"]) for a in meeting["attendees"]] == [
        ("priya.shah@example.com", "required"),
        ("john.smith@example.com", "optional"),
    ]
    sync = next(e for e in events if e["subject"].startswith("Sync"))
    assert microsoft.calendar.placed[sync["id"]] == "AAMkAGTEAMCALENDAR0000000000"
