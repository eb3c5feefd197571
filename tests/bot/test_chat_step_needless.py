"""A reply that says a step is not needed ("nah no need for the email, she has it already. meeting only") where the
email's text is asked leaves the email out and goes on to the meeting. Before, those words became the email's text
and "yes" sent it."""

from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs
from planning.understanding.commands.context import Context
from planning.understanding.commands.reader import read_reply
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_step_said_to_be_needless_is_left_out(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "email tom the launch plan and set up 45 min w him friday at 2 to go over it",
        "don't bother with the email, he wrote it. just the meeting",
        "yes",
    )
    assert (
        read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", since="2026-03-02T00:00:00-05:00"))
        == []
    )
    (event,) = read(
        tmp_path,
        "fetch_calendar_events",
        FetchCalendarEventsArgs(start="2026-03-06T14:00:00-05:00", end="2026-03-06T14:45:00-05:00", attendee="tom"),
    )
    assert event["startTime"].startswith("2026-03-06T14:00")


def test_needless_words_name_the_kind_of_step() -> None:
    asked = Context(question="value", name="body", value_kind="text", open_plan=True, doing="send_email")
    (skip,) = read_reply("no need for the invite, we'll do it by email", asked)
    assert getattr(skip, "action", None) == "skip" and getattr(skip, "target", None) == "event"
    (text,) = read_reply("no need for a reply, all good on our end", asked)
    assert type(text).__name__ == "Answer"  # no step of the plan named: the words are the email's text
