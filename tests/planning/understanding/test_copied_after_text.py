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
