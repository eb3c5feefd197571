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


def test_past_times_are_refused():
    assert "in the past" in (parse_answer("startTime", "yesterday at 3pm", NOW).problem or "")


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
