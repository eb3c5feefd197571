"""Everyday requests of contract v3 through `planbot chat --script` on the local workspace: a reply saved as a
draft, mail marked read and archived, a meeting link, a second calendar, an optional attendee, a person linked to a
deal and a logged call; each card says what changes in words and the workspace holds the change afterwards."""

import sqlite3
from pathlib import Path

from integrations.base.arguments import FetchCalendarsArgs, FetchEmailsArgs, FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_cards import plain
from tests.bot.test_chat_v2 import day, events, read


def test_a_reply_is_saved_as_a_draft_not_sent(tmp_path: Path):
    output = plain(chat(tmp_path, "draft a reply to maria saying thanks, I will review it tomorrow", "a"))
    assert "Approve: Save a draft to Maria Garcia (not sent)" in output
    assert "✓ Saved a draft to Maria Garcia: “Re: " in output and "(not sent)" in output
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as raw:
        drafts = raw.execute("SELECT subject, body FROM messages WHERE draft = 1").fetchall()
    assert [body for _, body in drafts] == ["Thanks, I will review it tomorrow"]
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="review it tomorrow"))
    assert sent == []  # nothing was sent


def test_mail_is_marked_read_and_archived(tmp_path: Path):
    output = plain(chat(tmp_path, "mark the invoice email as read", "a", "archive the newsletter from acme", "a"))
    assert "Approve: Mark as read: Invoice #4821 overdue (Globex)" in output
    assert "✓ Marked as read: Invoice #4821 overdue (Globex)" in output
    assert "Approve: Archive: Acme monthly newsletter" in output and "✓ Archived: Acme monthly newsletter" in output
    [invoice] = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="invoice 4821"))
    [newsletter] = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="newsletter"))
    assert invoice["unread"] is False and newsletter["archived"] is True


def test_a_meeting_with_a_link_and_one_on_the_team_calendar(tmp_path: Path):
    output = plain(
        chat(
            tmp_path,
            "book 30 min w/ dana tmrw at 2 with a meet link",
            "a",
            "schedule a sync with priya on thursday at 10 on my team calendar",
            "a",
        )
    )
    assert "Online: with a Google Meet or Teams link" in output and "Calendar: on the Team calendar" in output
    [meeting] = events(tmp_path, query="dana", **day("2026-03-03"))
    assert meeting["meetingUrl"].startswith("https://") and meeting["attendees"] == ["dana.whitfield@acme.com"]
    [team] = read(tmp_path, "fetch_calendars", FetchCalendarsArgs(name="team"))
    [sync] = events(tmp_path, query="sync priya", calendarId=team["id"], **day("2026-03-05"))
    assert sync["startTime"] == "2026-03-05T10:00:00-05:00"
    assert events(tmp_path, query="sync priya", **day("2026-03-05")) == []  # not on the primary calendar


def test_an_optional_attendee_a_deal_link_and_a_logged_call(tmp_path: Path):
    output = plain(
        chat(
            tmp_path,
            "invite tom as optional to the acme call",
            "a",
            "link dana to the acme deal",
            "a",
            "log a call with laura on the acme account: they want a discount",
            "a",
        )
    )
    assert "Optional: Tom Reyes (optional)" in output
    assert "Approve: Link Dana Whitfield to the Acme deal" in output and "✓ Linked Dana Whitfield to the Acme deal"
    assert "Approve: Log a call on Acme (account)" in output and "They want a discount" in output
    [call] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    assert call["optionalAttendees"] == ["tom.reyes@example.com"] and "tom.reyes@example.com" not in call["attendees"]
    [dana] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Contact", filters={"name": "Dana"}))
    [deal] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "Acme deal"}))
    assert deal["contacts"] == [dana["id"]]
    [account] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": "Acme"}))
    about = {"entityType": "Account", "id": account["id"]}
    [logged] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Activity", filters={"about": about}))
    assert (logged["kind"], logged["body"]) == ("call", "They want a discount")


def test_undo_puts_a_mail_back_and_unlinks_the_contact(tmp_path: Path):
    output = plain(chat(tmp_path, "mark the invoice email as read", "a", "undo that", "a"))
    assert "✓ Put the email back as it was before “Mark it as read”" in output
    [invoice] = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="invoice 4821"))
    assert invoice["unread"] is True
    linked = plain(chat(tmp_path, "link dana to the acme deal", "a", "undo that", "a"))
    assert "Approve: Unlink 1 contact from the Acme deal" in linked  # the undo has no read that names her
    [deal] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "Acme deal"}))
    assert deal["contacts"] == []
