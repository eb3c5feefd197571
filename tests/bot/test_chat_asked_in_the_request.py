"""What a request asks someone is the email's text, said to them: "ask dana when the review will be done" is an
email to Dana asking it; "email sarah and ask her for the order form by wed" asks her for it. A change of a day in
that text said with a recipient added ("make that monday, not wed. and send it to laura too") does both. Sentences
here are our own."""

from datetime import UTC, datetime
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import Correct, read_reply
from planning.understanding.commands.context import Context
from planning.understanding.reported import message
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = datetime(2026, 3, 2, 14, tzinfo=UTC)


def test_a_question_asked_of_someone_named_is_said_to_them() -> None:
    said = message("ask peter gibbons whether the invoice went out", several=False, people=("peter gibbons",))
    assert said is not None and said.body == "Could you let me know whether the invoice went out?"
    said = message("ask dana when the security review will be finished", several=False, people=("dana",))
    assert said is not None and said.body == "When will the security review be finished?"


def test_what_someone_is_asked_for_is_asked_for() -> None:
    said = message("email sarah and ask her for the signed order form by wed", several=False, people=("sarah",))
    assert said is not None and said.body == "Could I have the signed order form by wed?"
    assert message("ask me for the deck", several=False) is None


def test_a_value_replaced_and_a_recipient_added_in_one_reply_are_both_read() -> None:
    card = Context(question="approval", open_plan=True, doing="send_email", correctable=("text",))
    changed, added = read_reply("make that monday noon, not wed. and send it to laura as well", card)
    assert changed == Correct("monday noon", replaces="wed")
    assert isinstance(added, Correct) and added.people and added.adding and added.value == "laura"


def test_asking_someone_named_is_an_email_to_them(tmp_path: Path) -> None:
    chat(tmp_path, "ask dana when the security review will be finished", "a")
    [sent] = read(
        tmp_path, "fetch_emails", FetchEmailsArgs(to="dana.whitfield@acme.com", includeBody=True, since=SINCE)
    )
    assert sent["body"] == "When will the security review be finished?"


def test_the_day_in_the_text_changes_and_the_person_added_gets_it(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "email sarah and ask her for the signed order form by wed",
        "make that monday noon, not wed. and send it to laura as well",
        "a",
    )
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="sarah.lee@example.com", includeBody=True, since=SINCE))
    assert sent["body"] == "Could I have the signed order form by monday noon?"
    assert "laura.chen@acme.com" in sent["to"]


def test_what_is_asked_is_never_a_condition_on_the_calendar() -> None:
    from planning.understanding.conditions import split_condition, split_segments

    asked = "email kim@lumen.io and ask her if she's free for coffee next tue"
    assert split_condition(asked).condition is None and len(split_segments(asked)) == 1
    assert split_condition("book lunch with tom friday at 1 if i'm free").condition is not None


def test_a_subject_in_quotes_ends_at_its_quote_and_a_question_follows_the_words_said(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "email kim@lumen.io, subject 'nice chatting', say it was good to talk at the summit and ask if she's free"
        " for coffee next mon or tue",
        "a",
    )
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="kim@lumen.io", includeBody=True, since=SINCE))
    assert sent["subject"] == "Nice chatting"
    # the weekdays typed short are read whole ("mon" → "monday"), as "nxt" is read "next"
    assert sent["body"] == "It was good to talk at the summit. Are you free for coffee next monday or tuesday?"
