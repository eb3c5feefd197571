"""A clause after an email's text that only copies people in ("also cc priya") copies them on that email: it was
read as a request of its own, found nothing to do, and the copy was dropped (user test s13 c14)."""

from tests.planning.conftest import args, run


def test_a_cc_said_after_the_text_copies_people_on_the_email():
    sent = args(run("email ravi saying the invoice is paid. also cc mei"), "send_email")
    assert sent["cc"] == ["{{find_mei.result.data[0].email}}"]
    assert sent["body"] == "The invoice is paid"


def test_a_cc_inside_a_request_of_its_own_is_not_taken_for_the_email():
    line = run("email ravi saying the invoice is paid, and book lunch w tom friday at noon")
    assert "cc" not in args(line, "send_email")


def test_a_sentence_joined_after_an_emails_text_that_asks_for_a_thing_is_a_request_of_its_own():
    """User test s13 c36: "… renewal. and create a task to prep slides by wed" was sent as part of the email."""
    line = run("email ravi a summary of the offsite: venue booked, agenda set. and add a task to order badges by fri")
    assert {"send_email", "create_entity"} <= {step["tool"] for step in line["plan"]["steps"]}
    assert "badges" not in args(line, "send_email")["body"]
    kept = run("email ravi: the venue is booked. and thanks for finding it so fast")
    assert args(kept, "send_email")["body"].endswith("thanks for finding it so fast")
