"""One question at a time in `planbot chat --script` (issue 15): each answer goes to the question it answers, is
checked for that question, and a plan never ends stuck; checked in the local workspace."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def test_two_lookups_that_need_the_user_ask_one_question_at_a_time(tmp_path: Path):
    output = chat(
        tmp_path,
        "email Zelda Fitzgerald saying hi and book a meeting with Quentin Blake tomorrow at 3pm",
        "zelda@example.com",
        "quentin@example.com",
        "a",
        "a",
    )
    asked_zelda = output.index("could not find a contact with name “Zelda Fitzgerald”")
    answered_zelda = output.index("> zelda@example.com")
    asked_quentin = output.index("could not find a contact with name “Quentin Blake”")
    assert asked_zelda < answered_zelda < asked_quentin  # the second question only after the first answer
    assert "stuck" not in output and output.count("Finished") == 1
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="zelda@example.com"))
    assert sent["to"] == ["zelda@example.com"]
    [meeting] = events(tmp_path, query="Meeting with Quentin Blake", **day("2026-03-03"))
    assert meeting["attendees"] == ["quentin@example.com"]


def test_a_pick_and_a_missing_contact_are_asked_in_turn(tmp_path: Path):
    output = chat(
        tmp_path,
        "email John saying the room is booked and book lunch with Quentin Blake tomorrow at noon",
        "1",
        "quentin@example.com",
        "a",
        "a",
    )
    assert output.index("Which one?") < output.index("> 1") < output.index("“Quentin Blake”")
    assert output.count("Finished") == 1
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(query="room is booked"))
    assert sent["to"] in (["john.smith@example.com"], ["john.park@example.com"])
    [lunch] = events(tmp_path, query="Lunch with Quentin Blake", **day("2026-03-03"))
    assert lunch["attendees"] == ["quentin@example.com"]


def test_an_approval_word_is_not_taken_as_the_value_asked(tmp_path: Path):
    # the text is asked first (the subject is made from it: test_subject_from_answer.py)
    output = chat(tmp_path, "email Priya", "a", "The launch moved to May.", "a")
    assert "“approve” is not a text of the email" in output
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah@example.com", query="launch moved"))
    assert sent["subject"].startswith("Launch moved to May")


def test_after_three_bad_answers_skip_is_offered_and_the_plan_is_never_stuck(tmp_path: Path):
    output = chat(
        tmp_path,
        "email Priya saying the notes are attached and schedule a meeting with Tom",
        "a",
        "the usual",
        "the same as always",
        "soon",
        "skip",
        "a",
        "what's on my calendar tomorrow?",
    )
    assert "“skip” to leave this step out" in " ".join(output.split())
    assert "Skipped “Create the event 'Meeting with Tom'”" in output
    assert output.count("Finished") == 2
    assert "stuck" not in output and "I can't do that" not in output
    assert "Acme call" in output  # the next request is a new plan, answered
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah@example.com", query="notes are attached"))
    assert sent["to"] == ["priya.shah@example.com"]
    assert events(tmp_path, query="Meeting with Tom") == []


def test_a_search_for_free_time_answers_with_the_slots_not_a_yes(tmp_path: Path):
    output = " ".join(chat(tmp_path, "find 30 minutes for me and Priya tomorrow").split())
    assert "free slots on Tuesday 3 March; the first: Tue 3 Mar, 09:00–09:30 EST" in output
    assert "you are free" not in output


def test_a_decision_key_with_no_plan_open_starts_nothing(tmp_path: Path):
    output = chat(tmp_path, "what's on my calendar tomorrow?", "c", "a")
    assert output.count("There is no plan waiting for you here") == 2
    assert "cancel a calendar event" not in output


def test_an_event_named_only_by_its_time_is_never_another_event_at_another_time(tmp_path: Path):
    output = " ".join(chat(tmp_path, "push my 3pm today to 5", "c").split())
    assert "I could not find an event at Mon 2 Mar, 15:00–16:00 EST" in output
    assert "Approve" not in output
    [call] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    assert call["startTime"] == "2026-03-03T11:00:00-05:00"


def test_an_email_text_that_mentions_a_meeting_is_the_text_not_a_new_request(tmp_path: Path):
    body = "hey priya, moved our 1:1 to fri 3pm, hope that works!"
    # the email asked first: its text is asked (after a change it would say what the change did, ``news``)
    output = chat(tmp_path, "email priya to let her know, and move my 1:1 w/ priya to fri at 3", body)
    assert "What text of the email should I use" in output
    assert "sounds like a new request" not in output and "Dropped the plan" not in output
    assert "Approve: " in output.split(f"> {body}", 1)[1]  # the text taken: the plan goes on to its cards


def test_a_record_named_where_one_is_asked_is_the_answer_not_a_new_request(tmp_path: Path):
    request = "add a note that they signed today"
    output = chat(tmp_path, request, "the globex deal")
    assert "What record should I use" in output
    assert "sounds like a new request" not in output


def test_a_one_letter_reply_at_the_new_request_offer_keeps_the_plan_and_asks_again(tmp_path: Path):
    output = chat(tmp_path, "schedule a sync with Tom", "cancel my lunch with Maria", "a")
    assert "sounds like a new request" in output
    after = output.split("\n> a\n", 1)[1]
    assert "Dropped the plan" not in output
    assert "Reply “new”" in after  # the offer is asked again, the plan still open
