"""Chat verbs for calling a thing off ("kill", "nix", "axe", "ditch") remove it, the same as "cancel" (issue 23):
before, "kill the vendor sync on fri" created an event called "Vendor sync"."""

import pytest

from tests.planning.conftest import args, goals, run


@pytest.mark.parametrize(
    "text",
    [
        "kill the vendor sync on fri, noor is taking it",
        "axe tomorrow's design review",
        "ditch my 4pm thurs",
        "nix the budget review on wed",
    ],
)
def test_a_chat_verb_of_calling_off_removes_the_event(text: str) -> None:
    line = run(text)
    assert goals(line) == [("delete", "event")]
    assert args(line, "delete_calendar_event")["eventId"].startswith("{{")


def test_the_day_of_the_event_called_off_bounds_the_search() -> None:
    found = args(run("kill the hiring sync on wed"), "fetch_calendar_events")
    assert found["start"] == "2026-03-04T00:00:00-05:00"
