"""Changes said by the kind of value: after a booking, follow-ups that say only values change the event, keeping what
is not said (a day keeps the time of day, a new start with the end kept changes the length, a range sets both); at a
card, a value after its field's name goes to that field, digits in the place of digits of the phone shown replace
them, and a field named as a verb ("title it …") takes the words after its object."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events
from tests.bot.test_chat_record_followups import records


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


def test_a_date_said_with_the_due_field_at_a_tasks_card_changes_its_due_date(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "add a task on the acme deal: send over the msa redline, due thursday",
        "ok make it due next wed then",
        "yes",
    )
    [task] = records(tmp_path, "Task", subject="msa redline")
    assert task["dueDate"] == "2026-03-11"


def test_digits_said_in_the_place_of_digits_of_the_phone_shown_change_only_those(tmp_path: Path) -> None:
    chat(tmp_path, "update priya's phone to 415 555 0142", "argh, 0143 not 0142", "yes")
    [priya] = records(tmp_path, "Contact", name="Priya Shah")
    assert priya["phone"].replace(" ", "").endswith("4155550143")


def test_a_field_named_as_a_verb_at_a_bookings_card_takes_the_words_after_it(tmp_path: Path) -> None:
    chat(tmp_path, "book 30 min with tom friday at 11", "title it vendor sync please", "yes")
    titles = [e["title"] for e in _events(tmp_path, "2026-03-06", attendee="tom.reyes@example.com")]
    assert "Vendor sync" in titles and not [t for t in titles if t.lower().startswith("it ")]


def test_a_day_of_that_week_at_a_cards_move_by_a_week_is_that_day_of_the_week_shown(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "push my 1:1 with priya to next week, same time",
        "make it the tuesday of that week, not thursday",
        "y",
    )
    [moved] = _events(tmp_path, "2026-03-10", query="priya")
    assert moved["startTime"].startswith("2026-03-10T14:00") and moved["endTime"].startswith("2026-03-10T14:30")
    assert _events(tmp_path, "2026-03-12", query="priya") == []


def test_a_new_start_and_the_end_kept_at_a_bookings_card_change_start_and_length(tmp_path: Path) -> None:
    chat(tmp_path, "book an hour with tom wednesday at 1pm about hiring", "begin at 1:20 but still finish at 2", "y")
    [booked] = [e for e in _events(tmp_path, "2026-03-04") if "hiring" in e["title"].lower()]
    assert booked["startTime"].startswith("2026-03-04T13:20") and booked["endTime"].startswith("2026-03-04T14:00")


def test_digits_said_again_after_a_phone_was_saved_fix_those_digits(tmp_path: Path) -> None:
    chat(tmp_path, "update priya's phone to 415 555 0142", "yes", "oops, 0143 not 0142", "yes")
    [priya] = records(tmp_path, "Contact", name="Priya Shah")
    assert priya["phone"].replace(" ", "").endswith("4155550143")


def test_a_day_said_in_the_place_of_the_due_date_after_a_task_was_added_moves_it(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "add a task on the acme account to renew the hosting contract, due thursday",
        "a",
        "friday not thursday",
        "a",
    )
    [task] = records(tmp_path, "Task", subject="hosting contract")
    assert task["dueDate"] == "2026-03-06"


def test_a_time_said_while_an_emails_text_is_asked_changes_the_plans_time(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "push the globex pricing review to friday at 9 and let john park know by email",
        "9:30 actually",
        "the review is now friday at 9:30",
        "yes",
        "yes",
    )
    assert "Sent" in output
    [moved] = _events(tmp_path, "2026-03-06", query="globex pricing review")
    assert moved["startTime"].startswith("2026-03-06T09:30")
