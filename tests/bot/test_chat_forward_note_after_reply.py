"""After a reply to an email, "also fwd the original … to X w/ a note: …" forwards that same email with the note;
"w/" is read as "with", and words of the note ("forecast") never make the request off-topic. Sentences here are
our own."""

from datetime import UTC, datetime
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = datetime(2026, 3, 2, 14, tzinfo=UTC)


def test_the_email_replied_to_is_forwarded_with_the_note(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "reply to laura's contract redlines email: thanks, reviewing now",
        "send",
        "also fwd the original redlines to dana w/ a note: fyi for the renewal forecast",
        "yes",
    )
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="dana.whitfield@acme.com", includeBody=True, since=SINCE))
    [sent] = list(found)
    assert "Contract redlines" in sent["subject"]
    assert sent["body"].startswith("Fyi for the renewal forecast")
