"""A change of an event that only points back ("… and move it to 4") changes the event the change before it named,
looked up once (user test s13 c28, harmful: "invite sarah to the globex pricing review and move it to 4, john smith
has a conflict at 3" moved the Weekly standup, found by the attendee named in the reason)."""

from tests.planning.conftest import run


def _steps(said: str) -> list[dict]:
    return run(said)["plan"]["steps"]


def test_a_move_of_it_after_an_invite_moves_the_event_invited_to():
    steps = _steps("add lena to the vendor onboarding review and move it to 2, omar is double booked at 1")
    reads = [step for step in steps if step["tool"] == "fetch_calendar_events"]
    assert [read["arguments"]["input"].get("query") for read in reads] == ["vendor onboarding review"]
    changes = [step for step in steps if step["tool"] == "update_calendar_event"]
    assert len(changes) == 2
    assert all(change["arguments"]["input"]["eventId"].startswith(f"{{{{{reads[0]['id']}.") for change in changes)
    assert changes[1]["arguments"]["input"]["startTime"].startswith("14:00 on the day of")


def test_a_change_that_names_its_own_event_keeps_it():
    steps = _steps("add lena to the vendor onboarding review and move the design crit to 3")
    queries = [step["arguments"]["input"].get("query") for step in steps if step["tool"] == "fetch_calendar_events"]
    assert queries == ["vendor onboarding review", "design crit"]


def test_a_person_and_a_time_in_the_reason_beside_a_move_of_a_named_event_are_not_its_values():
    steps = _steps("move the design crit to 2pm, omar is double booked at 1")
    [read] = [step["arguments"]["input"] for step in steps if step["tool"] == "fetch_calendar_events"]
    assert read.get("query") == "design crit" and "attendee" not in read
    [change] = [step["arguments"]["input"] for step in steps if step["tool"] == "update_calendar_event"]
    assert change["startTime"].startswith("14:00 on the day of")
