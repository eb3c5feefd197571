"""A cancel that names an event only by who is in it ("cancel my meeting w john") lets the person pick among the
coming events with them when there are several, never the first one found (user test s13 s13: the standup was
about to be deleted)."""

from tests.planning.conftest import args, run


def test_a_cancel_named_by_a_person_reads_the_coming_events_with_them():
    read = args(run("cancel my meeting w kofi"), "fetch_calendar_events")
    assert read["attendee"] == "kofi" and read["limit"] > 1 and "end" in read


def test_a_cancel_named_by_its_title_still_takes_the_next_one():
    assert args(run("cancel the design crit with kofi"), "fetch_calendar_events")["limit"] == 1
