"""What the last plan summarized, sent on: "send that to tom with a note that …" after a summary writes the summary
shown as the email's text, the note leading it; "that" right after a verb of sending names the thing sent, not the
words to send. Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.body_leads import body_start
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_that_after_a_verb_of_sending_is_no_lead_of_the_text() -> None:
    assert body_start("fwd that recap to dana") is None
    assert body_start("email dana that the recap is out") is not None


def test_the_summary_shown_is_the_text_after_the_note(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "give me the gist of tom's launch press release email",
        "pls send that recap to priya with a heads up that legal signs off friday",
        "ok send",
    )
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah@example.com", includeBody=True))
    assert sent["body"].startswith("Legal signs off friday")
    assert "Launch press release draft" in sent["body"]
    assert sent["subject"].startswith("Summary")
