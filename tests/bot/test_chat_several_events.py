"""Several events at once (issue 24), in `planbot chat --script` on the local workspace, checked in the workspace:
moves between days keep the wall-clock time across the daylight-saving change (8 March 2026) and the card says each
new time; what cannot run is said before approval; "except" keeps the named event; a failure after approval is
shown as one, with its reason; deleting someone else's meeting says it declines it."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_move_between_days_keeps_the_wall_clock_time_across_daylight_saving(tmp_path: Path):
    output = chat(tmp_path, "move all my thursday meetings to monday", "a")
    assert "Move by" not in output and "5760" not in output
    assert "New time: Mon 9 Mar, 14:00–14:30 EDT" in output  # each event's new time, in words
    # someone else's meeting cannot be moved: said on the card, before approval, and never tried
    card = output.split("> a")[0]
    assert "Acme quarterly business review" in card and "only they can change it" in card
    [moved] = events(tmp_path, query="1:1 with Priya", **day("2026-03-09"))
    assert moved["startTime"] == "2026-03-09T14:00:00-04:00"  # 14:00 EST on Thursday stays 14:00, now EDT
    assert moved["endTime"] == "2026-03-09T14:30:00-04:00"
    [kept] = events(tmp_path, query="Acme quarterly business review", **day("2026-03-05"))
    assert kept["startTime"] == "2026-03-05T16:00:00-05:00"


def test_all_but_the_named_event_are_cancelled_and_the_card_lists_it_as_kept(tmp_path: Path):
    output = chat(tmp_path, "cancel all my thursday meetings except the 1:1", "a")
    card = output.split("> a")[0]
    assert "1 item" in card and "Not part of this" in card and "kept: it matches “1:1”" in card
    assert "declined, not deleted (laura.chen@acme.com organises it)" in card  # someone else's: declined
    [left] = events(tmp_path, **day("2026-03-05"))
    assert left["title"] == "1:1 with Priya"


def test_deleting_someone_elses_meeting_says_it_declines_it_before_approval(tmp_path: Path):
    output = chat(tmp_path, "delete the launch review on friday", "c")
    card = output.split("> c")[0]
    assert "Decline and remove" in card and "tom.reyes@example.com organises it" in card


def test_an_item_that_fails_after_approval_is_shown_as_a_failure_with_its_reason(tmp_path: Path):
    chat(tmp_path, "accept the Acme quarterly business review", "a")  # accepted: the card cannot know it will fail
    output = chat(tmp_path, "move all my thursday meetings to monday", "a")
    assert "Finished with problems" in output
    assert "✓ Finished" not in output and "Finished:\n" not in output
    assert "laura.chen@acme.com organises" in output.split("> a")[1]  # the reason, not only in the store
    [moved] = events(tmp_path, query="1:1 with Priya", **day("2026-03-09"))
    assert moved["startTime"] == "2026-03-09T14:00:00-04:00"
