"""Follow-ups go through the checks before a write like any plan, in `planbot chat --script` on the local workspace
(checked in its file): the card names the event or email in words, a move onto a busy time (also an undo's move
back) names what is there and offers the next free slot, and the thing is read again before the change runs, so a
change made to it since the earlier plan is shown and asked about again, and a thing deleted since is said to be
gone."""

from pathlib import Path

from integrations.base.arguments import CreateCalendarEventArgs, DeleteCalendarEventArgs, UpdateCalendarEventArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_checks import change
from tests.bot.test_chat_v2 import day, events

SYNC = "schedule a sync with Tom tomorrow at 3pm"


def sync(tmp_path: Path) -> dict:
    [found] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    return found


def test_make_it_later_onto_a_busy_time_then_undo_it(tmp_path: Path):
    output = chat(tmp_path, "schedule a sync with Tom on Wednesday at 2pm", "a", "make it 3pm instead", "f", "a")
    assert "⚠ Not free at Wed 4 Mar, 15:00–15:30 EST" in output
    assert "You have “Globex pricing review” 15:00–16:00" in output and "[f] Move to 16:00–16:30 instead" in output
    [moved] = events(tmp_path, query="Sync with Tom", **day("2026-03-04"))
    assert moved["startTime"] == "2026-03-04T16:00:00-05:00"
    undo = chat(tmp_path, "undo that")
    assert "Event: Sync with Tom · Wed 4 Mar, 16:00–16:30 EST · with tom.reyes@example.com" in undo
    assert "When: Wed 4 Mar, 16:00–16:30 EST → Wed 4 Mar, 14:00–14:30 EST" in undo
    assert "Finished" in chat(tmp_path, "a")
    [back] = events(tmp_path, query="Sync with Tom", **day("2026-03-04"))
    assert back["startTime"] == "2026-03-04T14:00:00-05:00"


def test_undo_back_onto_a_time_booked_since_names_what_is_there(tmp_path: Path):
    chat(tmp_path, SYNC, "a", "make it 4pm instead", "a")
    booked = CreateCalendarEventArgs.model_validate(
        {"title": "Board prep", "startTime": "2026-03-03T15:00:00-05:00", "durationMinutes": 60}
    )
    change(tmp_path, "create_calendar_event", booked)
    output = chat(tmp_path, "undo that")
    assert "⚠ Not free at Tue 3 Mar, 15:00–15:30 EST" in output and "You have “Board prep” 15:00–16:00" in output
    assert "[f] Move to " in output
    assert sync(tmp_path)["startTime"] == "2026-03-03T16:00:00-05:00"  # nothing ran before the approval


def test_undo_of_a_move_after_the_event_moved_again_shows_it_and_asks_again(tmp_path: Path):
    chat(tmp_path, SYNC, "a", "make it 4pm instead", "a")
    later = UpdateCalendarEventArgs.model_validate(
        {"eventId": sync(tmp_path)["id"], "startTime": "2026-03-03T17:00:00-05:00"}
    )
    change(tmp_path, "update_calendar_event", later)
    output = chat(tmp_path, "undo that", "a")
    assert "“Sync with Tom” changed since you saw it" in output
    assert "Tue 3 Mar, 16:00 EST → Tue 3 Mar, 17:00 EST" in output
    assert "When: Tue 3 Mar, 17:00–17:30 EST → Tue 3 Mar, 15:00–15:30 EST" in output  # the card again, as it is now
    assert sync(tmp_path)["startTime"] == "2026-03-03T17:00:00-05:00"  # nothing ran on the card shown before
    assert "Finished" in chat(tmp_path, "a")
    assert sync(tmp_path)["startTime"] == "2026-03-03T15:00:00-05:00"


def test_undo_of_an_event_deleted_since_says_it_is_gone(tmp_path: Path):
    chat(tmp_path, SYNC, "a", "make it 4pm instead", "a")
    change(tmp_path, "delete_calendar_event", DeleteCalendarEventArgs(eventId=sync(tmp_path)["id"]))
    output = chat(tmp_path, "undo that", "a")
    assert "“Sync with Tom” no longer exists (deleted since you saw it), so I skipped" in output
    assert "✗" not in output and "Finished" in output
    assert events(tmp_path, query="Sync with Tom", **day("2026-03-03")) == []


def test_make_it_later_after_the_event_moved_since_asks_again_on_the_event_as_it_is(tmp_path: Path):
    chat(tmp_path, SYNC, "a")
    earlier = UpdateCalendarEventArgs.model_validate(
        {"eventId": sync(tmp_path)["id"], "startTime": "2026-03-03T11:00:00-05:00"}
    )
    change(tmp_path, "update_calendar_event", earlier)
    output = chat(tmp_path, "make it 4pm instead", "a")
    assert "“Sync with Tom” changed since you saw it" in output
    assert "When: Tue 3 Mar, 11:00–11:30 EST → Tue 3 Mar, 16:00–16:30 EST" in output
    assert sync(tmp_path)["startTime"] == "2026-03-03T11:00:00-05:00"
    assert "Finished" in chat(tmp_path, "a")
    assert sync(tmp_path)["startTime"] == "2026-03-03T16:00:00-05:00"


def test_forward_that_names_the_email_on_its_card(tmp_path: Path):
    output = chat(tmp_path, "email Priya saying the deck is ready", "a", "forward that to Maria as well")
    card = output[output.rindex("Approve: Forward “Deck is ready” to Maria Garcia") :]
    assert "To: Maria Garcia <maria.garcia@example.com>" in card
    assert "Email: Deck is ready · to priya.shah@example.com" in card
