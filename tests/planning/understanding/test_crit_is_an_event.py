"""A design review called a "crit" or "critique" is an event that exists (issue 23): the words before it name it
("the brand crit" is searched as "brand crit"), and a person added to it is an attendee added."""

import pytest

from tests.planning.conftest import args, goals, run


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("add noor@studio.io to the brand crit on thurs", "brand crit"),
        ("move the logo critique to 3pm friday", "logo critique"),
    ],
)
def test_a_crit_named_is_the_event_searched_for(text: str, query: str) -> None:
    line = run(text)
    assert goals(line) == [("update", "event")]
    assert args(line, "fetch_calendar_events")["query"] == query


def test_an_address_added_to_a_crit_is_an_attendee() -> None:
    change = args(run("add noor@studio.io to the brand crit on thurs"), "update_calendar_event")
    assert change["addAttendees"] == ["noor@studio.io"]
