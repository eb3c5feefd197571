"""A mail right after an event was changed, whose text opens with "it" ("tell laura it's now at 2pm"), has the event's
name in its subject ("Acme call now at 2pm"), not "It's now at 2pm"; its text stays as said."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_it_in_a_mails_subject_is_the_event_just_changed(tmp_path: Path) -> None:
    chat(tmp_path, "move tomorrow's acme call to 2pm", "yes", "email laura that it's now at 2pm, same zoom", "a")
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="laura.chen@acme.com", includeBody=True))
    assert sent["subject"].startswith("Acme call now at 2pm")
    assert sent["body"].startswith("It's now at 2pm")
