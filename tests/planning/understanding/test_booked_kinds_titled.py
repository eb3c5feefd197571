"""The kind of time a booking verb books titles the event (user test s14 c11: "book a 1h focus block" → a
"Meeting"): "grab a 2h writing block" is a "Writing block", whichever verb of booking_verbs.txt books it."""

import pytest

from tests.planning.conftest import args, run


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("grab a 2h writing block friday 10am", "Writing block"),
        ("reserve an hour of deep work tomorrow 9am", "Deep work"),
        ("pencil in a prep session with tom fri 3pm", "Prep session"),
        ("book a 90 min design block thursday 1pm", "Design block"),
    ],
)
def test_the_kind_booked_is_the_title(text: str, title: str):
    assert args(run(text), "create_calendar_event")["title"] == title
