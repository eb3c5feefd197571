"""The offline ``extract`` tool: only what the text says, with the project's date grammar, never a guess."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from integrations.base import CATALOG, Connector, PermanentError
from integrations.base.arguments import ExtractArgs, SummarizeArgs
from integrations.base.context import in_zone
from integrations.base.registry import ConnectorRegistry
from planning.engine.runner import ToolRunner
from planning.tools.extract import OfflineExtractor
from planning.tools.extract.connector import extract

NEW_YORK = ZoneInfo("America/New_York")
MONDAY_9AM = datetime(2026, 3, 2, 9, 0, tzinfo=NEW_YORK)  # DST starts 2026-03-08
SUMMIT = "The partner summit is on Thursday 12 March at 10:00 at the Hilton, see you there"
EVENT = {"startTime": "datetime", "durationMinutes": "duration", "location": "text"}


def read(text: object, fields: dict[str, str], instructions: str | None = None) -> dict[str, object]:
    return extract(text, fields, instructions, MONDAY_9AM)


def test_the_partner_summit_gives_its_start_after_the_dst_change_and_no_duration():
    assert read(SUMMIT, EVENT) == {
        "startTime": "2026-03-12T10:00:00-04:00",
        "durationMinutes": None,
        "location": "Hilton",
    }


@pytest.mark.parametrize(
    "text, minutes",
    [
        ("it will last 3 hours", 180),
        ("The workshop lasts 90 min.", 90),
        ("Duration: an hour and a half", 90),
        ("We meet Thursday 10:00-11:30 in Room 4.", 90),
        ("It'll last ninety minutes", 90),
    ],
)
def test_a_length_of_time_is_minutes(text, minutes):
    assert read(text, {"durationMinutes": "duration"}) == {"durationMinutes": minutes}


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"when": "datetime"}, None),
        ({"day": "date"}, None),
        ({"at": "time"}, None),
        ({"length": "duration"}, None),
        ({"email": "email"}, None),
        ({"phone": "phone"}, None),
        ({"count": "number"}, None),
        ({"location": "text"}, None),
    ],
)
def test_what_the_text_does_not_say_is_null(fields, expected):
    assert read("Thanks for your help with this, talk soon.", fields) == dict.fromkeys(fields, expected)


def test_a_clock_time_without_a_day_is_no_datetime_but_is_a_time():
    text = "See you at 3pm."
    assert read(text, {"start": "datetime", "at": "time", "day": "date"}) == {"start": None, "at": "15:00", "day": None}


def test_a_day_without_a_clock_time_is_a_date_but_no_datetime():
    assert read("The launch is on Friday.", {"start": "datetime", "day": "date"}) == {
        "start": None,
        "day": "2026-03-06",
    }


@pytest.mark.parametrize(
    "text",
    [
        "The summit is on 31 February at 10:00.",
        "The summit is on 2026-02-30 at 10:00.",
        "The summit is on Wednesday 12 March 2026 at 10:00.",  # 12 March 2026 is a Thursday
        "The summit is on 31 February at 10:00. RSVP by Friday 6 March at 17:00.",
    ],
)
def test_an_impossible_date_is_null_never_another_day(text):
    assert read(text, {"startTime": "datetime", "day": "date"}) == {"startTime": None, "day": None}


def test_relative_times_and_windows_are_no_datetimes():
    assert read("Call me in 2 hours or sometime in the next 3 days.", {"start": "datetime"}) == {"start": None}


def test_two_different_values_with_nothing_to_choose_between_them_are_ambiguous():
    text = "Can we meet on Tuesday at 3pm or on Wednesday at 10am?"
    assert read(text, {"startTime": "datetime"}) == {"startTime": None}


def test_the_value_nearest_the_field_words_wins_and_a_deadline_is_not_a_start():
    text = "The partner summit starts on Thursday 12 March at 10:00. Please RSVP by Friday 6 March at 17:00."
    assert read(text, {"startTime": "datetime", "deadline": "datetime"}) == {
        "startTime": "2026-03-12T10:00:00-04:00",
        "deadline": "2026-03-06T17:00:00-05:00",
    }


def test_the_instructions_pick_the_sentence_they_name():
    text = "Lunch is on Tuesday 10 March at 12:30. The partner summit is on Thursday 12 March at 10:00."
    assert read(text, {"startTime": "datetime"}) == {"startTime": None}
    assert read(text, {"startTime": "datetime"}, "the partner summit") == {"startTime": "2026-03-12T10:00:00-04:00"}


EMAILS = [  # newest first, as fetch_emails lists them
    {
        "id": "m2",
        "date": "2026-02-23T08:15:00-05:00",  # a Monday, the week before the request
        "subject": "Partner summit",
        "snippet": "The partner summit is on Thursday...",
        "body": "Hi all,\nthe partner summit is on Thursday at 10am at the Grand Hyatt. It will last 3 hours.\n"
        "Questions: priya.shah@example.com or +1 (555) 010-2000. We expect 120 guests.",
    },
    {"id": "m1", "date": "2026-02-20T17:00:00-05:00", "subject": "Save the date", "snippet": "Summit coming up."},
]


def test_a_list_of_emails_is_read_in_order_and_relative_to_each_emails_own_date():
    fields = {
        "startTime": "datetime",
        "durationMinutes": "duration",
        "location": "text",
        "contactEmail": "email",
        "phone": "phone",
        "guests": "number",
        "day": "date",
        "time": "time",
    }
    assert read(EMAILS, fields, "the partner summit") == {
        "startTime": "2026-02-26T10:00:00-05:00",  # that week's Thursday, not the one after the request
        "durationMinutes": 180,
        "location": "Grand Hyatt",
        "contactEmail": "priya.shah@example.com",
        "phone": "+1 (555) 010-2000",
        "guests": 120,
        "day": "2026-02-26",
        "time": "10:00",
    }


def test_an_email_without_a_body_is_read_from_its_subject_and_snippet():
    mail = [{"id": "m1", "date": "2026-03-02T08:00:00-05:00", "subject": "Budget", "snippet": "The budget is $50k."}]
    assert read(mail, {"budget": "number"}) == {"budget": 50000}


def test_a_newer_email_wins_over_an_older_one():
    mails = [
        {"date": "2026-03-01T10:00:00-05:00", "body": "Update: the summit is now on Friday 13 March at 11:00."},
        {"date": "2026-02-20T10:00:00-05:00", "body": "The summit is on Thursday 12 March at 10:00."},
    ]
    assert read(mails, {"startTime": "datetime"}) == {"startTime": "2026-03-13T11:00:00-04:00"}


def test_a_record_is_read_as_labelled_fields():
    event = {"id": "e1", "title": "Offsite", "location": "Lakeside Lodge", "description": "Bring boots."}
    assert read([event], {"location": "text", "title": "text"}) == {"location": "Lakeside Lodge", "title": "Offsite"}


def test_a_text_field_without_a_label_is_the_first_sentence_naming_it():
    text = "Thanks all. The agenda covers Q3 results and hiring. More agenda items later."
    assert read(text, {"agenda": "text"}) == {"agenda": "The agenda covers Q3 results and hiring."}


def test_numbers_are_not_read_out_of_times_dates_or_phone_numbers():
    text = "Call 555-010-2000 on 12 March at 10:00 for 30 minutes."
    assert read(text, {"count": "number"}) == {"count": None}


async def test_the_connector_reads_the_requesters_zone_else_its_own():
    extractor = OfflineExtractor(clock=lambda: MONDAY_9AM, zone="America/New_York")
    args = ExtractArgs(text="Lunch on Tuesday at 12:30", fields={"start": "datetime"})
    assert await extractor.call("extract", args) == {"start": "2026-03-03T12:30:00-05:00"}
    with in_zone("Europe/London"):
        assert await extractor.call("extract", args) == {"start": "2026-03-03T12:30:00+00:00"}


async def test_the_connector_runs_only_extract():
    extractor = OfflineExtractor(clock=lambda: MONDAY_9AM, zone="UTC")
    with pytest.raises(PermanentError, match="only extract"):
        await extractor.call("summarize", SummarizeArgs(text="x"))


async def test_the_registry_runs_extract_over_a_referenced_email_list():
    extractor = OfflineExtractor(clock=lambda: MONDAY_9AM, zone="UTC")
    assert isinstance(extractor, Connector)
    runner = ToolRunner(ConnectorRegistry(CATALOG, [extractor]))
    args = {"text": EMAILS, "fields": {"startTime": "datetime", "durationMinutes": "duration"}}
    result = await runner.run("extract", args, zone="America/New_York")
    assert result == {"startTime": "2026-02-26T10:00:00-05:00", "durationMinutes": 180}


def test_a_place_within_a_place_is_read_whole():
    """ "at the Hilton Midtown, in the Gramercy room": the venue and its room, not the room alone (session 12)."""
    said = "Kickoff on Friday 13 March at 9:00 at the Marriott Downtown, in the Lotus room, breakfast included."
    assert read(said, {"location": "text"}) == {"location": "Marriott Downtown, Lotus room"}
    assert read("We meet in the Orchid room at noon.", {"location": "text"}) == {"location": "Orchid room"}
