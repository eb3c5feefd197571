"""Conversations from user trial 1, in `planbot chat --script`, checked in what the person sees and in the local
workspace: a bare clock time read inside the window the request gave, corrections that name a field or fit a value
the request gave (said in words), a new request typed while a question is open, "him" after a contact was created,
"and tomorrow?" after a read and "ok then try 11" after a condition stopped a booking; the summary of what ran."""

import re
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def _finished(output: str) -> str:
    """What ran, as told to the requester alone (a channel's "Finished" names the goals by the request)."""
    return output[output.rindex("As it ran:") :]


def test_a_bare_clock_time_is_read_on_the_day_the_request_gave(tmp_path: Path):
    output = chat(tmp_path, "schedule a sync with Tom on Friday afternoon", "2:30", "a")
    assert "on Fri 6 Mar (12:00–17:00)" in output  # the question says which day it asks about
    [sync] = events(tmp_path, query="Sync with Tom", **day("2026-03-06"))
    assert sync["startTime"] == "2026-03-06T14:30:00-05:00"
    assert events(tmp_path, query="Sync with Tom", **day("2026-03-02")) == []


def test_a_correction_naming_the_subject_drops_its_connector_words(tmp_path: Path):
    output = chat(
        tmp_path,
        "email John Smith about the forecast",
        "actually the subject should be Forecast for Monday",
        "Can you send me the updated forecast before the standup?",
        "a",
        "email Priya saying hi there",
        "change the subject to Quick hello",
        "a",
    )
    assert "Approve: Email John Smith: Forecast for Monday" in output  # the heading follows the new subject
    assert "should be" not in output.split("actually the subject should be")[1]
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="john.smith@example.com"))
    assert [m["subject"] for m in sent if "Forecast" in m["subject"]] == ["Forecast for Monday"]
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah@example.com"))
    assert "Quick hello" in [m["subject"] for m in sent]


def test_a_correction_at_the_card_changes_a_value_the_request_gave_and_says_it_in_words(tmp_path: Path):
    output = chat(
        tmp_path, "book a call with John Smith tomorrow at 2", "actually make it 3pm", "make it 45 minutes", "a"
    )
    assert "Changed the start time to Tue 3 Mar, 15:00 EST." in output
    assert "Changed the length to 45 minutes." in output
    changed = [line for line in output.splitlines() if line.startswith("Changed")]
    assert not any(re.search(r"\d{4}-\d{2}-\d{2}T|startTime|durationMinutes", line) for line in changed)
    [call] = events(tmp_path, query="Call with John Smith", **day("2026-03-03"))
    assert (call["startTime"], call["endTime"]) == ("2026-03-03T15:00:00-05:00", "2026-03-03T15:45:00-05:00")
    finished = _finished(output)  # the summary tells what ran, not the request's "tomorrow at 2"
    assert "15:00" in finished and "45 minutes" in finished and "at 2" not in finished


def test_change_it_to_a_day_keeps_the_hour(tmp_path: Path):
    output = chat(tmp_path, "book a call with John Smith tomorrow at 2", "change it to Friday", "a")
    assert "Changed the start time to Fri 6 Mar, 14:00 EST." in output
    [call] = events(tmp_path, query="Call with John Smith", **day("2026-03-06"))
    assert call["startTime"] == "2026-03-06T14:00:00-05:00"
    assert events(tmp_path, query="Call with John Smith", **day("2026-03-03")) == []


def test_an_edit_is_what_the_summary_tells(tmp_path: Path):
    output = chat(tmp_path, "book a call with John Smith tomorrow at 2", "e startTime=tomorrow at 3pm", "a")
    finished = _finished(output)
    assert "Tue 3 Mar, 15:00 EST" in finished and "tomorrow at 2" not in finished


def test_a_new_request_while_a_time_is_asked_is_offered_and_started(tmp_path: Path):
    chat(tmp_path, "hello")
    [lunch] = events(tmp_path, query="Lunch with Maria", start="2026-03-02T00:00:00-05:00")
    output = chat(tmp_path, "schedule a sync with Tom", "cancel my lunch with Maria", "new", "a")
    assert "“cancel my lunch with Maria” sounds like a new request" in output
    assert "could not read a date and time in “cancel my lunch" not in output
    assert "Dropped the plan “schedule a sync with Tom”" in output
    assert events(tmp_path, query="Lunch with Maria", start="2026-03-02T00:00:00-05:00") == []
    assert lunch["title"] == "Lunch with Maria"
    assert events(tmp_path, query="Sync with Tom", start="2026-03-02T00:00:00-05:00") == []


def test_keep_answering_after_the_offer(tmp_path: Path):
    output = chat(
        tmp_path, "schedule a sync with Tom", "email Priya saying the zebra deck is ready", "no", "tomorrow at 3pm", "a"
    )
    assert "sounds like a new request" in output
    [sync] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    assert sync["startTime"] == "2026-03-03T15:00:00-05:00"
    assert read(tmp_path, "fetch_emails", FetchEmailsArgs(query="zebra")) == []


def test_him_is_the_contact_just_created(tmp_path: Path):
    output = chat(
        tmp_path,
        "add a new contact: Rob Kim, rob.kim@globex.com",
        "a",
        "and book an intro with him next Monday at 11",
        "a",
    )
    assert output.count("Finished") == 2
    [intro] = events(tmp_path, query="Intro", **day("2026-03-09"))
    assert intro["attendees"] == ["rob.kim@globex.com"]


def test_and_tomorrow_reads_the_calendar_again_for_tomorrow(tmp_path: Path):
    output = chat(tmp_path, "what's on my calendar today?", "and tomorrow?", "what about Friday?")
    assert "on Tuesday 3 March" in output and "on Friday 6 March" in output
    assert "didn't understand" not in output and "put something on your calendar" not in output


def test_ok_then_try_11_books_the_request_that_a_condition_stopped(tmp_path: Path):
    output = chat(tmp_path, "if I'm free thursday at 2pm, book 30 mins with Sarah", "ok then try 11 on thursday", "a")
    assert "Not doing" in output and "1:1 with Priya at 14:00" in output
    [meeting] = events(tmp_path, query="Meeting with Sarah", **day("2026-03-05"))
    assert meeting["startTime"] == "2026-03-05T11:00:00-05:00"
    assert meeting["attendees"] == ["sarah.lee@example.com"]
