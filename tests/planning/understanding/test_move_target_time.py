"""An event named by its day and moved to a time said once ("move next monday's standup to 10am") is looked for on
that day, not at the new time (session 12: the search at 10:00 found nothing, a broader one found the standup a week
later and moved it back a week — harmful)."""

from tests.planning.conftest import args, run


def test_the_one_time_said_is_where_it_goes_and_the_day_which_event_it_is() -> None:
    line = run("move thursday's design crit to 3pm")
    looked = args(line, "fetch_calendar_events")
    assert (looked["start"], looked["end"]) == ("2026-03-05T00:00:00-05:00", "2026-03-06T00:00:00-05:00")
    assert args(line, "update_calendar_event")["startTime"] == "2026-03-05T15:00:00-05:00"


def test_an_event_named_by_its_own_time_is_still_looked_for_there() -> None:
    looked = args(run("move the budget review tmrw at 11 to 2pm"), "fetch_calendar_events")
    assert looked["start"] == "2026-03-03T11:00:00-05:00"
