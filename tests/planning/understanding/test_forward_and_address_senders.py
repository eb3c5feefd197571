"""Whose mail is forwarded and what mail a change is for (issue 23): "fwd" is "forward"; a lower-case name with
"'s" before what is forwarded ("fwd sam's q3 deck to olivia") is the mail's sender, as a capitalised one was; an
email address after "from" in a change to mail ("archive everything from digest@news.io") makes it a change to mail,
not a calendar removal, and "everything" is no word to search for."""

import pytest

from tests.planning.conftest import args, goals, run


@pytest.mark.parametrize(
    ("text", "sender", "query", "to"),
    [
        ("fwd sam's q3 budget deck to olivia pls", "sam", "q3 budget deck", "olivia"),
        ("forward dana lee's signed nda to raj", "dana lee", "signed nda", "raj"),
        ("fwd the renewal quote to kim", None, "renewal quote", "kim"),
    ],
)
def test_a_forward_takes_the_owner_of_what_it_forwards_as_the_sender(
    text: str, sender: str | None, query: str, to: str
) -> None:
    line = run(text)
    assert goals(line) == [("send", "email")]
    found = args(line, "fetch_emails")
    assert found.get("sender") == sender
    assert found.get("query") == query
    assert args(line, "fetch_entity")["filters"]["name"] == to


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("archive everything from digest@newsletters.io", {"archived": True}),
        ("mark everything from alerts@pager.io as read", {"unread": False}),
    ],
)
def test_a_change_to_everything_from_an_address_changes_that_senders_mail(text: str, change: dict[str, bool]) -> None:
    line = run(text)
    assert goals(line) == [("update", "email")]
    found = args(line, "fetch_emails")
    assert "@" in found["sender"] and "query" not in found
    assert change.items() <= args(line, "update_email").items()
