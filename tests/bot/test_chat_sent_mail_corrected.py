"""After an email went out, asking to take it back is answered honestly (a sent email cannot be unsent), and a
correction said with it ("…, not …") is offered to the same people, approved as usual (issue 24)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SENT = "email john smith saying the globex demo is on monday at 10, subject globex demo"


def sent_to(tmp_path: Path, address: str) -> list[dict[str, object]]:
    args = FetchEmailsArgs(to=address, since="2026-03-02T08:00:00-05:00", includeBody=True)
    return list(read(tmp_path, "fetch_emails", args))


def test_a_correction_said_after_sending_goes_to_the_same_people_with_the_words_put_right(tmp_path: Path):
    output = chat(tmp_path, SENT, "a", "whoops, it's tuesday not monday - can you recall it?", "sure go")
    assert "cannot be unsent" in output
    mails = sent_to(tmp_path, "john.smith@example.com")
    assert len(mails) == 2  # the first stays sent: nothing is taken back
    [fixed] = [m for m in mails if str(m["subject"]).startswith("Correction")]
    assert "globex demo" in str(fixed["subject"]).lower()
    assert "tuesday at 10" in str(fixed["body"]).lower()


def test_asking_to_unsend_alone_sends_nothing_and_offers_a_correction(tmp_path: Path):
    output = chat(tmp_path, SENT, "a", "hmm could you unsend that email please")
    assert "cannot be unsent" in output and "correction" in output
    assert len(sent_to(tmp_path, "john.smith@example.com")) == 1


def test_words_that_were_not_in_the_email_send_no_correction(tmp_path: Path):
    chat(tmp_path, SENT, "a", "oops, it's wednesday not thursday", "a")
    assert len(sent_to(tmp_path, "john.smith@example.com")) == 1
