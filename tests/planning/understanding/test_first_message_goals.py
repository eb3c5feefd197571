"""The goal of a first message read from the sentence's structure, not from a word read outside its role (session 8):
a record's status said as what it becomes is a change of that record whatever the verb; a thing made for someone
("make me a …") is made, not set; a speech verb addressed to someone is a message, whatever goal words its content
holds."""

from tests.planning.conftest import args, goals, run


def test_a_lead_status_said_as_what_it_becomes_changes_the_lead_whatever_the_verb():
    line = run("bump carla mendez to qualified")
    assert goals(line) == [("update", "lead")]
    assert args(line, "update_entity")["fields"] == {"status": "qualified"}
    assert goals(run("flip the ortega lead over to contacted pls")) == [("update", "lead")]


def test_a_status_said_last_after_marking_changes_the_record():
    line = run("tick the vendor onboarding task completed")
    assert goals(line) == [("update", "task")]
    assert args(line, "update_entity")["fields"] == {"status": "done"}
    assert goals(run("mark the hooli deal lost")) == [("update", "deal")]


def test_a_status_after_a_finding_verb_or_in_a_question_stays_a_search():
    assert goals(run("show me leads that are qualified")) == [("find", "lead")]
    assert goals(run("which deals are lost")) == [("find", "deal")]


def test_a_thing_made_for_someone_is_made_not_set():
    line = run("make me a task to chase umbrella about the renewal by monday")
    assert goals(line) == [("create", "task")]
    assert args(line, "create_entity")["fields"]["subject"].lower().startswith("chase umbrella")
    assert goals(run("set us up a task to review the hooli contract")) == [("create", "task")]


def test_a_speech_verb_to_someone_is_a_message_whatever_goal_words_it_tells():
    line = run("tell sam the team sync got pushed to 3pm thurs")
    assert goals(line) == [("send", "email")]
    assert "team sync got pushed" in args(line, "send_email")["body"].lower()


def test_asking_someone_a_question_is_a_message_to_them():
    assert goals(run("ask ravi whether the umbrella contract is signed")) == [("send", "email")]
    assert goals(run("ask ravi when the hooli renewal call is")) == [("send", "email")]
    assert goals(run("ask for a day off")) == [("unsupported", "none")]
    assert goals(run("tell me what's on thursday")) == [("find", "event")]


def test_free_time_asked_from_a_clock_time_said_is_a_booking_at_that_time():
    line = run("get me 45 mins w olu wed at 11")
    assert goals(line) == [("create", "event")]
    assert args(line, "create_calendar_event")["startTime"] == "2026-03-04T11:00:00-05:00"
    assert args(line, "create_calendar_event")["durationMinutes"] == 45


def test_free_time_asked_as_a_question_or_in_a_window_stays_a_search():
    assert goals(run("am i free wed at 11 for 45 min")) == [("find", "availability")]
    assert goals(run("find 45 min w olu wed between 11 and 3")) == [("find", "availability")]


def test_a_marker_of_talk_before_the_verb_asks_nothing():
    line = run("fyi email ines and raj that thursday's retro moves to 4pm")
    assert goals(line) == [("send", "email")]
    assert goals(run("btw message ines the retro notes are up")) == [("send", "email")]


def test_a_status_said_before_where_it_is_kept_changes_the_record():
    assert goals(run("hooli renewal signed! mark it won in salesforce")) == [("update", "deal")]


def test_a_meeting_wanted_with_someone_is_a_booking():
    line = run("need a kickoff w dana from hooli, 45 min, no date yet")
    assert goals(line) == [("create", "event")]
    assert args(line, "create_calendar_event")["durationMinutes"] == 45
    assert goals(run("want a quick sync with raj about the retro")) == [("create", "event")]


def test_a_change_verb_after_and_starts_a_second_request():
    line = run("push friday's hooli sync to 3 and bump the umbrella deal to proposal")
    assert goals(line) == [("update", "event"), ("update", "deal")]
