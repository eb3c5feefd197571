"""Several requests in one message are several goals (contract §2.9): a request on a line of its own, or after "; ",
is read on its own, whatever its kind; the lines of a text to send stay one request."""

from planning.understanding.message_lines import one_line
from tests.planning.conftest import args, goals, run, steps


def test_a_second_mail_search_on_its_own_line_is_a_second_search() -> None:
    line = run("did leo send the contract yet?\nalso anything from marta this week")
    assert goals(line) == [("find", "email"), ("find", "email")]
    assert line["parse"]["meta_type"] == "independent_multi"
    assert [s["arguments"]["input"].get("sender") for s in steps(line, "fetch_emails")] == ["leo", "marta"]


def test_a_request_of_another_kind_on_the_next_line_is_planned_too() -> None:
    line = run("create a deal for initech worth $30k\nbook a call with ravi tomorrow at 4")
    assert goals(line) == [("create", "deal"), ("create", "event")]
    assert args(line, "create_calendar_event")["startTime"] == "2026-03-03T16:00:00-05:00"


def test_a_line_without_an_action_of_its_own_goes_on_with_the_one_before() -> None:
    line = run("email sofia that the venue is booked\nfor the whole day")
    assert goals(line) == [("send", "email")]
    assert "whole day" in args(line, "send_email")["body"]


def test_the_lines_after_a_colon_are_the_text_to_send() -> None:
    assert one_line("email jo saying:\nthe draft is done\nsend me notes by friday") == (
        "email jo saying: the draft is done send me notes by friday"
    )


def test_a_question_after_a_semicolon_is_its_own_request() -> None:
    line = run("what's on my calendar tomorrow; anything unread from the landlord")
    assert goals(line) == [("find", "event"), ("find", "email")]


def test_one_making_verb_for_a_note_and_a_task_makes_both_on_the_same_record() -> None:
    line = run("add a note on the orbit labs account that legal signed off, and a task to send them the bill by friday")
    assert goals(line) == [("create", "note"), ("create", "task")]
    [lookup] = steps(line, "fetch_entity")
    assert lookup["arguments"]["input"]["filters"] == {"name": "orbit labs"}
    task = next(s for s in steps(line, "create_entity") if s["arguments"]["input"]["entityType"] == "Task")
    assert task["arguments"]["input"]["fields"]["subject"] == "Send them the bill"
    assert task["arguments"]["input"]["fields"]["about"]["id"] == "{{" + lookup["id"] + ".result.data[0].id}}"


def test_a_thing_named_in_a_notes_text_is_no_second_thing() -> None:
    line = run("add a note on the orbit labs account that they need a deal desk review and a task list")
    assert goals(line) == [("create", "note")]


def test_a_question_sure_of_its_own_kind_keeps_it() -> None:
    line = run("email dana the deck\nalso what's on my cal tmrw")
    assert goals(line) == [("send", "email"), ("find", "event")]
