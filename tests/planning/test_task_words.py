"""A new task's words: the record it is on and whom it is for are not its subject, and "a task for me to send …" makes
a task, never an email (issue 24)."""

from tests.planning.conftest import args, goals, run, steps


def test_the_record_a_task_is_on_is_not_part_of_its_subject():
    fields = args(run("create a task on the hooli lead to book a site visit, due next monday"), "create_entity")[
        "fields"
    ]
    assert fields["subject"] == "Book a site visit"
    assert fields["about"]["entityType"] == "Lead"


def test_whom_a_task_is_for_is_not_part_of_its_subject():
    fields = args(run("add a task on the acme account for me to call laura about onboarding"), "create_entity")[
        "fields"
    ]
    assert fields["subject"] == "Call laura about onboarding"


def test_a_task_for_me_to_send_something_is_a_task_not_an_email():
    line = run("and a task for me to email the onboarding checklist to acme by thursday")
    assert goals(line) == [("create", "task")]
    assert args(line, "create_entity")["fields"]["dueDate"] == "2026-03-05"


def test_a_note_or_task_on_it_after_a_change_of_a_deal_is_on_that_deal():
    line = run("move the initech deal to proposal and put a note on it that legal reviewed the terms")
    [lookup] = steps(line, "fetch_entity")
    assert lookup["arguments"]["input"] == {"entityType": "Deal", "filters": {"company": "initech"}}
    assert args(line, "create_entity")["fields"]["about"]["entityType"] == "Deal"
    line = run("raise the hooli deal to 30k and add a task on it to chase the signature by friday")
    fields = args(line, "create_entity")["fields"]
    assert (fields["subject"], fields["about"]["entityType"]) == ("Chase the signature", "Deal")
