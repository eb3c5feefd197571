"""A correction of a value inside an email's text, at its card or while something else is asked ("say X not Y",
"make it X" where X is a day, a number or a name the text holds): the text keeps its words with that value replaced
and the card is shown again; where the text holds no value of that kind the user is asked what to change and the
correction is never sent as the text (issue 24)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def _sent_to(tmp_path: Path, address: str) -> list[dict[str, str]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE, includeBody=True)))


def test_words_said_as_replaced_change_in_the_text_and_the_subject(tmp_path: Path):
    output = chat(
        tmp_path,
        "email dana saying the vendor call is pushed to monday",
        "hmm, write wednesday not monday",
        "a",
    )
    assert output.count("Approve: ") >= 2  # the card is shown again with the change
    [mail] = _sent_to(tmp_path, "dana.whitfield@acme.com")
    assert "wednesday" in mail["body"] and "monday" not in mail["body"]
    assert "wednesday" in mail["subject"].lower()


def test_a_number_in_the_text_is_changed_by_a_bare_correction(tmp_path: Path):
    chat(tmp_path, "email peter saying we can offer 40 licenses this quarter", "change it to 55 actually", "a")
    sent = [m for m in _all_sent(tmp_path) if "licenses" in m["body"]]
    assert len(sent) == 1 and "55 licenses" in sent[0]["body"] and "40" not in sent[0]["body"]


def test_a_correction_of_a_kind_the_text_lacks_asks_and_is_never_sent(tmp_path: Path):
    output = chat(
        tmp_path,
        "email peter saying the board liked the proposal",
        "make it 70 actually",
        "a",
    )
    assert "What should I change?" in output
    sent = [m for m in _all_sent(tmp_path) if "proposal" in m["body"]]
    assert len(sent) == 1 and "70" not in sent[0]["body"] and "70" not in sent[0]["subject"]


def _all_sent(tmp_path: Path) -> list[dict[str, str]]:
    return _sent_to(tmp_path, "peter.gibbons@initech.com")


def test_a_correction_while_the_text_is_asked_is_not_taken_as_the_text(tmp_path: Path):
    output = chat(
        tmp_path,
        "email peter about the renewal",
        "make it 70 actually",
        "we can renew at the same terms as last year",
        "a",
    )
    assert "What should I change?" in output
    sent = [m for m in _all_sent(tmp_path) if "renew" in m["body"]]
    assert len(sent) == 1 and "70" not in sent[0]["body"]
