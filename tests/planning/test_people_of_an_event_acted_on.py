"""A message to the people of an event a goal before acts on ("cancel the review … and send the review folks a
note", "… email the attendees") goes to that event's attendees, as the plan found it: never a contact named by the
words, never a second lookup after the event is gone. With no words of its own after a cancellation, it says so."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read
from tests.planning.conftest import args, run, steps


def test_the_people_of_the_event_cancelled_before_are_its_attendees_and_hear_it_is_cancelled():
    line = run("scrap the globex pricing review on wednesday, and shoot the review people a heads up")
    sent = args(line, "send_email")
    [found] = steps(line, "fetch_calendar_events")
    assert sent["to"] == "{{" + found["id"] + ".result.data[0].attendees}}"
    assert sent["body"] == "{{" + found["id"] + ".result.data[0].title}} is cancelled."
    assert not steps(line, "fetch_entity")  # nobody called "review people" is looked up


def test_the_attendees_of_the_event_moved_before_hear_the_words_said():
    line = run("cancel the team sync and email the attendees that we'll catch up async")
    sent = args(line, "send_email")
    assert sent["to"].endswith(".result.data[0].attendees}}")
    assert "async" in sent["body"]


def test_a_group_that_names_something_else_is_no_event_s_people():
    line = run("cancel the team sync and email the sales folks the deck")
    assert "attendees" not in str(args(line, "send_email")["to"])


def test_the_attendees_of_a_cancelled_event_are_written_to_in_the_workspace(tmp_path: Path):
    output = chat(tmp_path, "pls cancel wednesday's team sync, and send the sync folks a quick email", "yes both")
    assert "Finished" in output
    sent = FetchEmailsArgs(to="tom.reyes@example.com", query="team sync", includeBody=True)
    [mail] = read(tmp_path, "fetch_emails", sent)
    assert "cancelled" in mail["body"].casefold()
