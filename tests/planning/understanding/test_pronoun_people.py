"""A later request of a message that points back: a pronoun read as a person ("… and book a kickoff w/ him") is
the person of the request before; a bare attendee change ending "… from it" changes the event just named (issue
24)."""

from tests.planning.conftest import args, goals, run, steps


def test_a_pronoun_read_as_a_person_points_back_to_the_earlier_requests_person():
    line = run("email sam saying the logo is approved, and book a design kickoff w/ him fri at 2")
    assert args(line, "create_calendar_event")["attendees"] == ["{{find_sam.result.data[0].email}}"]
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["sam"]


def test_a_second_attendee_change_that_points_back_changes_the_same_event():
    line = run("invite lee to the budget review and remove sam from it")
    assert goals(line) == [("update", "event")]  # never a deletion of "it"
    change = args(line, "update_calendar_event")
    assert change["addAttendees"] == ["{{find_lee.result.data[0].email}}"]
    assert change["removeAttendees"] == ["{{find_sam.result.data[0].email}}"]
