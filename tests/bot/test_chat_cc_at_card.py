"""'cc <person>' said at an email's card puts them on the Cc; before, they were added to the recipients (To)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_cc_said_at_the_card_sets_the_cc_not_the_recipients(tmp_path: Path) -> None:
    output = chat(tmp_path, "email tom saying the launch notes are final", "oh and cc sarah lee too", "a")
    assert "Changed the Cc to sarah.lee@example.com." in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes", includeBody=True))
    assert sent["to"] == ["tom.reyes@example.com"]
    assert sent["cc"] == ["sarah.lee@example.com"]
