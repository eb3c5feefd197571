"""Who an email goes to changed at its card or while its subject or text is asked ("take X off", "not X, Y", "Y not
X", "it was meant for X"): the recipients change, the other values are kept, what was asked is asked again; words
that name none of the recipients are not read as such a change (issue 24)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"
LAURA, PETER, DANA = "laura.chen@acme.com", "peter.gibbons@initech.com", "dana.whitfield@acme.com"


def _sent_to(tmp_path: Path, address: str) -> list[dict[str, str]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE, includeBody=True)))


def test_one_of_two_recipients_taken_off_while_the_text_is_asked(tmp_path: Path):
    output = chat(
        tmp_path,
        "email laura and peter about the kickoff agenda",
        "actually leave peter out of it, he's travelling",
        "the agenda is in the shared folder, comments welcome",
        "a",
    )
    assert output.count("What text of the email") >= 2  # asked again after the change
    assert _sent_to(tmp_path, PETER) == []
    [mail] = _sent_to(tmp_path, LAURA)
    assert "shared folder" in mail["body"]


def test_a_recipient_replaced_by_another_at_the_card(tmp_path: Path):
    chat(tmp_path, "email dana saying the renewal paperwork is signed", "no wait, not dana - laura", "a")
    assert _sent_to(tmp_path, DANA) == []
    [mail] = _sent_to(tmp_path, LAURA)
    assert "renewal paperwork" in mail["body"].lower()


def test_meant_for_someone_else_while_the_text_is_asked(tmp_path: Path):
    output = chat(
        tmp_path,
        "email laura about the onsite visit",
        "oops, that was meant for peter",
        "ok yeah send it to him then",  # an instruction after words that accept: never the text
        "can you host us on thursday morning?",
        "a",
    )
    assert "What text of the email should I use for “Email peter" in output  # the question names him now
    assert _sent_to(tmp_path, LAURA) == []
    [mail] = _sent_to(tmp_path, PETER)
    assert "thursday morning" in mail["body"]


def test_words_that_take_off_no_recipient_are_the_text(tmp_path: Path):
    chat(tmp_path, "email laura about the contract", "drop the indemnity clause, legal agreed", "a")
    [mail] = _sent_to(tmp_path, LAURA)
    assert "indemnity" in mail["body"].lower()


def test_a_recipient_added_with_a_reason_after_a_comma_joins_the_one_there(tmp_path: Path):
    chat(
        tmp_path,
        "email dana: the renewal paperwork is signed, legal has the copy",
        "send it to laura as well, she's running the kickoff",
        "a",
    )
    [mail] = _sent_to(tmp_path, DANA)
    assert LAURA in mail["to"]
