"""Where the start of an event is asked, a reply may give other values of it instead (its length, its place, people)
and the start later, roughly or in a clause of its own (issue 24): each value is set, the start is asked until it is
given, and nothing is lost."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_length_and_a_place_said_instead_of_the_start_are_kept_and_a_rough_start_books_it(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "book a sync with priya",
        "give it 50, big agenda. and use the boardroom as the place",
        "friday, 11ish",
        "a",
    )
    assert "Changed the length to 50 minutes" in output and "Changed the location" in output
    assert output.count("What start time should I use") == 2  # asked again after the changes, not answered by them
    [sync] = [e for e in events(tmp_path, **day("2026-03-06")) if e["title"].lower().startswith("sync")]
    assert (sync["startTime"], sync["endTime"]) == ("2026-03-06T11:00:00-05:00", "2026-03-06T11:50:00-05:00")
    assert sync["location"] == "the boardroom"


def test_a_place_the_plan_left_out_is_set_at_the_approval_with_a_length_and_a_reason(tmp_path: Path) -> None:
    said = "give it 50, big agenda. and use the boardroom as the place"
    output = chat(tmp_path, "book a sync with priya on friday at 11", said, "a")
    assert "did not understand" not in output and output.count("Finished") == 1
    [sync] = [e for e in events(tmp_path, **day("2026-03-06")) if e["title"].lower().startswith("sync")]
    assert (sync["endTime"], sync["location"]) == ("2026-03-06T11:50:00-05:00", "the boardroom")


def test_a_time_said_instead_after_a_reason_at_a_moves_approval_is_the_new_time(tmp_path: Path) -> None:
    said = "hmm no, friday's the offsite. tuesday 2pm instead?"
    output = chat(tmp_path, "move the acme call to friday at 10", said, "a")
    assert "did not understand" not in output and output.count("Finished") == 1
    [call] = [e for e in events(tmp_path, **day("2026-03-03")) if e["title"] == "Acme call"]
    assert call["startTime"] == "2026-03-03T14:00:00-05:00"
