"""A change followed by 'and let <person> know' is two steps: the change and an email to that person; before, a
clause that was only 'let <person> know' (its cue the whole clause) was read as a noun, not a command, and the second
half was dropped without a word."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_let_someone_know_after_a_change_is_an_email_to_them(tmp_path: Path) -> None:
    request = "push the acme call back 30 min and let peter know"
    output = chat(tmp_path, request, "a")  # the email's text is what the change did, listed on the change's card
    assert "Moved “Acme call” to Tue 3 Mar, 11:30–12:15 EST" in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="peter.gibbons", includeBody=True))
    assert "11:30–12:15" in sent["body"]
