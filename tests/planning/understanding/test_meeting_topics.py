"""A meeting about a record is a meeting (trial 4 item 2: "set up a 30 min call with Sarah and Tom tomorrow at 3
about the Initech deal" became "create deal: Sarah deal, amount $3")."""

from tests.planning.conftest import args, goals, run


def test_a_record_named_after_about_is_the_meetings_topic():
    line = run("arrange a 20 min call with Tom on Thursday at 10 about the Umbrella opportunity")
    assert goals(line) == [("create", "event")]
    event = args(line, "create_calendar_event")
    assert (event["startTime"], event["durationMinutes"]) == ("2026-03-05T10:00:00-05:00", 20)


def test_the_thing_acted_on_before_about_stays_what_it_is():
    assert goals(run("email Tom about the Acme deal")) == [("send", "email")]
    assert goals(run("create a deal for Globex about the renewal, 40k")) == [("create", "deal")]
