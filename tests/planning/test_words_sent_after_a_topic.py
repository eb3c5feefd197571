"""The words to send after a topic closed by a comma (session 10, "mail"): "email kim re the q2 budget, i still
need the final numbers from you" has the subject "Q2 budget" and the rest for its text; a comma followed by more
topic sends no words of its own."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


@pytest.mark.parametrize(
    ("text", "subject", "body"),
    [
        (
            "email kim re the q2 budget, i still need the final numbers from you",
            "Q2 budget",
            "I still need the final numbers from you",
        ),
        ("mail omar about the offsite venue, we're over the cap by 2k", "Offsite venue", "We're over the cap by 2k"),
        (
            "email lena regarding the hiring plan, need your sign off before friday",
            "Hiring plan",
            "Need your sign off before friday",
        ),
    ],
)
def test_a_clause_after_the_topic_s_comma_is_the_text(text: str, subject: str, body: str):
    sent = args(run(text), "send_email")
    assert (sent["subject"], sent["body"]) == (subject, body)


def test_a_subject_typed_after_re_colon_stops_where_the_text_begins():
    sent = args(run("email kim re: vendor renewal, could u check the auto-renew clause"), "send_email")
    assert (sent["subject"], sent["body"]) == ("Vendor renewal", "Could u check the auto-renew clause")


def test_more_topic_after_the_comma_is_no_text():
    sent = args(run("email tom about the offsite, the budget and the venue"), "send_email")
    assert "budget and the venue" not in str(sent.get("body"))
