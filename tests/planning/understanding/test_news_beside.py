"""Someone else's wish told beside a request that acts on it ("tom asked to push the acme call a day. can you move it
to thursday?") is news: one change of the event it names, with the request's values. Before, the news was a second
change, which asked for a time it never said."""

from planning.understanding.reported_wish import reported_wish
from tests.planning.conftest import args, goals, run, steps


def test_a_wish_told_then_acted_on_is_one_change_of_the_event_it_names():
    line = run("laura asked to push the acme call a day. could you move it to thursday, same time?")
    assert goals(line) == [("update", "event")]
    assert args(line, "fetch_calendar_events")["query"] == "acme call"
    assert len(steps(line, "update_calendar_event")) == 1


def test_the_day_of_the_news_goes_with_a_time_the_request_says_alone():
    line = run("priya wants to move our 1:1 to thursday. could you push it to 3pm?")
    assert goals(line) == [("update", "event")]
    assert args(line, "update_calendar_event")["startTime"].startswith("2026-03-05T15:00")


def test_the_users_own_wish_is_a_request():
    assert reported_wish("dana asked if we could push the sync")
    assert not reported_wish("i wanted to push the sync")
    assert not reported_wish("we need to push the sync")
