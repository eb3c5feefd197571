"""A mail asked for by its kind ("a thank-you email", "a congrats note") has that subject, not a placeholder
(issue 23); a mail with no kind said keeps its other subject."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.mail_kinds import subject_of_kind
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_the_kind_of_mail_gives_its_subject():
    sent = args(run("pls send omar a short thank-you email for covering my shift on sat"), "send_email")
    assert sent["subject"] == "Thank you"
    assert args(run("send dana a congrats note on the promotion"), "send_email")["subject"] == "Congratulations"


def test_no_kind_no_subject_from_it():
    assert subject_of_kind("email raj the q3 deck") is None
    assert subject_of_kind("thanks! email raj the deck") is None  # a thank-you to me, not a kind of mail
