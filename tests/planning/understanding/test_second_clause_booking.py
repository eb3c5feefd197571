"""Time taken with someone in a second clause is a booking, not dropped (trial 4 item 5: "send Laura Chen this quote
and grab an hour with her next Tuesday at 10 to walk through it" sent the email only)."""

from tests.planning.conftest import args, goals, run


def test_taking_time_with_someone_after_an_email_books_it_about_what_was_sent():
    line = run("send Tom the proposal and take 30 minutes with him Friday at 11 to review it")
    assert goals(line) == [("send", "email"), ("create", "event")]
    event = args(line, "create_calendar_event")
    assert (event["startTime"], event["durationMinutes"]) == ("2026-03-06T11:00:00-05:00", 30)
    line = run("email Laura Chen the quote and grab an hour with her on Wednesday at 10 to walk through it")
    assert args(line, "create_calendar_event")["title"] == "Quote"  # "it": what the email was about


def test_a_message_going_on_with_and_take_stays_one_email():
    assert goals(run("email Priya saying the deck is ready and take a look at the numbers")) == [("send", "email")]
