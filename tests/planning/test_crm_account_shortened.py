""" "acct" is an account: a question about one is a find of that account, named without the word
(contract §3, fetch_entity)."""

import pytest

from tests.planning.conftest import args, goals, run


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("who owns the umbrella acct", "umbrella"),
        ("who's the owner on the hooli acct?", "hooli"),
        ("pull up the wayne enterprises acct", "wayne enterprises"),
    ],
)
def test_an_acct_is_an_account_found_by_its_name(text: str, name: str) -> None:
    plan = run(text)
    assert goals(plan) == [("find", "account")]
    assert args(plan, "fetch_entity") == {"entityType": "Account", "filters": {"name": name}}


def test_a_note_on_an_acct_is_attached_to_the_account() -> None:
    plan = run("add a note to the hooli acct: renewal pushed to q3")
    assert args(plan, "fetch_entity")["filters"] == {"name": "hooli"}
