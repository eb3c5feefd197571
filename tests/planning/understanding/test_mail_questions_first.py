"""First messages about mail read by their grammar: a question of whether someone sent or wrote something is a
search of mail by that sender (and topic), not a choice between searching and sending; "mark … (as) read/unread"
changes mail whatever else the sentence suggests."""

from tests.planning.conftest import args, run


def _goal(text: str) -> tuple[str, str, str | None]:
    parse = run(text)["parse"]
    return parse["goals"][0]["intent"], parse["goals"][0]["entity"], parse["clarify"]


def test_a_question_of_what_someone_sent_searches_mail_by_sender_and_topic():
    assert _goal("did the landlord forward anything about the lease renewal") == ("find", "email", None)
    found = args(run("did the landlord forward anything about the lease renewal"), "fetch_emails")
    assert found["sender"] == "landlord" and "lease" in found["query"]
    assert _goal("did rashida send over the signed nda")[:2] == ("find", "email")
    assert args(run("did rashida send over the signed nda"), "fetch_emails")["sender"] == "rashida"


def test_a_request_to_send_stays_a_send():
    assert _goal("send rashida the signed nda")[:2] == ("send", "email")
    assert _goal("can you send the deck to omar")[:2] == ("send", "email")


def test_marking_as_read_or_unread_changes_mail_whatever_else_is_said():
    assert _goal("mark everything from ingrid lopez as read")[:2] == ("update", "email")
    found = args(run("mark everything from ingrid lopez as read"), "fetch_emails")
    assert found["sender"] == "ingrid lopez"
    assert args(run("mark everything from ingrid lopez as read"), "update_email")["unread"] is False
    assert _goal("mark anything from the payroll team unread")[:2] == ("update", "email")


def test_read_said_elsewhere_marks_nothing():
    assert _goal("set a reminder to read the quarterly report")[:2] == ("create", "event")
