"""A question that is not about the calendar, then "if so …" (user test s13 c31): the question is answered and the
action planned on its own, its card shown after the answer for the person to decide; the action was dropped. A
verb of purpose after "to" is what the time is for, never a person ("… to rehearse")."""

from tests.planning.conftest import args, goals, run


def test_a_mail_question_then_if_so_plans_the_question_and_the_action():
    line = run("did omar reply about the vendor review? if so block 30 min w him thurs at 3 to prep")
    assert goals(line) == [("find", "email"), ("create", "event")]
    assert args(line, "fetch_emails")["query"] == "vendor review"
    assert args(line, "create_calendar_event")["startTime"] == "2026-03-05T15:00:00-05:00"


def test_a_calendar_question_then_if_so_is_still_a_condition():
    line = run("am i free thurs at 3? if so block 30 min w omar")
    assert goals(line) == [("create", "event")]


def test_a_verb_of_purpose_after_to_is_no_person():
    line = run("pls block an hour w her fri to rehearse")
    assert not [step for step in line["plan"]["steps"] if step["tool"] == "fetch_entity"]
