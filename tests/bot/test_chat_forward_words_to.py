"""A forward whose words to send hold a "to" ("fwd him the overdue invoice email from maria, ask him to chase the
payment") forwards the mail named before them, to someone said or asked for: the words after "ask him to" name no
recipient, and the mail searched for ends where they begin ("him" is no word of it). Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_the_words_to_send_name_no_recipient_and_the_mail_is_the_one_named(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "fwd him the overdue invoice email from maria, ask him to chase the payment", "tom", "approve"
    )
    assert "chase the payment's contact" not in output
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True))
    assert "Invoice #4821" in sent["subject"]
    assert "chase the payment" in sent["body"]
