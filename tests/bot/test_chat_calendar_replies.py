"""Calendar conversations in `planbot chat --script`, checked in the workspace: follow-ups and answers in people's
own words (issue 24)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def test_an_attendee_added_with_a_reason_is_invited(tmp_path: Path):
    booked = ("schedule a sync with Tom tomorrow at 3pm", "a")
    output = chat(tmp_path, *booked, "add Priya to it as she owns the launch", "a")
    assert output.count("Finished") == 2
    [sync] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    assert set(sync["attendees"]) == {"tom.reyes@example.com", "priya.shah@example.com"}


def test_a_number_alone_after_a_free_time_answer_asks_about_that_hour_of_the_day_searched(tmp_path: Path):
    output = chat(tmp_path, "is tom free on wednesday?", "and 10?")
    assert "Wed 4 Mar, 10:00" in output.split("> and 10?")[1]


def test_a_note_added_at_a_forwards_card_goes_with_the_forward(tmp_path: Path):
    output = chat(
        tmp_path,
        "forward the contract email from Maria to Tom",
        "include a comment saying the signature page is the last one",
        "a",
    )
    assert "Finished" in output
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True))
    [forward] = [m for m in sent if m["subject"].startswith("Fwd:")]
    assert "the signature page is the last one" in forward["body"].lower()  # a sentence, capitalised (5e93c43)


def test_a_skip_that_names_the_other_request_leaves_that_one_out_and_keeps_the_question(tmp_path: Path):
    output = chat(
        tmp_path,
        "email tom that the agenda is out, and move my 1:1 with priya to next week",
        "skip the email because I'll see him later",
        "friday at 11am",
        "a",
    )
    assert "Finished" in output
    assert read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True)) == []
    [moved] = events(tmp_path, query="1:1", **day("2026-03-13"))
    assert moved["startTime"] == "2026-03-13T11:00:00-04:00"


def test_a_free_time_taken_after_a_search_is_booked_with_the_people_searched_for(tmp_path: Path):
    output = chat(tmp_path, "when are tom and I both free on wednesday?", "i'll take 11:30", "a")
    assert "Finished" in output
    [booked] = events(tmp_path, query="Meeting with Tom", **day("2026-03-04"))
    assert (booked["startTime"], booked["attendees"]) == ("2026-03-04T11:30:00-05:00", ["tom.reyes@example.com"])


def test_a_time_outside_the_free_time_found_is_shown_busy_on_the_day_searched_and_not_booked_unasked(tmp_path: Path):
    output = chat(tmp_path, "when are tom and I both free on wednesday?", "10:15 is fine")
    card = output.split("> 10:15 is fine")[1]  # the day and the people searched; who is busy then, said (user test t57)
    assert "Wed 4 Mar, 10:15–10:45" in card and "Not free" in card and "Team sync" in card
    assert events(tmp_path, query="Meeting with Tom", **day("2026-03-04")) == []


def test_one_follow_up_adds_one_person_and_takes_another_off(tmp_path: Path):
    booked = ("schedule a review with Tom and Priya tomorrow at 10", "a")
    output = chat(tmp_path, *booked, "invite Sarah too but take Priya off", "a")
    assert output.count("Finished") == 2
    [review] = events(tmp_path, query="review", **day("2026-03-03"))
    assert set(review["attendees"]) == {"tom.reyes@example.com", "sarah.lee@example.com"}


def test_a_person_taken_off_the_event_just_made_is_uninvited_not_deleted(tmp_path: Path):
    output = chat(tmp_path, "schedule a review with Tom and Priya tomorrow at 10", "a", "take priya off it", "a")
    assert "Delete contact" not in output
    [review] = events(tmp_path, query="review", **day("2026-03-03"))
    assert review["attendees"] == ["tom.reyes@example.com"]


def test_a_new_time_said_at_the_card_of_a_move_keeps_the_events_day(tmp_path: Path):
    output = chat(tmp_path, "move the acme call to 3pm", "actually make it 3:45", "a")
    assert "Changed the start time" in output
    [moved] = events(tmp_path, query="acme call", **day("2026-03-03"))
    assert moved["startTime"] == "2026-03-03T15:45:00-05:00"


def test_a_new_hour_said_after_why_changes_the_card_in_the_workspace(tmp_path: Path):
    output = chat(
        tmp_path, "book 30 mins with tom tomorrow at 4pm", "tom has a dentist appointment then. make it 2 instead", "a"
    )
    assert "Finished" in output
    [booked] = events(tmp_path, query="tom", **day("2026-03-03"))
    assert booked["startTime"] == "2026-03-03T14:00:00-05:00"
