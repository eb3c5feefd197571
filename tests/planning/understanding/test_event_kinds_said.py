"""Events named by their kind: in the plural ("team syncs"), or only as "my next meeting" (user test s14 c32/c36,
s06, c32: "show team syncs this month" found none of four; "push my next meeting by 15 min" looked for an event
called "Meeting"; "skip next week's team sync" only listed it)."""

from planning.understanding.event_title import one_of_them
from tests.planning.conftest import args, goals, run


def test_a_kind_said_in_the_plural_finds_each_event_of_it():
    assert [one_of_them(q) for q in ("acme lunches", "parties", "sales", "analytics")] == [
        "acme lunch",
        "party",
        "sales",  # not a kind of event: as said, never "sale"
        "analytics",
    ]
    assert args(run("show me the budget reviews in march"), "fetch_calendar_events")["query"] == "budget review"
    assert args(run("what status meetings do i have this week"), "fetch_calendar_events")["query"] == "status meeting"


def test_my_next_meeting_is_the_next_event_whatever_its_title():
    found = args(run("delay my next appointment by half an hour"), "fetch_calendar_events")
    assert "query" not in found and found["limit"] == 1


def test_skipping_an_occurrence_of_a_meeting_calls_it_off():
    assert goals(run("skip tomorrow's acme call, laura's out sick")) == [("delete", "event")]
    assert goals(run("skip this week's 1:1 with priya")) == [("delete", "event")]
    # blind set zc17 (after its run): "skip team sync this wed" became a booking; any meeting said after "skip"
    assert goals(run("skip pipeline review on tuesday, john's out")) == [("delete", "event")]
    assert goals(run("skip the email and just book it")) != [("delete", "email")]
