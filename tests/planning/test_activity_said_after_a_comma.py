"""A call or meeting logged with what was said after a comma and its length (session 10, "mail"): "log a call with
omar yesterday, 30 mins, he wants the pilot extended" logs that text and 30 minutes, not an empty activity."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_what_was_said_after_the_comma_and_the_length_are_logged():
    fields = args(run("log a call with omar yesterday, 30 mins, he wants the pilot extended"), "create_entity")[
        "fields"
    ]
    assert (fields["body"], fields["durationMinutes"]) == ("He wants the pilot extended", 30)


def test_a_list_after_the_comma_is_no_text_said():
    fields = args(run("log a call with omar and raj, 15 min"), "create_entity")["fields"]
    assert "body" not in fields and fields["durationMinutes"] == 15
