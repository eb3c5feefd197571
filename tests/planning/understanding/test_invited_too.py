"""People invited in a clause of their own after a booking are its attendees, not a second event (issue 23)."""

from tests.planning.conftest import args, goals, run, steps


def test_a_clause_that_only_invites_people_adds_them_to_the_booking():
    line = run("book a design sync with ola thurs at 3, invite ken and mei too")
    assert goals(line) == [("create", "event")]
    event = args(line, "create_calendar_event")
    assert len(event["attendees"]) == 3 and len(steps(line, "fetch_entity")) == 3
    line = run("put a weekly ops check-in on mondays at 9, 45 min, and invite rafa + dmitri")
    assert goals(line) == [("create", "event")]
    assert len(args(line, "create_calendar_event")["attendees"]) == 2


def test_an_invite_to_another_event_or_with_its_own_time_stays_a_request_of_its_own():
    assert goals(run("book a design sync with ola thurs at 3, and invite ken to the budget review")) == [
        ("create", "event"),
        ("update", "event"),
    ]
    assert len(goals(run("book a design sync with ola thurs at 3 and invite ken to lunch on fri at noon"))) == 2
