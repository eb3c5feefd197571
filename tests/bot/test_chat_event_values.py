"""An event's length, start and place changed in the words people use, wherever it is said (issue 24): at the
booking's card with the approval in the same reply, in the answer to the start asked, after the event was made, and
in place of a delete shown. The workspace is checked, not the wording."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def _one(tmp_path: Path, date: str, title: str) -> dict[str, object]:
    found = [e for e in events(tmp_path, **day(date)) if title.lower() in str(e["title"]).lower()]
    assert len(found) == 1, found
    return found[0]


def test_a_length_and_a_place_said_at_the_booking_card_with_the_approval(tmp_path: Path) -> None:
    chat(
        tmp_path, "book a design review with sarah on wednesday at 10", "give it 50 and have it in room 6, otherwise go"
    )
    made = _one(tmp_path, "2026-03-04", "design review")
    assert made["startTime"] == "2026-03-04T10:00:00-05:00" and made["endTime"] == "2026-03-04T10:50:00-05:00"
    assert made["location"] == "room 6"


def test_the_start_answered_with_a_length_and_a_place_in_later_clauses(tmp_path: Path) -> None:
    chat(tmp_path, "set up a call with laura", "wednesday 4pm, we only need 20 - at the cafe downstairs", "a")
    made = _one(tmp_path, "2026-03-04", "laura")
    assert made["startTime"] == "2026-03-04T16:00:00-05:00" and made["endTime"] == "2026-03-04T16:20:00-05:00"
    assert made["location"] == "the cafe downstairs"


def test_after_the_event_was_made_its_place_length_and_start_change(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book a budget check-in with john smith on wednesday at 11",
        "a",
        "ugh, the usual room is taken. put it in the library",
        "a",
        "lengthen it by 10",
        "a",
        "slide it back 20",
        "a",
    )
    made = _one(tmp_path, "2026-03-04", "budget")
    assert made["location"] == "the library"
    assert made["startTime"] == "2026-03-04T11:20:00-05:00" and made["endTime"] == "2026-03-04T12:00:00-05:00"


def test_a_delete_turned_down_at_its_card_for_a_move_by_an_amount_keeps_the_event(tmp_path: Path) -> None:
    chat(tmp_path, "cancel my 1:1 with priya on thursday", "hm no, keep it - slide it back half an hour", "yes")
    moved = _one(tmp_path, "2026-03-05", "priya")
    assert moved["startTime"] == "2026-03-05T14:30:00-05:00" and moved["endTime"] == "2026-03-05T15:00:00-05:00"


def test_an_invitation_declined_by_its_place_in_the_list_just_shown_with_the_words_to_send(tmp_path: Path) -> None:
    said = "decline the 2nd one, i'm out sick. tell them apologies"
    output = chat(tmp_path, "what do i have on thursday", said, "yep")
    assert "Which one do you mean?" not in output and "Comment: Apologies" in output
    [review] = [e for e in events(tmp_path, **day("2026-03-05")) if "review" in str(e["title"]).lower()]
    [one_to_one] = [e for e in events(tmp_path, **day("2026-03-05")) if "priya" in str(e["title"]).lower()]
    assert review["myResponse"] == "declined" and one_to_one["myResponse"] != "declined"


def test_a_move_of_one_occurrence_of_a_series_just_made_leaves_the_others(tmp_path: Path) -> None:
    chat(tmp_path, "set up a weekly sync with tom on tuesdays at 3pm", "a", "slide it back 30, only this one", "a")
    moved, kept = _one(tmp_path, "2026-03-03", "sync with tom"), _one(tmp_path, "2026-03-10", "sync with tom")
    assert moved["startTime"] == "2026-03-03T15:30:00-05:00" and moved["endTime"] == "2026-03-03T16:00:00-05:00"
    assert kept["startTime"] == "2026-03-10T15:00:00-04:00"


def test_an_approval_said_for_one_occurrence_never_moves_the_whole_series(tmp_path: Path) -> None:
    weekly = "set up a weekly sync with tom on tuesdays at 3pm"
    output = chat(tmp_path, weekly, "a", "slide it back 30", "yes, only this one")
    assert "every occurrence" in output and "nothing was approved" in output
    for date in ("2026-03-03", "2026-03-10"):
        assert str(_one(tmp_path, date, "sync with tom")["startTime"]).startswith(f"{date}T15:00")
