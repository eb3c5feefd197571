"""A pronoun read as a person in a later request of a message ("… and book a kickoff w/ him") is no one's name:
it points back to the person of the request before (issue 24)."""

from tests.planning.conftest import args, run, steps


def test_a_pronoun_read_as_a_person_points_back_to_the_earlier_requests_person():
    line = run("email sam saying the logo is approved, and book a design kickoff w/ him fri at 2")
    assert args(line, "create_calendar_event")["attendees"] == ["{{find_sam.result.data[0].email}}"]
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["sam"]
