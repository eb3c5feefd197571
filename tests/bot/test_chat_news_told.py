"""A request to tell someone that says nothing to tell ("let peter know", after a change) sends what the last plan
did: its done lines are the email's text (shown on the card, correctable), its subject made from them. With nothing
done before, the text is asked as usual."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_telling_someone_after_a_change_sends_what_was_changed(tmp_path: Path):
    output = chat(tmp_path, "move the initech deal to proposal", "a", "let peter know, he asked for it", "a")
    assert "What text of the email" not in output
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="peter.gibbons@initech.com", includeBody=True))
    assert "proposal" in sent["body"].lower() and "initech" in sent["body"].lower()


def test_telling_someone_with_nothing_done_before_asks_the_text(tmp_path: Path):
    output = chat(tmp_path, "let peter know")
    assert "What text of the email" in output
