"""Whole conversations: a value said in the place of one the card shows changes that field ("qualification rather
than prospecting" → the stage; "125 not 120" → the amount shown as $120,000), a value said alone at the card goes
to the one field of its kind ("an hour and a half" → the length), and at a pick the one named in the place of
another is picked ("smith please, not the globex one"). Sentences are our own."""

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from integrations.base.arguments import FetchEmailsArgs, FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read

SENT_AFTER = datetime(2026, 3, 2, 8, tzinfo=ZoneInfo("America/New_York"))  # the chat's clock is 09:00 that day


def test_a_length_said_alone_at_the_card_is_the_events_length(tmp_path: Path) -> None:
    asked = "set up a 40 minute call with dana whitfield on friday at 10 about the offsite menu"
    chat(tmp_path, asked, "10 -> 11:15", "an hour and a half", "a")
    [event] = [e for e in events(tmp_path, **day("2026-03-06")) if "offsite" in e["title"].lower()]
    assert event["startTime"].startswith("2026-03-06T11:15")
    assert event["endTime"].startswith("2026-03-06T12:45")


def test_the_stage_and_the_amount_said_in_the_place_of_those_shown(tmp_path: Path) -> None:
    asked = "create a deal for Globex named pump retrofit at 120k in prospecting"
    chat(tmp_path, asked, "qualification rather than prospecting", "125 not 120", "a")
    deals = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"name": "pump retrofit"}))
    [deal] = [d for d in deals if "retrofit" in d["name"].lower()]
    assert deal["stage"] == "qualification"
    assert deal["amount"] == 125_000


def test_the_due_date_said_in_the_place_of_the_one_shown(tmp_path: Path) -> None:
    asked = "add a task on the initech account to renew the support contract, due march 10"
    chat(tmp_path, asked, "the 12th not the 10th", "a")
    tasks = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task"))
    [task] = [t for t in tasks if "support contract" in t["subject"].lower()]
    assert task["dueDate"] == "2026-03-12"


def test_the_person_picked_by_the_one_named_in_the_place_of_the_other(tmp_path: Path) -> None:
    chat(tmp_path, "email john that the invoice is approved and paid", "smith please, not the globex one", "a")
    assert len(read(tmp_path, "fetch_emails", FetchEmailsArgs(to="john.smith@example.com", since=SENT_AFTER))) == 1
    assert read(tmp_path, "fetch_emails", FetchEmailsArgs(to="john.park@globex.com", since=SENT_AFTER)) == []
