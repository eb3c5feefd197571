"""Who a mail is from, by the words around it (contract §2.2, §2.7): "from X to Y" makes X the sender and Y the
recipient whether or not X is a person (a company sends invoices), "X's email" makes X the sender; a time after
"from" is no sender. A task's subject keeps what it is on; only its due date leaves it."""

import pytest

from planning.understanding.mail_roles import sender
from tests.planning.conftest import args, run


def test_a_forward_of_a_companys_mail_searches_by_that_company_and_sends_to_the_person() -> None:
    line = run("fwd the last receipt email from acmepay to oskar")
    found = args(line, "fetch_emails")
    assert (found["sender"], found["query"], found["limit"]) == ("acmepay", "receipt", 1)
    assert args(line, "fetch_entity")["filters"] == {"name": "oskar"}


def test_a_forward_of_someones_email_about_a_topic_searches_by_owner_and_topic() -> None:
    line = run("forward lucia's email about the lease renewal to ben")
    found = args(line, "fetch_emails")
    assert (found["sender"], found["query"]) == ("lucia", "lease renewal")
    assert args(line, "fetch_entity")["filters"] == {"name": "ben"}


def test_a_search_of_mail_from_a_company_filters_by_it() -> None:
    assert args(run("any emails from the utility company this week"), "fetch_emails")["sender"] == "utility company"


@pytest.mark.parametrize(
    "text",
    ["emails from last week", "summarize today's emails", "show the mail from me", "emails from 9 to 5 yesterday"],
)
def test_a_time_or_a_pronoun_is_no_sender(text: str) -> None:
    assert sender(text) is None


def test_a_task_keeps_what_it_is_on_without_its_due_date() -> None:
    made = args(run("add a task to check in with pablo on the pilot results by thursday"), "create_entity")["fields"]
    assert (made["subject"], made["dueDate"]) == ("Check in with pablo on the pilot results", "2026-03-05")


def test_a_task_for_me_is_subjected_by_what_to_do() -> None:
    made = args(run("create a task for me to send the signed sow on monday"), "create_entity")["fields"]
    assert (made["subject"], made["dueDate"]) == ("Send the signed sow", "2026-03-09")


def test_who_sent_is_the_one_before_the_sending_verb() -> None:
    assert args(run("what did the property manager send me this week"), "fetch_emails")["sender"] == "property manager"


def test_mail_to_someone_filters_by_recipient_not_sender() -> None:
    found = args(run("show emails to wendy from last week"), "fetch_emails")
    assert found.get("to") == "wendy" and "sender" not in found
    found = args(run("did i email wendy yesterday"), "fetch_emails")
    assert found.get("to") == "wendy" and "sender" not in found


def test_a_sender_and_a_recipient_both_filter() -> None:
    found = args(run("find emails from nico to wendy about the kickoff"), "fetch_emails")
    assert (found["sender"], found["to"], found["query"]) == ("nico", "wendy", "kickoff")
