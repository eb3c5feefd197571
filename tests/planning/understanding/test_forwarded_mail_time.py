"""The time of a forwarded mail is in the past ("forward john's email from friday": last Friday's), and a time said
only in the note that goes with it ("- could you check the numbers before thursday") is the note's, not the mail's.
Before: the mail was searched for since next Thursday (or next Friday) and found only by a broader search, with a
puzzling 'Nothing matched … since Thu 5 Mar' (user test C13)."""

from tests.planning.conftest import args, run


def test_a_time_in_the_note_of_a_forward_is_no_time_of_the_mail() -> None:
    search = args(run("fwd john's sales report to priya - could you check the numbers before thursday"), "fetch_emails")
    assert "since" not in search and "until" not in search


def test_the_day_of_a_forwarded_mail_is_a_past_one() -> None:  # the clock: Monday 2 March 2026
    search = args(run("forward laura's email from friday to tom"), "fetch_emails")
    assert search["since"].startswith("2026-02-27")
