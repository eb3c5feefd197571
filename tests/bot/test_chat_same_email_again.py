"""The email just sent wanted for someone else as well ("send the same thing to X too", "and to X as well", "do the
same for X"): a new plan with one email of the same subject and text to that person, looked up as usual and
approved as usual; at the card of an email, the person joins its recipients (issue 24)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"
LAURA, PETER, DANA = "laura.chen@acme.com", "peter.gibbons@initech.com", "dana.whitfield@acme.com"


def _sent_to(tmp_path: Path, address: str) -> list[dict[str, str]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE, includeBody=True)))


def test_the_same_email_to_another_person_after_it_was_sent(tmp_path: Path):
    output = chat(
        tmp_path,
        "email peter saying the server migration finishes tonight",
        "a",
        "could you do the same for laura",
        "a",
    )
    assert output.count("Approve: ") == 2  # the second email is approved as usual
    [first] = _sent_to(tmp_path, PETER)
    [again] = _sent_to(tmp_path, LAURA)
    assert (again["subject"], again["body"]) == (first["subject"], first["body"])
    assert again["to"] == [LAURA] or again["to"] == LAURA


def test_and_to_someone_as_well_after_it_was_sent(tmp_path: Path):
    chat(tmp_path, "email dana saying the invoices are approved", "a", "oh and to peter as well", "a")
    [again] = _sent_to(tmp_path, PETER)
    assert "invoices are approved" in again["body"].lower()


def test_the_same_thing_to_someone_at_the_card_adds_them(tmp_path: Path):
    chat(tmp_path, "email dana saying the offsite budget is approved", "send the same thing to laura too", "a")
    [to_dana] = _sent_to(tmp_path, DANA)
    [to_laura] = _sent_to(tmp_path, LAURA)
    assert to_dana["body"] == to_laura["body"]
