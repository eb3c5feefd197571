"""What a new task says to do is its subject, not the request: the classifier judges "a task for X to the task", so
"make a task for john to send the contract" is never planned as an email to John."""

from planning.understanding.interpret import Reading
from planning.understanding.learned.reading import _as_judged
from tests.planning.conftest import args, goals, run, steps

_TASK = Reading("create", "task", 0.9, None, "")


def test_the_todo_of_a_task_for_someone_is_judged_as_the_task():
    judged = _as_judged("make a task for john smith to send the countersigned contract to legal, due friday", _TASK)
    assert judged == "make a task for john smith to the task"


def test_the_todo_of_a_task_for_me_is_judged_as_the_task():
    assert _as_judged("task for me to email dana the pricing sheet", _TASK) == "task for me to the task"


def test_a_task_that_says_no_todo_is_judged_whole():
    assert _as_judged("add a task due friday", _TASK) == "add a task due friday"


def test_a_task_whose_todo_is_mail_or_a_meeting_is_a_task():
    for text in (
        "make a task for john smith to send the signed order form to finance, due friday",
        "create a task for priya to reply to peter about the pilot",
        "new task for sarah to book a call with laura next week",
        "can u add a task for me to email maria the invoice by thursday",
    ):
        line = run(text)
        assert goals(line) == [("create", "task")], text
        assert steps(line, "send_email") == [] and steps(line, "create_calendar_event") == [], text
        assert args(line, "create_entity")["entityType"] == "Task", text
