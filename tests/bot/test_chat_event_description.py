"""Words added to an event's description ("add to the globex review's description: bring the 250-seat quote, ask
about net 45") are added after what it says, all of them, on the event the words name; "set … to" puts them in its
place. Before, such a request made a new event 'Meeting' and asked for its start time."""

from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs
from planning.engine.resolve import resolve
from planning.understanding.event_description import description_change
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read
from tests.planning.conftest import args, goals, run


def _review(tmp_path: Path) -> dict[str, object]:
    (event,) = read(
        tmp_path,
        "fetch_calendar_events",
        FetchCalendarEventsArgs(start="2026-03-04T00:00:00-05:00", end="2026-03-05T00:00:00-05:00", query="globex"),
    )
    return event


def test_words_added_to_an_events_description_follow_what_it_says(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "add to the globex review's description: bring the 250-seat quote, ask john about net 45", "yes"
    )
    assert "Create the event" not in output
    description = str(_review(tmp_path)["description"])
    assert description.startswith("Enterprise tier pricing")  # what it said, kept
    assert "250-seat quote, ask john about net 45" in description


def test_the_words_and_the_event_are_read_however_said() -> None:
    put = description_change("put the dial-in number in the agenda of thursday's sync")
    assert put is not None and (put.event, put.text, put.append) == ("thursday's sync", "the dial-in number", True)
    line = run("set the globex pricing review description to pricing and the 250-seat quote")
    assert goals(line) == [("update", "event")]
    assert args(line, "update_calendar_event")["description"] == "pricing and the 250-seat quote"
    assert description_change("send laura the description of the role") is None


def test_words_added_to_an_empty_description_open_it() -> None:
    assert resolve("{{find.result.description}}\nbring the quote", {"find": {"description": None}}, {}) == (
        "bring the quote"
    )
