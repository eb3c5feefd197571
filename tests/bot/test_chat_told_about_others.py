"""A person named in what someone is told is text, not a recipient: "let kim know priya will cover" emails Kim that
Priya will cover; "tell dana priya will send the forms" emails Dana. Sentences here are our own."""

from datetime import UTC, datetime
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.extract import read_slots
from planning.understanding.interpret import Reading
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = datetime(2026, 3, 2, 14, tzinfo=UTC)
NOW = datetime(2026, 3, 2, 14, tzinfo=UTC)
SEND = Reading(intent="send", entity="email", confidence=0.9, runner_up=None, explanation="")


def test_a_person_after_let_know_is_what_is_said() -> None:
    slots = read_slots("let laura know sarah will take the 3pm call", SEND, NOW).slots
    assert slots.people == ("laura",)
    assert slots.body == "Sarah will take the 3pm call"


def test_a_name_before_a_verb_after_tell_starts_what_is_told() -> None:
    slots = read_slots("tell peter tom is taking over the account", SEND, NOW).slots
    assert slots.people == ("peter",)
    assert slots.body == "Tom is taking over the account"
    assert read_slots("tell john smith the deck is ready", SEND, NOW).slots.people == ("john smith",)


def test_only_the_person_told_gets_the_mail(tmp_path: Path) -> None:
    chat(tmp_path, "tell dana priya will send the forms", "a")
    [sent] = read(
        tmp_path, "fetch_emails", FetchEmailsArgs(to="dana.whitfield@acme.com", includeBody=True, since=SINCE)
    )
    assert sent["to"] == ["dana.whitfield@acme.com"]
    assert sent["body"] == "Priya will send the forms"


def test_a_known_name_right_after_the_one_told_starts_what_is_told(tmp_path: Path) -> None:
    chat(tmp_path, "tell dana sarah will cover for me", "a")
    [sent] = read(
        tmp_path, "fetch_emails", FetchEmailsArgs(to="dana.whitfield@acme.com", includeBody=True, since=SINCE)
    )
    assert sent["to"] == ["dana.whitfield@acme.com"]
    assert sent["body"].startswith("Sarah will cover")
