"""Edits at an approval with the names people use, and request shapes, in `planbot chat --script` (issue 15);
checked in the local workspace."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs, FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def test_event_edits_by_everyday_names(tmp_path: Path):
    output = chat(
        tmp_path,
        "schedule a planning session with Tom tomorrow at 3pm",
        "e attendees=ana@example.org,ben@example.net",
        "e when=Friday at 4pm",
        "e length=1 hour",
        "e colour=blue",
        "a",
    )
    flat = " ".join(output.split())
    assert "no field “colour”; you can edit: title, startTime (when), durationMinutes (length)" in flat
    [session] = events(tmp_path, query="Planning session", **day("2026-03-06"))
    assert session["startTime"] == "2026-03-06T16:00:00-05:00"
    assert session["endTime"] == "2026-03-06T17:00:00-05:00"
    assert session["attendees"] == ["ana@example.org", "ben@example.net"]


def test_a_record_field_by_its_everyday_name(tmp_path: Path):
    chat(tmp_path, "update the Initech deal to negotiation", "1", "e close_date=2026-12-01", "e amount=$125k", "a")
    deals = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "Initech deal"}))
    [deal] = [d for d in deals if d["name"] == "Initech deal"]
    assert (deal["stage"], deal["closeDate"], deal["amount"]) == ("negotiation", "2026-12-01", 125000)


def test_recipients_edited_by_name_are_looked_up(tmp_path: Path):
    chat(tmp_path, "email Priya saying the zebra plan is ready", "e recipients=Maria", "e subject=Zebra", "a")
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="zebra plan", includeBody=True))
    assert (sent["to"], sent["subject"]) == (["maria.garcia@example.com"], "Zebra")


def test_a_follow_up_with_them_in_the_same_request_gets_the_same_people(tmp_path: Path):
    output = chat(
        tmp_path,
        "book a review with Priya and Tom tomorrow at 2pm and then a debrief with them on Friday at 10am",
        "a",
        "a",
    )
    assert output.count("Finished") == 1
    [debrief] = events(tmp_path, query="Debrief", **day("2026-03-06"))
    assert debrief["startTime"] == "2026-03-06T10:00:00-05:00"
    assert set(debrief["attendees"]) == {"priya.shah@example.com", "tom.reyes@example.com"}


def test_a_later_request_with_them_gets_the_people_of_the_earlier_event(tmp_path: Path):
    chat(tmp_path, "schedule a review with Priya and Tom tomorrow at 2pm", "a")
    output = chat(tmp_path, "book a debrief with them on Friday at 10am", "a")
    assert "Finished" in output
    [debrief] = events(tmp_path, query="Debrief", **day("2026-03-06"))
    assert set(debrief["attendees"]) == {"priya.shah@example.com", "tom.reyes@example.com"}


def test_email_to_two_people_named_in_lower_case_is_labelled_and_sent_to_both(tmp_path: Path):
    output = chat(tmp_path, "email priya and tom that the review moved to Thursday", "a")
    assert "Email priya, tom" in output
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="review moved", includeBody=True))
    assert set(sent["to"]) == {"priya.shah@example.com", "tom.reyes@example.com"}
