"""An event renamed after it was made, in a follow-up with a reason beside it (zb24: "oh, rename it to 'pipeline deep
dive' - 'review' sounds like he's in trouble lol"): the event the last plan made gets the new title, and for a
series every occurrence does. Before, a word of the new name ("pipeline") made it a change of a deal, and a reason
after a dash left the request unread."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events

WEEKLY = ("set up a weekly sync with sarah, thursdays at 2, starting this week", "a")  # Thu 5 Mar 14:00 on


def test_a_series_renamed_after_it_was_made_is_renamed_in_every_occurrence(tmp_path: Path) -> None:
    output = chat(tmp_path, *WEEKLY, "hmm rename that one to 'pipeline forecast' - sarah owns the forecast now", "a")
    assert output.count("Finished") == 2
    for day in ("2026-03-05", "2026-03-19"):
        [sync] = _events(tmp_path, day, query="forecast")
        assert (sync["title"], sync["startTime"][11:16]) == ("Pipeline forecast", "14:00")
    assert _events(tmp_path, "2026-03-12", query="sync with sarah") == []


def test_an_event_called_something_else_after_booking_keeps_its_time(tmp_path: Path) -> None:
    booked = ("book lunch with maria friday at noon", "a")
    output = chat(tmp_path, *booked, "can you call it budget catch-up instead, she hates 'lunch meetings'", "a")
    assert output.count("Finished") == 2
    [lunch] = _events(tmp_path, "2026-03-06", query="budget")
    assert lunch["title"] == "Budget catch-up"
    assert lunch["startTime"] == "2026-03-06T12:00:00-05:00"
