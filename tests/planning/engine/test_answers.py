"""Answers to questions are read and checked by the type of value asked for."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.engine.answers import parse_answer

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def test_datetime_answers_resolve_against_the_clock():
    assert parse_answer("startTime", "Thursday at 2pm", NOW).value == "2026-03-05T14:00:00-05:00"
    assert parse_answer("startTime", "march 10 at 9:30am", NOW).value == "2026-03-10T09:30:00-04:00"


def test_a_day_without_a_time_is_not_enough_for_a_start():
    assert "no time of day" in (parse_answer("startTime", "Thursday", NOW).problem or "")


def test_a_time_of_day_in_a_clause_of_its_own_or_said_roughly_is_the_start_on_that_day():
    said = {
        "friday - around 2:30": "2026-03-06T14:30:00-05:00",
        "tomorrow afternoon, 3 or so": "2026-03-03T15:00:00-05:00",
        "wed, noonish": "2026-03-04T12:00:00-05:00",
        "next tuesday 4pm-ish": "2026-03-10T16:00:00-04:00",
        "thursday 11ish": "2026-03-05T11:00:00-05:00",
    }
    for text, start in said.items():
        assert parse_answer("startTime", text, NOW).value == start, text
    # a number that is no time of day, or no number at all, is still no time
    for text in ("friday, 3 people", "thursday, sometime"):
        assert "no time of day" in (parse_answer("startTime", text, NOW).problem or ""), text


def test_past_times_are_read_as_given_for_the_engine_to_confirm():
    assert parse_answer("startTime", "yesterday at 3pm", NOW).value == "2026-03-01T15:00:00-05:00"
    assert parse_answer("since", "last Friday at 9am", NOW).value == "2026-02-27T09:00:00-05:00"


def test_an_impossible_date_is_refused_with_the_date_named():
    for text, missing in (("February 30 at 3pm", "30 February"), ("2027-02-29 10:00", "29 February 2027")):
        parsed = parse_answer("startTime", text, NOW)
        assert parsed.value is None and parsed.problem == f"there is no {missing}"


def test_addresses_and_names_for_recipients():
    parsed = parse_answer("to", "priya.shah@example.com and John", NOW)
    assert parsed.value == ["priya.shah@example.com"] and parsed.names == ("John",)
    assert parse_answer("to", "@@@", NOW).problem


def test_durations_numbers_and_choices():
    assert parse_answer("durationMinutes", "1 hour", NOW).value == 60
    assert parse_answer("durationMinutes", "45", NOW).value == 45
    assert parse_answer("amount", "50k", NOW).value == 50000.0
    assert parse_answer("amount", "lots", NOW).problem
    assert parse_answer("stage", "closed won", NOW).value == "closed_won"
    assert "choose one of" in (parse_answer("status", "maybe", NOW).problem or "")


def test_free_text_must_not_be_empty():
    assert parse_answer("body", "   ", NOW).problem == "the answer is empty"
    assert parse_answer("body", "See you then", NOW).value == "See you then"


def test_a_record_date_is_read_as_an_iso_date():
    assert parse_answer("closeDate", "April 30", NOW).value == "2026-04-30"
    assert parse_answer("dueDate", "2026-05-15", NOW).value == "2026-05-15"
    assert "not a date" in (parse_answer("closeDate", "2026-02-30", NOW).problem or "")
    assert "could not read a date" in (parse_answer("closeDate", "when legal signs", NOW).problem or "")


def test_a_short_day_name_alone_is_that_day_even_when_it_is_also_a_word():
    assert parse_answer("dueDate", "Wed", NOW).value == "2026-03-04"
    assert parse_answer("closeDate", "sat", NOW).value == "2026-03-07"
    assert "could not read a date" in (parse_answer("dueDate", "wedding", NOW).problem or "")


def test_a_number_beside_a_day_answering_for_a_start_is_the_hour_of_that_day():
    said = {
        "fri 3 is fine by me": "2026-03-06T15:00:00-05:00",
        "9.30 on tuesday suits": "2026-03-03T09:30:00-05:00",
        "tomorrow 4 pls": "2026-03-03T16:00:00-05:00",
    }
    for text, start in said.items():
        assert parse_answer("startTime", text, NOW).value == start, text
    # a number that is part of the date, or two numbers beside the day, say no hour
    assert not parse_answer("startTime", "march 11", NOW).ok
    assert not parse_answer("startTime", "3 friday 4", NOW).ok
