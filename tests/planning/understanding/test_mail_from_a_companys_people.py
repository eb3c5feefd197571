"""Mail searched from a company's people ("any unread from acme folks") is searched by the company, whose name its
senders' addresses hold, not by a sender named "acme folks" (user test s14 s13)."""

import pytest

from tests.planning.conftest import args, run


@pytest.mark.parametrize(
    ("text", "sender"),
    [
        ("anything new from the globex team?", "globex"),
        ("show mails from the initech guys this week", "initech"),
        ("what did the acme people send me", "acme"),
        ("emails from tom", "tom"),
    ],
)
def test_a_companys_people_send_as_the_company(text: str, sender: str):
    assert args(run(text), "fetch_emails")["sender"] == sender
