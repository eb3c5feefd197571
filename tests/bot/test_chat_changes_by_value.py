"""Follow-ups after a booking that say only values change the event by the kind of each value, keeping what is not
said: a day keeps the time of day, a new start with the end kept changes the length, a range sets both."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_day_said_with_the_same_time_after_a_booking_moves_it_to_that_day(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book 45 min with tom wednesday at 1pm about hiring",
        "yes",
        "hmm could we do thursday, same time?",
        "yes",
    )
    assert [e for e in _events(tmp_path, "2026-03-04") if "hiring" in e["title"].lower()] == []
    [moved] = [e for e in _events(tmp_path, "2026-03-05") if "hiring" in e["title"].lower()]
    assert moved["startTime"].startswith("2026-03-05T13:00") and moved["endTime"].startswith("2026-03-05T13:45")


def test_a_later_start_with_the_end_kept_after_a_booking_shortens_it(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book an hour with tom wednesday at 1pm about hiring",
        "yes",
        "begin it at 1:20, still finish at 2",
        "y",
    )
    [moved] = [e for e in _events(tmp_path, "2026-03-04") if "hiring" in e["title"].lower()]
    assert moved["startTime"].startswith("2026-03-04T13:20") and moved["endTime"].startswith("2026-03-04T14:00")


def test_a_range_said_alone_after_a_booking_sets_its_start_and_end(tmp_path: Path) -> None:
    chat(tmp_path, "book an hour with tom wednesday at 1pm about hiring", "yes", "3:30-4:15 instead", "y")
    [moved] = [e for e in _events(tmp_path, "2026-03-04") if "hiring" in e["title"].lower()]
    assert moved["startTime"].startswith("2026-03-04T15:30") and moved["endTime"].startswith("2026-03-04T16:15")
