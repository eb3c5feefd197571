"""Who sent the mail a request is about (issue 23): the owner said first ("lena's email with her feedback from …")
is the sender, and "from" before a kind of event ("notes from the vendor call") names no sender."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.mail_roles import sender
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_the_owner_said_before_from_is_the_sender():
    found = sender("summarize lena's email with her feedback from the berlin workshop")
    assert found is not None and found.name == "lena"


def test_notes_from_an_event_name_no_sender():
    assert sender("any emails with notes from the vendor call") is None
    found = sender("emails from stripe about the invoice")
    assert found is not None and found.name == "stripe"


def test_the_summary_searches_the_owners_mail():
    line = run("give me the short version of omar's email w his notes from the pricing call")
    assert args(line, "fetch_emails")["sender"] == "omar"
